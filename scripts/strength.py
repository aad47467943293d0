"""Measure the strength ladder with the arena: the matchups behind docs/ai.md.

    python scripts/strength.py                  # every matchup at full size (hours)
    python scripts/strength.py --game take5     # one game's matchups
    python scripts/strength.py --scale 0.25     # a quarter of the games, for a quick look
    python scripts/strength.py --jobs 2         # two games at once (one per core)

Each matchup is one ``arena`` command (printed first, so it can be rerun by
hand) followed by the arena's own table. Seats rotate, so every entrant
sits in every seat equally often. Runs are slow: start them in the
background (``nohup python scripts/strength.py > strength.log &``) and run
one at a time on a small machine, as timings depend on the load.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time

from fiftyfifty_desktop.cli import run

#: (game, seats, unit, count, target): the strength targets, measured as documented.
MATCHUPS = (
    ("take5", "medium,random,random,random", "deals", 400, "medium wins >= 40% of deals"),
    ("take5", "hard,mc:64,mc:64,mc:64", "deals", 400,
     "hard wins >= 30% of deals (interval above 25%), mean penalty <= 0.9 x the mc:64 players'"),
    ("take5", "hard,mc:256,mc:256,mc:256", "deals", 400, "hard wins >= 27% of deals"),
    ("take5", "hard,greedy,greedy,greedy", "deals", 400, "hard wins >= 55% of deals"),
    ("take5", "hard,mc:64,greedy,greedy", "deals", 400, "hard's win share and mean penalty better than mc:64's"),
    ("take5", "hard,medium,medium,medium", "deals", 400, "hard wins >= 50% of deals"),
    ("fiftyfive", "hard,random,random,random", "games", 200, "hard wins >= 55%"),
    ("fiftyfive", "hard,medium,medium,medium", "games", 200, "hard wins >= 35%"),
    ("fiftyfive", "hard,greedy,greedy,greedy", "games", 200, "hard wins >= 40%"),
    ("fiftyfive", "hard,mc:64,mc:64,mc:64", "games", 200, "hard wins >= 30% (interval above 25%)"),
    ("fiftyfifty", "medium,random,random,random", "games", 400, "medium wins >= 35%"),
    ("fiftyfifty", "hard,medium,medium,medium", "games", 200, "hard wins >= 40%"),
    ("fiftyfifty", "hard,greedy,greedy,greedy", "games", 200, "hard wins >= 50%"),
    ("fiftyfifty", "hard,mc:64,mc:64,mc:64", "games", 200, "hard wins >= 30% (interval above 25%)"),
    ("thirteen", "medium,random,random,random", "games", 400, "medium wins >= 35%"),
    ("thirteen", "hard,medium,medium,medium", "games", 200, "hard wins >= 40%"),
    ("thirteen", "hard,greedy,greedy,greedy", "games", 200, "hard wins >= 40%"),
    ("thirteen", "hard,mc:64,mc:64,mc:64", "games", 200, "hard wins >= 30% (interval above 25%)"),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only this game's matchups")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="the arena's first seed (default 1)")
    parser.add_argument("--only", choices=("medium", "hard"), help="only the matchups led by this strength")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, one process each (default 1)")
    args = parser.parse_args()
    status = 0
    for game, seats, unit, count, target in MATCHUPS:
        if (args.game and game != args.game) or (args.only and not seats.startswith(args.only)):
            continue
        count = max(len(seats.split(",")), round(count * args.scale))
        argv = ["arena", "--game", game, "--seats", seats, f"--{unit}", str(count), "--seed", str(args.seed), "--times"]
        if args.jobs > 1:
            argv += ["--jobs", str(args.jobs)]
        print(f"$ python -m fiftyfifty_desktop {shlex.join(argv)}    # target: {target}", flush=True)
        started = time.perf_counter()
        status |= run(argv)
        print(f"({time.perf_counter() - started:.0f} s)\n", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
