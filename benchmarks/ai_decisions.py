"""How long the hard player thinks: decision time p50/p95 per game.

    python benchmarks/ai_decisions.py [--games N] [--game GAME]

Plays N games (single deals where the game has them, as Take 5 does) of
hard against three medium players per game and prints the hard seat's
decision times. Decisions with one legal move are answered at once and
count too, as at the table. The machine's load changes these figures: run
it on a quiet machine.
"""

from __future__ import annotations

import argparse

from fiftyfifty_desktop.arena import run_arena
from fiftyfifty_desktop.registry import ENTRY, GAMES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games (Take 5: deals) per game (default 8)")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    args = parser.parse_args()
    for game_id in sorted(GAMES) if args.game is None else [args.game]:
        result = run_arena(GAMES[game_id], ["hard", "medium", "medium", "medium"], args.games, seed=1,
                           single_deals=ENTRY[game_id].deals is not None)
        hard = result.entrants[0]
        searched = sorted(t for t in hard.times if t > 0.001)
        print(f"{game_id:<11} hard: {len(hard.times)} decisions, p50 {hard.decision_ms(0.5):6.1f} ms, "
              f"p95 {hard.decision_ms(0.95):6.1f} ms, max {1000 * max(hard.times):6.1f} ms "
              f"({len(searched)} searched)", flush=True)


if __name__ == "__main__":
    main()
