"""Random 4-player Take 5 deals (10 turns each) per second, on one core.

    python benchmarks/take5_deals.py [--deals N] [--players P]

Prints the rate of whole deals with random agents choosing every card,
including dealing, legal-move lists, views and applying every move.
"""

from __future__ import annotations

import argparse
import random
import time

from fiftyfifty_desktop.ai.agents import Uniform
from fiftyfifty_desktop.games.take5 import GAME as TAKE5


def play_deal(seed: int, players: int) -> int:
    """Play one 10-turn deal; return the number of moves made."""
    state = TAKE5.new_game(players, {}, seed)[0]
    agents = [Uniform(random.Random(f"{seed}:{s}")) for s in range(players)]  # a running generator: rules speed only
    moves = 0
    while state.round == 1 and not TAKE5.is_over(state):
        seat = TAKE5.to_move(state)[0]
        move = agents[seat].choose(None, TAKE5.legal_moves(state, seat))
        state, _ = TAKE5.apply(state, seat, move)
        moves += 1
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    play_deal(0, args.players)  # warm-up
    start = time.perf_counter()
    moves = sum(play_deal(seed, args.players) for seed in range(args.deals))
    elapsed = time.perf_counter() - start
    print(f"take5 {args.players} players: {args.deals} deals, {moves} moves in {elapsed:.2f} s")
    print(f"{args.deals / elapsed:,.0f} deals/s, {moves / elapsed:,.0f} moves/s")


if __name__ == "__main__":
    main()
