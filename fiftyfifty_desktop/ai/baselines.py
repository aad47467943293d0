"""Outside baselines: simple players written from public descriptions, to
measure our own players against opponents they do not model.

Take 5 follows the published baselines of take5bot (github.com/jhurliman/take5bot):

* ``greedy`` plays the card with the least *immediate* penalty on the rows
  as they lie (the others' cards this turn ignored; a card below every row
  end costs the cheapest row), the lower card among equals, and takes the
  cheapest row (the first among equals) when it must.
* ``mc:W`` samples W worlds (the unseen cards dealt uniformly to the other
  hands), plays every card of its hand in each against greedy opponents and
  greedy rollouts to the end of the deal, scores each by its own penalty
  change minus the mean of the others', and plays the lowest mean (the
  lower card among equals).

In the professional variant's open draft both take the card with the fewest
bullheads, the lower among equals. The other games have a ``greedy`` each,
the move with the best immediate result by the measure its class states, and
the same ``mc:W`` over the game interface (``ai.monte_carlo``).
They are available by name in the arena and ``simulate``, not at the table.
Only ``mc:W`` draws chance, a generator of each decision's own; none keeps
anything from one decision to the next.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..engine import Move
from ..games import fiftyfifty as ff
from ..games import thirteen as th
from ..games.fiftyfive import parts as f5
from ..games.fiftyfive.cards import PLAIN_POWER, TOP_TRUMPS, TRUMP_POWER, trick_winner
from ..games.take5 import BULLHEADS, Draft, Play, Take5View, TakeRow, deck_for
from .agents import decision_source
from .legal import all_are
from .medium.thirteen import hold_chances
from .take5_fast import Deal, cheapest_row, finish_deal, greedy_card, greedy_policy

#: The middle of the Fifty Fifty deck: its greedy player keeps away from the extremes.
MIDDLE = (ff.CARDS[0] + ff.CARDS[-1]) / 2


def _row_bulls(view: Take5View) -> list[int]:
    return [sum(BULLHEADS[c] for c in row) for row in view.rows]


class GreedyTake5:
    """take5bot's greedy player (see the module docstring)."""

    uses_view = True

    def __init__(self, seed: int, seat: int) -> None:
        self._seat = seat

    def choose(self, view: Take5View, legal: tuple[Move, ...], seen: Sequence[Any]) -> Move:
        if len(legal) == 1:
            return legal[0]
        if all_are(legal, Play):
            return Play(greedy_card(sorted(m.card for m in legal), view.rows, _row_bulls(view)))
        if all_are(legal, TakeRow):
            return TakeRow(cheapest_row(_row_bulls(view)))
        assert all_are(legal, Draft), legal[0]
        return min(legal, key=lambda m: (BULLHEADS[m.card], m.card))


class MonteCarloTake5(GreedyTake5):
    """take5bot's ``mc:W`` player (see the module docstring)."""

    def __init__(self, game: Any, seed: int, seat: int, worlds: int) -> None:
        super().__init__(seed, seat)
        self._seed = seed
        self.worlds = worlds

    def choose(self, view: Take5View, legal: tuple[Move, ...], seen: Sequence[Any]) -> Move:
        if len(legal) == 1 or not all_are(legal, Play):
            return super().choose(view, legal, seen)
        source = decision_source(self._seed, self._seat, len(seen))
        hand = sorted(m.card for m in legal)
        start = _world_parts(view)
        totals = [0.0] * len(hand)
        for _ in range(self.worlds):
            world = _sample(view, start, source)
            before = world.penalties[:]
            for index, card in enumerate(hand):
                trial = world.copy()
                trial.chosen = [card if s == view.seat else None for s in range(view.players)]
                after = finish_deal(trial, greedy_policy)
                gains = [a - b for a, b in zip(after, before)]
                mine = gains[self._seat]
                totals[index] += mine - (sum(gains) - mine) / (len(gains) - 1)
        best = min(range(len(hand)), key=totals.__getitem__)
        return Play(hand[best])


def _world_parts(view: Take5View) -> tuple[list[int], Deal]:
    """The unseen cards and the deal as the view shows it (other hands empty)."""
    seen = set(view.hand).union(*view.rows, *view.piles, (c for _, c in view.placing))
    unseen = [c for c in deck_for(view.players, view.variant) if c not in seen]
    hands = [list(view.hand) if s == view.seat else [] for s in range(view.players)]
    penalties = [b + sum(BULLHEADS[c] for c in pile) for b, pile in zip(view.banked, view.piles)]
    return unseen, Deal([list(row) for row in view.rows], hands, penalties, [None] * view.players)


def _sample(view: Take5View, start: tuple[list[int], Deal], source: random.Random) -> Deal:
    """A world: the unseen cards dealt uniformly to the other hands (or the open hands)."""
    unseen, deal = start
    world = deal.copy()
    if view.open_hands is not None:
        world.hands = [list(hand) for hand in view.open_hands]
        return world
    pool = unseen[:]
    source.shuffle(pool)
    taken = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat != view.seat:
            world.hands[seat] = sorted(pool[taken:taken + size])
            taken += size
    return world


class GreedyFiftyFifty:
    """Fifty Fifty's greedy player: the card that leaves it the fewest halves if the
    trick ended with it (the cards still to come ignored; a lone lead card is both
    highest and lowest), the card nearest the middle of the deck among equals."""

    uses_view = True

    def __init__(self, seed: int, seat: int) -> None:
        self._seat = seat

    def choose(self, view: ff.FiftyView, legal: tuple[Move, ...], seen: Sequence[Any]) -> Move:
        if len(legal) == 1:
            return legal[0]
        blue, yellow = view.mood or (0, 0)
        held_blue, held_yellow = view.halves[self._seat]
        played = [c for _, c in view.trick]

        def cost(move: Any) -> tuple[int, float, int]:
            card = move.card
            got_blue = blue if not played or card > max(played) else 0
            got_yellow = yellow if not played or card < min(played) else 0
            return abs(held_blue + got_blue - held_yellow - got_yellow), abs(card - MIDDLE), card

        return min(legal, key=cost)


class GreedyFiftyFive:
    """Fifty-Five's greedy player. In play: the cheapest card that wins the trick as it
    lies (trumps ranked by power, plain cards by rank), else its least valuable card; a
    lead is its most powerful card. It bids the lowest bid when its best suit holds two
    of the three top trumps and passes otherwise (holding when it is the dealer and may);
    as bidder it names the suit whose cards have the most trump power and discards its
    least valuable cards for that suit."""

    uses_view = True

    def __init__(self, seed: int, seat: int) -> None:
        self._seat = seat

    def choose(self, view: f5.FiftyFiveView, legal: tuple[Move, ...], seen: Sequence[Any]) -> Move:
        if len(legal) == 1:
            return legal[0]
        trump = view.trump if view.phase not in (f5.BIDDING, f5.DISCARDING, f5.NAMING) else _strongest_suit(view.cards)
        if view.phase == f5.BIDDING:
            strong = sum(c in TOP_TRUMPS[trump] for c in view.cards) >= 2
            if strong:
                hold = [m for m in legal if isinstance(m, f5.Hold)]
                bids = sorted((m for m in legal if isinstance(m, f5.Bid)), key=lambda m: m.amount)
                if hold or bids:
                    return (hold or bids)[0]
            return next((m for m in legal if isinstance(m, f5.Pass)), legal[0])
        if view.phase == f5.NAMING:
            return next(m for m in legal if isinstance(m, f5.NameTrump) and m.suit == trump)
        if view.phase == f5.DISCARDING:
            due = f5.discards_due(view)
            return f5.Discard(tuple(sorted(view.cards, key=lambda c: (_keep(c, trump), c))[:due]))
        cards = [getattr(m, "card") for m in legal]
        if not view.trick:
            return f5.Play(max(cards, key=lambda c: (_keep(c, trump), -c)))
        played = tuple(c for _, c in view.trick)
        winners = [c for c in cards if trick_winner(played + (c,), trump) == len(played)]
        return f5.Play(min(winners or cards, key=lambda c: (_keep(c, trump), c)))


def _keep(card: int, trump: int) -> int:
    """A Fifty-Five card's worth: trumps by trump power above every plain card, plain cards by rank."""
    power = TRUMP_POWER[trump][card]
    return 100 + power if power else PLAIN_POWER[card]


def _strongest_suit(cards: tuple[int, ...]) -> int:
    """The suit whose trump powers over ``cards`` add up most (the first among equals)."""
    return max(range(4), key=lambda suit: (sum(TRUMP_POWER[suit][c] for c in cards), -suit))


class GreedyThirteen:
    """Thirteen's greedy player: the ask with the most points expected from it at once,
    the chance that the target holds the value (the medium player's public count:
    face-up singles and known cards certain, known gaps nil, else the unseen copies
    against the hidden cards and a missed ask's complement) times the points a hit
    lays (1 for a pair or a 13, 3 for the 6½ pair, nothing for a single), the first
    legal ask among equals; it always draws after a miss."""

    uses_view = True

    def __init__(self, seed: int, seat: int) -> None:
        self._seat = seat

    def choose(self, view: th.ThirteenView, legal: tuple[Move, ...], seen: Sequence[Any]) -> Move:
        if len(legal) == 1:
            return legal[0]
        if not all_are(legal, th.Ask):
            return next((m for m in legal if isinstance(m, th.Draw)), legal[0])
        chances = hold_chances(view)
        hand = set(view.hand)

        def points(move: th.Ask) -> float:
            if move.value == th.THIRTEEN:
                gain = 1.0
            elif 13 - move.value in hand:
                gain = 3.0 if move.value == th.HALF else 1.0
            else:
                gain = 0.0
            return chances[move.target].get(move.value, 0.0) * gain

        return max(legal, key=points)
