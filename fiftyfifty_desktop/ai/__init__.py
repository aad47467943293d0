"""Computer opponents. Agents see one seat's view and its legal moves, never
the full state, and draw chance only from their own seeded generator."""

from __future__ import annotations

from typing import Callable

from ..engine import Game
from ..engine.match import Agent
from ..registry import entry
from .agents import RandomAgent, agent_source
from .medium import RulesPlayer
from .personalities import Personality, load_personalities
from .search import SearchAgent, SearchSettings, tuned

class PlayerError(ValueError):
    """A computer player that cannot be built; the message is one line."""


def _knobs(person: Personality | None) -> dict[str, float]:
    return dict(person.knobs) if person is not None else {}


def _rules_player(game: Game) -> RulesPlayer:
    player: RulesPlayer | None = entry(game.id).load("rule_player")
    if player is None:
        raise PlayerError(f"{game.name} has no rule-based computer player yet")
    return player


def _medium(game: Game, seat: int, seed: int, person: Personality | None) -> Agent:
    return _rules_player(game)(seat, agent_source(seed, seat), _knobs(person))


def _hard(game: Game, seat: int, seed: int, person: Personality | None) -> Agent:
    knobs = _knobs(person)
    return SearchAgent(game, seat, seed, _rules_player(game), tuned(entry(game.id).load("search"), knobs), knobs)


#: The strength ladder: how to build an agent of each strength.
#: Each factory takes (game, seat, seed, personality or None).
LADDER: dict[str, Callable[[Game, int, int, Personality | None], Agent]] = {
    "random": lambda game, seat, seed, person: RandomAgent(seed, seat),
    "medium": _medium,
    "hard": _hard,
}


def make_agent(player: str, game: Game, seat: int, seed: int,
               personalities: tuple[Personality, ...] | None = None) -> Agent:
    """The agent for a seat: ``player`` is a strength (``random``...) or an opponent id.

    Raises :class:`PlayerError` (a ``ValueError``) with a one-line message for an unknown name.
    """
    if player in LADDER:
        return LADDER[player](game, seat, seed, None)
    for person in personalities if personalities is not None else load_personalities():
        if person.id == player:
            if not person.plays(game.id):
                raise PlayerError(f"{person.name} does not play {game.name}")
            if person.strength not in LADDER:
                raise PlayerError(f"{person.name}'s strength {person.strength!r} is not available")
            return LADDER[person.strength](game, seat, seed, person)
    raise PlayerError(f"no computer opponent is called {player!r} (try {', '.join(LADDER)} or an id from config/ai)")


__all__ = ["LADDER", "Personality", "PlayerError", "RandomAgent", "SearchAgent", "SearchSettings", "agent_source",
           "load_personalities", "make_agent"]
