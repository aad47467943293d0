"""Fuzzing the newer readers: players' names, stored statistics rows and export ids. Each input gives a
valid result or a clean one-line refusal, never another exception. ``FIFTYFIFTY_FUZZ_EXAMPLES`` raises the
number of cases (default 500)."""

import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.engine.text import name_problem
from fiftyfifty_desktop.stats_db import StatsError, open_stats, stored_game
from fiftyfifty_desktop.storage import HOME_VARIABLE

from .test_stats_db import played

EXAMPLES = int(os.environ.get("FIFTYFIFTY_FUZZ_EXAMPLES", "500"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
any_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=30)


@FUZZ
@given(any_text)
def test_the_name_rule_answers_every_text_in_one_line(name):
    problem = name_problem(name)
    assert problem is None or (problem and "\n" not in problem)
    if problem is None:
        assert name.strip() and not any(c in name for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@pytest.fixture(scope="module")
def two_games():
    folder = Path(tempfile.mkdtemp(prefix="fiftyfifty-rows-"))
    db, _ = open_stats(folder)
    for seed in (1, 2):
        db.store(stored_game(played("take5", ["human", "random"], seed).record))
    db.close()
    return folder


# What a damaged or edited file can hold: SQLite's own value kinds (its text is UTF-8, so no lone surrogates).
stored_value = (st.none() | st.integers(-2 ** 63, 2 ** 63 - 1) | st.floats(allow_nan=True)
                | st.text(st.characters(codec="utf-8"), max_size=30) | st.binary(max_size=20))
column = st.sampled_from(["game", "options", "number", "finished_at", "duration", "undos", "outcome", "watched"])
seat_column = st.sampled_from(["name", "player", "score", "winner"])


@FUZZ
@given(st.lists(st.tuples(st.booleans(), st.integers(1, 2), column, seat_column, stored_value), max_size=4))
def test_damaged_statistics_rows_are_left_out_with_one_notice(two_games, changes):
    folder = Path(tempfile.mkdtemp(prefix="fiftyfifty-damaged-"))
    shutil.copy(two_games / "statistics.sqlite3", folder / "statistics.sqlite3")
    connection = sqlite3.connect(folder / "statistics.sqlite3")
    for in_seats, game_id, game_column, seat_field, value in changes:
        if in_seats:
            connection.execute(f"UPDATE OR IGNORE seats SET {seat_field} = ? WHERE game_id = ?", (value, game_id))
        else:
            connection.execute(f"UPDATE OR IGNORE games SET {game_column} = ? WHERE id = ?", (value, game_id))
    connection.commit()
    connection.close()
    db, problem = open_stats(folder)
    assert db is not None, problem
    try:
        listed = db.history()
        assert len(listed) + (int(db.skipped.split()[0]) if db.skipped else 0) == 2
        assert db.skipped is None or "\n" not in db.skipped
        db.figures()
        for game in listed:
            game.summary()
    except StatsError as exc:
        assert "\n" not in str(exc)
    finally:
        db.close()
        shutil.rmtree(folder)


@settings(max_examples=min(EXAMPLES, 100), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers() | st.text(max_size=30))
def test_any_export_id_is_a_file_or_one_line(two_games, game_id):
    os.environ[HOME_VARIABLE] = str(two_games.parent)
    try:
        status = run(["history", "--export", str(game_id), str(two_games / "out.json")])
    finally:
        del os.environ[HOME_VARIABLE]
    assert status in (0, 2)
