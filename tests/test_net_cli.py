"""serve and join on the command line: every mistake is one line and exit status 2."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.net.server import network_address
from .waiting import HANG_GUARD


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


def _serve_recording_to(path) -> list[str]:
    return ["serve", "--game", "take5", "--seats", "remote,medium", "--port", "0", "--record", str(path)]


@pytest.mark.parametrize("where, words", [
    ("missing/table.json", "no folder"),
    ("folder", "it is a folder"),
    ("a-file/table.json", "no folder"),
])
def test_a_record_that_cannot_be_saved_is_refused_before_serving(tmp_path, capsys, where, words) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "a-file").write_text("not a folder")
    before = sorted(p.name for p in tmp_path.iterdir())
    assert run(_serve_recording_to(tmp_path / where)) == 2
    err = capsys.readouterr().err
    assert "cannot be written" in err and words in err and err.count("\n") == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no folder made, nothing left behind


READ_ONLY_CHILD = textwrap.dedent('''
    import os, pwd, sys
    from fiftyfifty_desktop.ai import load_personalities, make_agent
    from fiftyfifty_desktop.cli import run
    from fiftyfifty_desktop.net import host, server  # noqa: F401
    from fiftyfifty_desktop.registry import GAMES

    folder = sys.argv[1]
    make_agent("medium", GAMES["take5"], 1, 1, load_personalities())  # load everything before dropping privileges
    os.chmod(folder, 0o555)
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        os.setgid(nobody.pw_gid)
        os.setuid(nobody.pw_uid)  # root writes into read-only folders anyway
    sys.exit(run(["serve", "--game", "take5", "--seats", "remote,medium", "--port", "0",
                  "--record", os.path.join(folder, "table.json")]))
''')


def test_a_record_in_a_read_only_folder_is_refused_before_serving() -> None:
    home = Path(tempfile.mkdtemp(prefix="fiftyfifty-serve-"))  # not under pytest's folders, which others cannot enter
    try:
        os.chmod(home, 0o755)
        folder = home / "read-only"
        folder.mkdir()
        child = subprocess.run([sys.executable, "-c", READ_ONLY_CHILD, str(folder)], capture_output=True,
                               text=True, timeout=60)
        os.chmod(folder, 0o755)
        assert child.returncode == 2, child.stderr
        assert "cannot be written (Permission denied)" in child.stderr and child.stderr.count("\n") == 1, child.stderr
        assert not any(folder.iterdir())
    finally:
        shutil.rmtree(home)


def test_resuming_checks_the_record_can_be_saved_without_touching_it(tmp_path, capsys) -> None:
    """--resume saves over its own record: the check leaves it (and its folder) exactly as it was.
    Serving then fails for another reason, a port already taken, so the test ends there."""
    path = tmp_path / "table.json"
    path.write_text('{"format": "fiftyfifty-record", "version": 1, "game": "take5", "players": 2, "options": {}, '
                    '"seats": [{"name": "A", "player": "remote"}, {"name": "B", "player": "medium"}], '
                    '"seed": 1, "moves": []}')
    saved = path.read_bytes()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert run(["serve", "--resume", str(path), "--port", str(port)]) == 2
    assert "cannot listen" in capsys.readouterr().err
    assert path.read_bytes() == saved and sorted(p.name for p in tmp_path.iterdir()) == ["table.json"]


def other_address() -> str | None:
    """This machine's address on its network, if it has one besides the loopback."""
    address = network_address()
    return None if address is None or address.startswith("127.") else address


def reachable(address: str, port: int) -> bool:
    try:
        socket.create_connection((address, port), timeout=2).close()
    except OSError:
        return False
    return True


@pytest.mark.parametrize("asked, listens", [([], "127.0.0.1"), (["--host", "0.0.0.0"], "0.0.0.0")])
def test_serve_listens_on_this_machine_only_unless_told_otherwise(monkeypatch, capsys, tmp_path, asked, listens) -> None:
    """Where ``serve`` listens, read from its socket (the server stops once it listens); from another of
    this machine's addresses the table is out of reach unless another address was asked for."""
    from fiftyfifty_desktop.net import host
    from fiftyfifty_desktop.net.server import TableServer

    heard: list = []
    elsewhere = other_address()

    class Listening(TableServer):
        async def start(self) -> None:
            await super().start()
            heard.extend(s.getsockname()[0] for s in self._server.sockets)
            if elsewhere is not None:
                heard.append(reachable(elsewhere, self.port))
            self.stop()

    monkeypatch.setattr(host, "TableServer", Listening)
    monkeypatch.setenv("FIFTYFIFTY_HOME", str(tmp_path))  # the host's certificate is kept here
    assert run(["serve", "--game", "take5", "--seats", "remote,medium", "--port", "0", *asked]) == 0
    assert heard[0] == listens and len(heard) == (1 if elsewhere is None else 2)
    if elsewhere is not None:
        assert heard[1] is (listens == "0.0.0.0")
    printed = capsys.readouterr().out
    assert "Take 5, invitation wss://" in printed and "0.0.0.0" not in printed  # an address others can reach
    assert (tmp_path / "data" / "table-certificate.pem").is_file()


@pytest.mark.parametrize("address", ["[::1:18598", "[127.0.0.1]:18598", "wss://127.0.0.1:18598", "http://x:1",
                                     "127.0.0.1:99999"])
def test_join_refuses_an_unusable_address_in_one_line(address: str, capsys) -> None:
    assert run(["join", address, "--code", "abc", "--player", "medium"]) == 2
    error = capsys.readouterr().err.strip()
    assert error and "\n" not in error and "Traceback" not in error


@pytest.mark.parametrize("port", ["9" * 5000, "0" * 4999 + "1", "1" * 6])
def test_join_refuses_a_port_of_thousands_of_digits_in_one_short_line(port: str, capsys) -> None:
    assert run(["join", f"127.0.0.1:{port}", "--code", "abc", "--player", "medium"]) == 2
    error = capsys.readouterr().err.strip()
    assert "is not a port" in error and "\n" not in error and len(error) < 300


def test_join_with_the_printed_token_takes_the_seat_again_after_its_process_died(tmp_path) -> None:
    """A ``join --player medium`` process is killed in the middle of a game; a new one given the token it printed
    sits at the same seat again and plays the game to its end, which the record bears out."""
    import asyncio
    import json

    from websockets.asyncio.client import connect

    from fiftyfifty_desktop.engine.records import parse_record
    from fiftyfifty_desktop.net.client import Session
    from fiftyfifty_desktop.net.computer import play_seat
    from fiftyfifty_desktop.registry import GAMES

    from .test_net_faults import Raw, hello, serve
    from .test_net_play import CODE, remote_record

    program = [sys.executable, "-m", "fiftyfifty_desktop", "join"]
    env = {**os.environ, "FIFTYFIFTY_HOME": str(tmp_path)}
    path = tmp_path / "table.json"

    async def seat_changes(raw: Raw, connected: bool) -> None:
        while (await raw.next("table"))["seats"][0]["connected"] is not connected:
            pass

    async def main() -> tuple[str, bytes, int]:
        server, table, address = await serve(remote_record("take5", 6, players=2), path)
        async with connect(f"ws://{address}", proxy=None) as socket:
            holder = Raw(socket)  # seat 2, which makes no move yet: the game waits for it
            await holder.send(hello(name="Holder", seat=1))
            token_of_seat_2 = (await holder.next("welcome"))["token"]
            first = await asyncio.create_subprocess_exec(
                *program, address, "--code", CODE, "--player", "medium", "--seat", "0", "--exit-at-end",
                stdout=asyncio.subprocess.PIPE, env=env)
            line = (await asyncio.wait_for(first.stdout.readline(), HANG_GUARD)).decode()
            assert line.startswith("seated at seat 1;"), line
            token = line.split("--token=")[1].strip()
            while (await holder.next("step")).get("seat") != 0:  # the first process made its first move
                pass
            first.kill()
            await first.wait()
            await seat_changes(holder, False)
            moves_before = table.match.moves_made
            second = await asyncio.create_subprocess_exec(
                *program, address, "--code", CODE, "--player", "medium", f"--token={token}", "--exit-at-end",
                stdout=asyncio.subprocess.PIPE, env=env)
            await seat_changes(holder, True)
        outcome = await asyncio.wait_for(play_seat(address, CODE, "Holder", session=Session(
            address, CODE, "Holder", token=token_of_seat_2)), HANG_GUARD)
        said, _ = await asyncio.wait_for(second.communicate(), HANG_GUARD)
        server.stop()
        assert outcome.message == "the game is over"
        return said.decode(), json.dumps(outcome.scores).encode(), moves_before

    said, scores, moves_before = asyncio.run(main())
    assert said.splitlines()[0].startswith("seated at seat 1;")
    assert "the game is over: scores " + " ".join(str(s) for s in json.loads(scores)) in said
    record = parse_record(path.read_text(), GAMES)
    assert record.seats[0].name == "Medium" and sum(seat == 0 for seat, _ in record.moves) > 1 >= moves_before


def test_the_printed_token_is_read_back_even_when_it_begins_with_a_dash(capsys, monkeypatch) -> None:
    """Tokens are URL-safe base64, so one in 64 begins with "-": printed as ``--token=TOKEN`` it still reads
    back as the token, where ``--token TOKEN`` would be taken for an unknown option."""
    from fiftyfifty_desktop.cli import build_parser
    from fiftyfifty_desktop.net import host

    async def seated_only(*_args, on_seat, **_kwargs):
        on_seat(1, "-Ab_cD")

    monkeypatch.setattr(host, "play_seat", seated_only)
    host.join_with_computer("127.0.0.1:1", "abc", "Medium", "medium", None, True)
    printed = capsys.readouterr().out.split("again with ")[1].split()
    arguments = build_parser().parse_args(["join", "127.0.0.1:1", "--code", "abc", *printed])
    assert arguments.token == "-Ab_cD"
