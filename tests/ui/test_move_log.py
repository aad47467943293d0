"""The move log through the real tables: its lines, who may read them, and where it is drawn."""

from __future__ import annotations

import pygame
import pytest

from fiftyfifty_desktop.engine.records import Record, Seat, replay
from fiftyfifty_desktop.games.take5 import Play
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui.i18n import tr
from fiftyfifty_desktop.ui.scenes.handover import HandoverScene
from fiftyfifty_desktop.ui.scenes.summary import RoundSummaryScene
from fiftyfifty_desktop.ui.tables import table_for
from fiftyfifty_desktop.ui.tables.base import TableScene
from fiftyfifty_desktop.ui.tables.take5 import Take5Table

NAMES = ("Ann", "Bob", "Cid", "Dee")


def record(game_id: str, players=("random",) * 4, seed: int = 7) -> Record:
    options = GAMES[game_id].resolve_options(len(players))
    return Record(game_id, len(players), options, tuple(Seat(n, p) for n, p in zip(NAMES, players)), seed)


def run(driver, table, frames: int) -> None:
    for _ in range(frames):
        table.match.wait_for_computers()
        driver.frame()
    table.skip_animations()


def events_of(table) -> list:
    """Every event of the game so far, from its record (the test may look; the table may not)."""
    seen: list = []
    replay(table.record, GAMES, on_step=lambda _state, events: seen.extend(events))
    return seen


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_writes_what_happened_in_words_grouped_newest_first(driver, game_id):
    table = driver.app.stack.push(table_for(game_id)(driver.app, record(game_id)))
    run(driver, table, 120)
    groups = table.log.shown(None)
    assert len(groups) >= 2 and all(heading for heading, _ in groups)
    lines = table.log.texts(None)
    assert len(lines) >= 10
    assert not [line for line in lines if "{" in line or "}" in line]
    assert lines[-1] in [line.text for line in groups[0][1]]  # the newest line is in the first group shown


def test_take5_log_says_who_took_which_row_and_why(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", seed=12)))
    run(driver, table, 150)
    names, lines = table.names, table.log.texts(None)
    taken = [e for e in events_of(table) if e.kind == "row_taken"]
    low = [e for e in events_of(table) if e.kind == "low_card"]
    assert taken and low
    expected = [tr("take5.caption_take", name=names[e.seat], row=e.row + 1, points=e.bullheads) for e in taken]
    assert [line for line in lines if line in expected] == expected
    assert all(tr("take5.low_card", name=names[e.seat], card=e.card) in lines for e in low)
    revealed = [e for e in events_of(table) if e.kind == "revealed"]
    assert sum(line.startswith("Cards turned up:") for line in lines) == len(revealed)


def test_a_shared_screen_shows_a_secret_line_only_to_its_player(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "human", "random"))))
    driver.settle()
    assert isinstance(driver.top, HandoverScene)
    driver.press(pygame.K_RETURN)
    assert table.viewer == 0
    move, rect = table.choices()[0]
    driver.click(rect.center)
    secret = tr("log.take5_chose", name="Ann", card=move.card)
    assert isinstance(move, Play) and secret in table.log.texts(0)
    driver.settle()
    assert isinstance(driver.top, HandoverScene)  # Bob's turn, and Ann's card still hidden
    assert driver.top.opaque and secret not in table.log.texts(1)
    driver.press(pygame.K_RETURN)
    assert table.viewer == 1 and secret not in [line.text for _, group in table.log.shown(1) for line in group]


def test_the_log_docks_beside_the_table_and_never_covers_the_hand(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random", "random"))))
    driver.settle()
    width = driver.app.screen.get_width()
    assert table.layout.width == width and not table.log_open
    driver.press(pygame.K_l)
    assert table.log_open and table.layout.width < width
    hand = [rect for _, rect in table.choices()]
    log = table.corner.log_rect()
    assert hand and all(rect.right <= log.x for rect in hand)
    assert not any(rect.colliderect(log) for rect in hand)
    driver.click(table.corner.button("log").center)
    assert not table.log_open and table.layout.width == width
    driver.click(table.corner.button("log").center)
    assert table.log_open


def test_the_log_scrolls_with_keys_and_wheel(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random", "random"))))
    for _ in range(4):
        driver.settle()
        driver.click(table.choices()[0][1].center)
    driver.settle()
    driver.press(pygame.K_l)
    driver.press(pygame.K_PAGEDOWN)
    assert table.log.scroll > 0
    driver.press(pygame.K_PAGEUP)
    assert table.log.scroll == 0
    pos = table.corner.log_rect().center
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                 pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert table.log.scroll > 0


def test_a_continued_game_has_its_log_written_again(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", seed=3)))
    run(driver, table, 100)
    before = table.log.texts(None)
    again = Take5Table(driver.app, table.record)
    assert again.log.texts(None) == before


def play_take5_round(driver, table) -> None:
    """Play the person's lowest card each turn until the first round is scored."""
    while not isinstance(driver.top, RoundSummaryScene):
        driver.settle()
        if isinstance(driver.top, TableScene):
            driver.click(min(table.choices(), key=lambda choice: getattr(choice[0], "card", 0))[1].center)


def test_take5_log_names_a_chosen_card_before_its_turn_is_revealed(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random", "random", "random"),
                                                                seed=12)))
    play_take5_round(driver, table)
    chose = tr("log.take5_chose", name="Ann", card=0).split("0")[0]
    turns = [lines for heading, lines in table.log.shown(0) if heading.startswith("Round 1, turn")]
    assert len(turns) == 10
    for lines in turns:  # newest first: the card chosen face down is the turn's oldest line
        assert [line.text.startswith(chose) for line in lines].index(True) == len(lines) - 1


def test_take5_last_turn_of_a_round_is_headed_with_that_round(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random", "random", "random"),
                                                                seed=12)))
    play_take5_round(driver, table)  # its last turn ends with a row taken in a step of its own
    assert table.last_round.heading == tr("log.take5_turn", round=1, turn=10)
    assert table.log.shown(0)[0][0] == tr("log.take5_turn", round=1, turn=10)


def test_take5_log_shows_no_turn_heading_before_a_card_of_it_can_be_read(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "human", "random"))))
    driver.settle()
    driver.press(pygame.K_RETURN)
    driver.click(table.choices()[0][1].center)
    driver.settle()
    driver.press(pygame.K_RETURN)
    assert table.viewer == 1
    assert all(lines for _, lines in table.log.shown(1))
    assert table.log.shown(1)[0][0] == tr("take5.round", round=1)
