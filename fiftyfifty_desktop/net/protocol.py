"""The table protocol: versioned JSON messages over a WebSocket (``docs/protocol.md``).

Every message is one JSON object with a ``type``. This module knows the
types each side may send, the limits the server holds clients to (message
size, rate, refusals before the connection is closed) and reads incoming
text strictly: bounded nesting, no duplicate keys, nothing but JSON.
"""

from __future__ import annotations

import json
import time
import unicodedata
from typing import Any, Callable

import orjson

from ..engine import GameError, Reason
from ..engine.errors import brief
from ..engine.reason import ReasonValue
from ..engine.strict_json import JsonError, loads
from ..engine.text import MAX_NAME_LENGTH, bad_character, name_problem

NAME = "fiftyfifty-table"
#: A seat's ``player`` in a record when a person plays it over the network.
REMOTE = "remote"
VERSION = 4
#: The port a table listens on unless told otherwise.
DEFAULT_PORT = 8455
#: Longest message a client may send, in bytes (a move is a few dozen); longer ones are refused.
CLIENT_MESSAGE_LIMIT = 4096
#: Longest frame the server reads at all: anything longer closes the connection at once.
CLIENT_FRAME_LIMIT = 65536
#: Longest message a client reads from the server (a Thirteen view late in the game is a few KB).
SERVER_MESSAGE_LIMIT = 1 << 18
#: A client may send this many messages at once, then this many per second: the server reads
#: a faster client's messages only as the rate allows, so a flood slows its sender alone.
RATE_BURST = 40
RATE_PER_SECOND = 20.0
#: A connection is closed when its refused messages outnumber its accepted ones by this many
#: (each accepted message takes one refusal off the count): five refusals in a row, say.
STRIKES = 5
#: Longest player name and table code.
NAME_LIMIT = MAX_NAME_LENGTH  # the one name rule's bound
CODE_LIMIT = 32

#: What a client may send, and the fields each message may carry.
CLIENT_MESSAGES: dict[str, frozenset[str]] = {
    "hello": frozenset({"version", "code", "name", "token", "seat", "host"}),
    "pick": frozenset({"seat"}),
    "start": frozenset(),
    "move": frozenset({"move", "seat"}),
    "computer": frozenset({"seat", "on"}),
    "leave": frozenset(),
}
#: What the server sends: each kind alone, or several of them in order in one ``batch`` (what was queued for a
#: connection while it was still sending, in one frame, so a busy server writes and a client reads fewer).
SERVER_MESSAGES = frozenset({"welcome", "table", "step", "sync", "error", "closed", "batch"})
#: Most messages one batch carries.
BATCH_MOST = 16


#: A refusal's reason as sent: at most this many parameters, each text (a card) at most this long,
#: each list at most this many cards (a whole deck), each number at most this large either way.
REASON_PARAMS = 8
REASON_TEXT_LIMIT = 24
REASON_LIST_LIMIT = 64
REASON_NUMBER_LIMIT = 10**6


#: The one answer to a hello the table cannot seat (an unknown code, a full table, a wrong token): the same
#: words, after the same growing delay, whether or not the code was right, so refusals never confirm a guess.
NOT_SEATED = "no open seat at a table with that code"


class ProtocolError(GameError):
    """A message that breaks the protocol; its text is the one-line reply.

    ``reason``, for a move the rules refuse, is the game's reason: it is sent beside the text as a code with
    parameters, so the player's window words it in its own language.
    """

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class NotSeated(ProtocolError):
    """A hello refused for something that depends on the table: answered with ``NOT_SEATED`` alone."""

    def __init__(self, why: str) -> None:
        super().__init__(NOT_SEATED)
        self.why = why  # for the host's log only


def clean_name(raw: str) -> str:
    """A player's name as the table shows it: composed, trimmed, inner spaces as one; raises ``ProtocolError``
    for a name with nothing to show or with a character that could hide or reorder what others see."""
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    problem = name_problem(name)
    if problem is not None:
        raise ProtocolError(problem)
    return name


#: Longest text from the other end that is shown (a ``closed`` or ``error`` message, a refusal's line).
SHOWN_TEXT_LIMIT = 200
#: Characters that must not reach a terminal or a window from the other end: controls (an escape starts a terminal
#: command, a newline forges a log line), format characters (zero-width, right-to-left override), line and paragraph
#: separators, surrogates, private and unassigned code points.
_UNSHOWN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def shown_text(raw: str, limit: int = SHOWN_TEXT_LIMIT) -> str:
    """Text that came from the other end, safe to print or draw: every control, escape or invisible character is a
    space, runs of spaces are one, and a text longer than ``limit`` is cut with an ellipsis."""
    cleaned = "".join(" " if unicodedata.category(char) in _UNSHOWN else char for char in raw)
    text = " ".join(cleaned.split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def reason_message(reason: Reason) -> dict[str, Any]:
    """A reason as the ``reason`` field of an ``error`` message."""
    return {"code": reason.code, "params": {name: list(value) if isinstance(value, tuple) else value
                                            for name, value in reason.params.items()}}


def read_reason(data: Any, codes: tuple[str, ...], english: str = "") -> Reason:
    """The ``reason`` field of an ``error`` message, checked field by field against the reason ``codes`` the game
    and the match may give; raises ``ProtocolError`` naming what is wrong."""
    if not isinstance(data, dict) or set(data) != {"code", "params"}:
        raise ProtocolError("a reason is an object with a code and params")
    code, params = data["code"], data["params"]
    if not isinstance(code, str) or code not in codes:
        raise ProtocolError(f"unknown reason {brief(code)}")
    if not isinstance(params, dict) or len(params) > REASON_PARAMS:
        raise ProtocolError(f"a reason's params are an object of at most {REASON_PARAMS} values")
    read: dict[str, ReasonValue] = {}
    for name, value in params.items():
        if not name.isidentifier() or len(name) > REASON_TEXT_LIMIT:
            raise ProtocolError(f"a reason has no parameter {brief(name)}")
        if isinstance(value, list):
            if len(value) > REASON_LIST_LIMIT:
                raise ProtocolError(f"reason parameter {name} lists more than {REASON_LIST_LIMIT} values")
            read[name] = tuple(_reason_text(name, item) for item in value)
        elif isinstance(value, int) and not isinstance(value, bool):
            if abs(value) > REASON_NUMBER_LIMIT:
                raise ProtocolError(f"reason parameter {name} is out of range")
            read[name] = value
        else:
            read[name] = _reason_text(name, value)
    return Reason(code, read, english)


def _reason_text(name: str, value: Any) -> str:
    if not isinstance(value, str) or not value or len(value) > REASON_TEXT_LIMIT or bad_character(value):
        raise ProtocolError(f"reason parameter {name} must be a short text, a whole number or a list of texts")
    return value


def too_long(raw: str | bytes, limit: int = CLIENT_MESSAGE_LIMIT) -> bool:
    """Whether a message is longer than ``limit`` bytes: a text frame counts its UTF-8 bytes, not its characters
    (an "é" is two, a "€" three)."""
    if isinstance(raw, bytes):
        return len(raw) > limit
    return len(raw) > limit or (4 * len(raw) > limit and len(raw.encode("utf-8")) > limit)


def dumps(message: dict[str, Any], default: Callable[[Any], Any] | None = None) -> str:
    """A message as compact JSON text; ``default`` writes what JSON does not know (a codec's views and events).

    orjson writes a step several times faster than the standard library; ``default`` is handed every
    dataclass (none is written field by field behind the codec's back). A whole number past 64 bits (the
    seed at a game's end), or anything else orjson will not write, is written by the standard library.
    """
    try:
        return orjson.dumps(message, default=default, option=orjson.OPT_PASSTHROUGH_DATACLASS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False, default=default)


def read(text: str | bytes, allowed: dict[str, frozenset[str]] | frozenset[str]) -> dict[str, Any]:
    """The message in ``text``, checked to be a JSON object of an ``allowed`` type
    (with, for a mapping, only the fields its type may carry); raises ``ProtocolError``."""
    if isinstance(text, bytes):
        raise ProtocolError("messages must be text, not binary")
    try:
        data = loads(text)
    except JsonError as exc:
        raise ProtocolError(f"not a JSON message: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in allowed:
        raise ProtocolError(f"unknown message type {brief(kind)}")
    if isinstance(allowed, dict):
        extra = sorted(set(data) - allowed[kind] - {"type"})
        if extra:
            raise ProtocolError(f"a {kind} message has no field {brief(extra[0])}")
    return data


def whole_number(message: dict[str, Any], field: str, required: bool = True) -> int | None:
    """``message[field]`` as a whole number; raises ``ProtocolError`` when it is something else."""
    value = message.get(field)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError(f"{field} must be a whole number")
    return value


def text(message: dict[str, Any], field: str, limit: int, required: bool = True) -> str | None:
    """``message[field]`` as text of at most ``limit`` characters; raises ``ProtocolError``."""
    value = message.get(field)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ProtocolError(f"{field} must be text")
    if len(value) > limit:
        raise ProtocolError(f"{field} is longer than {limit} characters")
    return value.strip()


class RateLimit:
    """A token bucket: ``RATE_BURST`` messages at once, ``RATE_PER_SECOND`` after that."""

    def __init__(self, burst: int = RATE_BURST, per_second: float = RATE_PER_SECOND,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.per_second, self.clock = burst, per_second, clock
        self.tokens = float(burst)
        self.last = clock()

    def wait(self) -> float:
        """Take one message; the seconds its sender must wait before it is read (0: at once)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second) - 1
        self.last = now
        return 0.0 if self.tokens >= 0 else -self.tokens / self.per_second
