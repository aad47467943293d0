"""Random Fifty Fifty games (as many hands as players) per second, on one core.

    python benchmarks/fiftyfifty_games.py [--games N] [--players P]

Prints the rate of whole games with random agents choosing every card,
including dealing, legal-move lists and applying every move.
"""

from __future__ import annotations

import argparse
import time

from fiftyfifty_desktop.ai import RandomAgent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.games.fiftyfifty import GAME as FIFTY_FIFTY


def play_game(seed: int, players: int) -> int:
    """Play one whole game; return the number of moves made."""
    agents = {s: RandomAgent(seed, s) for s in range(players)}
    seats = tuple(Seat(f"Computer {s + 1}", "random") for s in range(players))
    return play_out(FIFTY_FIFTY, Record(FIFTY_FIFTY.id, players, {}, seats, seed), agents).moves_made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    play_game(0, args.players)  # warm-up
    start = time.perf_counter()
    moves = sum(play_game(seed, args.players) for seed in range(args.games))
    elapsed = time.perf_counter() - start
    print(f"fiftyfifty {args.players} players: {args.games} games, {moves} moves in {elapsed:.2f} s")
    print(f"{args.games / elapsed:,.0f} games/s, {moves / elapsed:,.0f} moves/s")


if __name__ == "__main__":
    main()
