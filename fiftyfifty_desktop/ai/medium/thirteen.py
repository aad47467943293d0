"""Thirteen, rule-based: ask where the log says the card is; lie to fish.

For every legal ask the player estimates the chance that the target holds
the value: certain for a face-up single or a value the target is publicly
known to hold, nil for a value the target publicly lacks, likely for the
complement of a value the target asked for and missed (it asked because it
holds the pair), and otherwise the share of the unseen copies its face-down
cards may hold. An ask is worth its chance times what a hit brings: a pair
(3 points for the 6½ pair), a 13 (the lie's best catch), or a single won by
a lie. Spending the turn's lie costs a little, less for a player with a
higher ``lie_rate``, who also fishes for 13s more readily.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any, Callable, Collection, Mapping, Sequence

from ...engine import AnyGame, Move
from ..search import SearchSettings
from ..legal import all_are
from ...games.thirteen import HALF, THIRTEEN, Ask, Draw, ThirteenState, ThirteenView, pair_count, unseen_counts

#: What winning a card by the lie is worth when it makes no group: a face-up
#: single that may pair later but that everyone can ask for.
SINGLE_VALUE = 0.25
#: The chance a seat still holds the complement of a value it asked for and missed.
LOGGED = 0.8


class MediumThirteen:
    """The log-reading table player of Thirteen."""

    def __init__(self, seat: int, source: random.Random, knobs: Mapping[str, float]) -> None:
        self._source = source
        self._lie_rate = knobs.get("lie_rate", 0.3)

    def choose(self, view: ThirteenView, legal: tuple[Move, ...]) -> Move:
        if len(legal) == 1:
            return legal[0]
        worths = self._worths(view, legal)
        return legal[max(range(len(legal)), key=worths.__getitem__)]

    def rank(self, view: ThirteenView, legal: tuple[Move, ...]) -> list[Move]:
        """The legal moves, the one this player likes best first."""
        worths = self._worths(view, legal)
        return [legal[i] for i in sorted(range(len(legal)), key=lambda i: -worths[i])]

    def _worths(self, view: ThirteenView, legal: tuple[Move, ...]) -> list[float]:
        if not all_are(legal, Ask):
            return [1.0 if isinstance(m, Draw) else 0.0 for m in legal]  # more cards, more pairs
        chances = hold_chances(view)
        hand = set(view.hand)
        fishing = self._source.random() < self._lie_rate
        worths = []
        for move in legal:
            gain, cost = ask_terms(move.value, hand, fishing, self._lie_rate)
            worths.append(chances[move.target].get(move.value, 0.0) * gain - cost)
        return worths


def ask_terms(value: float, hand: Collection[float], fishing: bool, lie_rate: float) -> tuple[float, float]:
    """What a hit on ``value`` is worth to a player holding ``hand`` (a pair, a 13, or a single won by a
    lie; any hit when coming back with an empty hand is worth one more), and what asking for it costs
    (spending the turn's lie, the less for a higher ``lie_rate``)."""
    lie_cost = 0.3 * (1.0 - lie_rate)
    if value == THIRTEEN:
        gain, cost = 1.0 + (0.5 if fishing else 0.0), lie_cost
    elif 13 - value in hand:
        gain, cost = (3.0 if value == HALF else 1.0), 0.0
    else:
        gain, cost = SINGLE_VALUE, lie_cost
    return (gain if hand else gain + 1.0), cost


def hold_chances(view: ThirteenView) -> list[dict[float, float]]:
    """For each seat, the chance it holds at least one card of each value."""
    unseen = unseen_counts(view)
    hidden = [0 if s == view.seat else max(0, size - len(view.singles[s])) for s, size in enumerate(view.hand_sizes)]
    pool = max(1, sum(hidden) + view.pile_size)
    asked_and_missed: list[set[float]] = [set() for _ in range(view.players)]
    for _turn, asker, _target, value, hit in view.log:
        if not hit and value != THIRTEEN:
            asked_and_missed[asker].add(13 - value)
    out: list[dict[float, float]] = []
    for seat in range(view.players):
        chances: dict[float, float] = {}
        if view.hand_sizes[seat] and seat != view.seat:
            miss = 1.0 - hidden[seat] / pool
            absent = view.absent[seat]
            for value, copies in unseen.items():
                if copies <= 0 or value in absent:
                    chances[value] = 0.0
                else:
                    chance = 1.0 - miss ** copies
                    chances[value] = max(chance, LOGGED) if value in asked_and_missed[seat] else chance
            for value in view.singles[seat] + view.present[seat]:
                chances[value] = 1.0
        out.append(chances)
    return out


def believer(game: AnyGame, view: ThirteenView, history: Sequence[ThirteenView]) -> Callable[..., tuple[ThirteenState, None]]:
    """A dealer of the hidden cards as if the others play like this module's player.

    Such a player asks for the complement of a card it holds, so a value
    another seat asked for and missed tells that it still holds the
    complement, unless the log shows the card gone since. Each such card is
    dealt to its seat with the chance ``LOGGED`` (the lie may have been
    spent on the ask); a belief that breaks the public facts is dropped,
    and the world keeps only the public ones. The log is read once per
    decision; the returned ``deal(source, player)`` only deals.
    """
    unseen = unseen_counts(view)
    holdings = logged_holdings(view, history)

    def deal(source: random.Random, player: Callable[[int], Any]) -> tuple[ThirteenState, None]:
        left = Counter(unseen)
        present = [list(p) for p in view.present]
        for seat, values in enumerate(holdings):
            if seat == view.seat or not view.hand_sizes[seat]:
                continue
            counts = Counter(view.singles[seat]) + Counter(present[seat])
            room = view.hand_sizes[seat] - len(view.singles[seat]) - len(present[seat])
            for value in sorted(values):
                if (room > 0 and left[value] > 0 and value not in view.absent[seat] and value not in counts
                        and pair_count(counts + Counter([value])) <= view.slack[seat] and source.random() < LOGGED):
                    present[seat].append(value)
                    counts[value] += 1
                    left[value] -= 1
                    room -= 1
        believed = replace(view, present=tuple(tuple(sorted(p)) for p in present))
        try:
            world = game.determinize(believed, source)
        except ValueError:
            return game.determinize(view, source), None
        return replace(world, present=view.present), None

    return deal


def logged_holdings(view: ThirteenView, history: Sequence[ThirteenView] = ()) -> list[set[float]]:
    """For each seat, the complements of the values it asked for and missed, while
    the log does not show that card leaving its hand.

    ``history`` (this seat's earlier views, oldest first) also shows pairs a
    seat laid without asking for them: a drawn card paired the complement,
    at the start of that seat's turn, before its asks.
    """
    held: list[set[float]] = [set() for _ in range(view.players)]
    earlier = [v for v in history if len(v.log) <= len(view.log)] + [view]
    start = 0
    for before, after in zip([None, *earlier], earlier):
        entries = view.log[start:len(after.log)]
        if before is not None:
            for seat in range(view.players):
                asked = Counter(_kind(value) for _t, asker, _g, value, hit in entries if asker == seat and hit)
                laid = Counter(_kind(g[0]) for g in after.laid[seat]) - Counter(_kind(g[0]) for g in before.laid[seat])
                drawn = {kind for kind, count in laid.items() if count > asked[kind]}
                held[seat] = {value for value in held[seat] if _kind(value) not in drawn}
        for _turn, asker, target, value, hit in entries:
            if value == THIRTEEN:
                continue
            if hit:
                held[asker].discard(13 - value)  # paired
                held[target].discard(value)  # handed over
            else:
                held[asker].add(13 - value)
                held[target].discard(value)
        start = len(after.log)
    return held


def _kind(card: float) -> float:
    """The kind of group a card belongs to: its pair's lower card (a 13 is its own)."""
    return card if card == THIRTEEN else min(card, 13 - card)


#: The search's settings for Thirteen. Dealing the complements of the others' missed asks into
#: their hands took the win share against three medium players from 27.5% (40 games) to 50.2%
#: (200 games). Its rollouts run on the compact table (``ai/thirteen_fast.py``), four times faster, so it
#: takes 128 worlds where it took 48, within the same time per decision.
SEARCH = SearchSettings(worlds=128, halving=(16, 32, 64), depth=30, candidates=6, believer=believer)
