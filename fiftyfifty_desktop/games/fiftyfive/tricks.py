"""What a hand's tricks tell every seat: the points they credit to each side
in the order they arise, the order the sides reached the target in, the best
trump so far, the cards a seat's play shows it cannot hold, and matching
unseen cards to the seats that may hold them (for ``FiftyFive.determinize``).
"""

from __future__ import annotations

from typing import Sequence

from .cards import DECK, TOP_TRUMPS, TRUMP_POWER, follow_suit
from .parts import ALL_TRICKS_BID, BEST_TRUMP_POINTS, OVER, TRICK_POINTS, FiftyFiveState, FiftyFiveView, side_of


def hand_credits(position: FiftyFiveState | FiftyFiveView) -> list[tuple[int, int]]:
    """The hand's points as (side, amount) in the order they arise (``credits_in_order``). Takes a state or
    a view (all of it is public)."""
    best = position.best_trump
    return credits_in_order(side_of(position, position.bidder), position.bid,
                            [side_of(position, seat) for seat in position.trick_winners],
                            None if best is None else side_of(position, best[0]))


def credits_in_order(bidder_side: int, bid: int, trick_sides: Sequence[int],
                     best_side: int | None) -> list[tuple[int, int]]:
    """The points of a hand that ``bidder_side`` bid ``bid`` in, as (side, amount) in the order they arise (rules
    file, "End"), from the sides that took its tricks in turn and the side of its best trump (None: no trump).

    Each trick's 5 points count at the end of that trick; the bidder's count
    only from the moment they reach the bid, all at once (a 60 bid: the 60,
    after the fifth trick); the best-trump 5 count at the end of the hand. A
    failing bidder's loss comes last.
    """
    credits: list[tuple[int, int]] = []
    bidder_points = 0
    made = False

    def gain(side: int, amount: int) -> None:
        nonlocal bidder_points, made
        if side != bidder_side:
            credits.append((side, amount))
            return
        bidder_points += amount
        if made:
            credits.append((side, amount))
        elif bid != ALL_TRICKS_BID and bidder_points >= bid:
            credits.append((side, bidder_points))
            made = True

    for side in trick_sides:
        gain(side, TRICK_POINTS)
    if bid == ALL_TRICKS_BID and all(side == bidder_side for side in trick_sides):
        credits.append((bidder_side, ALL_TRICKS_BID))
        made = True
    if best_side is not None and not (made and bid == ALL_TRICKS_BID and best_side == bidder_side):
        gain(best_side, BEST_TRUMP_POINTS)
    if not made:
        credits.append((bidder_side, -bid))
    return credits


def race(totals: Sequence[int], credits: Sequence[tuple[int, int]], target: int) -> tuple[list[int], tuple[int, ...]]:
    """The totals once a hand's ``credits`` (``credits_in_order``) are added to ``totals`` in order, and the sides
    that reached ``target`` with a gain, in the order they reached it: the first wins the game."""
    running = list(totals)
    order: list[int] = []
    for side, amount in credits:
        running[side] += amount
        if amount > 0 and running[side] >= target and side not in order:
            order.append(side)
    return running, tuple(order)


def race_order(view: FiftyFiveView) -> tuple[int, ...]:
    """The sides that reached the target in the last hand of a finished game, in the order they reached it
    (the first is the winner); the race is run again from the totals before that hand."""
    if view.phase != OVER or not view.history:
        return ()
    before = [total - change for total, change in zip(view.totals, view.history[-1].settlement)]
    return race(before, hand_credits(view), view.target)[1]


def best_trump_after(best: tuple[int, int] | None, seat: int, card: int, trump: int) -> tuple[int, int] | None:
    """The hand's highest trump so far as (seat, card) once ``seat`` has played ``card`` (None: no trump yet)."""
    power = TRUMP_POWER[trump]
    if power[card] and (best is None or power[card] > power[best[1]]):
        return seat, card
    return best


def shown_voids(tricks: tuple[tuple[tuple[int, int], ...], ...], trump: int, players: int) -> tuple[frozenset[int], ...]:
    """Per seat, the cards its play this hand shows it cannot hold.

    Not following a plain lead (with a plain card of another suit) shows no
    card of that suit; a plain card on a trump lead shows no trump but top
    trumps that may be held back from that lead.
    """
    voids: list[set[int]] = [set() for _ in range(players)]
    if trump < 0:
        return tuple(frozenset(v) for v in voids)
    power = TRUMP_POWER[trump]
    for trick in tricks:
        if not trick:
            continue
        led = trick[0][1]
        led_suit = follow_suit(led, trump)
        for seat, c in trick[1:]:
            if led_suit == trump and not power[c]:
                voids[seat].update(t for t in DECK if power[t] and not (t in TOP_TRUMPS[trump] and power[t] > power[led]))
            elif led_suit != trump and follow_suit(c, trump) not in (led_suit, trump):
                voids[seat].update(x for x in DECK if follow_suit(x, trump) == led_suit)
    return tuple(frozenset(v) for v in voids)


def _match(slots: list[int], cards: list[int], voids: tuple[frozenset[int], ...]) -> dict[int, int]:
    """Give each slot (a place in a seat's hand) its own card outside that seat's voids.

    Cards are tried in their (shuffled) order; when a slot finds none free,
    augmenting paths move earlier choices (Kuhn's matching), so a deal is
    found whenever one exists, as one always does: the real one.
    """
    owner: dict[int, int] = {}  # card -> slot

    def place(slot: int, tried: set[int]) -> bool:
        for c in cards:
            if c in tried or c in voids[slots[slot]]:
                continue
            tried.add(c)
            if c not in owner or place(owner[c], tried):
                owner[c] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not place(slot, set()):
            raise ValueError("the view's voids leave no possible deal")
    return {slot: c for c, slot in owner.items()}
