"""Thirteen on the command line: whole games for 2 to 8 players, and replays."""

import json

import pytest

from fiftyfifty_desktop.cli import run


@pytest.mark.parametrize("players", range(2, 9))
def test_simulate_plays_whole_games(capsys, players):
    assert run(["simulate", "--game", "thirteen", "--players", str(players), "--seed", "5", "--json"]) == 0
    [game] = json.loads(capsys.readouterr().out)["games"]
    assert len(game["scores"]) == players and game["winners"]
    assert sum(game["scores"]) <= (62 if players >= 5 else 31)


def test_the_record_replays_to_the_same_result(capsys, tmp_path):
    path = tmp_path / "thirteen.json"
    assert run(["simulate", "--game", "thirteen", "--players", "4", "--seed", "5", "--json",
                "--record", str(path)]) == 0
    played = json.loads(capsys.readouterr().out)
    assert run(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == played
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["game"] == "thirteen" and record["moves"]


def test_too_many_players_is_one_line(capsys):
    assert run(["simulate", "--game", "thirteen", "--players", "9"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "2 to 8 players, not 9" in err
