"""One table class serves every use through the mode it is given: the pause menu of a guided game offers no
Resign and does not say the game is saved, the replay viewer's list of keys names its own keys, and no table
class is put together at run time."""

import ast
from pathlib import Path

import pygame

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui import tables
from fiftyfifty_desktop.ui.i18n import tr
from fiftyfifty_desktop.ui.scenes.help import HelpScene
from fiftyfifty_desktop.ui.scenes.pause import PauseScene
from fiftyfifty_desktop.ui.tables.modes import REPLAY_KEYS, GuidedMode, LiveMode, ReplayMode
from fiftyfifty_desktop.ui.tables.take5 import Take5Table
from fiftyfifty_desktop.ui.widgets import label_text
from ..sources import parse

UI = Path(tables.__file__).resolve().parent.parent


def pause_over(driver, table) -> PauseScene:
    driver.settle()
    driver.press(pygame.K_ESCAPE)
    pause = driver.top
    assert isinstance(pause, PauseScene) and pause.table is table
    return pause


def shown_buttons(scene) -> list[str]:
    return [label_text(button.label) for button in scene.form.widgets if button.visible]


def test_the_pause_menu_of_a_guided_game_offers_no_resign_and_does_not_say_it_is_saved(driver):
    table = driver.app.stack.open("tutorial", game_id="take5")
    assert isinstance(table.mode, GuidedMode)
    pause = pause_over(driver, table)
    assert tr("pause.resign") not in shown_buttons(pause)
    assert pause.subheading() == tr("pause.guided")
    assert tr("pause.saved") not in pause.subheading() and tr("pause.not_saved") not in pause.subheading()


def test_the_pause_menu_of_a_live_game_offers_resign_and_says_it_is_saved(driver):
    record = Record("take5", 3, {}, (Seat("You", "human"), Seat("B", "random"), Seat("C", "random")), 5)
    table = driver.app.stack.push(Take5Table(driver.app, record))
    assert isinstance(table.mode, LiveMode)
    pause = pause_over(driver, table)
    assert tr("pause.resign") in shown_buttons(pause)
    assert pause.subheading() == tr("pause.number", number=5) + " \u00b7 " + tr("pause.saved")


def test_the_replay_viewers_list_of_keys_names_its_own_keys(driver):
    game = GAMES["take5"]
    record = Record("take5", 3, {}, tuple(Seat(f"P{i}", "random") for i in range(3)), 11)
    played = play_out(game, record, {i: make_agent("random", game, i, 11, ()) for i in range(3)})
    viewer = driver.app.stack.open("replay", record=played.record, playing=False)
    assert isinstance(viewer.mode, ReplayMode)
    driver.press(pygame.K_SLASH, unicode="?", mod=pygame.KMOD_SHIFT)
    shown = driver.top
    assert isinstance(shown, HelpScene) and shown.keys == REPLAY_KEYS
    rows = dict(shown.rows())
    assert rows[tr("help.key_v")] == tr("help.do_replay_view")
    assert rows[tr("help.key_left_right")] == tr("help.do_replay_step")
    assert rows[tr("help.key_esc")] == tr("help.do_replay_close")
    playing_keys = {tr("help.do_take"), tr("help.do_undo"), tr("help.do_hint"), tr("help.do_menu")}
    assert not playing_keys & set(rows.values()), "nothing a playing table offers"
    driver.press(pygame.K_F1)
    assert driver.top is viewer
    driver.press(pygame.K_v)  # the key it lists does what it says: the next seat's view
    assert driver.top.viewer == 0


def test_no_table_class_is_made_at_run_time_and_no_mode_needs_a_type_ignore():
    for path in sorted([*(UI / "tables").rglob("*.py"), *(UI / "scenes").rglob("*.py")]):
        source = path.read_text(encoding="utf-8")
        assert "type: ignore" not in source, f"{path.name} silences the type checker"
        for node in ast.walk(parse(source)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type":
                assert len(node.args) == 1, f"{path.name}:{node.lineno} makes a class at run time"
