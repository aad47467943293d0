"""Reading the others' hands from their play.

The rule-based player of Fifty Fifty plays the card it rates cheapest, and
rates each card on its own. So a card still in such a player's hand is one
it rated no cheaper than the card it played, at every earlier trick. These
helpers narrow each hidden hand to such cards and deal the hidden hands
from them; the search uses them to deal worlds in which the others play as
they are seen to play. (Take 5 reads a family of players instead:
``ai.take5_family``.)
"""

from __future__ import annotations

import random
from typing import Callable, Iterable, Mapping, Sequence

from ..engine.rng import shuffle_with

#: How much cheaper than the played card another card may be rated (by an
#: estimate that sees a little less than its player did) and still be held.
MARGIN = 0.05
#: How many times a hand that does not explain its player's play is dealt again.
TRIES = 8


def still_held(candidates: Iterable[int], played: int, costs: Callable[[Sequence[int]], Sequence[float]]) -> set[int]:
    """The candidates rated no cheaper than ``played`` by ``costs`` (cards -> ratings)."""
    cards = sorted(candidates)
    ratings = costs(cards + [played])
    limit = ratings[-1] - MARGIN
    return {card for card, rating in zip(cards, ratings) if rating >= limit}


def deal_believed(hands: Sequence[tuple[int, ...]], sizes: Mapping[int, int], allowed: Mapping[int, set[int]],
                  unseen: Iterable[int], source: random.Random,
                  fits: Callable[[int, tuple[int, ...]], bool] | None = None,
                  tries: int = TRIES) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
    """Deal each seat in ``sizes`` a hand from its ``allowed`` cards (topped up from
    the other unseen cards if too few are left); return the hands and the cards left.

    ``fits(seat, hand)`` checks a whole hand against the seat's play exactly;
    a hand that fails is dealt again, up to ``tries`` times."""
    free = set(unseen)
    out = list(hands)
    for seat in shuffle_with(source, sorted(sizes)):
        size = sizes[seat]
        for _ in range(tries):
            likely = shuffle_with(source, sorted(allowed[seat] & free))[:size]
            if len(likely) < size:
                likely += shuffle_with(source, sorted(free - allowed[seat]))[:size - len(likely)]
            hand = tuple(sorted(likely))
            if fits is None or fits(seat, hand):
                break
        out[seat] = hand
        free.difference_update(hand)
    return tuple(out), sorted(free)
