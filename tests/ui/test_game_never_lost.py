"""A finished game is never lost to the statistics: when the database refuses it (damaged, read-only, a
full disk, a passing error at opening), the saved game stays until the game is kept in ``uncounted/``, and
the next start that can open the database stores it."""

import sqlite3

import pytest

from fiftyfifty_desktop import stats_db, uncounted
from fiftyfifty_desktop.stats_db import FILE_NAME, StatsDB, StatsError, open_stats
from fiftyfifty_desktop.stats_schema import VERSION

from .drive import Driver
from .test_stats_screens import first_choice, short_record


def refuse_store(message):
    def store(self, game):
        raise StatsError(message)
    return store


def refuse_open(folder):
    return None, "the statistics database cannot be used now (database or disk is full); it was left as it is"


@pytest.mark.parametrize("failure", ["read-only", "full disk", "cannot open"])
def test_a_game_finished_while_the_store_refuses_is_listed_once_it_is_healthy(driver, storage, monkeypatch,
                                                                               capsys, failure):
    with monkeypatch.context() as broken:
        if failure == "cannot open":
            broken.setattr(stats_db, "open_stats", refuse_open)
        else:
            broken.setattr(StatsDB, "store", refuse_store(
                "attempt to write a readonly database" if failure == "read-only" else "database or disk is full"))
        table = driver.app.stack.open("table", record=short_record("take5", ["human", "medium"]))
        driver.play_to_end(first_choice)
        record = table.record
        assert not storage.has_record()  # the game is kept in uncounted/, so Continue does not offer it
        [waiting] = uncounted.waiting(storage.data_dir, {"take5": table.game})[0]
        assert waiting.record.moves == record.moves
        assert any("not counted yet" in line for line in driver.app.notices)
        driver.app.quit()
        assert driver.app.exit_status == 1 and "not counted yet" in capsys.readouterr().err
    again = Driver.start(storage)
    try:
        assert again.app.stats is not None
        [game] = again.app.stats.history()
        assert again.app.stats.game(game.id).record.moves == record.moves
        assert uncounted.waiting(storage.data_dir, {})[0] == []
    finally:
        again.close()


def test_when_even_uncounted_cannot_be_written_the_saved_game_stays(driver, storage, monkeypatch):
    def no_room(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(StatsDB, "store", refuse_store("database or disk is full"))
    monkeypatch.setattr(uncounted, "write_atomically", no_room)
    driver.app.stack.open("table", record=short_record("take5", ["human", "medium"]))
    driver.play_to_end(first_choice)
    assert storage.has_record()
    assert any("was not recorded" in line and "No space left" in line for line in driver.app.notices)


def test_a_database_without_its_tables_drops_no_later_game(driver, storage):
    storage.data_dir.mkdir(parents=True, exist_ok=True)
    bare = sqlite3.connect(storage.data_dir / FILE_NAME)
    bare.execute(f"PRAGMA user_version = {VERSION}")
    bare.close()
    for seed in (1, 2):
        driver.app.stack.open("table", record=short_record("take5", ["human", "medium"], seed=seed))
        driver.play_to_end(first_choice)
        driver.app.stack.restart("title")
    db, problem = open_stats(storage.data_dir)
    assert problem is None and db.count() == 2


def test_history_lists_a_game_not_yet_counted(driver, storage, monkeypatch, capsys):
    import json

    from fiftyfifty_desktop.cli import run
    from fiftyfifty_desktop.storage import HOME_VARIABLE

    monkeypatch.setattr(StatsDB, "store", refuse_store("database or disk is full"))
    driver.app.stack.open("table", record=short_record("take5", ["human", "medium"]))
    driver.play_to_end(first_choice)
    driver.app.stack.restart("title")
    history = driver.app.stack.open("history")
    assert "Not yet counted: 1 finished game" in history.message
    monkeypatch.setenv(HOME_VARIABLE, str(storage.data_dir.parent))
    capsys.readouterr()
    assert run(["history", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert listing["games"] == [] and [g["game"] for g in listing["not_counted"]] == ["take5"]
    assert run(["history"]) == 0
    assert "[not yet counted]" in capsys.readouterr().out

