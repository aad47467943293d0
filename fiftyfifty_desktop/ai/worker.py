"""Computer players that think in a process of their own.

A search spends hundreds of milliseconds of pure Python per decision; on a
thread it shares the interpreter lock with the window's drawing and makes
frames late. A :class:`ProcessAgent` keeps the real player in a worker
process, hands it each view and the legal moves over a pipe and waits for
the move without holding the lock; the worker runs at a lower priority
(where the system has one), so on a busy machine the frames come first.
Each request carries all the player decides on — the view, the legal moves
and the seat's earlier views (``seen``) — so the worker's player chooses
exactly as the same player would in this process, and a new worker (after
a cancel) exactly as the old one would have. Of ``seen`` a request carries
only the views the worker was not sent before (:func:`request_for`): late
in a long game the whole of it would cost the window's process several
milliseconds a decision to send (``benchmarks/worker_requests.py``).
"""

from __future__ import annotations

import multiprocessing
import threading
from multiprocessing.connection import Connection
from typing import Any, Callable, Sequence

from . import PlayerError, SearchAgent, make_agent
from ..engine import AnyGame, Move
from ..engine.match import Agent
from ..engine.recall import Decision
from .personalities import Personality, load_personalities

#: How often a waiting ``choose`` looks for a cancel, in seconds.
CANCEL_POLL = 0.05


def _serve(conn: Connection, player: str, game_id: str, seat: int, seed: int,
           people: tuple[tuple[Any, ...], ...]) -> None:
    """The worker: build the player, then answer each request (:func:`request_for`) with a move until told
    to stop, keeping the earlier views it was sent. A window that closed the pipe (it quit, or stopped this
    worker mid-search) ends the worker quietly: there is nobody left to answer."""
    import os
    from types import MappingProxyType

    if hasattr(os, "nice"):
        os.nice(10)  # on a busy machine the window's frames come before the thinking

    from ..registry import GAMES

    personalities = tuple(Personality(ident, name, games, strength, think, MappingProxyType(dict(knobs)))
                          for ident, name, games, strength, think, knobs in people)
    agent = make_agent(player, GAMES[game_id], seat, seed, personalities)
    seen: list[Any] = []
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        view, legal, kept, more = request
        del seen[kept:]
        seen.extend(more)
        try:
            answer: tuple[str, Any] = ("move", agent.choose(view, legal, tuple(seen)))
        except Exception as exc:  # reported to the match in the window's process
            answer = ("error", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except OSError:  # BrokenPipeError and its kin: the window is gone
            return


def request_for(view: Any, legal: tuple[Move, ...], seen: Sequence[Any], sent: Sequence[Any]) -> tuple[Any, ...]:
    """The request for a decision to a worker that holds ``sent`` (the ``seen`` of the request before):
    (view, legal, how many of ``sent`` to keep, the views to add to them). The match hands the same view
    objects decision after decision, so kept views are found by identity; any other ``seen`` (a new
    match, after an undo) is sent whole."""
    if len(seen) >= len(sent) and all(mine is theirs for mine, theirs in zip(seen, sent)):
        return view, legal, len(sent), tuple(seen[len(sent):])
    return view, legal, 0, tuple(seen)


class ProcessAgent:
    """A computer player (``make_agent``'s arguments) that thinks in a worker process."""

    uses_view = True

    def __init__(self, player: str, game_id: str, seat: int, seed: int,
                 personalities: tuple[Personality, ...]) -> None:
        self._spec = (player, game_id, seat, seed,
                      tuple((p.id, p.name, p.games, p.strength, p.think, tuple(p.knobs.items()))
                            for p in personalities))
        self._cancelled = threading.Event()
        self.asking = threading.Event()  # a request is with the worker and not yet answered
        self._conn: Connection | None = None
        self._process: Any = None
        self._sent: tuple[Any, ...] = ()  # the earlier views the worker holds

    def _start(self) -> Connection:
        context = multiprocessing.get_context("spawn")  # no copy of the window's process and its threads
        ours, theirs = context.Pipe()
        self._process = context.Process(target=_serve, args=(theirs, *self._spec), daemon=True,
                                        name=f"computer-seat-{self._spec[2]}")
        self._process.start()
        theirs.close()
        self._conn, self._sent = ours, ()
        return ours

    def choose(self, view: Any, legal: tuple[Move, ...], seen: Sequence[Any]) -> Move:
        """The worker's move; after a cancel, the first legal move at once (the match takes no move then)."""
        try:
            if self._cancelled.is_set():
                return legal[0]
            conn = self._conn or self._start()
            conn.send(request_for(view, legal, seen, self._sent))
            self._sent = tuple(seen)
            self.asking.set()
            while not conn.poll(CANCEL_POLL):
                if self._cancelled.is_set():
                    self.close()  # the worker's player is mid-search: stop it rather than wait
                    return legal[0]
            kind, answer = conn.recv()
            if kind == "error":
                raise RuntimeError(answer)
            move: Move = answer
            return move
        finally:
            self.asking.clear()
            self._cancelled.clear()

    def cancel(self) -> None:
        """Make the running (or the next) ``choose`` return at once."""
        self._cancelled.set()

    def close(self) -> None:
        """Stop the worker (a later ``choose`` starts a new one, which chooses as this one would have)."""
        conn, process = self._conn, self._process
        self._conn = self._process = None
        if conn is not None:
            try:
                conn.send(None)
            except OSError:
                pass
            conn.close()
        if process is not None:
            process.join(timeout=0.2)
            if process.is_alive():
                process.terminate()
                process.join(timeout=1.0)


def make_table_agent(player: str, game: AnyGame, seat: int, seed: int,
                     personalities: tuple[Personality, ...]) -> Agent:
    """The agent for a seat at a table with a window: a searching player thinks in a
    worker process (:class:`ProcessAgent`), so the window never waits for it. A player
    that sees every hidden card (``seer``, for measuring) is refused: no table offers it."""
    agent = make_agent(player, game, seat, seed, personalities)
    if getattr(agent, "sees_all", False):
        raise PlayerError(f"{player!r} sees every hidden card: it is for measuring in the arena, not for a table")
    if isinstance(agent, SearchAgent):
        return ProcessAgent(player, game.id, seat, seed, personalities)
    return agent


#: Builds a seat's computer player from ``make_agent``'s first arguments: (player, game, seat, seed).
AgentFactory = Callable[[str, AnyGame, int, int], Agent]


def table_agents(personalities: tuple[Personality, ...] | None = None) -> AgentFactory:
    """The computer players of a table that keeps answering while they think (a window, a table server): each
    searching player thinks in a worker process (``make_table_agent``). Without ``personalities`` the opponents
    of ``config/ai`` are read when a seat is built, as ``make_agent`` reads them."""
    def build(player: str, game: AnyGame, seat: int, seed: int) -> Agent:
        known = personalities if personalities is not None else load_personalities()
        return make_table_agent(player, game, seat, seed, known)
    return build


class Advice:
    """One decision asked of a fresh player (``make_table_agent``'s arguments, ``seed`` the game's) on a thread
    of its own, so a window that wants it (a hint) never waits: it looks at :attr:`done` when it is woken, and
    ``wake`` is called (from the thread) once the answer is in. Given the match's ``decision`` for the seat, it
    chooses what that player in that seat would. A searching player thinks in a worker process, stopped once it
    has answered."""

    def __init__(self, player: str, game: AnyGame, seed: int, decision: Decision,
                 personalities: tuple[Personality, ...] = (), wake: Callable[[], None] = lambda: None) -> None:
        self._agent = make_table_agent(player, game, decision.seat, seed, personalities)
        self._wake = wake
        self.move: Move | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        threading.Thread(target=self._run, args=(decision,), daemon=True, name=f"advice-seat-{decision.seat}").start()

    def _run(self, decision: Decision) -> None:
        try:
            self.move = self._agent.choose(decision.view, decision.legal, decision.seen)
        except Exception as exc:  # kept for the window to report, never lost in a thread
            self.error = exc
        finally:
            try:
                close = getattr(self._agent, "close", None)
                if close is not None:
                    close()
            finally:
                self._done.set()  # the window stops waiting even if the worker could not be stopped cleanly
                self._wake()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the answer is in (tests and scripts; never a frame loop)."""
        return self._done.wait(timeout)

    def cancel(self) -> None:
        """The answer is no longer wanted: stop the thinking at once."""
        cancel = getattr(self._agent, "cancel", None)
        if cancel is not None:
            cancel()
