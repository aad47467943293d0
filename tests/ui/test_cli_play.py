"""``play`` opens a table straight away; bad arguments never open a window."""

import os
import subprocess
import sys

import pytest

from fiftyfifty_desktop.cli import run


@pytest.mark.parametrize("argv, message", [
    (["play", "--game", "chess", "--seats", "human,random"], "unknown game 'chess'"),
    (["play", "--game", "take5", "--seats", "human"], "2 to 10 players, not 1"),
    (["play", "--game", "take5", "--seats", "human,,random"], "comma list"),
    (["play", "--game", "take5", "--seats", "human,nobody"], "no computer opponent is called 'nobody'"),
    (["play", "--game", "take5", "--seats", "human,random", "--speed", "warp"], "invalid choice: 'warp'"),
    (["play", "--game", "take5", "--seats", "human,random", "--option", "target=lots"], "option target"),
    (["play", "--game", "take5", "--seats", "human,random", "--seed", "-1"], "seed must be 0 or more"),
])
def test_bad_play_arguments_exit_2_with_one_line(capsys, argv, message):
    assert run(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err


def test_an_all_computer_game_plays_to_the_results_and_exits_0(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", FIFTYFIFTY_HOME=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-m", "fiftyfifty_desktop", "play", "--game", "take5", "--seats", "dice,random,random",
         "--seed", "5", "--speed", "instant", "--exit-at-end"],
        capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "data" / "current-game.json").exists()  # the finished game is not offered to continue
    assert (tmp_path / "config" / "settings.json").exists()



def test_replaying_an_unfinished_record_with_exit_at_end_exits_at_the_end_of_the_record(tmp_path):
    from dataclasses import replace

    from fiftyfifty_desktop.games.take5 import GAME

    from ..contract import random_playout

    _, record = random_playout(GAME, 3, 5)
    path = tmp_path / "abandoned.json"
    path.write_text(replace(record, moves=record.moves[:4]).to_json(), encoding="utf-8")  # stops mid-game
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", FIFTYFIFTY_HOME=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-m", "fiftyfifty_desktop", "play", "--replay", str(path), "--speed", "instant",
         "--exit-at-end"], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
