"""Meanings that colour carries are also told by shape (team emblems, hit and miss marks), the high-contrast
setting repaints every screen and is kept, and the colour-vision simulation maps colours as published."""

import importlib.util
import json
from pathlib import Path

import pygame
import pytest

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.games.fiftyfive.parts import side_of
from fiftyfifty_desktop.storage import Settings
from fiftyfifty_desktop.ui import layout
from fiftyfifty_desktop.ui.scenes.settings import SettingsScene
from fiftyfifty_desktop.ui.tables.fiftyfive import FiftyFiveTable
from fiftyfifty_desktop.ui.tables.fiftyfive.drawing import TEAM_COLOURS
from fiftyfifty_desktop.ui.tables.parts import MARK_COLOURS
from fiftyfifty_desktop.ui.tables.thirteen import ThirteenTable

from .drive import Driver

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "colour_vision.py"


@pytest.fixture(autouse=True)
def standard_palette_after():
    """The palette is the program's own; leave it as the next test expects it."""
    yield
    layout.use_palette(layout.STANDARD)


def colour_vision():
    spec = importlib.util.spec_from_file_location("colour_vision", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def shape_of(surface: pygame.Surface, box: pygame.Rect) -> frozenset:
    """The pixels of ``box`` that stand out from its corner's colour, whatever their own colour."""
    ground = surface.get_at(box.topleft)
    return frozenset((x - box.x, y - box.y) for x in range(box.x, box.right) for y in range(box.y, box.bottom)
                     if sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], ground[:3])) > 90)


def test_each_fiftyfive_team_has_its_own_emblem_shape_on_the_plates(driver):
    seats = (Seat("You", "human"),) + tuple(Seat(f"C{i}", "random") for i in range(1, 9))
    table = driver.app.stack.push(FiftyFiveTable(driver.app, Record("fiftyfive", 9, {"target": 55, "teams": 3}, seats, 4)))
    driver.settle()
    driver.frame()
    lay, screen = table.layout, driver.app.screen
    shapes = {}
    for seat in table.geo.others:
        plate = table.geo.plate(seat)
        box = pygame.Rect(0, 0, lay.px(3.6), lay.px(3.6))
        box.center = (plate.x + lay.px(1.1) + lay.px(1.2), plate.y + lay.px(2.6))
        shapes.setdefault(side_of(table.view, seat), set()).add(shape_of(screen, box))
    assert sorted(shapes) == [0, 1, 2]
    assert all(len(found) == 1 for found in shapes.values())  # partners wear the same emblem
    emblems = [next(iter(found)) for found in shapes.values()]
    assert len(set(emblems)) == 3 and all(len(e) > 10 for e in emblems)  # three shapes, each really drawn


def drawn_mark(table, screen_size) -> frozenset:
    """The pixels the banner's mark adds to the table, placed relative to their top-left corner."""
    with_mark, without = (pygame.Surface(screen_size) for _ in range(2))
    table.draw(with_mark)
    table.banner = table.banner._replace(mark=None)
    table.draw(without)
    changed = [(x, y) for x in range(screen_size[0]) for y in range(screen_size[1])
               if with_mark.get_at((x, y)) != without.get_at((x, y))]
    if not changed:
        return frozenset()
    left, top = min(x for x, _ in changed), min(y for _, y in changed)
    return frozenset((x - left, y - top) for x, y in changed)


def test_hits_and_misses_carry_a_tick_or_a_cross_in_the_banner_and_the_log(driver):
    driver.app.change_settings(speed="normal")
    table = driver.app.stack.push(ThirteenTable(driver.app, Record(
        "thirteen", 4, {}, tuple(Seat(n, "random") for n in ("Anna", "Ben", "Cleo", "Dan")), 5)))
    shapes = {}
    for _ in range(3000):
        table.match.wait_for_computers()
        driver.frame()
        banner = table.banner
        if banner is not None and banner.mark is not None and banner.mark not in shapes:
            assert banner.colour == MARK_COLOURS[banner.mark]
            assert str(banner.text).startswith("Hit!" if banner.mark == "tick" else "Miss:")
            shapes[banner.mark] = drawn_mark(table, driver.app.screen.get_size())
        if len(shapes) == 2:
            break
    assert set(shapes) == {"tick", "cross"}
    assert all(len(shape) > 30 for shape in shapes.values())  # each banner really draws its mark
    assert shapes["tick"] != shapes["cross"]  # and the two differ in shape, not only in colour
    lines = [line for _, group in table.log.shown(None) for line in group]
    assert {line.mark for line in lines if line.text.startswith("Hit!")} == {"tick"}
    assert {line.mark for line in lines if line.text.startswith("Miss:")} == {"cross"}
    assert all(line.mark is None for line in lines if not line.text.startswith(("Hit!", "Miss:")))


def test_high_contrast_is_switched_in_settings_repaints_at_once_and_is_kept(driver, storage):
    standard_felt = driver.app.screen.get_at((5, 5))
    driver.click_button("Settings")
    scene = driver.top
    assert isinstance(scene, SettingsScene) and layout.palette() is layout.STANDARD
    driver.click(scene.high_contrast.rect.center)
    assert driver.app.settings.high_contrast and layout.palette() is layout.HIGH_CONTRAST
    assert tuple(layout.TEXT) == (255, 255, 255) and layout.TEXT == (255, 255, 255)
    driver.frame()
    darker = driver.app.screen.get_at((5, 5))
    assert sum(darker[:3]) < sum(standard_felt[:3]) * 0.7  # the felt behind the settings is darker at once
    driver.frame(pygame.event.Event(pygame.QUIT))
    assert json.loads(storage.settings_path.read_text())["high_contrast"] is True
    layout.use_palette(layout.STANDARD)
    again = Driver.start(storage)
    try:
        assert again.app.settings.high_contrast and layout.palette() is layout.HIGH_CONTRAST
        again.click_button("Settings")
        assert again.top.high_contrast.value is True
        again.click(again.top.high_contrast.rect.center)
        assert layout.palette() is layout.STANDARD and layout.TEXT == (244, 239, 225)
    finally:
        again.close()
    kept = storage.load_settings()[0]  # where the window was is kept too
    assert storage.load_settings() == (Settings(speed="instant", window=kept.window,
                                                window_position=kept.window_position), None)


def test_a_high_contrast_setting_that_is_not_true_or_false_is_refused_in_one_line(storage):
    storage.settings_path.parent.mkdir(parents=True, exist_ok=True)
    storage.settings_path.write_text('{"high_contrast": "yes"}')
    settings, problem = storage.load_settings()
    assert settings == Settings() and str(problem).count("\n") == 0
    assert "high_contrast must be true or false, not " in str(problem)


def test_simulation_matrices_map_known_colours_as_published():
    cv = colour_vision()
    # Pure red under deuteranopia: linear (1, 0, 0) times the first column of Machado et al.'s matrix,
    # (0.367322, 0.280085, -0.011820), clipped and encoded as sRGB.
    assert cv.simulate((255, 0, 0), "deuteranopia") == (163, 144, 0)
    assert cv.simulate((0, 0, 255), "tritanopia") == (0, 107, 150)
    for deficiency in cv.MATRICES:  # every row sums to one: greys stay grey
        assert cv.simulate((255, 255, 255), deficiency) == (255, 255, 255)
        assert cv.simulate((0, 0, 0), deficiency) == (0, 0, 0)
    # Why the teams need shapes: the blue and the violet team differ for most players, not without red cones.
    blue, violet = TEAM_COLOURS[0], TEAM_COLOURS[3]
    seen = [cv.simulate(c, "protanopia") for c in (blue, violet)]
    assert sum(abs(a - b) for a, b in zip(blue, violet)) > 120
    assert sum(abs(a - b) for a, b in zip(*seen)) < 30


def test_a_simulated_surface_is_each_pixel_simulated():
    cv = colour_vision()
    image = pygame.Surface((3, 2))
    colours = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (40, 120, 200), (250, 200, 10), (7, 7, 7)]
    for i, colour in enumerate(colours):
        image.set_at((i % 3, i // 3), colour)
    for deficiency in cv.MATRICES:
        seen = cv.simulate_surface(image, deficiency)
        assert [tuple(seen.get_at((i % 3, i // 3)))[:3] for i in range(6)] == \
            [cv.simulate(c, deficiency) for c in colours]
