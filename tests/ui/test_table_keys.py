"""Keys at a table: a key that hurries the cards also does its own job, and Esc puts away what is open over the
table before it opens the pause menu."""

from __future__ import annotations

import pygame

from fiftyfifty_desktop.ui.scenes.pause import PauseScene
from fiftyfifty_desktop.ui.scenes.summary import RoundSummaryScene
from fiftyfifty_desktop.ui.tables.fiftyfifty import FiftyFiftyTable
from fiftyfifty_desktop.ui.tables.fiftyfive import FiftyFiveTable
from fiftyfifty_desktop.ui.tables.take5 import Take5Table

from .test_move_log import record


def reveal_running(driver, table) -> None:
    """Play the human's card at normal speed and run frames until the turn's cards are moving."""
    driver.app.change_settings(speed="normal")
    driver.click(table.choices()[-1][1].center)
    for _ in range(200):
        table.match.wait_for_computers()
        driver.frame()
        if table.busy and table.last_round is not None:
            return
    raise AssertionError("the turn was never revealed")


def test_a_digit_while_the_cards_move_hurries_them_and_plays(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random", "random"), 8)))
    driver.settle()
    reveal_running(driver, table)
    mine = len([m for seat, m in table.record.moves if seat == 0])
    driver.press(pygame.K_1, "1")
    assert len([m for seat, m in table.record.moves if seat == 0]) == mine + 1  # pressed once, played once
    assert not table.looking  # and the turn hurried past is not put over the table


def test_space_still_only_hurries_and_leaves_the_turn_on_show(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random", "random"), 8)))
    driver.settle()
    reveal_running(driver, table)
    moves = len(table.record.moves)
    driver.press(pygame.K_SPACE, " ")
    assert table.looking and len(table.record.moves) == moves


def test_enter_on_a_round_summary_goes_on_with_the_game(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random"), 3)))
    driver.settle()
    while len(table.board.hand) > 1:
        driver.settle()
        driver.click(table.choices()[0][1].center)
    driver.settle()
    reveal_running(driver, table)  # the round's last card
    driver.press(pygame.K_SPACE, " ")  # hurries to the end of the round
    for _ in range(300):
        if isinstance(driver.top, RoundSummaryScene):
            break
        table.match.wait_for_computers()
        driver.frame()
    assert isinstance(driver.top, RoundSummaryScene)
    driver.press(pygame.K_RETURN)
    assert driver.top is table and not table.looking  # nothing left to put away: the next key plays
    driver.settle()
    moves = len(table.record.moves)
    driver.press(pygame.K_1, "1")
    assert len(table.record.moves) > moves


def test_esc_puts_away_the_trump_ranking_before_the_pause(driver):
    table = driver.app.stack.push(FiftyFiveTable(driver.app, record("fiftyfive", ("human", "random", "random"), 4)))
    driver.settle()
    driver.press(pygame.K_t, "t")
    assert table.ranking_shown
    driver.press(pygame.K_ESCAPE)
    assert driver.top is table and not table.ranking_shown
    driver.press(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)


def test_esc_puts_away_the_log_and_the_hint_first(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random"), 3)))
    driver.settle()
    driver.press(pygame.K_l, "l")
    assert table.log_open
    table.control.ask_hint()
    table.corner.wait_for_hint()
    assert table.corner.shown_hint() is not None
    driver.press(pygame.K_ESCAPE)
    assert driver.top is table and table.corner.shown_hint() is None and table.log_open
    driver.press(pygame.K_ESCAPE)
    assert driver.top is table and not table.log_open
    driver.press(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)


def test_a_look_back_with_nothing_left_to_show_does_not_swallow_esc(driver):
    table = driver.app.stack.push(FiftyFiftyTable(driver.app, record("fiftyfifty", ("human", "random", "random"), 5)))
    driver.settle()
    table.corner.looking, table.last_round = True, None  # a new hand began while the last trick was on show
    driver.press(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
