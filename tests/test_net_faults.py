"""Faults at a network table: drops and rejoins, hand-overs, a host that quits or restarts, and
clients that send what they must not. The table goes on for the others every time."""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import pytest
from websockets.asyncio.client import connect

from fiftyfifty_desktop.engine.records import parse_record, replay
from fiftyfifty_desktop.net import protocol
from fiftyfifty_desktop.net import server as server_module
from fiftyfifty_desktop.net.client import Session, TableError
from fiftyfifty_desktop.net.computer import play_seat
from fiftyfifty_desktop.net.seats import read_tokens
from fiftyfifty_desktop.net.server import TableServer
from fiftyfifty_desktop.net.table import Table
from fiftyfifty_desktop.registry import GAMES

from .test_net_play import CODE, remote_record
from .waiting import HANG_GUARD, eventually


#: Messages read from each socket and not yet asked for: the rest of a batch.
_UNREAD: WeakKeyDictionary[Any, deque[dict]] = WeakKeyDictionary()


class Raw:
    """A hand-driven client: sends what it is told and reads replies, a batch's one by one (also when a new
    ``Raw`` is made for the same socket)."""

    def __init__(self, socket) -> None:
        self.socket = socket
        self.unread = _UNREAD.setdefault(socket, deque())

    async def send(self, message) -> None:
        await self.socket.send(message if isinstance(message, str) else json.dumps(message))

    async def next(self, *types: str, timeout: float = HANG_GUARD) -> dict:
        while True:
            if not self.unread:
                frame = json.loads(await asyncio.wait_for(self.socket.recv(), timeout))
                self.unread.extend(frame["messages"] if frame["type"] == "batch" else [frame])
            message = self.unread.popleft()
            if not types or message["type"] in types:
                return message


async def serve(record, path=None, **options) -> tuple[TableServer, Table, str]:
    server = TableServer("127.0.0.1", 0)
    table = server.add(Table(GAMES[record.game], record, CODE, record_path=path, **options))
    await server.start()
    return server, table, f"127.0.0.1:{server.port}"


def hello(**fields) -> dict:
    return {"type": "hello", "version": protocol.VERSION, "code": CODE, **fields}


def test_bad_messages_are_refused_and_the_game_is_unaffected(caplog) -> None:
    async def main():
        # Seat 0 is a raw client; seats 1-3 are medium computers at the server.
        server, table, address = await serve(remote_record("take5", 2, computers=(1, 2, 3)))
        async with connect(f"ws://{address}", proxy=None) as socket:
            raw = Raw(socket)
            await raw.send(hello(name="Probe"))
            assert (await raw.next("welcome"))["seat"] == 0
            step = await raw.next("step")
            made = table.match.moves_made
            record = table.match.record
            refusals = [
                "{not json",
                json.dumps([1, 2]),
                json.dumps({"type": "launch"}),
                json.dumps({"type": "move", "move": "play 1", "extra": True}),
            ]
            for text in refusals:
                await raw.send(text)
                assert (await raw.next("error"))["message"]
            assert table.match.moves_made == made and table.match.record == record
            # Four refusals so far, so a fifth closes the connection.
            await raw.send({"type": "move", "move": step["legal"][0], "seat": 2})
            assert "seat 1, not seat 3" in (await raw.next("error"))["message"]  # seats as players count them
            assert "too many refused" in (await raw.next("closed"))["message"]
            assert table.match.moves_made == made
        server.stop()

    caplog.set_level("WARNING", logger="fiftyfifty_desktop.net")
    asyncio.run(main())
    refused = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert len(refused) == 5 and "not seat 3" in refused[-1]


def test_out_of_turn_and_illegal_moves_are_refused() -> None:
    async def main():
        # Thirteen: one seat moves at a time, so the other raw client is out of turn.
        server, table, address = await serve(remote_record("thirteen", 4, players=2))
        async with connect(f"ws://{address}", proxy=None) as a, connect(f"ws://{address}", proxy=None) as b:
            clients = [Raw(a), Raw(b)]
            for client, name in zip(clients, "AB"):
                await client.send(hello(name=name))
            steps = [await client.next("step") for client in clients]
            mover = next(i for i, s in enumerate(steps) if "legal" in s)
            waiter = 1 - mover
            await clients[waiter].send({"type": "move", "move": steps[mover]["legal"][0]})
            assert "turn" in (await clients[waiter].next("error"))["message"]
            await clients[mover].send({"type": "move", "move": "x" * (protocol.CLIENT_MESSAGE_LIMIT + 10)})
            assert "limited to" in (await clients[mover].next("error"))["message"]
            await clients[mover].send({"type": "move", "move": "fly away"})
            assert (await clients[mover].next("error"))["message"]
            await clients[mover].send({"type": "move", "move": "ask 1 13" if mover == 0 else "ask 0 13"})
            assert (await clients[mover].next("error"))["message"]
            assert table.match.moves_made == 0
            await clients[mover].send({"type": "move", "move": steps[mover]["legal"][0]})
            assert (await clients[mover].next("step"))["made"] == 1
        server.stop()

    asyncio.run(main())


def test_a_wrong_code_an_old_version_and_a_stolen_token_cannot_sit() -> None:
    async def main():
        server, table, address = await serve(remote_record("take5", 2, players=2))
        server.admission.first_delay = 0  # nine refusals in a row here: the growing delays have their own test
        for message, words in [(hello(name="A", code="nope"), protocol.NOT_SEATED),
                               ({**hello(name="A"), "version": 99}, "version"),
                               ({**hello(name="A"), "version": 2.0}, "version"),
                               ({**hello(name="A"), "version": True}, "version"),
                               (hello(token="guess"), protocol.NOT_SEATED),
                               (hello(name="A", host="secret"), protocol.NOT_SEATED),
                               (hello(name="A\x07"), "cannot be shown"),
                               (hello(name="\u200b\u200b"), "no visible character"),
                               (hello(name="Eve\u202e"), "the control U+202E")]:
            async with connect(f"ws://{address}", proxy=None) as socket:
                raw = Raw(socket)
                await raw.send(message)
                assert words in (await raw.next("closed"))["message"]
        with pytest.raises(TableError, match=protocol.NOT_SEATED):
            await Session(address, "nope").run(lambda m: None)
        server.stop()

    asyncio.run(main())


def test_a_dropped_player_rejoins_with_the_token_and_the_game_ends_as_recorded(tmp_path: Path) -> None:
    path = tmp_path / "table.json"

    async def main():
        server, table, address = await serve(remote_record("fiftyfifty", 6), path)
        dropper = Session(address, CODE, "Dropper")
        dropped = asyncio.Event()

        def drop_once(message) -> None:
            if message["type"] == "step" and message.get("made", 0) >= 20 and not dropped.is_set():
                dropped.set()
                asyncio.get_running_loop().create_task(dropper._socket.close())

        others = [play_seat(address, CODE, f"P{i}") for i in range(3)]
        outcomes = await asyncio.wait_for(asyncio.gather(
            play_seat(address, CODE, "Dropper", session=dropper, on_step=drop_once), *others), HANG_GUARD)
        server.stop()
        return outcomes, dropped.is_set()

    outcomes, dropped = asyncio.run(main())
    assert dropped
    final = replay(parse_record(path.read_text(), GAMES), GAMES).state
    assert all(o.scores == GAMES["fiftyfifty"].scores(final) for o in outcomes)


def test_a_seat_away_too_long_is_played_by_the_computer_until_its_player_is_back() -> None:
    async def main():
        now = [0.0]
        server, table, address = await serve(remote_record("take5", 8, players=2), hand_over_after=60.0,
                                             clock=lambda: now[0])
        async with connect(f"ws://{address}", proxy=None) as socket:
            raw = Raw(socket)
            await raw.send(hello(name="Leaver"))
            token = (await raw.next("welcome"))["token"]
            other = asyncio.get_running_loop().create_task(play_seat(address, CODE, "Stayer", exit_at_end=True))
            await raw.next("step")
        await eventually(lambda: table.seats[0].away_since is not None, "the table never saw seat 0 go")
        # Gone: once the hand-over time has passed on the table's clock, a computer plays seat 0 and the game goes on.
        now[0] += 61.0
        await eventually(lambda: table.seats[0].computer and table.match.moves_made > 4,
                         "no computer played the seat that was away")
        async with connect(f"ws://{address}", proxy=None) as socket:
            raw = Raw(socket)
            await raw.send(hello(token=token))
            assert (await raw.next("welcome"))["seat"] == 0
            sync = await raw.next("sync")
            assert sync["view"]["@"] == "Take5View" and sync["view"]["seat"] == 0
            await eventually(lambda: not table.seats[0].computer, "the player back did not get the seat back")
            assert 0 not in table.match.agents
        other.cancel()
        server.stop()

    asyncio.run(main())


def test_the_hosts_quit_ends_the_table_for_everyone() -> None:
    async def main():
        server, table, address = await serve(remote_record("take5", 2, players=2))
        session = Session(address, CODE, "A")
        task = asyncio.get_running_loop().create_task(session.run(lambda m: None))
        await eventually(lambda: session.seat is not None, "the session was never seated")
        server.stop()
        return await asyncio.wait_for(task, HANG_GUARD)

    assert asyncio.run(main()) == "the host closed the table"


def test_a_crashed_host_resumes_from_the_record_and_players_rejoin(tmp_path: Path) -> None:
    path = tmp_path / "table.json"

    async def first_half():
        server, table, address = await serve(remote_record("fiftyfive", 3), path)
        sessions = [Session(address, CODE, f"P{i}") for i in range(4)]

        def stop_at_30(message) -> None:
            if message.get("made", 0) >= 30:
                server.stop("crash")

        await asyncio.wait_for(asyncio.gather(*[play_seat(address, CODE, s.name, session=s, exit_at_end=True,
                                                          on_step=stop_at_30) for s in sessions]), HANG_GUARD)
        return [s.token for s in sessions]

    tokens = asyncio.run(first_half())
    saved = parse_record(path.read_text(), GAMES)
    assert len(saved.moves) >= 30
    code, kept = read_tokens(path, 4)
    assert code == CODE and sorted(kept) == sorted(tokens)

    async def second_half():
        server = TableServer("127.0.0.1", 0)
        table = server.add(Table(GAMES["fiftyfive"], saved, CODE, record_path=path, tokens=kept))
        await server.start()
        table.start()
        address = f"127.0.0.1:{server.port}"
        sessions = [Session(address, CODE, "x", token=t) for t in tokens]
        outcomes = await asyncio.wait_for(asyncio.gather(
            *[play_seat(address, CODE, "x", session=s) for s in sessions]), HANG_GUARD)
        server.stop()
        return outcomes

    outcomes = asyncio.run(second_half())
    final = replay(parse_record(path.read_text(), GAMES), GAMES)
    assert len(parse_record(path.read_text(), GAMES).moves) > len(saved.moves)
    assert all(o.scores == GAMES["fiftyfive"].scores(final.state) for o in outcomes)


def test_a_kept_token_waits_for_a_table_not_yet_started_again_and_takes_its_seat(monkeypatch) -> None:
    """A window that kept its seat's token (its table crashed) tries that token until the table is back,
    within its tries, rather than joining by name as a player lost in a lobby does."""
    import socket

    from fiftyfifty_desktop.net import client

    tries = [0]

    connect_to = client.connect_to

    def counted(*args, **kwargs):
        tries[0] += 1
        return connect_to(*args, **kwargs)

    monkeypatch.setattr(client, "connect_to", counted)
    monkeypatch.setattr(client, "REJOIN_PAUSES", (0.01, 0.01, 0.01, 5.0, 5.0))  # the last tries wait for the table

    async def main():
        with socket.socket() as spare:
            spare.bind(("127.0.0.1", 0))
            port = spare.getsockname()[1]
        address = f"127.0.0.1:{port}"
        session = Session(address, CODE, "x", token="kept-b")
        welcomes: list[dict] = []
        running = asyncio.create_task(session.run(lambda m: welcomes.append(m) if m["type"] == "welcome" else None))
        await eventually(lambda: tries[0] >= 3, "the kept token was not tried again")  # nothing listening yet
        assert not running.done() and session.token == "kept-b"
        server = TableServer("127.0.0.1", port)
        table = server.add(Table(GAMES["take5"], remote_record("take5", 3, players=2), CODE, tokens=["kept-a", "kept-b"]))
        await server.start()
        table.start()
        await eventually(lambda: welcomes, "the kept token never took its seat")
        assert welcomes[0]["seat"] == 1 and session.token == welcomes[0]["token"]
        await session.close()
        await asyncio.wait_for(running, HANG_GUARD)
        server.stop()

    asyncio.run(main())


def test_the_host_hands_a_seat_to_the_computer_and_back() -> None:
    async def main():
        server, table, address = await serve(remote_record("thirteen", 5, players=2), host_secret="s3")
        async with connect(f"ws://{address}", proxy=None, close_timeout=1) as a, \
                connect(f"ws://{address}", proxy=None, close_timeout=1) as b:
            host, friend = Raw(a), Raw(b)
            await host.send(hello(name="Host", host="s3"))
            assert (await host.next("welcome"))["host"] is True
            await friend.send(hello(name="Friend"))
            await friend.send({"type": "start"})
            assert "only the host" in (await friend.next("error"))["message"]
            await friend.send({"type": "computer", "seat": 0, "on": True})
            assert "only the host" in (await friend.next("error"))["message"]
            await host.send({"type": "start"})
            await host.next("step")
            await host.send({"type": "computer", "seat": 1, "on": True})
            await host.send({"type": "computer", "seat": 0, "on": True})
            await eventually(lambda: table.match.moves_made > 6, "the computers did not play")
            assert table.seats[1].computer and 1 in table.match.agents and table.match.moves_made > 6
            await host.send({"type": "computer", "seat": 1, "on": False})
            await host.send({"type": "computer", "seat": 0, "on": False})
            await eventually(lambda: not table.seats[1].computer, "seat 1 was not given back")
            assert 1 not in table.match.agents
            assert (await friend.next("sync"))["view"]["seat"] == 1
        server.stop()

    asyncio.run(main())


def test_the_rate_limit_lets_a_burst_through_then_one_message_per_step_of_the_rate() -> None:
    now = [100.0]
    limit = protocol.RateLimit(burst=4, per_second=2.0, clock=lambda: now[0])
    assert [limit.wait() for _ in range(4)] == [0.0] * 4  # the burst, at once
    waits = []
    for _ in range(6):  # a flood goes on: each message waits for its token, as the server sleeps before reading it
        wait = limit.wait()
        waits.append(wait)
        now[0] += wait
    assert waits == pytest.approx([0.5] * 6)  # then 2 a second
    now[0] += 60.0  # a quiet minute fills the bucket up to the burst, no further
    assert [limit.wait() for _ in range(4)] == [0.0] * 4 and limit.wait() == pytest.approx(0.5)


class _Noting(TableServer):
    """A table server that notes when it acts on each message (on the connection's rate clock), and for which seat."""

    def __init__(self) -> None:
        super().__init__("127.0.0.1", 0)
        self.acted: list[tuple[float, int | None, str]] = []

    def _dispatch(self, connection, table, raw):
        self.acted.append((connection.limit.clock(), connection.seat, json.loads(raw).get("type", "")))
        return super()._dispatch(connection, table, raw)


def test_a_flooding_client_is_served_at_the_rate_while_the_table_plays_on(monkeypatch) -> None:
    """The host floods the table. Its connection's rate runs on a clock moved by hand, by each wait the server
    takes before reading a message, and those waits pass at once except one in the middle of the flood, which
    lasts until the friend's next move has been served. So nothing here depends on how fast the machine is:
    what is measured is the order the server acts in, and that the table serves others while the flood waits."""
    flood = protocol.RATE_BURST + 60
    waits: list[list[float]] = []
    now = [1000.0]
    owed = [False]  # the host's connection has just been told to wait: the server's next sleep is that wait

    class Noted(protocol.RateLimit):
        def __init__(self) -> None:
            first = not waits  # the host's connection, the first to open
            super().__init__(clock=(lambda: now[0]) if first else time.monotonic)
            self.by_hand = first
            self.waits: list[float] = []
            waits.append(self.waits)

        def wait(self) -> float:
            self.waits.append(super().wait())
            if self.by_hand and self.waits[-1]:
                now[0] += self.waits[-1]  # the server sleeps this long before it reads the message
                owed[0] = True
            return self.waits[-1]

    def friend_moved_since_the_flood_began() -> bool:
        return flood_from is not None and any(seat == 1 and kind == "move" for _, seat, kind in server.acted[flood_from:])

    class Sleeps:
        """asyncio as the server's module sees it, noting each sleep it takes (the rate's waits among them)."""

        def __getattr__(self, name: str):
            return getattr(asyncio, name)

        async def sleep(self, delay: float, *args):
            slept.append(len(server.acted))  # before the next message the server acts on
            if not owed[0]:
                await asyncio.sleep(delay, *args)
                return
            owed[0] = False
            rate_waits.append(delay)
            if len(rate_waits) == (flood - protocol.RATE_BURST) // 2:
                await eventually(friend_moved_since_the_flood_began, "the friend was not served during the flood")
            else:
                await asyncio.sleep(0)  # the clock has moved by hand already

    slept: list[int] = []
    rate_waits: list[float] = []
    flood_from: int | None = None
    monkeypatch.setattr(protocol, "RateLimit", Noted)
    monkeypatch.setattr(server_module, "asyncio", Sleeps())

    async def main():
        # Seat 0 is the host's raw client, seat 1 a medium client, seat 2 a computer at the server.
        nonlocal server, flood_from
        server = _Noting()
        table = server.add(Table(GAMES["take5"], remote_record("take5", 6, players=3, computers=(2,)), CODE,
                                 host_secret="s3"))
        await server.start()
        address = f"127.0.0.1:{server.port}"
        async with connect(f"ws://{address}", proxy=None) as socket:
            host = Raw(socket)
            await host.send(hello(name="Host", host="s3"))
            await host.next("welcome")
            friend = asyncio.get_running_loop().create_task(play_seat(address, CODE, "Friend"))
            await eventually(lambda: table.seats[1].token, "the friend never sat down")
            await host.send({"type": "start"})
            await host.send({"type": "computer", "seat": 0, "on": True})  # the game goes on without the host
            await host.next("step")
            now[0] += protocol.RATE_BURST / protocol.RATE_PER_SECOND  # long enough to fill the bucket again
            limit = table.seats[0].connection.limit
            before, flood_from = len(limit.waits), len(server.acted)
            for _ in range(flood):  # the host asks, again and again, for seat 1 to be its player's: accepted, idle
                await host.send({"type": "computer", "seat": 1, "on": False})
            drain = asyncio.get_running_loop().create_task(host.next("never", timeout=HANG_GUARD))
            await eventually(lambda: sum(seat == 0 and kind == "computer" for _, seat, kind in server.acted) > flood,
                             "the server never acted on the whole flood")
            outcome = await asyncio.wait_for(friend, HANG_GUARD)
            drain.cancel()
        server.stop()
        return server.acted, limit.waits[before:], outcome

    server: _Noting | None = None
    acted, flood_waits, outcome = asyncio.run(main())
    burst, rate = protocol.RATE_BURST, protocol.RATE_PER_SECOND
    assert len(rate_waits) >= flood - burst  # each message past the burst waited (the middle wait, for the friend)
    assert flood_waits == [0.0] * burst + [pytest.approx(1 / rate)] * (flood - burst)  # the burst, then the rate
    served = [(i, t) for i, (t, seat, kind) in enumerate(acted) if seat == 0 and kind == "computer"][-flood:]
    assert len(served) == flood
    start = served[0][1]
    for k, (_, t) in enumerate(served):  # k + 1 messages served by then: at most the burst and the rate's share since
        assert k + 1 <= burst + rate * (t - start) + 1e-9
    for (before, _), (after, _) in zip(served[burst - 1:], served[burst:]):  # past the burst, the server slept first
        assert any(before < at <= after for at in slept)
    friend_moves = [i for i, (_, seat, kind) in enumerate(acted) if seat == 1 and kind == "move"]
    assert any(served[0][0] < i < served[-1][0] for i in friend_moves)  # the friend played on meanwhile
    assert outcome.message == "the game is over" and outcome.scores


def sized(kind: str, field: str, size: int, fill: str = "é", **fields) -> str:
    """A message of ``kind`` of exactly ``size`` UTF-8 bytes, ``field`` padded with the two-byte ``fill``."""
    skeleton = protocol.dumps({"type": kind, **fields, field: ""})
    room = size - len(skeleton.encode("utf-8"))
    pad = fill * (room // 2) + "x" * (room % 2)
    text = skeleton.replace(f'"{field}":""', f'"{field}":"{pad}"')
    assert len(text.encode("utf-8")) == size and len(text) < protocol.CLIENT_MESSAGE_LIMIT
    return text


def test_the_size_limit_counts_bytes_not_characters() -> None:
    limit = protocol.CLIENT_MESSAGE_LIMIT
    assert not protocol.too_long("é" * (limit // 2)) and protocol.too_long("é" * (limit // 2) + "x")
    assert protocol.too_long("€" * (limit // 3 + 1)) and not protocol.too_long("x" * limit)
    assert protocol.too_long(b"x" * (limit + 1)) and not protocol.too_long(b"x" * limit)

    async def main():
        server, table, address = await serve(remote_record("take5", 2, computers=(1, 2, 3)))
        async with connect(f"ws://{address}", proxy=None) as socket:  # a hello just over: refused at the door
            raw = Raw(socket)
            await raw.send(sized("hello", "name", limit + 1, version=protocol.VERSION, code=CODE))
            assert f"limited to {limit} bytes" in (await raw.next("closed"))["message"]
        async with connect(f"ws://{address}", proxy=None) as socket:
            raw = Raw(socket)
            await raw.send(hello(name="Probe"))
            await raw.next("step")
            made = table.match.moves_made
            await raw.send(sized("move", "move", limit + 1))  # fewer characters than the limit, more bytes
            assert (await raw.next("error"))["message"] == f"messages are limited to {limit} bytes"
            await raw.send(sized("move", "move", limit))  # at the limit: read, then refused as no move
            assert "longer than 64 characters" in (await raw.next("error"))["message"]
            assert table.match.moves_made == made
        server.stop()

    asyncio.run(main())


def test_a_stale_move_now_and_then_never_adds_up_to_a_close_over_a_long_game() -> None:
    """Seat 0 sends its last move again before each new one (as a client might after a hiccup): refused each
    time, far more often than the refusals that close a connection in a row, and it plays to the end."""
    async def main():
        server, table, address = await serve(remote_record("take5", 9, computers=(1, 2, 3)))
        async with connect(f"ws://{address}", proxy=None) as socket:
            raw = Raw(socket)
            await raw.send(hello(name="Stale"))
            refused, last, waiting = 0, None, False
            while True:
                message = await raw.next("step", "error", "closed")
                assert message["type"] != "closed", message
                if message["type"] == "error":
                    refused += 1
                    continue
                if message.get("over"):
                    break
                if message["seat"] == 0:
                    waiting = False
                if "legal" in message and not waiting:
                    if last is not None:
                        await raw.send({"type": "move", "move": last})  # made already: refused
                    last, waiting = message["legal"][0], True
                    await raw.send({"type": "move", "move": last})
        server.stop()
        return refused, table.match.over

    refused, over = asyncio.run(main())
    assert over and refused > 2 * protocol.STRIKES


def test_each_accepted_message_takes_one_refusal_off() -> None:
    """Four refusals, one accepted move (three left), then two more refusals close the connection."""
    async def main():
        server, table, address = await serve(remote_record("take5", 2, computers=(1, 2, 3)))
        async with connect(f"ws://{address}", proxy=None) as socket:
            raw = Raw(socket)
            await raw.send(hello(name="Probe"))
            step = await raw.next("step")
            for _ in range(protocol.STRIKES - 1):
                await raw.send({"type": "launch"})
                await raw.next("error")
            await raw.send({"type": "move", "move": step["legal"][0]})
            while (await raw.next("step"))["seat"] != 0:
                pass
            await raw.send({"type": "launch"})
            await raw.next("error")
            await raw.send({"type": "launch"})
            await raw.next("error")
            assert "too many refused" in (await raw.next("closed"))["message"]
        server.stop()

    asyncio.run(main())
