"""Scenes are opened by name through one registry."""

import ast
from pathlib import Path

import pygame
import pytest

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.ui import scenes
from fiftyfifty_desktop.ui.scene import Scene
from fiftyfifty_desktop.ui.scenes import UnknownScene, import_named
from fiftyfifty_desktop.ui.scenes.handover import HandoverScene
from fiftyfifty_desktop.ui.scenes.pause import PauseScene
from fiftyfifty_desktop.ui.scenes.rules import RulesScene
from fiftyfifty_desktop.ui.scenes.settings import SettingsScene
from fiftyfifty_desktop.ui.scenes.title import TitleScene
from fiftyfifty_desktop.ui.tables.base import TableScene
from fiftyfifty_desktop.ui.tables.thirteen import ThirteenTable
from ..sources import parse


@pytest.mark.parametrize("name", sorted(scenes._SCENES))
def test_every_registered_name_is_a_scene(name):
    assert issubclass(import_named(scenes.__name__, scenes._SCENES[name]), Scene)


def test_open_switch_and_restart_by_name(driver):
    stack = driver.app.stack
    rules = stack.open("rules", game_id="thirteen")
    assert isinstance(rules, RulesScene) and driver.top is rules and rules.chooser.value == "thirteen"
    settings = stack.switch("settings")
    assert isinstance(settings, SettingsScene) and driver.top is settings and len(stack) == 2
    title = stack.restart("title")
    assert isinstance(title, TitleScene) and len(stack) == 1


def test_the_table_is_the_one_of_the_records_game(driver):
    seats = (Seat("A", "human"), Seat("B", "random"), Seat("C", "random"))
    table = driver.app.stack.open("table", record=Record("thirteen", 3, {}, seats, 4))
    assert type(table) is ThirteenTable and driver.top is table


def test_an_unknown_name_or_a_game_without_a_table_leaves_the_stack_as_it_was(driver):
    title = driver.top
    with pytest.raises(UnknownScene):
        driver.app.stack.open("credits")
    seats = (Seat("A", "human"), Seat("B", "random"))
    with pytest.raises(UnknownScene):
        driver.app.stack.open("table", record=Record("solitaire", 2, {}, seats, 1))
    assert driver.top is title and len(driver.app.stack) == 1


def test_no_screen_imports_another_screen_or_a_table():
    """Screens open one another by name: besides the registries, they import only their base classes
    (the host's set-up screen is the set-up screen with seats for friends) and the set-up's seat choosing,
    which is no screen."""
    bases = {"form", "menu", "setup", "seat_choice"}
    for path in Path(scenes.__file__).parent.glob("*.py"):
        for node in ast.walk(parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.level == 1:
                    assert node.module in bases, f"{path.name} imports .{node.module}"
                if node.level == 2:
                    assert not node.module.startswith("tables."), f"{path.name} imports ..{node.module}"


def test_escape_on_a_handover_pauses_the_table_under_it(driver, monkeypatch):
    """The hand-over finds the table by the ``is_table`` mark a game's table carries."""
    monkeypatch.setattr(TableScene, "is_table", True)
    table = driver.new_game("take5", "3", players=["human", "human"], names=["Ann", "Bob"])
    driver.settle()
    handover = driver.top
    assert isinstance(handover, HandoverScene)
    driver.press(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene) and driver.top.table is table
    driver.press(pygame.K_ESCAPE)
    assert driver.top is handover


def test_escape_on_a_handover_with_no_table_under_it_does_nothing(driver):
    handover = driver.app.stack.open("handover", name="Ann", game_id="take5", on_ready=lambda: None)
    driver.press(pygame.K_ESCAPE)
    assert driver.top is handover
