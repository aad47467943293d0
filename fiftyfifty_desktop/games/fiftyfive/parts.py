"""What a game of Fifty-Five is made of: its sizes and phases, the moves, the
public events, the state and one seat's view of it, with the helpers on them
that the table and the computer players share (the sides, the discards due,
what each call stands at).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from ...engine import Event, Move, Rng
from .cards import DECK, SUITS, text

HAND_SIZE = 5
KITTY_SIZE = 5
TRICKS = 5
TRICK_POINTS = 5
BEST_TRUMP_POINTS = 5
BIDS = (10, 15, 20, 25, 60)
ALL_TRICKS_BID = 60
PACKETS = (2, 3)
#: 55, 110 or 220 "or more" (the seed): any multiple of 55 up to 550.
TARGETS = tuple(range(55, 551, 55))
KITTY = -1  # the kitty as a recipient of a dealt packet
#: Team seatings the rules allow: players -> possible numbers of teams.
TEAM_SEATINGS = {4: (2,), 6: (2, 3), 8: (4,), 9: (3,)}
BIDDING, DISCARDING, NAMING, PLAYING, OVER = "bid", "discard", "trump", "play", "over"


# ----- moves -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Bid(Move):
    """Bid 10, 15, 20, 25 or 60. Notation ``b15``."""

    amount: int

    def text(self) -> str:
        return f"b{self.amount}"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Pass; a pass is final. Notation ``pass``."""

    def text(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Hold(Move):
    """The dealer bids the same as the high bid and becomes the high bidder. Notation ``hold``."""

    def text(self) -> str:
        return "hold"


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """The bidder lays cards face down, all in one move. Notation: ``x`` and the cards joined by commas,
    in the order of the deck (``x2H,7D,10C,QC,KS``); ``cards`` is kept in that order, so one set of cards is
    one move however it was given.

    >>> Discard((50, 1, 14)).text()
    'x2H,2D,QS'
    """

    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def text(self) -> str:
        return "x" + ",".join(text(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class NameTrump(Move):
    """The bidder names the trump suit. Notation ``tH``, ``tD``, ``tC``, ``tS``."""

    suit: int

    def text(self) -> str:
        return "t" + SUITS[self.suit]


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play a card to the trick. Notation: the card, ``5H`` (``p5H`` is read too)."""

    card: int

    def text(self) -> str:
        return text(self.card)


#: Every kind of Fifty-Five move.
FiftyFiveMove = Bid | Pass | Hold | Discard | NameTrump | Play

_PASS, _HOLD = Pass(), Hold()
_BID = {amount: Bid(amount) for amount in BIDS}
_CALLS = {call.text(): call for call in (_PASS, _HOLD, *_BID.values())}
_TRUMP = tuple(NameTrump(s) for s in range(4))
_PLAY = tuple(Play(c) for c in DECK)
#: Bid notation: ``b`` and an amount of at most two ASCII digits, no leading zero.
_BID_NOTATION = re.compile(r"b([1-9][0-9]?)")


# ----- events (public) ---------------------------------------------------
@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """A new hand: ``packets`` lists each packet in dealing order as (seat, cards); seat -1 is the kitty."""

    hand: int
    dealer: int
    packets: tuple[tuple[int, int], ...]
    hand_sizes: tuple[int, ...]
    kitty_size: int


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Held(Event):
    """The dealer held: bid ``amount`` again and became the high bidder."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class KittyTaken(Event):
    """``seat`` won the bidding at ``bid`` and took the ``cards`` of the kitty into hand."""

    seat: int
    bid: int
    cards: int


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """The bidder laid a card face down; ``count`` discarded so far this hand."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class TrumpNamed(Event):
    seat: int
    suit: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """Trick ``number`` (1-5) with its (seat, card) pairs in playing order went to ``seat``."""

    seat: int
    number: int
    cards: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class BestTrump(Event):
    """``seat`` played the hand's highest trump, ``card``, and earns the bonus."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """The settlement of a hand, one entry per side (seat, or team)."""

    hand: int
    bidder: int
    bid: int
    made: bool
    points: tuple[int, ...]  # trick and best-trump points won
    settlement: tuple[int, ...]  # what each side's total changed by
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ThrownIn(Event):
    """Every player passed: the hand is not played and the next dealer deals."""

    hand: int
    dealer: int


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """``side`` reached the target first; ``seats`` are its players."""

    side: int
    seats: tuple[int, ...]
    totals: tuple[int, ...]


#: Every event the rules tell, for the registry (what a table may animate and the network may send).
EVENTS: tuple[type[Event], ...] = (
    HandDealt, BidMade, Passed, Held, KittyTaken, Discarded, TrumpNamed, CardPlayed, TrickWon, BestTrump,
    HandScored, ThrownIn, GameWon,
)


# ----- state and view ----------------------------------------------------
@dataclass(frozen=True, slots=True)
class HandResult:
    """One finished hand; ``bidder`` is -1 for a hand thrown in."""

    hand: int
    dealer: int
    bidder: int
    bid: int
    trump: int
    made: bool
    points: tuple[int, ...]
    settlement: tuple[int, ...]
    best_trump: tuple[int, int] | None  # (seat, card)


@dataclass(frozen=True, slots=True)
class FiftyFiveState:
    players: int
    teams: int  # 1: every player for themselves
    target: int
    rng: Rng
    hand: int  # the number of the hand being played, from 1
    dealer: int
    phase: str
    hands: tuple[tuple[int, ...], ...]  # sorted
    kitty: tuple[int, ...]
    stock: tuple[int, ...]  # cards not dealt this hand
    discards: tuple[int, ...]
    calls: tuple[tuple[int, str], ...]  # this hand's bidding as (seat, move text)
    speaker: int  # who speaks next in the bidding
    duel: int  # the dealer's opponent once the duel starts, else -1
    bid: int  # the high bid (0: none yet); after the bidding, the contract
    bidder: int  # the high bidder (-1: none yet)
    trump: int  # suit index, -1 until named
    leader: int
    trick: tuple[tuple[int, int], ...]  # the trick in progress as (seat, card)
    tricks: tuple[tuple[tuple[int, int], ...], ...]  # finished tricks of this hand
    trick_winners: tuple[int, ...]
    best_trump: tuple[int, int] | None  # (seat, card): the highest trump played so far this hand
    totals: tuple[int, ...]  # per side
    history: tuple[HandResult, ...]
    winner: int  # the side that won the game, -1 before the end


@dataclass(frozen=True, slots=True)
class FiftyFiveView:
    """What one seat may see (``docs/rules/fiftyfive.md``, last section)."""

    seat: int | None  # None: a spectator's view
    players: int
    teams: int
    target: int
    hand: int
    dealer: int
    phase: str
    cards: tuple[int, ...]  # this seat's own hand
    own_discards: tuple[int, ...]  # the bidder sees its own discards; others see only their number
    hand_sizes: tuple[int, ...]
    kitty_size: int
    discard_count: int
    calls: tuple[tuple[int, str], ...]
    speaker: int
    duel: int
    bid: int
    bidder: int
    trump: int
    leader: int
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[tuple[int, int], ...], ...]
    trick_winners: tuple[int, ...]
    best_trump: tuple[int, int] | None
    totals: tuple[int, ...]
    history: tuple[HandResult, ...]
    winner: int


def side_of(position: FiftyFiveState | FiftyFiveView, seat: int) -> int:
    """The scoring side of a seat: its team (team k holds seats k, k+T, k+2T, ...), or the seat itself.

    Takes a state or a view: the sides are public, so the table asks this of its view.
    """
    return seat % len(position.totals)


def side_seats(position: FiftyFiveState | FiftyFiveView, side: int) -> tuple[int, ...]:
    """The seats that score together as ``side``."""
    return tuple(s for s in range(position.players) if side_of(position, s) == side)


def discards_due(view: FiftyFiveView) -> int:
    """How many more cards the watching seat must lay away before trumps are named (0 unless it is the
    bidder with the kitty in hand)."""
    if view.phase != DISCARDING or view.seat is None or view.seat != view.bidder:
        return 0
    return len(view.cards) - HAND_SIZE


def call_amounts(calls: Sequence[tuple[int, str]]) -> tuple[int, ...]:
    """What each call of a hand's bidding (as in ``view.calls``) stands at: a bid its amount, a hold the
    bid it holds, a pass 0."""
    amounts, high = [], 0
    for _, move_text in calls:
        call = _CALLS[move_text]
        if isinstance(call, Bid):
            high = call.amount
        amounts.append(0 if call is _PASS else high)
    return tuple(amounts)
