"""Frame time of a game's table: update plus draw, as the main loop runs them.

    python benchmarks/table_fps.py [--game GAME] [--size 1280x720] [--frames 600] [--players N]
    python benchmarks/table_fps.py --thinking SECONDS [--threads] [--game GAME] [--players N]

Runs on SDL's dummy driver (no window, no vsync), with a throw-away
settings folder. Prints the mean and the 95th percentile in milliseconds,
with the table idle (waiting for the human) and while cards are moving. The
machine's other work makes these figures noisy.

``--thinking`` seats hard computer players only and runs the table at 60
frames a second for that many seconds while they think and play; it prints
the gaps between frames (p99, maximum, how many over 50 ms). The players
think in worker processes, as at the table; ``--threads`` puts them on
threads in the window's process instead, as before, for comparison.
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


def open_table(args: argparse.Namespace, speed: str, seats: tuple[Seat, ...]):
    """The window, in a throw-away settings folder, with a new table of ``args.game`` for ``seats``."""
    width, height = (int(v) for v in args.size.split("x"))
    home = Path(tempfile.mkdtemp(prefix="ff-bench-"))
    storage = Storage(home / "config", home / "data")
    storage.save_settings(Settings(speed=speed, window=(width, height)))
    app = App(storage)
    app.start()
    game = GAMES[args.game]
    record = Record(args.game, len(seats), game.resolve_options(len(seats)), seats, 1)
    return app, app.stack.push(table_for(args.game)(app, record))


def main() -> int:
    parser = argparse.ArgumentParser(description="Frame time of a game's table.")
    parser.add_argument("--game", default="take5", choices=tuple(GAMES))
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--thinking", type=float, help="seconds of a table of hard computer players")
    parser.add_argument("--threads", action="store_true", help="with --thinking: players on threads, not processes")
    args = parser.parse_args()
    if args.thinking:
        return thinking(args)
    seats = (Seat("You", "human"),) + tuple(Seat(f"Computer {i}", "random") for i in range(2, args.players + 1))
    app, table = open_table(args, "normal", seats)
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
    print(f"{GAMES[args.game].name} table at {args.size}, {args.players} players, dummy video driver")
    report("idle", idle)
    report("animating", moving)
    return 0


def thinking(args: argparse.Namespace) -> int:
    """Frame gaps at a table of hard computer players, thinking in processes (or threads)."""
    import fiftyfifty_desktop.ui.tables.base as base
    from fiftyfifty_desktop.ai import make_agent

    if args.threads:
        base.make_table_agent = make_agent
    seats = tuple(Seat(f"Computer {i}", "hard") for i in range(1, args.players + 1))
    app, table = open_table(args, "fast", seats)
    gaps = []
    last = time.perf_counter()
    end = last + args.thinking
    while last < end and app.stack.top is table:
        app.step(FRAME)
        spare = FRAME - (time.perf_counter() - last)
        if spare > 0:
            time.sleep(spare)
        now = time.perf_counter()
        gaps.append((now - last) * 1000)
        last = now
    moves = table.match.moves_made
    table.match.close()
    ordered = sorted(gaps)
    p99 = ordered[max(0, int(len(ordered) * 0.99) - 1)]
    how = "threads" if args.threads else "worker processes"
    print(f"{GAMES[args.game].name}, {args.players} hard players thinking on {how}, {args.thinking:.0f} s: "
          f"{len(gaps)} frames, {moves} moves; "
          f"frame gap p99 {p99:.1f} ms, max {ordered[-1]:.1f} ms, {sum(g > 50 for g in gaps)} over 50 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
