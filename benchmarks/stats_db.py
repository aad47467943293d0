"""Time to store a finished game, and to open the statistics screen over 10,000 stored games.

    python benchmarks/stats_db.py [--games 10000] [--runs 20]

Targets: saving a finished game <= 50 ms (replaying its record for the
scores, then one transaction); opening the statistics screen <= 200 ms with
10,000 games stored (opening the database, reading the figures, building the
screen and drawing its first frame at 1280x720). Runs on SDL's dummy driver
in a throw-away folder; the figures are wall-clock times on a shared
machine: expect noise. The median and the worst run are printed, and the
median processor time of this process, which a busy machine changes less.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fiftyfifty_desktop.ai import make_agent  # noqa: E402
from fiftyfifty_desktop.engine.match import play_out  # noqa: E402
from fiftyfifty_desktop.engine.records import Record, Seat  # noqa: E402
from fiftyfifty_desktop.registry import GAMES  # noqa: E402
from fiftyfifty_desktop.stats_db import FINISHED, open_stats, stored_game  # noqa: E402

SAVE_TARGET = 0.050
OPEN_TARGET = 0.200


def finished_games(count: int) -> list[Record]:
    """Whole games of every registered game, a human and the steady computer at each table."""
    records = []
    for seed in range(count):
        game_id = list(GAMES)[seed % len(GAMES)]
        game = GAMES[game_id]
        players = max(game.min_players, 3 if seed % 2 else 2)
        seats = (Seat("Ann", "human"),) + tuple(Seat(f"C{i}", "medium") for i in range(1, players))
        record = Record(game_id, players, game.resolve_options(players, {}), seats, seed)
        agents = {i: make_agent("medium", game, i, seed, ()) for i in range(players)}
        records.append(play_out(game, record, agents).record)
    return records


Timing = tuple[float, float]  # wall-clock seconds, processor seconds


def timed(action) -> Timing:
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - wall, time.process_time() - cpu


def time_saving(folder: Path, records: list[Record], runs: int) -> list[Timing]:
    db, problem = open_stats(folder)
    assert db is not None and problem is None, problem
    times = [timed(lambda i=i: db.store(stored_game(records[i % len(records)], FINISHED, 60.0))) for i in range(runs)]
    db.close()
    return times


def fill(folder: Path, records: list[Record], games: int) -> None:
    """``games`` stored games, made from the few played ones (storing is what is timed above, not here)."""
    db, _ = open_stats(folder)
    assert db is not None
    stored = [stored_game(r, FINISHED, 60.0) for r in records]
    have = db.count()
    for i in range(have, games):
        db.store(stored[i % len(stored)])
    db.close()


def time_opening_screen(folder: Path, runs: int) -> list[Timing]:
    import pygame

    from fiftyfifty_desktop.app import App
    from fiftyfifty_desktop.storage import Settings, Storage

    storage = Storage(folder / "config", folder)
    storage.save_settings(Settings(window=(1280, 720)))
    times = []
    for _ in range(runs):
        app = App(storage)
        app.start()

        def open_screen() -> None:
            app.stack.open("stats")  # opens the database on first use, as the program does
            app.step(0.0)
            pygame.display.flip()

        times.append(timed(open_screen))
        app.quit()
    return times


def report(name: str, times: list[Timing], target: float) -> bool:
    walls = [wall for wall, _ in times]
    median, worst = statistics.median(walls), max(walls)
    cpu = statistics.median(c for _, c in times)
    ok = median <= target
    print(f"{name}: median {median * 1000:.1f} ms, worst {worst * 1000:.1f} ms, processor {cpu * 1000:.1f} ms "
          f"over {len(times)} runs (target {target * 1000:.0f} ms: {'met' if ok else 'MISSED'})")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="stored games when the screen opens")
    parser.add_argument("--runs", type=int, default=20, help="timed runs of each")
    args = parser.parse_args()
    records = finished_games(16)
    with tempfile.TemporaryDirectory() as home:
        folder = Path(home)
        saving = time_saving(folder, records, args.runs)
        fill(folder, records, args.games)
        opening = time_opening_screen(folder, args.runs)
    ok = report("saving a finished game", saving, SAVE_TARGET)
    ok &= report(f"opening the statistics screen with {args.games:,} games stored", opening, OPEN_TARGET)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
