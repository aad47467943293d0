"""Games that ended while the statistics database could not take them, kept as files until it can.

A finished game is never lost to the statistics: when storing it fails, its record
goes to ``uncounted/`` in the data folder (written atomically, one file per game),
History lists it as not yet counted, and the next start that can open the database
stores it (once: a game stored before its file could be removed is not stored again)
and only then removes the file.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping

from .engine import GameError
from .engine.errors import brief
from .engine.records import Record, parse_record
from .engine.strict_json import loads
from .stats_db import OUTCOMES, StatsDB, StatsError, StoredGame, stored_game
from .storage_files import UNCOUNTED_FOLDER
from .textfiles import RECORD_LIMIT, FileReadError, first_line, read_text, write_atomically

FOLDER = UNCOUNTED_FOLDER
_FIELDS = {"outcome", "finished_at", "duration", "undos", "record"}


@dataclass(frozen=True)
class Uncounted:
    """One game waiting in ``uncounted/``: its file and the game as the statistics store it."""

    path: Path
    stored: StoredGame

    @property
    def record(self) -> Record:
        assert self.stored.record is not None
        return self.stored.record


def keep(data_dir: Path, record: Record, outcome: str, finished_at: str, duration: float, undos: int) -> Path:
    """Write the game to ``uncounted/`` (named by its content, so the same game is kept once); raises
    ``OSError`` or ``ValueError`` when even that fails."""
    text = json.dumps({"outcome": outcome, "finished_at": finished_at, "duration": duration, "undos": undos,
                       "record": record.to_json()}, ensure_ascii=False, indent=1) + "\n"
    path = Path(data_dir) / FOLDER / f"game-{zlib.crc32(text.encode('utf-8')):08x}.json"
    write_atomically(path, text)
    return path


#: The most a kept game's length may say, in seconds (about 30 years), and its undos (SQLite's integers).
LONGEST = 10 ** 9
MOST_UNDOS = 2 ** 63 - 1


def _read(path: Path, games: Mapping[str, Any]) -> Uncounted:
    """The game kept in ``path``, every field checked (its type, and a date, length and count the statistics can
    hold); raises ``GameError``, ``FileReadError`` or ``StatsError`` naming the field."""
    data = loads(read_text(path, RECORD_LIMIT * 2, path.name))
    if not isinstance(data, dict) or set(data) != _FIELDS:
        raise GameError(f"expected an object with the fields {', '.join(sorted(_FIELDS))}")
    outcome, finished_at, duration, undos = data["outcome"], data["finished_at"], data["duration"], data["undos"]
    if outcome not in OUTCOMES:
        raise GameError(f"outcome must be one of {', '.join(OUTCOMES)}, not {brief(outcome)}")
    if isinstance(duration, bool) or not isinstance(duration, (int, float)) or not 0 <= duration <= LONGEST:
        raise GameError(f"duration must be a number of seconds from 0 to {LONGEST:,}, not {brief(duration)}")
    if isinstance(undos, bool) or not isinstance(undos, int) or not 0 <= undos <= MOST_UNDOS:
        raise GameError(f"undos must be a whole number from 0 to {MOST_UNDOS:,}, not {brief(undos)}")
    if not isinstance(data["record"], str):
        raise GameError(f"record must be a text, not {brief(data['record'])}")
    when = _moment(finished_at)
    return Uncounted(path, stored_game(parse_record(data["record"], games), outcome, float(duration), undos, when))


def _moment(text: Any) -> datetime:
    """``finished_at`` as a moment in UTC; raises ``GameError`` for anything but a date and time with its zone
    that UTC can hold."""
    if not isinstance(text, str) or len(text) > 40:
        raise GameError(f"finished_at must be a date and time, not {brief(text)}")
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise GameError(f"finished_at must be a date and time, not {brief(text)}") from None
    if when.tzinfo is None or when.utcoffset() is None:
        raise GameError(f"finished_at {brief(text)} lacks its time zone")
    try:
        return when.astimezone(timezone.utc)
    except (OverflowError, ValueError):
        raise GameError(f"finished_at {brief(text)} is out of range in UTC") from None


def waiting(data_dir: Path, games: Mapping[str, Any], db: StatsDB | None = None) -> tuple[list[Uncounted], list[str]]:
    """The games in ``uncounted/``, oldest first, and one line per file that cannot be read (left in place);
    with ``db``, a game it has stored already (its file could not be removed) is counted, so not listed."""
    folder = Path(data_dir) / FOLDER
    try:
        paths = sorted(folder.glob("game-*.json"))
    except OSError:
        return [], []
    found, problems = [], []
    for path in paths:
        try:
            item = _read(path, games)
        except (FileReadError, GameError, StatsError) as exc:
            problems.append(f"{path.name}: {first_line(exc)}")
            continue
        if db is None or not _stored(db, item):
            found.append(item)
    found.sort(key=lambda item: (item.stored.finished_at, item.path.name))
    return found, problems


def _stored(db: StatsDB, item: Uncounted) -> bool:
    """Whether ``db`` holds the game already; a game it cannot tell of is taken as waiting."""
    try:
        return db.stored_id(item.stored) is not None
    except StatsError:
        return False


def count_waiting(db: StatsDB, data_dir: Path, games: Mapping[str, Any]) -> list[str]:
    """Store every game waiting in ``uncounted/``; a file goes only once its game is committed, and a game
    committed before its file could go is not stored twice. One line per problem (an unreadable file, a game
    the database refuses, a file that cannot be removed), each such file left for a later start."""
    found, problems = waiting(data_dir, games)
    for item in found:
        try:
            db.store(item.stored, once=True)
        except StatsError as exc:
            problems.append(f"{item.path.name}: {first_line(exc)}")
            continue
        try:
            item.path.unlink()
        except OSError as exc:
            problems.append(f"{item.path.name} was counted but cannot be removed "
                            f"({exc.strerror or exc.__class__.__name__})")
    return problems


def listed(data_dir: Path, games: Mapping[str, Any], game_id: str | None = None,
           db: StatsDB | None = None) -> tuple[list[StoredGame], list[str]]:
    """The games waiting in ``uncounted/`` (of ``game_id`` only, when given; with ``db``, not those it has stored)
    as the history lists them, newest first, without an id; and one line per file that cannot be read."""
    found, problems = waiting(data_dir, games, db)
    return [item.stored for item in found if game_id is None or item.record.game == game_id][::-1], problems
