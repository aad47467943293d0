"""F1 tells the truth on every screen: each key a registered screen lists is answered there, and each key it
answers (of the keys screens use) is listed; each key a table lists is answered at its first decision (or in the
phase it names); the list of keys itself closes on Esc and F1, as its last line says, and on Enter and Space."""

from __future__ import annotations

from typing import Any, Callable

import pygame
import pytest

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui import scenes
from fiftyfifty_desktop.ui.keys import MENU_KEYS
from fiftyfifty_desktop.ui.scene import Scene
from fiftyfifty_desktop.ui.scenes.review import ReviewScene
from fiftyfifty_desktop.ui.widgets import TextInput

from .drive import Driver
from .test_draw_changes_nothing import SCREENS
from .test_review_screen import FakeJob

#: The key presses each line of a list names (F1, F11 and the mouse are answered by the window, not a screen).
PRESSES: dict[str, list[tuple[int, int]]] = {
    "help.key_tab": [(pygame.K_TAB, 0), (pygame.K_TAB, pygame.KMOD_SHIFT)],
    "help.key_up_down": [(pygame.K_UP, 0), (pygame.K_DOWN, 0)],
    "help.key_left_right": [(pygame.K_LEFT, 0), (pygame.K_RIGHT, 0)],
    "help.key_enter": [(pygame.K_RETURN, 0), (pygame.K_SPACE, 0)],
    "help.key_ctrl_a": [(pygame.K_a, pygame.KMOD_CTRL), (pygame.K_v, pygame.KMOD_CTRL)],
    "help.key_esc": [(pygame.K_ESCAPE, 0)],
    "help.key_page": [(pygame.K_PAGEUP, 0), (pygame.K_PAGEDOWN, 0)],
    "help.key_home_end": [(pygame.K_HOME, 0), (pygame.K_END, 0)],
}
#: Lines a screen's list must answer, whose keys other screens answer unlisted (Backspace in every text field).
ANSWERED_WHERE_LISTED = {"files.key_backspace": [(pygame.K_BACKSPACE, 0)]}
#: Lines answered by typed text rather than a key press, with the text typed.
TYPED = {"files.key_letters": "a"}
ANSWERED_BY_THE_WINDOW = {"help.key_help", "help.key_f11"}


def record() -> Record:
    return Record("take5", 2, {}, (Seat("Ann", "human"), Seat("C", "random")), 4)


def open_pick_player(driver: Driver) -> Scene:
    driver.click_button("New game")
    setup = driver.top
    setup.pick_player(setup.seated()[1])
    return driver.top


#: How each registered screen is opened for the check (a table's screens over it included).
OPEN: dict[str, Callable[[Driver], Scene]] = {
    **{name: SCREENS[name] for name in ("title", "rules", "stats", "history", "settings", "about", "pause",
                                        "handover", "summary", "results")},
    "setup": SCREENS["setup-take5"],
    "pick_player": open_pick_player,
    "unsaved": lambda driver: driver.app.stack.open("unsaved", then=lambda: None),
    "confirm": lambda driver: driver.app.stack.open("confirm", heading="H", question="Q?", yes="saved.abandon_yes", no="saved.keep",
                                                    then=lambda: None),
    "saved_games": lambda driver: driver.app.stack.open("saved_games"),
    "network": lambda driver: driver.app.stack.open("network"),
    "host_table": lambda driver: driver.app.stack.open("host_table"),
    "join_table": lambda driver: driver.app.stack.open("join_table"),
    "review": lambda driver: driver.app.stack.push(ReviewScene(driver.app, record(), 0, make_job=FakeJob)),
    "learn": lambda driver: driver.app.stack.open("learn"),
    "file_chooser": lambda driver: driver.app.stack.open("file_chooser", saving=False, then=lambda path: None),
}
#: Registered screens not opened here, and why.
NOT_OPENED = {
    "net_lobby": "waits on a table hosted elsewhere; its keys are the form's, as the join screen's",
    "help": "the list itself: checked at the end on the keys that close it",
}


def test_every_registered_screen_is_checked_or_says_why_not():
    assert set(OPEN) | set(NOT_OPENED) == set(scenes._SCENES) and not set(OPEN) & set(NOT_OPENED)


def key(code: int, mod: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def answered(driver: Driver, name: str, code: int, mod: int) -> bool:
    """Whether the screen ``name``, opened afresh with the focus on each of its fields in turn, uses the key."""
    scene = reopen(driver, name)
    fields = len(scene.form.active())
    for focus in range(max(1, fields)):
        if driver.top is not scene:
            scene = reopen(driver, name)
        scene.form.focus = focus
        if code in (pygame.K_HOME, pygame.K_END) and isinstance(scene.form.focused, TextInput):
            continue  # moving in a text, as the text's own keys (Ctrl+A) say
        if scene.handle_event(key(code, mod)) is None:
            return True
    return False


def typed_answered(driver: Driver, name: str, text: str) -> bool:
    """Whether the screen ``name``, opened afresh with the focus on each of its fields in turn, uses typed text."""
    scene = reopen(driver, name)
    for focus in range(max(1, len(scene.form.active()))):
        scene.form.focus = focus
        if scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text)) is None:
            return True
    return False


def reopen(driver: Driver, name: str) -> Any:
    """The screen ``name`` opened afresh from the title (a key may have left it or opened another), with no game
    kept that a new one would first ask to replace."""
    driver.app.stack.clear()
    for game in GAMES:
        driver.app.storage.clear_record(game)
    driver.app.stack.restart("title")
    return OPEN[name](driver)


def listed(scene: Any) -> set[str]:
    return {line.keys for line in scene.help_keys()}


@pytest.mark.parametrize("name", sorted(OPEN))
def test_each_key_a_screen_lists_is_answered_there(driver, name):
    lines = listed(OPEN[name](driver))
    presses = {**PRESSES, **ANSWERED_WHERE_LISTED}
    pressed = lines - ANSWERED_BY_THE_WINDOW - set(TYPED)
    assert pressed <= set(presses), pressed - set(presses)
    for keys in sorted(pressed):
        assert any(answered(driver, name, code, mod) for code, mod in presses[keys]), (name, keys)
    for keys in sorted(lines & set(TYPED)):
        assert typed_answered(driver, name, TYPED[keys]), (name, keys)


@pytest.mark.parametrize("name", sorted(OPEN))
def test_each_key_a_screen_answers_is_listed(driver, name):
    lines = listed(OPEN[name](driver))
    for keys, presses in PRESSES.items():
        if keys not in lines:
            assert not any(answered(driver, name, code, mod) for code, mod in presses), (name, keys)


def test_the_list_of_keys_closes_on_esc_f1_enter_and_space(driver):
    title = driver.top
    for code in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_SPACE):
        driver.app.stack.open("help", heading="Keys", keys=MENU_KEYS)
        driver.press(code)
        assert driver.top is title, pygame.key.name(code)


#: A table's key presses besides the menu's, by the line that names them.
TABLE_PRESSES: dict[str, list[tuple[int, int]]] = {
    "help.key_arrows": [(pygame.K_RIGHT, 0)],
    "help.key_enter_only": [(pygame.K_RETURN, 0)],
    "help.key_space": [(pygame.K_SPACE, 0)],
    "help.key_digits": [(pygame.K_1, 0)],
    "help.key_undo": [(pygame.K_z, pygame.KMOD_CTRL)],
    **{f"help.key_{letter}": [(getattr(pygame, f"K_{letter}"), 0)] for letter in "lbtphidsv"},
    "help.key_suits": [(pygame.K_h, 0)],
}
#: Lines a table lists for a phase other than its first decision (Thirteen's draw after a miss, Fifty-Five's
#: cards and naming of trumps after the bidding, where H is the dealer's), and lines the mouse or the window answer.
NOT_AT_THE_FIRST_DECISION = {"thirteen": {"help.key_d", "help.key_p"},
                             "fiftyfive": {"help.key_digits", "help.key_suits", "help.key_h"}}
NOT_KEYS = {"help.key_drag", "help.key_right_click", "help.key_help_table", "help.key_f11"}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_key_a_table_lists_is_answered_at_the_first_decision(driver, game_id):
    from fiftyfifty_desktop.ui.tables import table_for

    players = ("human", "random", "random")
    seats = tuple(Seat(n, p) for n, p in zip(("Ann", "Bob", "Cid"), players))
    record_ = Record(game_id, 3, GAMES[game_id].resolve_options(3), seats, 4)
    lines = {line.keys for line in table_for(game_id)(driver.app, record_).help_keys()}
    presses = dict(PRESSES, **TABLE_PRESSES)
    assert lines - NOT_KEYS <= set(presses), lines - NOT_KEYS - set(presses)
    for keys in sorted(lines - NOT_KEYS - NOT_AT_THE_FIRST_DECISION.get(game_id, set())):
        for code, mod in presses[keys]:
            driver.app.stack.clear()
            table = driver.app.stack.push(table_for(game_id)(driver.app, record_))
            driver.settle()
            if keys in ("help.key_enter", "help.key_enter_only", "help.key_space"):
                driver.press(pygame.K_RIGHT)  # a choice to take
            if keys == "help.key_page" and not table.log_in_table:
                driver.press(pygame.K_l)  # the log it scrolls
            if keys == "help.key_undo":
                driver.press(pygame.K_RIGHT)
                driver.press(pygame.K_RETURN)
                driver.settle()  # a move to take back
            assert table.my_turn, (game_id, keys)
            assert table.handle_event(key(code, mod)) is None, (game_id, keys, pygame.key.name(code))
