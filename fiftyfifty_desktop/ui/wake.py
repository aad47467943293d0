"""Waking the resting window when something changes on another thread.

While the top screen rests the main loop sleeps in ``pygame.event.wait`` (``app.App.loop``). A thread that
changes what a waiting screen shows (a network connection hearing the table, a worker finishing) calls a
:class:`Waker`, which puts one :data:`WAKE_EVENT` into pygame's queue; the loop takes it as input, so the screen
is updated and painted at once instead of at the next mouse move. Layers below the window (``net/``, ``ai/``)
are handed the waker as a plain callable and never import pygame for it.
"""

from __future__ import annotations

import threading

import pygame

#: The event a :class:`Waker` posts: registered once, for every window of the process.
WAKE_EVENT = pygame.event.custom_type()


class Waker:
    """A callable, safe to call from any thread, that wakes the window's loop. Calls coalesce: while one wake-up
    waits in the queue another call posts nothing, so a chatty thread never floods the queue; the loop calls
    :meth:`taken` when it takes the event, before it updates, so a change made after that posts again."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending = False

    def __call__(self) -> None:
        with self._lock:
            if self._pending:
                return
            self._pending = True
        try:
            pygame.event.post(pygame.event.Event(WAKE_EVENT))
        except pygame.error:  # the window is closed already: there is nothing left to wake
            self.taken()

    def taken(self) -> None:
        """The loop took the wake-up event: the next call posts another."""
        with self._lock:
            self._pending = False
