"""UI tests run the real scenes on SDL's dummy video driver, with no window."""

import os
import shutil

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from fiftyfifty_desktop.resources import resource_path  # noqa: E402
from fiftyfifty_desktop.storage import Settings, Storage  # noqa: E402

from .drive import Driver  # noqa: E402


@pytest.fixture
def i18n_copy(tmp_path):
    """A copy of the shipped catalogues, to spoil one of them."""
    folder = tmp_path / "i18n"
    shutil.copytree(resource_path("config", "i18n"), folder)
    return folder


@pytest.fixture
def storage(tmp_path):
    return Storage(tmp_path / "config", tmp_path / "data")


@pytest.fixture
def driver(storage):
    """The application at instant speed, on a fresh title screen."""
    storage.save_settings(Settings(speed="instant"))
    d = Driver.start(storage)
    yield d
    d.close()


@pytest.fixture(autouse=True)
def fixed_game_number(monkeypatch):
    """A new game started from the set-up screen without a typed number deals game 7, not a fresh random one,
    so every test that plays one is the same game on every run."""
    from fiftyfifty_desktop.ui.scenes import setup

    monkeypatch.setattr(setup, "new_game_number", lambda: 7)
    return 7
