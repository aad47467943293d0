"""Who may come in: caps on connections, growing delays for wrong hellos, and refusals logged in sums.

A stranger who can reach the port may open connections and guess codes.
:class:`Admission` counts the connections of each address as :class:`Gate`
accepts them (before any TLS or WebSocket work); once an address has sent a
wrong hello, every hello from it waits ever longer before it is answered, right
or wrong, one at a time; :class:`RefusalLog` writes one line per kind of refusal
per interval, however many there are, and :class:`LibraryLog` keeps the
WebSocket library's line per connection below the default level. The clock is
passed in, so tests move time by hand.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

log = logging.getLogger("fiftyfifty_desktop.net")

#: Connections served at once, in all and from one address (a family behind one router plays four seats).
MAX_CONNECTIONS = 256
MAX_PER_ADDRESS = 16
#: The first wrong hello from an address is answered after this many seconds, each next one twice as late ...
FIRST_DELAY = 0.25
#: ... up to this long; an address that sends no wrong hello for ``FORGET_AFTER`` seconds starts again.
LONGEST_DELAY = 30.0
FORGET_AFTER = 600.0
#: Refusals of one kind are written to the log once per interval, with how many there were.
LOG_INTERVAL = 60.0
#: Seconds to wait before accepting again when the system refuses to accept (out of file descriptors).
ACCEPT_RETRY = 1.0

Clock = Callable[[], float]


@dataclass
class _Failures:
    count: int = 0
    last: float = 0.0


@dataclass
class _Turn:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


@dataclass
class Admission:
    """Counts of the connections open per address, and of each address's recent wrong hellos."""

    max_connections: int = MAX_CONNECTIONS
    max_per_address: int = MAX_PER_ADDRESS
    first_delay: float = FIRST_DELAY
    clock: Clock = time.monotonic
    open: dict[str, int] = field(default_factory=dict)
    _failures: dict[str, _Failures] = field(default_factory=dict)
    _turns: dict[str, _Turn] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.open.values())

    def admit(self, address: str) -> str | None:
        """Count a new connection from ``address``; the kind of refusal when it is over a cap (not counted)."""
        if self.total >= self.max_connections:
            return "the server is full"
        if self.open.get(address, 0) >= self.max_per_address:
            return "too many connections from one address"
        self.open[address] = self.open.get(address, 0) + 1
        return None

    def release(self, address: str) -> None:
        """A counted connection from ``address`` closed."""
        left = self.open.get(address, 0) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)

    def refused_hello(self, address: str) -> None:
        """Note a wrong hello from ``address``: its next hellos wait longer."""
        now = self.clock()
        failures = self._failures.get(address)
        if failures is None or now - failures.last > FORGET_AFTER:
            failures = self._failures[address] = _Failures()
        failures.count += 1
        failures.last = now
        if len(self._failures) > 4 * self.max_connections:  # the book of strangers stays small
            self._failures = {a: f for a, f in self._failures.items() if now - f.last <= FORGET_AFTER}

    def delay(self, address: str) -> float:
        """Seconds a hello from ``address`` waits before it is answered, right or wrong: none until it has sent a
        wrong one, then ``first_delay`` doubling with each wrong one up to ``LONGEST_DELAY``."""
        failures = self._failures.get(address)
        if failures is None or self.clock() - failures.last > FORGET_AFTER:
            return 0.0
        return min(LONGEST_DELAY, self.first_delay * float(2 ** min(failures.count - 1, 16)))

    def turn(self, address: str) -> asyncio.Lock:
        """The lock a hello from ``address`` holds while it waits and is answered, so that an address's hellos are
        answered one at a time (however many connections it opens); give it back with :meth:`turn_over`."""
        turn = self._turns.get(address)
        if turn is None:
            turn = self._turns[address] = _Turn()
        turn.users += 1
        return turn.lock

    def turn_over(self, address: str) -> None:
        """A hello from ``address`` no longer waits for (or holds) its turn; the last one forgets the lock."""
        turn = self._turns[address]
        turn.users -= 1
        if turn.users == 0:
            del self._turns[address]


@dataclass
class RefusalLog:
    """Writes the first refusal of each kind, then once per interval how many more there were."""

    interval: float = LOG_INTERVAL
    clock: Clock = time.monotonic
    _since: dict[str, float] = field(default_factory=dict)
    _untold: dict[str, int] = field(default_factory=dict)

    def note(self, kind: str, detail: str) -> None:
        now = self.clock()
        started = self._since.get(kind)
        if started is not None and now - started < self.interval:
            self._untold[kind] = self._untold.get(kind, 0) + 1
            return
        untold = self._untold.pop(kind, 0)
        more = f" ({untold} more of this kind in the last {now - started:.0f} s)" if untold and started else ""
        log.warning("refused: %s: %s%s", kind, detail, more)
        self._since[kind] = now


class LibraryLog(logging.LoggerAdapter[logging.Logger]):
    """The WebSocket library's log: what it says of each connection (opened, rejected, a handshake that failed) is
    moved below the default level, where a stranger's thousand connections cannot flood the host's log; a failed
    handshake is counted with the refusals instead. What it says of the server itself is kept as it is."""

    def __init__(self, refusals: RefusalLog) -> None:
        super().__init__(logging.getLogger("websockets.server"), {})
        self.refusals = refusals

    def log(self, level: int, msg: object, *args: Any, **kwargs: Any) -> None:
        if msg in _REFUSED_HANDSHAKES:
            self.refusals.note("a WebSocket handshake that failed", f"{msg}" % args)
            level = logging.DEBUG
        elif level < logging.ERROR and msg not in _SERVER_LINES:
            level = logging.DEBUG
        super().log(level, msg, *args, **kwargs)


#: The library's lines for a handshake it refused (a request that was no WebSocket upgrade, say), or that failed.
_REFUSED_HANDSHAKES = frozenset({"connection rejected (%d %s)", "opening handshake failed"})
#: The library's lines about the server, not one connection: they stay at their level.
_SERVER_LINES = frozenset({"server listening on %s", "server closing", "server closed"})


def listening(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` and listening, IPv6 when ``host`` is an IPv6 address."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(128)
        listener.setblocking(False)
    except OSError:
        listener.close()
        raise
    return listener


class Gate:
    """Lets connections in through a listening socket: each is counted as it is accepted and one over a cap is
    closed at once, before the TLS handshake or anything else costs the server time, and each stays counted
    until ``serve`` (given the connected socket) returns.

    It accepts with the event loop's ``sock_accept``, which every loop has: the Proactor loop of Windows
    accepts its servers' connections itself and never calls the listening socket's ``accept``.
    """

    def __init__(self, listener: socket.socket, admission: Admission, refusals: RefusalLog) -> None:
        self.listener, self.admission, self.refusals = listener, admission, refusals
        self._serving: set[asyncio.Task[None]] = set()

    async def run(self, serve: Callable[[socket.socket], Awaitable[None]]) -> None:
        """Accept until the listening socket is closed (or the task cancelled)."""
        loop = asyncio.get_running_loop()
        while self.listener.fileno() != -1:
            try:
                connection, peer = await loop.sock_accept(self.listener)
            except OSError as exc:  # out of file descriptors, say: wait as the event loop's own servers do
                if self.listener.fileno() == -1:
                    return
                self.refusals.note("a connection the system could not accept", _reason(exc))
                await asyncio.sleep(ACCEPT_RETRY)
                continue
            self.let_in(connection, peer, serve)

    def let_in(self, connection: socket.socket, peer: Any, serve: Callable[[socket.socket], Awaitable[None]]) -> bool:
        """Count an accepted connection and serve it, or close it at once when it is over a cap."""
        address = str(peer[0]) if isinstance(peer, tuple) else str(peer)
        refusal = self.admission.admit(address)
        if refusal is not None:
            self.refusals.note(refusal, address)
            connection.close()
            return False
        task = asyncio.get_running_loop().create_task(self._served(connection, address, serve))
        self._serving.add(task)
        task.add_done_callback(self._serving.discard)
        return True

    async def _served(self, connection: socket.socket, address: str,
                      serve: Callable[[socket.socket], Awaitable[None]]) -> None:
        try:
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # a step goes out at once
            await serve(connection)
        except Exception as exc:  # a failed TLS handshake, a reset: the stranger's loss alone
            self.refusals.note("a connection lost before its WebSocket opened", f"{address}: {_reason(exc)}")
        finally:
            connection.close()
            self.admission.release(address)


def _reason(exc: BaseException) -> str:
    return (getattr(exc, "strerror", None) or str(exc) or type(exc).__name__).splitlines()[0]
