"""Take 5: the other seats pictured as plausible players read from their play.

People and other programs play Take 5 in many ways, so the search does not
picture another seat as one known program. It pictures a *family* of
players: each rates a card by a blend of two estimates, the bullheads it
takes on the rows as they lie (``immediate``) and the careful estimate of
``ai.medium.take5`` that counts on the others' cards cutting in (``careful``):

    cost = immediate + foresight * (careful - immediate)

and plays a card with chance proportional to ``exp(-cost / temperature)``.
Foresight 0 ignores the others' cards, 1 trusts the careful estimate, more
leans on it further; a low temperature nearly always plays its cheapest card,
a high one plays almost anything, and the strict members (:data:`STRICT`)
always play it, the lowest of equally rated cards (:data:`LEAN`).
:data:`FAMILY` is a grid of such players, each equally likely before a seat
has played.

A member that plays sharply says much with each card: it would not have
passed over a card it rated clearly cheaper, so such cards are not in its
hand (:data:`MARGIN`). Each decision weighs, for every other seat, how well
each member explains its plays this round: the chance that a hand dealt from
the unseen cards holds none of the cards the member rules out, times the
mean chance of the plays over hands dealt from the rest (the seat's
posterior). A world then draws each seat's member from that posterior and
deals its hand by sampling-importance-resampling: a few hands drawn from the
cards that member may hold, one kept by how likely it makes the plays. The
member plays the seat in the world's rollouts: its cheapest card by its own
rating, or now and then (its ``slip``, more often the looser it plays) a card
of its hand drawn at random. Everything is worked out from the view and the seat's earlier views,
and every chance is drawn from the decision's generator.
"""

from __future__ import annotations

import math
import random
from operator import add
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..engine import AnyGame, evolve
from ..games.take5 import BULLHEADS, Take5State, Take5View
from .take5_fast import immediate_cost


@dataclass(frozen=True)
class Member:
    """One plausible player: how far it looks at the others' cards, how loosely it plays."""

    foresight: float
    temperature: float  # in bullheads
    slip: float = 0.0  # in the rollouts: the chance, at each turn, of a card drawn uniformly from the hand


#: The temperature of a strict player: it always plays the card it rates cheapest, of equally
#: rated ones the lowest (:data:`LEAN`), so one play it passes over rules a card out of its hand.
STRICT = 1e-8
#: What each card number adds to a card's cost: nothing a player weighs, but of two cards it rates
#: the same it takes the lower, as a player who keeps high cards for later would.
LEAN = 1e-6
#: How often a member of each temperature plays a uniformly drawn card in the rollouts, where it
#: otherwise plays its cheapest card: a seat read as a loose player is rolled out as one.
SLIPS = {STRICT: 0.0, 0.02: 0.0, 0.25: 0.05, 1.0: 0.2, 4.0: 0.5}
#: The pictured players, each equally likely before any play is seen.
FAMILY = tuple(Member(f, t, slip) for f in (0.0, 0.25, 0.5, 0.75, 1.0, 1.25) for t, slip in SLIPS.items())
#: Hands drawn per other seat and world, of which one is kept by how well it explains the play.
PROPOSALS = 6
#: Hands drawn per other seat and decision to weigh how well each member explains the play.
ESTIMATES = 8
#: A member is taken never to pass over a card it rates this many temperatures cheaper than the
#: one it plays (its chance of doing so is below exp(-6)), so hands holding one are not dealt to it.
MARGIN = 6.0
#: The largest exponent of a card's weight (e^600), so that a sum over a hand stays finite.
_MOST = 600.0

#: A card's two estimates on some rows: card -> (immediate, careful).
Terms = dict[int, tuple[float, float]]
#: The careful estimate: (a seat's view, cards) -> what each would cost it this turn.
Careful = Callable[[Take5View, Sequence[int]], Sequence[float]]


def card_terms(view: Take5View, cards: Sequence[int], careful: Careful) -> Terms:
    """Each card's immediate and careful cost on ``view``'s rows, as any other seat
    would rate it from what is public (its own hand not counted as seen)."""
    bulls = [sum(BULLHEADS[c] for c in row) for row in view.rows]
    other = next(s for s in range(view.players) if s != view.seat)
    rated = careful(evolve(view, seat=other, hand=()), cards)
    return {card: (float(immediate_cost(view.rows, bulls, card)), rating) for card, rating in zip(cards, rated)}


def cost(member: Member, terms: tuple[float, float], card: int) -> float:
    """What ``member`` thinks ``card``, with these (immediate, careful) estimates, costs."""
    immediate, careful = terms
    return immediate + member.foresight * (careful - immediate) + LEAN * card


class Reading:
    """What the seats' plays this round say about them, worked out once per decision."""

    def __init__(self, view: Take5View, history: Sequence[Take5View], unseen: Sequence[int],
                 careful: Careful) -> None:
        earlier = {v.turn: v for v in history if v.round == view.round and v.phase == "choose"}
        self.seat = view.seat
        self.others = [s for s, size in enumerate(view.hand_sizes) if s != view.seat and size]
        self.sizes = view.hand_sizes
        played = {s: [next(card for seat, card in reveal if seat == s) for reveal in view.reveals]
                  for s in self.others} if view.open_hands is None else {}
        self.unseen = list(unseen)
        self.open = view.open_hands is not None
        turns = [t for t in range(1, len(view.reveals) + 1) if t in earlier and played]
        pool = sorted(set(self.unseen).union(*played.values()))
        tables = [card_terms(earlier[t], pool, careful) for t in turns]
        steps = len(turns)
        # rated[k * steps + i][card]: what member k thinks the card costs at turns[i], worked out once.
        rated = [{card: cost(member, table[card], card) for card in pool} for member in FAMILY for table in tables]
        temperatures = [member.temperature for member in FAMILY for _ in tables]
        self.steps = steps
        # Per seat: vectors[s][card][k * steps + i], member k's weight exp(-cost / temperature) for the card
        # at turns[i], measured from the cost of the card the seat played then (so that card weighs 1 and a
        # chance is 1 over the turn's sum, which sharp members' weights can neither all underflow nor
        # overflow); and fixed[s], each turn's sum over the cards it played then or later (the rest of its
        # hand then is the hand dealt now).
        self.vectors: dict[int, dict[int, list[float]]] = {}
        self.fixed: dict[int, list[float]] = {}
        plays = {s: [cards[t - 1] for t in turns] for s, cards in played.items()}  # each seat's card at turns[i]
        for s, cards in played.items():
            marks = [costs[plays[s][j % steps]] for j, costs in enumerate(rated)] if steps else []
            self.vectors[s] = vector = {
                card: [math.exp(min(_MOST, (mark - costs[card]) / temperature))
                       for costs, mark, temperature in zip(rated, marks, temperatures)]
                for card in set(self.unseen).union(cards)}
            self.fixed[s] = [sum(vector[c][k * steps + i] for c in cards[t - 1:])
                             for k in range(len(FAMILY)) for i, t in enumerate(turns)]
        self.now = card_terms(view, self.unseen, careful) if any(view.committed[s] for s in self.others) else {}
        self.kept = {(s, k): kept for s in played for k, member in enumerate(FAMILY)
                     if (kept := self._kept(member, plays[s], rated[k * steps:(k + 1) * steps])) is not None}
        self._posteriors: dict[int, list[float]] | None = None  # per seat, worked out at the first world

    def _kept(self, member: Member, plays: Sequence[int], rated: Sequence[dict[int, float]]) -> set[int] | None:
        """The unseen cards ``member`` may still hold, having played ``plays`` at turns where it
        rated the cards ``rated``: none it would have rated :data:`MARGIN` temperatures cheaper
        than the card it played then (None: any of them)."""
        margin = MARGIN * member.temperature
        floors = [costs[card] - margin for card, costs in zip(plays, rated)]
        kept = {c for c in self.unseen if all(costs[c] >= floor for costs, floor in zip(rated, floors))}
        return kept if len(kept) < len(self.unseen) else None

    def likelihoods(self, seat: int, hand: Sequence[int]) -> list[float]:
        """Each member's chance of the seat's plays this round, had it held ``hand`` now."""
        steps = self.steps
        if not steps or seat not in self.fixed:
            return [1.0] * len(FAMILY)
        vector = self.vectors[seat]
        totals = self.fixed[seat]
        for card in hand:
            totals = list(map(add, totals, vector[card]))
        return [1.0 / math.prod(totals[k * steps:(k + 1) * steps]) for k in range(len(FAMILY))]

    def likelihood(self, seat: int, hand: Sequence[int], k: int) -> float:
        """``likelihoods(seat, hand)[k]``, worked out for member ``k`` alone: at each turn, the
        played card's weight (1) over the sum of the weights of the hand it held then."""
        steps = self.steps
        if not steps or seat not in self.fixed:
            return 1.0
        part = slice(k * steps, (k + 1) * steps)
        vector = self.vectors[seat]
        totals = self.fixed[seat][part]
        for card in hand:
            totals = list(map(add, totals, vector[card][part]))
        return 1.0 / math.prod(totals)

    def deal(self, world: Take5State, source: random.Random) -> tuple[Take5State, tuple[Member | None, ...]]:
        """``world`` with the other hands dealt as the reading believes, and the member drawn for each
        other seat (None: the searcher's own, and every seat when the hands are open: the medium player)."""
        if self.open:  # every hand is known
            return world, (None,) * len(world.hands)
        posterior = self.weigh(source)
        free = self.unseen[:]
        hands = list(world.hands)
        members: list[Member | None] = [None] * len(hands)
        chosen = list(world.chosen)
        order = self.others[:]
        for i in range(len(order) - 1, 0, -1):
            j = int(source.random() * (i + 1))
            order[i], order[j] = order[j], order[i]
        for s in order:
            size = self.sizes[s]
            k = _pick(posterior[s], source)
            member = FAMILY[k]
            kept = self.kept.get((s, k))
            # The cards this member may hold, unless the seats dealt before took too many of them.
            pool = [c for c in free if kept is None or c in kept]
            pool = pool if len(pool) >= size else free
            proposals = [_draw(pool, size, source) for _ in range(PROPOSALS if self.steps else 1)]
            pick = _pick([self.likelihood(s, hand, k) for hand in proposals], source) if self.steps else 0
            hand = tuple(sorted(proposals[pick]))
            taken = set(hand)
            free = [c for c in free if c not in taken]
            hands[s] = hand
            members[s] = member
            if chosen[s] is not None and self.now:
                costs = [cost(member, self.now[c], c) for c in hand]
                low = min(costs)
                weights = [math.exp((low - c) / member.temperature) for c in costs]
                chosen[s] = hand[_pick(weights, source)]
        world = evolve(world, hands=tuple(hands), stock=tuple(sorted(free)), chosen=tuple(chosen))
        return world, tuple(members)

    def weigh(self, source: random.Random) -> dict[int, list[float]]:
        """Each other seat's posterior over :data:`FAMILY` (unnormalised), worked out from
        ``source`` the first time (the decision's first world) and kept for the rest."""
        if self._posteriors is None:
            self._posteriors = {s: self._posterior(s, source) for s in self.others}
        return self._posteriors

    def _posterior(self, seat: int, source: random.Random) -> list[float]:
        """Each member's chance of being the player at ``seat``, given its plays this round: the
        chance that a hand dealt from the unseen cards lies among the cards the member could
        still hold, times the mean likelihood of the plays over hands dealt from those cards."""
        if not self.steps or seat not in self.fixed:
            return [1.0] * len(FAMILY)
        size = self.sizes[seat]
        everything = math.comb(len(self.unseen), size)
        chances = []
        by_cards: dict[frozenset[int], list[list[float]]] = {}
        for k in range(len(FAMILY)):
            kept = self.kept.get((seat, k))
            cards = self.unseen if kept is None else [c for c in self.unseen if c in kept]
            if len(cards) < size:
                chances.append(0.0)
                continue
            key = frozenset(cards)
            if key not in by_cards:
                by_cards[key] = [self.likelihoods(seat, _draw(cards, size, source)) for _ in range(ESTIMATES)]
            mean = sum(chance[k] for chance in by_cards[key]) / ESTIMATES
            chances.append(mean * math.comb(len(cards), size) / everything)
        return chances if any(chances) else [1.0] * len(FAMILY)  # no member explains it: the prior


def _draw(cards: Sequence[int], size: int, source: random.Random) -> list[int]:
    """``size`` of ``cards`` drawn at random (a partial Fisher-Yates on ``source.random()``)."""
    pool = list(cards)
    for i in range(size):
        j = i + int(source.random() * (len(pool) - i))
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:size]


def _pick(weights: Sequence[float], source: random.Random) -> int:
    """An index drawn with chance proportional to ``weights`` (the first if all are nil)."""
    total = sum(weights)
    if total <= 0.0:
        return 0
    mark = source.random() * total
    for index, weight in enumerate(weights):
        mark -= weight
        if mark < 0.0:
            return index
    return len(weights) - 1


def believer(game: AnyGame, view: Take5View, history: Sequence[Take5View], unseen: Sequence[int], careful: Careful
             ) -> Callable[[random.Random, Any], tuple[Take5State, tuple[Member | None, ...]]]:
    """The search's dealer of worlds (``SearchSettings.believer``): uniform worlds whose
    other hands and this turn's face-down cards are then dealt by the :class:`Reading`."""
    reading = Reading(view, history, unseen, careful)

    def deal(source: random.Random, player: Any) -> tuple[Take5State, tuple[Member | None, ...]]:
        return reading.deal(game.determinize(view, source), source)

    return deal
