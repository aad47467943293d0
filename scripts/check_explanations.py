"""Whether a review explains its mistakes: over simulated games, every decision marked clear or big has an
explanation of the move played and of the best move, the two differ, and the better move is never described
as costing more (``ai/consequences.py``).

    python scripts/check_explanations.py [--games 40] [--game take5]

Each game seats medium and random players in turn (seeds 1 on) and reviews seat 0. Prints, per game, the
mistakes checked and those whose explanation is at fault; the exit status is 1 when any is.
"""

from __future__ import annotations

import argparse
import sys

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.ai.consequences import fault
from fiftyfifty_desktop.ai.review import review_game
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import ENTRY, GAMES

#: The players seated in turn.
SEATS = ("medium", "random", "medium", "random")


def check(game_id: str, games: int) -> tuple[int, list[str]]:
    """The mistakes checked over ``games`` games of ``game_id`` and a line for each at fault."""
    game = GAMES[game_id]
    checked, faults = 0, []
    for seed in range(1, games + 1):
        seats = SEATS[seed % 2:] + SEATS[:seed % 2]
        record = Record(game_id, len(seats), {}, tuple(Seat(f"{p} {s}", p) for s, p in enumerate(seats)), seed)
        agents = {s: make_agent(p, game, s, seed) for s, p in enumerate(seats)}
        review = review_game(play_out(game, record, agents, max_moves=5000).record, 0)
        assert review is not None
        for d in review.decisions:
            if d.size in ("clear", "big"):
                checked += 1
                found = fault(d.played_after, d.best_after)
                if found is not None:
                    faults.append(f"{game_id} seed {seed} decision {d.number}: {found}")
    return checked, faults


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--game", choices=[g for g in ENTRY if ENTRY[g].review is not None])
    args = parser.parse_args()
    bad = 0
    for game_id in [args.game] if args.game else [g for g in ENTRY if ENTRY[g].review is not None]:
        checked, faults = check(game_id, args.games)
        print(f"{game_id}: {checked} clear or big mistakes over {args.games} games, {len(faults)} explained wrongly",
              flush=True)
        for line in faults:
            print(f"  {line}")
        bad += len(faults)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
