"""The X display, the program running on it, its input (xdotool) and its pictures (ImageMagick's ``import``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

#: The window's size, and the X screen's: the window opens at the top left, so its points are the screen's.
SIZE = (960, 540)
#: How long a screen may take to settle after an input (a bound on polling, never a measured duration).
SETTLE_WITHIN = 20.0


@dataclass(frozen=True)
class Shot:
    """A screenshot: the screen's RGB bytes, row by row."""

    pixels: bytes

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        at = (y * SIZE[0] + x) * 3
        return self.pixels[at], self.pixels[at + 1], self.pixels[at + 2]

    def area(self, rect) -> bytes:
        """The bytes of ``rect`` (x, y, w, h), clipped to the screen."""
        x, y, w, h = rect
        x0, y0, x1, y1 = max(0, x), max(0, y), min(SIZE[0], x + w), min(SIZE[1], y + h)
        return b"".join(self.pixels[(row * SIZE[0] + x0) * 3:(row * SIZE[0] + x1) * 3] for row in range(y0, y1))

    @property
    def blank(self) -> bool:
        """Nothing drawn yet (the window not mapped): every pixel the same."""
        return self.pixels.count(self.pixels[:3]) * 3 == len(self.pixels)


@dataclass
class Display:
    """An X display: pictures of its whole screen and real input events."""

    name: str

    def env(self) -> dict[str, str]:
        return {**os.environ, "DISPLAY": self.name}

    def shot(self) -> Shot:
        raw = subprocess.run(["import", "-window", "root", "-depth", "8", "rgb:-"], env=self.env(),
                             capture_output=True, check=True, timeout=20).stdout
        assert len(raw) == SIZE[0] * SIZE[1] * 3, f"a screenshot of {len(raw)} bytes"
        return Shot(raw)

    def xdotool(self, *args: object) -> None:
        subprocess.run(["xdotool", *map(str, args)], env=self.env(), check=True, timeout=20)

    def move(self, point) -> None:
        self.xdotool("mousemove", int(point[0]), int(point[1]))

    def click(self, point) -> None:
        self.xdotool("mousemove", int(point[0]), int(point[1]), "sleep", "0.05", "click", "1")

    def drag(self, start, end, steps: int = 8) -> None:
        """Press at ``start``, move there in ``steps`` moves, let go at ``end``: a hand moving a card."""
        (x0, y0), (x1, y1) = start, end
        self.xdotool("mousemove", int(x0), int(y0), "sleep", "0.05", "mousedown", "1")
        for i in range(1, steps + 1):
            self.xdotool("mousemove", int(x0 + (x1 - x0) * i / steps), int(y0 + (y1 - y0) * i / steps),
                         "sleep", "0.03")
        self.xdotool("mouseup", "1")

    def key(self, *names: str) -> None:
        self.xdotool("key", "--delay", "60", *names)

    def type(self, text: str) -> None:
        self.xdotool("type", "--delay", "40", text)

    def settled(self, unlike: Shot | None = None, within: float = SETTLE_WITHIN) -> Shot:
        """The screen once two pictures a moment apart agree, drawn and (given ``unlike``) not that picture."""
        deadline = time.monotonic() + within
        last = self.shot()
        while time.monotonic() < deadline:
            time.sleep(0.25)
            now = self.shot()
            if now == last and not now.blank and now != unlike:
                return now
            last = now
        raise AssertionError(f"the screen did not settle{' on a new picture' if unlike else ''} within {within} s")

    def changes(self, since: Shot, within: float = SETTLE_WITHIN) -> Shot:
        """The first picture that differs from ``since``, with no input given meanwhile."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            now = self.shot()
            if now != since:
                return now
            time.sleep(0.2)
        raise AssertionError(f"the screen did not change by itself within {within} s")


@dataclass
class Program:
    """The program running on the display, with its own home folder."""

    display: Display
    home: Path
    process: subprocess.Popen

    @classmethod
    def start(cls, display: Display, home: Path, args, settings: dict) -> Program:
        (home / "config").mkdir(parents=True)
        (home / "config" / "settings.json").write_text(json.dumps({"window": list(SIZE), **settings}))
        env = display.env()
        env.pop("SDL_VIDEODRIVER", None)  # the real X11 driver (CI exports the dummy one for every other test)
        env.update(FIFTYFIFTY_HOME=str(home), SDL_AUDIODRIVER="dummy")
        with open(home / "stderr.txt", "wb") as errors:
            process = subprocess.Popen([sys.executable, "-m", "fiftyfifty_desktop", *args], env=env,
                                       stdout=subprocess.DEVNULL, stderr=errors)
        return cls(display, home, process)

    @property
    def stderr(self) -> str:
        return (self.home / "stderr.txt").read_text()

    def finished(self, within: float = SETTLE_WITHIN) -> int:
        """The exit status, once the program ended by itself."""
        try:
            return self.process.wait(timeout=within)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"the program did not end within {within} s") from None

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
