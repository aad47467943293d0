"""Running tables and seats from the command line: ``serve`` and ``join --player <computer>``."""

from __future__ import annotations

import asyncio
import logging
import secrets
import signal
import sys
from pathlib import Path

from ..engine import AnyGame
from ..engine.records import Record
from .client import Outcome, play_seat
from .server import TableServer
from .table import Table

#: Letters of a new table code: no 0/O or 1/l/I to misread when it is read out.
CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"


def new_code(length: int = 6) -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def serve_table(game: AnyGame, record: Record, code: str, host: str, port: int, *, record_path: Path | None,
                hand_over_after: float | None, exit_at_end: bool, tokens: list[str | None] | None = None) -> int:
    """Serve one table until it ends (``exit_at_end``) or the program is stopped; the exit status."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    return asyncio.run(_serve(game, record, code, host, port, record_path, hand_over_after, exit_at_end, tokens))


async def _serve(game: AnyGame, record: Record, code: str, host: str, port: int, record_path: Path | None,
                 hand_over_after: float | None, exit_at_end: bool, tokens: list[str | None] | None) -> int:
    server = TableServer(host, port)
    table = server.add(Table(game, record, code, record_path=record_path, hand_over_after=hand_over_after,
                             exit_at_end=exit_at_end, tokens=tokens, on_end=lambda: server.stop()))
    try:
        await server.start()
    except OSError as exc:
        print(f"cannot listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, server.stop)
        except (NotImplementedError, RuntimeError):
            pass  # not on this system: Ctrl+C still ends the program
    if record.moves or tokens is not None:
        table.start()
    shown = f"[{host}]" if ":" in host else host
    print(f"table {code}: {game.name} at {shown}:{server.port} "
          f"(join with: fiftyfifty-desktop join {shown}:{server.port} --code {code})", flush=True)
    await server.run()
    await asyncio.sleep(0.2)  # let the last messages go out
    return 0


def join_with_computer(address: str, code: str, name: str, player: str, seat: int | None, exit_at_end: bool) -> Outcome:
    """Play a seat with a computer player until the game (or the table) ends; raises ``TableError``."""
    return asyncio.run(play_seat(address, code, name, player, seat=seat, exit_at_end=exit_at_end))


def loopback_game(game: AnyGame, record: Record, player: str = "medium") -> tuple[Outcome, ...]:
    """Serve ``record`` (every seat remote) on a free loopback port and play it with a ``player``
    client per seat: the self-check's proof that the network works on this machine."""

    async def main() -> tuple[Outcome, ...]:
        server = TableServer("127.0.0.1", 0)
        code = new_code()
        server.add(Table(game, record, code))
        await server.start()
        address = f"127.0.0.1:{server.port}"
        try:
            outcomes = await asyncio.wait_for(asyncio.gather(
                *[play_seat(address, code, f"Seat {s + 1}", player, seat=s) for s in range(record.players)]), 30)
        finally:
            server.stop()
        return tuple(outcomes)

    return asyncio.run(main())
