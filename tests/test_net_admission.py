"""Who may come in: one answer for every hello the table cannot seat, slower answers to a guesser,
caps on connections counted as they are accepted, refusals logged in sums, names cleaned and distinct,
and one address parser with one-line refusals."""

from __future__ import annotations

import asyncio
import logging

import pytest
from websockets.asyncio.client import connect

from fiftyfifty_desktop.net import admission as admission_module
from fiftyfifty_desktop.net import protocol
from fiftyfifty_desktop.net.address import AddressError, parse_address
from fiftyfifty_desktop.net.admission import Admission, RefusalLog

from .test_net_faults import Raw, hello, serve
from .test_net_play import remote_record


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_wrong_hellos_from_one_address_wait_ever_longer_and_are_forgotten_later() -> None:
    clock = Clock()
    admission = Admission(clock=clock)
    delays = [admission.refused_hello("10.0.0.9") for _ in range(10)]
    assert delays[:3] == [0.25, 0.5, 1.0] and delays[-1] == admission_module.LONGEST_DELAY
    assert admission.refused_hello("10.0.0.8") == 0.25  # another address is not slowed
    clock.now += admission_module.FORGET_AFTER + 1
    assert admission.refused_hello("10.0.0.9") == 0.25


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
            for socket, name in ((a, "A"), (b, "B")):
                await Raw(socket).send(hello(name=name))
                await Raw(socket).next("welcome")
            for message in (hello(name="C"), hello(name="C", code="wrong-code")):
                async with connect(f"ws://{address}", proxy=None) as socket:
                    await Raw(socket).send(message)
                    answers.append(await Raw(socket).next("closed"))
        server.stop()
        return answers

    full, wrong = asyncio.run(main())
    assert full == wrong == {"type": "closed", "message": protocol.NOT_SEATED}


def test_connections_over_the_cap_are_closed_as_they_are_accepted(caplog) -> None:
    async def main():
        server, table, address = await serve(remote_record("take5", 2, players=2))
        server.admission.max_per_address = 2
        held = [await connect(f"ws://{address}", proxy=None) for _ in range(2)]
        with pytest.raises(Exception):
            await connect(f"ws://{address}", proxy=None, open_timeout=2)
        for socket in held:
            await socket.close()
        await asyncio.sleep(0)
        again = await connect(f"ws://{address}", proxy=None)  # closed ones no longer count
        await Raw(again).send(hello(name="A"))
        assert (await Raw(again).next("welcome"))["seat"] == 0
        await again.close()
        server.stop()

    caplog.set_level("WARNING", logger="fiftyfifty_desktop.net")
    asyncio.run(main())
    assert any("too many connections from one address" in r.getMessage() for r in caplog.records)


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
