"""Records: JSON round trip, replay, and every way a record can be broken."""

import json
from dataclasses import replace

import pytest

from fiftyfifty_desktop.engine import RecordError
from fiftyfifty_desktop.engine.records import Record, Seat, parse_record, replay
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.games.take5 import GAME

from .contract import random_playout


@pytest.fixture(scope="module")
def played():
    return random_playout(GAME, 4, 11)


def test_record_round_trips_and_replays_to_the_same_state(played):
    state, record = played
    text = record.to_json()
    again = parse_record(text, GAMES)
    assert again == record
    assert again.to_json() == text
    assert replay(again, GAMES).state == state


def test_record_with_setup_replays_from_that_deal():
    setup = {"hands": [[4, 50], [17, 51]], "rows": [[3], [40], [58], [96]]}
    record = Record("take5", 2, {"target": 66, "variant": "standard"},
                    (Seat("Ann", "human"), Seat("Bo", "random")), 0, ((0, "p4"), (1, "p17")), setup)
    state = replay(parse_record(record.to_json(), GAMES), GAMES).state
    assert state.rows[0] == (3, 4, 17)


def test_what_the_table_keeps_round_trips_and_changes_no_move(played):
    state, record = played
    kept = replace(record, table={"undos": 2, "hints": 1, "hints_agreed": True})
    again = parse_record(kept.to_json(), GAMES)
    assert again == kept and again.with_move(0, GAME.parse_move("p1")).table == kept.table
    assert replay(again, GAMES).state == state


def _broken(played, **changes):
    data = json.loads(played[1].to_json())
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"format": "other"}, "not a fiftyfifty-record"),
        ({"version": 3}, "version 3 is not supported"),
        ({"version": "1"}, "version must be a whole number"),
        ({"game": "chess"}, "unknown game"),
        ({"seed": -1}, "seed"),
        ({"seed": KeyError}, "missing the field 'seed'"),
        ({"colour": "red"}, "unknown field 'colour'"),
        ({"players": 11, "seats": [{"name": "x", "player": "random"}] * 11}, "2 to 10 players"),
        ({"seats": []}, "must list 4 seats"),
        ({"seats": [{"name": "x"}] * 4}, "seat 0"),
        ({"options": {"target": "lots"}}, "option target"),
        ({"options": []}, "'options' must be an object"),
        ({"moves": "p1"}, "'moves' must be a list"),
        ({"moves": [[9, "p1"]]}, "move 0"),
        ({"moves": [[0, "p200"]]}, "move 0 .*'p200'"),
        ({"setup": {"hands": 3}}, "setup"),
        ({"setup": [1]}, "'setup' must be an object"),
        ({"table": [1]}, "'table' must be an object"),
        ({"table": {"undos": -1}}, "table 'undos' must be a whole number"),
        ({"table": {"hints": True}}, "table 'hints' must be a whole number"),
        ({"table": {"hints_agreed": 1}}, "table 'hints_agreed' must be true or false"),
        ({"table": {"tips": 1}}, "table has an unknown field 'tips'"),
    ],
)
def test_broken_records_are_refused_with_a_reason(played, changes, message):
    with pytest.raises(RecordError, match=message):
        record = parse_record(_broken(played, **changes), GAMES)
        replay(record, GAMES)


def test_an_illegal_move_names_its_index_and_text(played):
    data = json.loads(played[1].to_json())
    hand = GAME.new_game(4, {}, data["seed"])[0].hands[1]
    bad = next(c for c in range(1, 105) if c not in hand)
    data["moves"][1] = [1, f"p{bad}"]
    with pytest.raises(RecordError, match=f"move 1 \\(1: 'p{bad}'\\) is illegal: the card {bad} is not in this hand"):
        replay(parse_record(json.dumps(data), GAMES), GAMES)


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "\u00ff\u00fe"])
def test_unreadable_text_is_refused(text):
    with pytest.raises(RecordError):
        parse_record(text, GAMES)


@pytest.mark.parametrize("name", ["\u200b", "\ufeff\u200d", "\u2060", "A\u202eB"])
def test_a_record_or_saved_game_whose_seat_name_cannot_be_shown_is_refused(played, name):
    data = json.loads(played[1].to_json())
    data["seats"][0]["name"] = name
    with pytest.raises(RecordError, match=r"^record seat 0 name: the name "):
        parse_record(json.dumps(data), GAMES)
