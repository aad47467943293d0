"""Fifty-Five's play on plain lists, for the hard search's rollouts.

The search plays each candidate card out to the end of the hand in every
world, with the medium player in every seat; on the game's frozen states
that costs a new state, its events and the legal moves for every card, and a
view for every card the medium player chooses. Here the tricks of a hand are
one mutable :class:`Trickster`, changed in place. The rules are those of
``games/fiftyfive/``, called rather than copied: the cards a seat may play
are ``rules.playable`` (following suit or trumping, the top trumps held back
on a lower trump lead), a trick goes by ``cards.trick_winner``, the best
trump by ``tricks.best_trump_after``, and the hand's points are credited and
raced to the target by ``tricks.credits_in_order`` and ``tricks.race``. The
medium player's card is ``medium.fiftyfive.card_to_play``; it draws no
chance. Only the play phase is played so: the bidding, the discard and the
naming of trumps roll out on the game's states.
``tests/test_fiftyfive_fast.py`` plays random positions through both and
checks that every card, trick and score agrees, that the players choose the
same cards and that the search weighs every move the same.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence, cast

from ..engine import Move
from ..games.fiftyfive.cards import trick_winner
from ..games.fiftyfive.parts import PLAYING, TRICKS, FiftyFiveState, Play, side_of, side_seats
from ..games.fiftyfive.rules import playable
from ..games.fiftyfive.tricks import best_trump_after, credits_in_order, race
from .medium import fiftyfive as medium
from .medium.fiftyfive import card_to_play, chance_to_win
from .search import Ending, winning_share


class Trickster:
    """The tricks of a hand of Fifty-Five in play: the hands, the trick and its leader, the sides that took the
    tricks so far and the best trump."""

    __slots__ = ("players", "trump", "sides", "hands", "leader", "trick", "taken", "best")

    players: int
    trump: int
    sides: tuple[int, ...]  # each seat's scoring side (``side_of``)
    hands: list[tuple[int, ...]]  # sorted
    leader: int
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    taken: list[int]  # the side that took each finished trick, in turn
    best: tuple[int, int] | None  # (seat, card): the hand's highest trump so far

    @classmethod
    def of(cls, state: FiftyFiveState) -> Trickster:
        assert state.phase == PLAYING, "the tricks are played once trumps are named"
        table = cls.__new__(cls)
        table.players = state.players
        table.trump = state.trump
        table.sides = tuple(side_of(state, seat) for seat in range(state.players))
        table.hands = list(state.hands)
        table.leader = state.leader
        table.trick = state.trick
        table.taken = [side_of(state, seat) for seat in state.trick_winners]
        table.best = state.best_trump
        return table

    def copy(self) -> Trickster:
        twin = Trickster.__new__(Trickster)
        twin.players = self.players
        twin.trump = self.trump
        twin.sides = self.sides
        twin.hands = self.hands[:]
        twin.leader = self.leader
        twin.trick = self.trick
        twin.taken = self.taken[:]
        twin.best = self.best
        return twin

    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def play(self, seat: int, card: int) -> None:
        """``seat`` plays ``card``; a full trick goes to its winner, who leads the next."""
        self.hands[seat] = tuple(c for c in self.hands[seat] if c != card)
        self.best = best_trump_after(self.best, seat, card, self.trump)
        trick = self.trick + ((seat, card),)
        if len(trick) < self.players:
            self.trick = trick
            return
        winner = trick[trick_winner(tuple(c for _, c in trick), self.trump)][0]
        self.taken.append(self.sides[winner])
        self.leader = winner
        self.trick = ()

    def medium_card(self, seat: int) -> int:
        """The card ``MediumFiftyFive`` plays for ``seat``, the seat to move (with one card to play, that one)."""
        hand = self.hands[seat]
        cards = hand if len(hand) == 1 else playable(hand, self.trick, self.trump)
        if len(cards) == 1:
            return cards[0]
        return card_to_play(cards, tuple(c for _, c in self.trick), self.players, self.trump)

    def finish_hand(self) -> None:
        """Play the hand's tricks to the end (in place) with the medium player in every seat."""
        while len(self.taken) < TRICKS:
            seat = self.to_move()
            self.play(seat, self.medium_card(seat))


def settle(world: FiftyFiveState, table: Trickster) -> tuple[list[int], tuple[int, ...]]:
    """The sides' totals once the hand of ``world``, its tricks all played on ``table``, is scored, and the sides
    that reached the target in it in the order they reached it (the first wins the game)."""
    best_side = None if table.best is None else table.sides[table.best[0]]
    credits = credits_in_order(table.sides[world.bidder], world.bid, table.taken, best_side)
    return race(world.totals, credits, world.target)


def ending(world: FiftyFiveState, table: Trickster, seat: int) -> Ending:
    """Where a rollout of ``world``'s hand played out on ``table`` stops, for ``seat``: each seat's side's total,
    and the seat's share of the win (``winning_share`` when the hand ends the game, else ``medium.outlook``)."""
    totals, reached = settle(world, table)
    if reached:
        share = winning_share(side_seats(world, reached[0]), seat)
    else:
        share = chance_to_win(totals, world.target, table.sides[seat])
    return Ending(tuple(totals[side] for side in table.sides), share)


def playout(world: FiftyFiveState, picture: None, seat: int, moves: Sequence[Move], luck: int,
            knobs: Mapping[str, float]) -> list[Ending]:
    """The hard search's rollouts on the compact :class:`Trickster`: each card of ``moves`` played in ``world``
    and the hand played out by the medium player in every seat (its knobs touch only the bidding, and it draws
    no chance, so neither ``knobs`` nor ``luck`` changes a card); the :class:`Ending` at the hand's end. Outside
    the play phase the answer is empty and the search rolls out on the game's states."""
    if world.phase != PLAYING:
        return []
    start = Trickster.of(world)
    endings: list[Ending] = []
    for move in moves:
        table = start.copy()
        table.play(seat, cast(Play, move).card)
        table.finish_hand()
        endings.append(ending(world, table, seat))
    return endings


#: The search's settings for Fifty-Five (``medium.fiftyfive.SEARCH``) with its play-phase rollouts on the
#: compact tricks.
SEARCH = replace(medium.SEARCH, playout=playout)
