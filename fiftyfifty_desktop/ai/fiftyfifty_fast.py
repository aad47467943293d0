"""Fifty Fifty on plain lists, for the hard search's rollouts.

The search plays each candidate card out to the end of the hand in every
world, with the medium player in every seat; on the game's frozen states
that costs a copy of every field per card and a view (and the unseen cards
worked out again) for every card the medium player weighs. Here a hand in
play is one mutable :class:`Trickster`, changed in place. The rules are
those of ``games/fiftyfifty.py`` (the highest card takes the mood card's blue
halves and leads next, the lowest its yellow, blue and yellow cancel; the
hand is scored by the rules' own ``struck_hands``, ``with_strikes`` and
``totals``), and the medium player's estimate is
``ai.medium.fiftyfifty.card_cost`` on this form.
``tests/test_fiftyfifty_fast.py`` plays random positions through both and
checks that the rollouts end with the same scores, the players choose the
same cards and the search chooses the same moves.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Mapping, Sequence, cast

from ..engine import Move
from ..games.fiftyfifty import CARDS, FiftyState, Play, highest_and_lowest, struck_hands, totals, with_strikes
from .medium import fiftyfifty as medium
from .medium.fiftyfifty import EXTREME_RELIEF, MIDDLE


class Trickster:
    """A hand of Fifty Fifty in play: hands, the cards gone this hand, each seat's halves and the trick."""

    __slots__ = ("players", "hands", "gone", "gone_count", "held", "leader", "trick", "mood", "moods")

    players: int
    hands: list[list[int]]  # sorted
    gone: bytearray  # gone[card] == 1: played this hand (in the trick or an earlier one)
    gone_count: int
    held: list[int]  # per seat, blue halves less yellow (one colour is always nil)
    leader: int
    trick: list[tuple[int, int]]  # (seat, card) in play order
    mood: tuple[int, int]
    moods: list[tuple[int, int]]  # face down, top first

    @classmethod
    def of(cls, state: FiftyState) -> Trickster:
        assert state.mood is not None, "a hand in play has its mood card turned"
        table = cls.__new__(cls)
        table.players = state.players
        table.hands = [list(hand) for hand in state.hands]
        table.gone = bytearray(CARDS[-1] + 1)
        for card in [c for _, c in state.trick] + [c for trick in state.past_tricks for _, c in trick]:
            table.gone[card] = 1
        table.gone_count = sum(table.gone)
        table.held = [blue - yellow for blue, yellow in state.halves]
        table.leader = state.leader
        table.trick = list(state.trick)
        table.mood = state.mood
        table.moods = list(state.moods)
        return table

    def copy(self) -> Trickster:
        twin = Trickster.__new__(Trickster)
        twin.players = self.players
        twin.hands = [hand[:] for hand in self.hands]
        twin.gone = self.gone[:]
        twin.gone_count = self.gone_count
        twin.held = self.held[:]
        twin.leader = self.leader
        twin.trick = self.trick[:]
        twin.mood = self.mood
        twin.moods = self.moods[:]
        return twin

    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def play(self, seat: int, card: int) -> None:
        """``seat`` plays ``card``; the trick is settled when it is full."""
        self.hands[seat].remove(card)
        self.gone[card] = 1
        self.gone_count += 1
        self.trick.append((seat, card))
        if len(self.trick) < self.players:
            return
        (high_seat, _), (low_seat, _) = highest_and_lowest(self.trick)
        blue, yellow = self.mood
        self.held[high_seat] += blue
        self.held[low_seat] -= yellow
        self.leader = high_seat
        self.trick = []
        if self.hands[0]:
            self.mood = self.moods.pop(0)

    def medium_card(self, seat: int, caution: float) -> int:
        """The card ``medium.fiftyfifty.cheapest`` plays for ``seat`` (the first of equally cheap ones)."""
        hand = self.hands[seat]
        blue, yellow = self.mood
        held = self.held[seat]
        played = [card for _, card in self.trick]
        still_to_play = (self.players - len(played) - 1) * caution
        total = max(1, len(CARDS) - self.gone_count - len(hand))
        highest = max(played) if played else 0
        lowest = min(played) if played else len(CARDS) + 1
        gone = self.gone
        best, best_cost = hand[0], 0.0
        for i, card in enumerate(hand):
            below = (card - 1 - gone.count(1, 1, card) - i) / total  # the unseen cards below it
            high = below ** still_to_play if card > highest else 0.0
            low = (1.0 - below) ** still_to_play if card < lowest else 0.0
            neither = max(0.0, 1.0 - high - low)
            expected = high * abs(held + blue) + low * abs(held - yellow) + neither * abs(held)
            cost = expected - EXTREME_RELIEF * abs(card - MIDDLE) / MIDDLE
            if i == 0 or cost < best_cost:
                best, best_cost = card, cost
        return best

    def finish_hand(self, seat: int, caution: float, sources: Sequence[random.Random | None], slip: float) -> None:
        """Play the hand to its end (in place): ``seat`` as the medium player of ``caution``, each other
        seat as the medium player that, with chance ``slip`` drawn from its ``sources`` entry, plays a card
        of its hand drawn from it instead; a seat's last card is played without a draw."""
        while self.hands[self.to_move()]:
            mover = self.to_move()
            hand = self.hands[mover]
            if len(hand) == 1:
                card = hand[0]
            elif mover == seat:
                card = self.medium_card(mover, caution)
            else:
                source = sources[mover]
                if source is not None and source.random() < slip:
                    card = hand[int(source.random() * len(hand))]
                else:
                    card = self.medium_card(mover, 1.0)
            self.play(mover, card)


def scores_after(state: FiftyState, held: Sequence[int]) -> tuple[int, ...]:
    """The game's scores once ``state``'s hand ends with these halves held (blue less yellow):
    each hand's result, balanced seats striking their worst earlier hand as the rules say."""
    result = tuple(-abs(h) for h in held)
    struck = with_strikes(state.struck, struck_hands(state.results, state.struck, result), state.players)
    return totals(state.results + (result,), struck, state.players)


#: How often another seat of a rollout plays a uniformly drawn card of its hand rather than the
#: medium player's (docs/ai.md, *Slipping rollouts*).
SLIP = medium.SEARCH.slip


def playout(world: FiftyState, picture: None, seat: int, moves: Sequence[Move], luck: int,
            knobs: Mapping[str, float]) -> list[Sequence[float]]:
    """The hard search's rollouts on the compact :class:`Trickster`: each card of ``moves`` played in
    ``world`` and the hand played out, this seat by the medium player with its ``knobs``, each other seat
    slipping as ``medium.SEARCH.slip`` says on ``random.Random(luck + seat)``; the scores at the hand's end.
    The choices are those of the search's rollouts on the game's states, in a fraction of the time."""
    start = Trickster.of(world)
    careful = medium.caution(knobs)
    finals: list[Sequence[float]] = []
    for move in moves:
        table = start.copy()
        table.play(seat, cast(Play, move).card)
        sources = [None if s == seat or not SLIP else random.Random(luck + s) for s in range(world.players)]
        table.finish_hand(seat, careful, sources, SLIP)
        finals.append(scores_after(world, table.held))
    return finals


#: The search's settings for Fifty Fifty (``medium.fiftyfifty.SEARCH``), its rollouts on the compact
#: form: the slip is the playout's, as the search's own rollouts would slip.
SEARCH = replace(medium.SEARCH, slip=0.0, playout=playout)
