"""The agents of the strength ladder."""

from __future__ import annotations

import random
from typing import Any

from ..engine import Move


def agent_source(seed: int, seat: int) -> random.Random:
    """An agent's own generator, derived from the game seed and its seat, so
    games with computer seats replay exactly."""
    return random.Random(f"agent:{seed}:{seat}")


class RandomAgent:
    """Chooses uniformly among the legal moves."""

    uses_view = False

    def __init__(self, seed: int, seat: int) -> None:
        self._source = agent_source(seed, seat)

    def choose(self, view: Any, legal: tuple[Move, ...]) -> Move:
        return legal[int(self._source.random() * len(legal))]
