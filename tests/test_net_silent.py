"""A connected player who never moves cannot stall a table: after ``silent_after`` seconds on the table's clock
a computer plays the seat, as for a dropped player, and the player's next move takes it back."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.net import protocol
from fiftyfifty_desktop.net.protocol import REMOTE
from fiftyfifty_desktop.net.server import TableServer
from fiftyfifty_desktop.net.table import Table
from fiftyfifty_desktop.registry import GAMES

from .waiting import eventually

CODE = "silent-table"
SILENT_AFTER = 30.0


def quiet_moves(table: Table) -> int:
    """How many moves seat 0 has made (the computers at the other seats choose at the same time)."""
    return sum(1 for seat, _ in table.match.record.moves if seat == 0)


def table_record() -> Record:
    game = GAMES["take5"]
    seats = (Seat("Quiet", REMOTE), Seat("Two", "random"), Seat("Three", "random"))
    return Record("take5", 3, game.resolve_options(3, {}), seats, 7)


async def checked(table: Table) -> None:
    """Until the table has looked for silent seats once more (on its clock as it is now)."""
    checks = [0]
    look = table._hand_over_silent

    def counted() -> None:
        look()
        checks[0] += 1

    table._hand_over_silent = counted
    table._wake.set()
    try:
        await eventually(lambda: checks[0] > 0, "the table never looked for silent seats")
    finally:
        table._hand_over_silent = look


def test_a_silent_seat_goes_to_the_computer_on_the_tables_clock_and_comes_back_with_a_move():
    now = [0.0]

    async def main() -> None:
        server = TableServer("127.0.0.1", 0)
        table = server.add(Table(GAMES["take5"], table_record(), CODE, silent_after=SILENT_AFTER,
                                 stand_in="random", clock=lambda: now[0]))
        await server.start()
        try:
            async with connect(f"ws://127.0.0.1:{server.port}", proxy=None, close_timeout=1) as socket:
                await socket.send(json.dumps({"type": "hello", "version": protocol.VERSION, "code": CODE,
                                              "name": "Quiet"}))
                await eventually(lambda: table.match is not None and table.seats[0].waiting_since is not None,
                            "the quiet seat was never offered a move")
                now[0] += SILENT_AFTER - 1
                await checked(table)  # not yet past the limit
                assert not table.seats[0].computer and quiet_moves(table) == 0
                now[0] += 2
                await eventually(lambda: table.seats[0].computer, "the silent seat was not handed to the computer")
                await eventually(lambda: quiet_moves(table) >= 2, "the computer did not play the silent seat")
                legal = next(iter(table.match.legal_moves(0)), None)
                if legal is not None:
                    await socket.send(json.dumps({"type": "move", "move": legal.text()}))
                else:  # no decision of seat 0 pending: any move message is the player's word that they are back
                    await socket.send(json.dumps({"type": "move", "move": "x"}))
                await eventually(lambda: not table.seats[0].computer, "the player's move did not take the seat back")
                assert not table.seats[0].silenced
        finally:
            server.stop()

    asyncio.run(main())


def test_without_a_limit_a_silent_seat_keeps_its_player():
    now = [0.0]

    async def main() -> None:
        server = TableServer("127.0.0.1", 0)
        table = server.add(Table(GAMES["take5"], table_record(), CODE, stand_in="random", clock=lambda: now[0]))
        await server.start()
        try:
            async with connect(f"ws://127.0.0.1:{server.port}", proxy=None, close_timeout=1) as socket:
                await socket.send(json.dumps({"type": "hello", "version": protocol.VERSION, "code": CODE,
                                              "name": "Quiet"}))
                await eventually(lambda: table.match is not None, "the table did not start")
                now[0] += 10 ** 6
                await checked(table)
                assert not table.seats[0].computer and quiet_moves(table) == 0
        finally:
            server.stop()

    asyncio.run(main())
