"""Telling the type checker which kind of move a tuple of legal moves holds.

Every game offers its legal moves one kind at a time (the phase decides:
all card plays, or all row takes...), so the rule-based players look at the
first move to know them all. ``all_are`` says so in a way the type checker
understands, and costs no more than the ``isinstance`` it stands for.
"""

from __future__ import annotations

from typing import TypeGuard, TypeVar

from ..engine import Move

K = TypeVar("K", bound=Move)


def all_are(legal: tuple[Move, ...], kind: type[K]) -> TypeGuard[tuple[K, ...]]:
    """Whether the (non-empty) legal moves are of ``kind``, judged by the first."""
    return isinstance(legal[0], kind)
