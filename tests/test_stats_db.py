"""The statistics database: stored figures, migrations, WAL, crash safety, broken and locked files."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.stats_db import ABANDONED, FILE_NAME, RESIGNED, StatsDB, StatsError, open_stats, stored_game
from fiftyfifty_desktop.stats_figures import figures_to_json
from fiftyfifty_desktop.stats_schema import MIGRATIONS, VERSION
from fiftyfifty_desktop.textfiles import RECORD_LIMIT

ROOT = Path(__file__).resolve().parent.parent


def played(game_id, players, seed, max_moves=None):
    """A record of a game played by computers at seats named as ``players`` (``"human"`` or an opponent)."""
    game = GAMES[game_id]
    options = game.resolve_options(len(players), {})
    seats = tuple(Seat("Ann" if p == "human" and i == 0 else "Bob" if p == "human" else f"C{i}", p)
                  for i, p in enumerate(players))
    agents = {i: make_agent("medium", game, i, seed, ()) for i in range(len(players))}
    return play_out(game, Record(game_id, len(players), options, seats, seed), agents, max_moves=max_moves)


def fresh(tmp_path) -> StatsDB:
    db, problem = open_stats(tmp_path)
    assert problem is None and db is not None
    return db


def test_scripted_games_give_the_figures_that_were_played(tmp_path):
    db = fresh(tmp_path)
    matches = [played("take5", ["human", "medium"], seed) for seed in range(6)]
    for match in matches:
        db.store(stored_game(match.record, duration=12.5))
    unfinished = played("take5", ["human", "medium"], 99, max_moves=7)
    db.store(stored_game(unfinished.record, ABANDONED))
    # What was played, counted here by hand from the matches themselves.
    ann = [(m.scores()[0], 0 in m.winners()) for m in matches]
    figures = db.figures()["take5"]
    person = figures.players["Ann"]
    assert (person.played, person.won, person.abandoned) == (6, sum(w for _, w in ann), 1)
    assert person.best == min(s for s, _ in ann)  # lower scores win at Take 5
    assert person.average == pytest.approx(sum(s for s, _ in ann) / 6)
    assert [(r.score, r.won) for r in person.recent] == ann
    streak = 0
    for _, won in ann:
        streak = (streak + 1 if streak > 0 else 1) if won else (streak - 1 if streak < 0 else -1)
    assert person.streak == streak
    against = figures.opponents["medium"]
    assert (against.games, against.opponent_won) == (6, sum(1 in m.winners() for m in matches))
    assert figures.stored == 7 and figures.watched == 0
    listed = db.history()
    assert [g.id for g in listed] == sorted((g.id for g in listed), reverse=True)
    assert listed[0].outcome == ABANDONED and listed[0].seats[0].winner is False
    assert listed[1].summary()["scores"] == list(matches[-1].scores())
    assert db.game(listed[1].id).record == matches[-1].record
    assert json.loads(json.dumps(figures_to_json(db.figures())))["games"]["take5"]["players"][0]["name"] == "Ann"


def test_a_hot_seat_game_counts_for_both_humans(tmp_path):
    db = fresh(tmp_path)
    match = played("thirteen", ["human", "human", "random"], 3)
    db.store(stored_game(match.record))
    players = db.figures()["thirteen"].players
    assert set(players) == {"Ann", "Bob"}
    for seat, name in enumerate(("Ann", "Bob")):
        assert players[name].played == 1
        assert players[name].won == (seat in match.winners())
        assert players[name].best == match.scores()[seat]


def test_games_computers_play_alone_are_watched_and_left_out_of_players_figures(tmp_path):
    db = fresh(tmp_path)
    db.store(stored_game(played("fiftyfive", ["random", "medium"], 5).record))
    stored = db.history()[0]
    assert stored.watched and stored.summary()["watched"] is True
    figures = db.figures()["fiftyfive"]
    assert (figures.stored, figures.watched, figures.players, figures.opponents) == (1, 1, {}, {})


def test_a_resigned_game_is_a_loss_and_an_unfinished_one_cannot_be_called_finished(tmp_path):
    db = fresh(tmp_path)
    record = played("take5", ["human", "random"], 8, max_moves=4).record
    with pytest.raises(StatsError, match="not over"):
        stored_game(record)
    db.store(stored_game(record, RESIGNED))
    person = db.figures()["take5"].players["Ann"]
    assert (person.played, person.won, person.abandoned, person.streak) == (1, 0, 0, -1)


def test_reset_forgets_one_game_or_all(tmp_path):
    db = fresh(tmp_path)
    db.store(stored_game(played("take5", ["human", "random"], 1).record))
    db.store(stored_game(played("thirteen", ["human", "random"], 1).record))
    assert db.reset("take5") == 1 and db.count() == 1
    assert db.reset() == 1 and db.count() == 0
    assert db.connection.execute("SELECT COUNT(*) FROM seats").fetchone()[0] == 0
    assert db.connection.execute("SELECT COUNT(*) FROM records").fetchone()[0] == 0


def test_the_database_uses_wal_and_a_schema_version(tmp_path):
    db = fresh(tmp_path)
    assert db.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.version == VERSION >= 2


def test_a_version_1_file_is_migrated_by_the_next_version(tmp_path):
    record = played("take5", ["random", "random"], 2).record
    old = sqlite3.connect(tmp_path / FILE_NAME)
    old.executescript(MIGRATIONS[0] + "PRAGMA user_version = 1;")
    old.execute("INSERT INTO games VALUES (1, 'take5', '{}', 2, '2024-01-01T00:00:00+00:00', 3, 0, 'finished', ?)",
                (record.to_json(),))
    old.executemany("INSERT INTO seats VALUES (1, ?, ?, 'random', 0, 0)", [(0, "A"), (1, "B")])
    old.commit()
    old.close()
    db = fresh(tmp_path)
    assert db.version == VERSION
    [stored] = db.history()
    assert stored.watched and stored.finished_at.startswith("2024-01-01")
    assert db.game(1).record == record  # moved to the records table
    assert [s.name for s in db.game(1).seats] == ["A", "B"]  # the seats survived the games table's rebuild
    assert "record" not in [row[1] for row in db.connection.execute("PRAGMA table_info(games)")]


def test_a_file_from_a_newer_program_is_left_alone_with_a_message(tmp_path):
    newer = sqlite3.connect(tmp_path / FILE_NAME)
    newer.execute(f"PRAGMA user_version = {VERSION + 1}")
    newer.close()
    before = (tmp_path / FILE_NAME).read_bytes()
    db, problem = open_stats(tmp_path)
    assert db is None and "newer version" in problem and "left as it is" in problem and "\n" not in problem
    assert (tmp_path / FILE_NAME).read_bytes() == before and not list(tmp_path.glob("*unreadable*"))


def test_a_file_with_a_negative_schema_version_is_set_aside_not_a_traceback(tmp_path):
    odd = sqlite3.connect(tmp_path / FILE_NAME)
    odd.execute("PRAGMA user_version = -5")
    odd.close()
    db, problem = open_stats(tmp_path)
    assert db is not None and db.count() == 0
    assert "schema version -5" in problem and list(tmp_path.glob("statistics.unreadable-*.sqlite3"))


def test_a_file_at_the_right_version_without_its_tables_is_set_aside_with_a_notice(tmp_path):
    bare = sqlite3.connect(tmp_path / FILE_NAME)
    bare.execute(f"PRAGMA user_version = {VERSION}")
    bare.execute("CREATE TABLE other (x)")
    bare.close()
    db, problem = open_stats(tmp_path)
    assert db is not None and "games, records, seats, reviews are missing" in problem
    db.store(stored_game(played("take5", ["human", "random"], 1).record))
    assert db.count() == 1


@pytest.mark.parametrize("error", [
    sqlite3.OperationalError("database or disk is full"),
    sqlite3.OperationalError("attempt to write a readonly database"),
    sqlite3.OperationalError("disk I/O error"),
])
def test_a_passing_error_never_sets_a_healthy_file_aside(tmp_path, monkeypatch, error):
    db = fresh(tmp_path)
    db.store(stored_game(played("take5", ["human", "random"], 1).record))
    db.close()

    def failing(self, path):
        raise error

    with monkeypatch.context() as patched:
        patched.setattr(StatsDB, "__init__", failing)
        again, problem = open_stats(tmp_path)
    assert again is None and "left as it is" in problem and str(error) in problem
    assert not list(tmp_path.glob("*unreadable*"))
    assert fresh(tmp_path).count() == 1


def test_a_corrupt_file_is_renamed_never_deleted_and_a_new_one_started(tmp_path):
    (tmp_path / FILE_NAME).write_bytes(b"this is not a database at all " * 200)
    db, problem = open_stats(tmp_path)
    assert db is not None and db.count() == 0
    assert problem.startswith("the statistics database could not be read") and "\n" not in problem
    [kept] = tmp_path.glob("statistics.unreadable-*.sqlite3")
    assert kept.read_bytes().startswith(b"this is not a database")
    assert kept.name in problem


def test_a_damaged_page_is_found_and_the_file_kept_aside(tmp_path):
    db = fresh(tmp_path)
    for seed in range(20):
        db.store(stored_game(played("take5", ["human", "random"], seed).record))
    db.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    data = bytearray((tmp_path / FILE_NAME).read_bytes())
    page = 4096
    data[2 * page:3 * page] = b"\xff" * page  # an interior page overwritten
    (tmp_path / FILE_NAME).write_bytes(bytes(data))
    again, problem = open_stats(tmp_path)
    assert again is not None and again.count() == 0
    assert problem is not None and list(tmp_path.glob("statistics.unreadable-*.sqlite3"))


def test_a_locked_file_is_reported_in_one_line_and_left_alone(tmp_path):
    db = fresh(tmp_path)
    db.store(stored_game(played("take5", ["human", "random"], 1).record))
    holder = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program is writing
    with pytest.raises(StatsError, match="in use by another program"):
        db.store(stored_game(played("take5", ["human", "random"], 2).record))
    assert db.count() == 1  # reading still works meanwhile
    holder.execute("COMMIT")
    db.close()
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")  # now no one else may even read
    holder.execute("COMMIT")
    again, problem = open_stats(tmp_path)
    assert again is None and "in use by another program" in problem and "\n" not in problem
    assert not list(tmp_path.glob("*unreadable*"))
    holder.close()
    reopened = fresh(tmp_path)
    assert reopened.count() == 1


WRITER = """
import sys
from pathlib import Path
from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.stats_db import open_stats, stored_game

game = GAMES["take5"]
seats = (Seat("Ann", "human"), Seat("C", "random"))
record = play_out(game, Record("take5", 2, game.resolve_options(2, {}), seats, 1),
                  {i: make_agent("random", game, i, 1, ()) for i in range(2)}).record
one = stored_game(record)
db, _ = open_stats(Path(sys.argv[1]))
while True:
    db.store(one)
    print("stored", flush=True)
"""


def test_a_process_killed_mid_write_leaves_a_database_that_opens(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path)], stdout=subprocess.PIPE, env=env)
    for _ in range(20):  # twenty games written, the next one on its way
        assert writer.stdout.readline().strip() == b"stored"
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    db, problem = open_stats(tmp_path)
    assert problem is None and db is not None
    assert db.connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = db.count()
    assert stored > 0
    # Every game that is there is whole: its two seats came with it in the same transaction.
    assert db.connection.execute(
        "SELECT COUNT(*) FROM games WHERE (SELECT COUNT(*) FROM seats WHERE game_id = games.id) != 2").fetchone()[0] == 0
    assert db.figures()["take5"].players["Ann"].played == stored


def test_a_write_that_fails_after_opening_is_one_line_and_keeps_nothing_half_done(tmp_path):
    db = fresh(tmp_path)
    db.connection.execute("PRAGMA query_only = ON")  # as a full disk or a file made read-only meanwhile
    with pytest.raises(StatsError, match="readonly") as caught:
        db.store(stored_game(played("take5", ["human", "random"], 1).record))
    assert "\n" not in str(caught.value)
    db.connection.execute("PRAGMA query_only = OFF")
    assert db.count() == 0 and db.connection.execute("SELECT COUNT(*) FROM seats").fetchone()[0] == 0


def test_stored_options_and_records_are_read_as_strictly_as_files(tmp_path):
    db = fresh(tmp_path)
    first = db.store(stored_game(played("take5", ["human", "random"], 1).record))
    second = db.store(stored_game(played("take5", ["human", "random"], 2).record))
    db.connection.execute("UPDATE games SET options = '{\"a\": 1, \"a\": 2}' WHERE id = ?", (first,))
    assert [g.id for g in db.history()] == [second]  # the damaged game alone is left out, with one notice
    assert db.skipped.startswith("1 damaged stored game was left out") and "appears twice" in db.skipped
    bomb = zlib.compress(b" " * (RECORD_LIMIT + 10))  # a few KB that would inflate past any record file
    db.connection.execute("UPDATE records SET data = ? WHERE game_id = ?", (bomb, second))
    with pytest.raises(StatsError, match=f"stored game {second} has an unreadable record: longer than"):
        db.game(second)


@pytest.mark.parametrize("column, value", [("number", "'seven'"), ("duration", "'long'"), ("undos", "2.5"),
                                           ("outcome", "'won'")])
def test_a_stored_row_with_a_wrong_value_type_is_left_out_with_one_notice(tmp_path, column, value):
    db = fresh(tmp_path)
    first = db.store(stored_game(played("take5", ["human", "random"], 1).record))
    second = db.store(stored_game(played("take5", ["human", "random"], 2).record))
    db.connection.execute("PRAGMA ignore_check_constraints = ON")
    db.connection.execute(f"UPDATE games SET {column} = {value} WHERE id = ?", (first,))
    assert [g.id for g in db.history()] == [second]
    assert db.skipped == f"1 damaged stored game was left out (stored game {first} holds a value of the wrong type)"
    json.dumps([g.summary() for g in db.history()])
    with pytest.raises(StatsError, match="wrong type"):
        db.game(first)


def test_a_seat_with_a_text_score_is_left_out_with_one_notice(tmp_path):
    db = fresh(tmp_path)
    first = db.store(stored_game(played("take5", ["human", "random"], 1).record))
    db.connection.execute("UPDATE seats SET score = 'many' WHERE game_id = ?", (first,))
    assert db.history() == [] and "wrong type" in db.skipped


def test_figures_leave_out_a_seat_whose_score_is_not_a_number(tmp_path):
    db = fresh(tmp_path)
    first = db.store(stored_game(played("take5", ["human", "random"], 1).record))
    db.store(stored_game(played("take5", ["human", "random"], 2).record))
    db.connection.execute("UPDATE seats SET score = 'many' WHERE game_id = ?", (first,))
    [person] = db.figures()["take5"].players.values()
    assert person.played == 1 and isinstance(person.best, int)
    json.dumps(figures_to_json(db.figures()))


def _open_at_once(path: str, gate, answers) -> None:
    gate.wait()
    db, problem = open_stats(Path(path).parent)
    answers.put(problem or db.version)
    if db is not None:
        db.close()


def test_several_instances_opening_an_old_file_at_once_wait_for_each_other_and_all_succeed(tmp_path):
    """Each migration step is taken by one of them; the others find it done (none fails with "already exists")."""
    import multiprocessing

    old = sqlite3.connect(tmp_path / FILE_NAME)
    old.executescript(MIGRATIONS[0] + "PRAGMA user_version = 1;")
    old.close()
    context = multiprocessing.get_context("fork")
    count = 12
    gate, answers = context.Barrier(count), context.Queue()
    processes = [context.Process(target=_open_at_once, args=(str(tmp_path / FILE_NAME), gate, answers))
                 for _ in range(count)]
    for process in processes:
        process.start()
    results = [answers.get(timeout=60) for _ in processes]
    for process in processes:
        process.join(timeout=60)
    assert results == [VERSION] * count
