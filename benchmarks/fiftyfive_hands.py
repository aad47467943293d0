"""Random Fifty-Five hands per second, on one core.

    python benchmarks/fiftyfive_hands.py [--hands N] [--players P]

Plays the first hand of N seeded games with random agents (bidding,
discards, trumps and five tricks, or a throw-in), including dealing,
legal-move lists and applying every move, and prints the rate.
"""

from __future__ import annotations

import argparse
import random
import time

from fiftyfifty_desktop.ai.agents import Uniform
from fiftyfifty_desktop.games.fiftyfive import GAME


def play_hand(seed: int, players: int) -> int:
    """Play one hand; return the number of moves made."""
    state = GAME.new_game(players, {}, seed)[0]
    agents = [Uniform(random.Random(f"{seed}:{s}")) for s in range(players)]  # a running generator: rules speed only
    moves = 0
    while state.hand == 1 and not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        move = agents[seat].choose(None, GAME.legal_moves(state, seat))
        state, _ = GAME.apply(state, seat, move)
        moves += 1
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args()
    play_hand(0, args.players)  # warm-up
    start = time.perf_counter()
    moves = sum(play_hand(seed, args.players) for seed in range(args.hands))
    elapsed = time.perf_counter() - start
    print(f"fiftyfive {args.players} players: {args.hands} hands, {moves} moves in {elapsed:.2f} s")
    print(f"{args.hands / elapsed:,.0f} hands/s, {moves / elapsed:,.0f} moves/s")


if __name__ == "__main__":
    main()
