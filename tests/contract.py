"""The consistency checks every game must pass, shared by the games' tests.

``random_playout`` plays a seeded game with random agents and checks the
contract after every move: every seat to move has a legal move and no other
seat has one, each chosen move's text parses back to it, apply is a pure
function (checked on every 5th move), and the game-specific invariant holds.
It returns the end state and the record, so the caller can also check the
replay.

``agent`` builds the agent of each seat from (seed, seat); by default the
uniform ``RandomAgent``. Games whose end needs some sense in play (a
bidding game where random bids always fail) pass a random agent that
bids with care.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from fiftyfifty_desktop.ai import RandomAgent
from fiftyfifty_desktop.engine import Game
from fiftyfifty_desktop.engine.records import Record, Seat

MAX_MOVES = 100_000
DETERMINISM_EVERY = 5  # re-apply every 5th move: the same state and move must give the same result


def random_playout(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    invariant: Callable[[Any], None] | None = None,
    agent: Callable[[int, int], Any] = RandomAgent,
) -> tuple[Any, Record]:
    state = game.new_game(players, options or {}, seed)[0]
    agents = [agent(seed, s) for s in range(players)]
    moves = []
    for _ in range(MAX_MOVES):
        if invariant is not None:
            invariant(state)
        seats = game.to_move(state)
        if not seats:
            assert game.is_over(state)
            assert game.winners(state), "a finished game has at least one winner"
            break
        assert not game.winners(state), "no winners before the end"
        seat = seats[0]
        legal = game.legal_moves(state, seat)
        assert legal, f"seat {seat} is to move but has no legal move"
        for other in range(players):
            if other not in seats:
                assert not game.legal_moves(state, other), f"seat {other} has moves but is not to move"
        move = agents[seat].choose(None, legal)
        assert game.parse_move(move.text()) == move
        before = state
        state, events = game.apply(state, seat, move)
        assert isinstance(events, tuple)
        moves.append((seat, move.text()))
        if len(moves) % DETERMINISM_EVERY == 0:
            assert game.apply(before, seat, move) == (state, events), "apply is not a pure function"
    else:  # pragma: no cover
        raise AssertionError(f"the game did not end within {MAX_MOVES} moves")
    return state, replace(computer_record(game, players, seed, options), moves=tuple(moves))


def computer_record(game: Game, players: int, seed: int, options: dict[str, Any] | None = None) -> Record:
    """A new record with a computer at every seat."""
    seats = tuple(Seat(f"Computer {s + 1}", "random") for s in range(players))
    return Record(game.id, players, game.resolve_options(players, options or {}), seats, seed)
