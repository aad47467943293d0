"""Tests of the real program in a real X server: its own main loop and idle sleeping, real input events.

The session starts Xvfb on a free display; each test runs the program as a subprocess on it (a fresh
``FIFTYFIFTY_HOME``, SDL's real X11 driver) and works it with xdotool, reading the screen with ImageMagick's
``import``. Where the program's own rects are needed (a button, a card of the hand), a twin of the screen is
built in this process on SDL's dummy driver at the same window size, and its layout says where to point.

Without Xvfb, xdotool or ImageMagick the tests are skipped, except when ``CI`` is set: there they fail, so a
CI machine cannot leave them out unnoticed (``.ci/run`` installs the three).
"""

from __future__ import annotations

import os
import shutil
import subprocess

os.environ["SDL_VIDEODRIVER"] = "dummy"  # the twins in this process; the program under test gets X11
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from fiftyfifty_desktop.storage import Settings, Storage  # noqa: E402

from ..ui.drive import Driver  # noqa: E402
from .screen import SIZE, Display, Program  # noqa: E402

TOOLS = {"Xvfb": "xvfb", "xdotool": "xdotool", "import": "imagemagick"}


@pytest.fixture(scope="session")
def display():
    """A virtual X server of the window's size, started once."""
    missing = [package for tool, package in TOOLS.items() if shutil.which(tool) is None]
    if missing:
        message = f"the real-window tests need {', '.join(missing)} (apt-get install {' '.join(missing)})"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24",
                               "-nolisten", "tcp", "-noreset"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as told:
        number = told.readline().strip()
    if not number:
        server.kill()
        pytest.fail("Xvfb did not start")
    yield Display(f":{number}")
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture
def program(display, tmp_path):
    """Starts the program on the display with a fresh home; every program started is stopped after the test."""
    started: list[Program] = []

    def start(*args: str, settings: dict | None = None) -> Program:
        started.append(Program.start(display, tmp_path / f"home{len(started)}", args, settings or {}))
        return started[-1]

    yield start
    for running in started:
        running.stop()


@pytest.fixture
def twin(tmp_path):
    """The program's screens in this process, at the window's size, to learn where things are drawn."""
    storage = Storage(tmp_path / "twin" / "config", tmp_path / "twin" / "data")
    storage.save_settings(Settings(speed="instant", window=SIZE))
    driver = Driver.start(storage)
    yield driver
    driver.close()
