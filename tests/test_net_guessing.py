"""A guesser learns nothing sooner by not waiting: once an address sent a wrong hello, every hello from it waits
its delay before any answer (a right one too), one at a time; a connection that hangs up while it waits is let go
at once; and the WebSocket library's line per connection stays below the default level while refusals are
logged once per kind. Loopback only; nothing here measures time (the delays are ones no test waits out)."""

from __future__ import annotations

import asyncio
import logging

from websockets.asyncio.client import connect

from fiftyfifty_desktop.net.admission import Admission, RefusalLog

from .test_net_admission import Clock
from .test_net_faults import Raw, hello, serve
from .test_net_play import remote_record
from .waiting import HANG_GUARD, eventually

ADDRESS = "127.0.0.1"


def waiting_hellos(server) -> int:
    """How many hellos from the loopback address wait for (or hold) their turn."""
    turn = server.admission._turns.get(ADDRESS)
    return turn.users if turn is not None else 0


def test_after_a_wrong_hello_a_right_one_waits_too_and_a_hang_up_frees_it_at_once() -> None:
    async def main():
        server, table, address = await serve(remote_record("take5", 2, players=2))
        server.admission.first_delay = 3600.0  # no test waits this out
        async with connect(f"ws://{address}", proxy=None) as guess:
            await Raw(guess).send(hello(code="wrong", name="G"))
            assert (await Raw(guess).next())["type"] == "closed"  # the first wrong hello is answered at once
        right = await connect(f"ws://{address}", proxy=None)
        await Raw(right).send(hello(name="Ann"))
        await eventually(lambda: waiting_hellos(server) == 1, "the right hello never waited its turn")
        assert table.seats[0].token is None and server.admission.total == 1  # waiting, not seated nor answered
        await right.close()
        await asyncio.wait_for(eventually(lambda: waiting_hellos(server) == 0 and server.admission.total == 0,
                                          "the hung-up connection was kept"), HANG_GUARD)
        assert table.seats[0].token is None
        server.stop()

    asyncio.run(main())


def test_hellos_from_one_address_are_answered_one_at_a_time() -> None:
    async def main():
        server, table, address = await serve(remote_record("take5", 2, players=2))
        server.admission.first_delay = 3600.0
        server.admission.refused_hello(ADDRESS)  # this address has guessed before
        guesses = [await connect(f"ws://{address}", proxy=None) for _ in range(4)]
        for n, guess in enumerate(guesses):
            await Raw(guess).send(hello(code=f"guess{n}", name="G"))
        await eventually(lambda: waiting_hellos(server) == 4, "the hellos never queued")
        turn = server.admission._turns[ADDRESS]
        assert turn.lock.locked() and server.admission._failures[ADDRESS].count == 1  # one waits, none answered
        for guess in guesses:
            await guess.close()
        await eventually(lambda: waiting_hellos(server) == 0 and server.admission.total == 0,
                         "the hung-up guesses were kept")
        server.stop()

    asyncio.run(main())


def test_a_right_hello_after_a_wrong_one_is_seated_once_its_delay_is_over() -> None:
    async def main():
        server, table, address = await serve(remote_record("take5", 2, players=2))
        server.admission.first_delay = 0.001
        for code in ("wrong", "also-wrong"):
            async with connect(f"ws://{address}", proxy=None) as guess:
                await Raw(guess).send(hello(code=code, name="G"))
                assert (await Raw(guess).next())["type"] == "closed"
        async with connect(f"ws://{address}", proxy=None) as right:
            await Raw(right).send(hello(name="Ann"))
            assert (await Raw(right).next())["type"] == "welcome"
        server.stop()

    asyncio.run(main())


def test_the_librarys_connection_lines_stay_below_the_default_level_and_refusals_are_summed(caplog) -> None:
    """Wrong hellos, bad handshakes and plain connections from one address, with the log's clock held still:
    no line of the library's at INFO or above, and one refusal line per kind."""
    async def main():
        server, address = await _serve_with(Admission(first_delay=0.0001), RefusalLog(clock=Clock()))
        for n in range(6):
            async with connect(f"ws://{address}", proxy=None) as guess:
                await Raw(guess).send(hello(code=f"guess{n}", name="G"))
                await Raw(guess).next()
        for _ in range(4):
            reader, writer = await asyncio.open_connection(ADDRESS, server.port)
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")  # no WebSocket upgrade
            await reader.read()
            writer.close()
        await eventually(lambda: server.admission.total == 0, "connections were kept")
        server.stop()

    caplog.set_level(logging.DEBUG)
    asyncio.run(main())
    library = [r for r in caplog.records if r.name.startswith("websockets") and r.levelno >= logging.INFO
               and "server" not in r.getMessage()]
    assert library == [], [r.getMessage() for r in library]
    assert any(r.name.startswith("websockets") and r.getMessage() == "connection open" for r in caplog.records)
    refusals = [r.getMessage().split(":")[1] for r in caplog.records if r.getMessage().startswith("refused:")]
    assert sorted(refusals) == [" a WebSocket handshake that failed", " a hello the table cannot seat"]


async def _serve_with(admission: Admission, refusals: RefusalLog):
    from fiftyfifty_desktop.net.server import TableServer
    from fiftyfifty_desktop.net.table import Table
    from fiftyfifty_desktop.registry import GAMES

    from .test_net_play import CODE

    server = TableServer(ADDRESS, 0, admission=admission, refusals=refusals)
    record = remote_record("take5", 2, players=2)
    server.add(Table(GAMES["take5"], record, CODE))
    await server.start()
    return server, f"{ADDRESS}:{server.port}"
