"""How fast the hard player searches: worlds (full rollouts of every kept
candidate) per second per game, on one core.

    python benchmarks/search_speed.py [--decisions N] [--worlds W] [--game GAME]

Takes the first N decisions with a choice that seat 0 meets in games of
medium players (seed 1 on), lets a fresh hard player search each with W
worlds and no time cap, and prints worlds per second and the time per
decision at the game's own world count. Runs in this one process: start
it on a quiet machine, as the load changes these figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import time

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine.recall import Recall
from fiftyfifty_desktop.registry import GAMES


def decisions(game, count):
    """Seat 0's first ``count`` decisions with a choice, in games of medium players."""
    found = []
    seed = 1
    while len(found) < count:
        state = game.new_game(4, {}, seed)[0]
        agents = [make_agent("medium", game, s, seed) for s in range(4)]
        recall = Recall(game, state)
        for _ in range(400):
            seats = game.to_move(state)
            if not seats or len(found) >= count:
                break
            seat = seats[0]
            decision = recall.decision(seat)
            if seat == 0 and len(decision.legal) > 1:
                found.append(decision)
            state, _ = game.apply(state, seat, agents[seat].choose(decision.view, decision.legal, decision.seen))
            recall.observe(state, seat)
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=20, help="decisions per game (default 20)")
    parser.add_argument("--worlds", type=int, default=32, help="worlds per decision (default 32)")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    args = parser.parse_args()
    for game_id in sorted(GAMES) if args.game is None else [args.game]:
        game = GAMES[game_id]
        worlds = 0
        spent = 0.0
        full = 0
        for decision in decisions(game, args.decisions):
            agent = make_agent("hard", game, 0, 1)
            full = agent.settings.worlds
            agent.settings = dataclasses.replace(agent.settings, worlds=args.worlds, budget=1e9)
            started = time.perf_counter()
            agent.choose(decision.view, decision.legal, decision.seen)
            spent += time.perf_counter() - started
            worlds += agent.last_worlds
        rate = worlds / spent
        print(f"{game_id:<11} {rate:8.1f} worlds/s  ({worlds} worlds in {spent:.2f} s; "
              f"{full} worlds, the game's own count, take about {1000 * full / rate:.0f} ms)", flush=True)


if __name__ == "__main__":
    main()
