"""The match's memory of each seat's decisions: where a decision begins, and what a seat is handed."""

from __future__ import annotations

import pytest

from fiftyfifty_desktop.ai import RandomAgent
from fiftyfifty_desktop.engine.match import Match, play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES

TAKE5 = GAMES["take5"]


def a_record(game_id: str, players: int = 3, seed: int = 2) -> Record:
    game = GAMES[game_id]
    seats = tuple(Seat(f"Seat {i + 1}", "random") for i in range(players))
    return Record(game_id, players, game.resolve_options(players, {}), seats, seed)


def test_another_seats_hidden_choice_leaves_a_seat_the_same_decision():
    match = Match(TAKE5, a_record("take5"))
    first = match.decision(1)
    assert first.view == match.view(1) and first.seen == () and first.legal == match.legal_moves(1)
    match.submit(0, match.legal_moves(0)[0])
    assert match.view(1) != first.view  # it shows that seat 0 has chosen
    assert match.decision(1) == first  # judged on what it saw when the turn began
    for seat in (1, 2):
        match.submit(seat, match.legal_moves(seat)[0])
    while 1 not in match.to_move():
        seat = match.to_move()[0]
        match.submit(seat, match.legal_moves(seat)[0])
    second = match.decision(1)
    assert second.seen == (first.view,) and second.view == match.view(1)


def test_a_seat_to_move_again_after_its_own_move_faces_a_new_decision():
    """Thirteen: a hit lets the seat ask again; each ask is a decision of its own."""
    game = GAMES["thirteen"]
    whole = play_out(game, a_record("thirteen"), {s: RandomAgent(2, s) for s in range(3)}, max_moves=80).record.moves
    match = Match(game, a_record("thirteen"))
    again = 0
    for (seat, text), (following, _) in zip(whole, whole[1:]):
        before = len(match.decision(seat).seen)
        match.submit(seat, game.parse_move(text))
        if following == seat:
            assert len(match.decision(seat).seen) == before + 1
            again += 1
    assert again >= 3


def test_a_match_rebuilt_from_its_record_hands_the_same_decisions():
    whole = play_out(TAKE5, a_record("take5"), {s: RandomAgent(2, s) for s in range(3)}, max_moves=37)
    rebuilt = Match(TAKE5, whole.record)
    for seat in whole.to_move():
        assert rebuilt.decision(seat) == whole.decision(seat)
        assert len(rebuilt.decision(seat).seen) > 5


def test_only_a_seat_to_move_has_a_decision():
    match = Match(TAKE5, a_record("take5"))
    match.submit(0, match.legal_moves(0)[0])
    with pytest.raises(ValueError, match="seat 0 is not to move"):
        match.decision(0)
