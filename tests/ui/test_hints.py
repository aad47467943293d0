"""Hints through the real tables: the hard player's move from the seat's own view, ringed with a reason,
counted and kept with the saved game; none at a shared screen unless everyone agreed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.ai.hints import HINT_PLAYER
from fiftyfifty_desktop.engine.records import Record
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui import audit
from fiftyfifty_desktop.ui.scenes.setup import SetupScene
from fiftyfifty_desktop.ui.tables import table_for
from fiftyfifty_desktop.ui.tables.base import TableScene
from fiftyfifty_desktop.ui.tables.fiftyfifty import FiftyFiftyTable
from fiftyfifty_desktop.ui.tables.fiftyfive import FiftyFiveTable
from fiftyfifty_desktop.ui.tables.take5 import Take5Table
from fiftyfifty_desktop.ui.tables.thirteen import ThirteenTable

from .test_move_log import record
from .test_undo import ctrl_z, to_my_turn

TABLES = {"take5": Take5Table, "fiftyfifty": FiftyFiftyTable, "fiftyfive": FiftyFiveTable, "thirteen": ThirteenTable}


def press_hint(driver, table: TableScene) -> None:
    driver.press(table.hint_key, pygame.key.name(table.hint_key))
    table.corner.wait_for_hint()
    driver.frame()


def hard_choice(table: TableScene, seat: int):
    """What the hard player of the seat, asked apart from the table with the match's decision, would play."""
    decision = table.match.decision(seat)
    agent = make_agent(HINT_PLAYER, table.game, seat, table.record.seed)
    return agent.choose(decision.view, decision.legal, decision.seen)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_a_hint_is_the_hard_players_move_ringed_with_a_reason(driver, game_id):
    table = driver.app.stack.push(TABLES[game_id](driver.app, record(game_id, ("human", "random", "random"), 5)))
    to_my_turn(driver, table)
    driver.click(table.choices()[0][1].center if table.choices() else table.hint_rects(table.legal[0])[0].center)
    to_my_turn(driver, table)
    assert table.corner.button("hint") is not None and table.hints == 0
    press_hint(driver, table)
    hint = table.corner.shown_hint()
    assert hint is not None and hint.move == hard_choice(table, 0) and hint.move in table.legal
    assert table.hint_rects(hint.move), "the hinted move is ringed on the table"
    assert table.hints == 1
    assert driver.app.storage.load_record(GAMES, table.game.id)[0].table == {"hints": 1}  # kept with the saved game at once
    press_hint(driver, table)  # the key puts the same hint away, and counts nothing more
    assert table.corner.shown_hint() is None and table.hints == 1
    press_hint(driver, table)
    assert table.corner.shown_hint() == hint and table.hints == 1


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_the_hints_note_has_a_strip_under_the_table_and_moves_nothing(driver, game_id):
    table = driver.app.stack.push(TABLES[game_id](driver.app, record(game_id, ("human", "random", "random"), 5)))
    to_my_turn(driver, table)
    whole, cards = table.layout, [rect for _, rect in table.choices()]
    assert whole.height < table.window.height and table.corner.note() == ""  # the strip is kept all along
    press_hint(driver, table)
    note = table.corner.note()
    assert note and table.layout == whole and [rect for _, rect in table.choices()] == cards
    with audit.recording(driver.app.screen.get_size()) as recorder:
        driver.app.paint()
    under = [drawn.words for drawn in recorder.drawn
             if drawn.kind == audit.TEXT and drawn.rect[1] >= table.layout.height]
    assert " ".join(under) == note, "the note's lines, and nothing else, are under the table"
    assert audit.findings(recorder) + audit.outside_panels(recorder) == []
    press_hint(driver, table)  # put away: nothing moves back either
    assert table.corner.note() == "" and table.layout == whole and [rect for _, rect in table.choices()] == cards


def test_the_confirm_note_leaves_the_card_to_click_again_under_the_pointer(driver):
    driver.app.change_settings(confirm_move=True)
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random", "random"), 5)))
    to_my_turn(driver, table)
    move, rect = table.choices()[0]
    driver.click(rect.center)
    assert table.picker.held == move and table.corner.note()
    assert dict(table.choices())[move] == rect, "the card to click again is where it was"
    driver.click(rect.center)
    assert table.picker.held is None and move not in dict(table.choices())


def test_no_strip_is_kept_where_no_note_can_appear(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "human"), 5)))
    assert not table.control.hints_offered and not driver.app.settings.confirm_move
    assert table.layout.height == table.window.height
    driver.app.change_settings(confirm_move=True)
    driver.frame()
    assert table.layout.height < table.window.height, "the setting keeps a strip for its note at once"


def test_a_hint_for_a_take5_card_says_where_it_lands():
    from fiftyfifty_desktop.ai.hints import take5_reason
    from fiftyfifty_desktop.games.take5 import Play, TakeRow

    view = GAMES["take5"].view(GAMES["take5"].new_game(2, {}, 1, setup={
        "hands": [[20, 60], [30, 70]], "rows": [[10], [50, 51, 52, 53, 55], [5], [90]]})[0], 0)
    assert take5_reason(view, Play(20)).code == "take5_room" and take5_reason(view, Play(20)).params["row"] == 1
    sixth = take5_reason(view, Play(60))
    assert sixth.code == "take5_sixth" and sixth.params == {"card": 60, "row": 2, "count": 3 + 1 + 1 + 1 + 7}
    cheapest = take5_reason(view, TakeRow(2))
    assert cheapest.code == "take5_cheapest_row" and cheapest.params == {"row": 3, "count": 2}


def take5_with_hands(others: list[list[int]]) -> Record:
    """Take 5 with seat 0's hand and the rows fixed, and the other seats' hands as given."""
    hands = [[3, 17, 28, 39, 44, 57, 66, 75, 88, 99]] + others
    base = record("take5", ("human", "random", "random"), 9)
    return replace(base, setup={"hands": hands, "rows": [[10], [33], [60], [80]]})


def test_the_hint_is_the_same_when_the_hidden_hands_are_swapped(driver):
    """The hint reads only the seat's view: dealing the others' cards the other way round changes nothing."""
    one = [[1, 2, 4, 5, 6, 7, 8, 9, 11, 12], [41, 42, 43, 45, 46, 47, 48, 49, 50, 51]]
    hints, views = [], []
    for others in (one, one[::-1]):
        table = driver.app.stack.push(Take5Table(driver.app, take5_with_hands(others)))
        to_my_turn(driver, table)
        press_hint(driver, table)
        hints.append(table.corner.shown_hint().move)
        views.append(table.match.view(0))
        driver.app.stack.restart("title")
    assert views[0] == views[1] and hints[0] == hints[1]


def test_no_hint_at_a_shared_screen_unless_everyone_agreed(driver):
    shared = record("take5", ("human", "human", "random"), 12)
    table = driver.app.stack.push(Take5Table(driver.app, shared))
    to_my_turn(driver, table)
    assert not table.hints_offered and table.corner.button("hint") is None
    driver.press(pygame.K_h, "h")
    table.corner.wait_for_hint()
    assert table.advice is None and table.hint is None and table.hints == 0
    driver.app.stack.restart("title")
    agreed = driver.app.stack.push(Take5Table(driver.app, replace(shared, table={"hints_agreed": True})))
    to_my_turn(driver, agreed)
    press_hint(driver, agreed)
    seat = agreed.acting
    assert agreed.corner.shown_hint() is not None and agreed.corner.shown_hint().move == hard_choice(agreed, seat)


def test_the_set_up_asks_about_hints_only_when_several_people_play(driver):
    driver.click_button("New game")
    setup = driver.top
    assert isinstance(setup, SetupScene) and not setup.hints.visible
    second = setup.seats[1].player
    driver.seat(setup, 1, "human")  # a second person, chosen from the list of players
    assert second.value == "human" and setup.hints.visible and setup.hints.value is False
    assert setup.build_record().table is None
    driver.click(setup.hints.box.center)
    assert setup.hints.value is True and setup.build_record().table == {"hints_agreed": True}
    driver.seat(setup, 1, "medium")
    assert second.value != "human" and not setup.hints.visible and setup.build_record().table is None
    driver.seat(setup, 1, "human")
    driver.click_button("Start")
    table = driver.table()
    assert table.hints_agreed and table.hints_offered


def test_moves_taken_back_and_hints_shown_survive_continue(driver, storage):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random", "random"), 12)))
    to_my_turn(driver, table)
    driver.click(table.choices()[0][1].center)
    to_my_turn(driver, table)
    ctrl_z(driver)
    to_my_turn(driver, table)
    press_hint(driver, table)
    assert (table.undos, table.hints) == (1, 1)
    with driver.quit_and_continue(table, storage, Take5Table) as (again, resumed, _):
        assert (resumed.undos, resumed.hints) == (1, 1)
        ctrl_z(again)  # nothing of the player's to take back yet: the count stays
        assert resumed.undos == 1


class BrokenPlayer:
    def choose(self, view, legal, seen):
        raise RuntimeError("the search broke")


def test_a_hint_that_fails_says_why_in_one_line_and_counts_nothing(driver, monkeypatch):
    from fiftyfifty_desktop.ai import worker

    monkeypatch.setattr(worker, "make_table_agent", lambda *args: BrokenPlayer())
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random", "random"), 12)))
    to_my_turn(driver, table)
    press_hint(driver, table)
    assert table.message == "No hint this time: RuntimeError: the search broke"
    assert table.corner.shown_hint() is None and table.hints == 0 and table.advice is None


def test_the_readme_names_each_tables_hint_key():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    keys = {table_for(game_id).hint_key for game_id in GAMES}
    others = sorted(game_id for game_id in GAMES if table_for(game_id).hint_key != pygame.K_h)
    assert keys <= {pygame.K_h, FiftyFiveTable.hint_key} and others == ["fiftyfive"]
    assert f"H ({pygame.key.name(FiftyFiveTable.hint_key).upper()} at Fifty-Five) shows a hint" in readme
