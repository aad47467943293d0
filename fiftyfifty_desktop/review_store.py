"""Game reviews kept in the statistics database, so a second look at a game is instant.

A review is found by the digest of its record's JSON, the seat and the review's format version
(``ai/review.py``): the same record and seat find the same review, whether the game was stored or
opened from a file, and a review of an older format is weighed again.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import zlib
from typing import NoReturn

from .ai.review import VERSION, GameReview
from .engine.records import Record
from .engine.strict_json import loads
from .review_check import checked_review
from .stats_db import StatsDB, StatsError
from .textfiles import first_line

#: The most a kept review may expand to, in bytes: a long game's review is well under 1 MB.
REVIEW_LIMIT = 16 * 1024 * 1024


def record_digest(record: Record) -> str:
    return hashlib.sha256(record.to_json().encode("utf-8")).hexdigest()


class UnreadableReview(StatsError):
    """A kept review whose data is damaged or too large: it was removed, so the game is weighed again."""


def stored_review(db: StatsDB, record: Record, seat: int) -> GameReview | None:
    """The review kept for ``record`` and ``seat``, or None when none is kept. One whose data cannot be read as a
    review of that very record and seat (damaged, edited, or expanding past :data:`REVIEW_LIMIT`) is removed and
    raised as a one-line :class:`UnreadableReview`, so it is weighed again; a database failure is a one-line
    ``StatsError``."""
    key = (record_digest(record), seat, VERSION)
    try:
        row = db.connection.execute("SELECT data FROM reviews WHERE record = ? AND seat = ? AND version = ?",
                                    key).fetchone()
    except sqlite3.Error as exc:
        raise StatsError(f"the review could not be read: {exc}") from None
    if row is None:
        return None
    try:
        return checked_review(loads(_expanded(row[0])), record, seat)
    except ValueError as exc:  # JsonError and UnicodeDecodeError among them
        set_aside(db, record, seat, f"could not be read ({first_line(exc)})")


def set_aside(db: StatsDB, record: Record, seat: int, problem: str) -> NoReturn:
    """Remove the review kept for ``record``'s ``seat``, which has ``problem``, and raise it as one
    :class:`UnreadableReview` line (or a ``StatsError`` when even removing it fails)."""
    try:
        db.connection.execute("DELETE FROM reviews WHERE record = ? AND seat = ? AND version = ?",
                              (record_digest(record), seat, VERSION))
    except sqlite3.Error as exc:
        raise StatsError(f"the kept review {problem} and could not be removed: {exc}") from None
    raise UnreadableReview(f"the kept review {problem}; the game is weighed again")


def _expanded(data: object) -> str:
    """A kept review's JSON, never expanded past :data:`REVIEW_LIMIT`; raises ``ValueError``."""
    if not isinstance(data, bytes):
        raise ValueError(f"its data is {type(data).__name__}, not compressed bytes")
    try:
        raw = zlib.decompressobj().decompress(data, REVIEW_LIMIT + 1)
    except zlib.error as exc:
        raise ValueError(f"not compressed data ({exc})") from None
    if len(raw) > REVIEW_LIMIT:
        raise ValueError(f"larger than {REVIEW_LIMIT // (1024 * 1024)} MB")
    return raw.decode("utf-8")


def keep_review(db: StatsDB, record: Record, seat: int, review: GameReview) -> None:
    """Keep ``review`` of ``record``'s ``seat`` (over one kept before); a failure is a one-line ``StatsError``."""
    data = zlib.compress(json.dumps(review.to_json(), ensure_ascii=False).encode("utf-8"))
    try:
        db.connection.execute("INSERT OR REPLACE INTO reviews (record, seat, version, data) VALUES (?, ?, ?, ?)",
                              (record_digest(record), seat, VERSION, data))
    except sqlite3.Error as exc:
        raise StatsError(f"the review could not be kept: {exc}") from None
