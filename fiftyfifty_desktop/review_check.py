"""A kept review read back as strictly as a record file: every value of its JSON has the type the Review screen
reads, and it is a review of the very record and seat it is kept for (each decision a move that seat played).
Anything else is a one-line ``ValueError`` naming the value, never a review half made."""

from __future__ import annotations

import math
from typing import Any

from .ai.consequences import Aftermath
from .ai.review import SIZES, VERSION, DecisionReview, GameReview, Weighed
from .engine.errors import brief
from .engine.reason import Reason, ReasonValue
from .engine.records import Record

_FIELDS = ("number", "index", "played", "best", "played_value", "best_value", "size", "reason", "played_reason",
           "standing", "outcome", "moves", "played_after", "best_after")
#: The largest value a review holds (a point or score difference), far above any game's.
_LARGEST = 1e9


def checked_review(data: Any, record: Record, seat: int) -> GameReview:
    """The review ``data`` holds, of ``record``'s ``seat``; raises ``ValueError`` naming what is wrong."""
    review = _object(data, "the review")
    if review.get("version") != VERSION:
        raise ValueError(f"version {brief(review.get('version'))} is not {VERSION}")
    if review.get("game") != record.game or review.get("seat") != seat:
        raise ValueError(f"it is a review of {brief(review.get('game'))} seat {brief(review.get('seat'))}, "
                         f"not of {record.game} seat {seat}")
    worlds = _whole(review.get("worlds"), "worlds", 1)
    decisions = review.get("decisions")
    if not isinstance(decisions, list):
        raise ValueError(f"decisions must be a list, not {brief(decisions)}")
    return GameReview(record.game, seat, worlds, tuple(_decision(d, i, record, seat) for i, d in enumerate(decisions)))


def _decision(data: Any, i: int, record: Record, seat: int) -> DecisionReview:
    what = f"decision {i}"
    d = _object(data, what)
    missing = [name for name in _FIELDS if name not in d]
    if missing:
        raise ValueError(f"{what} lacks {missing[0]}")
    index = _whole(d["index"], f"{what} index", 0)
    if index >= len(record.moves) or record.moves[index] != (seat, d["played"]):
        raise ValueError(f"{what} is no move seat {seat} played at {index}")
    moves = d["moves"]
    if not isinstance(moves, list) or not moves:
        raise ValueError(f"{what} moves must be a list of moves weighed, not {brief(moves)}")
    weighed = tuple(_weighed(w, f"{what} move {n}") for n, w in enumerate(moves))
    if d["size"] not in SIZES:
        raise ValueError(f"{what} size must be one of {', '.join(SIZES)}, not {brief(d['size'])}")
    return DecisionReview(_whole(d["number"], f"{what} number", 0), index, _text(d["played"], f"{what} played"),
                          _text(d["best"], f"{what} best"), _value(d["played_value"], f"{what} played_value"),
                          _value(d["best_value"], f"{what} best_value"), d["size"],
                          _reason(d["reason"], f"{what} reason"), _reason(d["played_reason"], f"{what} played_reason"),
                          _value(d["standing"], f"{what} standing"), _value(d["outcome"], f"{what} outcome"), weighed,
                          _aftermath(d["played_after"], f"{what} played_after"),
                          _aftermath(d["best_after"], f"{what} best_after"))


def _aftermath(data: Any, what: str) -> Aftermath | None:
    """What followed a move, as the review names it: an event's code and numbers, each in its range."""
    if data is None:
        return None
    a = _object(data, what)
    code = a.get("code")
    if not isinstance(code, str) or not code.isidentifier() or len(code) > 40:
        raise ValueError(f"{what} code must be an event's name, not {brief(code)}")
    of = _whole(a.get("of"), f"{what} of", 1)
    count = _whole(a.get("count"), f"{what} count", 0)
    if count > of:
        raise ValueError(f"{what} count {count} is more than the {of} continuations")
    params = a.get("params")
    if not isinstance(params, dict) or len(params) > 8 or not all(
            isinstance(name, str) and isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 10 ** 9
            for name, value in params.items()):
        raise ValueError(f"{what} params must be an object of numbers, not {brief(params)}")
    return Aftermath(code, count, of, _value(a.get("cost"), f"{what} cost"), params)


def _weighed(data: Any, what: str) -> Weighed:
    w = _object(data, what)
    return Weighed(_text(w.get("move"), what), _value(w.get("value"), f"{what} value"))


def _reason(data: Any, what: str) -> Reason | None:
    if data is None:
        return None
    r = _object(data, what)
    params = r.get("params")
    if not isinstance(params, dict):
        raise ValueError(f"{what} params must be an object, not {brief(params)}")
    read: dict[str, ReasonValue] = {}
    for name, value in params.items():
        if isinstance(value, list) and all(isinstance(v, str) and len(v) <= 40 for v in value) and len(value) <= 200:
            read[name] = tuple(value)
        elif isinstance(value, str) and len(value) <= 200:
            read[name] = value
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 10 ** 9:
            read[name] = value
        else:
            raise ValueError(f"{what} param {brief(name)} must be a card, a number or a list of cards, "
                             f"not {brief(value)}")
    return Reason(_text(r.get("code"), f"{what} code"), read, _text(r.get("text"), f"{what} text", empty=True))


def _object(data: Any, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"{what} must be an object, not {brief(data)}")
    return data


def _text(value: Any, what: str, empty: bool = False) -> str:
    if not isinstance(value, str) or len(value) > 400 or not (value or empty):
        raise ValueError(f"{what} must be a short text, not {brief(value)}")
    return value


def _whole(value: Any, what: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= 10 ** 9:
        raise ValueError(f"{what} must be a whole number from {least} to 1,000,000,000, not {brief(value)}")
    return value


def _value(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or abs(value) > _LARGEST:
        raise ValueError(f"{what} must be a number, not {brief(value)}")
    return float(value)
