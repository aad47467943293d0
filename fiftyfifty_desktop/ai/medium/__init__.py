"""Rule-based players, one per game: the ``medium`` rung of the ladder and
the rollout policy of the search.

Each class is built as ``Medium(seat, source, knobs)`` and offers
``choose(view, legal)``; ``knobs`` are the personality's settings. Each
module also holds its game's search tuning, ``SEARCH``; the registry
names both.
"""

from __future__ import annotations

import random
from typing import Callable, Mapping

from ..agents import Policy

#: How a rule-based player is built: from its seat, a generator (a decision's own at the
#: table, a rollout's in the search) and the knobs.
RulesPlayer = Callable[[int, random.Random, Mapping[str, float]], Policy]
