"""Saving while the disk refuses: a read-only data folder and a full disk (a file-size
limit), each in a child process, while computer seats play. Every save that fails keeps
the whole record, no temporary file is left behind, and the first save that works again
writes every move: no move is ever lost."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent('''
    import json, os, pwd, resource, signal, sys, tempfile
    from pathlib import Path

    from fiftyfifty_desktop.ai import make_agent
    from fiftyfifty_desktop.engine.match import Match
    from fiftyfifty_desktop.engine.records import Record, Seat, parse_record
    from fiftyfifty_desktop.registry import GAMES
    from fiftyfifty_desktop.storage import Storage, StorageError

    game = GAMES["take5"]
    game.parse_move("p1"), game.resolve_options(4, {})  # load every module before dropping privileges

    mode = sys.argv[1]
    home = Path(tempfile.mkdtemp(prefix="fiftyfifty-write-"))
    os.chmod(home, 0o755)
    data = home / "data" / "saved-games"
    data.mkdir(parents=True)
    if mode == "read-only" and os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        os.chown(home, nobody.pw_uid, nobody.pw_gid)
        os.chown(data, nobody.pw_uid, nobody.pw_gid)
        os.setgid(nobody.pw_gid)
        os.setuid(nobody.pw_uid)  # root writes into read-only folders anyway
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # past the limit, write() fails with EFBIG


    storage = Storage(home / "config", data.parent)
    failures = []

    class Keeper:
        def save(self, record):
            try:
                storage.save_record(record)
            except StorageError as exc:
                failures.append(str(exc))
                assert storage.unsaved.record == record

        def game_over(self, record):
            pass

    seats = tuple(Seat(f"C{i}", "random") for i in range(4))
    record = Record("take5", 4, game.resolve_options(4, {}), seats, 7)
    agents = {i: make_agent("random", game, i, 7, ()) for i in range(4)}
    match = Match(game, record, agents, keeper=Keeper())
    match.play(max_moves=8)
    if mode == "read-only":
        os.chmod(data, 0o555)
    else:
        size = storage.slot("take5").stat().st_size
        resource.setrlimit(resource.RLIMIT_FSIZE, (size + 40, resource.RLIM_INFINITY))
    match.play(max_moves=30)
    leftovers = sorted(p.name for p in data.iterdir())
    if mode == "read-only":
        os.chmod(data, 0o755)
    else:
        resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    match.play(max_moves=31)
    saved = parse_record(storage.slot("take5").read_text(encoding="utf-8"), GAMES)
    print(json.dumps({"failures": len(failures), "reason": failures[:1], "moves": len(match.record.moves),
                      "saved": len(saved.moves), "same": saved == match.record, "leftovers": leftovers,
                      "after": sorted(p.name for p in data.iterdir()), "unsaved": storage.unsaved is not None}))
''')


@pytest.mark.parametrize("mode, reason", [("read-only", "Permission denied"), ("full-disk", "File too large")])
def test_no_move_is_lost_when_saving_fails(mode, reason):
    done = subprocess.run([sys.executable, "-c", CHILD, mode], capture_output=True, text=True, timeout=120,
                          cwd=os.path.dirname(os.path.dirname(__file__)))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["failures"] >= 20 and reason in result["reason"][0]
    assert result["leftovers"] == ["take5.json", "take5.lock"]  # no temporary file survives a failed save
    assert result["same"] and result["saved"] == result["moves"] == 31 and not result["unsaved"]
    assert result["after"] == ["take5.json", "take5.lock"]  # the lock of the slot this window plays in
