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
from fiftyfifty_desktop.net.inbound import check_server_message
from fiftyfifty_desktop.net.protocol import ProtocolError
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
