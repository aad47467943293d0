"""CPU the window uses while nothing moves: the share of one core over some seconds.

    python benchmarks/idle_cpu.py [--seconds 10] [--size 1280x720]

Opens each idle screen in turn — the title, the set-up screen, every game's
table waiting for the human, the hot-seat hand-over screen and the lobby of a
table this window hosts, its connection open and a seat waiting — runs the
program's own main loop on it for the given time with no input, and prints the
process's CPU time over the wall time. Uses SDL's dummy driver (no window), or
the display in ``DISPLAY`` with ``--real-window``. The last line is the worst
screen: ``max idle: X% of a core``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="CPU use of the idle screens.")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--real-window", action="store_true", help="use the display instead of the dummy driver")
    parser.add_argument("--screen", help="measure only this screen (each runs in its own process)")
    return parser.parse_args()


ARGS = parse_args()
if not ARGS.real_window:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from fiftyfifty_desktop.app import App  # noqa: E402
from fiftyfifty_desktop.engine.records import Record, Seat  # noqa: E402
from fiftyfifty_desktop.registry import GAMES  # noqa: E402
from fiftyfifty_desktop.storage import Settings, Storage  # noqa: E402


def table_record(game_id: str, people: int) -> Record:
    """A four-seat game with ``people`` people in the first seats and random players after them."""
    game = GAMES[game_id]
    seats = tuple(Seat(f"Player {i + 1}", "human") for i in range(people)) + tuple(
        Seat(f"Computer {i + 1}", "random") for i in range(4 - people))
    return Record(game_id, 4, game.resolve_options(4), seats, 7)


def screens() -> list[tuple[str, str, dict]]:
    """(label, scene name, arguments) of every screen that waits for a person."""
    out = [("title", "title", {}), ("setup", "setup", {"game_id": "take5"})]
    out += [(f"table {game_id}", "table", {"record": table_record(game_id, 1)}) for game_id in GAMES]
    out.append(("hand-over", "table", {"record": table_record("thirteen", 2)}))
    out.append(("host lobby", "net_lobby", {}))  # its match is hosted by the window measured: hosted_match
    return out


def hosted_match(app: App):
    """A Take 5 table this window hosts on the loopback address, the friend's seat still open."""
    from fiftyfifty_desktop.net.protocol import REMOTE
    from fiftyfifty_desktop.ui.scenes.network import host_table

    game = GAMES["take5"]
    record = Record("take5", 2, game.resolve_options(2), (Seat("Host", REMOTE), Seat("Friend", REMOTE)), 7)
    return host_table(app, record, "127.0.0.1", 0)


def settle(app: App, label: str) -> None:
    """Step the window until the screen waits for a person (deals dealt, hand-over shown, the lobby's seats
    heard)."""
    for _ in range(20_000):
        top = app.stack.top
        if top is not None and top.resting() and (label != "hand-over" or type(top).__name__ == "HandoverScene") \
                and (label != "host lobby" or top.match.seats):
            return
        app.step(1 / 60, ())
    raise SystemExit(f"idle_cpu: {label} never came to rest")


def measure(label: str, scene: str, kwargs: dict, seconds: float, size: tuple[int, int]) -> float:
    """Share of one core the main loop used on ``scene`` over ``seconds`` with no input."""
    home = Path(tempfile.mkdtemp(prefix="ff-idle-"))
    storage = Storage(home / "config", home / "data")
    storage.save_settings(Settings(speed="fast", window=size))
    app = App(storage)
    app.start()
    if scene == "net_lobby":
        kwargs = {"match": hosted_match(app)}
    if scene != "title":
        app.stack.open(scene, **kwargs)
    settle(app, label)
    marks: dict[str, float] = {}

    def on_frame(app: App) -> None:
        """The first frame starts the clocks and a timer; the frame its event wakes stops them."""
        if not marks:
            marks.update(wall=time.perf_counter(), cpu=time.process_time())
            pygame.time.set_timer(pygame.USEREVENT, int(seconds * 1000), loops=1)  # the one input
        elif time.perf_counter() - marks["wall"] >= seconds:
            marks.update(wall=time.perf_counter() - marks["wall"], cpu=time.process_time() - marks["cpu"])
            app.quit()

    app.on_frame = on_frame
    pygame.event.clear()  # the window's own opening events came while settling
    app.loop()
    return 100.0 * marks["cpu"] / marks["wall"]


def main() -> int:
    if ARGS.screen is not None:
        width, height = (int(v) for v in ARGS.size.split("x"))
        found = {label: (scene, kwargs) for label, scene, kwargs in screens()}
        if ARGS.screen not in found:
            raise SystemExit(f"idle_cpu: no screen {ARGS.screen!r}; one of {', '.join(found)}")
        scene, kwargs = found[ARGS.screen]
        print(f"{measure(ARGS.screen, scene, kwargs, ARGS.seconds, (width, height)):.2f}")
        return 0
    worst = 0.0
    for label, _, _ in screens():
        command = [sys.executable, __file__, "--screen", label, "--seconds", str(ARGS.seconds), "--size", ARGS.size]
        if ARGS.real_window:
            command.append("--real-window")
        share = float(subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()[-1])
        worst = max(worst, share)
        print(f"{label:<18} {share:5.1f}% of a core", flush=True)
    print(f"max idle: {worst:.1f}% of a core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
