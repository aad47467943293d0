"""A seeded monkey: random clicks, keys, mouse moves and resizes on every screen of every
game, as a restless player would make them. Nothing may raise, and every screen is
reached. ``FIFTYFIFTY_MONKEY_EVENTS`` sets the events per game (default 5,000: 20,000 in
all), given a few to a frame as a hurried player does; the seed is fixed, so a failure
replays exactly."""

import os
import random

import pygame
import pytest

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.selfcheck import short_options
from fiftyfifty_desktop.storage import Settings
from fiftyfifty_desktop.ui import i18n
from fiftyfifty_desktop.ui.widgets import Button

from .drive import Driver

EVENTS = int(os.environ.get("FIFTYFIFTY_MONKEY_EVENTS", "5000"))
KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
        pygame.K_DOWN, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_PAGEDOWN, pygame.K_a, pygame.K_1)
SIZES = ((960, 540), (1280, 720), (1100, 620), (1920, 1080))
#: Screens every game's run must reach.
EXPECTED = {"TitleScene", "SetupScene", "RulesScene", "SettingsScene", "PauseScene", "HandoverScene"}


def start(storage, game_id: str, rng: random.Random) -> Driver:
    """The program at its title with this game's table open: two people and computers."""
    driver = Driver.start(storage)
    game = GAMES[game_id]
    players = max(game.min_players, min(3, game.max_players))
    seats = tuple(Seat(f"P{s}", "human" if s < 2 else "random") for s in range(players))
    record = Record(game_id, players, game.resolve_options(players, short_options(game)), seats, rng.randrange(10**6))
    driver.app.stack.open("table", record=record)
    return driver


def random_event(driver: Driver, rng: random.Random) -> pygame.event.Event:
    top = driver.top
    width, height = driver.app.size
    roll = rng.random()
    if roll < 0.03:
        w, h = rng.choice(SIZES)
        return pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
    if roll < 0.28:
        key = rng.choice(KEYS)
        return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=chr(key) if key < 128 else "", mod=0, scancode=0)
    if roll < 0.38:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=(rng.randrange(width), rng.randrange(height)),
                                  rel=(0, 0), buttons=(0, 0, 0))
    targets = [rect for _, rect in top.choices()] if getattr(top, "is_table", False) else \
        [w.rect for w in driver.widgets() if w.visible and not (isinstance(w, Button) and _is_quit(w))]
    if targets and rng.random() < 0.8:
        pos = rng.choice(targets).center
    else:
        pos = (rng.randrange(width), rng.randrange(height))
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3, 4, 5)))


def _is_quit(button: Button) -> bool:
    """The Quit buttons are left to chance clicks only, so the run spends its events playing."""
    return getattr(button, "label", None) == "title.quit"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_monkey_breaks_nothing(storage, game_id):
    storage.save_settings(Settings(speed="instant"))
    rng = random.Random(f"monkey-{game_id}")
    driver = start(storage, game_id, rng)
    seen: set[str] = set()
    sent = 0
    try:
        while sent < EVENTS:
            if not driver.app.running:
                driver = start(storage, game_id, rng)
            seen.add(type(driver.top).__name__)
            table = driver.app.stack.find_by(lambda scene: getattr(scene, "is_table", False))
            if table is not None:
                table.match.wait_for_computers()
            burst = [random_event(driver, rng) for _ in range(rng.randint(1, 8))]
            driver.frame(*burst, dt=rng.choice((0.0, 1 / 60, 0.1)))
            sent += len(burst)
    finally:
        driver.close()
        i18n.set_language("en")  # the monkey may have chosen another language; tr() is shared
    assert EXPECTED <= seen, sorted(EXPECTED - seen)
    assert any(name.endswith("Table") for name in seen)
