"""The window opens where and as large as it was last time, unless that is out of reach on today's displays."""

import pytest

from fiftyfifty_desktop import app as app_module
from fiftyfifty_desktop.app import window_place
from fiftyfifty_desktop.storage import Settings

from .drive import Driver

ONE = [(1920, 1080)]
TWO = [(1920, 1080), (1280, 1024)]


def test_a_remembered_place_that_fits_is_kept():
    assert window_place((1000, 600), (300, 200), ONE) == ((1000, 600), (300, 200))
    assert window_place((1000, 600), (2100, 100), TWO) == ((1000, 600), (2100, 100))  # on the second display


@pytest.mark.parametrize("position", [(-500, 100), (100, -20), (5000, 100), (100, 1070), None])
def test_a_place_off_every_display_is_centred_on_the_first(position):
    assert window_place((1000, 600), position, ONE) == ((1000, 600), (460, 240))


@pytest.mark.parametrize("size", [(7680, 4320), (3000, 700), (1000, 2000)])
def test_a_size_larger_than_every_display_becomes_the_default_centred(size):
    assert window_place(size, (10, 10), ONE) == ((1280, 720), (10, 10))
    assert window_place(size, None, [(1024, 768)]) == ((1024, 720), (0, 24))


def test_no_displays_known_keeps_the_size_and_lets_the_system_place_it():
    assert window_place((1000, 600), (-99999, 5), []) == ((1000, 600), None)


def test_the_place_is_remembered_between_runs(storage, monkeypatch):
    monkeypatch.setattr(app_module, "desktop_sizes", lambda: ONE)
    storage.save_settings(Settings(speed="instant", window=(1100, 620), window_position=(200, 150)))
    first = Driver.start(storage)
    try:
        assert first.app.screen.get_size() == (1100, 620)
        assert app_module.pygame.display.get_window_position() == (200, 150)
        app_module.pygame.display.set_window_position((320, 240))  # the player moves the window
        first.app.quit()
    finally:
        first.close()
    assert storage.load_settings()[0].window_position == (320, 240)


def test_a_strange_saved_place_opens_centred_without_a_notice(storage, monkeypatch):
    monkeypatch.setattr(app_module, "desktop_sizes", lambda: ONE)
    storage.save_settings(Settings(speed="instant", window=(7680, 4320), window_position=(-30000, 90000)))
    driver = Driver.start(storage)
    try:
        assert driver.app.screen.get_size() == (1280, 720)
        assert app_module.pygame.display.get_window_position() == (320, 180)
        assert driver.app.notices == []
    finally:
        driver.close()
