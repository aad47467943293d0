"""A computer seat that plays written moves first: the opponents of a guided first game.

The guided game (``tutorials.py``) fixes the deal and what every computer
seat plays, so the notes can talk about cards that are really there. When a
seat's written moves run out, the game goes on freely and ``then`` (a real
computer player) chooses.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..engine.game import Move
from ..engine.match import Agent


class ScriptEnded(RuntimeError):
    """A seat with no written move left and no player to take over was asked to move."""


class ScriptedAgent:
    """The seat's written moves in order, one per decision: the decision's number
    (``len(seen)``) says which, so a guided game taken back or rebuilt goes on where it was."""

    uses_view = True

    def __init__(self, seat: int, moves: Iterable[Move], then: Agent | None = None) -> None:
        self.seat = seat
        self.moves = tuple(moves)
        self.then = then

    def choose(self, view: Any, legal: tuple[Move, ...], seen: Sequence[Any]) -> Move:
        if len(seen) < len(self.moves):
            move = self.moves[len(seen)]
            if move not in legal:
                raise ScriptEnded(f"seat {self.seat}: the written move {move.text()} is not legal here")
            return move
        if self.then is None:
            raise ScriptEnded(f"seat {self.seat} has no written move left")
        return self.then.choose(view, legal, seen)
