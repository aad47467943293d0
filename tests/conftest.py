"""Every test runs as on an English system, whatever the machine's locale."""

import pytest

from fiftyfifty_desktop import storage


@pytest.fixture(autouse=True)
def english_system(monkeypatch):
    monkeypatch.setattr(storage, "system_language", lambda environ=None: "en")
