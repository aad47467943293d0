"""Fifty Fifty, rule-based: seek balance.

A player holding blue halves wants the lowest card (yellow cancels blue),
one holding yellow wants the highest, and a balanced player wants neither.
For each card the player estimates the chance it ends the trick highest or
lowest, given the cards already in the trick and the unseen cards the
players still to come may hold, and plays the card whose expected halves
after the trick are fewest, counting it a relief to spend an extreme card
(sure to take halves some time) while the mood is mild. ``risk`` makes it
count on fewer players beating it.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import Mapping, Sequence, cast

from ...engine import Move
from ..search import SearchSettings
from ...games.fiftyfifty import CARDS, FiftyView, Play

MIDDLE = (CARDS[0] + CARDS[-1]) / 2
#: Halves worth risking to get rid of an extreme card: a 50 or a 1 is bound to
#: take halves some time, best under a mild mood card; middle cards keep a
#: player out of trouble later. (Measured: keeping extremes instead loses.)
EXTREME_RELIEF = 3.0


def caution(knobs: Mapping[str, float]) -> float:
    """How many of the players still to come the player with ``knobs`` counts on beating its card: all of them
    at ``risk`` 0, a tenth at 0.9 (a bold player throws its extreme cards under the mood card, and takes halves
    for it)."""
    return 1.0 - knobs.get("risk", 0.0)


class MediumFiftyFifty:
    """The balance-seeking table player of Fifty Fifty."""

    def __init__(self, seat: int, source: random.Random, knobs: Mapping[str, float]) -> None:
        self._caution = caution(knobs)

    def rank(self, view: FiftyView, legal: tuple[Move, ...]) -> list[Move]:
        """The legal moves, the one this player likes best first."""
        costs = [card_cost(view, move.card, self._caution) for move in _plays(legal)]
        return [legal[i] for i in sorted(range(len(legal)), key=costs.__getitem__)]

    def choose(self, view: FiftyView, legal: tuple[Move, ...]) -> Move:
        if len(legal) == 1:
            return legal[0]
        return Play(cheapest(view, [move.card for move in _plays(legal)], self._caution))


def _plays(legal: tuple[Move, ...]) -> tuple[Play, ...]:
    """The legal moves as what they are: a card play is Fifty Fifty's only move."""
    return cast("tuple[Play, ...]", legal)


def cheapest(view: FiftyView, cards: Sequence[int], caution: float = 1.0) -> int:
    """The card this player plays from ``cards`` (the first of equally cheap ones)."""
    return min(cards, key=lambda card: card_cost(view, card, caution))


def unseen_cards(view: FiftyView) -> list[int]:
    """Cards not in this hand and not played yet, lowest first."""
    seen = set(view.hand).union((c for _, c in view.trick), (c for t in view.past_tricks for _, c in t))
    return [c for c in CARDS if c not in seen]


def card_cost(view: FiftyView, card: int, caution: float = 1.0) -> float:
    """Expected halves held after this trick if ``card`` is played, less the
    relief of having spent an extreme card."""
    blue, yellow = view.mood if view.mood is not None else (0, 0)
    blue_held, yellow_held = view.halves[view.seat] if view.seat is not None else (0, 0)
    held = blue_held - yellow_held  # blue counts up, yellow down
    played = [c for _, c in view.trick]
    still_to_play = (view.players - len(played) - 1) * caution
    unseen = unseen_cards(view)
    total = max(1, len(unseen))
    below = bisect_left(unseen, card) / total
    high = below ** still_to_play if not played or card > max(played) else 0.0
    low = (1.0 - below) ** still_to_play if not played or card < min(played) else 0.0
    neither = max(0.0, 1.0 - high - low)
    expected = high * abs(held + blue) + low * abs(held - yellow) + neither * abs(held)
    return expected - EXTREME_RELIEF * abs(card - MIDDLE) / MIDDLE


#: The search's settings for Fifty Fifty: a rollout ends with the hand, and the hidden cards
#: are dealt uniformly (reading the others as this module's player won less against players
#: that are not it: docs/ai.md). The others slip to a random card one time in five: this
#: module's player draws no chance, so without slips a world's rollout pictures the others
#: as exact copies of it, and the search learns to beat only that player. Its rollouts run on the
#: compact hand (``ai/fiftyfifty_fast.py``), which makes room for 256 worlds where 48 fitted before:
#: against 200 games, three greedy 54.5% (48.8% with 48 worlds), three mc:64 36.4% (36.2%).
SEARCH = SearchSettings(worlds=256, halving=(32, 64, 128), horizon=lambda state: state.hand_no, slip=0.2)
