"""Why one move is worth more than another: what the search's own rollouts play after each.

A review follows the continuations of the move played and of the best move
that it weighed them on (``SearchAgent.continuations``: the same worlds, luck
and rollout players) and has each game name the costly events in them:
a row taken, halves taken, a bid made or failed, a group laid. Each event
costs the seat something in the game's unit, against the average other seat
as a move's value does (negative: a gain). The event that makes the
difference is the kind whose total cost after the move played most exceeds
its total after the best move; both moves are explained by that kind: how
often it followed and what it cost. So the better move is never described
as costing more.

An event is public (``engine.Event``) and a phrase names only the seat's
own cards and the table, never a hidden card of another seat. Each game's
phrases are one function here, named by the game's registry entry
(``consequences``) and worded under ``review.after.<code>``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from ..engine import Event
from ..games import fiftyfifty as ff
from ..games import take5
from ..games import thirteen
from ..games.fiftyfive import parts as ff5

#: One costly event as a game names it: its code, its detail (a row, a bid) and its cost to the seat.
Fact = tuple[str, Mapping[str, int], float]
#: A game's namer: (the world before the move, the state before a step, the state after it, the events of the
#: step, the seat, the number of players) -> the costly events of the step.
Namer = Callable[[Any, Any, Any, Sequence[Event], int, int], list[Fact]]
#: A kind of event: its code and its detail, sorted.
Kind = tuple[str, tuple[tuple[str, int], ...]]


@dataclass(frozen=True)
class Aftermath:
    """What followed a move: the event ``code`` with its detail ``params`` (``review.after.<code>``) happened in
    ``count`` of ``of`` continuations, costing the seat ``cost`` on average when it did (negative: a gain)."""

    code: str
    count: int
    of: int
    cost: float
    params: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    @property
    def expected(self) -> float:
        """The event's cost per continuation, the times it did not happen counted as nothing."""
        return self.cost * self.count / self.of if self.of else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "count": self.count, "of": self.of, "cost": round(self.cost, 3),
                "params": dict(self.params)}


def aftermath_from_json(raw: Mapping[str, Any] | None) -> Aftermath | None:
    return None if raw is None else Aftermath(raw["code"], raw["count"], raw["of"], raw["cost"], raw["params"])


def facts(namer: Namer, start: Any, steps: Sequence[tuple[Any, int, Sequence[Event]]], seat: int,
          players: int) -> list[Fact]:
    """Every costly event of one continuation (``steps``: the state after each step, its mover, its events)."""
    found: list[Fact] = []
    before = start
    for after, _, events in steps:
        found.extend(namer(start, before, after, events, seat, players))
        before = after
    return found


def explain(played: Sequence[Sequence[Fact]], best: Sequence[Sequence[Fact]]
            ) -> tuple[Aftermath, Aftermath] | tuple[None, None]:
    """The kind of event that makes the difference between the move played and the best, each continuation's
    facts given per move (the same worlds in the same order): the kind whose total cost is most above after
    the move played, as an :class:`Aftermath` of each move; none when no kind costs more after it."""
    played_total, played_seen = _tally(played)
    best_total, best_seen = _tally(best)
    kinds = sorted(set(played_total) | set(best_total))
    gaps = [(played_total.get(kind, 0.0) - best_total.get(kind, 0.0), kind) for kind in kinds]
    if not gaps or max(gaps)[0] <= 1e-9:
        return None, None
    code, detail = kind = max(gaps)[1]

    def told(total: dict[Kind, float], seen: Counter[Kind], runs: int) -> Aftermath:
        count = seen[kind]
        return Aftermath(code, count, runs, total.get(kind, 0.0) / count if count else 0.0, dict(detail))

    return told(played_total, played_seen, len(played)), told(best_total, best_seen, len(best))


def fault(played: Aftermath | None, best: Aftermath | None) -> str | None:
    """What is wrong with the explanation of a mistake, in one line, or None: both moves explained, in different
    words, and the better move never described as costing more."""
    if played is None or best is None:
        return "no explanation"
    if played == best:
        return "the same explanation for both moves"
    if not played.expected > best.expected:
        return f"the better move is described as costing more ({best.expected:.2f} >= {played.expected:.2f})"
    return None


def _tally(runs: Sequence[Sequence[Fact]]) -> tuple[dict[Kind, float], Counter[Kind]]:
    """Per kind of event: its total cost over the continuations and in how many it happened."""
    total: dict[Kind, float] = {}
    seen: Counter[Kind] = Counter()
    for run in runs:
        kinds = [(code, tuple(sorted(params.items()))) for code, params, _ in run]
        seen.update(set(kinds))
        for kind, (_, _, cost) in zip(kinds, run):
            total[kind] = total.get(kind, 0.0) + cost
    return total, seen


def _shared(cost: float, players: int) -> float:
    """What another seat's ``cost`` is worth to the seat: the average other seat's loss is its gain."""
    return -cost / (players - 1) if players > 1 else 0.0


# ----- Take 5 ---------------------------------------------------------------
def take5_facts(start: take5.Take5State, before: take5.Take5State, state: take5.Take5State, events: Sequence[Event],
                seat: int, players: int) -> list[Fact]:
    """A row the seat takes, and which, this turn or later in the round; a row another seat takes."""
    found: list[Fact] = []
    for event in events:
        if not isinstance(event, take5.RowTaken):
            continue
        if event.seat == seat:
            later = (before.round, before.turn) != (start.round, start.turn)
            found.append(("take5_take_later" if later else "take5_take_now", {"row": event.row + 1},
                          float(event.bullheads)))
        else:
            found.append(("take5_other_takes", {}, _shared(event.bullheads, players)))
    return found


# ----- Fifty Fifty ------------------------------------------------------------
def fiftyfifty_facts(start: ff.FiftyState, before: ff.FiftyState, state: ff.FiftyState, events: Sequence[Event],
                     seat: int, players: int) -> list[Fact]:
    """Whether the seat ends the hand holding more halves than the others on average, or fewer or as many (each
    half counts one against its holder), and an earlier hand it strikes by ending one with none."""
    found: list[Fact] = []
    for event in events:
        if isinstance(event, ff.HandScored):
            others = [r for s, r in enumerate(event.results) if s != seat]
            gain = event.results[seat] - (sum(others) / len(others) if others else 0.0)
            found.append(("fiftyfifty_more" if gain < 0 else "fiftyfifty_fewer", {}, -gain))
        elif isinstance(event, ff.HandStruck) and event.seat == seat:
            found.append(("fiftyfifty_strike", {"hand": event.hand}, float(event.result)))
    return found


# ----- Fifty-Five -------------------------------------------------------------
def fiftyfive_facts(start: Any, before: Any, state: Any, events: Sequence[Event], seat: int,
                    players: int) -> list[Fact]:
    """The hand's settlement: the bid of the seat's side made or failed, or the other side's."""
    found: list[Fact] = []
    for event in events:
        if not isinstance(event, ff5.HandScored):
            continue
        mine = ff5.side_of(state, seat)
        others = [event.settlement[ff5.side_of(state, other)] for other in range(players) if other != seat]
        gain = event.settlement[mine] - (sum(others) / len(others) if others else 0.0)
        ours = ff5.side_of(state, event.bidder) == mine
        code = f"fiftyfive_{'our' if ours else 'their'}_bid_{'made' if event.made else 'failed'}"
        found.append((code, {"bid": event.bid}, -gain))
    return found


# ----- Thirteen ---------------------------------------------------------------
def thirteen_facts(start: thirteen.ThirteenState, before: thirteen.ThirteenState, state: thirteen.ThirteenState,
                   events: Sequence[Event], seat: int, players: int) -> list[Fact]:
    """A group the seat lays, or one another seat lays (its value not named: it came from a hidden hand)."""
    found: list[Fact] = []
    for event in events:
        if isinstance(event, thirteen.Laid):
            if event.seat == seat:
                found.append(("thirteen_you_lay", {}, -float(event.points)))
            else:
                found.append(("thirteen_other_lays", {}, -_shared(event.points, players)))
    return found
