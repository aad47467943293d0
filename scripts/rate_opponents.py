"""Measure the computer opponents' Glicko-2 ratings in the arena and write config/ai/ratings.yaml.

    python scripts/rate_opponents.py                     # 20 tables per game, one process
    python scripts/rate_opponents.py --tables 80 --jobs 2
    python scripts/rate_opponents.py --game take5 --out /tmp/ratings.yaml

Per game, every shipped opponent who plays it and the three plain strengths
take part. Each table seats four of them, drawn with a generator seeded by
``--seed`` and the game's id, and plays one whole game from its own game
number; every pair of seats is one result by final rank (``rating.pair_score``)
and the ratings are the Glicko-2 maximum-likelihood fit (``rating.fit``),
centred on a newcomer's 1500. The same arguments give the same file, whatever
``--jobs``. A table takes 5 to 25 seconds on one core (the hard players search).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Iterator

from fiftyfifty_desktop.ai import LADDER, load_personalities, make_agent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.opponent_ratings import RATINGS_PATH, ratings_yaml
from fiftyfifty_desktop.rating import Rating, fit, pair_score
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.stats_db import StoredSeat

SEATS = 4


def entrants(game_id: str) -> list[str]:
    """The shipped opponents who play ``game_id``, then the plain strengths."""
    named = [p.id for p in load_personalities() if p.plays(game_id) and p.strength in LADDER]
    return named + list(LADDER)


def tables(game_id: str, seed: int, count: int) -> list[tuple[str, tuple[str, ...], int]]:
    """The ``count`` tables of a game: who sits where, and the game number."""
    draw = random.Random(f"{seed}:{game_id}")
    pool = entrants(game_id)
    return [(game_id, tuple(draw.sample(pool, SEATS)), seed * 100_000 + index) for index in range(count)]


def play(table: tuple[str, tuple[str, ...], int]) -> list[tuple[str, str, float]]:
    """One table's game: each ordered pair of seats' result."""
    game_id, order, number = table
    game = GAMES[game_id]
    people = load_personalities()
    agents = {s: make_agent(name, game, s, number, people) for s, name in enumerate(order)}
    record = Record(game_id, len(order), game.resolve_options(len(order), {}),
                    tuple(Seat(name, name) for name in order), number)
    state = play_out(game, record, agents).full_state()
    scores, winners = game.scores(state), set(game.winners(state))
    seats = [StoredSeat(name, name, scores[s], s in winners) for s, name in enumerate(order)]
    return [(a.player, b.player, pair_score(a, b, game.lower_score_wins)) for a in seats for b in seats if a is not b]


def results(game_id: str, seed: int, count: int, jobs: int) -> Iterator[list[tuple[str, str, float]]]:
    planned = tables(game_id, seed, count)
    if jobs <= 1:
        yield from map(play, planned)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play, planned)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(GAMES), help="only this game (the others are left out of the file)")
    parser.add_argument("--tables", type=int, default=20, help="tables played per game (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seeds the seating and the game numbers (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="tables played at once, one process each (default 1)")
    parser.add_argument("--out", type=Path, default=RATINGS_PATH, help=f"where to write (default {RATINGS_PATH})")
    args = parser.parse_args()
    if args.tables < 1 or args.jobs < 1:
        parser.error("--tables and --jobs must be at least 1")
    rated: dict[str, dict[str, Rating]] = {}
    started = time.perf_counter()
    for game_id in [args.game] if args.game else list(GAMES):
        began = time.perf_counter()
        pairs: list[tuple[str, str, float]] = []
        for done, table in enumerate(results(game_id, args.seed, args.tables, args.jobs), 1):
            pairs += table
            print(f"\r{game_id}: {done}/{args.tables} tables", end="", file=sys.stderr, flush=True)
        rated[game_id] = fit(pairs)
        shown = ", ".join(f"{name} {r.shown()}" for name, r in sorted(rated[game_id].items(),
                                                                         key=lambda item: -item[1].rating))
        print(f"\r{game_id}: {args.tables} tables in {time.perf_counter() - began:.0f} s: {shown}", flush=True)
    command = " ".join(["python scripts/rate_opponents.py", *sys.argv[1:]])
    args.out.write_text(ratings_yaml(rated, command, args.tables, args.seed), encoding="utf-8")
    print(f"wrote {args.out} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
