"""Thirteen on plain lists and sets, for the rollouts of ``mc:W`` (greedy) and of the hard search (medium).

Thirteen's Monte Carlo plays every ask out to the end of the game, and on the
game's frozen states (a copy of every field per move, a view built for every
decision) that costs seconds per decision; the hard search's 30-move rollouts
of the medium player cost most of its time too. Here a game in play is one
mutable table, changed in place, and the greedy and medium players read it
directly. The rules
are those of ``games/thirteen/rules.py`` (asks and the lie, singles, draws after a
miss, the come-back, going out, the quiet round and the repeated position
that end the game, and the public facts the greedy player counts on);
``tests/test_thirteen_fast.py`` plays random positions through both and checks
that every move and every result agree, and that both players choose as
``baselines.GreedyThirteen`` and ``medium.thirteen.MediumThirteen`` do.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from dataclasses import replace
from typing import Any, Callable, Mapping, Sequence

from ..engine import Move
from ..games import thirteen as th
from ..games.thirteen import ASK, DRAW, ELIMINATED, HALF, IN, OUT, OVER, THIRTEEN, VALUES, Card, ThirteenState
from .medium import thirteen as medium
from .medium.thirteen import LOGGED, ask_terms
from .monte_carlo import DEPTH, MonteCarlo


class Table:
    """A Thirteen game in play, in compact form (the fields the rules and the greedy player use)."""

    __slots__ = ("players", "deck", "turn", "current", "phase", "lie_used", "lie_known", "moved", "quiet", "hands",
                 "pile", "public", "points", "singles", "status", "absent", "present", "slack", "stash", "missed",
                 "positions")

    players: int
    deck: Counter[Card]
    turn: int
    current: int
    phase: str
    lie_used: bool
    lie_known: bool
    moved: bool
    quiet: int
    hands: list[list[Card]]
    pile: list[Card]  # the top card last
    public: Counter[Card]  # cards laid or set aside: seen by everyone
    points: list[int]
    singles: list[list[Card]]
    status: list[str]
    absent: list[set[Card]]
    present: list[set[Card]]
    slack: list[int]
    stash: list[set[Card]]
    missed: list[set[Card]]  # per asker: the complements of its missed asks (the greedy player's count)
    positions: set[Any]

    @classmethod
    def of(cls, state: ThirteenState) -> Table:
        table = cls.__new__(cls)
        table.players = state.players
        table.deck = Counter(th.deck_for(state.players))
        table.turn, table.current, table.phase = state.turn, state.current, state.phase
        table.lie_used, table.lie_known, table.moved, table.quiet = (state.lie_used, state.lie_known, state.moved,
                                                                     state.quiet)
        table.hands = [list(hand) for hand in state.hands]
        table.pile = list(reversed(state.pile))
        table.public = Counter(state.aside)
        table.public.update(c for groups in state.laid for group in groups for c in group)
        table.points = [sum(th.group_points(g) for g in groups) for groups in state.laid]
        table.singles = [list(s) for s in state.singles]
        table.status = list(state.status)
        table.absent = [set(a) for a in state.absent]
        table.present = [set(p) for p in state.present]
        table.slack = list(state.slack)
        table.stash = [set(s) for s in state.stash]
        table.missed = [set() for _ in range(state.players)]
        for _turn, asker, _target, value, hit in state.log:
            if not hit and value != THIRTEEN:
                table.missed[asker].add(13 - value)
        table.positions = set(state.positions)
        return table

    def copy(self) -> Table:
        twin = Table.__new__(Table)
        twin.players, twin.deck = self.players, self.deck
        twin.turn, twin.current, twin.phase = self.turn, self.current, self.phase
        twin.lie_used, twin.lie_known, twin.moved, twin.quiet = self.lie_used, self.lie_known, self.moved, self.quiet
        twin.hands = [h[:] for h in self.hands]
        twin.pile = self.pile[:]
        twin.public = self.public.copy()
        twin.points = self.points[:]
        twin.singles = [s[:] for s in self.singles]
        twin.status = self.status[:]
        twin.absent = [set(a) for a in self.absent]
        twin.present = [set(p) for p in self.present]
        twin.slack = self.slack[:]
        twin.stash = [set(s) for s in self.stash]
        twin.missed = [set(m) for m in self.missed]
        twin.positions = set(self.positions)
        return twin

    # ----- the greedy and medium players -----------------------------------
    def greedy(self) -> tuple[int, Card] | None:
        """The move ``baselines.GreedyThirteen`` makes for the seat to move: an ask
        (target, value), or None for a draw after a miss."""
        if self.phase == DRAW:
            return None
        targets, values = self._ask_options()
        if len(targets) * len(values) == 1:
            return targets[0], values[0]
        # The asks that lay points if they hit (every other one is worth nothing): a 13, or a
        # card that pairs with one in hand; the first ask when none is worth anything.
        hand = self.hands[self.current]
        copies = self._unseen_copies()
        asks = [(value, 1.0 if value == THIRTEEN or value != HALF else 3.0, 0.0, copies(value))
                for value in values if value == THIRTEEN or 13 - value in hand]
        return self._best_ask(targets, asks, (targets[0], values[0]), 0.0)

    def medium(self, lie_rate: float, source: random.Random) -> tuple[int, Card] | None:
        """The move ``medium.thirteen.MediumThirteen`` with ``lie_rate`` makes for the seat to move, drawing
        from ``source`` as it does (once, whether to fish, where it weighs more than one ask): an ask
        (target, value), or None for a draw after a miss (it never passes)."""
        if self.phase == DRAW:
            return None
        targets, values = self._ask_options()
        if len(targets) * len(values) == 1:
            return targets[0], values[0]
        fishing = source.random() < lie_rate
        hand = self.hands[self.current]
        copies = self._unseen_copies()
        asks = [(value, *ask_terms(value, hand, fishing, lie_rate), copies(value)) for value in values]
        return self._best_ask(targets, asks, (targets[0], values[0]), -float("inf"))

    def _ask_options(self) -> tuple[list[int], Sequence[Card]]:
        """The seats the seat to move may ask and the values it may ask for."""
        me = self.current
        hand = self.hands[me]
        targets = [t for t in range(self.players) if t != me and self.hands[t]]
        values = [v for v in VALUES if v != THIRTEEN and 13 - v in hand] if self.lie_used else VALUES
        return targets, values

    def _unseen_copies(self) -> Callable[[Card], int]:
        """How many cards of a value the seat to move has not seen: not laid or set aside, not in its hand,
        not another seat's face-up single."""
        me = self.current
        hand = self.hands[me]
        shown = [card for seat, cards in enumerate(self.singles) if seat != me for card in cards]
        return lambda value: self.deck[value] - self.public[value] - hand.count(value) - shown.count(value)

    def _best_ask(self, targets: Sequence[int], asks: Sequence[tuple[Card, float, float, int]],
                  first: tuple[int, Card], floor: float) -> tuple[int, Card]:
        """The ask with the most worth over ``floor`` (``first`` when none): for each target and each (value,
        gain, cost, unseen copies) of ``asks``, the chance the target holds the value (the medium player's
        public count) times the gain less the cost; the first among equals."""
        me = self.current
        hidden = [0 if s == me else max(0, len(h) - len(self.singles[s])) for s, h in enumerate(self.hands)]
        pool = max(1, sum(hidden) + len(self.pile))
        best, best_worth = first, floor
        for target in targets:
            miss = 1.0 - hidden[target] / pool
            singles, present, absent, missed = (self.singles[target], self.present[target], self.absent[target],
                                                self.missed[target])
            for value, gain, cost, copies in asks:
                if value in singles or value in present:
                    chance = 1.0
                elif copies <= 0 or value in absent:
                    chance = 0.0
                else:
                    chance = 1.0 - miss ** copies
                    if value in missed:
                        chance = max(chance, LOGGED)
                worth = chance * gain - cost
                if worth > best_worth:
                    best, best_worth = (target, value), worth
        return best

    def play_medium(self, lie_rates: Sequence[float], sources: Sequence[random.Random], depth: int) -> None:
        """Play on with the medium player in every seat (seat s with ``lie_rates[s]``, drawing from
        ``sources[s]``) for at most ``depth`` moves or to the end of the game."""
        for _ in range(depth):
            if self.phase == OVER:
                return
            seat = self.current
            move = self.medium(lie_rates[seat], sources[seat])
            if move is None:
                self.draw(seat)
            else:
                self.ask(seat, *move)

    # ----- the rules (as games/thirteen/rules.py) ----------------------
    def ask(self, asker: int, target: int, value: Card) -> None:
        hand = self.hands[asker]
        pair = 13 - value
        comeback = self.status[asker] == IN and not hand
        known_true = self.lie_known
        known_lie = comeback or value == THIRTEEN or self._publicly_lacks(asker, pair)
        holds_pair = value != THIRTEEN and pair in hand
        if not holds_pair:
            self.lie_used = True
        hit = value in self.hands[target]
        if not hit:
            if value != THIRTEEN:
                self.missed[asker].add(pair)
            self.absent[target].add(value)
            if known_true:
                self.present[asker].add(pair)
            self.lie_known = self.lie_known or known_lie
            if comeback:
                self.status[asker] = ELIMINATED
            elif self.pile:
                self.phase = DRAW
                return
            self._end_turn()
            return
        self._take_out(target, value)
        if value == THIRTEEN:
            self._lay(asker, (THIRTEEN,))
        elif pair in hand:
            self._take_out(asker, pair)
            self._lay(asker, (value, pair))
        else:
            insort(hand, value)
            insort(self.singles[asker], value)
            known_lie = True
        self.lie_known = self.lie_known or known_lie
        if not hand:
            self.status[asker] = OUT
            self._end_turn()
        elif not self._others_hold_cards(asker):
            self._end_turn()

    def draw(self, seat: int) -> None:
        insort(self.hands[seat], self.pile.pop())
        self.positions = set()
        self.stash[seat], self.absent[seat], self.slack[seat] = self.absent[seat], set(), 1
        self.moved = True
        self._end_turn()

    def _take_out(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        if card in self.singles[seat]:
            self.singles[seat].remove(card)
        self.present[seat].discard(card)
        self.moved = True

    def _lay(self, seat: int, group: tuple[Card, ...]) -> None:
        self.positions = set()
        self.points[seat] += th.group_points(group)
        self.public.update(group)

    def _lay_from_hand(self, seat: int) -> int:
        hand = self.hands[seat]
        if not any(c == THIRTEEN or (13 - c in hand and (c != HALF or hand.count(HALF) > 1)) for c in hand):
            return 0  # nothing to lay (most turns)
        groups = th.groups_in(hand)
        for group in groups:
            for card in group:
                self._take_out(seat, card)
            self._lay(seat, group)
        return len(groups)

    def _others_hold_cards(self, seat: int) -> bool:
        return any(hand for s, hand in enumerate(self.hands) if s != seat)

    def _publicly_lacks(self, seat: int, card: Card) -> bool:
        if card in self.singles[seat]:
            return False
        return card in self.absent[seat] or (self.slack[seat] == 0 and 13 - card in self.singles[seat])

    def _must_draw(self) -> bool:
        return bool(self.pile) and self.quiet >= self.status.count(IN)

    def _end_turn(self) -> None:
        self.quiet = 0 if self.moved else self.quiet + 1
        self._next_turn()

    def _next_turn(self) -> None:
        players = self.players
        while True:
            playing = self.status.count(IN)
            if playing < 2 or (self.quiet >= playing and not self.pile) or (not self.pile and not any(self.hands)):
                self.phase = OVER
                return
            seat = next(s for s in ((self.current + i) % players for i in range(1, players + 1))
                        if self.status[s] == IN)
            position = (seat, tuple(map(tuple, self.hands)), tuple(map(tuple, self.singles)))
            if position not in self.positions:
                self.positions.add(position)
            elif not self._must_draw():
                self.phase = OVER
                return
            self.turn += 1
            self.current, self.phase = seat, ASK
            self.lie_used = self.lie_known = self.moved = False
            drawn = self.slack[seat]
            if self._lay_from_hand(seat) and drawn:
                self.absent[seat] |= self.stash[seat]
            self.slack[seat], self.stash[seat] = 0, set()
            if not self.hands[seat] and self.moved:
                self.status[seat] = OUT
            elif not self._others_hold_cards(seat):
                if not self.hands[seat]:
                    self.status[seat] = ELIMINATED
            else:
                return
            self.quiet = 0 if self.moved else self.quiet + 1

    def play(self, move: Move) -> None:
        """Apply a move of the rules module's kind for the seat to move."""
        if isinstance(move, th.Ask):
            self.ask(self.current, move.target, move.value)
        elif isinstance(move, th.Draw):
            self.draw(self.current)
        else:
            self._end_turn()

    def play_greedy(self, depth: int = DEPTH) -> None:
        """Play on with the greedy player in every seat to the end of the game (at most ``depth`` moves)."""
        for _ in range(depth):
            if self.phase == OVER:
                return
            move = self.greedy()
            if move is None:
                self.draw(self.current)
            else:
                self.ask(self.current, *move)


class MonteCarloThirteen(MonteCarlo):
    """``mc:W`` for Thirteen (``ai.monte_carlo``), its greedy rollouts played on the compact :class:`Table`."""

    def playouts(self, world: ThirteenState) -> Callable[[Move], Sequence[float]]:
        start = Table.of(world)

        def final_scores(move: Move) -> Sequence[float]:
            table = start.copy()
            table.play(move)
            table.play_greedy()
            return table.points

        return final_scores


def playout(world: ThirteenState, picture: None, seat: int, moves: Sequence[Move], luck: int,
            knobs: Mapping[str, float]) -> list[Sequence[float]]:
    """The hard search's rollouts on the compact :class:`Table`: each of ``moves`` played in ``world``
    and the game played on for the search's depth by the medium player in every seat, this seat with
    its ``knobs``, each seat drawing from ``random.Random(luck + seat)``; the points there."""
    start = Table.of(world)
    lie_rates = [knobs.get("lie_rate", 0.3) if s == seat else 0.3 for s in range(world.players)]
    finals: list[Sequence[float]] = []
    for move in moves:
        table = start.copy()
        table.play(move)
        table.play_medium(lie_rates, [random.Random(luck + s) for s in range(world.players)],
                          medium.SEARCH.depth)
        finals.append(table.points)
    return finals


#: The search's settings for Thirteen (``medium.thirteen.SEARCH``) with its rollouts on the compact table.
SEARCH = replace(medium.SEARCH, playout=playout)
