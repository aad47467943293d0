"""Every finished game, kept in ``statistics.sqlite3`` in the user data folder.

The standard library's ``sqlite3`` is the embedded database: no server, one
file, written in WAL mode with one transaction per stored game, so a crash
keeps either the whole game or none of it. ``PRAGMA user_version`` holds the
schema version; the steps of ``stats_schema.py`` take an older file up to the
current one.

Only a file proven unreadable is renamed aside (never deleted) and a fresh one
started; a passing error (a full disk, a locked or read-only file) and a file a
newer program wrote leave it alone. Every problem comes back as one line and the
caller plays on, keeping the game in ``uncounted/`` (see ``uncounted.py``): the
statistics are never allowed to stop a game or lose one.

The engine stays pure: this module reads finished records (replaying them for
scores and winners) and knows nothing of screens.
"""

from __future__ import annotations

import functools
import json
import sqlite3
import zlib
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping

from .engine import GameError
from .engine.records import Record, parse_record, replay
from .engine.strict_json import loads
from .registry import GAMES
from .stats_figures import GameFigures, OpponentFigures, PlayerFigures
from .stats_schema import MIGRATIONS, TABLES, VERSION
from .textfiles import RECORD_LIMIT, first_line, keep_aside

FILE_NAME = "statistics.sqlite3"
HUMAN = "human"
#: How a stored game ended: played to the end, given up by its people, or left unfinished.
FINISHED, RESIGNED, ABANDONED = "finished", "resigned", "abandoned"
OUTCOMES = (FINISHED, RESIGNED, ABANDONED)
#: Seconds a write waits for another connection before the file counts as locked.
BUSY_TIMEOUT = 0.5
#: Seconds a program bringing an old file up to date waits for another doing the same.
MIGRATION_WAIT = 30.0



class StatsError(Exception):
    """The statistics database could not be used (one line)."""


class NewerDatabase(StatsError):
    """The file was written by a newer version of the program: it is left as it is, never set aside."""


class DamagedDatabase(Exception):
    """The file is proven unreadable (a failed check, a schema version or tables no version writes),
    the only case in which it is set aside."""


#: SQLite's own words for a file that is not a readable database; every other error may pass.
_UNREADABLE = {"SQLITE_NOTADB", "SQLITE_CORRUPT"}


def _one_line_errors(method):
    """Any SQLite failure after opening (a full disk, a file damaged or locked meanwhile) becomes a
    one-line ``StatsError``, which every caller shows and plays on."""
    @functools.wraps(method)
    def guarded(*args, **kwargs):
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as exc:
            raise StatsError(_busy_or(exc)) from None
    return guarded


@dataclass(frozen=True)
class StoredSeat:
    name: str
    player: str
    score: int
    winner: bool


@dataclass(frozen=True)
class StoredGame:
    """One game as the database keeps it."""

    game: str
    options: Mapping[str, Any]
    number: int
    finished_at: str  # ISO 8601, UTC
    duration: float  # seconds at the table
    undos: int
    outcome: str
    seats: tuple[StoredSeat, ...]
    record: Record | None  # None in a history listing, which leaves the records out
    id: int | None = None

    @property
    def watched(self) -> bool:
        """No person played: computers played alone while someone watched."""
        return all(seat.player != HUMAN for seat in self.seats)

    def summary(self) -> dict[str, Any]:
        """The game as ``history --json`` lists it."""
        return {"id": self.id, "game": self.game, "date": self.finished_at,
                "seats": [{"name": s.name, "player": s.player} for s in self.seats],
                "scores": [s.score for s in self.seats],
                "winners": [i for i, s in enumerate(self.seats) if s.winner],
                "outcome": self.outcome, "watched": self.watched}


def _stored_number(number: int) -> int | bytes:
    """A game number as the ``number`` column keeps it: a network table's 128-bit seed does not fit SQLite's
    64-bit integers, and digits given as text would become an inexact real, so those are kept as their digits in
    a blob (``int`` reads both back)."""
    return number if -(1 << 63) <= number < (1 << 63) else str(number).encode("ascii")


def _read_number(value: Any) -> int | None:
    """A stored game number back from the ``number`` column (an integer, or the digits of a long seed in a
    blob); None for anything else a damaged file may hold."""
    if _whole(value):
        return int(value)
    if isinstance(value, bytes) and 0 < len(value) <= 64 and value.lstrip(b"-").isdigit():
        return int(value)
    return None


def stored_game(record: Record, outcome: str = FINISHED, duration: float = 0.0, undos: int = 0,
                finished_at: datetime | None = None) -> StoredGame:
    """What to store of ``record``: its scores by replaying it, and its winners when it was played to the end.

    Raises ``StatsError`` for a record that does not replay, or one called
    finished that is not over.
    """
    if outcome not in OUTCOMES:
        raise StatsError(f"unknown outcome {outcome!r} (one of {', '.join(OUTCOMES)})")
    game = GAMES.get(record.game)
    if game is None:
        raise StatsError(f"unknown game {record.game!r}")
    try:
        state = replay(record, GAMES).state
    except GameError as exc:
        raise StatsError(f"the game's record does not replay: {exc}") from None
    over = game.is_over(state)
    if outcome == FINISHED and not over:
        raise StatsError("a game that is not over cannot be stored as finished")
    scores = game.scores(state)
    winners = set(game.winners(state)) if over else set()
    seats = tuple(StoredSeat(seat.name, seat.player, scores[i], i in winners) for i, seat in enumerate(record.seats))
    when = (finished_at or datetime.now(timezone.utc)).astimezone(timezone.utc)
    return StoredGame(record.game, dict(record.options), record.seed, when.isoformat(timespec="seconds"),
                      round(max(0.0, duration), 1), undos, outcome, seats, record)


# ----- the database ---------------------------------------------------------
class StatsDB:
    """The open statistics database. Use :func:`open_stats` to open one safely."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        #: The one-line notice of the damaged games the last :meth:`history` left out, or None.
        self.skipped: str | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
        try:
            self._check_version()  # before anything is written, so a newer program's file is left as it was
            if self.connection.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
                raise StatsError("the database cannot use write-ahead logging")
            self.connection.execute("PRAGMA synchronous = NORMAL")
            checked = self.connection.execute("PRAGMA quick_check").fetchone()[0]
            if checked != "ok":
                raise DamagedDatabase(f"damaged ({checked})")
            self._migrate()
            present = {row[0] for row in self.connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            missing = [table for table in TABLES if table not in present]
            if missing:
                raise DamagedDatabase(f"its table{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
                                      f"{'are' if len(missing) > 1 else 'is'} missing")
            self.connection.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            self.connection.close()
            raise

    def close(self) -> None:
        self.connection.close()

    @property
    def version(self) -> int:
        return self.connection.execute("PRAGMA user_version").fetchone()[0]

    def _check_version(self) -> None:
        version = self.version
        if version < 0:
            raise DamagedDatabase(f"its schema version {version} is not one any version of the program writes")
        if version > VERSION:
            raise NewerDatabase(f"{self.path.name} was written by a newer version of the program "
                                f"(schema {version}, this one reads up to {VERSION})")

    def _migrate(self) -> None:
        """Each step in one transaction, with the foreign keys off so a table can be rebuilt under its rows.
        Several programs opening an old file at once wait for each other (up to :data:`MIGRATION_WAIT`): the
        version is read again inside each step's transaction, so a step another one took is not taken twice."""
        version = self.version
        if version == VERSION:
            return
        self.connection.execute("PRAGMA foreign_keys = OFF")
        self.connection.execute(f"PRAGMA busy_timeout = {int(MIGRATION_WAIT * 1000)}")
        for step in range(version, VERSION):
            with self._transaction():
                if self.version > step:
                    continue
                for statement in MIGRATIONS[step].split(";"):
                    if statement.strip():
                        self.connection.execute(statement)
                self.connection.execute(f"PRAGMA user_version = {step + 1}")
        self.connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        self.connection.execute("PRAGMA foreign_keys = ON")

    def _transaction(self):
        return _Transaction(self.connection)

    # ----- writing --------------------------------------------------------
    @_one_line_errors
    def store(self, game: StoredGame, once: bool = False) -> int:
        """Keep one game and its seats in one transaction; its new id. With ``once``, a game stored already
        (the same game, deal, end, outcome and record) is not stored again, and its id is returned: a game
        kept for later may have been stored before its file could be removed."""
        with self._transaction():
            stored = self.stored_id(game) if once else None
            if stored is not None:
                return stored
            cursor = self.connection.execute(
                "INSERT INTO games (game, options, number, finished_at, duration, undos, outcome, watched)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game.game, json.dumps(dict(game.options), sort_keys=True), _stored_number(game.number), game.finished_at,
                 game.duration, game.undos, game.outcome, int(game.watched)))
            game_id = cursor.lastrowid
            assert game_id is not None
            self.connection.execute("INSERT INTO records (game_id, data) VALUES (?, ?)", (game_id, _record_data(game)))
            self.connection.executemany(
                "INSERT INTO seats (game_id, seat, name, player, score, winner) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, i, s.name, s.player, s.score, int(s.winner)) for i, s in enumerate(game.seats)])
        return game_id

    @_one_line_errors
    def stored_id(self, game: StoredGame) -> int | None:
        """The id of a stored game that is ``game`` (the same game, deal, end, outcome and record), or None."""
        wanted = None if game.record is None else game.record.to_json()
        for game_id, data in self.connection.execute(
                "SELECT id, data FROM games JOIN records ON records.game_id = games.id"
                " WHERE game = ? AND number = ? AND finished_at = ? AND outcome = ?",
                (game.game, _stored_number(game.number), game.finished_at, game.outcome)):
            try:
                if _record_text(data) == wanted:
                    return int(game_id)
            except (zlib.error, ValueError):  # a damaged record is no copy of this one
                continue
        return None

    @_one_line_errors
    def reset(self, game: str | None = None) -> int:
        """Forget every stored game (of ``game`` only, when given); how many were forgotten."""
        with self._transaction():
            where, args = ("WHERE game = ?", (game,)) if game else ("", ())
            return self.connection.execute(f"DELETE FROM games {where}", args).rowcount

    # ----- reading --------------------------------------------------------
    @_one_line_errors
    def count(self, game: str | None = None) -> int:
        where, args = ("WHERE game = ?", (game,)) if game else ("", ())
        return self.connection.execute(f"SELECT COUNT(*) FROM games {where}", args).fetchone()[0]

    @_one_line_errors
    def history(self, game: str | None = None, limit: int | None = None, skip: int = 0) -> list[StoredGame]:
        """Stored games, newest first, leaving out the ``skip`` newest (the record is read only by :meth:`game`)."""
        where, args = ("WHERE game = ?", [game]) if game else ("", [])
        rows = self.connection.execute(
            f"SELECT id, game, options, number, finished_at, duration, undos, outcome FROM games {where}"
            " ORDER BY id DESC LIMIT ? OFFSET ?", args + [-1 if limit is None else limit, skip]).fetchall()
        seats = self._seats([row[0] for row in rows])
        listed, damaged = [], []
        for row in rows:
            try:
                listed.append(_listed(row, seats.get(row[0], ())))
            except StatsError as exc:
                damaged.append(str(exc))
        self.skipped = (f"{len(damaged)} damaged stored game{'s were' if len(damaged) > 1 else ' was'} left out "
                        f"({damaged[0]})") if damaged else None
        return listed

    def _seats(self, ids: list[int]) -> dict[int, tuple[StoredSeat, ...]]:
        found: dict[int, list[StoredSeat]] = {}
        for chunk in range(0, len(ids), 500):
            part = ids[chunk:chunk + 500]
            marks = ",".join("?" * len(part))
            for game_id, name, player, score, winner in self.connection.execute(
                    f"SELECT game_id, name, player, score, winner FROM seats WHERE game_id IN ({marks})"
                    " ORDER BY game_id, seat", part):
                found.setdefault(game_id, []).append(StoredSeat(name, player, score, winner))
        return {k: tuple(v) for k, v in found.items()}

    @_one_line_errors
    def game(self, game_id: int) -> StoredGame:
        """One stored game with its whole record; raises ``StatsError`` for an unknown id."""
        row = self.connection.execute(
            "SELECT game, options, number, finished_at, duration, undos, outcome, data"
            " FROM games JOIN records ON records.game_id = games.id WHERE id = ?",
            (game_id,)).fetchone()
        if row is None:
            raise StatsError(f"no stored game has the id {game_id}")
        game, options, number, finished_at, duration, undos, outcome, data = row
        try:
            record = parse_record(_record_text(data), GAMES)
        except (GameError, zlib.error, ValueError) as exc:  # ValueError: also bad UTF-8
            raise StatsError(f"stored game {game_id} has an unreadable record: {first_line(exc)}") from None
        listed = _listed((game_id, game, options, number, finished_at, duration, undos, outcome),
                         self._seats([game_id]).get(game_id, ()))
        return replace(listed, record=record)

    @_one_line_errors
    def figures(self, game: str | None = None, aliases: Mapping[str, str] | None = None) -> dict[str, GameFigures]:
        """Per game: each human player's figures and each opponent's (watched games left out of both).
        ``aliases`` counts a human seat's name as another's (a stored name joined to the player's profile).

        The sums are counted by the database; only the runs of wins need the games in order.
        """
        only, args = ("AND g.game = ?", (game,)) if game else ("", ())
        person, named = _person(aliases or {})
        # A person counts once a game: a second seat of theirs (their own name beside one joined to it) is left out.
        earlier, earlier_named = _person(aliases or {}, "o.name")
        once = (f" AND NOT EXISTS (SELECT 1 FROM seats o WHERE o.game_id = s.game_id AND o.seat < s.seat"
                f" AND o.player = '{HUMAN}' AND typeof(o.name) = 'text' AND {earlier} = {person})")
        named += earlier_named + named  # the person's column, then the earlier seat's test
        out: dict[str, GameFigures] = {}
        for game_name, stored, watched in self.connection.execute(
                f"SELECT game, COUNT(*), SUM(watched) FROM games g WHERE typeof(game) = 'text' {only}"
                " GROUP BY game ORDER BY game", args):
            out[game_name] = GameFigures(game_name, stored, watched)
        # A seat whose score is not a whole number or whose name is not text (a damaged or edited file) counts in
        # no figure.
        people = (f"FROM games g JOIN seats s ON s.game_id = g.id WHERE s.player = '{HUMAN}' AND g.watched = 0"
                  f" AND typeof(s.score) = 'integer' AND typeof(s.name) = 'text' AND typeof(g.game) = 'text'"
                  f" AND s.winner IN (0, 1){once} {only}")
        for game_name, name, played, won, total, low, high, abandoned in self.connection.execute(
                f"SELECT g.game, {person} AS person, SUM(g.outcome != '{ABANDONED}'),"
                f" SUM(s.winner AND g.outcome != '{ABANDONED}'), SUM(CASE WHEN g.outcome != '{ABANDONED}' THEN s.score END),"
                f" MIN(CASE WHEN g.outcome != '{ABANDONED}' THEN s.score END),"
                f" MAX(CASE WHEN g.outcome != '{ABANDONED}' THEN s.score END), SUM(g.outcome = '{ABANDONED}')"
                f" {people} GROUP BY g.game, person ORDER BY g.game, person", named + args):
            rules = GAMES.get(game_name)
            best = low if rules is not None and rules.lower_score_wins else high
            out[game_name].players[name] = PlayerFigures(game_name, name, played, won, abandoned, best, total or 0)
        for game_name, name, score, won in self.connection.execute(
                f"SELECT g.game, {person}, s.score, s.winner {people} AND g.outcome != '{ABANDONED}' ORDER BY g.id",
                named + args):
            out[game_name].players[name].follow(score, bool(won))
        for game_name, opponent, games, people_won, opponent_won in self.connection.execute(
                "SELECT g.game, s.player, COUNT(*), SUM(w.people_won), SUM(s.won) FROM"
                f" (SELECT game_id, player, MAX(winner) AS won FROM seats WHERE player != '{HUMAN}'"
                " AND typeof(player) = 'text'"
                "  GROUP BY game_id, player) s"
                f" JOIN (SELECT game_id, MAX(player = '{HUMAN}' AND winner) AS people_won FROM seats GROUP BY game_id) w"
                "  ON w.game_id = s.game_id"
                f" JOIN games g ON g.id = s.game_id WHERE g.watched = 0 AND g.outcome != '{ABANDONED}'"
                f" AND typeof(g.game) = 'text' {only}"
                " GROUP BY g.game, s.player ORDER BY g.game, s.player", args):
            out[game_name].opponents[opponent] = OpponentFigures(game_name, opponent, games, people_won, opponent_won)
        return out


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any error; a busy file is a ``StatsError``."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def __enter__(self) -> None:
        try:
            self.connection.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise StatsError(_busy_or(exc)) from None

    def __exit__(self, kind, error, trace) -> None:
        if kind is None:
            try:
                self.connection.execute("COMMIT")
                return
            except sqlite3.Error:
                self._roll_back()
                raise
        self._roll_back()

    def _roll_back(self) -> None:
        """Undo what is left of the transaction; SQLite may have rolled it back already (a full disk does),
        and then the error that caused it is the one to report, not "cannot rollback"."""
        if self.connection.in_transaction:
            try:
                self.connection.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the error being raised says why the transaction failed


def _record_data(game: StoredGame) -> bytes:
    """The record's JSON, compressed: a tenth of the space, so checking the file at start stays quick.
    (Records moved from a version-1 file stay plain text; both are read.)"""
    if game.record is None:
        raise StatsError("a game without its record cannot be stored")
    return zlib.compress(game.record.to_json().encode("utf-8"))


def _record_text(data: bytes | str) -> str:
    """A stored record's JSON text (compressed, or plain from a version-1 file), no longer than a record
    file may be; raises ``ValueError``."""
    raw = data.encode("utf-8") if isinstance(data, str) else zlib.decompressobj().decompress(data, RECORD_LIMIT + 1)
    if len(raw) > RECORD_LIMIT:
        raise ValueError(f"longer than {RECORD_LIMIT // 1024:,} KB")
    return raw.decode("utf-8")


def _listed(row: tuple[Any, ...], seats: tuple[StoredSeat, ...]) -> StoredGame:
    """One stored game of the ``games`` table with its seats, every value checked for its type (SQLite keeps
    whatever a damaged or edited file holds); raises ``StatsError`` naming the game."""
    game_id, game, options, stored_number, finished_at, duration, undos, outcome = row
    number = _read_number(stored_number)
    fine = (isinstance(game, str) and isinstance(options, str) and number is not None
            and isinstance(finished_at, str)
            and isinstance(duration, (int, float)) and _whole(undos) and outcome in OUTCOMES
            and all(isinstance(s.name, str) and isinstance(s.player, str) and _whole(s.score) and s.winner in (0, 1)
                    for s in seats))
    if not fine:
        raise StatsError(f"stored game {game_id} holds a value of the wrong type")
    seats = tuple(replace(s, winner=bool(s.winner)) for s in seats)
    assert number is not None
    return StoredGame(game, _options(options, game_id), number, finished_at, float(duration), undos, outcome,
                      seats, None, game_id)


def _person(aliases: Mapping[str, str], name: str = "s.name") -> tuple[str, tuple[str, ...]]:
    """The SQL naming a human seat's person (its ``name`` column, or the name it is an alias of) and its
    parameters."""
    if not aliases:
        return name, ()
    cases = " ".join("WHEN ? THEN ?" for _ in aliases)
    return f"CASE {name} {cases} ELSE {name} END", tuple(v for pair in aliases.items() for v in pair)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _options(text: str, game_id: int) -> dict[str, Any]:
    """A stored game's options, read as strictly as a record file's."""
    try:
        options = loads(text)
    except GameError as exc:
        raise StatsError(f"stored game {game_id} has unreadable options: {exc}") from None
    if not isinstance(options, dict):
        raise StatsError(f"stored game {game_id} has unreadable options: not an object")
    return options


def _busy_or(exc: Exception) -> str:
    text = str(exc)
    if "locked" in text or "busy" in text:
        return "the statistics database is in use by another program; try again when it is closed"
    return text


def _proven_unreadable(exc: Exception) -> bool:
    return isinstance(exc, DamagedDatabase) or getattr(exc, "sqlite_errorname", None) in _UNREADABLE


def open_stats(folder: Path) -> tuple[StatsDB | None, str | None]:
    """The database in ``folder`` and a problem line or None.

    Only a file proven unreadable (not a database, damaged, its tables missing) is
    renamed aside and a fresh one started. A passing error (a full disk, a locked or
    read-only file) and a file a newer program wrote give None and the line, and the
    file is left as it is: the games meanwhile wait in ``uncounted/``.
    """
    path = Path(folder) / FILE_NAME
    try:
        return StatsDB(path), None
    except NewerDatabase as exc:
        return None, f"{exc}; it was left as it is, and games are counted once the program is updated"
    except (sqlite3.Error, StatsError, DamagedDatabase) as exc:
        if not _proven_unreadable(exc):
            return None, f"the statistics database cannot be used now ({_busy_or(exc)}); it was left as it is"
        problem: Exception = exc
    except OSError as exc:
        return None, f"{path}: cannot be opened ({exc.strerror or exc.__class__.__name__}); it was left as it is"
    kept = keep_aside(path, ("-wal", "-shm"))
    if kept == path:
        return None, (f"the statistics database could not be read ({first_line(problem)}) and could not be "
                      f"moved aside; it was left as it is")
    line = (f"the statistics database could not be read ({first_line(problem)}); "
            f"it was kept as {kept.name} and a new one started")
    try:
        return StatsDB(path), line
    except (sqlite3.Error, StatsError, DamagedDatabase, OSError) as exc:
        return None, f"{line}, but the new one cannot be used either ({first_line(exc)})"
