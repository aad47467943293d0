"""A second window for the tests of two windows on one data folder: a real ``App`` in its own process.

Run as ``python -m tests.window_process`` with ``FIFTYFIFTY_HOME`` set; it reads one command a line from stdin
and answers each with one line on stdout:

* ``play <record JSON>``: open the record's table (a new game, saved in a slot of its own), answers ``playing``;
* ``continue``: continue the only game Continue offers, answers ``continued <seed>`` (or ``none``);
* ``quit``: quit as the window's close button does, answers ``quit`` and ends.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from fiftyfifty_desktop.app import App  # noqa: E402
from fiftyfifty_desktop.engine.records import parse_record  # noqa: E402
from fiftyfifty_desktop.registry import GAMES  # noqa: E402
from fiftyfifty_desktop.ui.continuing import open_saved, saved_games  # noqa: E402
from fiftyfifty_desktop.ui.scenes import make_scene  # noqa: E402


def main() -> None:
    app = App()
    app.start()
    app.step(1 / 60)
    for line in sys.stdin:
        command, _, argument = line.strip().partition(" ")
        if command == "play":
            app.stack.push(make_scene(app, "table", record=parse_record(argument, GAMES)))
            app.step(1 / 60)
            answer = "playing"
        elif command == "continue":
            found = saved_games(app)
            answer = "none"
            if len(found) == 1 and open_saved(app, found[0].slot):
                answer = f"continued {app.stack.top.record.seed}"
        elif command == "quit":
            app.quit()
            print("quit", flush=True)
            return
        else:
            answer = f"unknown command {command}"
        print(answer, flush=True)


if __name__ == "__main__":
    main()
