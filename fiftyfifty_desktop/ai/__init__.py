"""Computer opponents. Agents see one seat's view, its legal moves and its views at
its earlier decisions, never the full state, and draw each decision's chance from
a generator of that decision's own (``agents.decision_source``)."""

from __future__ import annotations

from typing import Callable

from ..engine import AnyGame
from ..engine.match import Agent
from ..registry import entry
from .agents import PolicyAgent, RandomAgent, decision_source
from .medium import RulesPlayer
from .personalities import Personality, load_personalities
from .search import SearchAgent, SearchSettings, tuned
from .seer import Seer

class PlayerError(ValueError):
    """A computer player that cannot be built; the message is one line."""


def _knobs(person: Personality | None) -> dict[str, float]:
    return dict(person.knobs) if person is not None else {}


def _rules_player(game: AnyGame) -> RulesPlayer:
    player: RulesPlayer | None = entry(game.id).load("rule_player")
    if player is None:
        raise PlayerError(f"{game.name} has no rule-based computer player yet")
    return player


def _random(game: AnyGame, seat: int, seed: int, person: Personality | None) -> Agent:
    """Any allowed move at random; a personality's knobs keep it to the moves the game's beginner makes with them
    (a Fifty-Five beginner bids no higher than its boldness reaches)."""
    knobs = _knobs(person)
    beginner = entry(game.id).load("beginner") if knobs else None
    if beginner is None:
        return RandomAgent(seed, seat)
    return PolicyAgent(seed, seat, lambda source: beginner(seat, source, knobs))


def _medium(game: AnyGame, seat: int, seed: int, person: Personality | None) -> Agent:
    rules, knobs = _rules_player(game), _knobs(person)
    return PolicyAgent(seed, seat, lambda source: rules(seat, source, knobs))


def _hard(game: AnyGame, seat: int, seed: int, person: Personality | None) -> Agent:
    knobs = _knobs(person)
    return SearchAgent(game, seat, seed, _rules_player(game), tuned(entry(game.id).load("search"), knobs), knobs)


#: The strength ladder: how to build an agent of each strength.
#: Each factory takes (game, seat, seed, personality or None).
LADDER: dict[str, Callable[[AnyGame, int, int, Personality | None], Agent]] = {
    "random": _random,
    "medium": _medium,
    "hard": _hard,
}

#: Outside baselines for measuring (``arena``, ``simulate``), not offered at the table, as the
#: game's registry entry names them: its ``greedy`` player and ``mc:W``, Monte Carlo over W worlds.
MC_MAX_WORLDS = 100_000


def _baseline(player: str, game: AnyGame, seat: int, seed: int) -> Agent | None:
    """The baseline called ``player`` (``greedy``, ``mc:W``, the measuring-only ``seer``), or None if it names none."""
    if player == "greedy":
        greedy = entry(game.id).load("greedy")
        if greedy is None:
            raise PlayerError(f"{game.name} has no greedy player")
        agent: Agent = greedy(seed, seat)
        return agent
    if player == "seer":
        return Seer(game, seat, seed)
    if player.startswith("mc:"):
        monte_carlo = entry(game.id).load("monte_carlo")
        if monte_carlo is None:
            raise PlayerError(f"{game.name} has no Monte Carlo player (mc:W)")
        count = player[3:]
        if not count.isdigit() or not 1 <= int(count) <= MC_MAX_WORLDS:
            raise PlayerError(f"mc needs a number of worlds from 1 to {MC_MAX_WORLDS}, like mc:64, not {player!r}")
        sampler: Agent = monte_carlo(game, seed, seat, int(count))
        return sampler
    return None


def make_agent(player: str, game: AnyGame, seat: int, seed: int,
               personalities: tuple[Personality, ...] | None = None) -> Agent:
    """The agent for a seat: ``player`` is a strength (``random``...), a baseline
    (``greedy``, ``mc:W``) or an opponent id.

    Raises :class:`PlayerError` (a ``ValueError``) with a one-line message for an unknown name.
    """
    if player in LADDER:
        return LADDER[player](game, seat, seed, None)
    baseline = _baseline(player, game, seat, seed)
    if baseline is not None:
        return baseline
    for person in personalities if personalities is not None else load_personalities():
        if person.id == player:
            if not person.plays(game.id):
                raise PlayerError(f"{person.name} does not play {game.name}")
            if person.strength not in LADDER:
                raise PlayerError(f"{person.name}'s strength {person.strength!r} is not available")
            return LADDER[person.strength](game, seat, seed, person)
    raise PlayerError(f"no computer opponent is called {player!r} (try {', '.join(LADDER)}, greedy, "
                      "mc:64 or an id from config/ai)")


__all__ = ["LADDER", "Personality", "PlayerError", "RandomAgent", "SearchAgent", "SearchSettings", "decision_source",
           "load_personalities", "make_agent"]

