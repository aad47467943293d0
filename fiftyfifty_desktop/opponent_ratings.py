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

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Mapping, TypeVar

from .config import ConfigError, load_yaml
from .engine.records import Record, Seat
from .rating import HUMAN, START_RD, PersonRating, Rating, rate_people
from .registry import GAMES
from .resources import resource_path

if TYPE_CHECKING:
    from .stats_db import StatsDB, StoredGame, StoredSeat

RATINGS_FILE = "ratings.yaml"
RATINGS_PATH = resource_path("config", "ai", RATINGS_FILE)
#: Bounds of a stored rating: the fit keeps every rating within 0..3000.
RATING_RANGE = (0.0, 3000.0)

OpponentRatings = dict[str, dict[str, Rating]]
_Seat = TypeVar("_Seat", "Seat", "StoredSeat")


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


def person_ratings(db: StatsDB, opponents: OpponentRatings, game: str | None = None,
                   aliases: Mapping[str, str] | None = None) -> dict[str, dict[str, PersonRating]]:
    """Per game, each person's rating folded from the stored games, oldest first, a human seat named in
    ``aliases`` counting as the name it stands for (as ``StatsDB.figures`` counts it); raises ``StatsError``."""
    return _rated(_oldest_first(db, game, aliases or {}), opponents)


def rating_change(db: StatsDB, opponents: OpponentRatings, record: Record,
                  aliases: Mapping[str, str] | None = None) -> dict[str, tuple[Rating, Rating]]:
    """Each person whom ``record``'s game rated, by name (``aliases`` applied): their rating before the game and
    after it. Nothing when the newest stored game of its kind is not this one (it could not be stored).
    Raises ``StatsError``."""
    aliases = aliases or {}
    stored = _oldest_first(db, record.game, aliases)
    if not stored or (stored[-1].number, [s.name for s in stored[-1].seats]) != (
            record.seed, [_named(s, aliases).name for s in record.seats]):
        return {}
    before = _rated(stored[:-1], opponents).get(record.game, {})
    after = _rated(stored, opponents).get(record.game, {})
    return {name: (before[name].current if name in before else Rating(), rated.current)
            for name, rated in after.items() if rated.games > (before[name].games if name in before else 0)}


def _oldest_first(db: StatsDB, game: str | None, aliases: Mapping[str, str]) -> list[StoredGame]:
    stored = db.history(game)
    stored.reverse()
    if not aliases:
        return stored
    return [replace(g, seats=tuple(_named(s, aliases) for s in g.seats)) for g in stored]


def _named(seat: _Seat, aliases: Mapping[str, str]) -> _Seat:
    """A human seat under the name it counts as."""
    return replace(seat, name=aliases[seat.name]) if seat.player == HUMAN and seat.name in aliases else seat


def _rated(stored: list[StoredGame], opponents: OpponentRatings) -> dict[str, dict[str, PersonRating]]:
    return rate_people(stored, opponents, {game_id: rules.lower_score_wins for game_id, rules in GAMES.items()})


__all__ = ["ConfigError", "OpponentRatings", "RATINGS_PATH", "load_opponent_ratings", "person_ratings", "rating_change",
           "ratings_yaml"]
