"""Thirteen's cards: the numbers 1..13 and the float 6.5 (the "6½"), so the card
that pairs with ``x`` is always ``13 - x``: 6.5 pairs with 6.5, and a 13 is laid
alone. Hands are sorted tuples.

Here are the deck, the phase and status names, and the helpers on cards and
hands that the rules, the computer players and the table all share.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Collection, Iterable, Mapping, Union

Card = Union[int, float]
HALF: Card = 6.5
THIRTEEN = 13
VALUES: tuple[Card, ...] = (1, 2, 3, 4, 5, 6, HALF, 7, 8, 9, 10, 11, 12, 13)
#: Kinds of laid groups, named by their lowest card: the six pairs, the 6½ pair, the 13.
KINDS: tuple[Card, ...] = (1, 2, 3, 4, 5, 6, HALF, THIRTEEN)
ASK, DRAW, OVER = "ask", "draw", "over"
IN, OUT, ELIMINATED = "in play", "out", "eliminated"


def one_deck() -> tuple[Card, ...]:
    """The 54 cards of one deck: four each of 1..13 and two 6½."""
    return tuple(sorted([v for v in range(1, 14) for _ in range(4)] + [HALF, HALF]))


def deck_for(players: int) -> tuple[Card, ...]:
    """One deck for 2 to 4 players, two mixed decks for 5 to 8."""
    return one_deck() * 2 if players >= 5 else one_deck()


def hand_size_for(players: int) -> int:
    return 10 if players == 2 else 7


def card_text(card: Card) -> str:
    """``"6.5"`` for the 6½, the number otherwise."""
    return "6.5" if card == HALF else str(card)


def group_points(group: tuple[Card, ...]) -> int:
    """A 13 or a pair to 13 is 1 point; the 6½ pair is 3."""
    return 3 if group == (HALF, HALF) else 1


def group_kind(group: tuple[Card, ...]) -> Card:
    return group[0]


def partner(card: Card) -> Card | None:
    """The card that makes 13 with ``card`` (the 6½ pairs with itself); None for a 13, which is laid alone."""
    return None if card == THIRTEEN else 13 - card


def must_draw(quiet: int, status: Iterable[str], pile_size: int) -> bool:
    """After a whole round of turns in which no card moved, a miss must draw (while the
    pile lasts), so a quiet table works its way through the pile instead of ending."""
    return pile_size > 0 and quiet >= sum(1 for s in status if s == IN)


def is_true_ask(hand: Collection[Card], value: Card) -> bool:
    """An ask is true when it is for the partner of a card in the asker's hand; any other ask is the lie."""
    return value != THIRTEEN and partner(value) in hand


def true_asks(hand: Collection[Card]) -> tuple[Card, ...]:
    """Every value ``hand`` may ask for truly, in ``VALUES`` order."""
    return tuple(v for v in VALUES if is_true_ask(hand, v))


def must_come_back(status: str, hand_size: int) -> bool:
    """A seat still in play whose last card was taken: its turn is the come-back, asked with the lie."""
    return status == IN and hand_size == 0


def groups_in(hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every pair to 13 and every 13 that can be laid from ``hand``."""
    counts = Counter(hand)
    groups: list[tuple[Card, ...]] = []
    for low in range(1, 7):
        groups += [(low, 13 - low)] * min(counts[low], counts[13 - low])
    groups += [(HALF, HALF)] * (counts[HALF] // 2)
    groups += [(THIRTEEN,)] * counts[THIRTEEN]
    return groups


def pair_count(counts: Mapping[Card, int]) -> int:
    """How many groups a hand with these value counts could lay."""
    return (sum(min(counts.get(low, 0), counts.get(13 - low, 0)) for low in range(1, 7))
            + counts.get(HALF, 0) // 2 + counts.get(THIRTEEN, 0))


def _adds_group(counts: Mapping[Card, int], card: Card) -> bool:
    """Whether adding ``card`` to a hand with these counts lets it lay one more group."""
    if card == THIRTEEN:
        return True
    if card == HALF:
        return counts.get(HALF, 0) % 2 == 1
    return counts.get(13 - card, 0) > counts.get(card, 0)


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _with(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(sorted(cards + (card,)))



def parse_card(text: str) -> Card | None:
    """The card written as ``text`` (``12``, ``6.5`` or ``6½``), or None if it is not one."""
    if text in ("6.5", "6½"):
        return HALF
    if re.fullmatch(r"[1-9][0-9]?", text) and 1 <= int(text) <= 13:
        return int(text)
    return None
