"""The text size setting: every screen's text grows or shrinks at once, the choice is kept, and a bad
stored value is refused in one line."""

import json

import pygame

from fiftyfifty_desktop.storage import TEXT_SCALES, Settings
from fiftyfifty_desktop.ui import layout
from fiftyfifty_desktop.ui.scenes.settings import SettingsScene
from tests.ui.drive import Driver


def test_text_size_is_chosen_in_settings_applies_at_once_and_is_kept(driver, storage):
    usual = layout.Layout(1280, 720)
    body, title = usual.font_body, usual.font_title
    driver.click_button("Settings")
    scene = driver.top
    assert isinstance(scene, SettingsScene) and scene.text_scale.value == 100
    for _ in range(TEXT_SCALES.index(150) - TEXT_SCALES.index(100)):
        driver.click((scene.text_scale.rect.right - 4, scene.text_scale.rect.centery))  # the ▶ arrow
    try:
        assert driver.app.settings.text_scale == 150
        bigger = layout.Layout(1280, 720)
        assert bigger.font_body == round(body * 1.5) or abs(bigger.font_body - body * 1.5) <= 1
        assert bigger.font_title > title and driver.top.layout.font_body == bigger.font_body
        driver.frame(pygame.event.Event(pygame.QUIT))
        assert json.loads(storage.settings_path.read_text())["text_scale"] == 150
        again = Driver.start(storage)
        try:
            assert again.app.settings.text_scale == 150 and again.top.layout.font_body == bigger.font_body
        finally:
            again.close()
    finally:
        layout.use_text_scale(100)
    assert layout.Layout(1280, 720).font_body == body


def test_the_smallest_text_size_never_goes_under_the_readable_minimum():
    try:
        layout.use_text_scale(min(TEXT_SCALES))
        small = layout.Layout(800, 450)
        assert small.font_small >= 11 and small.font_body >= 12
    finally:
        layout.use_text_scale(100)


def test_a_text_size_that_is_not_offered_is_refused_in_one_line(storage):
    storage.settings_path.parent.mkdir(parents=True, exist_ok=True)
    for bad in ("120", 120, True, "big"):
        storage.settings_path.write_text(json.dumps({"text_scale": bad}))
        settings, problem = storage.load_settings()
        assert settings == Settings() and str(problem).count("\n") == 0
        assert "text_scale must be one of 90, 100, 115, 130, 150, not " in str(problem)
