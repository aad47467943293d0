"""The ``stats`` and ``history`` commands: the stored figures and games, and ``history --export``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .usage import PROG, UsageError, write_record
from .registry import GAMES, get_game


def open_stats_db():
    """The statistics database of this user (``FIFTYFIFTY_HOME`` honoured); a problem is one line."""
    from .stats_db import open_stats
    from .storage import Storage

    db, problem = open_stats(Storage().data_dir)
    if problem:
        print(f"{PROG}: {problem}", file=sys.stderr)
    if db is None:
        raise UsageError("the statistics database cannot be used")
    return db


def _game_filter(game_id: str | None) -> str | None:
    return None if game_id is None else get_game(game_id).id


def profile_aliases() -> dict[str, str]:
    """The names joined to the player's profile and the profile's name each counts as, as the window's
    statistics count them; a settings file that cannot be used is one line on stderr and no joined names."""
    from .storage import Storage

    profile, problem = Storage().saved_profile()
    if problem is not None:
        print(f"{PROG}: {problem}; no names are joined to the profile", file=sys.stderr)
    return profile.aliases()


def ratings_of(db, game: str | None, aliases: dict[str, str]) -> dict[str, Any]:
    """Each person's rating per game (``opponent_ratings``); an unusable ratings file is one line on stderr
    and no ratings."""
    from .opponent_ratings import ConfigError, load_opponent_ratings, person_ratings

    try:
        opponents = load_opponent_ratings()
    except ConfigError as exc:
        print(f"{PROG}: {exc}; ratings are not shown", file=sys.stderr)
        return {}
    return person_ratings(db, opponents, game, aliases)


def stats_command(args: argparse.Namespace) -> int:
    from .stats_db import StatsError
    from .stats_figures import figures_to_json

    game = _game_filter(args.game)
    db = open_stats_db()
    try:
        aliases = profile_aliases()
        figures = db.figures(game, aliases)
        ratings = ratings_of(db, game, aliases)
    except StatsError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        shown = figures_to_json(figures)
        for game_id, listed in shown["games"].items():
            for player in listed["players"]:
                rated = ratings.get(game_id, {}).get(player["name"])
                player["rating"] = None if rated is None else rated.to_json()
        print(json.dumps(shown))
        return 0
    if not figures:
        print("no games stored yet" + (f" for {game}" if game else ""))
    for game_id, shown in figures.items():
        print(f"{GAMES[game_id].name if game_id in GAMES else game_id}: {shown.stored} games stored, "
              f"{shown.watched} watched")
        for p in shown.players.values():
            average = "-" if p.average is None else f"{p.average:.1f}"
            rated = ratings.get(game_id, {}).get(p.name)
            rating = "not yet rated" if rated is None else f"rating {rated.current.shown()} ({rated.games} rated)"
            print(f"  {p.name}: played {p.played}, won {p.won} ({round(p.win_share * 100)}%), best "
                  f"{'-' if p.best is None else p.best}, average {average}, run {p.streak:+d}, longest winning run "
                  f"{p.best_streak}, unfinished {p.abandoned}, {rating}")
        for o in shown.opponents.values():
            print(f"  against {o.opponent}: {o.games} games, people won {o.people_won}, {o.opponent} won "
                  f"{o.opponent_won}")
    return 0


#: The ids the statistics database can hold (SQLite's signed 64-bit integers).
STORED_ID_RANGE = (-(2 ** 63), 2 ** 63 - 1)


def history_command(args: argparse.Namespace) -> int:
    from .stats_db import StatsError

    db = open_stats_db()
    if args.export is not None:
        if args.game is not None or args.limit is not None or args.json:
            raise UsageError("--export takes only ID and FILE")
        text_id, path = args.export
        try:
            game_id = int(text_id)
        except ValueError:
            raise UsageError(f"a stored game's id is a whole number, not {text_id!r}") from None
        if not STORED_ID_RANGE[0] <= game_id <= STORED_ID_RANGE[1]:  # SQLite's integers hold 64 bits
            raise UsageError(f"no stored game has the id {game_id}")
        try:
            stored = db.game(game_id)
        except StatsError as exc:
            raise UsageError(str(exc)) from None
        assert stored.record is not None
        write_record(Path(path), stored.record.to_json())
        return 0
    try:
        games = db.history(_game_filter(args.game), args.limit)
        if db.skipped:
            print(f"{PROG}: {db.skipped}", file=sys.stderr)
    except StatsError as exc:
        raise UsageError(str(exc)) from None
    from .storage import Storage
    from .uncounted import listed

    waiting, problems = listed(Storage().data_dir, GAMES, _game_filter(args.game), db)
    for problem in problems:
        print(f"{PROG}: {problem}", file=sys.stderr)
    if args.json:
        listing: dict[str, Any] = {"games": [g.summary() for g in games]}
        if waiting:
            listing["not_counted"] = [g.summary() for g in waiting]
        print(json.dumps(listing))
        return 0
    for g in [*waiting, *games]:
        seats = ", ".join(f"{s.name} {s.score}{' (won)' if s.winner else ''}" for s in g.seats)
        note = ("" if g.outcome == "finished" else f" [{g.outcome}]") + (" [not yet counted]" if g.id is None else "")
        print(f"{'-' if g.id is None else g.id:>6}  {g.finished_at}  {g.game:<10} {seats}{note}"
              f"{' [watched]' if g.watched else ''}")
    return 0
