"""Why the rules refuse a move: a code with parameters, never a sentence.

The rules modules say *what* is wrong (``must_trump`` with the card led and
the trumps that may be held back); each front end words it in its player's
language. ``str(reason)`` is the English wording, for the command line and
for logs.

Parameters are plain values: a whole number is shown as it is, a text is a
card in the game's notation (``"7S"``), a tuple is a list of such cards.
A number the wording counts with is called ``count`` (it picks the plural).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping, Union

ReasonValue = Union[int, str, tuple[str, ...]]


@dataclass(frozen=True)
class Reason:
    """A refusal: ``code`` names it, ``params`` fill it in, ``english`` words it."""

    code: str
    params: Mapping[str, ReasonValue] = field(default_factory=dict)
    english: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def __str__(self) -> str:
        return self.english or self.code

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted(self.params.items())), self.english))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reason):
            return NotImplemented
        return (self.code, dict(self.params), self.english) == (other.code, dict(other.params), other.english)
