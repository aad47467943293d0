"""Two windows' storages in two processes on one data folder, driven by random steps: no game in progress is ever
lost or doubled, and neither window is offered, nor takes, a game the other has open."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fiftyfifty_desktop.engine.records import parse_record
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.storage import Storage

from .storage_process import apply

ROOT = Path(__file__).resolve().parents[1]
STEPS = st.lists(st.tuples(st.sampled_from(["here", "there"]),
                           st.sampled_from(["start", "start", "save", "finish", "leave", "take", "list"])),
                 min_size=1, max_size=14)


@pytest.fixture(scope="module")
def there():
    process = subprocess.Popen([sys.executable, "-m", "tests.storage_process"], cwd=ROOT, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    yield process
    assert process.stdin is not None
    process.stdin.close()
    process.wait(timeout=60)


def ask(process, command: str, argument: object = "") -> object:
    process.stdin.write(f"{command} {argument}\n")
    process.stdin.flush()
    return json.loads(process.stdout.readline())


def on_disk(storage: Storage) -> list[int]:
    return sorted(parse_record(path.read_text(encoding="utf-8"), GAMES).seed for path in storage.saves_dir.glob("*.json"))


@settings(max_examples=40, deadline=None)
@given(steps=STEPS)
def test_two_windows_on_one_folder_never_lose_double_or_share_a_game(there, tmp_path_factory, steps):
    home = tmp_path_factory.mktemp("home")
    ask(there, "home", home)
    here = Storage(home / "config", home / "data")
    live: set[int] = set()  # the games in progress, as the players left them
    holding: dict[str, int | None] = {"here": None, "there": None}
    try:
        for seed, (side, command) in enumerate(steps, start=1):
            other = holding["there" if side == "here" else "here"]
            answer = apply(here, command, seed) if side == "here" else ask(there, command, seed)
            if command == "start":
                live.add(seed)
                holding[side] = seed
            elif command == "finish" and holding[side] is not None:
                live.discard(holding[side])
                holding[side] = None
            elif command == "leave":
                holding[side] = None
            elif command == "take":
                assert answer is None or (answer in live and answer != other)
                if answer is not None:
                    holding[side] = answer
            elif command == "list":
                assert other not in answer and set(answer) <= live
            assert on_disk(here) == sorted(live)
    finally:
        here.leave()
