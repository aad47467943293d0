"""What a hand's tricks tell every seat: the points they credit to each side
in the order they arise, the order the sides reached the target in, the cards
a seat's play shows it cannot hold, and matching unseen cards to the seats
that may hold them (for ``FiftyFive.determinize``).
"""

from __future__ import annotations

from .cards import DECK, TOP_TRUMPS, TRUMP_POWER, follow_suit
from .parts import ALL_TRICKS_BID, BEST_TRUMP_POINTS, OVER, TRICK_POINTS, FiftyFiveState, FiftyFiveView, side_of


def hand_credits(position: FiftyFiveState | FiftyFiveView) -> list[tuple[int, int]]:
    """The hand's points as (side, amount) in the order they arise (rules file, "End").

    Each trick's 5 points count at the end of that trick; the bidder's count
    only from the moment they reach the bid, all at once (a 60 bid: the 60,
    after the fifth trick); the best-trump 5 count at the end of the hand. A
    failing bidder's loss comes last. Takes a state or a view (all of it is public).
    """
    bidder_side = side_of(position, position.bidder)
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
        elif position.bid != ALL_TRICKS_BID and bidder_points >= position.bid:
            credits.append((side, bidder_points))
            made = True

    for seat in position.trick_winners:
        gain(side_of(position, seat), TRICK_POINTS)
    if position.bid == ALL_TRICKS_BID and all(side_of(position, s) == bidder_side for s in position.trick_winners):
        credits.append((bidder_side, ALL_TRICKS_BID))
        made = True
    if position.best_trump is not None:
        best_side = side_of(position, position.best_trump[0])
        if not (made and position.bid == ALL_TRICKS_BID and best_side == bidder_side):
            gain(best_side, BEST_TRUMP_POINTS)
    if not made:
        credits.append((bidder_side, -position.bid))
    return credits


def race_order(view: FiftyFiveView) -> tuple[int, ...]:
    """The sides that reached the target in the last hand of a finished game, in the order they reached it
    (the first is the winner); the race is run again from the totals before that hand."""
    if view.phase != OVER or not view.history:
        return ()
    running = [total - change for total, change in zip(view.totals, view.history[-1].settlement)]
    order: list[int] = []
    for side, amount in hand_credits(view):
        running[side] += amount
        if amount > 0 and running[side] >= view.target and side not in order:
            order.append(side)
    return tuple(order)


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
