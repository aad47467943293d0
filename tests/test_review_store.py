"""Reviews kept in the statistics database: found again by record and seat, refused when unreadable, and
a file of the schema before reviews gains the table."""

import sqlite3
import zlib

from fiftyfifty_desktop.ai.review import DecisionReview, GameReview, Weighed
from fiftyfifty_desktop.engine import Reason
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.review_store import keep_review, record_digest, stored_review
from fiftyfifty_desktop.stats_db import FILE_NAME, StatsDB
from fiftyfifty_desktop.stats_schema import MIGRATIONS, VERSION

RECORD = Record("take5", 2, {}, (Seat("A", "human"), Seat("B", "random")), 7, ((0, "p5"), (1, "p9")))
REVIEW = GameReview("take5", 0, 32, (
    DecisionReview(0, 0, "p5", "p9", -1.5, 0.25, "small", Reason("take5_room", {"card": 9, "row": 1}, "9 lands"),
                   Reason("take5_low", {"card": 5}, "5 is low"), -1.5, -2.0, (Weighed("p9", 0.25), Weighed("p5", -1.5))),
    DecisionReview(1, 2, "r1", "r1", 0.0, 0.0, "fine", None, None, -1.5, 0.0, (Weighed("r1", 0.0),)),
))


def test_a_kept_review_is_found_by_its_record_and_seat(tmp_path):
    db = StatsDB(tmp_path / FILE_NAME)
    assert stored_review(db, RECORD, 0) is None
    keep_review(db, RECORD, 0, REVIEW)
    again = StatsDB(tmp_path / FILE_NAME)
    assert stored_review(again, RECORD, 0) == REVIEW
    assert stored_review(again, RECORD, 1) is None
    other = Record(RECORD.game, 2, {}, RECORD.seats, 8, RECORD.moves)
    assert stored_review(again, other, 0) is None


def test_keeping_again_replaces(tmp_path):
    db = StatsDB(tmp_path / FILE_NAME)
    keep_review(db, RECORD, 0, REVIEW)
    shorter = GameReview("take5", 0, 32, REVIEW.decisions[:1])
    keep_review(db, RECORD, 0, shorter)
    assert stored_review(db, RECORD, 0) == shorter
    assert db.connection.execute("SELECT COUNT(*) FROM reviews").fetchone()[0] == 1


def test_an_unreadable_kept_review_is_weighed_again(tmp_path):
    db = StatsDB(tmp_path / FILE_NAME)
    keep_review(db, RECORD, 0, REVIEW)
    for junk in (b"not compressed", zlib.compress(b"[1, 2]"), zlib.compress(b'{"version": 1}')):
        db.connection.execute("UPDATE reviews SET data = ?", (junk,))
        assert stored_review(db, RECORD, 0) is None


def test_a_file_before_reviews_gains_the_table(tmp_path):
    old = sqlite3.connect(tmp_path / FILE_NAME)
    old.executescript(MIGRATIONS[0] + MIGRATIONS[1] + f"PRAGMA user_version = {VERSION - 1};")
    old.close()
    db = StatsDB(tmp_path / FILE_NAME)
    assert db.version == VERSION
    keep_review(db, RECORD, 0, REVIEW)
    assert stored_review(db, RECORD, 0) == REVIEW
    assert len(record_digest(RECORD)) == 64
