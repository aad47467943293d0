"""What the Fifty Fifty table shows, as plain data.

It is rebuilt from the watching seat's view when the table is idle, and in
between the animations change it one landing card or half at a time, so
the picture catches up with the view as the events are shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ....games.fiftyfifty import BLUE, YELLOW, FiftyView
from ...i18n import Phrase

COLOUR_INDEX = {BLUE: 0, YELLOW: 1}


@dataclass
class Board:
    hand: list[int] = field(default_factory=list)  # empty unless a person sits at the screen
    hand_sizes: list[int] = field(default_factory=list)
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) in play order
    mood: tuple[int, int] | None = None
    moods_left: int = 0
    halves: list[list[int]] = field(default_factory=list)  # [blue, yellow] per seat
    results: list[list[int]] = field(default_factory=list)  # per finished hand, per seat
    struck: list[list[bool]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    leader: int = 0
    dealer: int = 0
    hand_no: int = 1
    trick_no: int = 1
    high: int | None = None  # seat of the highest card, once the trick is judged
    low: int | None = None
    flying: set[int] = field(default_factory=set)  # seats whose card is on its way to the table
    turning: bool = False  # the mood card is being turned over
    dealing: int = 0  # cards of the hand being dealt to the seat at the screen
    caption: str | Phrase = ""  # worded when shown, so it follows a change of language

    @classmethod
    def empty(cls, seats: int) -> Board:
        return cls(hand_sizes=[0] * seats, halves=[[0, 0] for _ in range(seats)], totals=[0] * seats)

    def show(self, view: FiftyView) -> None:
        """The table at rest, as ``view`` sees it."""
        self.hand = list(view.hand)
        self.hand_sizes = list(view.hand_sizes)
        self.trick = list(view.trick)
        self.mood = view.mood
        self.moods_left = view.moods_left
        self.halves = [list(h) for h in view.halves]
        self.bank(view)
        self.leader, self.dealer, self.hand_no, self.trick_no = view.leader, view.dealer, view.hand_no, view.trick_no
        self.high = self.low = None
        self.flying, self.turning, self.dealing = set(), False, 0

    def bank(self, view: FiftyView) -> None:
        """The score sheet of ``view``."""
        self.results = [list(r) for r in view.results]
        self.struck = [list(k) for k in view.struck]
        self.totals = list(view.totals)

    # ----- the events, as their animations land ------------------------
    def new_hand(self, hand_no: int, dealer: int, moods: int, dealing: int) -> None:
        """An empty table before a deal: no cards, no halves, the whole mood deck face down."""
        seats = len(self.hand_sizes)
        self.hand, self.trick, self.mood = [], [], None
        self.hand_sizes = [0] * seats
        self.halves = [[0, 0] for _ in range(seats)]
        self.moods_left = moods
        self.hand_no, self.dealer, self.trick_no = hand_no, dealer, 1  # the leader shows with the mood card
        self.high = self.low = None
        self.dealing = dealing

    def deal_to(self, seat: int, card: int | None = None) -> None:
        """One card reaches ``seat`` (face up when it is the hand at the screen)."""
        if card is not None:
            self.hand = sorted(self.hand + [card])
        self.hand_sizes[seat] += 1

    def dealt(self, hand_sizes: tuple[int, ...], hand: list[int]) -> None:
        self.dealing = 0
        self.hand_sizes = list(hand_sizes)
        self.hand = sorted(hand)

    def turn_mood(self, hand_no: int, trick_no: int, leader: int) -> None:
        """The next trick starts: the top mood card is on its way over."""
        self.turning = True
        self.moods_left = max(0, self.moods_left - 1)
        self.leader, self.trick_no, self.hand_no = leader, trick_no, hand_no
        self.trick, self.high, self.low = [], None, None

    def mood_turned(self, mood: tuple[int, int]) -> None:
        self.turning = False
        self.mood = mood

    def card_leaves(self, seat: int, card: int, own: bool) -> None:
        """``seat``'s card is in flight; ``own``: it leaves the hand at the screen."""
        self.flying.add(seat)
        if own:
            self.hand.remove(card)
        self.hand_sizes[seat] = max(0, self.hand_sizes[seat] - 1)

    def card_lands(self, seat: int, card: int) -> None:
        self.flying.discard(seat)
        self.trick.append((seat, card))

    def judge(self, seat: int, colour: str) -> None:
        """``seat``'s card is the highest (blue) or the lowest (yellow) of the trick."""
        if colour == BLUE:
            self.high = seat
        else:
            self.low = seat

    def half_lands(self, seat: int, colour: str) -> None:
        self.halves[seat][COLOUR_INDEX[colour]] += 1

    def cancel(self, seat: int, count: int) -> None:
        self.halves[seat][0] -= count
        self.halves[seat][1] -= count

    def clear_trick(self) -> list[tuple[int, int]]:
        """Take the trick and its mood card off the table; returns the cards taken."""
        cleared = self.trick
        self.trick, self.mood, self.high, self.low = [], None, None, None
        return cleared
