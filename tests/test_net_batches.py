"""What a connection has queued while it was still sending leaves in one batch, in order, never past what a
client reads or the most a batch holds, and a stop queued behind messages still sends them first."""

from __future__ import annotations

import asyncio
import json

from fiftyfifty_desktop.net import protocol
from fiftyfifty_desktop.net.connection import Connection
from fiftyfifty_desktop.net.inbound import server_messages


class Wire:
    """Stands for the WebSocket: keeps each frame sent, and lets the writer send one frame per turn of the loop."""

    remote_address = ("127.0.0.1", 5000)

    def __init__(self) -> None:
        self.frames: list[str] = []
        self.closed = False

    async def send(self, text: str) -> None:
        self.frames.append(text)
        await asyncio.sleep(0)

    async def close(self) -> None:
        self.closed = True


def frames_for(messages: list[dict], *, stop: bool = True) -> list[list[dict]]:
    """The frames a connection writes for ``messages`` queued at once (then a stop), each as its messages."""
    async def run() -> Wire:
        wire = Wire()
        connection: Connection[None] = Connection(wire)  # type: ignore[arg-type]
        for message in messages:
            connection.send(message)
        if stop:
            connection.close()
        await connection.write()
        return wire

    wire = asyncio.run(run())
    assert wire.closed
    return [[m["type"] + str(m.get("index", "")) for m in server_messages(frame)] for frame in wire.frames]


def step(index: int, padding: int = 0) -> dict:
    return {"type": "step", "index": index, "made": index + 1, "seat": None, "move": None, "events": [],
            "view": {"note": "x" * padding}, "to_move": []}


def test_queued_messages_leave_in_one_batch_in_order_and_the_stop_after_them() -> None:
    assert frames_for([step(0), step(1), step(2)]) == [["step0", "step1", "step2"]]


def test_one_message_leaves_alone_not_as_a_batch() -> None:
    assert frames_for([step(0)]) == [["step0"]]


def test_a_batch_holds_no_more_than_the_most_a_client_reads() -> None:
    frames = frames_for([step(i) for i in range(protocol.BATCH_MOST + 3)])
    assert [len(frame) for frame in frames] == [protocol.BATCH_MOST, 3]
    assert [m for frame in frames for m in frame] == [f"step{i}" for i in range(protocol.BATCH_MOST + 3)]


def test_a_batch_stays_shorter_than_a_client_reads() -> None:
    big = protocol.SERVER_MESSAGE_LIMIT // 10  # characters: up to four times as many bytes
    frames = frames_for([step(i, big) for i in range(5)])
    assert [m for frame in frames for m in frame] == [f"step{i}" for i in range(5)]
    assert len(frames) > 1


def test_a_batch_frame_is_one_json_object_of_the_messages_as_sent() -> None:
    async def run() -> str:
        wire = Wire()
        connection: Connection[None] = Connection(wire)  # type: ignore[arg-type]
        connection.send(step(0))
        connection.send(step(1))
        connection.close()
        await connection.write()
        return wire.frames[0]

    assert json.loads(asyncio.run(run())) == {"type": "batch", "messages": [step(0), step(1)]}
