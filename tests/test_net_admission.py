"""Who may come in: one answer for every hello the table cannot seat, slower answers to a guesser,
caps on connections counted as they are accepted, refusals logged in sums, names cleaned and distinct,
and one address parser with one-line refusals."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidMessage

from fiftyfifty_desktop.net import admission as admission_module
from fiftyfifty_desktop.net import protocol
from fiftyfifty_desktop.net.address import AddressError, parse_address
from fiftyfifty_desktop.net.admission import Admission, Gate, RefusalLog

from .test_net_faults import Raw, hello, serve
from .test_net_play import remote_record
from .waiting import HANG_GUARD


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_once_an_address_sent_a_wrong_hello_its_hellos_wait_ever_longer_and_it_is_forgotten_later() -> None:
    clock = Clock()
    admission = Admission(clock=clock)
    delays = [admission.delay("10.0.0.9")]
    for _ in range(10):
        admission.refused_hello("10.0.0.9")
        delays.append(admission.delay("10.0.0.9"))
    assert delays[:4] == [0.0, 0.25, 0.5, 1.0] and delays[-1] == admission_module.LONGEST_DELAY
    assert admission.delay("10.0.0.8") == 0.0  # another address is not slowed
    clock.now += admission_module.FORGET_AFTER + 1
    assert admission.delay("10.0.0.9") == 0.0
    admission.refused_hello("10.0.0.9")
    assert admission.delay("10.0.0.9") == 0.25


def test_connections_are_capped_in_all_and_per_address() -> None:
    admission = Admission(max_connections=3, max_per_address=2)
    assert admission.admit("a") is None and admission.admit("a") is None
    assert admission.admit("a") == "too many connections from one address"
    assert admission.admit("b") is None
    assert admission.admit("c") == "the server is full"
    admission.release("a")
    assert admission.admit("c") is None


def test_refusals_are_logged_once_per_kind_per_interval(caplog) -> None:
    clock = Clock()
    refusals = RefusalLog(interval=60, clock=clock)
    caplog.set_level("WARNING", logger="fiftyfifty_desktop.net")
    for _ in range(1000):
        refusals.note("the server is full", "10.0.0.9")
    refusals.note("no hello in time", "10.0.0.7")
    clock.now += 61
    refusals.note("the server is full", "10.0.0.9")
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 3 and "999 more of this kind" in lines[-1]


def test_a_wrong_code_and_a_full_table_get_the_same_answer() -> None:
    async def main():
        server, table, address = await serve(remote_record("take5", 2, players=2))
        answers = []
        async with connect(f"ws://{address}", proxy=None) as a, connect(f"ws://{address}", proxy=None) as b:
            for client, name in ((a, "A"), (b, "B")):
                await Raw(client).send(hello(name=name))
                await Raw(client).next("welcome")
            for message in (hello(name="C"), hello(name="C", code="wrong-code")):
                async with connect(f"ws://{address}", proxy=None) as guesser:
                    await Raw(guesser).send(message)
                    answers.append(await Raw(guesser).next("closed"))
        server.stop()
        return answers

    full, wrong = asyncio.run(main())
    assert full == wrong == {"type": "closed", "message": protocol.NOT_SEATED}


async def _released(server, count: int) -> None:
    """Until the server counts ``count`` open connections: it releases each as its side closes."""
    while server.admission.total != count:
        await asyncio.sleep(0)


def test_connections_over_the_cap_are_closed_as_they_are_accepted(caplog) -> None:
    async def main():
        server, table, address = await serve(remote_record("take5", 2, players=2))
        server.admission.max_per_address = 2
        held = [await connect(f"ws://{address}", proxy=None) for _ in range(2)]
        with pytest.raises(InvalidMessage):
            await connect(f"ws://{address}", proxy=None)  # closed at once, before its handshake
        for held_socket in held:
            await held_socket.close()
        await asyncio.wait_for(_released(server, 0), HANG_GUARD)
        again = await connect(f"ws://{address}", proxy=None)  # closed ones no longer count
        await Raw(again).send(hello(name="A"))
        assert (await Raw(again).next("welcome"))["seat"] == 0
        await again.close()
        server.stop()

    caplog.set_level("WARNING", logger="fiftyfifty_desktop.net")
    asyncio.run(main())
    assert any("too many connections from one address" in r.getMessage() for r in caplog.records)


class _Socket:
    """An accepted connection as the gate sees it."""

    def __init__(self) -> None:
        self.closed = False
        self.options: dict = {}

    def setsockopt(self, level: int, option: int, value: int) -> None:
        self.options[level, option] = value

    def close(self) -> None:
        self.closed = True


def test_the_gate_counts_a_connection_until_it_is_served_and_closes_one_over_a_cap() -> None:
    """The gate's own logic, with no platform under it: what it admits, refuses, and when it forgets."""
    async def main():
        gate = Gate(None, Admission(max_connections=3, max_per_address=2), RefusalLog())
        served: dict[_Socket, asyncio.Event] = {}

        async def serve_one(connection) -> None:
            served[connection] = asyncio.Event()
            await served[connection].wait()

        sockets = [_Socket() for _ in range(5)]
        peers = [("10.0.0.1", 1), ("10.0.0.1", 2), ("10.0.0.1", 3), ("10.0.0.2", 4), ("10.0.0.3", 5)]
        let_in = [gate.let_in(s, peer, serve_one) for s, peer in zip(sockets, peers)]
        assert let_in == [True, True, False, True, False]  # two from one address, three in all
        assert [s.closed for s in sockets] == [False, False, True, False, True]
        await asyncio.sleep(0)
        assert all(s.options[socket.IPPROTO_TCP, socket.TCP_NODELAY] == 1 for s in sockets if not s.closed)
        served[sockets[0]].set()
        while gate.admission.total != 2:
            await asyncio.sleep(0)
        assert sockets[0].closed and gate.let_in(_Socket(), ("10.0.0.1", 6), serve_one)

    asyncio.run(main())


def test_a_failed_handshake_is_released_and_logged_in_one_line(caplog) -> None:
    async def main():
        gate = Gate(None, Admission(), RefusalLog())

        async def fail(connection) -> None:
            raise ConnectionResetError(104, "Connection reset by peer")

        gate.let_in(_Socket(), ("10.0.0.1", 1), fail)
        while gate.admission.total:
            await asyncio.sleep(0)

    caplog.set_level("WARNING", logger="fiftyfifty_desktop.net")
    asyncio.run(main())
    assert [r.getMessage() for r in caplog.records] == [
        "refused: a connection lost before its WebSocket opened: 10.0.0.1: Connection reset by peer"]


class _NoServingLoop(asyncio.SelectorEventLoop):
    """A loop whose servers cannot accept by themselves, as a Proactor loop's never call the socket's accept."""

    def _start_serving(self, *args, **kwargs):
        raise NotImplementedError("this loop's servers do not accept")


def test_the_caps_hold_on_a_loop_whose_servers_accept_their_own_way() -> None:
    async def main():
        server, table, address = await serve(remote_record("take5", 2, players=2))
        server.admission.max_per_address = 1
        async with connect(f"ws://{address}", proxy=None) as first:
            with pytest.raises(InvalidMessage):
                await connect(f"ws://{address}", proxy=None)
            await Raw(first).send(hello(name="A"))
            assert (await Raw(first).next("welcome"))["seat"] == 0
            accepted = next(iter(server._server.connections)).transport.get_extra_info("socket")
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)  # no step waits for an ACK
        server.stop()

    with asyncio.Runner(loop_factory=_NoServingLoop) as runner:
        runner.run(main())


def test_names_are_cleaned_and_distinct_at_one_table() -> None:
    async def main():
        server, table, address = await serve(remote_record("take5", 2, players=3))
        names = []
        for name in ("  Anna \t Lee ", "anna lee", "Bo"):
            socket = await connect(f"ws://{address}", proxy=None)
            await Raw(socket).send(hello(name=name))
            await Raw(socket).next("welcome")
        names = [seat.name for seat in table.seats]
        server.stop()
        return names

    assert asyncio.run(main()) == ["Anna Lee", "anna lee 2", "Bo"]


@pytest.mark.parametrize("text", ["[::1:18598", "[127.0.0.1]:18598", "http://127.0.0.1:8455", "127.0.0.1:99999",
                                  "127.0.0.1:0", "::1:8455", "host", "wss://127.0.0.1:8455/code",
                                  "wss://127.0.0.1:8455#" + "a" * 64, "bad host:8455", "300.1.1.1:80"])
def test_an_unusable_address_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(AddressError) as refused:
        parse_address(text)
    assert str(refused.value) and "\n" not in str(refused.value)


def test_addresses_and_invitations_are_read() -> None:
    assert str(parse_address("[::1]:18598")) == "[::1]:18598"
    assert parse_address("localhost:8455").url == "ws://localhost:8455"
    invited = parse_address("wss://192.168.1.20:8455/abc-23#" + "AB" * 32)
    assert (invited.host, invited.port, invited.code, invited.fingerprint) == ("192.168.1.20", 8455, "abc-23", "ab" * 32)
    assert invited.url == "wss://192.168.1.20:8455"


@pytest.mark.parametrize("host", ["0x7f.1", "127.1", "0177.0.0.1", "2130706433", "0x7f000001", "127.0.0.01",
                                  "0x7F.0.0.1", "127.0.1", "1.2.3.0x4", "127.0.0.1.", "host.0x10", "example.123"])
def test_every_non_canonical_ipv4_form_is_refused_alike(host: str) -> None:
    with pytest.raises(AddressError) as refused:
        parse_address(f"{host}:8455")
    assert "is not an IPv4 address" in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("host", ["127.0.0.1", "192.168.1.20", "localhost", "host1.example", "0x.example",
                                  "a0x7f.lan"])
def test_canonical_ipv4_addresses_and_host_names_are_taken(host: str) -> None:
    assert parse_address(f"{host}:8455").host == host


def test_the_protocol_states_the_one_name_rule() -> None:
    from fiftyfifty_desktop.engine.text import MAX_NAME_LENGTH
    from fiftyfifty_desktop.net.protocol import NAME_LIMIT

    text = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text(encoding="utf-8")
    assert NAME_LIMIT == MAX_NAME_LENGTH and f"1 to {NAME_LIMIT} printable characters" in text
