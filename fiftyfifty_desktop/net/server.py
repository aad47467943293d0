"""The table server: listens on one address and hosts tables, told apart by their codes.

A :class:`TableServer` reads each new connection's hello, seats it at the
:class:`~fiftyfifty_desktop.net.table.Table` whose code it names, and passes
its later messages to that table. It runs on an asyncio loop: the headless
``serve`` command runs it in the main thread, the app on a thread of its
own (:class:`ServerThread`), never on the thread that draws.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
from typing import Any, Awaitable, Callable

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.server import ServerProtocol

from . import protocol
from .admission import Admission, Gate, LibraryLog, RefusalLog, listening
from .certificate import Certificate
from .connection import Connection, read_client
from .protocol import NotSeated, ProtocolError
from .table import Seated, Table

log = logging.getLogger("fiftyfifty_desktop.net")

#: Seconds a new connection has to finish its TLS and WebSocket handshakes, then to say hello.
HANDSHAKE_TIMEOUT = 5.0
HELLO_TIMEOUT = 10.0


def network_address() -> str | None:
    """This machine's address on its network: the one its traffic leaves from (no packet is
    sent to find it); None when it has no route out."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()


class TableServer:
    """Listens on one address and serves the tables it hosts, by code.

    With a ``certificate`` every connection is TLS (``wss://``); without one (the tests' loopback tables) plain.
    """

    def __init__(self, host: str = "127.0.0.1", port: int = protocol.DEFAULT_PORT, *,
                 certificate: Certificate | None = None, admission: Admission | None = None,
                 refusals: RefusalLog | None = None) -> None:
        self.host, self.port = host, port
        self.certificate = certificate
        self.admission = admission or Admission()
        self.refusals = refusals or RefusalLog()
        self.tables: dict[str, Table] = {}
        self._server: Any = None
        self._gate: asyncio.Task[None] | None = None
        self._stopped: asyncio.Event | None = None

    def add(self, table: Table) -> Table:
        self.tables[table.code] = table
        return table

    async def start(self) -> None:
        """Listen; ``self.port`` is the port bound (useful when asked for port 0)."""
        self._stopped = asyncio.Event()
        listener = listening(self.host, self.port)
        tls = self.certificate.server_context() if self.certificate is not None else None
        # The WebSocket server never accepts by itself (its loop's way of accepting differs on Windows): the gate
        # accepts, counts, and hands each connection to a WebSocket connection of the server's, which runs the
        # handshake and then the handler. The server answers handshakes while the gate is open (not serving, it
        # would answer 503).
        library_log = LibraryLog(self.refusals)
        self._server = await serve(self._handle, sock=listener, start_serving=False, open_timeout=HANDSHAKE_TIMEOUT,
                                   logger=library_log)
        self._server.is_serving = lambda: self._gate is not None and not self._gate.done()
        loop = asyncio.get_running_loop()

        def websocket() -> ServerConnection:
            return ServerConnection(ServerProtocol(max_size=protocol.CLIENT_FRAME_LIMIT, logger=library_log),
                                    self._server,
                                    ping_interval=10, ping_timeout=20, max_queue=4)

        async def open_websocket(connected: socket.socket) -> None:
            _, connection = await loop.connect_accepted_socket(websocket, connected, ssl=tls,
                                                               ssl_handshake_timeout=HANDSHAKE_TIMEOUT if tls else None)
            await connection.wait_closed()

        self._gate = loop.create_task(Gate(listener, self.admission, self.refusals).run(open_websocket))
        self.port = listener.getsockname()[1]
        log.info("listening on %s:%d%s", self.host, self.port, " (TLS)" if tls is not None else "")

    async def run(self) -> None:
        """Serve until :meth:`stop`."""
        if self._server is None:
            await self.start()
        assert self._stopped is not None
        await self._stopped.wait()

    def stop(self, message: str = "the host closed the table") -> None:
        for table in list(self.tables.values()):
            table.close(message)
        if self._gate is not None:
            self._gate.cancel()
        if self._server is not None:
            self._server.close()
        if self._stopped is not None:
            self._stopped.set()

    async def _handle(self, socket: ServerConnection) -> None:
        connection: Seated = Connection(socket)
        writer = asyncio.get_running_loop().create_task(connection.write())
        try:
            await self._converse(connection)
        except ConnectionClosed:
            pass
        finally:
            if connection.table is not None:
                connection.table.leave(connection)
            connection.close()
            await writer

    async def _converse(self, connection: Seated) -> None:
        try:
            raw = await asyncio.wait_for(connection.socket.recv(), HELLO_TIMEOUT)
        except asyncio.TimeoutError:
            self.refusals.note("no hello in time", connection.peer)
            connection.send({"type": "closed", "message": "no hello in time"})
            return
        # An address's hellos are answered one at a time, and once it has sent a wrong one each waits its delay
        # before any answer, right or wrong: a guesser learns no sooner by sending many at once. A connection that
        # hangs up meanwhile is let go at once, so strangers who hang up cost nothing while they would wait.
        address = connection.address
        turn = self.admission.turn(address)
        try:
            if not await _before_close(connection, turn.acquire()):
                return
            try:
                delay = self.admission.delay(address)
                if delay > 0 and not await _before_close(connection, asyncio.sleep(delay)):
                    return
                if not self._answer_hello(connection, raw):
                    return
            finally:
                turn.release()
        finally:
            self.admission.turn_over(address)
        async for raw in connection.socket:
            delay = connection.limit.wait()
            if delay > 0:
                await asyncio.sleep(delay)
            table = connection.table
            if table is None or table.closed:
                return
            try:
                if not self._dispatch(connection, table, raw):
                    return
            except ProtocolError as exc:
                connection.strikes += 1
                log.warning("table %s: %s (seat %s): refused: %s", table.code, connection.peer, connection.seat, exc)
                refusal: dict[str, Any] = {"type": "error", "message": str(exc)}
                if exc.reason is not None:
                    refusal["reason"] = protocol.reason_message(exc.reason)
                connection.send(refusal)
                if connection.strikes >= protocol.STRIKES:
                    connection.send({"type": "closed", "message": "too many refused messages"})
                    return
            else:
                # An accepted message takes one refusal off: a stale move now and then (after a network
                # hiccup, say) never adds up over a long game, while a run of bad messages still closes.
                connection.strikes = max(0, connection.strikes - 1)

    def _answer_hello(self, connection: Seated, raw: str | bytes) -> bool:
        """Seat the connection by its hello, or refuse it (the same words whatever the reason, so a guess learns
        nothing) and count a wrong hello against its address; True when it sits."""
        try:
            self._hello(connection, raw)
            return True
        except ProtocolError as exc:
            kind = "a hello the table cannot seat" if isinstance(exc, NotSeated) else "a malformed hello"
            self.refusals.note(kind, f"{connection.peer}: {exc.why if isinstance(exc, NotSeated) else exc}")
            self.admission.refused_hello(connection.address)
            connection.send({"type": "closed", "message": str(exc)})
            return False

    def _hello(self, connection: Seated, raw: str | bytes) -> None:
        hello = read_client(raw)
        if hello["type"] != "hello":
            raise ProtocolError("say hello first")
        version = hello.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or version != protocol.VERSION:
            raise ProtocolError(f"this table speaks protocol version {protocol.VERSION}")
        if hello.get("token") is None:  # the name is judged before the code, so its answer tells nothing of it
            protocol.clean_name(protocol.text(hello, "name", protocol.NAME_LIMIT) or "")
        code = protocol.text(hello, "code", protocol.CODE_LIMIT)
        table = self.tables.get(code or "")
        if table is None or table.closed:
            raise NotSeated("an unknown code")
        table.join(connection, hello)

    def _dispatch(self, connection: Seated, table: Table, raw: str | bytes) -> bool:
        """Act on one message; False when the client leaves."""
        message = read_client(raw)
        kind = message["type"]
        if kind == "move":
            table.move(connection, message)
        elif kind == "pick":
            seat = protocol.whole_number(message, "seat")
            assert seat is not None
            table.pick(connection, seat)
        elif kind == "start":
            if not connection.host:
                raise ProtocolError("only the host starts the game")
            if any(s.remote and s.token is None and not s.computer for s in table.seats):
                raise ProtocolError("a seat is still open: wait for a player or give it to the computer")
            table.start()
        elif kind == "computer":
            seat = protocol.whole_number(message, "seat")
            assert seat is not None
            table.hand_over(connection, seat, message.get("on") is True)
        elif kind == "leave":
            return False
        else:
            raise ProtocolError(f"a {kind} message is not expected now")
        return True


async def _before_close(connection: Seated, waited: Awaitable[Any]) -> bool:
    """Wait for ``waited`` unless the connection closes first; True when it came (then it is done, whatever
    happened to the connection meanwhile), False when the connection closed and ``waited`` was called off."""
    task = asyncio.ensure_future(waited)
    closing = asyncio.ensure_future(connection.socket.wait_closed())
    try:
        await asyncio.wait((task, closing), return_when=asyncio.FIRST_COMPLETED)
    finally:
        closing.cancel()
    if not task.done():
        task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        if not task.cancelled():
            raise
        return False
    return True


class ServerThread:
    """A :class:`TableServer` on a thread of its own, for a program that draws on its main thread."""

    def __init__(self, server: TableServer) -> None:
        self.server = server
        self.loop: asyncio.AbstractEventLoop | None = None
        self.error: BaseException | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="table-server")

    def start(self, timeout: float = 5.0) -> None:
        """Start and wait until the server listens; raises ``OSError`` if it cannot."""
        self._thread.start()
        self._ready.wait(timeout)
        if self.error is not None:
            raise self.error

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        try:
            await self.server.start()
        except OSError as exc:
            self.error = exc
            self._ready.set()
            return
        self._ready.set()
        await self.server.run()
        await asyncio.sleep(0.1)  # let the last messages go out

    def call(self, function: Callable[[], Any]) -> None:
        """Run ``function`` on the server's loop."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(function)

    def stop(self, message: str = "the host closed the table", timeout: float = 2.0) -> None:
        self.call(lambda: self.server.stop(message))
        self._thread.join(timeout)
