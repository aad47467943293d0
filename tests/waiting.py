"""Waiting in a test for what another task, thread or process does: look again until it holds.

Neither helper measures time: a slow machine only waits longer. ``HANG_GUARD`` is there so that a test whose
condition can never come true fails with a message instead of holding the run until CI gives up; it is far
longer than any honest wait, so it cannot decide whether a working test passes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

#: Seconds after which a wait is taken for a hang (no working test comes near it).
HANG_GUARD = 300.0
#: Seconds between looks: only how often the condition is read, never how long the test waits.
LOOK_EVERY = 0.005


def until(done: Callable[[], object], what: str, *, between: Callable[[], object] = lambda: time.sleep(LOOK_EVERY),
          guard: float = HANG_GUARD) -> None:
    """Call ``between`` (a short sleep, or reading a client's messages) until ``done()`` holds."""
    hang = time.monotonic() + guard
    while not done():
        assert time.monotonic() < hang, f"waited in vain: {what}"
        between()


async def eventually(done: Callable[[], object], what: str, *, guard: float = HANG_GUARD) -> None:
    """Let the running loop's other tasks work until ``done()`` holds."""
    hang = time.monotonic() + guard
    while not done():
        assert time.monotonic() < hang, f"waited in vain: {what}"
        await asyncio.sleep(LOOK_EVERY)


def reading(*clients) -> Callable[[], None]:
    """A ``between`` for :func:`until` that lets each network client read what came (``poll``), then rests a look."""
    def read() -> None:
        for client in clients:
            client.poll()
        time.sleep(LOOK_EVERY)
    return read
