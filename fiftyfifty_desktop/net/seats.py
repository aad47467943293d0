"""The seats of a network table, and their rejoin tokens kept beside the table's record."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import GameError
from ..engine.strict_json import loads
from ..textfiles import FileReadError, read_text
from .protocol import REMOTE, ProtocolError

if TYPE_CHECKING:
    from .connection import Connection

#: Longest token file read back by ``--resume``.
TOKENS_LIMIT = 64 * 1024


@dataclass
class SeatState:
    """One seat at a table: who sits there and how they are reached."""

    name: str
    player: str  # REMOTE, or the computer player of a computer seat
    token: str | None = None  # a remote seat's rejoin token, once someone joined it
    connection: Connection[Any] | None = None
    away_since: float | None = None  # when its player's connection dropped
    computer: bool = False  # a remote seat played by a computer for now
    returning: bool = False  # ... to be given back to its player once its computer has moved
    waiting_since: float | None = None  # since when its connected player has a move to make
    silenced: bool = False  # played by a computer because its connected player made no move in time
    host: bool = False

    @property
    def remote(self) -> bool:
        return self.player == REMOTE

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "remote": self.remote, "joined": self.token is not None,
                "connected": self.connection is not None, "computer": self.computer or not self.remote,
                "host": self.host}


def tokens_path(record_path: Path) -> Path:
    """Where a table keeps its seats' rejoin tokens: beside its record."""
    return record_path.with_name(record_path.name + ".seats")


def read_tokens(record_path: Path, players: int) -> tuple[str | None, list[str | None] | None]:
    """The code and seat tokens kept beside a record (None, None when there are none).

    Raises ``ProtocolError`` for a file that is there but unreadable.
    """
    path = tokens_path(record_path)
    if not path.exists():
        return None, None
    try:
        data = loads(read_text(path, TOKENS_LIMIT, path.name))
    except (FileReadError, GameError) as exc:
        raise ProtocolError(f"{path}: {exc}") from None
    tokens = data.get("tokens") if isinstance(data, dict) else None
    code = data.get("code") if isinstance(data, dict) else None
    if (not isinstance(code, str) or not isinstance(tokens, list) or len(tokens) != players
            or not all(t is None or isinstance(t, str) for t in tokens)):
        raise ProtocolError(f"{path}: not a table's seat tokens")
    return code, tokens
