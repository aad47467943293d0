"""What the Fifty-Five table shows: built from the watching seat's view, then
changed event by event as the animations play, so the picture keeps pace
with the cards in flight rather than jumping to the view's end."""

from __future__ import annotations

from dataclasses import dataclass, field

from ....games.fiftyfive.parts import BIDDING, KITTY, FiftyFiveView
from ...i18n import Phrase


@dataclass
class Board:
    hand: list[int] = field(default_factory=list)  # the watching seat's cards (none for a spectator)
    hand_sizes: list[int] = field(default_factory=list)
    kitty: int = 0
    discards: int = 0
    calls: list[tuple[int, str]] = field(default_factory=list)
    bid: int = 0
    bidder: int = -1
    duel: int = -1
    dealer: int = 0
    hand_number: int = 0
    trump: int = -1
    trick: list[tuple[int, int]] = field(default_factory=list)
    piles: list[int] = field(default_factory=list)  # tricks won this hand, per seat
    totals: list[int] = field(default_factory=list)  # per side
    from_kitty: set[int] = field(default_factory=set)  # the watching seat's cards that came from the kitty
    bidding: bool = True  # the calls are still being made
    dealing: bool = False
    caption: str | Phrase = ""  # worded when shown, so it follows a change of language

    @classmethod
    def before_deal(cls, view: FiftyFiveView) -> Board:
        """An empty table, for the opening deal to fill."""
        return cls(hand_sizes=[0] * view.players, piles=[0] * view.players, totals=list(view.totals))

    def show(self, view: FiftyFiveView) -> None:
        """Everything as ``view`` has it, once no animation is left to play."""
        self.hand = list(view.cards)
        self.hand_sizes = list(view.hand_sizes)
        self.kitty, self.discards = view.kitty_size, view.discard_count
        self.calls = list(view.calls)
        self.bid, self.bidder, self.duel, self.dealer, self.hand_number = (view.bid, view.bidder, view.duel,
                                                                            view.dealer, view.hand)
        self.trump = view.trump
        self.bidding = view.phase == BIDDING
        self.trick = list(view.trick)
        self.piles = [view.trick_winners.count(s) for s in range(view.players)]
        self.totals = list(view.totals)
        self.dealing = False

    def tricks_won(self, seats) -> int:
        return sum(self.piles[s] for s in seats)

    # ----- the changes the events' animations make -------------------------
    def start_hand(self, dealer: int, number: int, caption: str | Phrase) -> None:
        seats = len(self.hand_sizes)
        self.hand, self.hand_sizes, self.kitty, self.discards = [], [0] * seats, 0, 0
        self.calls, self.bid, self.bidder, self.duel, self.trump = [], 0, -1, -1, -1
        self.trick, self.piles, self.from_kitty = [], [0] * seats, set()
        self.dealer, self.hand_number, self.dealing, self.bidding = dealer, number, True, True
        self.caption = caption

    def receive_packet(self, seat: int, size: int) -> None:
        """A dealt packet lands with ``seat`` (``KITTY``: in the middle)."""
        if seat == KITTY:
            self.kitty += size
        else:
            self.hand_sizes[seat] += size

    def finish_deal(self, hand: list[int], hand_sizes: tuple[int, ...], kitty: int) -> None:
        self.dealing = False
        self.hand = hand
        self.hand_sizes = list(hand_sizes)
        self.kitty = kitty

    def call(self, seat: int, text: str, caption: str | Phrase, bid: int | None = None) -> None:
        """A call of the bidding; a bid or hold (``bid``) makes ``seat`` the high bidder."""
        self.calls.append((seat, text))
        if bid is not None:
            self.bid, self.bidder = bid, seat
        self.caption = caption

    def award_contract(self, seat: int, bid: int, caption: str | Phrase) -> None:
        """The bidding is won: the kitty leaves the middle for the bidder."""
        self.kitty = 0
        self.duel = -1
        self.bidding = False
        self.bid, self.bidder = bid, seat
        self.caption = caption

    def add_kitty(self, seat: int, cards: int, hand: list[int] | None) -> None:
        """The kitty reaches the bidder; ``hand`` is the bidder's new hand when the bidder watches."""
        self.hand_sizes[seat] += cards
        if hand is not None:
            self.from_kitty = set(hand) - set(self.hand)
            self.hand = hand

    def lay_away(self, seat: int, card: int | None, caption: str | Phrase) -> None:
        """The bidder discards a card (``card`` is None when it is face down to the watching seat)."""
        if card in self.hand:
            self.hand.remove(card)
        self.hand_sizes[seat] -= 1
        self.caption = caption

    def name_trumps(self, suit: int, caption: str | Phrase) -> None:
        self.from_kitty = set()
        self.trump = suit
        self.caption = caption

    def release(self, seat: int, card: int, caption: str | Phrase) -> None:
        """A card leaves ``seat``'s hand for the trick."""
        if card in self.hand:
            self.hand.remove(card)
        self.hand_sizes[seat] = max(0, self.hand_sizes[seat] - 1)
        self.caption = caption

    def bank_trick(self, seat: int) -> None:
        self.piles[seat] += 1
