"""Every message from a table server checked field by field before a table or a player sees it.

A host may be hostile: a ``players`` of ``"x"`` or a seat number of a
million must end the connection with one line ("this table sent something
this program does not understand"), never raise on the window's thread. Texts that will be shown (a
``closed`` or ``error`` message, a seat's name) are cleaned of control and escape characters and cut short.
:func:`check_server_message` knows each kind's fields, their types,
ranges and counts; the views and events themselves are read by the game's
codec, which refuses what it cannot decode.
"""

from __future__ import annotations

from typing import Any

from ..registry import GAMES
from . import protocol
from .codec import TAG
from .protocol import NAME_LIMIT, ProtocolError

#: Bounds on what a server may send: seats at a table, moves offered at once, events in one step.
MOST_SEATS = 10
MOST_LEGAL = 500
MOST_EVENTS = 500
MOVE_LIMIT = 64
#: Fields a step may say changed in a view (a view class has a few dozen at most).
MOST_FIELDS = 100
TEXT_LIMIT = 500
#: The largest count a server may give (moves made, a step's index, a score either way).
NUMBER_LIMIT = 10**9
SEED_LIMIT = 1 << 256

_SEAT_FLAGS = ("remote", "joined", "connected", "computer", "host")
_FIELDS: dict[str, frozenset[str]] = {
    "welcome": frozenset({"version", "seat", "token", "game", "host"}),
    "table": frozenset({"game", "players", "options", "seats", "started", "over"}),
    "step": frozenset({"index", "made", "seat", "move", "events", "view", "changed", "to_move", "legal", "over",
                       "scores", "winners", "seed"}),
    "sync": frozenset({"made", "view", "to_move", "legal", "over", "scores", "winners", "seed"}),
    "error": frozenset({"message", "reason"}),
    "closed": frozenset({"message"}),
}


def server_messages(raw: str | bytes) -> list[dict[str, Any]]:
    """The messages in one frame from a server (one, or a batch's), each checked; raises ``ProtocolError``."""
    message = protocol.read(raw, protocol.SERVER_MESSAGES)
    if message["type"] != "batch":
        check_server_message(message)
        return [message]
    if set(message) != {"type", "messages"}:
        raise ProtocolError("a batch carries only its messages")
    batched = message["messages"]
    if not isinstance(batched, list) or not 2 <= len(batched) <= protocol.BATCH_MOST:
        raise ProtocolError(f"a batch is a list of 2 to {protocol.BATCH_MOST} messages")
    for inner in batched:
        if not isinstance(inner, dict) or not isinstance(inner.get("type"), str) or inner["type"] not in _FIELDS:
            raise ProtocolError("a batch holds messages of the kinds a server sends, not batches")
        check_server_message(inner)
    return batched


def check_server_message(message: dict[str, Any]) -> None:
    """Raise ``ProtocolError`` naming the first field of ``message`` that is missing, of the wrong type,
    out of range or too many."""
    kind = message["type"]
    extra = sorted(set(message) - _FIELDS[kind] - {"type"})
    if extra:
        raise ProtocolError(f"a {kind} message has no field {extra[0]!r}")
    if kind == "welcome":
        _number(message, "version", 1, 1000)
        _number(message, "seat", 0, MOST_SEATS - 1)
        _text(message, "token", 64)
        if _text(message, "game", 40) not in GAMES:
            raise ProtocolError("a welcome names an unknown game")
        _flag(message, "host", required=False)
    elif kind == "table":
        _table(message)
    elif kind in ("step", "sync"):
        _play(message, kind)
    else:
        if _text(message, "message", TEXT_LIMIT, required=kind == "closed") is not None:
            message["message"] = protocol.shown_text(message["message"])


def _table(message: dict[str, Any]) -> None:
    if _text(message, "game", 40) not in GAMES:
        raise ProtocolError("a table message names an unknown game")
    players = _number(message, "players", 2, MOST_SEATS)
    if not isinstance(message.get("options"), dict):
        raise ProtocolError("a table message's options must be an object")
    seats = message.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise ProtocolError("a table message must list one seat per player")
    for seat in seats:
        if not isinstance(seat, dict) or set(seat) - {"name", *_SEAT_FLAGS}:
            raise ProtocolError("a seat is an object with a name and flags")
        seat["name"] = protocol.shown_text(_text(seat, "name", 4 * NAME_LIMIT) or "", NAME_LIMIT)
        for flag in _SEAT_FLAGS:
            _flag(seat, flag, required=False)
    _flag(message, "started", required=False)
    _flag(message, "over", required=False)


def _play(message: dict[str, Any], kind: str) -> None:
    _number(message, "made", 0, NUMBER_LIMIT)
    if kind == "step":
        _step(message)
    elif "view" not in message:
        raise ProtocolError(f"a {kind} message has no view")
    _numbers(message, "to_move", MOST_SEATS, 0, MOST_SEATS - 1)
    if "legal" in message:
        legal = message["legal"]
        if not isinstance(legal, list) or not legal or len(legal) > MOST_LEGAL or not all(
                isinstance(move, str) and 0 < len(move) <= MOVE_LIMIT for move in legal):
            raise ProtocolError(f"legal moves are a list of 1 to {MOST_LEGAL} short texts")
    if message.get("over") is not None:
        if message["over"] is not True:
            raise ProtocolError("over is true when given")
        _numbers(message, "scores", MOST_SEATS, -NUMBER_LIMIT, NUMBER_LIMIT)
        _numbers(message, "winners", MOST_SEATS, 0, MOST_SEATS - 1)
        _number(message, "seed", 0, SEED_LIMIT)


def _step(message: dict[str, Any]) -> None:
    """The fields a step has and a sync has not: the move, its events, and the view whole or what changed."""
    _number(message, "index", 0, NUMBER_LIMIT)
    if message.get("seat") is not None:
        _number(message, "seat", 0, MOST_SEATS - 1)
    if message.get("move") is not None:
        _text(message, "move", MOVE_LIMIT)
    events = message.get("events")
    if not isinstance(events, list) or len(events) > MOST_EVENTS:
        raise ProtocolError(f"a step's events are a list of at most {MOST_EVENTS}")
    if ("view" in message) == ("changed" in message):
        raise ProtocolError("a step carries its view or the view's changed fields, one of the two")
    if "changed" in message:
        changed = message["changed"]
        if not isinstance(changed, dict) or TAG in changed or len(changed) > MOST_FIELDS:
            raise ProtocolError(f"a step's changed fields are an object of at most {MOST_FIELDS} fields")


def _number(message: dict[str, Any], field: str, low: int, high: int) -> int:
    value = message.get(field)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProtocolError(f"{field} must be a whole number from {low} to {high}")
    return value


def _numbers(message: dict[str, Any], field: str, most: int, low: int, high: int) -> None:
    values = message.get(field)
    if not isinstance(values, list) or len(values) > most or not all(
            not isinstance(v, bool) and isinstance(v, int) and low <= v <= high for v in values):
        raise ProtocolError(f"{field} must be a list of at most {most} whole numbers from {low} to {high}")


def _text(message: dict[str, Any], field: str, limit: int, required: bool = True) -> str | None:
    value = message.get(field)
    if value is None and not required:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise ProtocolError(f"{field} must be text of at most {limit} characters")
    return value


def _flag(message: dict[str, Any], field: str, required: bool = True) -> None:
    value = message.get(field)
    if (value is None and not required) or isinstance(value, bool):
        return
    raise ProtocolError(f"{field} must be true or false")

