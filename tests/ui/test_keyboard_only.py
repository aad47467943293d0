"""A whole game of each kind played with the keyboard alone, from the title screen to the results: the focus
moves with Tab, choosers turn with the arrows, a move is chosen with the arrows and taken with Enter, and the
hand-over and round summaries go on with Enter. No mouse event is sent at any point."""

from __future__ import annotations

import pygame
import pytest

from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui.scenes.handover import HandoverScene
from fiftyfifty_desktop.ui.scenes.results import ResultsScene
from fiftyfifty_desktop.ui.scenes.setup import SetupScene
from fiftyfifty_desktop.ui.scenes.summary import RoundSummaryScene
from fiftyfifty_desktop.ui.tables.base import TableScene
from fiftyfifty_desktop.ui.widgets import label_text

#: Keys pressed in one game at most: a hang, not a measure.
MOST_KEYS = 20000


def tab_to(driver, widget) -> None:
    """Tab until ``widget`` has the focus (each press is one key, as a player's would be)."""
    form = driver.top.form
    for _ in range(len(form.widgets) + 1):
        if form.focused is widget:
            return
        driver.press(pygame.K_TAB)
    raise AssertionError(f"Tab never reached {label_text(widget.label)!r}")


def take_any_move(driver, table: TableScene) -> None:
    """Right arrow to the next choice on offer, then Enter; a choice the rules refuse says why and the next
    press tries the next one, as a player who reads the refusal would."""
    made = table.match.moves_made
    for _ in range(4 * max(1, len(table.choices())) + 4):
        driver.press(pygame.K_RIGHT)
        driver.press(pygame.K_RETURN)
        if driver.top is not table or table.match.moves_made != made or table.busy or table.acting is None:
            return
    raise AssertionError(f"no key took a move at {type(table).__name__}")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_is_played_with_the_keyboard_only(driver, game_id):
    driver.press(pygame.K_RETURN)  # New game has the focus on a fresh title screen
    setup = driver.top
    assert isinstance(setup, SetupScene)
    tab_to(driver, setup.game_chooser)
    for _ in range(len(GAMES)):
        if setup.game_chooser.value == game_id:
            break
        driver.press(pygame.K_RIGHT)
    assert setup.game_chooser.value == game_id
    tab_to(driver, setup.start)
    driver.press(pygame.K_RETURN)
    seen: set[str] = set()
    for _ in range(MOST_KEYS):
        top = driver.top
        seen.add(type(top).__name__)
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, (HandoverScene, RoundSummaryScene)):
            driver.press(pygame.K_RETURN)
        elif isinstance(top, TableScene):
            if top.busy or top.acting is None:
                top.match.wait_for_computers()
                driver.frame()
            else:
                take_any_move(driver, top)
        else:
            raise AssertionError(f"a keyboard player is stuck on {type(top).__name__}")
    else:
        raise AssertionError(f"the game did not end; screens seen: {sorted(seen)}")
    table = driver.table()
    assert table.match.over and table.match.moves_made > 0
    people = {i for i, seat in enumerate(table.record.seats) if seat.player == "human"}
    by_keys = sum(seat in people for seat, _ in table.record.moves)
    assert people and by_keys >= 5, f"only {by_keys} moves were the keyboard player's"
