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
from typing import Any, Callable, Mapping, Sequence, cast

from ...engine import AnyGame, Move, evolve
from ..search import SearchSettings
from ...games.fiftyfifty import CARDS, FiftyState, FiftyView, Play
from ..belief import deal_believed, still_held

MIDDLE = (CARDS[0] + CARDS[-1]) / 2
#: Halves worth risking to get rid of an extreme card: a 50 or a 1 is bound to
#: take halves some time, best under a mild mood card; middle cards keep a
#: player out of trouble later. (Measured: keeping extremes instead loses.)
EXTREME_RELIEF = 3.0


class MediumFiftyFifty:
    """The balance-seeking table player of Fifty Fifty."""

    def __init__(self, seat: int, source: random.Random, knobs: Mapping[str, float]) -> None:
        self._caution = 1.0 - 0.5 * knobs.get("risk", 0.0)

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


def believer(game: AnyGame, view: FiftyView, history: Sequence[FiftyView]) -> Callable[..., tuple[FiftyState, None]]:
    """A dealer of the hidden cards as if the others play like this module's
    player: each card still in a hand was rated no cheaper than the card
    played from it at each earlier trick of the hand (see ``ai/belief.py``).
    The test depends only on the view, so it runs once per decision and the
    returned ``deal(source, player)`` only deals."""
    halves_at = {len(v.past_tricks): v.halves for v in history if v.hand_no == view.hand_no}
    unseen = unseen_cards(view)
    sizes = {s: size for s, size in enumerate(view.hand_sizes) if s != view.seat and size}
    allowed = {s: set(unseen) for s in sizes}
    tricks = view.past_tricks + (view.trick,)
    moments: list[tuple[int, int, FiftyView | None]] = []  # (seat, card played, its view then but for its hand)
    for number, trick in enumerate(tricks):
        mood = view.past_moods[number] if number < len(view.past_moods) else view.mood
        for place, (seat, played) in enumerate(trick):
            if seat not in allowed:
                continue
            if number not in halves_at:
                moments.append((seat, played, None))
                continue
            then = evolve(view, seat=seat, hand=(played,), trick=trick[:place], past_tricks=tricks[:number],
                          mood=mood, halves=halves_at[number])
            moments.append((seat, played, then))
            allowed[seat] = still_held(allowed[seat], played, lambda cards: [card_cost(then, card) for card in cards])

    def fits(seat: int, hand: tuple[int, ...]) -> bool:
        """Would this hand have played exactly what ``seat`` played this hand?"""
        held = list(hand)
        for who, played, then in reversed(moments):
            if who != seat:
                continue
            held.append(played)
            if then is not None and cheapest(evolve(then, hand=tuple(sorted(held))), sorted(held)) != played:
                return False
        return True

    def deal(source: random.Random, player: Callable[[int], Any]) -> tuple[FiftyState, None]:
        world = game.determinize(view, source)
        hands, undealt = deal_believed(world.hands, sizes, allowed, unseen, source, fits)
        return evolve(world, hands=hands, undealt=tuple(undealt)), None

    return deal


#: The search's settings for Fifty Fifty: a rollout ends with the hand.
SEARCH = SearchSettings(horizon=lambda state: state.hand_no, believer=believer)
