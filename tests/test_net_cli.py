"""serve and join on the command line: every mistake is one line and exit status 2."""

from __future__ import annotations

import pytest

from fiftyfifty_desktop.cli import run


@pytest.mark.parametrize("argv, words", [
    (["serve", "--game", "take5"], "needs --game and --seats"),
    (["serve", "--game", "take5", "--seats", "medium,medium"], "no remote seat"),
    (["serve", "--game", "chess", "--seats", "remote,medium"], "unknown game"),
    (["serve", "--game", "take5", "--seats", "remote,wizard"], "wizard"),
    (["serve", "--game", "take5", "--seats", "remote,medium", "--port", "70000"], "port"),
    (["serve", "--game", "take5", "--seats", "remote,medium", "--code", "a b"], "table code"),
    (["serve", "--game", "take5", "--seats", "remote,medium", "--hand-over", "-1"], "seconds"),
    (["serve", "--resume", "nowhere.json", "--game", "take5"], "--resume takes"),
    (["serve", "--resume", "nowhere.json"], "nowhere.json"),
    (["join", "localhost", "--code", "abc", "--player", "medium"], "HOST:PORT"),
    (["join", "127.0.0.1:1", "--code", "abc", "--player", "wizard"], "wizard"),
    (["join", "127.0.0.1:1", "--code", "abc", "--player", "medium", "--name", "x" * 30], "longer than"),
    (["join", "127.0.0.1:1", "--code", "abc", "--player", "medium"], "cannot reach the table"),
])
def test_mistakes_are_one_line(argv, words, capsys) -> None:
    assert run(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1, err


def test_a_resumed_record_that_does_not_replay_is_refused(tmp_path, capsys) -> None:
    path = tmp_path / "table.json"
    path.write_text('{"format": "fiftyfifty-record", "version": 1, "game": "take5", "players": 2, "options": {}, '
                    '"seats": [{"name": "A", "player": "remote"}, {"name": "B", "player": "medium"}], '
                    '"seed": 1, "moves": [[0, "play 500"]]}')
    assert run(["serve", "--resume", str(path)]) == 2
    assert "move 0" in capsys.readouterr().err
