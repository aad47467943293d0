"""The game a window hosted last, as it is kept on disk: its record (``hosted-table.json``, which the table writes
after every move), its seats' tokens beside it (``net/seats.py``) and where it listened (``<record>.place``). The
window lists it under Continue until it is over and opens it again there, as ``serve --resume`` does."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from ..engine import GameError
from ..engine.records import finished, parse_record, replay
from ..engine.strict_json import loads
from ..games_in_progress import SavedGame
from ..textfiles import RECORD_LIMIT, SETTINGS_LIMIT, read_text
from .protocol import DEFAULT_PORT
from .seats import read_tokens

#: Where the hosted game's record is kept beside the saved games (``serve --resume`` reads it too).
HOSTED_RECORD = "hosted-table.json"
#: The addresses a hosted table may listen on: every network, or this machine only.
LISTEN_ON = ("0.0.0.0", "127.0.0.1")


@dataclass(frozen=True)
class HostedGame(SavedGame):
    """The unfinished game this window hosted last, as Continue lists it, with its table's code and the seats'
    tokens (friends take their seats again with theirs), and where it listened (so it opens there again)."""

    code: str = ""
    tokens: tuple[str | None, ...] = ()
    host: str = LISTEN_ON[0]
    port: int = DEFAULT_PORT


def place_path(record_path: Path) -> Path:
    """Where the hosted table's address and port are kept, beside its record."""
    return record_path.with_name(record_path.name + ".place")


def read_place(path: Path) -> tuple[str, int]:
    """The address and port kept in ``path`` (the usual ones when there is no such file, from an older version);
    raises ``GameError`` or ``FileReadError`` for a file that is there but not a table's place."""
    if not path.exists():
        return LISTEN_ON[0], DEFAULT_PORT
    data = loads(read_text(path, SETTINGS_LIMIT, path.name))
    host, port = (data.get("host"), data.get("port")) if isinstance(data, dict) else (None, None)
    if not isinstance(host, str) or host not in LISTEN_ON or isinstance(port, bool) or not isinstance(port, int) \
            or not 0 < port < 65536:
        raise GameError(f"{path.name}: expected the address ({' or '.join(LISTEN_ON)}) and port of a table")
    return host, port


def read_hosted(record_path: Path, games: Mapping[str, Any]) -> HostedGame | None:
    """The game hosted last, kept at ``record_path``, when it is not over and the host's seat can be taken again;
    None otherwise. Raises ``FileReadError``, ``GameError``, ``ProtocolError`` or ``OSError`` for files that are
    there but cannot be read."""
    if not record_path.exists():
        return None
    record = parse_record(read_text(record_path, RECORD_LIMIT, record_path.name), games)
    if finished(record, games):
        return None
    code, tokens = read_tokens(record_path, record.players)
    host, port = read_place(place_path(record_path))
    if code is None or tokens is None or tokens[0] is None:
        return None
    return HostedGame(slot=record_path.stem, record=record, state=replay(record, games).state,
                      saved_at=record_path.stat().st_mtime, code=code, tokens=tuple(tokens), host=host, port=port)
