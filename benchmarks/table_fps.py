"""Frame time of a game's table: update plus draw, as the main loop runs them.

    python benchmarks/table_fps.py [--game GAME] [--size 1280x720] [--frames 600] [--players N]

Runs on SDL's dummy driver (no window, no vsync), with a throw-away
settings folder. Prints the mean and the 95th percentile in milliseconds,
with the table idle (waiting for the human) and while cards are moving. The
machine's other work makes these figures noisy.
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

from fiftyfifty_desktop.app import App  # noqa: E402
from fiftyfifty_desktop.engine.records import Record, Seat  # noqa: E402
from fiftyfifty_desktop.storage import Settings, Storage  # noqa: E402
from fiftyfifty_desktop.registry import GAMES  # noqa: E402
from fiftyfifty_desktop.ui.tables import table_for  # noqa: E402

FRAME = 1 / 60


def measure(app: App, frames: int) -> list[float]:
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        app.step(FRAME)
        times.append((time.perf_counter() - start) * 1000)
    return times


def report(name: str, times: list[float]) -> None:
    ordered = sorted(times)
    p95 = ordered[int(len(ordered) * 0.95) - 1]
    print(f"{name:<10} mean {statistics.mean(times):6.2f} ms   p95 {p95:6.2f} ms   "
          f"({1000 / statistics.mean(times):5.0f} frames/s possible, {len(times)} frames)")


def human_move(table) -> None:
    """The first move offered; five discards at once where the table asks for a set."""
    if getattr(table, "discards_needed", 0) and table.view.phase == "discard":
        table.marked = table.board.hand[:table.discards_needed]
        table.confirm_discards()
        return
    move, rect = table.choices()[0]
    table.choose(move)


def main() -> int:
    parser = argparse.ArgumentParser(description="Frame time of a game's table.")
    parser.add_argument("--game", default="take5", choices=tuple(GAMES))
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    home = Path(tempfile.mkdtemp(prefix="ff-bench-"))
    storage = Storage(home / "config", home / "data")
    storage.save_settings(Settings(speed="normal", window=(width, height)))
    app = App(storage)
    app.start()
    seats = (Seat("You", "human"),) + tuple(Seat(f"Computer {i}", "random") for i in range(2, args.players + 1))
    game = GAMES[args.game]
    table = app.stack.push(table_for(args.game)(app, Record(args.game, args.players,
                                                            game.resolve_options(args.players), seats, 1)))
    measure(app, 30)  # warm the card and text caches
    moving = []
    idle = []
    while len(moving) < args.frames or len(idle) < args.frames:
        if table.acting is not None and not table.busy:
            idle += measure(app, 20)
            human_move(table)
        else:
            moving += measure(app, 1)
        if app.stack.top is not table:
            app.stack.pop()
    print(f"{game.name} table at {width}x{height}, {args.players} players, dummy video driver")
    report("idle", idle)
    report("animating", moving)
    return 0


if __name__ == "__main__":
    sys.exit(main())
