"""Play a game out with one agent per seat: the loop shared by the CLI,
the arena and tests."""

from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

from .game import Event, Game, Move, State


class Agent(Protocol):
    """Anything that picks a legal move from a seat's view.

    An agent whose ``uses_view`` attribute is False is given ``None`` for the
    view, which saves building one on every move of a fast playout.
    """

    def choose(self, view: Any, legal: tuple[Move, ...]) -> Move: ...


def play_out(
    game: Game,
    state: State,
    agents: Sequence[Agent],
    on_move: Callable[[int, Move, State, tuple[Event, ...]], None] | None = None,
    until: Callable[[State], bool] | None = None,
) -> tuple[State, list[tuple[int, Move]]]:
    """Let the agents play until the game ends (or ``until(state)`` holds, the end
    of a deal, say); return the end state and the moves made."""
    moves: list[tuple[int, Move]] = []
    while True:
        seats = game.to_move(state)
        if not seats or (until is not None and until(state)):
            return state, moves
        seat = seats[0]
        agent = agents[seat]
        view = game.view(state, seat) if getattr(agent, "uses_view", True) else None
        move = agent.choose(view, game.legal_moves(state, seat))
        state, events = game.apply(state, seat, move)
        moves.append((seat, move))
        if on_move is not None:
            on_move(seat, move, state, events)
