"""Take 5, rule-based: play the card that lands safest given the rows.

For each card in hand the player estimates the bullheads it will collect
this turn: which row it would join, how many unseen cards lie between that
row's end and the card (each opponent may drop one of them in first), and
whether that makes this card the sixth. A card below every row end costs
the cheapest row. ``risk`` makes the player underestimate the opponents:
a bold player plays into gaps a careful one avoids.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from math import comb
from typing import Mapping

from ...engine import Move
from ...games.take5 import BULLHEADS, ROW_LIMIT, Draft, Play, Take5View, TakeRow, deck_for

#: Bullheads a card joining a row adds on average (171 in the deck / 104 cards).
MEAN_BULLHEADS = 171 / 104


class MediumTake5:
    """The careful table player of Take 5."""

    def __init__(self, seat: int, source: random.Random, knobs: Mapping[str, float]) -> None:
        self._source = source
        # risk 0 fears every gap as it is; risk 1 counts only half the danger.
        self._caution = 1.0 - 0.5 * knobs.get("risk", 0.0)

    def rank(self, view: Take5View, legal: tuple[Move, ...]) -> list[Move]:
        """The legal moves, the one this player likes best first."""
        if isinstance(legal[0], Play):
            costs = turn_costs(view, tuple(m.card for m in legal), self._caution)
            return [legal[i] for i in sorted(range(len(legal)), key=costs.__getitem__)]
        best = self.choose(view, legal)
        return [best] + [m for m in legal if m != best]

    def choose(self, view: Take5View, legal: tuple[Move, ...]) -> Move:
        first = legal[0]
        if len(legal) == 1:
            return first
        if isinstance(first, Play):
            costs = turn_costs(view, tuple(m.card for m in legal), self._caution)
            return legal[min(range(len(legal)), key=costs.__getitem__)]
        if isinstance(first, TakeRow):
            rows = view.rows
            return min(legal, key=lambda m: (sum(BULLHEADS[c] for c in rows[m.row]), len(rows[m.row])))
        assert isinstance(first, Draft), first
        # Drafting: prefer cheap cards, spread over the range (random among equals).
        cheapest = min(BULLHEADS[m.card] for m in legal)
        options = [m for m in legal if BULLHEADS[m.card] == cheapest]
        return options[int(self._source.random() * len(options))]


def unseen_cards(view: Take5View) -> list[int]:
    """Cards this seat has not seen (in other hands or out of play), lowest first."""
    seen = set(view.hand).union(*view.rows, *view.piles, (c for _, c in view.placing))
    if view.open_hands is not None:
        seen.update(*view.open_hands)
    return [c for c in deck_for(view.players, view.variant) if c not in seen]


def turn_costs(view: Take5View, cards: tuple[int, ...], caution: float = 1.0) -> list[float]:
    """Expected bullheads each card in ``cards`` collects if played this turn."""
    rows = view.rows
    ends = [row[-1] for row in rows]
    points = [sum(BULLHEADS[c] for c in row) for row in rows]
    cheapest = min(points)
    unseen = unseen_cards(view)
    unseen_count = max(1, len(unseen))
    opponents = sum(1 for s, size in enumerate(view.hand_sizes) if s != view.seat and size)
    costs = []
    for card in cards:
        target = -1
        for r, end in enumerate(ends):
            if end < card and (target < 0 or end > ends[target]):
                target = r
        if target < 0:
            costs.append(cheapest + 0.5)  # the row is taken for sure; keep low cards when rows are dear
            continue
        end = ends[target]
        gap = bisect_left(unseen, card) - bisect_right(unseen, end)
        slots = ROW_LIMIT - len(rows[target])  # cards the row takes before one becomes the sixth
        chance = min(1.0, caution * gap / unseen_count)  # one opponent drops a card in before mine
        danger = _exactly(opponents, chance, slots)
        costs.append(danger * (points[target] + slots * MEAN_BULLHEADS) + 0.001 * gap)
    return costs


def _exactly(n: int, p: float, k: int) -> float:
    """P(exactly k successes in n trials of chance p)."""
    if k > n:
        return 0.0
    return comb(n, k) * p ** k * (1.0 - p) ** (n - k)
