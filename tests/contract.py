"""The consistency checks every game must pass, shared by the games' tests.

``random_playout`` plays a seeded game through a :class:`Match` with random
agents and checks the contract after the deal and every move: every seat to
move has a legal move and no other seat has one, each move's text parses
back to it, apply is a pure function (checked on every 5th move), and the
game-specific invariant holds. It returns the end state and the record, so
the caller can also check the replay.

``agent`` builds the agent of each seat from (seed, seat); by default the
uniform ``RandomAgent``. Games whose end needs some sense in play (a
bidding game where random bids always fail) pass a random agent that
bids with care.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator

from fiftyfifty_desktop.ai import RandomAgent
from fiftyfifty_desktop.engine import Event, Game, Move
from fiftyfifty_desktop.engine.match import Match
from fiftyfifty_desktop.engine.records import Record, Seat

MAX_MOVES = 100_000
DETERMINISM_EVERY = 5  # re-apply every 5th move: the same state and move must give the same result


class ContractChecker:
    """Checks the contract on the deal and after every move of a match (its ``trace``)."""

    def __init__(self, game: Game, invariant: Callable[[Any], None] | None = None) -> None:
        self.game = game
        self.invariant = invariant
        self.before: Any = None
        self.moves = 0

    def check(self, state: Any) -> None:
        game = self.game
        if self.invariant is not None:
            self.invariant(state)
        seats = game.to_move(state)
        if not seats:
            assert game.is_over(state)
            assert game.winners(state), "a finished game has at least one winner"
        else:
            assert not game.winners(state), "no winners before the end"
            for seat in range(game.players(state)):
                legal = game.legal_moves(state, seat)
                if seat in seats:
                    assert legal, f"seat {seat} is to move but has no legal move"
                else:
                    assert not legal, f"seat {seat} has moves but is not to move"
        self.before = state

    def after_move(self, seat: int, move: Move, state: Any, events: tuple[Event, ...]) -> None:
        assert self.game.parse_move(move.text()) == move
        assert isinstance(events, tuple) and all(isinstance(e, Event) for e in events)
        self.moves += 1
        if self.moves % DETERMINISM_EVERY == 0:
            assert self.game.apply(self.before, seat, move) == (state, events), "apply is not a pure function"
        self.check(state)


def random_playout(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    invariant: Callable[[Any], None] | None = None,
    agent: Callable[[int, int], Any] = RandomAgent,
) -> tuple[Any, Record]:
    checker = ContractChecker(game, invariant)
    agents = {s: agent(seed, s) for s in range(players)}
    match = Match(game, computer_record(game, players, seed, options), agents, trace=checker.after_move)
    checker.check(match.full_state())
    match.play(max_moves=MAX_MOVES)
    assert match.over, f"the game did not end within {MAX_MOVES} moves"
    return match.full_state(), match.record


def computer_record(game: Game, players: int, seed: int, options: dict[str, Any] | None = None) -> Record:
    """A new record with a computer at every seat."""
    seats = tuple(Seat(f"Computer {s + 1}", "random") for s in range(players))
    return Record(game.id, players, game.resolve_options(players, options or {}), seats, seed)


def random_moments(game: Game, count: int, seed: int, players: tuple[int, int], options: dict[str, Any] | None = None,
                   keep: Callable[[Any], bool] = lambda state: True) -> Iterator[Any]:
    """``count`` states met in seeded games of ``players`` (fewest, most) seats played at random, where ``keep``
    takes them: positions for checking a fast copy of the rules against the rules themselves."""
    source = random.Random(seed)
    found = game_seed = 0
    while found < count:
        game_seed += 1
        state = game.new_game(source.randint(*players), options or {}, game_seed)[0]
        while not game.is_over(state) and found < count:
            if keep(state):
                found += 1
                yield state
            seat = game.to_move(state)[0]
            legal = game.legal_moves(state, seat)
            state, _ = game.apply(state, seat, legal[source.randrange(len(legal))])
