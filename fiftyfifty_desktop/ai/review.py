"""Game review: where a seat lost points, decision by decision.

Each decision of the seat with more than one legal move is weighed from
what the seat knew then (its view and earlier views, as ``engine/recall.py``
hands them to a computer player; never the hidden cards) by the hard
player's evaluator (``SearchAgent.weigh``): every candidate move's mean
over :data:`WORLDS` worlds, all moves on the same worlds. A move's value is
the seat's expected gain to the search's horizon (the end of the deal)
against the average other seat, in the game's own unit, penalties counting
against, so the same number reads "bullheads", "halves" or "points". The
cost of the move played is how far its value falls short of the best.

The worlds are dealt from a generator of the record's seed, the seat and the
decision number alone, so the same record gives the same review on any
machine. ``docs/review.md`` documents the sizes and the JSON.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Sequence

from ..engine import AnyGame, Move, Reason
from ..engine.game import State
from ..engine.recall import Decision, Recall
from ..engine.records import Record, replay, start
from ..registry import GAMES, Scale, entry
from . import SearchAgent, make_agent
from .consequences import Aftermath, aftermath_from_json, explain, facts
from .hints import hint_reason
from .search import relative_gain

#: Worlds each decision's moves are weighed over: fixed, so a review never depends on the machine.
WORLDS = 32
#: The format of :meth:`GameReview.to_json`; a stored review of another version is weighed again.
VERSION = 2
#: A record's seat player for a person (``docs/records.md``).
HUMAN = "human"
#: The sizes of a mistake, smallest first.
SIZES = ("fine", "small", "clear", "big")
#: The sizes of a mistake explained by what followed (``ai/consequences.py``): the rest keep the hints' facts,
#: and a review of a game of many small slips stays quick.
EXPLAINED = ("clear", "big")


def reviewable(game_id: str) -> bool:
    """Whether games of ``game_id`` can be reviewed: its registry entry sizes mistakes and has a search."""
    found = entry(game_id)
    return found.review is not None and found.search is not None


def scale(game_id: str) -> Scale:
    """The game's unit and mistake sizes; raises ``ValueError`` (one line) for a game a review cannot weigh."""
    found = entry(game_id).review
    if found is None or not reviewable(game_id):
        raise ValueError(f"{GAMES[game_id].name} games cannot be reviewed")
    return found


def size_of(game_id: str, cost: float) -> str:
    """The size of a mistake costing ``cost``: ``fine`` below the game's small threshold."""
    sizes = scale(game_id)
    thresholds = (sizes.small, sizes.clear, sizes.big)
    found = [name for name, low in zip(SIZES[1:], thresholds) if cost >= low]
    return found[-1] if found else SIZES[0]


@dataclass(frozen=True)
class Weighed:
    """One candidate move and its expected value (higher is better for the seat)."""

    move: str
    value: float


@dataclass(frozen=True)
class DecisionReview:
    """One decision: where it is in the record, the move played, the best one, and what the gap cost."""

    number: int  # the seat's decision number (from 0, every decision counted)
    index: int  # the index in the record's moves of the move played (the replay opens before it)
    played: str
    best: str
    played_value: float
    best_value: float
    size: str
    reason: Reason | None  # why the best move (a hint reason, ``hint.<code>``), None when there is none to say
    played_reason: Reason | None  # the same fact about the move played
    standing: float  # the seat's score against the average other, expected at the horizon after the move played
    outcome: float  # what the game actually brought the seat to the horizon, in the same unit (for measuring)
    moves: tuple[Weighed, ...]  # every move weighed, best-liked by the rule-based player first
    played_after: Aftermath | None = None  # what followed the move played that makes the difference (mistakes)
    best_after: Aftermath | None = None  # the same kind of event after the best move

    @property
    def cost(self) -> float:
        return self.best_value - self.played_value


@dataclass(frozen=True)
class GameReview:
    game: str
    seat: int
    worlds: int
    decisions: tuple[DecisionReview, ...]

    @property
    def unit(self) -> str:
        return scale(self.game).unit

    def mistakes(self) -> dict[str, int]:
        """How many decisions of each size."""
        return {size: sum(1 for d in self.decisions if d.size == size) for size in SIZES}

    def lost_per_decision(self) -> float:
        """The mean expected cost of the moves played (0 for a game without a decision to weigh)."""
        return sum(d.cost for d in self.decisions) / len(self.decisions) if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION, "game": self.game, "seat": self.seat, "worlds": self.worlds, "unit": self.unit,
                "summary": {"decisions": len(self.decisions), "lost_per_decision": round(self.lost_per_decision(), 3),
                            "lost": round(sum(d.cost for d in self.decisions), 3), "mistakes": self.mistakes()},
                "decisions": [_decision_json(d) for d in self.decisions]}


def _reason_json(reason: Reason | None) -> dict[str, Any] | None:
    return None if reason is None else {"code": reason.code, "params": dict(reason.params), "text": reason.english}


def _reason_from_json(raw: Mapping[str, Any] | None) -> Reason | None:
    if raw is None:
        return None
    return Reason(raw["code"], {k: tuple(v) if isinstance(v, list) else v for k, v in raw["params"].items()},
                  raw["text"])


def _decision_json(d: DecisionReview) -> dict[str, Any]:
    return {"number": d.number, "index": d.index, "played": d.played, "best": d.best,
            "played_value": round(d.played_value, 3), "best_value": round(d.best_value, 3),
            "cost": round(d.cost, 3), "size": d.size, "reason": _reason_json(d.reason),
            "played_reason": _reason_json(d.played_reason), "standing": round(d.standing, 3),
            "outcome": round(d.outcome, 3), "moves": [{"move": w.move, "value": round(w.value, 3)} for w in d.moves],
            "played_after": None if d.played_after is None else d.played_after.to_json(),
            "best_after": None if d.best_after is None else d.best_after.to_json()}


def review_from_json(data: Mapping[str, Any]) -> GameReview | None:
    """A review written by :meth:`GameReview.to_json` (values as rounded there); None for another version."""
    if data.get("version") != VERSION:
        return None
    decisions = []
    for d in data["decisions"]:
        decisions.append(DecisionReview(d["number"], d["index"], d["played"], d["best"], d["played_value"],
                                        d["best_value"], d["size"], _reason_from_json(d["reason"]),
                                        _reason_from_json(d["played_reason"]), d["standing"], d["outcome"],
                                        tuple(Weighed(w["move"], w["value"]) for w in d["moves"]),
                                        aftermath_from_json(d["played_after"]), aftermath_from_json(d["best_after"])))
    return GameReview(data["game"], data["seat"], data["worlds"], tuple(decisions))


def rounded(review: GameReview) -> GameReview:
    """``review`` as its JSON holds it, so a stored review and a fresh one compare equal."""
    back = review_from_json(review.to_json())
    assert back is not None
    return back


@dataclass(frozen=True)
class _Point:
    decision: Decision
    began: int  # index in the game's states where the decision began
    index: int  # index of the move played in the record's moves
    move: Move


def _points(game: AnyGame, record: Record, seat: int) -> tuple[list[_Point], list[State]]:
    """Every decision of ``seat`` in ``record`` and every state of the game (the opening first)."""
    state, _ = start(game, record)
    recall = Recall(game, state)
    states = [state]
    points: list[_Point] = []
    waiting: tuple[Decision, int] | None = (recall.decision(seat), 0) if seat in game.to_move(state) else None
    for index, (mover, text) in enumerate(record.moves):
        move = game.parse_move(text)
        if mover == seat and waiting is not None:
            points.append(_Point(waiting[0], waiting[1], index, move))
            waiting = None
        before = game.to_move(state)
        state, _ = game.apply(state, mover, move)
        recall.observe(state, mover)
        states.append(state)
        if seat in game.to_move(state) and (mover == seat or seat not in before):
            waiting = (recall.decision(seat), len(states) - 1)
    return points, states


def first_person(record: Record) -> int:
    """The seat a review looks at unless told: the first a person played, else seat 0."""
    return next((i for i, s in enumerate(record.seats) if s.player == HUMAN), 0)


def check_seat(record: Record, seat: int) -> None:
    """Raise ``ValueError`` with a one-line message unless ``seat`` is a seat of ``record``."""
    if not 0 <= seat < record.players:
        raise ValueError(f"seat {seat} is not in this game: its seats are 0 to {record.players - 1}")


def weighed_decisions(record: Record, seat: int) -> int:
    """How many of ``seat``'s decisions a review weighs (those with more than one legal move)."""
    return sum(1 for p in _points(GAMES[record.game], record, seat)[0] if len(p.decision.legal) > 1)


def review_game(record: Record, seat: int, worlds: int = WORLDS,
                progress: Callable[[int, int], None] | None = None,
                cancel: threading.Event | None = None) -> GameReview | None:
    """The review of ``seat`` in the finished or unfinished game ``record`` (checked by replaying it: raises
    ``RecordError``), or None when ``cancel`` is set first. ``progress(done, total)`` is told after each
    decision weighed."""
    check_seat(record, seat)
    scale(record.game)
    replay(record, GAMES)
    game = GAMES[record.game]
    agent = make_agent("hard", game, seat, record.seed)
    assert isinstance(agent, SearchAgent)
    agent.settings = replace(agent.settings, finish=0.0)  # weighed in points, not chances to win
    points, states = _points(game, record, seat)
    chosen = [p for p in points if len(p.decision.legal) > 1]
    lower = game.lower_score_wins
    horizon = entry(game.id).load("search").horizon

    def measure(before: Sequence[float], after: Sequence[float]) -> float:
        return relative_gain(before, after, seat, 1.0, lower)

    decisions = []
    for done, point in enumerate(chosen):
        decision = point.decision
        number = len(decision.seen)
        source = random.Random(f"review:{record.seed}:{seat}:{number}")
        weighed = agent.weigh(decision.view, decision.legal, decision.seen, source, worlds, measure,
                              include=(point.move,), cancel=cancel)
        if weighed is None:
            return None
        best, best_value = max(weighed, key=lambda w: w[1])  # the best-liked among equals
        played_value = next(value for move, value in weighed if move == point.move)
        cost = best_value - played_value
        began = states[point.began]
        size = size_of(game.id, cost)
        played_after, best_after = (None, None) if size not in EXPLAINED else _aftermath(
            agent, game, decision, (point.move, best), random.Random(f"review:{record.seed}:{seat}:{number}"), seat, worlds)
        end = _horizon_state(game, states, point.began, horizon, agent.settings.depth)
        standing = measure([0] * len(game.scores(began)), game.scores(began)) + played_value
        decisions.append(DecisionReview(
            number, point.index, point.move.text(), best.text(), played_value, best_value, size,
            hint_reason(game.id, decision.view, best), hint_reason(game.id, decision.view, point.move), standing,
            measure(game.scores(began), game.scores(end)),
            tuple(Weighed(move.text(), value) for move, value in weighed), played_after, best_after))
        if progress is not None:
            progress(done + 1, len(chosen))
    return GameReview(game.id, seat, worlds, tuple(decisions))


def _aftermath(agent: SearchAgent, game: AnyGame, decision: Decision, moves: tuple[Move, Move],
               source: random.Random, seat: int, worlds: int) -> tuple[Aftermath, Aftermath] | tuple[None, None]:
    """What makes the difference between the move played and the best in the search's continuations of each
    (``ai/consequences.py``), on the worlds they were weighed on (``source`` seeded as the weigh's)."""
    namer = entry(game.id).load("consequences")
    runs = [[facts(namer, world, steps, seat, game.players(world)) for steps in lines]
            for world, lines in agent.continuations(decision.view, decision.seen, moves, source, worlds)]
    return explain([run[0] for run in runs], [run[1] for run in runs])


def _horizon_state(game: AnyGame, states: Sequence[State], began: int, horizon: Callable[[State], Any] | None,
                   depth: int) -> State:
    """The first state after ``began`` past the search's horizon (or ``depth`` moves on, or the last)."""
    mark = horizon(states[began]) if horizon is not None else None
    for state in states[began + 1:began + 1 + depth]:
        if game.is_over(state) or (horizon is not None and horizon(state) != mark):
            return state
    return states[min(began + depth, len(states) - 1)]

