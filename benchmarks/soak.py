"""Memory over a long session: all-computer games in the window, with resizes.

    python benchmarks/soak.py --minutes N [--resize-every 20] [--speed fast|instant]

Plays every registered game in turn with computer seats (at fast speed, so
cards fly and are drawn at every size on the way; ``--speed instant`` skips
the animations and plays more games a minute), one frame after another on
SDL's dummy driver, resizing the window every few seconds through a fixed
cycle of sizes.

First a warm-up, not timed: every game is opened and drawn at every size of
the cycle, so fonts, card faces, the code's own first-use costs and the
heap's working size are all met before any sample. Then, at each minute, the
window is set to the first size of the cycle and the resident memory is
sampled right after: every sample is taken in the same state (same size,
the surface caches just emptied and the freed memory given back), so a
sample that grows is memory kept, not a larger window or fuller caches at
that moment. Beside it are the peak so far, the games played and the most
the surface caches held during that minute.

At the end it prints the growth of the later samples over the sample at
minute 2 and the peak, against the target: growth of at most 10%, peak of
at most 250 MB.
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
from fiftyfifty_desktop.storage import SPEEDS, Settings, Storage  # noqa: E402
from fiftyfifty_desktop.ui.surface_cache import total_bytes  # noqa: E402

FRAME = 1 / 60
SIZES = ((1280, 720), (960, 540), (1920, 1080), (1100, 700), (1600, 900), (1366, 768))
WARM_UP_FRAMES = 60  # frames drawn at each size for each game before the timed run
WARM_UP_MINUTES = 2
GROWTH_TARGET = 0.10
PEAK_TARGET_MB = 250


def rss_mb() -> float:
    """Resident memory now, in MB (Linux)."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def peak_mb() -> float:
    """The most resident memory so far, in MB (as ``rss_mb``: Linux counts it in units of 1024 bytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6


def new_table(app: App, game_id: str, seed: int) -> None:
    game = GAMES[game_id]
    players = max(game.min_players, min(4, game.max_players))
    seats = tuple(Seat(f"Computer {s + 1}", "medium") for s in range(players))
    record = Record(game_id, players, game.resolve_options(players, {}), seats, seed)
    app.stack.restart("title")
    app.stack.open("table", record=record)


def table_of(app: App):
    return app.stack.find_by(lambda scene: getattr(scene, "is_table", False))


def play_frame(app: App) -> None:
    """One frame of the table in play, after its computer seats have answered."""
    table_of(app).match.wait_for_computers()
    app.step(FRAME)


def warm_up(app: App, seed: int) -> None:
    """Open every game and draw it at every size of the cycle (see the module's docstring)."""
    for game_id in GAMES:
        new_table(app, game_id, seed)
        for size in SIZES:
            app.resize(*size)
            for _ in range(WARM_UP_FRAMES):
                table = table_of(app)
                if table is None or table.finished:
                    new_table(app, game_id, seed)
                play_frame(app)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, required=True, help="how long to run")
    parser.add_argument("--resize-every", type=float, default=20.0, help="seconds between resizes")
    parser.add_argument("--speed", choices=SPEEDS, default="fast", help="animation speed of the tables")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as home:
        storage = Storage(Path(home) / "config", Path(home) / "data")
        storage.save_settings(Settings(speed=args.speed))
        app = App(storage)
        app.start()
        start_mb = rss_mb()
        warm_up(app, seed=0)
        print(f"start {start_mb:.1f} MB, after the warm-up {rss_mb():.1f} MB; speed {args.speed}", flush=True)
        games = itertools.cycle(GAMES)
        sizes = itertools.cycle(SIZES)
        seed = 1
        played = 0
        new_table(app, next(games), seed)
        started = time.monotonic()
        next_minute, next_resize = 60.0, args.resize_every
        samples: list[float] = []
        caches_peak = 0
        print("minute   rss MB   peak MB   games   surface caches MB (most in the minute)", flush=True)
        while (elapsed := time.monotonic() - started) < args.minutes * 60:
            table = table_of(app)
            if table is None or table.finished:
                played += 1
                seed += 1
                new_table(app, next(games), seed)
                continue
            play_frame(app)
            caches_peak = max(caches_peak, total_bytes())
            if elapsed >= next_resize:
                app.resize(*next(sizes))
                next_resize += args.resize_every
            if elapsed >= next_minute:
                app.resize(*SIZES[0])  # every sample in the same state: see the module's docstring
                samples.append(rss_mb())
                print(f"{len(samples):6d}   {samples[-1]:6.1f}   {peak_mb():7.1f}   {played:5d}   "
                      f"{caches_peak / 1e6:17.1f}", flush=True)
                caches_peak = 0
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
