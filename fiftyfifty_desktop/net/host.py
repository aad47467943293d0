"""Running tables and seats from the command line: ``serve`` and ``join --player <computer>``."""

from __future__ import annotations

import asyncio
import logging
import secrets
import signal
import sys
import tempfile
from pathlib import Path

from ..engine import AnyGame
from ..engine.records import Record
from .address import invitation
from .admission import Admission
from .certificate import Certificate, host_certificate
from .client import Session
from .computer import Outcome, play_seat
from .server import TableServer, network_address
from .table import Table

#: Letters of a new table code: no 0/O or 1/l/I to misread when it is read out.
CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"


#: Letters in a generated code: 9 of 31 letters give 44 bits, beyond guessing at the hello rate a table allows.
CODE_LENGTH = 9
#: Bits of a network table's seed: one seat's cards must not narrow the deal down to a search.
SEED_BITS = 128


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def secret_seed() -> int:
    """A network table's seed from the system's secure source, with its top bit set so it has all
    ``SEED_BITS`` bits: a short game number would let one seat's first view give away every hand."""
    return secrets.randbits(SEED_BITS) | (1 << (SEED_BITS - 1))


def reachable_host(host: str) -> str:
    """The host to put in an invitation: for a server listening on every address, this machine's address on
    its network (never 0.0.0.0, which no one else can connect to)."""
    if host in ("0.0.0.0", "::", ""):
        return network_address() or "127.0.0.1"
    return host


def serve_table(game: AnyGame, record: Record, code: str, host: str, port: int, *, record_path: Path | None,
                hand_over_after: float | None, exit_at_end: bool, certificate: Certificate,
                admission: Admission, tokens: list[str | None] | None = None,
                silent_after: float | None = None) -> int:
    """Serve one table until it ends (``exit_at_end``) or the program is stopped; the exit status."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    return asyncio.run(_serve(game, record, code, host, port, record_path, hand_over_after, exit_at_end, tokens,
                              certificate, admission, silent_after))


async def _serve(game: AnyGame, record: Record, code: str, host: str, port: int, record_path: Path | None,
                 hand_over_after: float | None, exit_at_end: bool, tokens: list[str | None] | None,
                 certificate: Certificate, admission: Admission, silent_after: float | None) -> int:
    server = TableServer(host, port, certificate=certificate, admission=admission)
    table = server.add(Table(game, record, code, record_path=record_path, hand_over_after=hand_over_after,
                             silent_after=silent_after, exit_at_end=exit_at_end, tokens=tokens,
                             on_end=lambda: server.stop()))
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
    shared = invitation(reachable_host(host), server.port, code, certificate.fingerprint)
    print(f"table {code}: {game.name}, invitation {shared}\n"
          f"(join with: fiftyfifty-desktop join '{shared}')", flush=True)
    await server.run()
    await asyncio.sleep(0.2)  # let the last messages go out
    return 0


def join_with_computer(address: str, code: str, name: str, player: str, seat: int | None, exit_at_end: bool,
                       token: str | None = None) -> Outcome:
    """Play a seat with a computer player until the game (or the table) ends; raises ``TableError``.
    With a ``token`` (printed when the seat was taken) it takes its seat again after a crash."""
    session = Session(address, code, name, seat_wanted=seat, token=token)

    def seated(seat: int, token: str) -> None:
        print(f"seated at seat {seat + 1}; if this program stops, take the seat again with --token={token}",
              flush=True)

    return asyncio.run(play_seat(address, code, name, player, seat=seat, exit_at_end=exit_at_end, session=session,
                                 on_seat=seated))


def loopback_game(game: AnyGame, record: Record, player: str = "medium") -> tuple[Outcome, ...]:
    """Serve ``record`` (every seat remote) on a free loopback port over TLS and play it with a ``player``
    client per seat joining by the invitation: the self-check's proof that the network works on this machine."""

    async def main() -> tuple[Outcome, ...]:
        with tempfile.TemporaryDirectory() as folder:  # a certificate of its own: the check leaves nothing behind
            certificate = host_certificate(Path(folder))
            server = TableServer("127.0.0.1", 0, certificate=certificate)
            code = new_code()
            server.add(Table(game, record, code))
            await server.start()
            address = invitation("127.0.0.1", server.port, code, certificate.fingerprint)
            try:
                outcomes = await asyncio.wait_for(asyncio.gather(
                    *[play_seat(address, code, f"Seat {s + 1}", player, seat=s) for s in range(record.players)]), 30)
            finally:
                server.stop()
        return tuple(outcomes)

    return asyncio.run(main())
