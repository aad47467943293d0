"""A hostile host: every kind of server message with a bad field ends the table for the client with one line,
and mutated real messages never get past the checks with anything but a clean refusal."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.server import serve

from fiftyfifty_desktop.net.client import Session, TableError
from fiftyfifty_desktop.net.inbound import check_server_message, server_messages
from fiftyfifty_desktop.net.protocol import BATCH_MOST, ProtocolError
from .waiting import HANG_GUARD

WELCOME = {"type": "welcome", "version": 3, "seat": 0, "token": "t", "game": "take5", "host": False}
TABLE = {"type": "table", "game": "take5", "players": 2, "options": {}, "started": False, "over": False,
         "seats": [{"name": "A", "remote": True, "joined": True, "connected": True, "computer": False, "host": False},
                   {"name": "B", "remote": True, "joined": False, "connected": False, "computer": False, "host": False}]}
STEP = {"type": "step", "index": 0, "made": 0, "seat": None, "move": None, "events": [], "view": {},
        "to_move": [0, 1], "legal": ["play 5"]}

HOSTILE = [
    ("welcome", {**WELCOME, "seat": "x"}), ("welcome", {**WELCOME, "game": "chess"}),
    ("table", {**TABLE, "players": "x"}), ("table", {**TABLE, "seats": [1, 2]}),
    ("step", {**STEP, "legal": "play 5"}), ("step", {**STEP, "to_move": [10**9]}),
    ("sync", {"type": "sync", "made": -1, "view": {}, "to_move": []}),
    ("error", {"type": "error", "message": ["x"]}), ("closed", {"type": "closed", "message": 5}),
    ("step", {**STEP, "changed": {}}),  # both the view and changed fields
    ("step", {**{k: v for k, v in STEP.items() if k != "view"}, "changed": {"deck": 3}}),  # no view to change
    ("step", {**{k: v for k, v in STEP.items() if k != "view"}, "changed": [1]}),
    ("step", {**{k: v for k, v in STEP.items() if k != "view"}, "changed": {"@": "Take5State"}}),
    ("batch", {"type": "batch", "messages": [STEP]}),  # a batch of one
    ("batch", {"type": "batch", "messages": [STEP] * (BATCH_MOST + 1)}),
    ("batch", {"type": "batch", "messages": STEP}), ("batch", {"type": "batch", "messages": [STEP, 5]}),
    ("batch", {"type": "batch", "messages": [STEP, {"type": ["step"]}]}),
    ("batch", {"type": "batch", "messages": [STEP, {"type": "batch", "messages": [STEP, STEP]}]}),
    ("batch", {"type": "batch", "messages": [STEP, STEP], "seat": 0}),
    ("batch", {"type": "batch", "messages": [STEP, {**STEP, "to_move": "0"}]}),  # one bad message spoils it
]


async def hostile_table(messages: list[dict]) -> str:
    """A server that answers the hello with ``messages``; what the joining session says."""
    async def handler(socket) -> None:
        await socket.recv()
        for message in messages:
            await socket.send(json.dumps(message))
        await socket.wait_closed()  # the client hangs up when it refuses

    async with serve(handler, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        try:
            await asyncio.wait_for(Session(f"127.0.0.1:{port}", "code", "Ann").run(lambda m: None), HANG_GUARD)
        except TableError as exc:
            return str(exc)
        except TimeoutError:  # a bound for a client that would never refuse, not a wait for something to happen
            pass
    return "no refusal"


@pytest.mark.parametrize("kind, message", HOSTILE, ids=[f"{k}-{i}" for i, (k, _) in enumerate(HOSTILE)])
def test_a_hostile_message_of_each_kind_ends_the_table_with_one_line(kind: str, message: dict) -> None:
    before = [] if kind == "welcome" else [WELCOME]
    said = asyncio.run(hostile_table(before + [message]))
    assert said.startswith("this table sent something this program does not understand") and "\n" not in said


def test_the_good_messages_pass() -> None:
    for message in (WELCOME, TABLE, STEP):
        check_server_message(message)
        assert server_messages(json.dumps(message)) == [message]


def test_a_batch_gives_its_messages_in_order() -> None:
    later = {**STEP, "index": 1, "made": 1}
    assert server_messages(json.dumps({"type": "batch", "messages": [TABLE, STEP, later]})) == [TABLE, STEP, later]


def test_a_batch_of_good_messages_plays_like_the_messages_one_by_one() -> None:
    heard: list[dict] = []

    async def table() -> None:
        async def handler(socket) -> None:
            await socket.recv()
            await socket.send(json.dumps({"type": "batch", "messages": [
                WELCOME, {"type": "closed", "message": "the host closed the table"}]}))
            await socket.wait_closed()

        async with serve(handler, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            said = await asyncio.wait_for(Session(f"127.0.0.1:{port}", "code", "Ann").run(heard.append), HANG_GUARD)
            assert said == "the host closed the table"

    asyncio.run(table())
    assert [m["type"] for m in heard] == ["welcome", "closed"]


_values = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.text(max_size=8),
                    st.lists(st.integers(-5, 20), max_size=4), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from([WELCOME, TABLE, STEP]), field=st.text(min_size=1, max_size=8), value=_values,
       pick=st.integers(0, 20))
def test_a_mutated_server_message_is_accepted_or_refused_cleanly(base: dict, field: str, value, pick: int) -> None:
    message = dict(base)
    keys = sorted(k for k in message if k != "type")
    message[keys[pick % len(keys)] if pick < 15 else field] = value
    try:
        check_server_message(message)
    except ProtocolError as exc:
        assert str(exc) and "\n" not in str(exc)
