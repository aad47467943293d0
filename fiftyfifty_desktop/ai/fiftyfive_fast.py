"""Fifty-Five's hands on plain lists, for the hard search's rollouts.

The search plays each candidate move out to the end of the hand in every
world, with the medium player in every seat; on the game's frozen states
that costs a new state, its events and the legal moves for every move (252
of them for a discard), and a view for every choice the medium player makes.
Here the rest of a hand is played on plain values instead: the bidding on
the rules' :class:`~..games.fiftyfive.rules.Bidding`, the tricks on one
mutable :class:`Trickster`, changed in place. The rules are those of
``games/fiftyfive/``, called rather than copied: the calls a seat may make
are ``rules.legal_calls`` and the bidding goes on by ``rules.after_call``
(round one, the dealer's duel, a thrown-in hand when every seat passes,
which ends the rollout as the search's horizon, the hand, does on the
states); the cards a seat may play are ``rules.playable`` (following suit
or trumping, the top trumps held back on a lower trump lead), a trick goes
by ``cards.trick_winner``, the best trump by ``tricks.best_trump_after``,
and the hand's points are credited and raced to the target by
``tricks.credits_in_order`` and ``tricks.race``. The medium player's call,
discard, trump and card are ``medium.fiftyfive.call_to_make``,
``cards_to_lay_away``, ``trump_to_name`` and ``card_to_play``; it draws no
chance. Every phase a decision is made in is played so.
``tests/test_fiftyfive_fast.py`` plays random positions through both and
checks that every call, card, trick and score agrees, that the players
choose the same moves and that the search weighs every move the same.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence, cast

from ..engine import Move
from ..games.fiftyfive.cards import trick_winner
from ..games.fiftyfive.parts import (
    BIDDING, DISCARDING, NAMING, PLAYING, TRICKS, Discard, FiftyFiveState, NameTrump, Play, side_of, side_seats,
)
from ..games.fiftyfive.rules import GAME, Bidding, after_call, legal_calls, playable
from ..games.fiftyfive.tricks import best_trump_after, credits_in_order, race
from .medium import fiftyfive as medium
from .medium.fiftyfive import (
    call_to_make, card_to_play, cards_to_lay_away, chance_to_win, outlook, trump_to_name,
)
from .search import Ending, winning_share


class Trickster:
    """The tricks of a hand of Fifty-Five in play: the contract, the hands, the trick and its leader, the sides
    that took the tricks so far and the best trump."""

    __slots__ = ("players", "trump", "sides", "bidder", "bid", "hands", "leader", "trick", "taken", "best")

    players: int
    trump: int
    sides: tuple[int, ...]  # each seat's scoring side (``side_of``)
    bidder: int
    bid: int
    hands: list[tuple[int, ...]]  # sorted
    leader: int
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    taken: list[int]  # the side that took each finished trick, in turn
    best: tuple[int, int] | None  # (seat, card): the hand's highest trump so far

    @classmethod
    def of(cls, state: FiftyFiveState) -> Trickster:
        assert state.phase == PLAYING, "the tricks are played once trumps are named"
        table = cls.new_hand(state, list(state.hands), state.bidder, state.bid, state.trump)
        table.trick = state.trick
        table.taken = [side_of(state, seat) for seat in state.trick_winners]
        table.best = state.best_trump
        return table

    @classmethod
    def new_hand(cls, world: FiftyFiveState, hands: list[tuple[int, ...]], bidder: int, bid: int,
                 trump: int) -> Trickster:
        """The first trick of ``world``'s hand about to be led, with ``hands`` once ``bidder``, who won the bidding
        at ``bid``, has discarded and named ``trump``."""
        table = cls.__new__(cls)
        table.players = world.players
        table.trump = trump
        table.sides = tuple(side_of(world, seat) for seat in range(world.players))
        table.bidder = bidder
        table.bid = bid
        table.hands = hands
        table.leader = world.leader  # left of the dealer until a trick is won
        table.trick = ()
        table.taken = []
        table.best = None
        return table

    def copy(self) -> Trickster:
        twin = Trickster.__new__(Trickster)
        twin.players = self.players
        twin.trump = self.trump
        twin.sides = self.sides
        twin.bidder = self.bidder
        twin.bid = self.bid
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
    credits = credits_in_order(table.sides[table.bidder], table.bid, table.taken, best_side)
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


def thrown_in(world: FiftyFiveState, seat: int) -> Ending:
    """Where a rollout of ``world``'s hand stops, for ``seat``, when every seat passes: the hand is thrown in and
    the next one dealt, past the search's horizon, with the totals as they stood."""
    return Ending(GAME.scores(world), outlook(world, seat))


def bid_out(world: FiftyFiveState, bidding: Bidding, boldness: Sequence[float]) -> Bidding:
    """The rest of ``world``'s bidding from ``bidding``, the medium player in every seat bidding as boldly as
    ``boldness`` says for it."""
    while not bidding.over:
        speaker = bidding.speaker
        calls = legal_calls(bidding.bid, speaker == world.dealer)
        call = call_to_make(world.hands[speaker], bidding.bid, calls, boldness[speaker])
        bidding = after_call(bidding, speaker, call, world.players, world.dealer)
    return bidding


def laid_away(hands: Sequence[tuple[int, ...]], bidder: int, cards: tuple[int, ...]) -> list[tuple[int, ...]]:
    """``hands`` once ``bidder`` has discarded ``cards``."""
    kept = list(hands)
    kept[bidder] = tuple(c for c in hands[bidder] if c not in cards)
    return kept


def tricks_played(world: FiftyFiveState, hands: list[tuple[int, ...]], bidder: int, bid: int, trump: int) -> Trickster:
    """The tricks of ``world``'s hand played out by the medium player in every seat from ``hands``, once
    ``bidder``, who won the bidding at ``bid``, has discarded and named ``trump``."""
    table = Trickster.new_hand(world, hands, bidder, bid, trump)
    table.finish_hand()
    return table


def hands_played(world: FiftyFiveState, seat: int, moves: Sequence[Move],
                 knobs: Mapping[str, float]) -> list[Trickster | None]:
    """Each of ``moves`` made by ``seat`` in ``world`` and the hand played out by the medium player in every seat,
    this one bidding with its ``knobs`` and the others with none, as ``SearchAgent`` sets them: a table with the
    hand's tricks all played, or None where every seat passes and the hand is thrown in."""
    tables: list[Trickster | None] = []
    if world.phase == PLAYING:
        start = Trickster.of(world)
        for move in moves:
            table = start.copy()
            table.play(seat, cast(Play, move).card)
            table.finish_hand()
            tables.append(table)
    elif world.phase == NAMING:
        for move in moves:
            tables.append(tricks_played(world, list(world.hands), seat, world.bid, cast(NameTrump, move).suit))
    elif world.phase == DISCARDING:
        for move in moves:
            hands = laid_away(world.hands, seat, cast(Discard, move).cards)
            tables.append(tricks_played(world, hands, seat, world.bid, trump_to_name(hands[seat])))
    elif world.phase == BIDDING:
        so_far = Bidding(world.speaker, world.duel, world.bid, world.bidder)
        boldness = [medium.boldness(knobs if other == seat else {}) for other in range(world.players)]
        for move in moves:
            bidding = bid_out(world, after_call(so_far, seat, move, world.players, world.dealer), boldness)
            bidder = bidding.bidder
            if bidder < 0:
                tables.append(None)
                continue
            hands = list(world.hands)
            hands[bidder] = tuple(sorted(hands[bidder] + world.kitty))  # the kitty taken
            hands = laid_away(hands, bidder, cards_to_lay_away(hands[bidder]))
            tables.append(tricks_played(world, hands, bidder, bidding.bid, trump_to_name(hands[bidder])))
    return tables


def playout(world: FiftyFiveState, picture: None, seat: int, moves: Sequence[Move], luck: int,
            knobs: Mapping[str, float]) -> list[Ending]:
    """The hard search's rollouts on the compact form (``hands_played``): the :class:`Ending` at the hand's end
    after each of ``moves`` (the medium player draws no chance, so ``luck`` changes nothing). Every phase a
    decision is made in is played; a finished game (no decision) gives none."""
    return [thrown_in(world, seat) if table is None else ending(world, table, seat)
            for table in hands_played(world, seat, moves, knobs)]


#: The search's settings for Fifty-Five (``medium.fiftyfive.SEARCH``) with its rollouts on the compact form.
SEARCH = replace(medium.SEARCH, playout=playout)
