"""Take 5 on plain ints and lists, for rollouts and the baselines.

The search plays thousands of turns per decision; doing that on frozen
dataclasses (a copy per move, views built for every seat) costs most of its
time. Here a deal in play is four row lists, the rows' bullheads, the hands
as sorted lists and each seat's penalty so far, changed in place. The rules
are those of ``games/take5.py`` (placing lowest first, the sixth card takes
the row, a card below every row end takes a row of its player's choice);
``tests/test_take5_fast.py`` plays random positions through both and checks
that they agree.
"""

from __future__ import annotations

from bisect import bisect_left
from math import comb
from typing import Callable, Sequence

from ..games.take5 import BULLHEADS, DECK_SIZE, ROW_LIMIT, Take5State

#: Bullheads a card joining a row adds on average (as ``ai.medium.take5`` counts them).
MEAN_BULLHEADS = 171 / 104

#: How a rollout chooses a card: (seat, hand, rows, row bullheads) -> card.
CardPolicy = Callable[[int, list[int], list[list[int]], list[int]], int]


def cheapest_row(bulls: Sequence[int]) -> int:
    """The row with the fewest bullheads, the first of equal ones."""
    best = 0
    for r in range(1, len(bulls)):
        if bulls[r] < bulls[best]:
            best = r
    return best


def target_row(rows: Sequence[Sequence[int]], card: int) -> int:
    """The row ``card`` joins: the one whose end is closest below it; -1 if below every end."""
    best, best_end = -1, 0
    for r, row in enumerate(rows):
        end = row[-1]
        if best_end < end < card:
            best, best_end = r, end
    return best


def immediate_cost(rows: Sequence[Sequence[int]], bulls: Sequence[int], card: int) -> int:
    """Bullheads ``card`` takes if placed on these rows now, the others' cards ignored;
    a card below every end takes the cheapest row."""
    r = target_row(rows, card)
    if r < 0:
        return min(bulls)
    return bulls[r] if len(rows[r]) == ROW_LIMIT else 0


def greedy_card(hand: Sequence[int], rows: Sequence[Sequence[int]], bulls: Sequence[int]) -> int:
    """The card of ``hand`` (sorted) with the least immediate cost, the lower of equal ones.

    Every card between two row ends costs the same (the lower row's bullheads if it is
    full, else nothing), so only the lowest card of each such stretch is weighed."""
    by_end = sorted([(row[-1], r) for r, row in enumerate(rows)])
    start = bisect_left(hand, by_end[0][0])
    best, best_cost = hand[0], (min(bulls) if start else 1 << 30)
    for k, (end, target) in enumerate(by_end):
        if start == len(hand) or best_cost == 0:
            break
        stop = bisect_left(hand, by_end[k + 1][0]) if k + 1 < len(by_end) else len(hand)
        if start < stop:
            cost = bulls[target] if len(rows[target]) == ROW_LIMIT else 0
            if cost < best_cost:
                best, best_cost = hand[start], cost
        start = stop
    return best


def greedy_policy(seat: int, hand: list[int], rows: list[list[int]], bulls: list[int]) -> int:
    """A :data:`CardPolicy` that plays :func:`greedy_card` for every seat."""
    return greedy_card(hand, rows, bulls)


def place(rows: list[list[int]], bulls: list[int], penalties: list[int], seat: int, card: int,
          take: Callable[[int, int], int]) -> None:
    """Place ``seat``'s ``card`` on the rows (in place); ``take(seat, card)`` picks the
    row a card below every end takes."""
    r = target_row(rows, card)
    if r < 0:
        r = take(seat, card)
    elif len(rows[r]) < ROW_LIMIT:
        rows[r].append(card)
        bulls[r] += BULLHEADS[card]
        return
    penalties[seat] += bulls[r]
    rows[r] = [card]
    bulls[r] = BULLHEADS[card]


def play_turn(rows: list[list[int]], bulls: list[int], penalties: list[int], hands: list[list[int]],
              cards: Sequence[int], take: Callable[[int, int], int], seen: Seen | None = None) -> None:
    """Every seat plays ``cards[seat]`` from its hand; place them lowest first (in place),
    and mark them in ``seen``."""
    for seat, card in enumerate(cards):
        hands[seat].remove(card)
        if seen is not None:
            seen.add(card)
    for card, seat in sorted(zip(cards, range(len(cards)))):
        place(rows, bulls, penalties, seat, card, take)


def play_deal(rows: list[list[int]], bulls: list[int], penalties: list[int], hands: list[list[int]],
              policy: CardPolicy, take: Callable[[int, int], int], seen: Seen | None = None) -> None:
    """Play the deal to its end (in place): every seat chooses by ``policy``."""
    seats = range(len(hands))
    while hands[0]:
        play_turn(rows, bulls, penalties, hands,
                  [policy(seat, hands[seat], rows, bulls) for seat in seats], take, seen)


def cheapest_take(bulls: list[int]) -> Callable[[int, int], int]:
    """A row chooser that takes the cheapest row of ``bulls`` (the live list)."""
    return lambda seat, card: cheapest_row(bulls)


class Deal:
    """A deal in play in compact form: rows, their bullheads, hands and this deal's penalties."""

    __slots__ = ("rows", "bulls", "hands", "penalties", "chosen")

    def __init__(self, rows: list[list[int]], hands: list[list[int]], penalties: list[int],
                 chosen: list[int | None]) -> None:
        self.rows = rows
        self.bulls = [sum(BULLHEADS[c] for c in row) for row in rows]
        self.hands = hands
        self.penalties = penalties
        self.chosen = chosen  # cards already committed this turn (None: not yet)

    @classmethod
    def of(cls, state: Take5State) -> Deal:
        """The compact form of a ``choose``-phase state; penalties start from the seats' scores."""
        return cls([list(row) for row in state.rows], [list(hand) for hand in state.hands],
                   [b + sum(BULLHEADS[c] for c in pile) for b, pile in zip(state.banked, state.piles)],
                   list(state.chosen))

    def copy(self) -> Deal:
        twin = Deal.__new__(Deal)
        twin.rows = [row[:] for row in self.rows]
        twin.bulls = self.bulls[:]
        twin.hands = [hand[:] for hand in self.hands]
        twin.penalties = self.penalties[:]
        twin.chosen = self.chosen[:]
        return twin


def finish_deal(deal: Deal, policy: CardPolicy, take: Callable[[int, int], int] | None = None,
                seen: Seen | None = None) -> list[int]:
    """Play ``deal`` (its current turn's commitments kept) to the end of the deal with
    ``policy`` for the undecided choices; return the penalties there."""
    rows, bulls, hands, penalties = deal.rows, deal.bulls, deal.hands, deal.penalties
    take = take or cheapest_take(bulls)
    if hands[0]:
        cards = [c if c is not None else policy(seat, hands[seat], rows, bulls) for seat, c in enumerate(deal.chosen)]
        play_turn(rows, bulls, penalties, hands, cards, take, seen)
        play_deal(rows, bulls, penalties, hands, policy, take, seen)
    return penalties


class Seen:
    """The cards a rollout's seats have all seen this deal (rows and penalty piles), as
    flags by card, for the medium player's count of unseen cards."""

    __slots__ = ("flags", "count")

    def __init__(self, cards: Sequence[int]) -> None:
        self.flags = bytearray(DECK_SIZE + 2)
        for card in cards:
            self.flags[card] = 1
        self.count = len(set(cards))

    def add(self, card: int) -> None:
        if not self.flags[card]:
            self.flags[card] = 1
            self.count += 1

    def copy(self) -> Seen:
        twin = Seen.__new__(Seen)
        twin.flags = self.flags[:]
        twin.count = self.count
        return twin


def medium_card(hand: Sequence[int], rows: Sequence[Sequence[int]], bulls: Sequence[int], seen: Seen,
                deck: int, opponents: int, caution: float = 1.0, foresight: float = 1.0, pull: float = 0.0) -> int:
    """The card ``ai.medium.take5.cheapest`` plays from ``hand`` (sorted) when the cards
    seen besides this hand are ``seen``: the same estimate, on the compact form.

    ``foresight`` below 1 blends that estimate with the card's cost on the rows as
    they lie, as a player of ``ai.take5_family`` rates cards: immediate +
    foresight * (estimate - immediate); 1 is the medium player.

    The hand is walked one stretch between two row ends at a time (the cards that
    would join the same row). Where that row cannot fill up this turn a card's cost
    grows with its gap, so only the stretch's lowest card is weighed; nothing costs
    less than 0, so a card of cost 0 ends the walk. A bold player's ``pull`` toward high cards (``pull`` times
    the card's height in the deck off each cost) undoes both short cuts: then every card is weighed. The choices
    are the same as weighing every card (``tests/test_take5_fast.py``), in a fraction of the time."""
    flags = seen.flags
    size = len(hand)
    unseen_count = max(1, deck - seen.count - size)  # a hand's cards are never in the rows or piles
    by_end = sorted([(row[-1], r) for r, row in enumerate(rows)])
    start = bisect_left(hand, by_end[0][0])
    low = hand[start - 1] if start and pull else hand[0]  # below every row: the highest pulls hardest
    best, best_cost = low, (min(bulls) + 0.5 * foresight - pull * low / deck if start else None)
    for k, (end, target) in enumerate(by_end):
        if start == size or (best_cost == 0.0 and foresight <= 1.0 and not pull):  # more foresight may rate cards below 0
            break
        stop = bisect_left(hand, by_end[k + 1][0]) if k + 1 < len(by_end) else size
        if start == stop:
            continue
        slots = ROW_LIMIT - len(rows[target])
        if slots > opponents:  # not enough others to fill the row: the lowest card has the least gap
            for i in range(start, stop if pull else start + 1):
                card = hand[i]
                gap = card - end - 1 - flags.count(1, end + 1, card) - (i - start)
                cost = 0.001 * foresight * gap - pull * card / deck
                if best_cost is None or cost < best_cost:
                    best, best_cost = card, cost
            start = stop
            continue
        points = bulls[target] + slots * MEAN_BULLHEADS
        ways, rest = comb(opponents, slots), opponents - slots
        now = bulls[target] if slots == 0 else 0  # what the card takes on the rows as they lie
        for i in range(start, stop):
            card = hand[i]
            # The unseen cards between: neither public nor in this hand.
            gap = card - end - 1 - flags.count(1, end + 1, card) - (i - start)
            chance = min(1.0, caution * gap / unseen_count)
            danger = ways * chance ** slots * (1.0 - chance) ** rest
            cost = danger * points + 0.001 * gap
            if foresight != 1.0:
                cost = now + foresight * (cost - now)
            cost -= pull * card / deck
            if best_cost is None or cost < best_cost:
                best, best_cost = card, cost
        start = stop
    return best


def medium_row(rows: Sequence[Sequence[int]], bulls: Sequence[int]) -> int:
    """The row the medium player takes: the fewest bullheads, then the fewest cards."""
    return min(range(len(rows)), key=lambda r: (bulls[r], len(rows[r])))
