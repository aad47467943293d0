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

from .ai.review import VERSION, GameReview, review_from_json
from .engine.records import Record
from .engine.strict_json import JsonError, loads
from .stats_db import StatsDB, StatsError


def record_digest(record: Record) -> str:
    return hashlib.sha256(record.to_json().encode("utf-8")).hexdigest()


def stored_review(db: StatsDB, record: Record, seat: int) -> GameReview | None:
    """The review kept for ``record`` and ``seat``, or None (none kept, or one that cannot be read any more:
    it is weighed again). A database failure is a one-line ``StatsError``."""
    try:
        row = db.connection.execute("SELECT data FROM reviews WHERE record = ? AND seat = ? AND version = ?",
                                    (record_digest(record), seat, VERSION)).fetchone()
    except sqlite3.Error as exc:
        raise StatsError(f"the review could not be read: {exc}") from None
    if row is None:
        return None
    try:
        data = loads(zlib.decompress(row[0]).decode("utf-8"))
        return review_from_json(data) if isinstance(data, dict) else None
    except (zlib.error, ValueError, JsonError, KeyError, TypeError):
        return None


def keep_review(db: StatsDB, record: Record, seat: int, review: GameReview) -> None:
    """Keep ``review`` of ``record``'s ``seat`` (over one kept before); a failure is a one-line ``StatsError``."""
    data = zlib.compress(json.dumps(review.to_json(), ensure_ascii=False).encode("utf-8"))
    try:
        db.connection.execute("INSERT OR REPLACE INTO reviews (record, seat, version, data) VALUES (?, ?, ?, ?)",
                              (record_digest(record), seat, VERSION, data))
    except sqlite3.Error as exc:
        raise StatsError(f"the review could not be kept: {exc}") from None
