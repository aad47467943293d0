"""How many network tables one server carries: moves per second and how soon a move reaches every seat.

    python benchmarks/net_tables.py [--tables N] [--game GAME] [--players P] [--think T] [--seconds S] [--hostile H]
                                    [--client-gc]

Starts a table server in a process of its own hosting N tables (every seat
remote), then plays every seat with a medium computer client over the
loopback address from this process, all on one asyncio loop. A move's
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
is raised for the run; the guessers still meet the growing delays.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fiftyfifty_desktop.engine.records import Record, Seat  # noqa: E402
from fiftyfifty_desktop.net.admission import Admission  # noqa: E402
from fiftyfifty_desktop.net.client import Session  # noqa: E402
from fiftyfifty_desktop.net.computer import play_seat  # noqa: E402
from fiftyfifty_desktop.net.protocol import REMOTE, VERSION  # noqa: E402
from fiftyfifty_desktop.net.server import TableServer  # noqa: E402
from fiftyfifty_desktop.net.table import Table  # noqa: E402
from fiftyfifty_desktop.registry import GAMES  # noqa: E402


def serve(tables: int, game_id: str, players: int, hostile: int) -> None:
    """The server process: N tables with codes t0, t1, ...; prints its port."""
    async def main() -> None:
        game = GAMES[game_id]
        crowd = tables * players + 3 * hostile + 16  # everyone is on 127.0.0.1 here
        server = TableServer("127.0.0.1", 0, admission=Admission(max_connections=crowd, max_per_address=crowd))
        options = game.resolve_options(players, {})
        for n in range(tables):
            seats = tuple(Seat(f"Seat {s + 1}", REMOTE) for s in range(players))
            server.add(Table(game, Record(game_id, players, options, seats, 1000 + n), f"t{n}"))
        await server.start()
        print(server.port, flush=True)
        await server.run()

    asyncio.run(main())


class Timing(Session):
    """A session that notes when it sent each move, for the latency of that move."""

    sent: dict[tuple[str, int], float] = {}

    async def send(self, message):
        if message.get("type") == "move" and self.seat is not None:
            Timing.sent[(self.code, self.seat)] = time.perf_counter()
        await super().send(message)


async def guess(port: int) -> None:
    """Send wrong codes, one hello after another, for ever."""
    from websockets.asyncio.client import connect

    n = 0
    while True:
        n += 1
        try:
            async with connect(f"ws://127.0.0.1:{port}", proxy=None, open_timeout=30) as socket:
                await socket.send(f'{{"type":"hello","version":{VERSION},"code":"guess{n}","name":"G"}}')
                await socket.recv()
        except Exception:  # refused or closed: guess again
            await asyncio.sleep(0.05)


async def slow_send(port: int) -> None:
    """Send a WebSocket handshake a byte a second, starting again when the server gives up."""
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


async def stay_silent(port: int) -> None:
    """Open a TCP connection and say nothing, opening another when it is closed."""
    while True:
        try:
            reader, _ = await asyncio.open_connection("127.0.0.1", port)
            await reader.read()
        except OSError:
            await asyncio.sleep(0.5)


async def play(port: int, tables: int, players: int, seconds: float,
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

    strangers = [asyncio.get_running_loop().create_task(attack(port))
                 for attack in (guess, slow_send, stay_silent) for _ in range(hostile)]
    Timing.sent.clear()
    started = time.perf_counter()
    games = [play_seat(f"127.0.0.1:{port}", f"t{n}", f"C{s}", seat=s, on_step=heard(f"t{n}"), pause=think,
                       session=Timing(f"127.0.0.1:{port}", f"t{n}", f"C{s}", seat_wanted=s))
             for n in range(tables) for s in range(players)]
    try:
        await asyncio.wait_for(asyncio.gather(*games), seconds)
    except asyncio.TimeoutError:
        pass
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
                        "senders and H silent connections, and print the p95 both ways")
    parser.add_argument("--client-gc", action="store_true", help="leave the garbage collector on in the clients' "
                        "process (it pauses every client at once)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.tables, args.game, args.players, args.hostile)
        return
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for hostile in ([0, args.hostile] if args.hostile else [0]):
        run_once(args, hostile)


def run_once(args: argparse.Namespace, hostile: int) -> None:
    server = subprocess.Popen([sys.executable, __file__, "--serve", "--tables", str(args.tables), "--game",
                               args.game, "--players", str(args.players), "--hostile", str(args.hostile)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    served_before, played_before = _children_cpu(), time.process_time()
    try:
        port = int(server.stdout.readline())
        if not args.client_gc:
            gc.disable()
        moves, latencies, elapsed = asyncio.run(play(port, args.tables, args.players, args.seconds, args.think,
                                                     hostile))
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
          f"one server process{beside}, clients' garbage collector {'on' if args.client_gc else 'off'}: "
          f"{moves} moves in {elapsed:.1f} s = {moves / elapsed:.0f} moves/s; "
          f"move to every client: p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
          f"max {latencies[-1] * 1000 if latencies else float('nan'):.1f} ms; "
          f"CPU a move: server {served / max(moves, 1) * 1000:.2f} ms, clients {played / max(moves, 1) * 1000:.2f} ms; "
          f"load average after: {os.getloadavg()[0]:.2f}")


def _children_cpu() -> float:
    """CPU seconds of the finished server processes (what the machine's load cannot change, unlike latency)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main()
