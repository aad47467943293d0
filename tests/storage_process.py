"""One window's storage in a process of its own, for the fuzz of two windows on one data folder.

``python -m tests.storage_process`` reads commands a line at a time and answers each with one line of JSON: the
result of :func:`apply` on its ``Storage`` (``home <folder>`` first, and again for a fresh folder)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.storage import Storage


def record(seed: int) -> Record:
    game = GAMES["take5"]
    return Record("take5", 2, game.resolve_options(2), (Seat("Ann", "human"), Seat("Bo", "random")), seed)


def apply(storage: Storage, command: str, argument: int) -> int | list[int] | None:
    """``start`` a game of seed ``argument``, ``save`` it again, ``finish`` it, ``leave`` it, ``take`` the first
    game Continue offers (its seed), or ``list`` the seeds Continue offers."""
    if command == "start":
        storage.leave()
        storage.save_record(record(argument))
    elif command == "save" and storage.playing is not None:
        saved, _ = storage.load_record(GAMES, storage.playing)
        assert saved is not None
        storage.save_record(saved)
    elif command == "finish" and storage.playing is not None:
        storage.clear_record("take5")
    elif command == "leave":
        storage.leave()
    elif command == "take":
        for saved in storage.saved_games(GAMES)[0]:
            if storage.take(saved.slot):
                return saved.record.seed
        return None
    elif command == "list":
        return sorted(saved.record.seed for saved in storage.saved_games(GAMES)[0])
    return None


def main() -> None:
    storage: Storage | None = None
    for line in sys.stdin:
        command, _, argument = line.strip().partition(" ")
        if command == "home":
            if storage is not None:
                storage.leave()
            storage = Storage(Path(argument) / "config", Path(argument) / "data")
            answer = None
        else:
            assert storage is not None
            answer = apply(storage, command, int(argument or 0))
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
