"""Computer players remember nothing of their own: the same seat in the same position decides the
same way whether the game was played straight through, continued from a save, rebuilt after an
undo or asked for a hint, for every game and every kind of player."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from fiftyfifty_desktop.ai import Personality, load_personalities, make_agent
from fiftyfifty_desktop.ai.hints import HINT_PLAYER
from fiftyfifty_desktop.ai.scripted import ScriptedAgent
from fiftyfifty_desktop.ai.worker import Advice, make_table_agent
from fiftyfifty_desktop.engine.match import Match, play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES

#: A hard player held to a few worlds: the point here is equality, not strength.
QUICK = Personality("quick", "Quick", tuple(GAMES), "hard", 0.0, MappingProxyType({"worlds": 2}))
PEOPLE = load_personalities() + (QUICK,)
#: Every kind of computer player at one table: search, rule-based, random and an outside baseline.
PLAYERS = {"take5": ("quick", "medium", "random", "mc:6"), "fiftyfifty": ("quick", "medium", "random", "greedy"),
           "fiftyfive": ("quick", "medium", "random", "greedy"), "thirteen": ("quick", "medium", "random", "greedy")}
MOVES = 60  # long enough for several decisions of every seat, Take 5's reading of the others included
SEED = 3


def new_record(game_id: str, players: tuple[str, ...], seed: int = SEED) -> Record:
    game = GAMES[game_id]
    seats = tuple(Seat(f"Seat {i + 1}", player) for i, player in enumerate(players))
    return Record(game_id, len(players), game.resolve_options(len(players), {}), seats, seed)


def computers(record: Record, make=make_agent) -> dict:
    """A fresh computer player at every seat that is not a person's, as a table builds them."""
    game = GAMES[record.game]
    return {s: make(seat.player, game, s, record.seed, PEOPLE) for s, seat in enumerate(record.seats)
            if seat.player != "human"}


def straight_through(record: Record, moves: int = MOVES) -> tuple[tuple[int, str], ...]:
    return play_out(GAMES[record.game], record, computers(record), max_moves=moves).record.moves


def continued(record: Record, whole: tuple[tuple[int, str], ...], at: int, make=make_agent) -> tuple[tuple[int, str], ...]:
    """The game saved after ``at`` moves of ``whole`` and continued by a new match with fresh players."""
    agents = computers(record, make)
    try:
        return play_out(GAMES[record.game], replace(record, moves=whole[:at]), agents, max_moves=len(whole)).record.moves
    finally:
        for agent in agents.values():
            getattr(agent, "close", lambda: None)()


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_a_game_continued_from_a_save_is_played_as_the_one_played_straight_through(game_id):
    record = new_record(game_id, PLAYERS[game_id])
    whole = straight_through(record)
    assert len(whole) == MOVES
    for at in (1, 6, 23, 47):  # Take 5: some in the middle of a turn, after hidden choices
        assert continued(record, whole, at) == whole, f"continued after {at} moves"


def seat_zero_decisions(record: Record, whole, count: int):
    """Where seat 0 is to move with a choice in ``whole``: (moves made, the move seat 0 made at that decision)."""
    game = GAMES[record.game]
    match = Match(game, replace(record, moves=()))
    found = []
    for index, (seat, text) in enumerate(whole):
        if 0 in match.to_move() and len(match.decision(0).legal) > 1 and (not found or found[-1][1] < index):
            made = next(i for i in range(index, len(whole)) if whole[i][0] == 0)
            found.append((index, made))
        match.submit(seat, game.parse_move(text))
    decisions = [(at, whole[made][1]) for at, made in found]
    return decisions[-count:]  # late ones: the earlier views count by then


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_a_hint_is_the_move_the_hard_player_in_that_seat_makes(game_id):
    record = new_record(game_id, PLAYERS[game_id])
    whole = straight_through(record)
    game = GAMES[record.game]
    decisions = seat_zero_decisions(record, whole, 3)
    assert len(decisions) == 3
    for at, played in decisions:
        match = Match(game, replace(record, moves=whole[:at]))  # the table at that decision, as a person's
        decision = match.decision(0)
        assert decision.seen  # late in the game: the earlier decisions count
        hint = make_agent("quick", game, 0, record.seed, PEOPLE).choose(decision.view, decision.legal, decision.seen)
        assert hint.text() == played, f"the hint after {at} moves"
    advice = Advice("quick", game, record.seed, Match(game, replace(record, moves=whole[:at])).decision(0), PEOPLE)
    assert advice.wait(60) and advice.error is None and advice.move.text() == played  # as the table asks, in a worker


def with_a_person(game_id: str) -> Record:
    return new_record(game_id, ("human",) + PLAYERS[game_id][1:] + ("quick",))


def play_with(record: Record, person_moves, upto: int) -> tuple[tuple[int, str], ...]:
    """Play on to ``upto`` moves, the person at seat 0 making ``person_moves`` in turn (the first ones
    already made in ``record``), the computers fresh."""
    game = GAMES[record.game]
    match = Match(game, record, computers(record))
    mine = sum(1 for seat, _ in record.moves if seat == 0)
    while match.moves_made < upto and not match.over:
        match.play(max_moves=upto)
        if 0 in match.people_to_move() and match.moves_made < upto:
            move = game.parse_move(person_moves[mine])
            if move not in match.legal_moves(0):
                break  # the computers played another game: the comparison tells
            match.submit(0, move)
            mine += 1
    return match.record.moves


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_after_an_undo_the_computers_decide_as_before(game_id):
    record = with_a_person(game_id)
    game = GAMES[game_id]
    # The person plays as the medium player would; the computers as themselves.
    plan = play_out(game, record, {0: make_agent("medium", game, 0, 99), **computers(record)}, max_moves=MOVES)
    person_moves = [text for seat, text in plan.record.moves if seat == 0]
    whole = play_with(record, person_moves, MOVES)
    mine = [i for i, (seat, _) in enumerate(whole) if seat == 0]
    assert len(mine) >= 4
    for cut in (mine[1], mine[len(mine) // 2], mine[-1]):  # the table cuts the record at the person's move
        assert play_with(replace(record, moves=whole[:cut]), person_moves, MOVES) == whole, f"undone at {cut}"


def test_a_guided_games_written_moves_go_on_where_they_were():
    """A scripted seat reads its written moves by the decision's number, then its player takes over."""
    game = GAMES["take5"]
    record = new_record("take5", ("random", "quick", "medium"))
    whole = straight_through(record, 40)
    written = {s: [game.parse_move(text) for seat, text in whole if seat == s][:5] for s in (1, 2)}

    def scripted(record):
        return {0: make_agent("random", game, 0, record.seed),
                **{s: ScriptedAgent(s, written[s], make_agent(record.seats[s].player, game, s, record.seed, PEOPLE))
                   for s in (1, 2)}}

    assert play_out(game, record, scripted(record), max_moves=40).record.moves == whole
    for at in (4, 13, 26):
        again = play_out(game, replace(record, moves=whole[:at]), scripted(record), max_moves=40)
        assert again.record.moves == whole, f"continued after {at} moves"


def test_the_shipped_hard_player_in_a_worker_continues_and_hints_as_it_played():
    """Take 5's hard player as the table runs it (a worker process), its reading of the others from the
    earlier turns: a continued game and a hint decide as the game played straight through."""
    game = GAMES["take5"]
    record = new_record("take5", (HINT_PLAYER, "medium", "greedy", "random"))
    whole = straight_through(record, 30)
    assert continued(record, whole, 17, make=make_table_agent) == whole
    [(at, played)] = seat_zero_decisions(record, whole, 1)
    advice = Advice(HINT_PLAYER, game, record.seed, Match(game, replace(record, moves=whole[:at])).decision(0))
    assert advice.wait(60) and advice.error is None and advice.move.text() == played
