"""Take 5, rule-based: play the card that lands safest given the rows.

For each card in hand the player estimates the bullheads it will collect
this turn: which row it would join, how many unseen cards lie between that
row's end and the card (each opponent may drop one of them in first), and
whether that makes this card the sixth. A card below every row end costs
the cheapest row. ``risk`` makes the player underestimate the opponents:
a bold player plays into gaps a careful one avoids.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from math import comb
from typing import Any, Callable, Mapping, Sequence, cast

from ...engine import AnyGame, Move, evolve
from ...engine.rng import shuffle_with
from ..search import SearchSettings
from ..belief import deal_believed, still_held
from ..take5_fast import (
    MEAN_BULLHEADS, Deal, Seen, cheapest_row, finish_deal, greedy_card, immediate_cost, medium_card, medium_row,
    place, play_deal,
)
from ..legal import all_are
from ...games.take5 import BULLHEADS, ROW_LIMIT, STANDARD, Draft, Play, Take5State, Take5View, TakeRow, deck_for



class MediumTake5:
    """The careful table player of Take 5."""

    def __init__(self, seat: int, source: random.Random, knobs: Mapping[str, float]) -> None:
        self._source = source
        # risk 0 fears every gap as it is; risk 1 counts only half the danger.
        self._caution = 1.0 - 0.5 * knobs.get("risk", 0.0)

    def rank(self, view: Take5View, legal: tuple[Move, ...]) -> list[Move]:
        """The legal moves, the one this player likes best first."""
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
            return Play(cheapest(view, [m.card for m in legal], self._caution))
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


def turn_costs(view: Take5View, cards: tuple[int, ...], caution: float = 1.0) -> list[float]:
    """Expected bullheads each card in ``cards`` collects if played this turn."""
    rows = view.rows
    by_end = sorted((row[-1], r) for r, row in enumerate(rows))
    ends = [end for end, _ in by_end]
    points = [sum(map(BULLHEADS.__getitem__, row)) for row in rows]
    cheapest = min(points)
    seen = sorted(seen_cards(view))
    unseen_count = max(1, view.deck - len(seen))
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


def cheapest(view: Take5View, cards: Sequence[int], caution: float = 1.0) -> int:
    """The card this player plays from ``cards`` (the first of equally cheap ones)."""
    costs = turn_costs(view, tuple(cards), caution)
    return cards[min(range(len(cards)), key=costs.__getitem__)]


def _exactly(n: int, p: float, k: int) -> float:
    """P(exactly k successes in n trials of chance p), for k <= n."""
    return comb(n, k) * p ** k * (1.0 - p) ** (n - k)


#: The chance the search gives, before it has seen any of their play, that another seat
#: plays like the greedy baseline (the card cheapest on the rows as they lie) rather than
#: like this module's player: people and other programs play in many ways, and a search
#: that expects only its own kind is easily surprised (docs/ai.md, measured).
GREEDY_SHARE = 0.2
#: However plainly a seat's play fits one picture, the other keeps this much of the worlds:
#: other players play like neither, and a reading from a few turns can mislead.
PICTURE_FLOOR = 0.05
#: Hands dealt per seat and picture to tell how often a hand its play allows would have
#: played exactly so (the reading's likelihood).
READING_SAMPLES = 24


def believer(game: AnyGame, view: Take5View, history: Sequence[Take5View]) -> Callable[..., tuple[Take5State, Any]]:
    """A dealer of the hidden cards as if each other seat plays like this module's
    player or like the greedy baseline; the picture (which seats play greedy) is
    drawn per world with each seat's chance from :func:`greedy_chances`.

    Both play their cheapest card by their own measure, so every card still in
    a hand looked dearer than the card played, at every earlier turn of the
    round. Each other hand is drawn from the unseen cards that pass this test
    for that seat and its picture (topped up from the rest if too few do); the
    face-down cards of this turn are what that picture would choose from that
    hand. What the tests allow depends only on the view, so it is worked out
    once per decision and the returned ``deal(source, player)`` only deals.
    """
    unseen = unseen_cards(view)
    believe = view.open_hands is None and bool(view.reveals)
    by_model = {greedy: _held_by_play(view, history, unseen, greedy) for greedy in (False, True)} if believe else {}
    others = [s for s, size in enumerate(view.hand_sizes) if s != view.seat and size]
    sizes = {s: view.hand_sizes[s] for s in others}
    chances = greedy_chances(view, by_model)

    def deal(source: random.Random, player: Callable[[int], Any]) -> tuple[Take5State, tuple[bool, ...]]:
        world = game.determinize(view, source)
        models = tuple(s != view.seat and source.random() < chances[s] for s in range(view.players))
        if by_model:
            allowed = {s: by_model[models[s]][0][s] for s in others}
            hands, stock = deal_believed(world.hands, sizes, allowed, unseen, source,
                                         lambda seat, hand: by_model[models[seat]][1](seat, hand))
            world = evolve(world, hands=hands, stock=tuple(stock))
        chosen = list(world.chosen)
        bulls = [sum(BULLHEADS[c] for c in row) for row in world.rows]
        for other, card in enumerate(world.chosen):
            if other != view.seat and card is not None:
                if models[other]:
                    chosen[other] = greedy_card(world.hands[other], world.rows, bulls)
                    continue
                undecided = evolve(world, chosen=world.chosen[:other] + (None,) + world.chosen[other + 1:])
                chosen[other] = player(other).choose(game.view(undecided, other),
                                                     game.legal_moves(undecided, other)).card
        return evolve(world, chosen=tuple(chosen)), models

    return deal


def greedy_chances(view: Take5View, by_model: Mapping[bool, tuple[dict[int, set[int]], Callable[..., bool]]]
                   ) -> list[float]:
    """For each seat, the chance that it plays like the greedy baseline, given its
    play this round: ``GREEDY_SHARE`` weighed by how likely each picture makes that
    play (Bayes' rule), kept within ``PICTURE_FLOOR`` of certainty.

    A picture's likelihood is the chance that a hand dealt from the unseen cards
    lies wholly among the cards that picture lets the seat still hold, times the
    share of such hands that would have played exactly what the seat played
    (counted on ``READING_SAMPLES`` hands, from a generator seeded by the view's
    turn, so the answer depends on the view alone)."""
    chances = [GREEDY_SHARE] * view.players
    if not by_model:
        return chances
    source = random.Random(view.round * 100 + view.turn)
    for seat in by_model[False][0]:
        size = view.hand_sizes[seat]
        weights = []
        for greedy in (False, True):
            allowed, fits = by_model[greedy]
            pool = sorted(allowed[seat])
            if len(pool) < size:
                weights.append(0.0)
                continue
            hits = sum(fits(seat, tuple(sorted(shuffle_with(source, pool)[:size]))) for _ in range(READING_SAMPLES))
            weights.append(comb(len(pool), size) * (hits + 0.5) / (READING_SAMPLES + 1))
        as_medium, as_greedy = weights[0] * (1.0 - GREEDY_SHARE), weights[1] * GREEDY_SHARE
        if as_medium + as_greedy > 0:
            chances[seat] = min(1.0 - PICTURE_FLOOR, max(PICTURE_FLOOR, as_greedy / (as_medium + as_greedy)))
    return chances


def _greedy_rating(rows: Sequence[Sequence[int]], cards: Sequence[int]) -> list[float]:
    """The greedy baseline's order of ``cards`` as numbers: immediate cost, then the card."""
    bulls = [sum(BULLHEADS[c] for c in row) for row in rows]
    return [1000.0 * immediate_cost(rows, bulls, card) + card for card in cards]


def _held_by_play(view: Take5View, history: Sequence[Take5View], unseen: Sequence[int],
                  greedy: bool = False) -> tuple[dict[int, set[int]], Callable[..., bool]]:
    """The ``unseen`` cards each other seat may still hold given its play this round,
    and ``fits(seat, hand)``: would that whole hand have played exactly so? ``greedy``:
    as the greedy baseline plays; else as this module's player."""
    earlier = {v.turn: v for v in history if v.round == view.round and v.phase == "choose"}
    allowed = {s: set(unseen) for s, size in enumerate(view.hand_sizes) if s != view.seat and size}
    for turn, reveal in enumerate(view.reveals, 1):
        then = earlier.get(turn)
        if then is None:
            continue
        for seat, played in reveal:
            if seat in allowed:
                if greedy:
                    rows = then.rows
                    allowed[seat] = still_held(allowed[seat], played, lambda cards: _greedy_rating(rows, cards))
                    continue
                as_seat = evolve(then, seat=seat, hand=(played,))
                allowed[seat] = still_held(allowed[seat], played, lambda cards: turn_costs(as_seat, tuple(cards)))

    # What each earlier turn showed, in the compact form: rows, their bullheads, the cards seen.
    shown = {turn: (then.rows, [sum(BULLHEADS[c] for c in row) for row in then.rows],
                    Seen([c for row in then.rows for c in row] + [c for pile in then.piles for c in pile]),
                    sum(1 for s, size in enumerate(then.hand_sizes) if size) - 1)
             for turn, then in earlier.items()}
    deck = len(deck_for(view.players, view.variant))

    def fits(seat: int, hand: tuple[int, ...]) -> bool:
        held = list(hand)
        for turn in range(len(view.reveals), 0, -1):
            played = next(card for s, card in view.reveals[turn - 1] if s == seat)
            held.append(played)
            if turn not in shown:
                continue
            rows, bulls, seen, opponents = shown[turn]
            ordered = sorted(held)
            if greedy:
                choice = greedy_card(ordered, rows, bulls)
            else:
                choice = medium_card(ordered, rows, bulls, seen, deck, opponents)
            if choice != played:
                return False
        return True

    return allowed, fits


def playout(world: Take5State, picture: tuple[bool, ...] | None, seat: int, moves: Sequence[Move],
            source: random.Random, knobs: Mapping[str, float]) -> list[Sequence[float]]:
    """The search's rollouts on the compact form (``ai/take5_fast.py``): each card of
    ``moves`` played in ``world`` and the deal played out, this seat by this module's
    player with its ``knobs``, each other seat as ``picture`` says (greedy where True,
    else this module's player); the penalty totals at the deal's end. The standard game's choosing
    and row-taking are played so; elsewhere (the professional draft) the answer is
    empty and the search rolls out as usual."""
    if world.phase not in ("choose", "row") or world.variant != STANDARD:
        return []
    start = Deal.of(world)
    seen = Seen([c for row in world.rows for c in row] + [c for pile in world.piles for c in pile]
                + [c for _, c in world.placing])
    deck = len(deck_for(world.players, world.variant))
    opponents = world.players - 1
    greedy = picture or (False,) * world.players
    caution = 1.0 - 0.5 * knobs.get("risk", 0.0)
    finals: list[Sequence[float]] = []
    for move in moves:
        deal = start.copy()
        known = seen.copy()
        rows, bulls = deal.rows, deal.bulls

        def policy(s: int, hand: list[int], rows: list[list[int]], bulls: list[int]) -> int:
            if greedy[s]:
                return greedy_card(hand, rows, bulls)
            return medium_card(hand, rows, bulls, known, deck, opponents, caution if s == seat else 1.0)

        def take(s: int, card: int) -> int:
            return cheapest_row(bulls) if greedy[s] else medium_row(rows, bulls)

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
#: took the penalty per deal from 0.57 to 0.52 of the medium players'; 256 did not help
#: further). Measuring against the best other seat
#: and halving later (after 32 worlds, not 8) took the deals won from 43% to 50% (docs/ai.md).
SEARCH = SearchSettings(worlds=128, halving=(32, 64), standing=6.0, versus_best=1.0,
                        horizon=lambda state: state.round, believer=believer, playout=playout)
