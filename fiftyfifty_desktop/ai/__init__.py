"""Computer opponents. Agents see one seat's view and its legal moves, never
the full state, and draw chance only from their own seeded generator."""

from __future__ import annotations

from typing import Callable

from ..engine import Game
from ..engine.match import Agent
from .agents import RandomAgent, agent_source
from .personalities import Personality, load_personalities

#: The strength ladder: how to build an agent of each strength.
#: Each factory takes (game, seat, seed, personality or None).
LADDER: dict[str, Callable[[Game, int, int, Personality | None], Agent]] = {
    "random": lambda game, seat, seed, person: RandomAgent(seed, seat),
}


def make_agent(player: str, game: Game, seat: int, seed: int,
               personalities: tuple[Personality, ...] | None = None) -> Agent:
    """The agent for a seat: ``player`` is a strength (``random``...) or an opponent id.

    Raises ``ValueError`` with a one-line message for an unknown name.
    """
    if player in LADDER:
        return LADDER[player](game, seat, seed, None)
    for person in personalities if personalities is not None else load_personalities():
        if person.id == player:
            if not person.plays(game.id):
                raise ValueError(f"{person.name} does not play {game.name}")
            if person.strength not in LADDER:
                raise ValueError(f"{person.name}'s strength {person.strength!r} is not available")
            return LADDER[person.strength](game, seat, seed, person)
    raise ValueError(f"no computer opponent is called {player!r} (try {', '.join(LADDER)} or an id from config/ai)")


__all__ = ["LADDER", "Personality", "RandomAgent", "agent_source", "load_personalities", "make_agent"]
