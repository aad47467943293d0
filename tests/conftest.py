"""Every test runs as on an English system, whatever the machine's locale, and generated examples are the
same on every run (the same command, the same result): hypothesis draws from a fixed seed per test and keeps
no example database between runs."""

import pytest
from hypothesis import settings

from fiftyfifty_desktop import storage

settings.register_profile("repeatable", derandomize=True, database=None)
settings.load_profile("repeatable")


@pytest.fixture(autouse=True)
def english_system(monkeypatch):
    monkeypatch.setattr(storage, "system_language", lambda environ=None: "en")
