"""How long a game review takes, and whether its verdicts mean something.

    python benchmarks/review.py [--games N] [--game GAME] [--seats hard,medium,random,medium]

For each game, plays N four-seat games (seeds 1 on) with the given entrants, the seats rotated one
place per seed, reviews the seat of each entrant in turn (game k reviews seat k mod 4) and prints:

- seconds per whole-game review (wall clock of this one process: run it on an idle core);
- validity: the mean actual outcome (the seat's gain to the horizon against the average other seat,
  in the game's unit, what the game really brought) of the decisions marked fine, and of those marked
  big; big mistakes should come out worse (lower) than fine decisions.
"""

from __future__ import annotations

import argparse
import statistics
import time

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.ai.review import SIZES, review_game
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import ENTRY, GAMES


def played(game, seed: int, entrants: list[str]) -> Record:
    players = len(entrants)
    turned = entrants[seed % players:] + entrants[:seed % players]
    record = Record(game.id, players, {}, tuple(Seat(f"{p} {s}", p) for s, p in enumerate(turned)), seed)
    agents = {s: make_agent(p, game, s, seed) for s, p in enumerate(turned)}
    return play_out(game, record, agents, max_moves=5000).record


def measure(game_id: str, games: int, entrants: list[str]) -> None:
    game = GAMES[game_id]
    seconds: list[float] = []
    outcomes: dict[str, list[float]] = {size: [] for size in SIZES}
    for seed in range(1, games + 1):
        record = played(game, seed, entrants)
        began = time.perf_counter()
        review = review_game(record, seed % record.players)
        seconds.append(time.perf_counter() - began)
        assert review is not None
        for d in review.decisions:
            outcomes[d.size].append(d.outcome)
    mean = {size: statistics.fmean(values) if values else float("nan") for size, values in outcomes.items()}
    unit = ENTRY[game_id].review.unit
    print(f"{game.name}: {games} games, review {statistics.fmean(seconds):.1f} s per game "
          f"(max {max(seconds):.1f} s); actual outcome per decision ({unit}): "
          + ", ".join(f"{size} {mean[size]:+.2f} (n={len(outcomes[size])})" for size in SIZES), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--game", choices=list(ENTRY), action="append")
    parser.add_argument("--seats", default="hard,medium,random,medium")
    args = parser.parse_args()
    for game_id in args.game or list(ENTRY):
        measure(game_id, args.games, args.seats.split(","))


if __name__ == "__main__":
    main()
