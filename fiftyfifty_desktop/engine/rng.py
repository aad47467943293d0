"""Seeded chance carried inside the game state.

The state holds an :class:`Rng` value, never a live generator: drawing
returns the result *and* the next Rng, so old states stay untouched and a
game is a pure function of its seed and its moves. The shuffle is our own
Fisher-Yates on ``Random.random()``, whose output for a given seed is part
of Python's compatibility promise, unlike ``random.shuffle``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Rng:
    """A position in the seeded stream of chance events of one game.

    >>> deck, rng = Rng(7).shuffled(range(5))
    >>> deck == Rng(7).shuffled(range(5))[0]
    True
    """

    seed: int
    draws: int = 0

    def _source(self) -> random.Random:
        return random.Random(f"fiftyfifty:{self.seed}:{self.draws}")

    def _next(self) -> Rng:
        return Rng(self.seed, self.draws + 1)

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Return the items in a random order, and the generator after it."""
        return tuple(shuffle_with(self._source(), items)), self._next()

    def below(self, n: int) -> tuple[int, Rng]:
        """Return a whole number in ``range(n)``, and the generator after it."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return int(self._source().random() * n), self._next()


def shuffle_with(source: random.Random, items: Sequence[T]) -> list[T]:
    """Fisher-Yates on ``source.random()``; agents use it on their own generators."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = int(source.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out
