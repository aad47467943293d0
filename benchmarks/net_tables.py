"""How many network tables one server carries: moves per second and how soon a move reaches every seat.

    python benchmarks/net_tables.py [--tables N] [--game GAME] [--players P] [--think T] [--seconds S] [--hostile H]
                                    [--client-gc] [--plain]

Starts a table server in a process of its own hosting N tables (every seat
remote), then plays every seat with a medium computer client over the
loopback address from this process, all on one asyncio loop. The tables
are served over TLS (``wss://``, a certificate made for the run, joined by
invitation as players join), as ``serve`` serves them; ``--plain`` serves
plain ``ws://``. A move's
latency runs from the moment its client sends it until the last client of
the table has received the step it made (both ends in this process, so one
clock). It also prints the CPU time each move cost the server and the
clients, which the machine's other work changes far less than the latency. Each client waits T seconds before each move, as a person thinks
(``--think 0``: as fast as they can, which measures the most moves a second
the server carries, with every table queueing behind the others). Tables
that finish start no new game; the run ends when every game is over or
after S seconds. The machine's load changes these figures.

The clients' process stands in for N × P separate programs, so Python's
cyclic garbage collector is off in it while the tables play: one of its
full collections walks every seat's kept views and stalls all the clients
at once for tens of milliseconds (a pause no real client makes the others
wait for), which at 50 tables set the p95. ``--client-gc`` leaves it on,
to see its cost. The server's collector is always left as it is.

``--hostile H`` plays the same tables twice, without and then beside H code
guessers (each sends wrong hellos one after another), H slow senders (each
sends its WebSocket handshake a byte a second) and H silent connections (TCP
only), and prints the real tables' p95 move latency both ways. Every
connection comes from the loopback address, so the server's per-address cap
is raised for the run and the strangers come once every player sits (a
wrong hello slows every later hello from its address); the guessers still
meet the growing delays. Then
three attacks, each on a server of its own with the per-address cap as
shipped, ``--attack-seconds`` long:

* hang-ups: 4 × H strangers from one address each open a connection, send
  a wrong hello and hang up 0.3 s later, again and again; the server's
  resident memory (RSS) before, at its highest during, and after;
* a flood: a host that sends one client (a window's ``RemoteMatch`` in a
  process of its own, reading a step a frame at 60 frames a second) valid
  steps as fast as it can; that client's RSS before, during and after;
* guessing: wrong hellos from one address, 16 at once (impolite) and one
  after another (polite): guesses answered a second, and the time to find
  a 44-bit code at the longest delay.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import resource
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fiftyfifty_desktop.engine.records import Record, Seat  # noqa: E402
from fiftyfifty_desktop.net.address import invitation  # noqa: E402
from fiftyfifty_desktop.net.admission import LONGEST_DELAY, Admission  # noqa: E402
from fiftyfifty_desktop.net.certificate import host_certificate  # noqa: E402
from fiftyfifty_desktop.net.client import Session  # noqa: E402
from fiftyfifty_desktop.net.computer import play_seat  # noqa: E402
from fiftyfifty_desktop.net.protocol import REMOTE, VERSION  # noqa: E402
from fiftyfifty_desktop.net.server import TableServer  # noqa: E402
from fiftyfifty_desktop.net.table import Table  # noqa: E402
from fiftyfifty_desktop.registry import GAMES  # noqa: E402


def serve(tables: int, game_id: str, players: int, hostile: int, plain: bool, capped: bool) -> None:
    """The server process: N tables with codes t0, t1, ...; prints its port and its certificate's fingerprint
    (or "-" when plain). Every connection comes from 127.0.0.1, so the per-address cap is raised unless ``capped``."""
    async def main() -> None:
        game = GAMES[game_id]
        crowd = tables * players + 3 * hostile + 16
        admission = Admission() if capped else Admission(max_connections=crowd, max_per_address=crowd)
        certificate = None if plain else host_certificate(Path(tempfile.mkdtemp(prefix="net-tables-")))
        server = TableServer("127.0.0.1", 0, admission=admission, certificate=certificate)
        options = game.resolve_options(players, {})
        for n in range(tables):
            seats = tuple(Seat(f"Seat {s + 1}", REMOTE) for s in range(players))
            server.add(Table(game, Record(game_id, players, options, seats, 1000 + n), f"t{n}"))
        await server.start()
        print(server.port, certificate.fingerprint if certificate else "-", flush=True)
        await server.run()

    asyncio.run(main())


class Timing(Session):
    """A session that notes when it sent each move, for the latency of that move."""

    sent: dict[tuple[str, int], float] = {}

    async def send(self, message):
        if message.get("type") == "move" and self.seat is not None:
            Timing.sent[(self.code, self.seat)] = time.perf_counter()
        await super().send(message)


def stranger_tls(url: str) -> ssl.SSLContext | None:
    """A stranger takes any certificate: it has no invitation to check one by."""
    if not url.startswith("wss://"):
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    return context


async def guess(url: str, answered: list[float] | None = None) -> None:
    """Send wrong codes, one hello after another, for ever (noting when each was answered)."""
    from websockets.asyncio.client import connect

    n = 0
    while True:
        n += 1
        try:
            async with connect(url, proxy=None, open_timeout=60, ssl=stranger_tls(url)) as socket:
                await socket.send(f'{{"type":"hello","version":{VERSION},"code":"guess{n}x{id(socket)}","name":"G"}}')
                await socket.recv()
                if answered is not None:
                    answered.append(time.perf_counter())
        except Exception:  # refused or closed: guess again
            await asyncio.sleep(0.05)


async def hang_up(url: str) -> None:
    """Open a connection, send a wrong hello, hang up 0.3 s later; again and again."""
    from websockets.asyncio.client import connect

    while True:
        try:
            socket = await connect(url, proxy=None, open_timeout=30, ssl=stranger_tls(url))
            await socket.send(f'{{"type":"hello","version":{VERSION},"code":"nope","name":"G"}}')
            await asyncio.sleep(0.3)
            socket.transport.abort()
        except Exception:  # refused at the cap: try again
            await asyncio.sleep(0.05)


async def slow_send(url: str) -> None:
    """Send a WebSocket handshake a byte a second, starting again when the server gives up."""
    port = int(url.rsplit(":", 1)[1])
    request = (f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            for byte in request:
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(1.0)
        except OSError:
            await asyncio.sleep(0.5)


async def stay_silent(url: str) -> None:
    """Open a TCP connection and say nothing, opening another when it is closed."""
    port = int(url.rsplit(":", 1)[1])
    while True:
        try:
            reader, _ = await asyncio.open_connection("127.0.0.1", port)
            await reader.read()
        except OSError:
            await asyncio.sleep(0.5)


async def play(port: int, fingerprint: str, tables: int, players: int, seconds: float,
               think: float = 0.0, hostile: int = 0) -> tuple[int, list[float], float]:
    # (table, step index) -> when its move was sent, and when each client received the step. The send time is
    # read at the first arrival: the mover may send its next move before the last client hears this one.
    arrivals: dict[tuple[str, int], tuple[float | None, list[float]]] = {}
    latencies: list[float] = []
    moves = 0

    def heard(code: str):
        def on_step(message) -> None:
            nonlocal moves
            seat = message.get("seat")
            if seat is None:
                return
            key = (code, message["index"])
            if key not in arrivals:
                arrivals[key] = (Timing.sent.get((code, seat)), [])
            sent, times = arrivals[key]
            times.append(time.perf_counter())
            if len(times) == players:
                if sent is not None:
                    latencies.append(max(times) - sent)
                del arrivals[key]
                moves += 1
        return on_step

    url = f"{'ws' if fingerprint == '-' else 'wss'}://127.0.0.1:{port}"
    strangers: list[asyncio.Task[None]] = []
    Timing.sent.clear()
    started = time.perf_counter()

    def address(code: str) -> str:
        return f"127.0.0.1:{port}" if fingerprint == "-" else invitation("127.0.0.1", port, code, fingerprint)

    sessions = [Timing(address(f"t{n}"), f"t{n}", f"C{s}", seat_wanted=s) for n in range(tables) for s in range(players)]
    games = [play_seat(session.address, session.code, session.name, seat=session.seat_wanted,
                       on_step=heard(session.code), pause=think, session=session) for session in sessions]

    async def strangers_come() -> None:
        # Once every player sits: the strangers share the players' address here, and once it has sent a wrong hello
        # the table answers every hello from it slowly, a player's too (on a real network they come from elsewhere).
        while not all(session.seat is not None for session in sessions):
            await asyncio.sleep(0.05)
        strangers.extend(asyncio.get_running_loop().create_task(attack(url))
                         for attack in (guess, slow_send, stay_silent) for _ in range(hostile))

    coming = asyncio.get_running_loop().create_task(strangers_come())
    try:
        await asyncio.wait_for(asyncio.gather(*games), seconds)
    except asyncio.TimeoutError:
        pass
    coming.cancel()
    for stranger in strangers:
        stranger.cancel()
    return moves, latencies, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="tables on the one server (default 50)")
    parser.add_argument("--game", choices=sorted(GAMES), default="take5")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--think", type=float, default=0.5, help="seconds each client waits before a move "
                        "(default 0.5; 0: as fast as possible)")
    parser.add_argument("--seconds", type=float, default=60.0, help="stop after this long (default 60)")
    parser.add_argument("--hostile", type=int, default=0, metavar="H", help="also run beside H guessers, H slow "
                        "senders and H silent connections, and print the p95 both ways; then the hang-up, flood "
                        "and guessing attacks")
    parser.add_argument("--attack-seconds", type=float, default=20.0, help="how long each attack runs (default 20)")
    parser.add_argument("--client-gc", action="store_true", help="leave the garbage collector on in the clients' "
                        "process (it pauses every client at once)")
    parser.add_argument("--plain", action="store_true", help="serve plain ws:// instead of wss://")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--capped", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--flood-client", metavar="ADDRESS", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.tables, args.game, args.players, args.hostile, args.plain, args.capped)
        return
    if args.flood_client:
        flood_client(args.flood_client, args.attack_seconds)
        return
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{'ws:// (plain)' if args.plain else 'wss:// (TLS)'}")
    for hostile in ([0, args.hostile] if args.hostile else [0]):
        run_once(args, hostile)
    if args.hostile:
        hang_ups(args)
        flood(args)
        guessing(args)


def start_server(args: argparse.Namespace, *, capped: bool = False, tables: int | None = None):
    """The server process, its port and its certificate's fingerprint ("-": plain)."""
    command = [sys.executable, __file__, "--serve", "--tables", str(args.tables if tables is None else tables),
               "--game", args.game, "--players", str(args.players), "--hostile", str(args.hostile)]
    command += ["--plain"] * args.plain + ["--capped"] * capped
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    port, fingerprint = server.stdout.readline().split()
    return server, int(port), fingerprint


def run_once(args: argparse.Namespace, hostile: int) -> None:
    served_before, played_before = _children_cpu(), time.process_time()
    server, port, fingerprint = start_server(args)
    try:
        if not args.client_gc:
            gc.disable()
        moves, latencies, elapsed = asyncio.run(play(port, fingerprint, args.tables, args.players, args.seconds,
                                                     args.think, hostile))
    finally:
        gc.enable()
        server.terminate()
        server.wait(10)
    served, played = _children_cpu() - served_before, time.process_time() - played_before
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))] * 1000 if latencies else float("nan")
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    beside = f" beside {hostile} guessers, {hostile} slow senders, {hostile} silent connections" if hostile else ""
    print(f"{args.tables} tables of {args.game} ({args.players} medium clients each, {args.think:g} s to think), "
          f"one server process over {'ws://' if args.plain else 'wss://'}{beside}, clients' garbage collector "
          f"{'on' if args.client_gc else 'off'}: "
          f"{moves} moves in {elapsed:.1f} s = {moves / elapsed:.0f} moves/s; "
          f"move to every client: p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
          f"max {latencies[-1] * 1000 if latencies else float('nan'):.1f} ms; "
          f"CPU a move: server {served / max(moves, 1) * 1000:.2f} ms, clients {played / max(moves, 1) * 1000:.2f} ms; "
          f"load average after: {os.getloadavg()[0]:.2f}", flush=True)


def rss_mib(pid: int) -> float:
    """A process's resident memory in MiB (Linux: /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def hang_ups(args: argparse.Namespace) -> None:
    """Strangers from one address send a wrong hello and hang up 0.3 s later: the server's RSS."""
    server, port, fingerprint = start_server(args, capped=True)
    url = f"{'ws' if fingerprint == '-' else 'wss'}://127.0.0.1:{port}"
    strangers = 4 * args.hostile

    async def attack() -> tuple[float, float]:
        await asyncio.sleep(1.0)
        before = rss_mib(server.pid)
        tasks = [asyncio.get_running_loop().create_task(hang_up(url)) for _ in range(strangers)]
        highest = before
        for _ in range(int(args.attack_seconds)):
            await asyncio.sleep(1.0)
            highest = max(highest, rss_mib(server.pid))
        for task in tasks:
            task.cancel()
        return before, highest

    try:
        before, highest = asyncio.run(attack())
        time.sleep(3.0)
        after = rss_mib(server.pid)
    finally:
        server.terminate()
        server.wait(10)
    print(f"hang-ups: {strangers} strangers from one address, each a wrong hello then a hang-up 0.3 s later, "
          f"{args.attack_seconds:g} s: server RSS before {before:.1f} MiB, highest during {highest:.1f} MiB "
          f"(+{highest - before:.1f}), 3 s after {after:.1f} MiB (+{after - before:.1f})", flush=True)


def flood(args: argparse.Namespace) -> None:
    """A host floods one window's client with valid steps: the client's RSS, in a process of its own."""
    from websockets.asyncio.server import serve as websocket_serve

    from fiftyfifty_desktop.net.codec import codec_for
    from fiftyfifty_desktop.net.protocol import dumps

    game = GAMES["take5"]
    state, _ = game.new_game(2, {}, 7)
    step = dumps({"type": "step", "index": 0, "made": 0, "seat": None, "move": None, "to_move": [0, 1],
                  "events": [], "view": codec_for(game).encode(game.view(state, 0))})
    opening = [json.dumps({"type": "welcome", "version": VERSION, "seat": 0, "token": "t", "game": "take5",
                           "host": False}),
               json.dumps({"type": "table", "game": "take5", "players": 2, "started": True, "over": False,
                           "options": {"target": 66, "variant": "standard"}, "seats": [{"name": "A"}, {"name": "B"}]})]

    async def host(socket) -> None:
        await socket.recv()
        for text in opening:
            await socket.send(text)
        try:
            while True:
                await socket.send(step)
        except Exception:  # the client hung up
            pass

    async def main() -> str:
        async with websocket_serve(host, "127.0.0.1", 0, compression=None, max_size=None) as listening:
            port = listening.sockets[0].getsockname()[1]
            client = await asyncio.create_subprocess_exec(
                sys.executable, __file__, "--flood-client", f"127.0.0.1:{port}", "--attack-seconds",
                str(args.attack_seconds), stdout=asyncio.subprocess.PIPE)
            said, _ = await client.communicate()
        return said.decode().strip()

    print(f"flood: a host sending one window's client valid steps as fast as it can: {asyncio.run(main())}",
          flush=True)


def flood_client(address: str, seconds: float) -> None:
    """The flooded window's client: reads a step a frame at 60 frames a second, as a window does."""
    from fiftyfifty_desktop.net.client import RemoteMatch

    pid = os.getpid()
    before = rss_mib(pid)
    match = RemoteMatch(address, "abc", "Ann")
    highest, started = before, time.monotonic()
    while match.failure is None and match.ended is None and time.monotonic() - started < seconds:
        match.poll()
        highest = max(highest, rss_mib(pid))
        time.sleep(1 / 60)
    lasted = time.monotonic() - started
    ended = match.failure or match.ended or f"still playing, {match.inbox.qsize()} messages waiting"
    match.close()
    time.sleep(2.0)
    gc.collect()
    after = rss_mib(pid)
    print(f"client RSS before {before:.1f} MiB, highest during {highest:.1f} MiB (+{highest - before:.1f}), "
          f"2 s after {after:.1f} MiB (+{after - before:.1f}); the table ended after {lasted:.1f} s: {ended}")


def guessing(args: argparse.Namespace) -> None:
    """Wrong hellos from one address, 16 at once and one after another: guesses answered a second."""
    for name, at_once in (("impolite (16 at once)", 16), ("polite (one after another)", 1)):
        server, port, fingerprint = start_server(args, capped=True, tables=1)
        url = f"{'ws' if fingerprint == '-' else 'wss'}://127.0.0.1:{port}"
        answered: list[float] = []

        async def attack() -> None:
            tasks = [asyncio.get_running_loop().create_task(guess(url, answered)) for _ in range(at_once)]
            await asyncio.sleep(args.attack_seconds)
            for task in tasks:
                task.cancel()

        try:
            asyncio.run(attack())
        finally:
            server.terminate()
            server.wait(10)
        print(f"guessing, {name}: {len(answered)} guesses answered in {args.attack_seconds:g} s = "
              f"{len(answered) / args.attack_seconds:.2f}/s", flush=True)
    years = 2**43 * LONGEST_DELAY / (365.25 * 24 * 3600)
    print(f"guessing at the longest delay: one guess per {LONGEST_DELAY:g} s from an address, however it sends; "
          f"a 44-bit code takes 2^43 guesses on average: {years / 1e6:.1f} million years")


def _children_cpu() -> float:
    """CPU seconds of the finished server processes (what the machine's load cannot change, unlike latency)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main()
