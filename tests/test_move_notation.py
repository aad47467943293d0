"""Move text: what is not a move at all (MoveParseError) is told apart from a
well-formed move the rules refuse (IllegalMoveError), in every game, in
record replay and on the command line."""

import json

import pytest

from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.engine import IllegalMoveError, MoveParseError, RecordError
from fiftyfifty_desktop.engine.errors import QUOTE_LIMIT
from fiftyfifty_desktop.engine.records import Record, Seat, parse_record, replay
from fiftyfifty_desktop.registry import GAMES

PLAYERS = 4
SEED = 1

#: Text that no game reads as a move: non-ASCII digits, a number too long
#: for ``int``, nothing at all, only whitespace.
NOT_MOVES = ["p²", "b¹⁵", "p" + "9" * 5000, "b" + "1" * 5000, "a" + "1" * 5000 + ":5", "", " ", "\t\n",
             "p٣", "a١:5", "r²"]

#: Per game: more text that is not a move, and well-formed moves that the
#: first seat to move may not make at the start of game SEED.
CASES = {
    "take5": (["p0", "p105", "p07", "r5", "x3", "p 5", "p1 "], ["r1", "p1", "d3"]),
    "fiftyfifty": (["p0", "p51", "p07", "r1", "P3", "p1 "], ["p2", "p50"]),
    "fiftyfive": (["b12", "b015", "b100", "tX", "11H", "x"], ["tH", "hold", "x7C", "5H"]),
    "thirteen": (["a01:5", "a1:14", "a1:6.6", "a1000:5", "draw ", "Pass"], ["draw", "pass", "a3:5", "a9:5"]),
}


def _first_seat_and_state(game_id):
    game = GAMES[game_id]
    state = game.new_game(PLAYERS, {}, SEED)[0]
    return game, state, game.to_move(state)[0]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("text", NOT_MOVES)
def test_text_that_is_no_move_in_any_game_is_a_parse_error(game_id, text):
    with pytest.raises(MoveParseError) as info:
        GAMES[game_id].parse_move(text)
    assert len(str(info.value)) < QUOTE_LIMIT + 200, "the message quotes a cut of the text, not all of it"


@pytest.mark.parametrize("game_id, text", [(g, t) for g, (unreadable, _) in CASES.items() for t in unreadable])
def test_text_outside_the_game_notation_is_a_parse_error(game_id, text):
    with pytest.raises(MoveParseError, match="is not a .* move"):
        GAMES[game_id].parse_move(text)


@pytest.mark.parametrize("game_id, text", [(g, t) for g, (_, refused) in CASES.items() for t in refused])
def test_a_readable_move_the_rules_refuse_is_illegal_not_unreadable(game_id, text):
    game, state, seat = _first_seat_and_state(game_id)
    move = game.parse_move(text)
    assert move.text() == text
    assert move not in game.legal_moves(state, seat)
    with pytest.raises(IllegalMoveError) as info:
        game.apply(state, seat, move)
    assert not isinstance(info.value, MoveParseError)


def test_the_two_errors_are_siblings():
    assert not issubclass(MoveParseError, IllegalMoveError)
    assert not issubclass(IllegalMoveError, MoveParseError)


def _record(game_id, bad_text):
    """A record of game SEED whose first move is ``bad_text``."""
    game, _, seat = _first_seat_and_state(game_id)
    return Record(game_id, PLAYERS, game.resolve_options(PLAYERS, {}),
                  tuple(Seat(f"P{s}") for s in range(PLAYERS)), SEED, ((seat, bad_text),))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_replay_names_an_unreadable_move_by_index_and_text(game_id):
    record = parse_record(_record(game_id, "p²").to_json(), GAMES)
    with pytest.raises(RecordError, match=r"^move 0 \(\d: 'p²'\) cannot be read: 'p²' is not a .* move"):
        replay(record, GAMES)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_replay_tells_an_illegal_move_from_an_unreadable_one(game_id):
    refused = CASES[game_id][1][0]
    record = parse_record(_record(game_id, refused).to_json(), GAMES)
    with pytest.raises(RecordError, match=rf"^move 0 \(\d: '{refused}'\) is illegal: "):
        replay(record, GAMES)


@pytest.mark.parametrize("bad_text, wording", [("p²", "cannot be read"), ("b¹⁵", "cannot be read"),
                                               ("p" + "7" * 5000, "cannot be read"), ("r1", "is illegal")])
def test_replay_command_exits_2_with_one_short_line(capsys, tmp_path, bad_text, wording):
    path = tmp_path / "bad-move.json"
    path.write_text(_record("take5", bad_text).to_json(), encoding="utf-8")
    status = run(["replay", str(path)])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("fiftyfifty-desktop: move 0 ") and wording in err
    assert len(err) < 300


def test_a_record_with_a_5000_digit_move_loads_and_then_fails_to_replay():
    text = _record("fiftyfifty", "p" + "1" * 5000).to_json()
    assert json.loads(text)["moves"][0][1].startswith("p111")
    with pytest.raises(RecordError, match=r"cannot be read: 'p1{39}'\.\.\. is not a Fifty Fifty move"):
        replay(parse_record(text, GAMES), GAMES)
