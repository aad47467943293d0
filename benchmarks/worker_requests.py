"""What a request to a computer player's worker process costs at the end of a long game.

    python benchmarks/worker_requests.py [--players P] [--sends N] [--game GAME]

Plays a whole game of medium players per game (P seats, default the most
the game allows) through a match and takes seat 0's last decision. Prints
how many earlier views (``seen``) it carries, the size of a request with
all of them (what a new worker is sent) and of the request a
``ProcessAgent`` sends when its worker holds all but the newest (what it
sends decision after decision), and the median time of N round trips of
each through a pipe to a worker process that sends it straight back.
Compare with the hard player's decision times (``benchmarks/ai_decisions.py``).
"""

from __future__ import annotations

import argparse
import multiprocessing
import pickle
import statistics
import time
from multiprocessing.connection import Connection
from typing import Any

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.ai.worker import request_for
from fiftyfifty_desktop.engine.match import Match
from fiftyfifty_desktop.engine.recall import Decision
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES


def last_decision(game_id: str, players: int) -> tuple[Decision, int]:
    """Seat 0's last decision in a whole game of medium players, and the moves the game took."""
    game = GAMES[game_id]
    seats = tuple(Seat(f"Seat {s + 1}", "medium") for s in range(players))
    match = Match(game, Record(game_id, players, game.resolve_options(players, {}), seats, 1),
                  {s: make_agent("medium", game, s, 1) for s in range(1, players)})
    person = make_agent("medium", game, 0, 1)
    last = None
    while True:
        match.play()
        if match.over:
            assert last is not None
            return last, match.moves_made
        last = match.decision(0)
        match.submit(0, person.choose(last.view, last.legal, last.seen))


def _echo(conn: Connection) -> None:
    while (request := conn.recv()) is not None:
        conn.send(request)


def round_trip(request: Any, sends: int) -> float:
    """The median seconds of ``sends`` round trips of ``request`` to a worker process and back."""
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    worker = context.Process(target=_echo, args=(theirs,), daemon=True)
    worker.start()
    try:
        times = []
        for _ in range(sends):
            started = time.perf_counter()
            ours.send(request)
            ours.recv()
            times.append(time.perf_counter() - started)
        return statistics.median(times)
    finally:
        ours.send(None)
        worker.join(timeout=5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, help="seats (default: the most the game allows)")
    parser.add_argument("--sends", type=int, default=50, help="round trips to time (default 50)")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    args = parser.parse_args()
    for game_id in sorted(GAMES) if args.game is None else [args.game]:
        players = args.players or GAMES[game_id].max_players
        decision, moves = last_decision(game_id, players)
        view, legal, seen = decision.view, decision.legal, decision.seen
        whole = request_for(view, legal, seen, ())
        late = request_for(view, legal, seen, seen[:-1])
        print(f"{game_id:<11} {players} players, {moves} moves: {len(seen)} earlier views; all sent: "
              f"{len(pickle.dumps(whole))} bytes, round trip {1000 * round_trip(whole, args.sends):.2f} ms; "
              f"the newest only: {len(pickle.dumps(late))} bytes, {1000 * round_trip(late, args.sends):.2f} ms",
              flush=True)


if __name__ == "__main__":
    main()
