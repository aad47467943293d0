"""A game kept in ``uncounted/`` is counted exactly once, also when its file outlives the storing."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fiftyfifty_desktop import uncounted
from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.stats_db import FINISHED, open_stats
from fiftyfifty_desktop.storage import HOME_VARIABLE, Storage

TAKE5 = GAMES["take5"]
WHEN = "2026-03-01T12:00:00+00:00"


def finished_game(seed: int) -> Record:
    start = Record("take5", 2, TAKE5.resolve_options(2, {}), (Seat("Ann", "human"), Seat("Bo", "random")), seed=seed)
    agents = {seat: make_agent("random", TAKE5, seat, seed, ()) for seat in range(2)}
    match = play_out(TAKE5, start, agents)
    assert match.over
    return match.record


def test_a_game_stored_whose_file_cannot_be_removed_is_not_counted_again(tmp_path, monkeypatch):
    record = finished_game(7)
    kept = uncounted.keep(tmp_path, record, FINISHED, WHEN, 61.0, 0)
    db, problem = open_stats(tmp_path)
    assert db is not None and problem is None
    stuck = {kept}
    real_unlink = Path.unlink

    def unlink(path, *args, **kwargs):
        if path in stuck:
            raise PermissionError(13, "Permission denied")
        return real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(Path, "unlink", unlink)
    for _start in range(2):  # two starts that store the game and cannot remove its file
        assert uncounted.count_waiting(db, tmp_path, GAMES) == [
            f"{kept.name} was counted but cannot be removed (Permission denied)"]
        assert db.count() == 1 and kept.exists()
    # The History lists it among the counted games only, not also as waiting to be counted.
    assert len(uncounted.waiting(tmp_path, GAMES)[0]) == 1
    assert uncounted.waiting(tmp_path, GAMES, db) == ([], []) and uncounted.listed(tmp_path, GAMES, db=db)[0] == []
    stuck.clear()
    assert uncounted.count_waiting(db, tmp_path, GAMES) == []
    assert db.count() == 1 and not kept.exists()
    [stored] = db.history()
    assert db.game(stored.id).record == record and stored.finished_at == WHEN and stored.duration == 61.0
    db.close()


def test_two_games_that_ended_in_the_same_second_are_both_counted(tmp_path):
    """Only the same game is stored once: another deal, or the same deal played to another end, is another game."""
    first, second = finished_game(1), finished_game(2)
    for record in (first, second):
        uncounted.keep(tmp_path, record, FINISHED, WHEN, 30.0, 0)
    db, _ = open_stats(tmp_path)
    assert len(uncounted.listed(tmp_path, GAMES, db=db)[0]) == 2
    assert uncounted.count_waiting(db, tmp_path, GAMES) == []
    assert sorted(db.game(g.id).record.seed for g in db.history()) == [1, 2]
    db.close()


# ----- damaged files: named with one line, left in place, never in the way ---
def spoiled(tmp_path: Path, **fields) -> Path:
    """A kept game with ``fields`` put over its own, as a damaged or hand-edited file would hold them."""
    kept = uncounted.keep(tmp_path, finished_game(5), FINISHED, WHEN, 30.0, 0)
    data = json.loads(kept.read_text(encoding="utf-8"))
    data.update(fields)
    kept.write_text(json.dumps(data), encoding="utf-8")
    return kept


@pytest.mark.parametrize("fields", [{"finished_at": "9999-12-31T23:59:59-23:59"}, {"finished_at": "0001-01-01T00:00:00+23:59"},
                                    {"undos": 2 ** 63}, {"undos": -1}, {"duration": 1e308 * 10}, {"duration": -5.0},
                                    {"finished_at": "yesterday"}, {"outcome": "won"}, {"finished_at": "2026-03-01"}])
def test_a_kept_game_with_a_field_out_of_range_is_named_and_left_in_place(tmp_path, fields):
    kept = spoiled(tmp_path, **fields)
    found, [problem] = uncounted.waiting(tmp_path, GAMES)
    assert found == [] and problem.startswith(kept.name) and "\n" not in problem
    db, _ = open_stats(tmp_path)
    assert db is not None
    assert uncounted.listed(tmp_path, GAMES, db=db)[0] == []
    [line] = uncounted.count_waiting(db, tmp_path, GAMES)
    assert line == problem and kept.exists() and db.count() == 0
    db.close()


def test_a_damaged_kept_game_does_not_stop_the_game_just_finished_from_being_stored(tmp_path, monkeypatch):
    spoiled(tmp_path / "data", undos=2 ** 64)
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path))
    kept = subprocess.run([sys.executable, "-m", "fiftyfifty_desktop", "history"], capture_output=True, text=True,
                          env=dict(os.environ, SDL_VIDEODRIVER="dummy"), timeout=120)
    assert kept.returncode == 0 and "Traceback" not in kept.stderr
    [line] = kept.stderr.splitlines()  # the damaged file, named
    assert "game-" in line and "undos must be a whole number" in line
    from fiftyfifty_desktop.app import App

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    app = App(Storage())
    try:
        assert app.record_game(finished_game(6), FINISHED, 12.0)
        assert app.stats is not None and [game.number for game in app.stats.history()] == [6]
        assert any("game-" in line for line in app.notices)  # the damaged file is named
    finally:
        app.quit()


FIELD_VALUES = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2 ** 70), max_value=2 ** 70),
                         st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=40),
                         st.sampled_from(["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+14:00",
                                          "2026-03-01T12:00:00+00:00", "2026-03-01T12:00:00", "finished",
                                          "abandoned"]),
                         st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(),
                                                                              max_size=2))


@settings(max_examples=40, deadline=None)
@given(changes=st.dictionaries(st.sampled_from(["outcome", "finished_at", "duration", "undos", "record", "extra"]),
                               FIELD_VALUES, max_size=3),
       dropped=st.sets(st.sampled_from(["outcome", "finished_at", "duration", "undos", "record"]), max_size=1))
def test_any_damage_to_a_kept_game_is_one_line_or_a_game_the_statistics_take(tmp_path_factory, changes, dropped):
    folder = tmp_path_factory.mktemp("kept")
    kept = uncounted.keep(folder, TEMPLATE, FINISHED, WHEN, 30.0, 0)
    data = json.loads(kept.read_text(encoding="utf-8"))
    data.update(changes)
    for name in dropped:
        data.pop(name, None)
    kept.write_text(json.dumps(data), encoding="utf-8")
    found, problems = uncounted.waiting(folder, GAMES)
    assert len(found) + len(problems) == 1 and all("\n" not in line for line in problems)
    db, _ = open_stats(folder)
    assert db is not None
    try:
        assert uncounted.listed(folder, GAMES, db=db) == ([item.stored for item in found], problems)
        lines = uncounted.count_waiting(db, folder, GAMES)
        assert (db.count(), kept.exists()) == ((1, False) if found else (0, True))
        assert lines == problems
        db.history()
    finally:
        db.close()


TEMPLATE = finished_game(5)
