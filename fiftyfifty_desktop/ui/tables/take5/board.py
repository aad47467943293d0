"""What the Take 5 table shows, as plain data.

It is built from the watching seat's view, then changed one step at a time
by the events' animations, so the picture lags the game until every card
has landed. No drawing here, and no rule: the rules' answers come with the
view (``penalty_totals``, ``low_card``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ....games.take5 import ROWS, Take5View, low_card, penalty_points, penalty_totals

FLOAT_TIME = 1.4  # seconds a taken row's penalty rises from the counter


@dataclass
class Floater:
    """A taken row's penalty, rising from its seat's counter and fading."""

    seat: int
    text: str
    age: float = 0.0


@dataclass
class Board:
    rows: list[list[int]] = field(default_factory=lambda: [[] for _ in range(ROWS)])
    hand: list[int] = field(default_factory=list)
    hand_sizes: list[int] = field(default_factory=list)
    slots: dict[int, tuple[int | None, bool]] = field(default_factory=dict)  # seat -> (card, face up)
    totals: list[int] = field(default_factory=list)  # penalty so far, this round included
    this_round: list[int] = field(default_factory=list)
    pool: list[int] = field(default_factory=list)  # the open draft; 0 where a card was taken
    low: tuple[int, int] | None = None  # (seat, card) that must take a row
    sixth: tuple[int, int] | None = None  # (row, card) resting as a 6th card before the row is taken
    flipping: set[int] = field(default_factory=set)  # seats whose card is turning over
    dealing: int = 0  # while a hand is dealt: its final size, so cards land in their places
    round: int = 1
    turn: int = 1
    phase: str = "choose"
    caption: str = ""  # what the cards are doing, for a newcomer to follow
    open_hands: tuple[tuple[int, ...], ...] | None = None  # professional: every hand is known
    floaters: list[Floater] = field(default_factory=list)

    @classmethod
    def for_players(cls, players: int) -> Board:
        return cls(hand_sizes=[0] * players, totals=[0] * players, this_round=[0] * players)

    def show(self, view: Take5View) -> None:
        """Everything as ``view`` has it, with no card on its way."""
        self.rows = [list(r) for r in view.rows] + [[] for _ in range(ROWS - len(view.rows))]
        # A chosen card lies face down in its seat's slot: the rules keep it in the hand until the reveal.
        self.hand = [card for card in view.hand if card != view.chosen]
        self.hand_sizes = [size - committed for size, committed in zip(view.hand_sizes, view.committed)]
        self.slots = {s: (view.chosen, True) if s == view.seat else (None, False)
                      for s, committed in enumerate(view.committed) if committed}
        for s, card in view.placing:
            self.slots[s] = (card, True)
        if sorted(c for c in self.pool if c) != sorted(view.pool):
            self.pool = list(view.pool)  # else the gaps of the drafted cards stay
        self.this_round = [penalty_points(pile) for pile in view.piles]
        self.totals = list(penalty_totals(view))
        self.low = low_card(view)
        self.sixth = None
        self.flipping = set()
        self.dealing = 0
        self.round, self.turn, self.phase = max(1, view.round), view.turn, view.phase
        self.open_hands = view.open_hands

    # ----- questions of the picture ---------------------------------------
    @property
    def drafting(self) -> bool:
        """The open draft fills the rows' place."""
        return bool(self.pool) and not any(self.rows)

    def must_take_a_row(self, seat: int) -> bool:
        return self.low is not None and self.low[0] == seat

    def slot_card(self, seat: int) -> int | None:
        """The card in ``seat``'s slot (None: none there, or face down)."""
        return self.slots.get(seat, (None, False))[0]

    # ----- changes, as the cards land -------------------------------------
    def new_round(self, keep_hand: bool) -> None:
        """Clear the rows, slots and this round's penalties (and the hands, unless just drafted)."""
        self.rows = [[] for _ in range(ROWS)]
        self.pool = []  # after a draft, the last four open cards are in flight to the rows
        self.slots, self.low, self.sixth = {}, None, None
        self.this_round = [0] * len(self.this_round)
        if not keep_hand:
            self.hand = []
            self.hand_sizes = [0] * len(self.hand_sizes)

    def open_draft(self, cards: tuple[int, ...]) -> None:
        self.new_round(keep_hand=False)
        self.pool = list(cards)

    def start_row(self, row: int, card: int) -> None:
        self.rows[row] = [card]

    def deal_to_hand(self, card: int, final_size: int) -> None:
        self.hand = sorted(self.hand + [card])
        self.dealing = final_size

    def finish_deal(self, hand: list[int], hand_sizes: tuple[int, ...]) -> None:
        self.dealing = 0
        self.hand_sizes = list(hand_sizes)
        self.hand = sorted(hand)

    def lift_from_pool(self, index: int) -> None:
        self.pool[index] = 0  # the gap keeps the other open cards in their places

    def draft(self, seat: int, card: int, into_hand: bool) -> None:
        if into_hand:
            self.hand = sorted(self.hand + [card])
        self.hand_sizes[seat] += 1

    def leave_hand(self, card: int | None) -> None:
        if card in self.hand:
            self.hand.remove(card)

    def commit(self, seat: int, card: int | None, face_up: bool) -> None:
        self.slots[seat] = (card, face_up)
        if self.hand_sizes:
            self.hand_sizes[seat] = max(0, self.hand_sizes[seat] - 1)

    def start_reveal(self, seats: set[int], caption: str) -> None:
        self.flipping = seats
        self.caption = caption

    def reveal(self, cards: tuple[tuple[int, int], ...]) -> None:
        self.flipping = set()
        for seat, card in cards:
            self.slots[seat] = (card, True)

    def mark_low(self, seat: int, card: int) -> None:
        self.low = (seat, card)
        self.caption = ""

    def leave_slot(self, seat: int) -> None:
        self.slots.pop(seat, None)

    def rest_sixth(self, row: int, card: int) -> None:
        self.sixth = (row, card)

    def clear_row(self, row: int, caption: str) -> None:
        self.rows[row] = []
        self.caption = caption

    def bank(self, seat: int, points: int, rise: bool) -> None:
        """A taken row reaches ``seat``'s counter (``rise``: show the points rising from it)."""
        self.totals[seat] += points
        self.this_round[seat] += points
        if rise:
            self.floaters.append(Floater(seat, f"+{points}"))
        if self.must_take_a_row(seat):
            self.low = None

    def lift_to_row(self, seat: int, row: int, card: int) -> None:
        """``seat``'s card leaves its slot (or the 6th place) for ``row``."""
        if self.sixth == (row, card):
            self.sixth = None
        self.slots.pop(seat, None)
        if self.must_take_a_row(seat):
            self.low = None

    def add_to_row(self, row: int, card: int) -> None:
        self.rows[row] = self.rows[row] + [card]

    def age_floaters(self, seconds: float) -> None:
        for floater in self.floaters:
            floater.age += seconds
        self.floaters[:] = [f for f in self.floaters if f.age < FLOAT_TIME]
