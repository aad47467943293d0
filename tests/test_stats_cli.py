"""``stats`` and ``history`` print the stored figures; ``history --export`` writes a record ``replay`` accepts."""

import json
import sqlite3
from dataclasses import replace

import pytest

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.stats_db import ABANDONED, FILE_NAME, _one_line_errors, open_stats, stored_game
from fiftyfifty_desktop.storage import HOME_VARIABLE, Storage


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path))
    return tmp_path


def store_games(home):
    """Three take5 games and a thirteen game with Ann; one of them abandoned."""
    db, _ = open_stats(Storage().data_dir)
    matches = []
    for game_id, seed in (("take5", 1), ("take5", 2), ("thirteen", 3)):
        game = GAMES[game_id]
        record = Record(game_id, 2, game.resolve_options(2, {}), (Seat("Ann", "human"), Seat("C", "medium")), seed)
        match = play_out(game, record, {i: make_agent("medium", game, i, seed, ()) for i in range(2)})
        db.store(stored_game(match.record))
        matches.append(match)
    db.store(stored_game(replace(matches[0].record, moves=matches[0].record.moves[:3]), ABANDONED))
    return matches


def test_history_json_lists_games_newest_first_in_the_documented_shape(home, capsys):
    matches = store_games(home)
    assert run(["history", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)["games"]
    assert [g["id"] for g in games] == [4, 3, 2, 1]
    assert set(games[1]) >= {"id", "game", "date", "seats", "scores", "winners"}
    assert games[1]["game"] == "thirteen" and games[1]["scores"] == list(matches[2].scores())
    assert games[1]["winners"] == list(matches[2].winners())
    assert [s["name"] for s in games[1]["seats"]] == ["Ann", "C"]
    assert run(["history", "--game", "take5", "--limit", "2", "--json"]) == 0
    assert [g["id"] for g in json.loads(capsys.readouterr().out)["games"]] == [4, 2]


def test_stats_json_agrees_with_what_was_played(home, capsys):
    matches = store_games(home)
    assert run(["stats", "--game", "take5", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)["games"]
    assert list(figures) == ["take5"]
    [ann] = figures["take5"]["players"]
    won = sum(0 in m.winners() for m in matches[:2])
    assert (ann["name"], ann["played"], ann["won"], ann["abandoned"]) == ("Ann", 2, won, 1)
    assert ann["best"] == min(m.scores()[0] for m in matches[:2])
    assert run(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Take 5: 3 games stored" in out and "Thirteen" in out


def test_stats_count_a_name_joined_to_the_profile_as_the_profiles(home, capsys):
    store_games(home)  # Ann's two games of Take 5
    game = GAMES["take5"]
    record = Record("take5", 2, game.resolve_options(2, {}), (Seat("Player 1", "human"), Seat("C", "medium")), 9)
    db, _ = open_stats(Storage().data_dir)
    db.store(stored_game(play_out(game, record, {i: make_agent("medium", game, i, 9, ()) for i in range(2)}).record))
    settings = Storage().settings_path
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"profile": {"name": "Ann", "others": [], "joined": ["Player 1"]}}))
    assert run(["stats", "--game", "take5", "--json"]) == 0
    [ann] = json.loads(capsys.readouterr().out)["games"]["take5"]["players"]
    assert (ann["name"], ann["played"]) == ("Ann", 3) and ann["rating"]["games"] == 3
    assert run(["stats", "--game", "take5"]) == 0
    assert "  Ann: played 3" in capsys.readouterr().out
    # A settings file that cannot be read is one line, and stays where it is for the window to deal with.
    settings.write_text("{")
    assert run(["stats", "--game", "take5", "--json"]) == 0
    out, err = capsys.readouterr()
    assert sorted(p["name"] for p in json.loads(out)["games"]["take5"]["players"]) == ["Ann", "Player 1"]
    assert err.count("\n") == 1 and "the settings cannot be read" in err and settings.read_text() == "{"


def test_history_export_writes_a_record_that_replay_accepts(home, tmp_path, capsys):
    matches = store_games(home)
    target = tmp_path / "game.json"
    assert run(["history", "--export", "3", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == matches[2].record.to_json()
    capsys.readouterr()
    assert run(["replay", str(target), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"][0]["scores"] == list(matches[2].scores())


@pytest.mark.parametrize("argv, message", [
    (["history", "--export", "99", "x.json"], "no stored game has the id 99"),
    (["history", "--export", "one", "x.json"], "whole number"),
    (["stats", "--game", "chess"], "unknown game 'chess'"),
    (["play", "--replay", "missing.json"], "missing.json: file not found"),
    (["play", "--game", "take5"], "play needs --game and --seats, or --replay FILE"),
])
def test_bad_arguments_exit_2_with_one_line(home, capsys, argv, message):
    assert run(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err


def test_an_empty_history_and_stats_say_so(home, capsys):
    assert run(["history", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"games": []}
    assert run(["stats"]) == 0
    assert "no games stored yet" in capsys.readouterr().out


def test_a_database_that_fails_while_reading_is_one_line(home, capsys, monkeypatch):
    from fiftyfifty_desktop.stats_db import StatsDB

    def broken(self, *args, **kwargs):
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(StatsDB, "figures", _one_line_errors(broken))
    monkeypatch.setattr(StatsDB, "history", _one_line_errors(broken))
    for argv in (["stats"], ["history"]):
        assert run(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "malformed" in err


@pytest.mark.parametrize("column", ["name", "player", "game"])
def test_stats_json_leaves_out_a_seat_whose_name_is_stored_as_bytes(home, capsys, column):
    """A damaged or edited file may hold a name as a blob: that seat counts in no figure, and the rest print."""
    store_games(home)
    with sqlite3.connect(Storage().data_dir / FILE_NAME) as edit:
        if column == "game":
            edit.execute("UPDATE games SET game = CAST(game AS BLOB) WHERE id = 1")
        else:
            edit.execute(f"UPDATE seats SET {column} = CAST({column} AS BLOB) WHERE game_id = 1 AND seat = "
                         f"{0 if column == 'name' else 1}")
    assert run(["stats", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)["games"]
    assert [p["name"] for p in figures["take5"]["players"]] == ["Ann"] and figures["thirteen"]["players"]
    assert run(["stats"]) == 0 and "Take 5" in capsys.readouterr().out
