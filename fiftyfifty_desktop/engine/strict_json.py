"""JSON text read strictly and within bounds, for every file a user can hand us.

``json.loads`` alone accepts duplicate keys (the last one silently wins),
recurses once per nesting level (a file nested a thousand deep raises
``RecursionError``) and turns any run of digits into an integer (past 4,300
digits Python refuses with a ``ValueError``). :func:`loads` checks the
nesting before parsing, refuses duplicate keys, long numbers and the
non-standard ``NaN``/``Infinity`` and numbers too large for a float, and
raises :class:`JsonError` with one short line in every case.

Every message of a network table is read here, so the common text is read
by orjson (in Rust, several times faster) and accepted only where the
careful reader would read it alike: orjson keeps the last of duplicate keys
and turns whole numbers past 64 bits into floats, so a text orjson reads is
taken as it read it only when orjson writes it back to the same text, or
when it holds no long number and as many keys as the objects read have.
Anything else is read again by the careful reader, which gives the answer
and the error.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import orjson

from .errors import GameError, quoted

#: Deepest nesting of lists and objects accepted; records need 4.
MAX_DEPTH = 32
#: Longest number accepted, in characters (a seed fits in 20).
MAX_NUMBER_LENGTH = 40

#: The brackets of a text's UTF-8 bytes, written as parentheses (everything else is left out) ...
_AS_PARENTHESES = bytes.maketrans(b"[{]}", b"(())")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
#: ... and what each does to the depth.
_STEP = dict(zip(b"()", (1, -1)))


class JsonError(GameError):
    """JSON text that is malformed, too deep, or holds duplicate keys or overlong numbers."""


def nesting(text: str) -> int:
    """How deep lists and objects nest in ``text`` (brackets inside strings do not count).

    Linear and in the string methods' C loops, as every message of a network table is read through it:
    escaped backslashes, then escaped quotes, are taken out, so every quote left opens or closes a string
    and the text between every other pair of quotes is outside strings. (A pattern matching whole strings
    backtracked over runs of escaped quotes, seconds for 64 KB.) Of the brackets left, each pass takes out
    every innermost pair, so balanced brackets are gone after as many passes as they nest deep; past
    ``MAX_DEPTH`` passes, or brackets that do not pair, they are counted one by one. Text that is not JSON
    may be counted otherwise, but only past its first error, where the parser stops.
    """
    brackets = _outside_strings(text).encode("utf-8", "surrogatepass").translate(_AS_PARENTHESES, _NOT_BRACKETS)
    left, depth = brackets, 0
    while left and depth <= MAX_DEPTH:
        inner_taken = left.replace(b"()", b"")
        if len(inner_taken) == len(left):
            break
        left, depth = inner_taken, depth + 1
    if not left:
        return depth
    return max(itertools.accumulate(map(_STEP.__getitem__, brackets), initial=0))


def _outside_strings(text: str) -> str:
    """The text of ``text`` outside its strings (for JSON: past its first error it may be counted otherwise)."""
    plain = text.replace("\\\\", "").replace('\\"', "")
    return "".join(plain.split('"')[::2])


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):  # rare: then find the key that came twice
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise JsonError(f"the key {quoted(key)} appears twice in one object")
            seen.add(key)
    return out


def _number(kind: type) -> Any:
    def parse(text: str) -> Any:
        if len(text) > MAX_NUMBER_LENGTH:
            raise JsonError(f"a number of {len(text)} characters is too long (at most {MAX_NUMBER_LENGTH})")
        return _finite(text) if kind is float else kind(text)
    return parse


def _finite(text: str) -> float:
    """``text`` as a float; a number past the largest float (``1e400``) is refused, not read as infinity."""
    value = float(text)
    if value in (_INFINITY, -_INFINITY):
        raise JsonError(f"{text} is too large a number")
    return value


_INFINITY = float("inf")


def _constant(name: str) -> Any:
    raise JsonError(f"{name} is not a JSON number")


#: One decoder for every text (``json.loads`` with hooks would build one per call) ...
_DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_int=_number(int), parse_float=_number(float),
                            parse_constant=_constant)
#: ... and one that reads numbers in C, for a text with no run of number characters longer than a number may
#: be (so none is too long): most texts, whose every number would otherwise cost a call.
_SHORT_NUMBERS = json.JSONDecoder(object_pairs_hook=_pairs, parse_float=_finite, parse_constant=_constant)
#: Every character a number may hold, written as "0" (to find a run of them by plain search).
_NUMBER_CHARACTERS = str.maketrans(dict.fromkeys("-+.eE123456789", "0"))
_LONG_RUN = "0" * (MAX_NUMBER_LENGTH + 1)
#: A run orjson reads as the careful reader does: a whole number of 15 digits fits in 64 bits, a float
#: of 15 characters is read exactly alike.
_FAST_RUN = "0" * 16


def loads(text: str) -> Any:
    """Parse ``text``; raises :class:`JsonError` (one line) for anything but plain, bounded JSON."""
    if text.count("[") + text.count("{") > MAX_DEPTH:  # fewer brackets cannot nest deeper (a move, a step)
        depth = nesting(text)
        if depth > MAX_DEPTH:
            raise JsonError(f"lists and objects nest {depth} deep (at most {MAX_DEPTH})")
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        return _careful(text)
    if orjson.dumps(data).decode() == text:  # what orjson writes itself: the careful reader would agree
        return data
    runs = text.translate(_NUMBER_CHARACTERS)
    if _FAST_RUN not in runs and _outside_strings(text).count(":") == _pairs_in(data):
        return data  # no long number, and no key lost to a duplicate
    return _careful(text, long_numbers=_LONG_RUN in runs)


def _careful(text: str, long_numbers: bool = True) -> Any:
    """``text`` read by the standard library's reader with every check (``long_numbers``: each number's length)."""
    try:
        return (_DECODER if long_numbers else _SHORT_NUMBERS).decode(text)
    except json.JSONDecodeError as exc:
        raise JsonError(f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None


def _pairs_in(data: Any) -> int:
    """How many keys the objects in ``data`` have, all told (each was one colon of the text)."""
    if type(data) is dict:
        return len(data) + sum(_pairs_in(value) for value in data.values() if type(value) in (dict, list))
    if type(data) is list:
        return sum(_pairs_in(value) for value in data if type(value) in (dict, list))
    return 0
