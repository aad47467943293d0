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

import json
import re
from typing import Any

from .errors import GameError, quoted

#: Deepest nesting of lists and objects accepted; records need 4.
MAX_DEPTH = 32
#: Longest number accepted, in characters (a seed fits in 20).
MAX_NUMBER_LENGTH = 40

#: What matters to nesting: brackets, and the quotes and backslashes that say whether a bracket is in a string.
_MARKS = re.compile(r'[\[\]{}"\\]')


class JsonError(GameError):
    """JSON text that is malformed, too deep, or holds duplicate keys or overlong numbers."""


def nesting(text: str) -> int:
    """How deep lists and objects nest in ``text`` (brackets inside strings do not count).

    One pass over the marks, so the time grows with the text's length (a pattern matching whole strings
    backtracked over runs of escaped quotes, seconds for 64 KB).
    """
    depth = deepest = 0
    in_string, escaped_at = False, -2  # the position of the backslash escaping the next character
    for mark in _MARKS.finditer(text):
        char, at = mark.group(), mark.start()
        if in_string:
            if at == escaped_at + 1:
                continue
            if char == "\\":
                escaped_at = at
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise JsonError(f"the key {quoted(key)} appears twice in one object")
        out[key] = value
    return out


def _number(kind: type) -> Any:
    def parse(text: str) -> Any:
        if len(text) > MAX_NUMBER_LENGTH:
            raise JsonError(f"a number of {len(text)} characters is too long (at most {MAX_NUMBER_LENGTH})")
        return kind(text)
    return parse


def _constant(name: str) -> Any:
    raise JsonError(f"{name} is not a JSON number")


def loads(text: str) -> Any:
    """Parse ``text``; raises :class:`JsonError` (one line) for anything but plain, bounded JSON."""
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise JsonError(f"lists and objects nest {depth} deep (at most {MAX_DEPTH})")
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_int=_number(int),
                          parse_float=_number(float), parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise JsonError(f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
