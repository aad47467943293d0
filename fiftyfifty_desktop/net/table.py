"""One network table: a match, its seats and the connections that joined them.

A :class:`Table` holds a :class:`~fiftyfifty_desktop.engine.match.Match`
and its seats. Remote seats are people on other machines: each joins with
the table code, gets a token to rejoin with, and is sent only
``match.view(seat)`` and the steps that seat may see (``Match.watch``);
every move it sends is judged by the game before the match takes it.
Computer seats are played by the match's agents, built by the table's agent
factory: a searching player thinks in a worker process, as at a local table,
so the server's loop never waits for a search. A remote seat whose player
is away too long (or that the host hands over) is given to a computer
through the match, and back to its player the same way. The record is saved after every move, so a table can be
started again from it (``serve --resume``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from ..ai.worker import AgentFactory, table_agents
from ..engine import AnyGame, GameError, IllegalMoveError, Move
from ..engine.match import ComputerFailed, Match, Step
from ..engine.records import Record
from ..storage import Storage, StorageError
from . import protocol
from .codec import codec_for
from .connection import Connection
from .protocol import NotSeated, ProtocolError
from .seats import SeatState, tokens_path

log = logging.getLogger("fiftyfifty_desktop.net")

#: How often the table looks at its thinking computers and its away seats, in seconds.
TICK = 0.005
AWAY_TICK = 0.25


@dataclass
class _SeatWatcher:
    """Follows the match for one seat and passes each step to the table."""

    table: Table
    watching: int

    def on_step(self, step: Step, view: Any) -> None:
        self.table.tell_step(self.watching, step, view)


class Table:
    """One game with its seats, served to the connections that joined it.

    ``record`` gives the game, options, seed and seats (``player`` REMOTE for
    the seats friends take) and, when a table starts again, the moves made.
    ``record_path`` is where the record is saved after every move (and the
    seats' tokens beside it); ``hand_over_after`` is how long a remote seat
    waits for its player before a computer plays it (None: for ever), and
    ``silent_after`` how long a connected player may leave a move unmade
    before a computer plays the seat the same way (None: for ever), so one
    silent stranger cannot stall the table; ``clock`` measures both.
    Without ``host_secret`` the game starts by itself once every remote seat
    is taken; with it, only the connection that gives the secret starts it.
    ``agents`` builds each computer seat and stand-in (``table_agents()``: in worker processes).
    """

    def __init__(self, game: AnyGame, record: Record, code: str, *, record_path: Path | None = None,
                 hand_over_after: float | None = None, host_secret: str | None = None,
                 stand_in: str = "medium", exit_at_end: bool = False,
                 tokens: list[str | None] | None = None, on_end: Callable[[], None] | None = None,
                 agents: AgentFactory | None = None, silent_after: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.game = game
        self.agents = agents or table_agents()  # builds the computer seats and stand-ins
        self.codec = codec_for(game)
        self.code = code
        self.record = record
        self.record_path = record_path
        self.hand_over_after = hand_over_after
        self.silent_after = silent_after
        self.clock = clock
        self.host_secret = host_secret
        self.stand_in = stand_in
        self.exit_at_end = exit_at_end
        self.on_end = on_end
        self.seats = [SeatState(seat.name, seat.player) for seat in record.seats]
        for seat, token in zip(self.seats, tokens or ()):
            if seat.remote and token:
                seat.token = token
        self.match: Match | None = None
        self.finished = False
        self.closed = False
        self._wake = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None

    # ----- lobby ------------------------------------------------------------
    def seat_table(self) -> dict[str, Any]:
        """The ``table`` message: every seat's name and connection, and whether play began."""
        return {"type": "table", "game": self.game.id, "players": self.record.players,
                "options": _jsonable(self.record.options), "seats": [s.public() for s in self.seats],
                "started": self.match is not None, "over": self.finished}

    def tell_seats(self) -> None:
        message = protocol.dumps(self.seat_table())
        for connection in self._connections():
            connection.send(message)

    def _connections(self) -> list[Seated]:
        return [s.connection for s in self.seats if s.connection is not None]

    def join(self, connection: Seated, hello: dict[str, Any]) -> None:
        """Seat a new connection (by token, by the seat it asks for, or at the first open seat);
        raises ``ProtocolError`` when it may not sit."""
        token = protocol.text(hello, "token", 64, required=False)
        host_secret = protocol.text(hello, "host", 64, required=False)
        if host_secret is not None and (self.host_secret is None
                                        or not secrets.compare_digest(host_secret, self.host_secret)):
            raise NotSeated("not this table's host secret")
        if token is not None:
            seat = next((i for i, s in enumerate(self.seats)
                         if s.token is not None and secrets.compare_digest(s.token, token)), None)
            if seat is None:
                raise NotSeated("a token of no seat at this table")
            self._sit(connection, seat, None, host_secret is not None)
            return
        name = protocol.clean_name(protocol.text(hello, "name", protocol.NAME_LIMIT) or "")
        wanted = protocol.whole_number(hello, "seat", required=False)
        open_seats = [i for i, s in enumerate(self.seats) if self._open(s)]
        if not open_seats:
            raise NotSeated("every seat is taken")
        if wanted is not None and wanted not in open_seats:
            raise NotSeated(f"seat {wanted + 1} is not open")
        self._sit(connection, wanted if wanted is not None else open_seats[0], self._distinct(name),
                  host_secret is not None)

    def _distinct(self, name: str) -> str:
        """``name``, or with a number after it when another seat already shows it (in any case)."""
        taken = {s.name.casefold() for s in self.seats if s.token is not None or not s.remote}
        suffix, candidate = 1, name
        while candidate.casefold() in taken:
            suffix += 1
            candidate = f"{name[:protocol.NAME_LIMIT - len(str(suffix)) - 1]} {suffix}"
        return candidate

    @staticmethod
    def _open(seat: SeatState) -> bool:
        """A seat a player may take: a remote one that nobody joined and the host did not give to the computer."""
        return seat.remote and seat.token is None and not seat.computer

    def _sit(self, connection: Seated, seat: int, name: str | None, host: bool) -> None:
        state = self.seats[seat]
        if state.connection is not None and state.connection is not connection:
            state.connection.send({"type": "closed", "message": "this seat was joined from another connection"})
            state.connection.close()
        if state.token is None:
            state.token = secrets.token_urlsafe(16)
            self._save_tokens()
        if name is not None and self.match is None:
            state.name = name
        state.connection, state.away_since, state.host = connection, None, host
        connection.seat, connection.table, connection.host = seat, self, host
        log.info("table %s: %s sits at seat %d (%s)", self.code, connection.peer, seat, state.name)
        connection.send({"type": "welcome", "version": protocol.VERSION, "seat": seat, "token": state.token,
                         "game": self.game.id, "host": host})
        if state.computer and self.match is not None:
            self._return_seat(seat)
        self.tell_seats()
        if self.match is not None:
            self._send_sync(seat)
        elif self.host_secret is None and all(s.token is not None or not s.remote for s in self.seats):
            self.start()

    def pick(self, connection: Seated, seat: int) -> None:
        """Before the start, move to another open seat (not one the host gave to the computer)."""
        if self.match is not None:
            raise ProtocolError("the game has started: seats cannot change")
        if not (0 <= seat < len(self.seats)) or not self._open(self.seats[seat]):
            raise ProtocolError(f"seat {seat + 1} is not open")
        assert connection.seat is not None
        old, new = self.seats[connection.seat], self.seats[seat]
        new.name, new.token, new.connection, new.host = old.name, old.token, connection, old.host
        old.token, old.connection, old.host, old.name = None, None, False, f"Seat {connection.seat + 1}"
        connection.seat = seat
        self._save_tokens()
        connection.send({"type": "welcome", "version": protocol.VERSION, "seat": seat, "token": new.token,
                         "game": self.game.id, "host": connection.host})
        self.tell_seats()

    def leave(self, connection: Seated) -> None:
        """A connection closed: in play its seat is kept for its player to rejoin with the token; in the
        lobby the seat is given up (open again, its token void), so the table does not wait for someone gone."""
        seat = connection.seat
        if seat is None or self.seats[seat].connection is not connection:
            return
        state = self.seats[seat]
        state.connection = None
        if self.match is None and not self.closed:
            state.token, state.host, state.name = None, False, f"Seat {seat + 1}"  # an empty seat in the lobby
            self._save_tokens()
        else:
            state.away_since = self.clock()
        log.info("table %s: seat %d (%s) left", self.code, seat, state.name)
        self._wake.set()
        if not self.closed:
            self.tell_seats()

    # ----- play -------------------------------------------------------------
    def start(self) -> None:
        """Seat the computers and begin (or go on with) the game."""
        if self.match is not None:
            return
        seats = tuple(replace(seat, name=state.name) for seat, state in zip(self.record.seats, self.seats))
        self.record = replace(self.record, seats=seats)
        agents = {i: self.agents(s.player, self.game, i, self.record.seed)
                  for i, s in enumerate(self.seats) if not s.remote}
        for i, s in enumerate(self.seats):
            if s.remote and (s.computer or s.token is None):
                s.computer = True
                agents[i] = self.agents(self.stand_in, self.game, i, self.record.seed)
            if s.remote and s.connection is None:
                s.away_since = self.clock()
        # Without a file to keep it in, the record is not built after every move for nothing.
        self.match = Match(self.game, self.record, agents, threaded=True,
                           keeper=self if self.record_path is not None else None)
        log.info("table %s: %s starts (%d moves made)", self.code, self.game.name, self.match.moves_made)
        self.save(self.match.record)
        self.tell_seats()
        for seat in range(len(self.seats)):
            self.match.watch(_SeatWatcher(self, seat))
        if self.match.moves_made:
            for seat in range(len(self.seats)):
                self._send_sync(seat)
        self._driver = asyncio.get_running_loop().create_task(self._drive())
        self._wake.set()

    def _legal_texts(self, seat: int) -> list[str] | None:
        match = self.match
        assert match is not None
        if seat in match.computer_seats() or seat not in match.to_move():
            return None
        return [move.text() for move in match.legal_moves(seat)]

    def _play_state(self, seat: int, message: dict[str, Any], view: Any, connection: Seated,
                    whole: bool = False) -> dict[str, Any]:
        match = self.match
        assert match is not None
        shown, connection.shown = connection.shown, view
        if whole or type(shown) is not type(view):
            message["view"] = view
        else:  # the client keeps the view it was sent: a step carries only the fields that changed
            message["changed"] = self.codec.changes(shown, view)
        message["to_move"] = list(match.to_move())
        legal = self._legal_texts(seat)
        if legal is not None:
            message["legal"] = legal
        if match.over:
            message["over"] = True
            message["scores"] = list(match.scores())
            message["winners"] = list(match.winners())
            message["seed"] = self.record.seed
        return message

    def tell_step(self, seat: int, step: Step, view: Any) -> None:
        """Send ``step`` (as ``seat`` may see it) to the seat's connection."""
        connection = self.seats[seat].connection
        if connection is None:
            return
        message = {"type": "step", "index": step.index, "made": self.match.moves_made if self.match else 0,
                   "seat": step.seat,
                   "move": None if step.move is None else step.move.text(),
                   "events": step.events}
        connection.send(protocol.dumps(self._play_state(seat, message, view, connection), self.codec.default))

    def _send_sync(self, seat: int) -> None:
        """The seat's whole view now: for a player who (re)joins a game in play."""
        connection, match = self.seats[seat].connection, self.match
        if connection is None or match is None:
            return
        message = {"type": "sync", "made": match.moves_made}
        state = self._play_state(seat, message, match.view(seat), connection, whole=True)
        connection.send(protocol.dumps(state, self.codec.default))

    def move(self, connection: Seated, message: dict[str, Any]) -> None:
        """A move sent by a seat's player: judged by the game, then played."""
        match, seat = self.match, connection.seat
        if match is None:
            raise ProtocolError("the game has not started")
        if seat is None:
            raise ProtocolError("you have no seat at this table")
        asked = protocol.whole_number(message, "seat", required=False)
        if asked is not None and asked != seat:
            raise ProtocolError(f"you sit at seat {seat + 1}, not seat {asked + 1}")
        text = protocol.text(message, "move", 64)
        assert text is not None
        if self.seats[seat].silenced:
            self._return_seat(seat)  # the silent player is back: their move takes the seat again
        if self.seats[seat].computer:
            raise ProtocolError("a computer plays your seat until you are back")
        try:
            move: Move = self.game.parse_move(text)
            match.submit(seat, move)
        except IllegalMoveError as exc:
            raise ProtocolError(str(exc), exc.reason) from None
        except GameError as exc:
            raise ProtocolError(str(exc)) from None
        self._wake.set()

    def hand_over(self, connection: Seated, seat: int, computer: bool) -> None:
        """The host gives a remote seat to a computer player, or back to its player."""
        if not connection.host:
            raise ProtocolError("only the host hands seats to the computer")
        if not (0 <= seat < len(self.seats)) or not self.seats[seat].remote:
            raise ProtocolError(f"seat {seat + 1} is not a remote seat")
        if computer:
            self._give_computer(seat)
        elif self.seats[seat].computer:
            self._return_seat(seat)
        self.tell_seats()

    def _give_computer(self, seat: int) -> None:
        state = self.seats[seat]
        state.computer, state.returning = True, False
        if self.match is not None:
            self.match.give_to_computer(seat, self.agents(self.stand_in, self.game, seat, self.record.seed))
            log.info("table %s: a computer plays seat %d (%s)", self.code, seat, state.name)
            self._send_sync(seat)
            self._wake.set()

    def _return_seat(self, seat: int) -> None:
        """The seat's player plays again (once any move its computer is choosing is made)."""
        state = self.seats[seat]
        if self.match is not None and seat in self.match.thinking():
            state.returning = True  # the drive loop gives it back after this move
            return
        state.computer = state.returning = state.silenced = False
        if self.match is not None:
            self.match.give_back(seat)
            log.info("table %s: seat %d (%s) is played by its player again", self.code, seat, state.name)
            self._send_sync(seat)
            self._wake.set()

    async def _drive(self) -> None:
        """The table's turn loop: let the computers move, hand away seats over, end the game."""
        match = self.match
        assert match is not None
        while not self.closed:
            try:
                moved = match.poll(0)
            except ComputerFailed as failed:
                log.error("table %s: the computer at seat %d failed: %s", self.code, failed.seat, failed)
                self.close(f"a computer player failed: {failed}")
                return
            for seat, state in enumerate(self.seats):
                if state.returning and seat not in match.thinking():
                    self._return_seat(seat)
            if moved:
                await asyncio.sleep(0)
                continue
            if match.over:
                await self._finish()
                return
            self._hand_over_away()
            self._hand_over_silent()
            self._wake.clear()
            watching = self.hand_over_after is not None or self.silent_after is not None
            wait = TICK if match.thinking() else (AWAY_TICK if watching else None)
            try:
                await asyncio.wait_for(self._wake.wait(), wait)
            except asyncio.TimeoutError:
                pass

    def _hand_over_away(self) -> None:
        if self.hand_over_after is None or self.match is None:
            return
        now = self.clock()
        for seat, state in enumerate(self.seats):
            if (state.remote and not state.computer and state.away_since is not None
                    and now - state.away_since >= self.hand_over_after):
                self._give_computer(seat)
                self.tell_seats()

    def _hand_over_silent(self) -> None:
        """A connected player who leaves a move unmade for ``silent_after`` seconds is handed to the computer
        as a dropped one would be; their next move takes the seat back."""
        if self.silent_after is None or self.match is None:
            return
        now, to_move = self.clock(), set(self.match.to_move())
        for seat, state in enumerate(self.seats):
            if not (state.remote and not state.computer and state.connection is not None and seat in to_move):
                state.waiting_since = None
            elif state.waiting_since is None:
                state.waiting_since = now
            elif now - state.waiting_since >= self.silent_after:
                log.info("table %s: seat %d (%s) made no move for %.0f s", self.code, seat, state.name,
                         now - state.waiting_since)
                state.waiting_since, state.silenced = None, True
                self._give_computer(seat)
                self.tell_seats()

    async def _finish(self) -> None:
        self.finished = True
        log.info("table %s: game over, scores %s", self.code, self.match.scores() if self.match else ())
        self.tell_seats()
        if self.exit_at_end:
            self.close("the game is over")

    def close(self, message: str) -> None:
        """End the table for everyone with ``message``."""
        if self.closed:
            return
        self.closed = True
        for connection in self._connections():
            connection.send({"type": "closed", "message": message})
            connection.close()
        if self.match is not None:
            self.match.close()
            for seat in self.match.computer_seats():
                self.match.give_back(seat)  # stops the worker processes of the computers
        self._wake.set()
        if self.on_end is not None:
            self.on_end()

    # ----- the record keeper of the match -------------------------------------
    def save(self, record: Record) -> None:
        if self.record_path is None:
            return
        try:
            Storage._write(self.record_path, record.to_json(), durable=False)  # a move every few ms
        except StorageError as exc:
            log.error("table %s: %s", self.code, exc)

    def game_over(self, record: Record) -> None:
        self.save(record)

    def _save_tokens(self) -> None:
        """Keep the seats' tokens beside the record, so players can rejoin a table started again."""
        if self.record_path is None:
            return
        data = {"code": self.code, "tokens": [s.token if s.remote else None for s in self.seats]}
        try:
            Storage._write(tokens_path(self.record_path), json.dumps(data) + "\n")
        except StorageError as exc:
            log.error("table %s: %s", self.code, exc)


#: A client's connection to a table of this server.
Seated = Connection[Table]
def _jsonable(options: Any) -> dict[str, Any]:
    """Options as JSON values (a mood deck is tuples)."""
    jsonable: dict[str, Any] = json.loads(json.dumps(dict(options)))
    return jsonable
