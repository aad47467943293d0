"""Dealing the cards a seat cannot see (``Thirteen.determinize``): the other
hands' face-down cards and the pile, so that every public fact of the view holds.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterable, Mapping

from ...engine.rng import shuffle_with
from .cards import HALF, Card, _adds_group, deck_for, pair_count
from .parts import ThirteenView


#: Random tries at dealing the face-down cards before the complete search.
QUICK_TRIES = 40


def unseen_counts(view: ThirteenView) -> Counter[float]:
    """How many cards of each value ``view.seat`` has not seen (in hidden hands or the pile)."""
    unseen = Counter(deck_for(view.players))
    unseen.subtract(view.hand)
    unseen.subtract(view.aside)
    for seat in range(view.players):
        unseen.subtract(c for group in view.laid[seat] for c in group)
        if seat != view.seat:
            unseen.subtract(view.singles[seat])
    return unseen


def _deal_hidden(view: ThirteenView, seats: list[int], pool: Counter[Card],
                 source: random.Random) -> dict[int, tuple[Card, ...]]:
    """Face-down cards for each seat in ``seats`` that respect the public facts.

    A few quick tries fill seat after seat; then each card goes to the seat
    with the least room to spare, which rarely fails even when the pile is
    nearly empty; a complete search settles what is left.
    """
    needs = {s: view.hand_sizes[s] - len(view.singles[s]) for s in seats}
    order = sorted(seats, key=lambda s: (_capacity(view, s, pool) - needs[s], s))  # the tightest seat first
    for attempt in range(QUICK_TRIES):
        dealt = _deal_once(view, order, needs, pool, source, tightest_first=attempt >= QUICK_TRIES // 4)
        if dealt is not None:
            return dealt
    found = _search_hidden(view, order, needs, Counter(pool), source)
    if found is None:
        raise ValueError("no deal of the hidden cards agrees with this view")
    return found


def _deal_once(view: ThirteenView, order: list[int], needs: dict[int, int], pool: Counter[Card],
               source: random.Random, tightest_first: bool) -> dict[int, tuple[Card, ...]] | None:
    """One random try at dealing the face-down cards; None at a dead end."""
    left = Counter(pool)
    counts = {s: Counter(view.singles[s]) for s in order}
    spare = {s: view.slack[s] - pair_count(counts[s]) for s in order}  # groups a hand may still gain
    cards: dict[int, list[Card]] = {s: [] for s in order}

    def fits(seat: int, card: Card) -> bool:
        return left[card] > 0 and card not in view.absent[seat] and spare[seat] >= _adds_group(counts[seat], card)

    def add(seat: int, card: Card) -> None:
        spare[seat] -= _adds_group(counts[seat], card)
        counts[seat][card] += 1
        left[card] -= 1
        cards[seat].append(card)

    for seat in order:
        for card in view.present[seat]:
            if counts[seat][card] == 0:
                if not fits(seat, card):
                    return None
                add(seat, card)
    waiting = [s for s in order if len(cards[s]) < needs[s]]
    while waiting:
        if tightest_first:
            options = {s: [c for c in left if fits(s, c)] for s in waiting}
            seat = min(waiting, key=lambda s: (sum(left[c] for c in options[s]) - needs[s] + len(cards[s]),
                                               source.random()))
            choices = options[seat]
        else:
            seat = waiting[0]
            choices = [c for c in left if fits(seat, c)]
        if not choices:
            return None
        add(seat, source.choices(choices, [left[c] for c in choices])[0])
        if len(cards[seat]) == needs[seat]:
            waiting.remove(seat)
    return {s: tuple(sorted(hand)) for s, hand in cards.items()}


def _capacity(view: ThirteenView, seat: int, pool: Mapping[Card, int]) -> int:
    """At most how many face-down cards ``seat`` could take from ``pool`` (a quick upper bound)."""
    singles = view.singles[seat]
    usable = {c: n for c, n in pool.items() if n > 0 and c not in view.absent[seat]}
    if view.slack[seat]:
        return sum(usable.values())
    total = 0 if HALF in singles else min(usable.get(HALF, 0), 1)
    for low in range(1, 7):
        high = 13 - low
        low_ok = high not in singles
        high_ok = low not in singles
        total += max(usable.get(low, 0) if low_ok else 0, usable.get(high, 0) if high_ok else 0)
    return total


def _search_hidden(view: ThirteenView, order: list[int], needs: dict[int, int], pool: Counter[Card],
                   source: random.Random) -> dict[int, tuple[Card, ...]] | None:
    """A complete search, seat by seat, remembering pools already found to lead nowhere."""
    values = shuffle_with(source, sorted(c for c in pool if pool[c] > 0))
    dead_ends: set[tuple[int, tuple[int, ...]]] = set()
    chosen: dict[int, tuple[Card, ...]] = {}

    def hands_for(seat: int) -> Iterable[tuple[Card, ...]]:
        """Every face-down hand ``seat`` may hold from the pool (values in ``values`` order)."""
        counts = Counter(view.singles[seat])
        cards: list[Card] = []

        def extend(start: int, spare: int) -> Iterable[tuple[Card, ...]]:
            if len(cards) == needs[seat]:
                yield tuple(cards)
                return
            for i in range(start, len(values)):
                card = values[i]
                gain = _adds_group(counts, card)
                if pool[card] == 0 or card in view.absent[seat] or gain > spare:
                    continue
                pool[card] -= 1
                counts[card] += 1
                cards.append(card)
                yield from extend(i, spare - gain)
                cards.pop()
                counts[card] -= 1
                pool[card] += 1

        spare = view.slack[seat] - pair_count(counts)
        try:
            for card in view.present[seat]:  # the cards it surely holds come first
                if counts[card] == 0:
                    if pool[card] == 0 or card in view.absent[seat] or _adds_group(counts, card) > spare:
                        return
                    spare -= _adds_group(counts, card)
                    pool[card] -= 1
                    counts[card] += 1
                    cards.append(card)
            if len(cards) <= needs[seat]:
                yield from extend(0, spare)
        finally:
            for card in cards:
                pool[card] += 1

    def place(index: int) -> bool:
        if index == len(order):
            return True
        key = (index, tuple(pool[c] for c in values))
        if key in dead_ends:
            return False
        if any(_capacity(view, s, pool) < needs[s] for s in order[index:]):
            dead_ends.add(key)
            return False
        seat = order[index]
        for hand in hands_for(seat):  # the pool lacks the hand's cards while it is offered
            if place(index + 1):
                chosen[seat] = tuple(sorted(hand))
                return True
        dead_ends.add(key)
        return False

    return chosen if place(0) else None

