"""The 52-card deck of Fifty-Five: notation and the unusual rankings.

A card is a number 0..51: ``suit * 13 + rank - 1`` with suits in the order
hearts, diamonds, clubs, spades and ranks A=1 .. K=13. Its text is the rank
then the suit letter ("5H", "10D", "JS", "AH"); players are shown the suit
symbol instead ("5♥").

Rankings follow ``docs/rules/fiftyfive.md``: the trump order depends on
the trump suit, the A♥ is always a trump, and plain suits run "high in red,
low in black".
"""

from __future__ import annotations

SUITS = "HDCS"
SYMBOLS = "♥♦♣♠"
SUIT_NAMES = ("hearts", "diamonds", "clubs", "spades")
HEARTS, DIAMONDS, CLUBS, SPADES = range(4)
RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DECK = tuple(range(52))


def card(rank: str, suit: str) -> int:
    """The card of a rank text and suit letter: ``card("5", "H")``."""
    return SUITS.index(suit) * 13 + RANK_TEXT.index(rank)


def suit_of(c: int) -> int:
    return c // 13


def text(c: int) -> str:
    """ASCII notation, e.g. ``10D``."""
    return RANK_TEXT[c % 13] + SUITS[c // 13]


def show(c: int) -> str:
    """Player-facing name with the suit symbol, e.g. ``10♦``."""
    return RANK_TEXT[c % 13] + SYMBOLS[c // 13]


def parse_card(txt: str) -> int | None:
    """The card written as ``txt`` (any case), or None if it is not one."""
    upper = txt.strip().upper()
    rank, suit = upper[:-1], upper[-1:]
    if suit and suit in SUITS and rank in RANK_TEXT:
        return card(rank, suit)
    return None


ACE_OF_HEARTS = card("A", "H")


def _cards(suit: str, ranks: str) -> tuple[int, ...]:
    return tuple(card(r, suit) for r in ranks.split())


#: Trumps, highest first, for each trump suit (rules file, "Card ranking").
TRUMP_ORDER: tuple[tuple[int, ...], ...] = (
    _cards("H", "5 J A K Q 10 9 8 7 6 4 3 2"),
    _cards("D", "5 J") + (ACE_OF_HEARTS,) + _cards("D", "A K Q 10 9 8 7 6 4 3 2"),
    _cards("C", "5 J") + (ACE_OF_HEARTS,) + _cards("C", "A K Q 2 3 4 6 7 8 9 10"),
    _cards("S", "5 J") + (ACE_OF_HEARTS,) + _cards("S", "A K Q 2 3 4 6 7 8 9 10"),
)

#: Each suit when it is not trumps, highest first (the A♥ is never a plain card).
PLAIN_ORDER: tuple[tuple[int, ...], ...] = (
    _cards("H", "K Q J 10 9 8 7 6 5 4 3 2"),
    _cards("D", "K Q J 10 9 8 7 6 5 4 3 2 A"),
    _cards("C", "K Q J A 2 3 4 5 6 7 8 9 10"),
    _cards("S", "K Q J A 2 3 4 5 6 7 8 9 10"),
)


def _powers(order: tuple[int, ...]) -> tuple[int, ...]:
    table = [0] * 52
    for i, c in enumerate(order):
        table[c] = len(order) - i
    return tuple(table)


#: TRUMP_POWER[trump][card]: higher beats lower; 0 means not a trump.
TRUMP_POWER = tuple(_powers(order) for order in TRUMP_ORDER)
#: PLAIN_POWER[card]: the card's strength within its own suit when not trumps.
PLAIN_POWER = tuple(max(_powers(order)[c] for order in PLAIN_ORDER) for c in DECK)
#: The three top trumps of each trump suit, which may be held back on a lower trump lead.
TOP_TRUMPS = tuple(order[:3] for order in TRUMP_ORDER)


def is_trump(c: int, trump: int) -> bool:
    return TRUMP_POWER[trump][c] > 0


def follow_suit(c: int, trump: int) -> int:
    """The suit a card counts as for following: the A♥ counts as a trump."""
    return trump if TRUMP_POWER[trump][c] else c // 13


def trick_winner(cards: tuple[int, ...], trump: int) -> int:
    """Index of the winning card: the highest trump, else the highest of the led suit."""
    power = TRUMP_POWER[trump]
    best = max(range(len(cards)), key=lambda i: power[cards[i]])
    if power[cards[best]]:
        return best
    led = cards[0] // 13
    return max((i for i in range(len(cards)) if cards[i] // 13 == led), key=lambda i: PLAIN_POWER[cards[i]])

