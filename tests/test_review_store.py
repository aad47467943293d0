"""Reviews kept in the statistics database: found again by record and seat, refused when unreadable, and
a file of the schema before reviews gains the table."""

import json
import math
import sqlite3
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fiftyfifty_desktop.ai.review import SIZES, DecisionReview, GameReview, Weighed
from fiftyfifty_desktop.engine import Reason
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.review_store import UnreadableReview, keep_review, record_digest, stored_review
from fiftyfifty_desktop.stats_db import FILE_NAME, StatsDB
from fiftyfifty_desktop.stats_schema import MIGRATIONS, VERSION

RECORD = Record("take5", 2, {}, (Seat("A", "human"), Seat("B", "random")), 7, ((0, "p5"), (1, "p9"), (0, "r1")))
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


def test_an_unreadable_kept_review_is_set_aside_and_weighed_again(tmp_path):
    db = StatsDB(tmp_path / FILE_NAME)
    for junk in (b"not compressed", zlib.compress(b"[1, 2]"), zlib.compress(b'{"version": 1}'), "text"):
        keep_review(db, RECORD, 0, REVIEW)
        db.connection.execute("UPDATE reviews SET data = ?", (junk,))
        with pytest.raises(UnreadableReview):
            stored_review(db, RECORD, 0)
        assert stored_review(db, RECORD, 0) is None  # gone: the next look weighs the game again


def test_a_file_before_reviews_gains_the_table(tmp_path):
    old = sqlite3.connect(tmp_path / FILE_NAME)
    old.executescript(MIGRATIONS[0] + MIGRATIONS[1] + f"PRAGMA user_version = {VERSION - 1};")
    old.close()
    db = StatsDB(tmp_path / FILE_NAME)
    assert db.version == VERSION
    keep_review(db, RECORD, 0, REVIEW)
    assert stored_review(db, RECORD, 0) == REVIEW
    assert len(record_digest(RECORD)) == 64


# ----- damaged kept reviews: set aside in one line, weighed again ------------
def stored_json(db) -> dict:
    return json.loads(zlib.decompress(db.connection.execute("SELECT data FROM reviews").fetchone()[0]))


def spoil(db, data) -> None:
    db.connection.execute("UPDATE reviews SET data = ?", (zlib.compress(json.dumps(data).encode("utf-8")),))


DAMAGE = {
    "decisions not a list": lambda d: d.update(decisions="x"),
    "a decision not an object": lambda d: d["decisions"].__setitem__(0, [1, 2]),
    "a decision without its moves": lambda d: d["decisions"][0].pop("moves"),
    "a reason that is a list": lambda d: d["decisions"][0].__setitem__("reason", [1]),
    "reason params that are a list": lambda d: d["decisions"][0]["reason"].__setitem__("params", [1]),
    "a value that is text": lambda d: d["decisions"][0].__setitem__("played_value", "abc"),
    "a weighed move that is a number": lambda d: d["decisions"][0]["moves"].__setitem__(0, 5),
    "a size no review gives": lambda d: d["decisions"][0].__setitem__("size", "huge"),
    "another seat": lambda d: d.update(seat=1),
    "another game": lambda d: d.update(game="thirteen"),
    "worlds as text": lambda d: d.update(worlds="32"),
    "a move the record never played": lambda d: d["decisions"][0].__setitem__("index", 1),
    "an index past the record": lambda d: d["decisions"][0].__setitem__("index", 10 ** 6),
    "a number too big for anything": lambda d: d["decisions"][0].__setitem__("number", 10 ** 30),
}


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_a_damaged_kept_review_is_set_aside_in_one_line(tmp_path, damage):
    db = StatsDB(tmp_path / FILE_NAME)
    keep_review(db, RECORD, 0, REVIEW)
    data = stored_json(db)
    DAMAGE[damage](data)
    spoil(db, data)
    with pytest.raises(UnreadableReview) as caught:
        stored_review(db, RECORD, 0)
    assert "\n" not in str(caught.value)
    assert db.connection.execute("SELECT COUNT(*) FROM reviews").fetchone()[0] == 0  # weighed again next time


def test_a_small_kept_review_that_expands_without_end_is_refused_unread(tmp_path):
    db = StatsDB(tmp_path / FILE_NAME)
    keep_review(db, RECORD, 0, REVIEW)
    squeeze = zlib.compressobj(9)
    bomb = b"".join(squeeze.compress(b" " * (1 << 20)) for _ in range(64)) + squeeze.flush()
    assert len(bomb) < 200_000  # 64 MB of blanks after a review's JSON would not be a review anyway
    db.connection.execute("UPDATE reviews SET data = ?", (bomb,))
    with pytest.raises(UnreadableReview, match="larger than"):
        stored_review(db, RECORD, 0)


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(min_value=-(2 ** 70), max_value=2 ** 70)
                           | st.floats(allow_nan=False) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                       max_size=3), max_leaves=6)


def paths(node, prefix=()):
    """Every place in a JSON tree, as the keys leading to it."""
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from paths(value, (*prefix, i))


PLACES = list(paths(json.loads(json.dumps(REVIEW.to_json()))))[1:]


@settings(max_examples=40, deadline=None)
@given(place=st.sampled_from(PLACES), value=JSON_VALUES, drop=st.booleans())
def test_any_damage_to_a_kept_review_gives_a_whole_review_or_one_line(tmp_path_factory, place, value, drop):
    db = StatsDB(tmp_path_factory.mktemp("reviews") / FILE_NAME)
    keep_review(db, RECORD, 0, REVIEW)
    data = stored_json(db)
    parent = data
    for key in place[:-1]:
        parent = parent[key]
    if drop and isinstance(parent, dict):
        del parent[place[-1]]
    else:
        parent[place[-1]] = value
    spoil(db, data)
    try:
        review = stored_review(db, RECORD, 0)
    except UnreadableReview as exc:
        assert "\n" not in str(exc)
        return
    assert review is None or (review.game, review.seat) == ("take5", 0)
    if review is not None:
        for d in review.decisions:  # every value the screen reads has its type
            assert RECORD.moves[d.index] == (0, d.played) and d.size in SIZES and d.moves
            assert all(isinstance(v, float) and math.isfinite(v) for v in (d.played_value, d.best_value, d.standing))
            for reason in (d.reason, d.played_reason):
                assert reason is None or (isinstance(reason.code, str) and isinstance(reason.english, str))
