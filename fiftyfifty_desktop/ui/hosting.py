"""The table this window hosts: its server opened on a thread of its own with the host at seat 0, and the
game it hosted last, kept beside the saved games until it is over, so it can be opened again where it
stopped (what ``serve --resume`` does on the command line) from the host screen or from Continue.

The host's program sits at its own table through a client on the loopback address, like every other
player, so every seat's window is fed the same way: a :class:`~fiftyfifty_desktop.net.client.RemoteMatch`.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

from ..net.hosted import HOSTED_RECORD, HostedGame, place_path, read_hosted
from ..storage import Storage, StorageError
from .i18n import tr


def hosted_path(app: Any) -> Path:
    return app.storage.record_path.with_name(HOSTED_RECORD)


def hosted_game(app: Any) -> HostedGame | None:
    """The game hosted here last, when it is not over and the host's seat can be taken again; None otherwise
    (a file that cannot be read is named in one line on the screen)."""
    from ..engine import GameError
    from ..net.protocol import ProtocolError
    from ..registry import GAMES
    from ..textfiles import FileReadError, first_line

    try:
        return read_hosted(hosted_path(app), GAMES)
    except (FileReadError, GameError, ProtocolError, OSError) as exc:
        app.notice(tr("net.hosted_unreadable", reason=first_line(exc)))
        return None


def forget_hosted(app: Any) -> None:
    """Give up the hosted game: its record, its seats' tokens and its place go (a file that stays is named in one
    line)."""
    from ..net.seats import tokens_path

    path = hosted_path(app)
    for kept in (path, tokens_path(path), place_path(hosted_path(app))):
        try:
            kept.unlink(missing_ok=True)
        except OSError as exc:
            app.notice(tr("net.hosted_unremovable", file=kept.name, reason=exc.strerror or str(exc)))


def host_table(app: Any, record: Any, host: str, port: int, code: str | None = None,
               tokens: tuple[str | None, ...] | None = None) -> Any:
    """Open the table server for ``record`` on its own thread and join seat 0 as the host; with the ``code``
    and seat ``tokens`` of a table hosted before, its seats are kept for the same people. Where it listens is
    kept beside its record, for opening it again. Raises ``OSError`` when the port cannot be listened on."""
    from ..net.address import invitation
    from ..net.certificate import host_certificate
    from ..net.client import RemoteMatch
    from ..net.host import new_code
    from ..net.server import ServerThread, TableServer
    from ..net.table import Table
    from ..registry import GAMES

    code, secret = code or new_code(), secrets.token_urlsafe(16)
    certificate = host_certificate(app.storage.data_dir)  # kept, so an invitation holds from one game to the next
    server = TableServer(host, port, certificate=certificate)
    server.add(Table(GAMES[record.game], record, code, record_path=hosted_path(app), host_secret=secret,
                     hand_over_after=60.0, tokens=list(tokens) if tokens else None))
    thread = ServerThread(server)
    thread.start()
    try:  # without it, the table opens again on the usual port for every network
        Storage._write(place_path(hosted_path(app)), json.dumps({"host": host, "port": server.port}) + "\n")
    except StorageError as exc:
        app.notice(str(exc))
    match = RemoteMatch(invitation("127.0.0.1", server.port, code, certificate.fingerprint), code,
                        record.seats[0].name, seat=0, host_secret=secret, token=tokens[0] if tokens else None)
    match.hosting = thread
    return match


def reopen_hosted(app: Any, hosted: HostedGame, host: str | None = None, port: int | None = None) -> Any:
    """The hosted game's table open again under its old code, where its game stopped (where it listened, unless
    told): friends take their seats again with their tokens, and the host starts it from the lobby. Raises
    ``OSError`` as :func:`host_table`."""
    return host_table(app, hosted.record, host or hosted.host, hosted.port if port is None else port,
                      code=hosted.code, tokens=hosted.tokens)
