"""The look back at the last trick or turn, through the real tables."""

from __future__ import annotations

import pygame

from fiftyfifty_desktop.ui.i18n import tr
from fiftyfifty_desktop.ui.tables.fiftyfive import FiftyFiveTable
from fiftyfifty_desktop.ui.tables.take5 import Take5Table

from .test_move_log import events_of, record


def test_the_last_trick_is_shown_again_with_b_and_put_away_with_a_key(driver):
    table = driver.app.stack.push(FiftyFiveTable(driver.app, record("fiftyfive", ("human", "random", "random"), 4)))
    for _ in range(80):
        driver.settle()
        if table.last_round is not None:
            break
        driver.click(table.choices()[0][1].center)
    won = [e for e in events_of(table) if e.kind == "trick_won"][-1]
    assert [(seat, card) for seat, card, _ in table.last_round.cards] == list(won.cards)
    assert [note for seat, _, note in table.last_round.cards if note] == [tr("look_back.won")]
    driver.press(pygame.K_b)
    assert table.looking
    moves = len(table.record.moves)
    driver.press(pygame.K_1, "1")  # puts the look back away; plays nothing
    assert not table.looking and len(table.record.moves) == moves
    driver.click(table.corner.button("look_back").center)
    assert table.looking
    driver.click((5, 5))
    assert not table.looking


def test_hurrying_a_take5_turn_leaves_it_on_screen_until_put_away(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random", "random"), 8)))
    driver.settle()
    driver.app.change_settings(speed="normal")
    driver.click(table.choices()[-1][1].center)
    for _ in range(200):
        table.match.wait_for_computers()
        driver.frame()
        if table.busy and table.last_round is not None:
            break
    assert table.busy and not table.looking
    driver.press(pygame.K_SPACE, " ")
    assert table.looking and not table.busy
    events = events_of(table)
    last = max(i for i, e in enumerate(events) if e.kind == "revealed")
    assert [(seat, card) for seat, card, _ in table.last_round.cards] == list(events[last].cards)
    placed = {e.seat for e in events[last:] if e.kind == "card_placed"}
    assert placed and placed == {seat for seat, _, note in table.last_round.cards if note}  # where each went
    driver.press(pygame.K_SPACE, " ")
    assert not table.looking
