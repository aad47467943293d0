"""What each seat has seen at its decisions: the memory computer players are handed.

A computer player keeps no memory of its own. With each decision the match
hands it, besides the seat's view and legal moves, ``seen``: the views that
seat was shown at its earlier decisions this game, oldest first. Each view
already holds what is public of the game so far (Take 5's reveals, a
trick's cards, Thirteen's ask log), so together with the seat's own moves
these are the seat's information state under perfect recall. The match
works them out from its record as it goes (:class:`Recall`), so a match
rebuilt from a saved record (Continue, undo), a hint and a stand-in at a
dropped network seat all hand a seat the same ``seen`` as a game played
straight through, and the same player decides the same way.

A seat's decision begins when it comes to move. A seat still to move after
another seat's move (the others' hidden choices in Take 5) faces the same
decision, judged on what it saw when the decision began; a seat to move
again after its own move faces a new one. So how many decisions came
before (``len(seen)``) numbers the seat's decisions, and an agent's chance
for a decision is drawn from the game seed, the seat and that number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .game import AnyGame, Move, State

#: A seat's view: each game has its own view class; the recall passes them on unread.
View = Any


@dataclass(frozen=True)
class Decision:
    """What a seat decides on: its view and legal moves when the decision began, and
    ``seen``, its views at its earlier decisions this game (oldest first)."""

    seat: int
    view: View
    legal: tuple[Move, ...]
    seen: tuple[View, ...]


class Recall:
    """Every seat's decisions so far: told each state of the game as it comes
    (:meth:`observe`), it answers a seat's :meth:`decision` without replaying.

    It keeps the state each decision began in and works a seat's views out
    only when they are asked for, once each: a fast playout of players that
    read no view builds none.
    """

    def __init__(self, game: AnyGame, opening: State) -> None:
        self._game = game
        players = game.players(opening)
        self._began: list[list[State]] = [[] for _ in range(players)]  # per seat: where each decision began
        self._views: list[list[View]] = [[] for _ in range(players)]  # per seat: the views worked out so far
        self._to_move: tuple[int, ...] = ()
        self.observe(opening, None)

    def observe(self, state: State, mover: int | None) -> None:
        """The game is now at ``state``, after a move by ``mover`` (None: the opening deal)."""
        to_move = self._game.to_move(state)
        for seat in to_move:
            if seat == mover or seat not in self._to_move:
                self._began[seat].append(state)
        self._to_move = to_move

    def began(self, seat: int) -> State:
        """The full state the seat's current (or last) decision began in: only for a
        measuring player that sees every hidden card, never one at a table."""
        return self._began[seat][-1]

    def decision(self, seat: int, views: bool = True) -> Decision:
        """The decision ``seat`` faces now; without ``views``, the view and each earlier
        one are None (for a player that reads none: only their number counts).

        Raises ``ValueError`` if the seat is not to move."""
        if seat not in self._to_move:
            raise ValueError(f"seat {seat} is not to move")
        began = self._began[seat]
        legal = self._game.legal_moves(began[-1], seat)
        if not views:
            return Decision(seat, None, legal, (None,) * (len(began) - 1))
        shown = self._views[seat]
        for state in began[len(shown):]:
            shown.append(self._game.view(state, seat))
        return Decision(seat, shown[-1], legal, tuple(shown[:-1]))
