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
        """Send the queued messages until told to stop (None), then close the socket."""
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    break
                await self.socket.send(text)
        except ConnectionClosed:
            pass
        finally:
            await self.socket.close()


def read_client(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked for size and shape; ``ProtocolError`` names what is wrong."""
    if protocol.too_long(raw):
        raise ProtocolError(f"messages are limited to {protocol.CLIENT_MESSAGE_LIMIT} bytes")
    return protocol.read(raw, protocol.CLIENT_MESSAGES)
