"""The headless command line: output shape, determinism, one-line errors."""

import json
import subprocess
import sys

import pytest

from fiftyfifty_desktop.cli import run


def cli(capsys, *argv):
    status = run(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_simulate_json_has_scores_and_winners(capsys):
    status, out, err = cli(capsys, "simulate", "--game", "take5", "--players", "4", "--seed", "1", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["game"] == "take5" and data["players"] == 4
    [game] = data["games"]
    assert len(game["scores"]) == 4 and game["winners"]
    assert max(game["scores"]) >= 66
    assert all(game["scores"][w] == min(game["scores"]) for w in game["winners"])


def test_same_arguments_print_the_same_bytes(capsys):
    argv = ("simulate", "--game", "take5", "--players", "5", "--seed", "9", "--games", "3")
    assert cli(capsys, *argv) == cli(capsys, *argv)


def test_without_a_seed_the_chosen_seed_is_printed_and_replays(capsys):
    status, out, err = cli(capsys, "simulate", "--game", "take5", "--players", "3", "--json")
    seed = int(err.split()[-1])
    assert json.loads(out)["games"][0]["seed"] == seed
    _, again, _ = cli(capsys, "simulate", "--game", "take5", "--players", "3", "--json", "--seed", str(seed))
    assert again == out


def test_record_then_replay_gives_the_same_result(capsys, tmp_path):
    path = tmp_path / "game.json"
    _, out, _ = cli(capsys, "simulate", "--game", "take5", "--players", "4", "--seed", "7", "--games", "2",
                    "--option", "variant=professional", "--record", str(path), "--json")
    status, replayed, err = cli(capsys, "replay", str(path), "--json")
    assert status == 0 and err == ""
    assert json.loads(replayed)["games"] == json.loads(out)["games"][-1:]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "--game", "chess", "--players", "2"], "unknown game 'chess'"),
        (["simulate", "--game", "take5", "--players", "1"], "2 to 10 players, not 1"),
        (["simulate", "--game", "take5", "--players", "4", "--option", "target=-3"], "option target"),
        (["simulate", "--game", "take5", "--players", "4", "--option", "nonsense"], "KEY=VALUE"),
        (["simulate", "--game", "take5", "--players", "4", "--seed", "x"], "seed must be a whole number"),
        (["simulate", "--game", "take5"], "required"),
        (["replay", "/nonexistent/game.json"], "file not found"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_user_errors_exit_2_with_one_line(capsys, argv, message):
    status, out, err = cli(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err


def test_corrupt_record_exits_2_with_one_line(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b"\x00\xff not json")
    status, out, err = cli(capsys, "replay", str(path))
    assert status == 2 and err.count("\n") == 1 and "bad.json" in err or "record" in err


def test_python_dash_m_runs_the_same_program():
    result = subprocess.run([sys.executable, "-m", "fiftyfifty_desktop", "simulate", "--game", "take5",
                             "--players", "2", "--seed", "3"], capture_output=True, text=True, check=True)
    assert result.stdout.startswith("Take 5, 2 players")


def test_headless_commands_do_not_load_pygame():
    code = "import sys, fiftyfifty_desktop.cli; print('pygame' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
