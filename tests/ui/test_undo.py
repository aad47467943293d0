"""Undo against the computer through the real tables."""

from __future__ import annotations

import pygame
import pytest

from fiftyfifty_desktop.engine.match import Match
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui.scenes.results import ResultsScene
from fiftyfifty_desktop.ui.tables import table_for
from fiftyfifty_desktop.ui.tables.fiftyfive import FiftyFiveTable
from fiftyfifty_desktop.ui.tables.take5 import Take5Table

from .test_endings import play_to_results
from .test_move_log import record


def ctrl_z(driver) -> None:
    driver.press(pygame.K_z, "z", pygame.KMOD_CTRL)


def to_my_turn(driver, table) -> None:
    """Run until the table waits for the person (closing any summary on the way)."""
    for _ in range(20):
        driver.settle()
        if driver.top is table:
            return
        driver.press(pygame.K_RETURN)
    raise AssertionError("the table never waited for the person")


def play_first_choices(driver, table, turns: int) -> tuple[tuple[tuple[int, str], ...], int]:
    """Take the first choice at ``turns`` turns of the person's; the moves so far and where the last was made."""
    for _ in range(turns):
        to_my_turn(driver, table)
        driver.click(table.choices()[0][1].center)
    to_my_turn(driver, table)
    before = table.record.moves
    return before, max(i for i, (seat, _) in enumerate(before) if seat == 0)


def test_undo_goes_back_to_the_players_last_decision_and_forward_again(driver):
    table = driver.app.stack.push(FiftyFiveTable(driver.app, record("fiftyfive", ("human", "random", "random"), 4)))
    before, mine = play_first_choices(driver, table, 6)
    log_before = table.log.texts(0)
    ctrl_z(driver)
    assert table.record.moves == before[:mine] and table.undos == 1
    assert driver.app.storage.load_record(GAMES, "fiftyfive")[0].moves == before[:mine]  # the saved game is rewound too
    fresh = Match(GAMES["fiftyfive"], table.record)
    assert table.view == fresh.view(0) and table.match.legal_moves(0) == fresh.legal_moves(0)
    assert table.log.texts(0) == log_before[:len(table.log.texts(0))]  # the log is rewound, not edited
    to_my_turn(driver, table)
    seat, text = before[mine]
    move = table.game.parse_move(text)
    assert table.acting == 0 and move in table.legal
    table.choose(move)
    assert table.record.moves[:mine + 1] == before[:mine + 1]  # forward again: the same record so far


def test_undo_is_counted_on_the_results_and_in_the_statistics(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random", "random"), 12)))
    driver.settle()
    driver.click(table.choices()[0][1].center)
    driver.settle()
    driver.click(table.corner.button("undo").center)
    assert table.undos == 1 and not [m for m in table.record.moves if m[0] == 0]
    play_to_results(driver, table)
    assert isinstance(driver.top, ResultsScene) and driver.top.remark == "1 move was taken back in this game."
    assert [g.undos for g in driver.app.stats.history()] == [1]


def test_a_shared_screen_offers_no_undo(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "human", "random"), 12)))
    assert not table.undo_offered and table.corner.button("undo") is None
    moves = table.record.moves
    ctrl_z(driver)
    assert table.record.moves[:len(moves)] == moves and table.undos == 0


def test_after_an_undo_the_computers_play_on_as_before(driver):
    """The match is rebuilt from the cut record with new computer players, a searching one thinking in a
    worker among them: handed the same earlier decisions, they play what the ones taken back played."""
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "kit", "medium"), 12)))
    play_first_choices(driver, table, 4)
    table.match.wait_for_computers()  # the searching seat chooses this turn's card while the person may
    driver.settle()
    before = table.record.moves
    mine = max(i for i, (seat, _) in enumerate(before) if seat == 0)
    ctrl_z(driver)
    assert table.record.moves == before[:mine]
    to_my_turn(driver, table)
    table.choose(table.game.parse_move(before[mine][1]))
    to_my_turn(driver, table)

    def made(moves, seat: int) -> int:
        return sum(1 for mover, _ in moves if mover == seat)

    for _ in range(300):  # the searching seat thinks in its worker while the person may already choose
        if all(made(table.record.moves, seat) >= made(before, seat) for seat in range(3)):
            break
        table.match.wait_for_computers()
        driver.frame()
    after = table.record.moves
    for seat in range(3):  # each seat's own moves: this turn's hidden choices come in the order the thinking ends
        theirs = [text for mover, text in before if mover == seat]
        assert [text for mover, text in after if mover == seat][:len(theirs)] == theirs, f"seat {seat}"
    assert len(after) > mine + 2  # the computers' next turn too


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_undo_and_hint_sit_at_the_bottom_right_in_every_game_clear_of_the_table(driver, game_id):
    table = driver.app.stack.push(table_for(game_id)(driver.app, record(game_id, ("human", "random", "random"))))
    to_my_turn(driver, table)
    win = table.window
    corner = [table.corner.button(name) for name in table.corner.names()]  # the log's, the look back's, ...
    assert {"undo", "hint"} <= set(table.corner.names())
    foot = table.layout.height  # the table's foot, over the strip kept for a note
    assert max(b.bottom for b in corner) > foot - win.px(3) and max(b.right for b in corner) > win.width - win.px(3)
    buttons = [table.corner.button(name) for name in ("undo", "hint")]
    assert all(b.centery > win.height * 0.7 and b.centerx > win.width * 0.7 for b in buttons)
    assert not any(b.colliderect(rect) for b in buttons for _, rect in table.choices())
    if table.log_in_table:  # the seat's own box keeps clear of them
        assert not any(b.colliderect(table.geo.plate(0)) for b in buttons)
