"""The lobby of a network table: a player who joined moves to another open seat before the game starts.

The player and the host are :class:`RemoteMatch` clients, as the windows use them, at a server on a thread of
its own. A seat taken by another player, a computer's seat and a seat the host gave to the computer cannot
be picked: the player is told why and nothing changes.
"""

from __future__ import annotations

import pytest

from fiftyfifty_desktop.net import protocol
from fiftyfifty_desktop.net.client import RemoteMatch
from fiftyfifty_desktop.net.server import ServerThread, TableServer
from fiftyfifty_desktop.net.table import Table
from fiftyfifty_desktop.registry import GAMES

from . import waiting
from .test_net_play import CODE, remote_record


def until(done, *matches: RemoteMatch) -> None:
    """Until ``done()`` holds, each client reading what came (and handing on a step once play began)."""
    waiting.until(done, "the table never got there", between=waiting.reading(*matches))


def seating(match: RemoteMatch) -> list[tuple[str, bool, bool]]:
    """Each seat as a client sees it: its name, whether someone joined it, whether a computer plays it."""
    return [(s["name"], s["joined"], s["computer"]) for s in match.seats]


def server_seats(table: Table) -> list[tuple[str, str | None, bool]]:
    return [(s.name, s.token, s.computer) for s in table.seats]


def start(host: RemoteMatch, *matches: RemoteMatch) -> None:
    """The host gives the seats still open to the computer and starts; every client is dealt."""
    for seat, info in enumerate(host.seats):
        if info["remote"] and not info["joined"] and not info["computer"]:
            host.hand_over(seat, True)
            until(lambda: host.seats[seat]["computer"], host, *matches)
    host.start()
    until(lambda: all(m.view(m.seat) is not None for m in (host, *matches)), host, *matches)


@pytest.fixture
def lobby():
    """Take 5 for four: the host at seat 0, a player who joined at the first open seat (1), seat 2 open,
    a computer at seat 3."""
    server = TableServer("127.0.0.1", 0)
    table = server.add(Table(GAMES["take5"], remote_record("take5", 12, computers=(3,)), CODE, host_secret="s3"))
    thread = ServerThread(server)
    thread.start()
    address = f"127.0.0.1:{server.port}"
    host = RemoteMatch(address, CODE, "Host", seat=0, host_secret="s3")
    until(lambda: host.seat == 0 and host.seats, host)
    player = RemoteMatch(address, CODE, "Bea")
    until(lambda: player.seat == 1 and seating(host)[1] == ("Bea", True, False), host, player)
    try:
        yield table, host, player
    finally:
        player.close()
        host.close()
        thread.stop()


def test_a_player_moves_to_an_open_seat_and_the_host_sees_it(lobby) -> None:
    table, host, player = lobby
    token = player.session.token
    player.pick(2)
    until(lambda: player.seat == 2 and seating(host)[2][:2] == ("Bea", True)
          and seating(player) == seating(host), host, player)  # each hears the move in its own time
    assert seating(host) == [("Host", True, False), ("Seat 2", False, False), ("Bea", True, False),
                             ("Seat 4", False, True)] == seating(player)
    assert player.session.token == token and player.session.seat == 2  # the same token, now for seat 2
    assert player.error is None
    start(host, player)
    assert player.view(2).seat == 2 and host.view(0).seat == 0 and sorted(table.match.agents) == [1, 3]


@pytest.mark.parametrize("seat, why", [(0, "not open"), (3, "not open"), (7, "not open"), (1, "not open")])
def test_a_taken_seat_or_a_computers_cannot_be_picked(lobby, seat: int, why: str) -> None:
    """Seat 0 is the host's, seat 3 a computer's, seat 7 is not at the table; seat 1 is handed to the computer
    by the host first. The player keeps its seat and the game starts as it would have."""
    table, host, player = lobby
    if seat == 1:
        player.pick(2)
        until(lambda: player.seat == 2, host, player)
        host.hand_over(1, True)
        until(lambda: seating(host)[1] == ("Seat 2", False, True), host, player)
    before, kept, sitting = seating(host), server_seats(table), player.seat
    player.pick(seat)
    until(lambda: player.error is not None, host, player)
    assert why in player.error
    # Any seat change the refused pick made was sent before this refusal of the host's own, so has come by now.
    host.error = None
    host.pick(7)
    until(lambda: host.error is not None, host, player)
    assert seating(host) == before == seating(player) and server_seats(table) == kept and player.seat == sitting
    start(host, player)
    assert player.view(sitting).seat == sitting and not player.closed
    assert sorted(table.match.agents) == [s for s in (1, 2, 3) if s != sitting]


def test_seats_cannot_change_once_the_game_has_started(lobby) -> None:
    table, host, player = lobby
    start(host, player)
    player.pick(2)
    until(lambda: player.error is not None, host, player)
    assert "has started" in player.error and player.seat == 1 and table.seats[2].token is None
    assert table.seats[2].computer and 2 in table.match.agents


def test_a_connection_that_drops_before_the_game_frees_its_seat(tmp_path) -> None:
    """In the lobby a dropped connection gives its seat up (in play it keeps it: test_net_faults): the seat is
    open again, its token seats nobody any more, and the next player to join takes it."""
    import asyncio

    from websockets.asyncio.client import connect

    from fiftyfifty_desktop.net.seats import read_tokens

    from .test_net_faults import Raw, hello, serve

    path = tmp_path / "table.json"

    async def seat_one(host: Raw, joined: bool) -> dict:
        """Seat 1 as the host is told of it, once it is (or is no longer) ``joined``."""
        while True:
            seat = (await host.next("table"))["seats"][1]
            if seat["joined"] == joined:
                return seat

    async def main():
        server, table, address = await serve(remote_record("take5", 2, players=3), path, host_secret="s3")
        async with connect(f"ws://{address}", proxy=None) as h:
            host = Raw(h)
            await host.send(hello(name="Host", host="s3"))
            await host.next("welcome")
            async with connect(f"ws://{address}", proxy=None) as p:
                player = Raw(p)
                await player.send(hello(name="Bea"))
                welcome = await player.next("welcome")
                assert welcome["seat"] == 1 and (await seat_one(host, True))["name"] == "Bea"
                assert read_tokens(path, 3)[1][1] == welcome["token"]
                p.transport.abort()  # the line drops: no close, no leave
                freed = await seat_one(host, False)
            assert freed == {"name": "Seat 2", "remote": True, "joined": False, "connected": False,
                             "computer": False, "host": False}
            assert read_tokens(path, 3)[1][1] is None and table.match is None
            async with connect(f"ws://{address}", proxy=None) as again:
                await Raw(again).send(hello(token=welcome["token"]))
                assert protocol.NOT_SEATED in (await Raw(again).next("closed"))["message"]
            async with connect(f"ws://{address}", proxy=None) as q:
                newcomer = Raw(q)
                await newcomer.send(hello(name="Cy"))
                assert (await newcomer.next("welcome"))["seat"] == 1
        server.stop()

    asyncio.run(main())


def test_a_client_that_loses_its_line_in_the_lobby_sits_down_again_in_its_seat() -> None:
    """The lobby gives a dropped seat up, so the client does not rejoin with its void token: it joins
    again by name and asks for the seat it had."""
    import asyncio

    from websockets.asyncio.client import connect

    from fiftyfifty_desktop.net.client import Session

    from .test_net_faults import Raw, hello, serve

    async def main():
        server, table, address = await serve(remote_record("take5", 2, players=3), host_secret="s3")
        async with connect(f"ws://{address}", proxy=None) as h:
            await Raw(h).send(hello(name="Host", host="s3"))
            await Raw(h).next("welcome")
            session = Session(address, CODE, name="Bea", seat_wanted=2)
            welcomes: list[dict] = []
            running = asyncio.create_task(session.run(lambda m: welcomes.append(m) if m["type"] == "welcome" else None))
            for expected in (1, 2):
                await waiting.eventually(lambda: len(welcomes) >= expected, f"welcome {expected} never came")
                assert len(welcomes) == expected
                if expected == 1:
                    session.seat_wanted = None  # the seat it sits in now is the one it asks for again
                    session._socket.transport.abort()  # the line drops: no close, no leave
            first, again = welcomes
            assert first["seat"] == again["seat"] == 2 and first["token"] != again["token"]
            assert table.seats[2].name == "Bea" and table.seats[2].connection is not None
            await session.close()
            await asyncio.wait_for(running, waiting.HANG_GUARD)
        server.stop()

    asyncio.run(main())
