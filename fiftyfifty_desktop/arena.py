"""Matches between computer players, to measure their strength.

Each seed is played once with every rotation of the entrants round the
table, so no entrant profits from a seat. Take 5 can also be measured on
single 10-turn deals instead of whole games. Entrants with the same name
(``hard,medium,medium,medium``) are counted together.
"""

from __future__ import annotations

import math
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from .ai import load_personalities, make_agent
from .engine import Game, Move, OptionError
from .engine.match import Agent, play_out
from .engine.records import Record, Seat
from .registry import ENTRY, GAMES

Z95 = 1.959963984540054


@dataclass
class Entrant:
    """What one entrant did over the whole arena."""

    name: str
    seats: int = 0  # how many seats it holds at each table
    games: int = 0  # seat-games played
    wins: float = 0.0  # a shared win counts 1/k to each of k winners
    score: float = 0.0  # sum of final scores
    deals: int = 0  # Take 5: deals played, for the mean penalty per deal
    times: list[float] = field(default_factory=list)  # seconds per decision
    capped: int = 0  # decisions a time cap (an opt-in personality knob) cut short

    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def mean_score(self) -> float:
        return self.score / self.games if self.games else 0.0

    def penalty_per_deal(self) -> float:
        return self.score / self.deals if self.deals else 0.0

    def decision_ms(self, fraction: float) -> float:
        return 1000.0 * percentile(self.times, fraction)


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def seating(entrants: Sequence[str], game_index: int) -> tuple[int, tuple[str, ...]]:
    """The seed offset and the seat order of the ``game_index``-th game: every
    seed is played with each rotation of the entrants in turn.

    >>> seating(["a", "b", "c"], 4)
    (1, ('b', 'c', 'a'))
    """
    n = len(entrants)
    shift = game_index % n
    return game_index // n, tuple(entrants[(seat + shift) % n] for seat in range(n))




@dataclass
class ArenaResult:
    game: Game
    players: int
    options: dict[str, Any]
    seed: int
    count: int
    single_deals: bool
    entrants: list[Entrant]
    times: bool = False  # show decision times (they depend on the machine, so are off by default)

    def to_json(self) -> dict[str, Any]:
        rows = []
        for e in self.entrants:
            low, high = e.interval()
            row = {"name": e.name, "seats": e.seats, "games": e.games, "wins": e.wins,
                   "win_share": e.win_share(), "win_low": low, "win_high": high, "mean_score": e.mean_score()}
            if ENTRY[self.game.id].deals is not None:
                row["penalty_per_deal"] = e.penalty_per_deal()
            if self.times:
                row.update(decisions=len(e.times), decision_p50_ms=e.decision_ms(0.5),
                           decision_p95_ms=e.decision_ms(0.95))
            if e.capped:
                row["capped"] = e.capped
            rows.append(row)
        return {"game": self.game.id, "players": self.players, "options": self.options, "seed": self.seed,
                "unit": "deals" if self.single_deals else "games", "count": self.count, "entrants": rows}

    def text(self) -> str:
        unit = "single deals" if self.single_deals else "games"
        defaults = {option.name: option.default for option in self.game.options}
        shown = " ".join(f"{k}={v}" for k, v in self.options.items() if v != defaults.get(k))
        lines = [f"{self.game.name}, {self.players} players{', ' + shown if shown else ''}: {self.count} {unit} "
                 f"from seed {self.seed}, each seed with every seating"]
        per_deal = ENTRY[self.game.id].deals is not None
        header = f"{'entrant':<16} {'seats':>5} {'games':>6} {'win share':>9}  {'95% interval':<15} {'mean score':>10}"
        if per_deal:
            header += f" {'penalty/deal':>12}"
        lines.append(header + (f" {'decision p50':>12} {'p95':>9}" if self.times else ""))
        for e in self.entrants:
            low, high = e.interval()
            line = (f"{e.name:<16} {e.seats:>5} {e.games:>6} {100 * e.win_share():>8.1f}%  "
                    f"{f'[{100 * low:.1f}%, {100 * high:.1f}%]':<15} {e.mean_score():>10.2f}")
            if per_deal:
                line += f" {e.penalty_per_deal():>12.2f}"
            lines.append(line + (f" {e.decision_ms(0.5):>9.2f} ms {e.decision_ms(0.95):>6.2f} ms" if self.times else ""))
        for e in self.entrants:
            if e.capped:
                lines.append(f"note: the time cap cut {e.capped} of {e.name}'s decisions short; "
                             "its moves depend on the machine's speed")
        return "\n".join(lines)


@dataclass(frozen=True)
class _Table:
    """What every game of an arena shares; picklable, so worker processes can play games."""

    game_id: str
    entrants: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    single_deals: bool


@dataclass(frozen=True)
class _Played:
    """One finished game: each seat's entrant, score, share of the win and decision times."""

    order: tuple[str, ...]
    scores: tuple[float, ...]
    shares: tuple[float, ...]
    deals: int
    times: tuple[tuple[float, ...], ...]
    capped: tuple[int, ...]


class _Timed:
    """A computer player that notes how long each of its decisions took."""

    def __init__(self, agent: Agent) -> None:
        self._agent = agent
        self.uses_view = getattr(agent, "uses_view", True)
        self.sees_all = getattr(agent, "sees_all", False)
        self.times: list[float] = []

    def choose(self, view: Any, legal: tuple[Move, ...], seen: Sequence[Any]) -> Move:
        started = time.perf_counter()
        move = self._agent.choose(view, legal, seen)
        self.times.append(time.perf_counter() - started)
        return move

    @property
    def capped(self) -> int:
        """Decisions the agent's time cap cut short (0 for agents without one)."""
        return int(getattr(self._agent, "capped", 0))


def _play(table: _Table, index: int, people: tuple[Any, ...] | None = None) -> _Played:
    """Play the ``index``-th game (or single deal) of the arena."""
    game = GAMES[table.game_id]
    offset, order = seating(table.entrants, index)
    game_seed = table.seed + offset
    people = load_personalities() if people is None else people
    agents = [_Timed(make_agent(name, game, s, game_seed, people)) for s, name in enumerate(order)]
    deals = ENTRY[game.id].deals
    record = Record(game.id, len(order), table.options, tuple(Seat(name, name) for name in order), game_seed)
    match = play_out(game, record, dict(enumerate(agents)), until=deals.first_over if table.single_deals and deals else None)
    state = match.full_state()
    scores = game.scores(state)
    best = min(scores) if game.lower_score_wins else max(scores)
    winners = [s for s, score in enumerate(scores) if score == best] if table.single_deals else game.winners(state)
    played = 0 if deals is None else 1 if table.single_deals else deals.played(state)
    shares = tuple(1 / len(winners) if s in winners else 0.0 for s in range(len(order)))
    return _Played(order, tuple(scores), shares, played, tuple(tuple(agent.times) for agent in agents),
                   tuple(agent.capped for agent in agents))


def run_arena(game: Game, entrants: Sequence[str], count: int, seed: int = 0,
              options: Mapping[str, Any] | None = None, single_deals: bool = False,
              on_game: Callable[[int], None] | None = None, jobs: int = 1, times: bool = False) -> ArenaResult:
    """Play ``count`` games (or single deals) among ``entrants``, one per seat,
    on ``jobs`` processes (the tallies are the same for any number). ``times``
    shows the decision times, which depend on the machine, in the output.

    Raises ``OptionError`` or ``ValueError`` (one line) for a bad request.
    """
    players = len(entrants)
    resolved = game.resolve_options(players, options or {})
    if single_deals and ENTRY[game.id].deals is None:
        raise OptionError(f"{game.name} cannot be measured by single deals; use games")
    people = load_personalities()
    for seat, name in enumerate(entrants):
        make_agent(name, game, seat, seed, people)  # refuse unknown names before playing
    stats: dict[str, Entrant] = {}
    for name in entrants:
        stats.setdefault(name, Entrant(name)).seats += 1
    table = _Table(game.id, tuple(entrants), seed, dict(resolved), single_deals)
    with _games(table, count, jobs, people) as played:
        for index, result in enumerate(played):
            for seat, name in enumerate(result.order):
                entrant = stats[name]
                entrant.games += 1
                entrant.score += result.scores[seat]
                entrant.wins += result.shares[seat]
                entrant.deals += result.deals
                entrant.times.extend(result.times[seat])
                entrant.capped += result.capped[seat]
            if on_game is not None:
                on_game(index + 1)
    return ArenaResult(game, players, resolved, seed, count, single_deals, list(stats.values()), times)


@contextmanager
def _games(table: _Table, count: int, jobs: int, people: tuple[Any, ...]) -> Iterator[Iterable[_Played]]:
    """The arena's games in order, played here or by ``jobs`` worker processes."""
    if jobs <= 1 or count <= 1:
        yield (_play(table, index, people) for index in range(count))
        return
    with ProcessPoolExecutor(max_workers=min(jobs, count)) as pool:
        yield pool.map(_play, [table] * count, range(count))
