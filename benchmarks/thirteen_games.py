"""Random Thirteen games per second, and sampled deals (determinize) per second.

    python benchmarks/thirteen_games.py [--games N] [--players P] [--samples S]

A game is played by random agents from the deal to the end, including
legal-move lists and applying every move. Sampling deals the hidden cards
for the seat to move at states taken from those games.
"""

from __future__ import annotations

import argparse
import random
import time

from fiftyfifty_desktop.ai.agents import Uniform
from fiftyfifty_desktop.games.thirteen import GAME


def play_game(seed: int, players: int, keep: list) -> int:
    """Play one game; keep every 10th state for sampling; return the number of moves."""
    state = GAME.new_game(players, {}, seed)[0]
    agents = [Uniform(random.Random(f"{seed}:{s}")) for s in range(players)]  # a running generator: rules speed only
    moves = 0
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, seat, agents[seat].choose(None, GAME.legal_moves(state, seat)))
        moves += 1
        if moves % 10 == 0:
            keep.append(state)
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--samples", type=int, default=3000)
    args = parser.parse_args()
    kept: list = []
    start = time.perf_counter()
    moves = sum(play_game(seed, args.players, kept) for seed in range(args.games))
    elapsed = time.perf_counter() - start
    print(f"thirteen {args.players} players: {args.games} games, {moves} moves in {elapsed:.2f} s")
    print(f"{args.games / elapsed:,.0f} games/s, {moves / elapsed:,.0f} moves/s")
    source = random.Random(0)
    views = [GAME.view(s, s.current) for s in kept]
    start = time.perf_counter()
    for i in range(args.samples):
        GAME.determinize(views[i % len(views)], source)
    elapsed = time.perf_counter() - start
    print(f"determinize: {args.samples / elapsed:,.0f} sampled deals/s")


if __name__ == "__main__":
    main()
