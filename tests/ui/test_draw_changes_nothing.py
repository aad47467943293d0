"""Drawing a screen changes none of its state: what ``draw`` needs is ready once ``resize`` has run."""

import pygame
import pytest

from fiftyfifty_desktop.ui.scene import Scene
from fiftyfifty_desktop.ui.scenes.results import ranking
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui.scenes.summary import ScoreLine

from .drive import Driver


def state_of(value, depth: int = 3):
    """A copy of ``value`` to compare with later. Rects, containers and the screen's own parts
    (forms, widgets, seat rows) are copied; anything else (the app, a table) is kept as it is."""
    if isinstance(value, pygame.Rect):
        return ("Rect", tuple(value))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [state_of(v, depth) for v in value])
    if isinstance(value, dict):
        return {key: state_of(v, depth) for key, v in value.items()}
    own_part = type(value).__module__.startswith("fiftyfifty_desktop.ui.") and not isinstance(value, Scene)
    if own_part and hasattr(value, "__dict__") and depth:
        return (type(value).__name__, state_of(vars(value), depth - 1))
    return value


def open_setup(driver: Driver, game: str) -> Scene:
    driver.click_button("New game")
    setup = driver.top
    while setup.game_chooser.value != game:
        driver.click((setup.game_chooser.rect.right - 5, setup.game_chooser.rect.centery))
    return setup


def open_over_table(driver: Driver, name: str, **kwargs) -> Scene:
    driver.new_game("take5", "9")
    driver.settle()
    return driver.app.stack.open(name, **kwargs)


def open_handover(driver: Driver) -> Scene:
    driver.new_game("take5", "3", players=["human", "human"], names=["Ann", "Bob"])
    driver.settle()
    return driver.top


def open_pause(driver: Driver) -> Scene:
    driver.new_game("take5", "9")
    driver.settle()
    driver.press(pygame.K_ESCAPE)
    return driver.top


def open_from_title(label: str):
    def open_screen(driver: Driver) -> Scene:
        driver.click_button(label)
        return driver.top
    return open_screen


NAMES = [f"P{i}" for i in range(6)]
SCREENS = {
    "title": lambda driver: driver.top,
    **{f"setup-{game}": lambda driver, game=game: open_setup(driver, game) for game in GAMES},
    "rules": open_from_title("Rules"),
    "stats": open_from_title("Statistics"),
    "history": lambda driver: driver.app.stack.open("history"),
    "file_chooser": lambda driver: driver.app.stack.open("file_chooser", saving=True, name="x.json",
                                                         then=lambda path: None),
    "settings": open_from_title("Settings"),
    "about": open_from_title("About"),
    "pause": open_pause,
    "handover": open_handover,
    "keys": lambda driver: driver.app.stack.open("help", heading="Keys", keys=driver.top.help_keys()),
    "summary": lambda driver: open_over_table(
        driver, "summary", heading="Round 1 is over", note="note",
        lines=[ScoreLine(name, i, 10 * i, i == 0) for i, name in enumerate(NAMES)]),
    "results": lambda driver: open_over_table(
        driver, "results", heading="Take 5", placings=ranking(NAMES, tuple(range(6)), (0,), True),
        play_again=lambda: None, note="note"),
}


@pytest.mark.parametrize("screen", SCREENS)
def test_drawing_a_screen_changes_nothing(driver, screen):
    scene = SCREENS[screen](driver)
    assert driver.top is scene and not scene.is_table
    driver.app.resize(1100, 700)  # a new window size: resized, not drawn yet
    before = state_of(vars(scene))
    for size in ((1100, 700), (1500, 620)):
        scene.draw(pygame.Surface(size))
    assert state_of(vars(scene)) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_table_has_its_geometry_and_backdrop_ready_before_it_draws(driver, game):
    table = driver.new_game(game, "9")
    driver.settle()
    for size in ((1100, 700), (1500, 620)):
        driver.app.resize(*size)  # a new window size: resized, not drawn yet
        ready = (table._geo, table.backdrop._made)
        table.draw(pygame.Surface(size))
        assert (table._geo, table.backdrop._made) == ready
        assert table._geo[1] is ready[0][1] and table.backdrop._made[1] is ready[1][1]
