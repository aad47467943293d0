"""Rule-based players, one per game: the ``medium`` rung of the ladder and
the rollout policy of the search.

Each class is built as ``Medium(seat, source, knobs)`` and offers
``choose(view, legal)``; ``knobs`` are the personality's settings.
"""

from __future__ import annotations

import random
from typing import Callable, Mapping

from ...engine.match import Agent
from .fiftyfifty import MediumFiftyFifty
from .fiftyfive import MediumFiftyFive
from .take5 import MediumTake5
from .thirteen import MediumThirteen

#: How a rule-based player is built: from its seat, its own generator and the knobs.
RulesPlayer = Callable[[int, random.Random, Mapping[str, float]], Agent]

#: game id -> the rule-based player of that game.
MEDIUM: dict[str, RulesPlayer] = {
    "take5": MediumTake5,
    "fiftyfifty": MediumFiftyFifty,
    "fiftyfive": MediumFiftyFive,
    "thirteen": MediumThirteen,
}
