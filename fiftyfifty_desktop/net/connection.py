"""One client's connection to the table server: its send queue, its rate and refusal counts.

Every message a client sends is read through :func:`read_client` (size first,
then shape), the hello as every later one.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Generic, TypeVar

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from . import protocol
from .protocol import ProtocolError

log = logging.getLogger("fiftyfifty_desktop.net")

#: Messages waiting to be sent to one connection before it counts as stuck and is closed.
OUTBOX_LIMIT = 2000


#: The table a connection sits at: generic, so this module names no table and a table may import it.
TableT = TypeVar("TableT")


class Connection(Generic[TableT]):
    """One client's WebSocket, with a queue of messages to send in order, and the table it sits at."""

    def __init__(self, socket: ServerConnection) -> None:
        self.socket = socket
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.limit = protocol.RateLimit()
        self.strikes = 0
        self.seat: int | None = None
        self.table: TableT | None = None
        self.host = False
        self.closing = False
        self.shown: Any = None  # the view last sent whole or in part: a step sends what changed since

    @property
    def address(self) -> str:
        """The IP address the connection comes from, as the admission counts it."""
        remote = self.socket.remote_address
        return str(remote[0]) if remote else "?"

    @property
    def peer(self) -> str:
        address = self.socket.remote_address
        return f"{address[0]}:{address[1]}" if address else "?"

    def send(self, message: dict[str, Any] | str) -> None:
        if self.closing:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            log.warning("%s: not reading its messages; closed", self.peer)
            self.close()
            self.socket.transport.abort()
            return
        self.outbox.put_nowait(message if isinstance(message, str) else protocol.dumps(message))

    def close(self) -> None:
        """Send what is queued, then close."""
        if not self.closing:
            self.closing = True
            self.outbox.put_nowait(None)

    async def write(self) -> None:
        """Send the queued messages until told to stop (None), then close the socket. Messages queued while one was
        going out leave together in one batch (at most ``BATCH_MOST``, short enough for a client to read)."""
        try:
            stopped = False
            while not stopped:
                first = await self.outbox.get()
                if first is None:
                    break
                texts, size = [first], len(first)
                while not self.outbox.empty() and len(texts) < protocol.BATCH_MOST:
                    text = self.outbox.get_nowait()
                    if text is None:
                        stopped = True
                        break
                    if 4 * (size + len(text)) > protocol.SERVER_MESSAGE_LIMIT:  # 4: UTF-8 bytes a character at most
                        await self.socket.send(_batch(texts))
                        texts, size = [], 0
                    texts.append(text)
                    size += len(text)
                await self.socket.send(_batch(texts))
        except ConnectionClosed:
            pass
        finally:
            await self.socket.close()


def _batch(texts: list[str]) -> str:
    """One message, or several (each already JSON text) as one batch."""
    if len(texts) == 1:
        return texts[0]
    return '{"type":"batch","messages":[' + ",".join(texts) + "]}"


def read_client(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked for size and shape; ``ProtocolError`` names what is wrong."""
    if protocol.too_long(raw):
        raise ProtocolError(f"messages are limited to {protocol.CLIENT_MESSAGE_LIMIT} bytes")
    return protocol.read(raw, protocol.CLIENT_MESSAGES)
