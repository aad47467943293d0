"""Joining a table: one seat's connection to a table server.

:class:`Session` is the connection itself (join, read, rejoin with the
token after a drop). On it stand the two kinds of player a seat can have
over the network: :func:`~fiftyfifty_desktop.net.computer.play_seat`, a computer player (the ``join
--player medium`` command, the tests and the benchmark), and
:class:`RemoteMatch`, which a window's table plays through exactly as it
plays through a local :class:`~fiftyfifty_desktop.engine.match.Match`: it
asks who is to move, the legal moves and the view, submits moves and is
told each step, all from what the server sent this seat.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import random
import ssl
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..engine import AnyGame, Event, GameError, IllegalMoveError, Move, Reason
from ..engine.match import MATCH_REASON_CODES, Step, Watcher
from ..engine.records import Record, Seat
from ..registry import GAMES
from . import protocol
from .address import Address, AddressError, parse_address
from .certificate import CertificateError, check_fingerprint, pinning_context
from .inbound import server_messages
from .steps import ReadStep, StepReader
from .protocol import ProtocolError

log = logging.getLogger("fiftyfifty_desktop.net")

#: The pauses before each try to rejoin after a lost line, in seconds: a few tries, each waiting longer (a move
#: made at the table starts the count again, so a table that drops every line after its welcome is given up).
REJOIN_PAUSES = (0.3, 1.0, 2.0, 4.0, 8.0)
#: Seconds the table has to answer a hello: longer than the slowest answer a table gives an address that sent
#: wrong hellos before (``admission.LONGEST_DELAY``), so a player behind such an address still gets in.
WELCOME_WITHIN = 40.0
#: Where a queued step keeps what the connection's thread read of it.
_READ = "read"
#: Messages a window keeps from its table before it has read them: a game's whole run of steps fits, and a table
#: that floods the window with more ends instead of filling its memory.
INBOX_LIMIT = 1000
#: The close codes this end sends when the table broke the WebSocket protocol: not a lost line to rejoin.
_HOST_FAULTS = {1002: "a frame the WebSocket protocol does not allow", 1007: "text that is not UTF-8",
                1009: f"a message over {protocol.SERVER_MESSAGE_LIMIT // 1024} KiB"}


def connect_to(url: str, tls: ssl.SSLContext | None) -> connect:
    """The WebSocket connection to a table at ``url``: never through a proxy, never to where a redirect points (a
    table answers a WebSocket handshake or nothing; its certificate is only checked on the connection opened)."""
    return _Unredirected(url, proxy=None, compression=None, max_size=protocol.SERVER_MESSAGE_LIMIT, ssl=tls,
                         open_timeout=5, ping_interval=10, ping_timeout=20)


class _Unredirected(connect):
    """A connection that takes an HTTP redirect for the refusal it is."""

    def process_redirect(self, exc: Exception) -> Exception | str:
        return exc


class _NoWelcome(Exception):
    """The table said nothing within ``WELCOME_WITHIN`` of our hello."""


class TableError(Exception):
    """The table could not be reached or refused us; the text is one line for the player, cleaned of anything
    the other end could use to write to a terminal (it may quote what the table sent)."""

    def __init__(self, message: str) -> None:
        super().__init__(protocol.shown_text(message))


def table_address(address: str) -> Address:
    """``HOST:PORT`` or an invitation, read by the one address parser; raises ``TableError``."""
    try:
        return parse_address(address)
    except AddressError as exc:
        raise TableError(str(exc)) from None


def address_url(address: str) -> str:
    """The URL to connect to for ``address``; raises ``TableError``."""
    return table_address(address).url


@dataclass
class Session:
    """One seat's connection to a table, kept up across drops while it has a token."""

    address: str
    code: str
    name: str = "Player"
    seat_wanted: int | None = None
    host_secret: str | None = None
    token: str | None = None
    rejoin_pauses: tuple[float, ...] = field(default_factory=lambda: REJOIN_PAUSES)
    tries: int = 0  # lost lines since a move was last made at the table: the rejoin pauses are counted by it
    seat: int | None = None
    game: AnyGame | None = None
    host: bool = False
    ended: str | None = None  # why the table ended for us
    reached: bool = False  # the table answered at least once (a refusal is its word, not a lost line)
    started: bool = False  # play has begun: a lost line keeps the seat (in the lobby it gives it up)
    rejoining: int = 0  # the try under way to rejoin after a lost line (0: none)
    lost: bool = False  # every try to rejoin failed: the seat is still ours, but this connection gave up
    on_rejoin: Callable[[int], None] | None = field(default=None, repr=False)  # told each try's number
    _socket: ClientConnection | None = field(default=None, repr=False)
    _shown: dict[str, Any] | None = field(default=None, repr=False)  # the view as last sent, still as JSON
    _made: int = field(default=-1, repr=False)  # the most moves a step has told of
    _table: dict[str, Any] | None = field(default=None, repr=False)  # the latest ``table`` message
    _reader: StepReader | None = field(default=None, repr=False)
    _next_index: int | None = field(default=None, repr=False)  # the index the next step must have on this line
    #: The latest step or sync, read and checked (what a player decides on).
    latest: ReadStep | None = field(default=None, repr=False)

    async def run(self, on_message: Callable[[dict[str, Any]], Awaitable[None] | None]) -> str:
        """Join and pass every message on until the table ends; returns why it ended.

        Raises ``TableError`` when the table cannot be reached, refuses to seat us, sends what this program cannot
        read or does not welcome us in time. A line that keeps dropping (a try for each of ``rejoin_pauses`` with no
        move made between) ends it with ``lost`` set: the seat may still be ours.
        """
        where = table_address(self.address)
        if not self.code and where.code:
            self.code = where.code  # an invitation carries the code
        tls = pinning_context() if where.fingerprint is not None else None
        while self.ended is None:
            try:
                async with connect_to(where.url, tls) as socket:
                    if where.fingerprint is not None:  # before the code or anything else is sent
                        try:
                            check_fingerprint(socket.transport.get_extra_info("ssl_object"), where.fingerprint)
                        except CertificateError as exc:
                            raise TableError(str(exc)) from None
                    self._socket, self._shown, self._next_index = socket, None, None
                    self.reached = True
                    await socket.send(protocol.dumps(self._hello()))
                    try:
                        first = await asyncio.wait_for(socket.recv(), WELCOME_WITHIN)
                    except asyncio.TimeoutError:
                        raise _NoWelcome from None
                    self.rejoining = 0  # the table answered again
                    await self._read(first, on_message)
                    while self.ended is None:
                        await self._read(await socket.recv(), on_message)
            except _NoWelcome:
                if not self._can_rejoin:
                    raise TableError(f"the table at {self.address} did not answer within "
                                     f"{WELCOME_WITHIN:g} s") from None
            except (OSError, InvalidHandshake, InvalidURI, asyncio.TimeoutError) as exc:
                if not self._can_rejoin:
                    raise TableError(f"cannot reach the table at {self.address}: {_reason(exc)}") from None
            except ConnectionClosed as exc:
                if exc.sent is not None and exc.sent.code in _HOST_FAULTS:
                    raise TableError(f"this table sent something this program does not understand: "
                                     f"{_HOST_FAULTS[exc.sent.code]}") from None
            except ProtocolError as exc:
                raise TableError(f"this table sent something this program does not understand: {exc}") from None
            finally:
                self._socket = None
            if self.ended is not None:
                break
            if not self._can_rejoin:
                raise TableError("the table closed the connection")
            if self.seat is not None and self.token is not None and not self.started:
                # Seated in the lobby, which gave our seat up with the line: sit down again by name, in
                # the same seat if still open. (A token kept from an earlier window is tried as it is.)
                self.token, self.seat_wanted = None, self.seat
            if self.tries >= len(self.rejoin_pauses):
                self.ended = (f"the connection to the table was lost; {len(self.rejoin_pauses)} tries to rejoin "
                              "failed")
                self.lost = True
                break
            self.tries += 1
            self.rejoining = self.tries
            if self.on_rejoin is not None:
                self.on_rejoin(self.rejoining)
            await asyncio.sleep(self.rejoin_pauses[self.tries - 1])
        return self.ended

    async def _read(self, raw: str | bytes, on_message: Callable[[dict[str, Any]], Awaitable[None] | None]) -> None:
        """Check the messages of one frame and pass them on, until one ends the table."""
        for message in server_messages(raw):
            self._whole_view(message)
            self._note(message)
            result = on_message(message)
            if result is not None:
                await result
            if self.ended is not None:
                return

    @property
    def _can_rejoin(self) -> bool:
        """A seat to go back to after a lost line: a token for it, or the seat taken in the lobby."""
        return self.token is not None or self.seat is not None

    def _hello(self) -> dict[str, Any]:
        hello: dict[str, Any] = {"type": "hello", "version": protocol.VERSION, "code": self.code}
        if self.token is not None:
            hello["token"] = self.token
        else:
            hello["name"] = self.name
            if self.seat_wanted is not None:
                hello["seat"] = self.seat_wanted
        if self.host_secret is not None:
            hello["host"] = self.host_secret
        return hello

    def _whole_view(self, message: dict[str, Any]) -> None:
        """Give a step that carries only the view's ``changed`` fields the whole view, from the one this
        connection was sent before (the game's codec then reads it whole, as any view)."""
        if "changed" in message:
            if self._shown is None:
                raise ProtocolError("a step changed a view it never sent")
            message["view"] = {**self._shown, **message.pop("changed")}
        if "view" in message:
            view = message["view"]
            self._shown = view if isinstance(view, dict) else None

    def _note(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            game_id = message.get("game")
            if not isinstance(game_id, str) or game_id not in GAMES:
                raise ProtocolError(f"unknown game {game_id!r}")
            if self.game is not None and GAMES[game_id] is not self.game:
                raise ProtocolError("a welcome back names another game")
            if message.get("seat") != self.seat:
                self._reader = None  # a seat picked in the lobby: its views are read afresh
            self.game = GAMES[game_id]
            self.seat, self.token, self.host = message.get("seat"), message.get("token"), bool(message.get("host"))
        elif kind == "table":
            self._table = message
        if kind in ("step", "sync"):
            if kind == "step" and self._next_index is not None and message["index"] != self._next_index:
                raise ProtocolError(f"a step of index {message['index']} came where {self._next_index} was due")
            self._next_index = message["made"]
            self.latest = self._steps().read_step(message)
        if kind in ("step", "sync") or (kind == "table" and message.get("started")):
            self.started = True
            if kind != "table" and message["made"] > self._made:
                self._made, self.tries = message["made"], 0  # the table plays on: a later drop is tried afresh
        elif kind == "closed":
            self.ended = str(message.get("message") or "the table closed")
            if self.token is None:
                raise TableError(self.ended)

    def _steps(self) -> StepReader:
        """The reader of this seat's steps, made once the table has said what game it plays and how."""
        if self._reader is None:
            if self.game is None or self._table is None or self.seat is None:
                raise ProtocolError("a step came before the welcome and the table's set-up")
            if self._table["game"] != self.game.id:
                raise ProtocolError("the table's set-up names another game than its welcome")
            self._reader = StepReader(self.game, self._table["players"], self._table["options"], self.seat)
        return self._reader

    async def send(self, message: dict[str, Any]) -> None:
        """Send a message; lost quietly when the connection is down (it is rejoined)."""
        if self._socket is not None:
            try:
                await self._socket.send(protocol.dumps(message))
            except ConnectionClosed:
                pass

    async def close(self) -> None:
        self.ended = self.ended or "left the table"
        if self._socket is not None:
            await self._socket.close()


def _reason(exc: BaseException) -> str:
    return (getattr(exc, "strerror", None) or str(exc) or type(exc).__name__).splitlines()[0]


class RemoteMatch:
    """A match played at a table server, asked and told as a local ``Match`` is.

    The connection runs on a thread of its own; what it hears waits in a
    queue until the window's thread calls :meth:`poll` (every frame, as for
    a local match), which hands on at most one step. Only this seat's moves
    can be submitted; the other seats' players (people elsewhere or
    computers at the host) count as "thinking" while they are to move.
    Each message heard calls ``wake`` (from the connection's thread), which a
    window sets to its own wake-up, so a resting screen shows it at once.
    """

    def __init__(self, address: str, code: str, name: str, *, seat: int | None = None,
                 host_secret: str | None = None, token: str | None = None,
                 wake: Callable[[], None] = lambda: None) -> None:
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.wake = wake
        self.session = Session(address, code, name, seat_wanted=seat, host_secret=host_secret, token=token,
                               on_rejoin=lambda n: self._hear({"type": "rejoining", "try": n}))
        self.rejoining = 0  # the try under way to rejoin after a lost line, as the inbox told it (0: none)
        self.game: AnyGame | None = None
        self.seat: int | None = None
        self.seats: list[dict[str, Any]] = []  # the latest ``table`` message's seats
        self.started = False
        self.ended: str | None = None
        self.error: str | None = None  # the latest refusal, for the screen
        self.refused: Reason | None = None  # ... and the rules' reason, when it was a move they refused
        self.failure: str | None = None  # the table could not be reached
        self.moves_made = 0
        self._view: Any = None
        self._to_move: tuple[int, ...] = ()
        self._legal: tuple[Move, ...] = ()
        self._offered: tuple[Move, ...] = ()  # the moves the latest step offered this seat
        self._moving = False  # a move of ours is on its way to the server
        self._over = False
        self._scores: tuple[int, ...] = ()
        self._winners: tuple[int, ...] = ()
        self._seed = 0
        self._options: dict[str, Any] = {}
        self._players = 0
        self._held: dict[str, Any] | None = None  # a step read by the lobby, still to be handed on
        self._watchers: list[Watcher] = []
        self.hosting: Any = None  # the host's ServerThread, stopped when the host leaves
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=self._run, daemon=True, name="table-client")
        self._thread.start()

    # ----- the connection's thread --------------------------------------------
    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        try:
            ended = await self.session.run(self._arrived)
            self._hear({"type": "closed", "message": ended})
        except TableError as exc:
            self.failure = str(exc)  # at once: the window need not read what waits before it
            self._hear({"type": "failed", "message": str(exc)})

    def _hear(self, message: dict[str, Any]) -> None:
        """Keep a message for the window's thread and wake it."""
        self.inbox.put(message)
        self.wake()

    def _arrived(self, message: dict[str, Any]) -> None:
        """Keep a message for the window and wake it; a table that sends more than the window has read by
        ``INBOX_LIMIT`` is flooding it, and ends."""
        if self.inbox.qsize() >= INBOX_LIMIT:
            raise TableError(f"the table sent more than {INBOX_LIMIT} messages this window has not shown yet")
        if message["type"] in ("step", "sync"):  # with its view, events and moves as read and checked
            message = {**message, _READ: self.session.latest}
        self._hear(message)

    def _send(self, message: dict[str, Any]) -> None:
        if self._loop is not None and not self._loop.is_closed():
            asyncio.run_coroutine_threadsafe(self.session.send(message), self._loop)

    # ----- the window's thread: reading what came -------------------------------
    def pump(self) -> bool:
        """Read waiting messages up to the first step; True once play has begun (the lobby asks this)."""
        while self._held is None:
            try:
                message = self.inbox.get_nowait()
            except queue.Empty:
                break
            self._read(message)
        return self._held is not None

    def _read(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.game, self.seat = self.session.game, message.get("seat")
            self.rejoining = 0
        elif kind == "rejoining":
            self.rejoining = message["try"]
        elif kind == "table":
            self.seats = list(message.get("seats") or [])
            self._options = dict(message.get("options") or {})
            self._players = int(message.get("players") or len(self.seats))
            self.started = bool(message.get("started"))
        elif kind in ("step", "sync"):
            self._held = message
            if self._view is None:
                self._take_state(message)
        elif kind == "error":
            self.error = str(message.get("message"))
            self.refused = None
            if message.get("reason") is not None and self.game is not None:
                try:
                    self.refused = protocol.read_reason(message["reason"], self.game.reason_codes + MATCH_REASON_CODES,
                                                        self.error)
                except ProtocolError as exc:
                    self.failure = f"the table sent a refusal this program cannot read: {exc}"
            if self._moving:  # our move was refused: choose again from what was offered
                self._moving, self._legal = False, self._offered
        elif kind == "closed":
            self.ended = str(message.get("message"))
        elif kind == "failed":
            self.failure = str(message.get("message"))

    def _take_state(self, message: dict[str, Any]) -> None:
        read: ReadStep = message[_READ]
        if message["type"] == "sync" or message.get("seat") == self.seat:
            self._moving = False  # our move was made (or the server tells us the position anew)
        self._view, self._offered = read.view, read.legal
        self._to_move = tuple(message.get("to_move") or ())
        # Steps sent before the server took our move still offer moves: none is ours to make until it is made.
        self._legal = () if self._moving else self._offered
        self.moves_made = message.get("made", self.moves_made)
        if message.get("over"):
            self._over = True
            self._scores, self._winners = tuple(message["scores"]), tuple(message["winners"])
            self._seed = message.get("seed", 0)

    # ----- what a table asks, as of a Match ---------------------------------------
    def poll(self, wait: float | None = 0.0) -> bool:
        """Hand on the next step that came; True if one did."""
        self.pump()
        message = self._held
        if message is None:
            return False
        self._held = None
        self._take_state(message)
        read: ReadStep = message[_READ]
        if message["type"] == "sync":
            step = Step(self.moves_made, None, None, ())
        else:
            step = Step(message.get("index", 0), message.get("seat"), read.move, read.events)
        for watcher in self._watchers:
            watcher.on_step(step, self._view)
        return True

    def watch(self, watcher: Watcher) -> None:
        self._watchers.append(watcher)

    def take_refusal(self) -> Reason | None:
        """The rules' reason the table gave for refusing this seat's latest move, once (then None)."""
        refused, self.refused = self.refused, None
        return refused

    def view(self, seat: int | None) -> Any:
        """This seat's view (the only one a remote seat is sent)."""
        return self._view

    def to_move(self) -> tuple[int, ...]:
        return self._to_move

    def people_to_move(self) -> tuple[int, ...]:
        """This seat, when it is to move and its move is not on its way yet."""
        return (self.seat,) if self.seat in self._to_move and self._legal else ()

    def thinking(self) -> tuple[int, ...]:
        """The other seats to move: the table waits for them."""
        return tuple(s for s in self._to_move if s != self.seat)

    def waiting_elsewhere(self) -> bool:
        """Every other seat to move decides elsewhere; its move comes over the connection, which calls ``wake``."""
        return bool(self.thinking())

    def legal_moves(self, seat: int) -> tuple[Move, ...]:
        return self._legal if seat == self.seat else ()

    def why_illegal(self, seat: int, move: Move) -> Reason:
        """Why the rules refuse ``move``, worked out here from this seat's view: the game's reason in any
        position the seat cannot tell from the real one, which is the server's (a reason that needed a card
        hidden from the seat would give it away)."""
        game = self.game
        if self.ended is not None or game is None:
            return Reason("game_closed", {}, "the game is closed")
        if seat == self.seat and self._moving:
            return Reason("not_your_turn", {"seat": seat}, "a move of this seat is on its way to the table")
        try:
            position = game.determinize(self._view, random.Random(0))
        except (GameError, ValueError, TypeError, AttributeError):  # no view yet, or not one of this seat
            return Reason("not_now", {}, f"{move} is not allowed now")
        return game.why_illegal(position, seat, move)

    def submit(self, seat: int, move: Move) -> tuple[Event, ...]:
        """Send this seat's move; the table hears it made with the next step."""
        if self.ended is not None:
            raise IllegalMoveError(Reason("game_closed", {}, "the game is closed"))
        if seat != self.seat or move not in self._legal:
            raise IllegalMoveError(self.why_illegal(seat, move))
        self._legal, self._moving = (), True
        self.error, self.refused = None, None
        self._send({"type": "move", "move": move.text()})
        return ()

    def elapse(self, seconds: float) -> None:
        """Nothing counts down here: the other seats think elsewhere."""

    def wait_for_computers(self, timeout: float = 5.0) -> None:
        """Wait until a step has come (tests and scripts; never a frame loop)."""
        deadline = time.monotonic() + timeout
        while not self.pump() and time.monotonic() < deadline and self.ended is None:
            time.sleep(0.01)

    @property
    def over(self) -> bool:
        return self._over

    def scores(self) -> tuple[int, ...]:
        return self._scores

    def winners(self) -> tuple[int, ...]:
        return self._winners

    @property
    def record(self) -> Record:
        """The table's set-up as this seat knows it: no moves, and the game number only at the end."""
        game = self.game
        assert game is not None
        seats = tuple(Seat(s.get("name", f"Seat {i + 1}"), "human" if i == self.seat else "remote")
                      for i, s in enumerate(self.seats))
        return Record(game.id, self._players or len(seats), self._options, seats, self._seed)

    # ----- the lobby and the host -------------------------------------------------
    def pick(self, seat: int) -> None:
        self._send({"type": "pick", "seat": seat})

    def start(self) -> None:
        self._send({"type": "start"})

    def hand_over(self, seat: int, computer: bool) -> None:
        self._send({"type": "computer", "seat": seat, "on": computer})

    def close(self) -> None:
        """Leave the table; the host's leaving ends it for everyone."""
        if self._loop is not None and not self._loop.is_closed():
            asyncio.run_coroutine_threadsafe(self.session.close(), self._loop)
        self.ended = self.ended or "left the table"
        if self.hosting is not None:
            self.hosting.stop()
            self.hosting = None

    @property
    def closed(self) -> bool:
        return self.ended is not None

    @property
    def rejoin_tries(self) -> int:
        """How many times a lost line is tried again before the table ends for this seat."""
        return len(self.session.rejoin_pauses)

    @property
    def line_lost(self) -> bool:
        """Every try to rejoin after a lost line failed: the table may still keep the seat for us."""
        return self.session.lost

    @property
    def lost(self) -> str | None:
        """Why the table ended for this seat before the game did, or could not be read; None while it plays."""
        return self.failure or (self.ended if not self._over else None)
