"""The picture of a Thirteen table, without pygame.

It is rebuilt from the watching seat's view when the cards are at rest, and
changed a little at a time by the animations of the events in between, so
the cards on screen move one by one while the view is already at the end
of the move.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ....games.thirteen import IN, OVER, Dealt, ThirteenView, group_kind, group_points, groups_in, must_come_back
from ...i18n import Phrase


@dataclass
class Board:
    viewer: int | None = None  # whose hand ``hand`` is (None: no one's, nothing private is shown)
    hand: list = field(default_factory=list)
    hand_sizes: list[int] = field(default_factory=list)
    singles: list[list] = field(default_factory=list)
    laid: list[list[tuple]] = field(default_factory=list)
    status: list[str] = field(default_factory=list)
    leaving: list[int] = field(default_factory=list)
    finished: list = field(default_factory=list)
    pile: int = 0
    turn: int = 0
    current: int = 0
    dealer: int = 0
    dealing: bool = False
    caption: str | Phrase = ""  # worded when shown, so it follows a change of language
    comeback: object | None = None  # the card the viewer won back this turn, until its partner is asked for

    def show(self, view: ThirteenView) -> None:
        """Everything as ``view`` has it, the cards at rest."""
        self.viewer = view.seat
        self.hand = list(view.hand)
        self.hand_sizes = list(view.hand_sizes)
        self.singles = [list(s) for s in view.singles]
        self.laid = [list(groups) for groups in view.laid]
        self.status = list(view.status)
        self.leaving = list(view.leaving)
        self.finished = list(view.finished)
        self.pile, self.turn, self.current, self.dealer = view.pile_size, view.turn, view.current, view.dealer
        self.dealing = False
        if view.seat is None or view.current != view.seat or view.phase == OVER:
            self.comeback = None

    # ----- what the picture shows ---------------------------------------
    def points(self, seat: int) -> int:
        return sum(group_points(g) for g in self.laid[seat])

    def comes_back(self, seat: int) -> bool:
        return must_come_back(self.status[seat], self.hand_sizes[seat])

    def waiting(self) -> list[tuple]:
        """The viewer's pairs from a draw, face down until the start of the next turn."""
        return groups_in(self.hand)

    def loose_cards(self) -> list:
        """The viewer's cards shown face up: all but the waiting pairs."""
        rest = Counter(self.hand)
        rest.subtract(c for g in self.waiting() for c in g)
        return sorted(rest.elements())

    def laid_stacks(self, seat: int) -> list[tuple[tuple, int]]:
        """A seat's laid groups stacked by kind, in the order the kinds were first laid: (group, how many)."""
        stacks: dict = {}
        for group in self.laid[seat]:
            kind = group_kind(group)
            stacks[kind] = (group, stacks[kind][1] + 1 if kind in stacks else 1)
        return list(stacks.values())

    # ----- changes as the cards move ---------------------------------------
    def start_deal(self, dealt: Dealt, caption: str | Phrase) -> None:
        """An empty table and the whole deck on the pile."""
        players = len(dealt.hand_sizes)
        self.hand, self.hand_sizes = [], [0] * players
        self.singles = [[] for _ in range(players)]
        self.laid = [[] for _ in range(players)]
        self.status, self.leaving, self.finished = [IN] * players, [], []
        self.pile = dealt.pile_size + sum(dealt.hand_sizes)
        self.dealer, self.turn, self.current, self.dealing = dealt.dealer, 0, dealt.dealer, True
        self.caption = caption

    def deal_packet(self, seat: int, count: int) -> None:
        self.hand_sizes[seat] += count
        self.pile -= count

    def end_deal(self, dealt: Dealt, hand: list) -> None:
        """Every hand dealt; the viewer's ``hand`` turns face up."""
        self.hand = list(hand)
        self.hand_sizes = list(dealt.hand_sizes)
        self.pile = dealt.pile_size
        self.dealing = False

    def remove_card(self, seat: int, card) -> None:
        """A card leaves ``seat``'s hand (the face-up single of that value first, as the rules say)."""
        if seat == self.viewer and card in self.hand:
            self.hand.remove(card)
        if card in self.singles[seat]:
            self.singles[seat].remove(card)
        self.hand_sizes[seat] = max(0, self.hand_sizes[seat] - 1)

    def add_card(self, seat: int, card) -> None:
        """A card joins ``seat``'s hand; ``card`` is None when the viewer may not see it."""
        if seat == self.viewer and card is not None:
            self.hand = sorted(self.hand + [card])
        self.hand_sizes[seat] += 1

    def leave(self, seat: int, how: str) -> None:
        self.status[seat] = how
        if seat not in self.leaving:
            self.leaving.append(seat)


def dealt_hand(view: ThirteenView) -> list:
    """The watching seat's cards as dealt: its hand after the opening and the pairs it laid from it."""
    if view.seat is None:
        return []
    return sorted(list(view.hand) + [c for group in view.laid[view.seat] for c in group])
