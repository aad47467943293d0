"""A game review worked out in a process of its own, so the window keeps drawing.

A review weighs every decision of a game for seconds of pure Python (``ai/review.py``); on a thread it
would hold the interpreter lock the window draws with. :class:`ReviewJob` starts a worker process (spawn,
as ``ai/worker.py`` does: no copy of the window's process), hands it the record, and is told each decision
weighed (for the progress bar) and then the review. The window looks at :meth:`ReviewJob.poll` whenever it
wakes (a few times a second while it rests) and never waits; Cancel stops the worker at once. The worker
reviews as the command line does, so the window and ``review FILE`` agree on the same record.
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.connection import Connection
from typing import Any

from ..engine.records import Record
from .review import GameReview, review_from_json


def _serve(conn: Connection, text: str, seat: int) -> None:
    """The worker: review ``seat`` of the record ``text``, telling the progress, then the review (or the error)."""
    import os

    if hasattr(os, "nice"):
        os.nice(10)  # the window's frames come first on a busy machine

    from ..engine.records import parse_record
    from ..registry import GAMES
    from .review import review_game

    try:
        def told(done: int, total: int) -> None:
            conn.send(("progress", done, total))

        review = review_game(parse_record(text, GAMES), seat, progress=told)
        assert review is not None
        conn.send(("review", review.to_json()))
    except Exception as exc:  # reported to the window, never lost in the worker
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


class ReviewJob:
    """The review of ``seat`` in ``record``, worked out in a worker process started at once."""

    def __init__(self, record: Record, seat: int) -> None:
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe(duplex=False)
        self._conn: Connection | None = ours
        self._process: Any = context.Process(target=_serve, args=(theirs, record.to_json(), seat), daemon=True,
                                             name="game-review")
        self._process.start()
        theirs.close()
        self.done, self.total = 0, 0  # decisions weighed so far, of how many (0: not told yet)
        self.review: GameReview | None = None
        self.error: str | None = None

    @property
    def finished(self) -> bool:
        return self.review is not None or self.error is not None

    def poll(self) -> bool:
        """Take in what the worker told since the last look, without waiting; whether the job is finished."""
        while self._conn is not None and not self.finished and self._conn.poll(0):
            try:
                message = self._conn.recv()
            except (EOFError, OSError):
                self.error = "the review's worker stopped"
                break
            if message[0] == "progress":
                self.done, self.total = message[1], message[2]
            elif message[0] == "review":
                self.review = review_from_json(message[1])
                if self.review is None:
                    self.error = "the review's worker wrote another format"
            else:
                self.error = message[1]
        if self.finished:
            self.close()
        return self.finished

    def wait(self, timeout: float) -> bool:
        """Block until the job is finished, or until the worker has said nothing for ``timeout`` seconds (a hang
        guard for tests and scripts; never a frame loop); whether it is finished."""
        while self._conn is not None and not self.finished and self._conn.poll(timeout):
            self.poll()
        return self.finished

    def close(self) -> None:
        """Stop the worker (Cancel, or leaving the screen); what it told so far is kept."""
        process, self._process = self._process, None
        if process is not None:
            if process.is_alive():
                process.terminate()
            process.join(timeout=1.0)
        if self._conn is not None:
            self._conn.close()
            self._conn = None
