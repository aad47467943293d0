"""How a computer seat draws its chance, and the simplest agents of the ladder.

No agent keeps a generator that runs on from one decision to the next: each
decision's chance comes from :func:`decision_source`, derived from the game
seed, the seat and how many decisions the seat made before (``len(seen)``,
see ``engine/recall.py``). So a fresh agent at a seat's k-th decision (a
continued game, a hint, a network stand-in) draws what the agent that made
the first k would have drawn, and a game with computer seats replays
exactly.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol, Sequence

from ..engine import Move


def decision_source(seed: int, seat: int, decision: int) -> random.Random:
    """The generator of ``seat``'s decision number ``decision`` (from 0) in the game ``seed``."""
    return random.Random(f"agent:{seed}:{seat}:{decision}")


class Policy(Protocol):
    """A rule of play: a move from a view and the legal moves alone (the rule-based players,
    which the search also plays its rollouts with)."""

    def choose(self, view: Any, legal: tuple[Move, ...]) -> Move: ...


class PolicyAgent:
    """A rule of play at a seat: built afresh for every decision by ``build`` from that
    decision's own generator, so nothing carries over from one decision to the next."""

    def __init__(self, seed: int, seat: int, build: Callable[[random.Random], Policy], uses_view: bool = True) -> None:
        self._seed = seed
        self._seat = seat
        self._build = build
        self.uses_view = uses_view

    def choose(self, view: Any, legal: tuple[Move, ...], seen: Sequence[Any]) -> Move:
        return self._build(decision_source(self._seed, self._seat, len(seen))).choose(view, legal)


class Uniform:
    """Chooses uniformly among the legal moves, on the generator it is given."""

    def __init__(self, source: random.Random) -> None:
        self._source = source

    def choose(self, view: Any, legal: tuple[Move, ...]) -> Move:
        return legal[int(self._source.random() * len(legal))]


class RandomAgent(PolicyAgent):
    """The ``random`` rung: a uniformly random legal move; it reads no view."""

    def __init__(self, seed: int, seat: int) -> None:
        super().__init__(seed, seat, Uniform, uses_view=False)
