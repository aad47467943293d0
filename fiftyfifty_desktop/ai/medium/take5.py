"""Take 5, rule-based: play the card that lands safest given the rows.

For each card in hand the player estimates the bullheads it will collect
this turn: which row it would join, how many unseen cards lie between that
row's end and the card (each opponent may drop one of them in first), and
whether that makes this card the sixth. A card below every row end costs
the cheapest row. ``risk`` makes the player underestimate the opponents and
pulls it toward its high cards: a bold player plays high cards early and
into gaps a careful one avoids, and risks a row for it.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from math import comb
from typing import Any, Callable, Mapping, Sequence, cast

from ...engine import AnyGame, Move
from ..search import SearchSettings
from ..take5_fast import (
    MEAN_BULLHEADS, Deal, Seen, finish_deal, medium_card, medium_row, place, play_deal,
)
from .. import take5_family
from ..legal import all_are
from ...games.take5 import BULLHEADS, ROW_LIMIT, STANDARD, Draft, Play, Take5State, Take5View, TakeRow, deck_for

#: Bullheads a player of ``risk`` 1 risks to play the top card of the deck rather than the lowest; a bold player's
#: pull toward a card is this times its ``risk`` times the card's height in the deck.
HIGH_CARD_PULL = 3.0


def caution(knobs: Mapping[str, float]) -> float:
    """How much of the danger of a gap the player with ``knobs`` fears: all of it at ``risk`` 0, half at 1."""
    return 1.0 - 0.5 * knobs.get("risk", 0.0)


def pull(knobs: Mapping[str, float]) -> float:
    """How many bullheads the player with ``knobs`` risks to play the deck's top card rather than its lowest."""
    return HIGH_CARD_PULL * knobs.get("risk", 0.0)


class MediumTake5:
    """The careful table player of Take 5."""

    def __init__(self, seat: int, source: random.Random, knobs: Mapping[str, float]) -> None:
        self._source = source
        self._caution, self._pull = caution(knobs), pull(knobs)

    def rank(self, view: Take5View, legal: tuple[Move, ...]) -> list[Move]:
        """The legal moves, the cheapest by this player's estimate first: what a search starts from. A bold
        player's pull toward high cards is its taste at the table (``choose``), not part of the estimate."""
        if all_are(legal, Play):
            costs = turn_costs(view, tuple(m.card for m in legal), self._caution)
            return [legal[i] for i in sorted(range(len(legal)), key=costs.__getitem__)]
        best = self.choose(view, legal)
        return [best] + [m for m in legal if m != best]

    def choose(self, view: Take5View, legal: tuple[Move, ...]) -> Move:
        first = legal[0]
        if len(legal) == 1:
            return first
        if all_are(legal, Play):
            return Play(cheapest(view, [m.card for m in legal], self._caution, self._pull))
        if all_are(legal, TakeRow):
            rows = view.rows
            return min(legal, key=lambda m: (sum(BULLHEADS[c] for c in rows[m.row]), len(rows[m.row])))
        assert all_are(legal, Draft), first
        # Drafting: prefer cheap cards, spread over the range (random among equals).
        fewest = min(BULLHEADS[m.card] for m in legal)
        options = [m for m in legal if BULLHEADS[m.card] == fewest]
        return options[int(self._source.random() * len(options))]


def seen_cards(view: Take5View) -> set[int]:
    """Cards this seat has seen: its hand, the rows, the penalty piles, cards being placed."""
    seen = set(view.hand).union(*view.rows, *view.piles, (c for _, c in view.placing))
    if view.open_hands is not None:
        seen.update(*view.open_hands)
    return seen


def unseen_cards(view: Take5View) -> list[int]:
    """Cards this seat has not seen (in other hands or out of play), lowest first."""
    seen = seen_cards(view)
    return [c for c in deck_for(view.players, view.variant) if c not in seen]


def turn_costs(view: Take5View, cards: tuple[int, ...], caution: float = 1.0, hidden: int = 0,
               pull: float = 0.0) -> list[float]:
    """Expected bullheads each card in ``cards`` collects if played this turn, less a bold player's ``pull``
    toward high cards (``pull`` times the card's height in the deck); ``hidden`` more cards of the seat's own
    hand are seen besides ``view.hand`` (a hand pictured from outside, whose size alone is known)."""
    costs = _turn_costs(view, cards, caution, hidden)
    return [cost - pull * card / view.deck for cost, card in zip(costs, cards)] if pull else costs


def _turn_costs(view: Take5View, cards: tuple[int, ...], caution: float, hidden: int) -> list[float]:
    rows = view.rows
    by_end = sorted((row[-1], r) for r, row in enumerate(rows))
    ends = [end for end, _ in by_end]
    points = [sum(map(BULLHEADS.__getitem__, row)) for row in rows]
    cheapest = min(points)
    seen = sorted(seen_cards(view))
    unseen_count = max(1, view.deck - len(seen) - hidden)
    opponents = sum(1 for s, size in enumerate(view.hand_sizes) if size and s != view.seat)
    costs = []
    for card in cards:
        below = bisect_left(ends, card)
        if below == 0:
            costs.append(cheapest + 0.5)  # the row is taken for sure; keep low cards when rows are dear
            continue
        end, target = by_end[below - 1]
        gap = card - end - 1 - (bisect_left(seen, card) - bisect_right(seen, end))  # unseen cards between
        slots = ROW_LIMIT - len(rows[target])  # cards the row takes before one becomes the sixth
        if slots > opponents:  # not enough others to fill the row: this card is safe
            costs.append(0.001 * gap)
            continue
        chance = min(1.0, caution * gap / unseen_count)  # one opponent drops a card in before mine
        danger = _exactly(opponents, chance, slots)
        costs.append(danger * (points[target] + slots * MEAN_BULLHEADS) + 0.001 * gap)
    return costs


def cheapest(view: Take5View, cards: Sequence[int], caution: float = 1.0, pull: float = 0.0) -> int:
    """The card this player plays from ``cards`` (the first of equally cheap ones)."""
    costs = turn_costs(view, tuple(cards), caution, pull=pull)
    return cards[min(range(len(cards)), key=costs.__getitem__)]


def _exactly(n: int, p: float, k: int) -> float:
    """P(exactly k successes in n trials of chance p), for k <= n."""
    return comb(n, k) * p ** k * (1.0 - p) ** (n - k)


def believer(game: AnyGame, view: Take5View, history: Sequence[Take5View]) -> Callable[..., tuple[Take5State, Any]]:
    """A dealer of the hidden cards as the others' play this round suggests, each other
    seat pictured as a plausible player of ``ai.take5_family`` read from its plays (the
    picture: each seat's member), rating cards by this module's estimate."""
    return take5_family.believer(game, view, history, unseen_cards(view), rated_from_outside)


def rated_from_outside(view: Take5View, cards: Sequence[int]) -> list[float]:
    """What each of ``cards`` costs the seat of ``view`` by this module's estimate, its hand
    unknown but for its size (the family's ``careful`` rating)."""
    hidden = 0 if view.seat is None else view.hand_sizes[view.seat] - len(view.hand)
    return turn_costs(view, tuple(cards), hidden=hidden)


def playout(world: Take5State, picture: tuple[take5_family.Member | None, ...] | None, seat: int,
            moves: Sequence[Move], luck: int, knobs: Mapping[str, float]) -> list[Sequence[float]]:
    """The search's rollouts on the compact form (``ai/take5_fast.py``): each card of
    ``moves`` played in ``world`` and the deal played out, this seat by this module's
    player with its ``knobs``, each other seat as the member ``picture`` gives it (None:
    this module's player): its cheapest card at the member's foresight, or with the
    member's ``slip`` a card of its hand drawn uniformly from ``random.Random(luck +
    seat)``; the penalty totals at the deal's end. The standard game's choosing
    and row-taking are played so; elsewhere (the professional draft) the answer is
    empty and the search rolls out as usual."""
    if world.phase not in ("choose", "row") or world.variant != STANDARD:
        return []
    start = Deal.of(world)
    seen = Seen([c for row in world.rows for c in row] + [c for pile in world.piles for c in pile]
                + [c for _, c in world.placing])
    deck = len(deck_for(world.players, world.variant))
    opponents = world.players - 1
    members = picture or (None,) * world.players
    foresight = [1.0 if m is None else m.foresight for m in members]
    slips = [0.0 if m is None else m.slip for m in members]
    careful = caution(knobs)  # the searcher's own seat is rolled out on its estimate, without a bold taste
    finals: list[Sequence[float]] = []
    for move in moves:
        deal = start.copy()
        known = seen.copy()
        rows, bulls = deal.rows, deal.bulls
        sources = [random.Random(luck + s) if slip else None for s, slip in enumerate(slips)]

        def policy(s: int, hand: list[int], rows: list[list[int]], bulls: list[int]) -> int:
            if s == seat:
                return medium_card(hand, rows, bulls, known, deck, opponents, careful)
            source = sources[s]
            if source is not None and source.random() < slips[s]:
                return hand[int(source.random() * len(hand))]
            return medium_card(hand, rows, bulls, known, deck, opponents, 1.0, foresight[s])

        def take(s: int, card: int) -> int:
            return medium_row(rows, bulls)

        if isinstance(move, TakeRow):  # this seat's low card takes the row; the rest of the turn is placed
            low, card = world.placing[0]
            deal.penalties[low] += bulls[move.row]
            rows[move.row], bulls[move.row] = [card], BULLHEADS[card]
            for other, later in world.placing[1:]:
                place(rows, bulls, deal.penalties, other, later, take)
            deal.chosen = [None] * world.players
            if deal.hands[0]:
                play_deal(rows, bulls, deal.penalties, deal.hands, policy, take, known)
            finals.append(tuple(deal.penalties))
            continue
        deal.chosen[seat] = cast(Play, move).card
        finals.append(tuple(finish_deal(deal, policy, take, known)))
    return finals


#: The search's settings for Take 5. It gains from many worlds (measured: 48 -> 128 worlds
#: took the penalty per deal from 0.57 to 0.52 of the medium players'; 192 worlds, halving
#: after 24, 48 and 96, cost about what 128 did and won more deals against three mc:64).
#: Measuring against the best other seat took the deals won from 43% to 50% (docs/ai.md).
SEARCH = SearchSettings(worlds=192, halving=(24, 48, 96), standing=6.0, versus_best=1.0,
                        horizon=lambda state: state.round, believer=believer, playout=playout)
