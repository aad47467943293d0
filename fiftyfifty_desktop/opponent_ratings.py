"""The computer opponents' measured ratings (``config/ai/ratings.yaml``) and the people's ratings from the
statistics database.

The opponents' ratings are data, measured once in the arena by
``scripts/rate_opponents.py``; a person's rating is recomputed from the stored
games every time (a few thousand games fold in milliseconds), so it can never
disagree with them. The file looks like::

    measured: {tables: 20, seed: 1}
    games:
      take5:
        dice: {rating: 1180.2, rd: 95.3}
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .config import ConfigError, load_yaml
from .rating import START_RD, PersonRating, Rating, rate_people
from .registry import GAMES
from .resources import resource_path

if TYPE_CHECKING:
    from .stats_db import StatsDB

RATINGS_FILE = "ratings.yaml"
RATINGS_PATH = resource_path("config", "ai", RATINGS_FILE)
#: Bounds of a stored rating: the fit keeps every rating within 0..3000.
RATING_RANGE = (0.0, 3000.0)

OpponentRatings = dict[str, dict[str, Rating]]


def load_opponent_ratings(path: Path | None = None) -> OpponentRatings:
    """Per game, each computer opponent's fixed rating; raises :class:`ConfigError` (one line) for a bad file."""
    shown = f"config/ai/{RATINGS_FILE}" if path is None else str(path)
    root = load_yaml(path or RATINGS_PATH, shown).mapping(["measured", "games"])
    measured = root["measured"].mapping(["tables", "seed"])
    measured["tables"].integer(1, 10**9)
    measured["seed"].integer(0, 2**63)
    out: OpponentRatings = {}
    for game_id, players in root["games"].mapping(optional=GAMES).items():
        if not isinstance(players.value, dict):
            raise players.fail("must be a mapping of opponents' ids to their ratings")
        out[game_id] = {}
        for player, node in players.value.items():
            if not player.replace("_", "").isalnum() or not player.islower():
                raise node.fail("must be an opponent's id (lower-case letters, digits and _)")
            fields = node.mapping(["rating", "rd"])
            out[game_id][player] = Rating(fields["rating"].number(*RATING_RANGE), fields["rd"].number(1.0, START_RD))
    return out


def ratings_yaml(rated: OpponentRatings, command: str, tables: int, seed: int) -> str:
    """The file :func:`load_opponent_ratings` reads, with a note of the command that measured it."""
    lines = ["# The computer opponents' Glicko-2 ratings per game, measured in the arena (docs/rating.md).",
             f"# Written by: {command}", "# Do not edit by hand: run the script again.",
             f"measured: {{tables: {tables}, seed: {seed}}}", "games:"]
    for game_id, players in rated.items():
        lines.append(f"  {game_id}:")
        for player, r in sorted(players.items(), key=lambda item: (-item[1].rating, item[0])):
            lines.append(f"    {player}: {{rating: {r.rating:.1f}, rd: {r.rd:.1f}}}")
    return "\n".join(lines) + "\n"


def person_ratings(db: StatsDB, opponents: OpponentRatings,
                   game: str | None = None) -> dict[str, dict[str, PersonRating]]:
    """Per game, each person's rating folded from the stored games, oldest first; raises ``StatsError``."""
    stored = db.history(game)
    stored.reverse()
    return rate_people(stored, opponents, {game_id: rules.lower_score_wins for game_id, rules in GAMES.items()})


__all__ = ["ConfigError", "OpponentRatings", "RATINGS_PATH", "load_opponent_ratings", "person_ratings", "ratings_yaml"]
