"""Fifty-Five, rule-based: bid from hand strength, keep the top trumps.

Hand strength is counted in expected tricks for the best trump suit: the
three top trumps (the 5, the J and the A♥) nearly always win one, lesser
trumps sometimes, a plain King now and then; the kitty adds about half a
trick. The player bids the highest bid its strength covers, scaled by
``boldness``. As bidder it discards its weakest cards and names the suit it
counted on. In play it wins a trick as cheaply as it can when it can,
holds its top trumps back for when they are needed, and otherwise throws
its least useful card (never a trump when a plain card will do).
"""

from __future__ import annotations

import math
import random
from typing import Mapping, Sequence, cast

from ...engine import Move
from ..agents import Uniform
from ..search import SearchSettings, chance_to_lead
from ...games.fiftyfive.cards import ACE_OF_HEARTS, PLAIN_POWER, TOP_TRUMPS, TRUMP_POWER, trick_winner
from ...games.fiftyfive.parts import (
    ALL_TRICKS_BID, BIDDING, BIDS, DISCARDING, HAND_SIZE, NAMING, TRICK_POINTS, Bid, Discard, FiftyFiveState,
    FiftyFiveView, Hold, NameTrump, Pass, Play, side_of,
)

KITTY_TRICKS = 0.5  # what taking the kitty adds to the bidder's hand, in tricks
KING = 12  # card % 13 of a King


def trick_estimate(cards: tuple[int, ...], trump: int) -> float:
    """Expected tricks of ``cards`` with ``trump`` as the trump suit."""
    power = TRUMP_POWER[trump]
    tricks = 0.0
    for c in cards:
        if c in TOP_TRUMPS[trump]:
            tricks += 0.95
        elif power[c]:
            tricks += 0.25 + 0.04 * power[c]  # the A and K of trumps count near 0.7
        elif c % 13 == KING:
            tricks += 0.3
    return tricks


def best_suit(cards: tuple[int, ...]) -> tuple[int, float]:
    """The trump suit these cards like best, and their expected tricks with it."""
    return max(((s, trick_estimate(cards, s)) for s in range(4)), key=lambda pair: pair[1])


def keep_value(card: int, trump: int) -> float:
    """How much a card is worth keeping: trumps by rank, then plain cards by rank."""
    power = TRUMP_POWER[trump][card]
    return 100 + power if power else PLAIN_POWER[card]


class MediumFiftyFive:
    """The hand-counting table player of Fifty-Five."""

    def __init__(self, seat: int, source: random.Random, knobs: Mapping[str, float]) -> None:
        self._boldness = boldness(knobs)

    def choose(self, view: FiftyFiveView, legal: tuple[Move, ...]) -> Move:
        if len(legal) == 1:
            return legal[0]
        if view.phase == BIDDING:
            return call_to_make(view.cards, view.bid, legal, self._boldness)
        if view.phase == DISCARDING:
            return Discard(cards_to_lay_away(view.cards))
        if view.phase == NAMING:
            trump = trump_to_name(view.cards)
            return next(m for m in legal if isinstance(m, NameTrump) and m.suit == trump)
        return self._play(view, legal)

    def rank(self, view: FiftyFiveView, legal: tuple[Move, ...]) -> list[Move]:
        """The legal moves, the one this player likes best first (discards: the least worth keeping first)."""
        if view.phase == DISCARDING and len(legal) > 1:
            return list(self._ranked_discards(view, legal))
        best = self.choose(view, legal)
        return [best] + [m for m in legal if m != best]

    @staticmethod
    def _ranked_discards(view: FiftyFiveView, legal: tuple[Move, ...]) -> list[Discard]:
        """The discards offered, the set of cards least worth keeping for the best suit first (the first offered
        among equals)."""
        return [move for move, _ in sorted(MediumFiftyFive._discard_worths(view, legal), key=lambda pair: pair[1])]

    @staticmethod
    def _discard_worths(view: FiftyFiveView, legal: tuple[Move, ...]) -> list[tuple[Discard, float]]:
        """Each discard offered with what its cards would be worth keeping for the hand's best suit."""
        trump, _ = best_suit(view.cards)
        discards = cast("tuple[Discard, ...]", legal)  # the discarding phase offers only discards
        return [(m, sum(keep_value(c, trump) for c in m.cards)) for m in discards]

    def _play(self, view: FiftyFiveView, legal: tuple[Move, ...]) -> Move:
        cards = [m.card for m in cast("tuple[Play, ...]", legal)]  # the playing phase offers only card plays
        return Play(card_to_play(cards, tuple(c for _, c in view.trick), view.players, view.trump))


class BeginnerFiftyFive:
    """The random rung with a personality's ``boldness``: any allowed card, trump and discard at random, and a call
    at random among pass and the calls as high as its boldness reaches (the lowest share of the bids, so a timid
    beginner never risks the 60: boldness 0.3 reaches 15, only above 0.8 the 60)."""

    def __init__(self, seat: int, source: random.Random, knobs: Mapping[str, float]) -> None:
        self._uniform = Uniform(source)
        self._reach = BIDS[max(0, math.ceil(boldness(knobs) * len(BIDS)) - 1)]

    def choose(self, view: FiftyFiveView, legal: tuple[Move, ...]) -> Move:
        if view.phase == BIDDING:
            legal = tuple(m for m in legal if isinstance(m, Pass) or call_amount(m, view.bid) <= self._reach)
        return self._uniform.choose(view, legal)


def call_amount(call: Move, high: int) -> int:
    """What a bid or hold commits the caller to when the high bid is ``high``."""
    return call.amount if isinstance(call, Bid) else high


def boldness(knobs: Mapping[str, float]) -> float:
    """How boldly the player with ``knobs`` bids (0: timidly, 1: boldly), 0.5 unless they say."""
    return knobs.get("boldness", 0.5)


def call_to_make(cards: tuple[int, ...], high: int, legal: Sequence[Move], boldness: float) -> Move:
    """The call :class:`MediumFiftyFive` makes of the ``legal`` calls holding ``cards`` when the high bid is
    ``high`` (0: none yet), as bold as ``boldness``: a function of those alone, so the search's compact rollouts
    bid with it too."""
    _, tricks = best_suit(cards)
    points = TRICK_POINTS * (tricks + KITTY_TRICKS + 1.0)  # the +1 trick: the best-trump bonus, often won
    reach = points * (0.7 + 0.6 * boldness)
    can_hold = any(isinstance(m, Hold) for m in legal)
    if can_hold and high <= reach:
        return next(m for m in legal if isinstance(m, Hold))
    bids = [m for m in legal if isinstance(m, Bid) and m.amount <= reach
            and (m.amount < ALL_TRICKS_BID or tricks >= 4.5 - boldness)]
    if bids:
        return min(bids, key=lambda m: m.amount) if high else max(
            (m for m in bids if m.amount < ALL_TRICKS_BID), key=lambda m: m.amount, default=bids[0])
    return next(m for m in legal if isinstance(m, Pass))


def cards_to_lay_away(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The cards :class:`MediumFiftyFive` discards of ``cards`` (the bidder's hand with the kitty, in order): the
    ones least worth keeping for the hand's best suit, the earlier in the hand among equals. Of the discards the
    rules offer (in the order of ``combinations``) that is the first whose cards are worth least, found without
    weighing all 252; a function of the cards alone, so the search's compact rollouts discard with it too."""
    trump, _ = best_suit(cards)
    return tuple(sorted(sorted(cards, key=lambda c: keep_value(c, trump))[:len(cards) - HAND_SIZE]))


def trump_to_name(cards: tuple[int, ...]) -> int:
    """The suit :class:`MediumFiftyFive` names trumps holding ``cards`` (the bidder's hand after the discard): the
    one it counts the most tricks with."""
    return best_suit(cards)[0]


def card_to_play(cards: Sequence[int], played: tuple[int, ...], players: int, trump: int) -> int:
    """The card :class:`MediumFiftyFive` plays of the playable ``cards`` (in the hand's order) onto a trick of
    ``played`` cards among ``players``: a function of those alone, so the search's compact rollouts play it too."""
    power = TRUMP_POWER[trump]
    if not played:
        trumps = [c for c in cards if power[c]]
        if len(trumps) >= 2 and any(c in TOP_TRUMPS[trump] for c in trumps):
            return max(trumps, key=lambda c: power[c])  # draw the others' trumps
        kings = [c for c in cards if not power[c] and c % 13 == KING]
        if kings:
            return kings[0]
        return min(cards, key=lambda c: keep_value(c, trump))
    last = len(played) == players - 1
    winners = [c for c in cards if trick_winner(played + (c,), trump) == len(played)]
    if winners:
        cheapest = min(winners, key=lambda c: keep_value(c, trump))
        top = cheapest in TOP_TRUMPS[trump] or cheapest == ACE_OF_HEARTS
        if last or not top or len(winners) == len(cards):
            return cheapest
    return min(cards, key=lambda c: keep_value(c, trump))


#: How far one hand moves a side's total (its standard deviation, in points; 10.4 among four medium
#: players over 200 games), and how far the leading total gets in a hand (the target, 55, over the 4.6
#: hands such a game lasts).
HAND_SPREAD = 10.0
LEADER_PACE = 12.0


def outlook(state: FiftyFiveState, seat: int) -> float:
    """The chance ``seat``'s side reaches the target first from the totals after a hand: as if the best total
    wins once the leader has covered the rest of the way at ``LEADER_PACE``, every side's total moving by an
    independent normal amount (``HAND_SPREAD``) each hand until then."""
    return chance_to_win(state.totals, state.target, side_of(state, seat))


def chance_to_win(totals: Sequence[int], target: int, side: int) -> float:
    """``outlook`` from the sides' ``totals`` and the game's ``target``, for ``side``."""
    hands = max(1.0, (target - max(totals)) / LEADER_PACE)
    return chance_to_lead(totals, side, HAND_SPREAD * math.sqrt(hands))


#: The search's settings for Fifty-Five: a rollout ends with the hand and is measured by this
#: seat's total against the best other total, since the first to the target wins (docs/ai.md),
#: and by ``finish`` times its chance to win the game as the hand leaves the totals (``outlook``).
#: Its rollouts run on the compact hand (``ai/fiftyfive_fast.py``), which makes room for 256 worlds:
#: they won 32.0% of 200 games against three mc:64, where 96 worlds won 31.0% and 64 won 29.5%.
SEARCH = SearchSettings(worlds=256, halving=(32, 64, 128), versus_best=1.0, finish=30.0, outlook=outlook,
                        horizon=lambda state: state.hand)
