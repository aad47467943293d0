"""JSON text read strictly and within bounds, for every file a user can hand us.

``json.loads`` alone accepts duplicate keys (the last one silently wins),
recurses once per nesting level (a file nested a thousand deep raises
``RecursionError``) and turns any run of digits into an integer (past 4,300
digits Python refuses with a ``ValueError``). :func:`loads` checks the
nesting before parsing, refuses duplicate keys, long numbers and the
non-standard ``NaN``/``Infinity``, and raises :class:`JsonError` with one
short line in every case.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from .errors import GameError, quoted

#: Deepest nesting of lists and objects accepted; records need 4.
MAX_DEPTH = 32
#: Longest number accepted, in characters (a seed fits in 20).
MAX_NUMBER_LENGTH = 40

#: Everything but brackets, and what each bracket does to the depth.
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonError(GameError):
    """JSON text that is malformed, too deep, or holds duplicate keys or overlong numbers."""


def nesting(text: str) -> int:
    """How deep lists and objects nest in ``text`` (brackets inside strings do not count).

    Linear and in the string methods' C loops, as every message of a network table is read through it:
    escaped backslashes, then escaped quotes, are taken out, so every quote left opens or closes a string
    and the text between every other pair of quotes is outside strings. (A pattern matching whole strings
    backtracked over runs of escaped quotes, seconds for 64 KB.) Text that is not JSON may be counted
    otherwise, but only past its first error, where the parser stops.
    """
    plain = text.replace("\\\\", "").replace('\\"', "")
    outside = "".join(plain.split('"')[::2])
    depths = itertools.accumulate(map(_STEP.__getitem__, _NOT_BRACKETS.sub("", outside)), initial=0)
    return max(depths)


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
        return kind(text)
    return parse


def _constant(name: str) -> Any:
    raise JsonError(f"{name} is not a JSON number")


#: One decoder for every text (``json.loads`` with hooks would build one per call) ...
_DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_int=_number(int), parse_float=_number(float),
                            parse_constant=_constant)
#: ... and one that reads numbers in C, for a text with no run of number characters longer than a number may
#: be (so none is too long): most texts, whose every number would otherwise cost a call.
_SHORT_NUMBERS = json.JSONDecoder(object_pairs_hook=_pairs, parse_constant=_constant)
#: Every character a number may hold, written as "0" (to find a run of them by plain search).
_NUMBER_CHARACTERS = str.maketrans(dict.fromkeys("-+.eE123456789", "0"))
_LONG_RUN = "0" * (MAX_NUMBER_LENGTH + 1)


def loads(text: str) -> Any:
    """Parse ``text``; raises :class:`JsonError` (one line) for anything but plain, bounded JSON."""
    if text.count("[") + text.count("{") > MAX_DEPTH:  # fewer brackets cannot nest deeper (a move, a step)
        depth = nesting(text)
        if depth > MAX_DEPTH:
            raise JsonError(f"lists and objects nest {depth} deep (at most {MAX_DEPTH})")
    try:
        return (_DECODER if _LONG_RUN in text.translate(_NUMBER_CHARACTERS) else _SHORT_NUMBERS).decode(text)
    except json.JSONDecodeError as exc:
        raise JsonError(f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
