"""Memory over a long session: all-computer games in the window, with resizes.

    python benchmarks/soak.py --minutes N [--resize-every 20]

Plays every registered game in turn with computer seats at fast speed, one
frame after another on SDL's dummy driver, resizing the window every few
seconds through a fixed cycle of sizes, and prints the resident memory at
each minute along with the games played and the bytes held by the surface
caches. At the end it prints the growth after the first two minutes and the
peak, against the target: growth of at most 10%, peak of at most 250 MB.
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fiftyfifty_desktop.app import App  # noqa: E402
from fiftyfifty_desktop.engine.records import Record, Seat  # noqa: E402
from fiftyfifty_desktop.registry import GAMES  # noqa: E402
from fiftyfifty_desktop.storage import Settings, Storage  # noqa: E402
from fiftyfifty_desktop.ui.surface_cache import total_bytes  # noqa: E402

FRAME = 1 / 60
SIZES = ((1280, 720), (960, 540), (1920, 1080), (1100, 700), (1600, 900), (1366, 768))
WARM_UP_MINUTES = 2
GROWTH_TARGET = 0.10
PEAK_TARGET_MB = 250


def rss_mb() -> float:
    """Resident memory now, in MB (Linux)."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3  # kilobytes on Linux


def new_table(app: App, game_id: str, seed: int) -> None:
    game = GAMES[game_id]
    players = max(game.min_players, min(4, game.max_players))
    seats = tuple(Seat(f"Computer {s + 1}", "medium") for s in range(players))
    record = Record(game_id, players, game.resolve_options(players, {}), seats, seed)
    app.stack.restart("title")
    app.stack.open("table", record=record)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, required=True, help="how long to run")
    parser.add_argument("--resize-every", type=float, default=20.0, help="seconds between resizes")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as home:
        storage = Storage(Path(home) / "config", Path(home) / "data")
        storage.save_settings(Settings(speed="fast"))
        app = App(storage)
        app.start()
        games = itertools.cycle(GAMES)
        sizes = itertools.cycle(SIZES)
        seed = 1
        played = 0
        new_table(app, next(games), seed)
        started = time.monotonic()
        next_minute, next_resize = 60.0, args.resize_every
        samples: list[float] = []
        print(f"minute   rss MB   peak MB   games   surface caches MB   (start {rss_mb():.1f} MB)", flush=True)
        while (elapsed := time.monotonic() - started) < args.minutes * 60:
            table = app.stack.find_by(lambda scene: getattr(scene, "is_table", False))
            if table is None or table.finished:
                played += 1
                seed += 1
                new_table(app, next(games), seed)
                continue
            table.wait_for_thinkers()
            app.step(FRAME)
            if elapsed >= next_resize:
                app.resize(*next(sizes))
                next_resize += args.resize_every
            if elapsed >= next_minute:
                samples.append(rss_mb())
                print(f"{len(samples):6d}   {samples[-1]:6.1f}   {peak_mb():7.1f}   {played:5d}   "
                      f"{total_bytes() / 1e6:17.1f}", flush=True)
                next_minute += 60.0
        app.quit()
    if len(samples) > WARM_UP_MINUTES:
        base = samples[WARM_UP_MINUTES - 1]
        growth = (max(samples[WARM_UP_MINUTES:]) - base) / base
        print(f"growth after minute {WARM_UP_MINUTES}: {growth:+.1%} (target at most {GROWTH_TARGET:.0%}); "
              f"peak {peak_mb():.1f} MB (target at most {PEAK_TARGET_MB} MB); {played} games")
    else:
        print(f"run longer than {WARM_UP_MINUTES} minutes to see the growth; peak {peak_mb():.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
