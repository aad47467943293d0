"""The rules of Thirteen, pairs to 13 with one permitted lie a turn
(``docs/rules/thirteen.md``): the ``Thirteen`` game, the working copy of a
state that one move edits, and the reading of an explicit deal. The cards are in ``cards``; the moves, events, state and view
in ``parts``; dealing what a seat cannot see in ``hidden``.

Decisions where the rules file leaves room (also in ``docs/records.md``):

* The dealer is drawn from the game's Rng; seats go clockwise in rising
  order, so the dealer's left is ``dealer + 1``.
* When a card of a value leaves a hand (handed over or laid) and the hand
  shows a face-up single of that value, the single is the card that goes.
* A player who must ask when no other player holds a card cannot ask: an
  ordinary turn then simply passes; a come-back turn fails as a missed lie
  would (the player is eliminated).
* The game also ends when a whole round of turns passes in which no card
  moved at all (no hit, no lay, no draw). With the pile empty this is the
  rules file's stalemate; with cards still in the pile it means everyone
  declined the draw for a round, and without it such a game could go on
  for ever.
* The game also ends when a turn would start from a position (whose turn,
  every hand, every single) seen at the start of an earlier turn with no
  card laid or drawn since: the players are only handing cards back and
  forth (two players with one card between them, each taking it back by a
  come-back lie, say), which the rules file's end conditions do not stop.

Public knowledge. Besides the ask log, the state keeps facts every seat can
deduce from what all saw, so views and ``determinize`` agree on them:

* ``absent[p]``: values p's face-down cards hold none of. A miss against p
  adds the value; it stays true until p draws (only a draw adds a face-down
  card). At the draw the facts are stashed; if p's next turn starts by
  laying a waiting pair, the drawn card was in it and the stash holds again.
* ``slack[p]``: how many pairs (or 13s) p's hand may hold: 0 from the deal
  and from the start of each of p's turns, 1 after p's draw (one drawn card
  makes at most one pair).
* ``present[p]``: values p surely holds. An ask made after the turn's lie
  is publicly known to be used is true, so a miss then shows the asker
  holds the complement. The fact is dropped when p loses a card of it.
  The lie is publicly known when it was an ask for a 13, a come-back ask,
  an ask that won a single, or an ask for a card whose complement p
  publicly lacks. Any other ask may have been true or the lie: it is not
  used as evidence either way.
* A single is face up, so it is known; a single ``x`` in a hand that may
  hold no pair also shows there is no ``13 - x`` beside it.

Not inferred: what one seat could add by joining its own hand to the log
(say, it holds every 4 still in play, so another's ask for a 9 was the lie).
Sampled deals stay true to the view; they are only less sharp than they
could be.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import lru_cache
from typing import Any, Mapping

from ...engine import evolve, Event, Game, MoveParseError, Preset, Reason, Rng, SetupError
from ...engine.errors import quoted
from ...engine.rng import shuffle_with
from ...engine.viewcheck import NUMBER_BOUND, ViewCheck
from .cards import (ASK, DRAW, ELIMINATED, HALF, IN, KINDS, OUT, OVER, THIRTEEN, VALUES, Card, _with, _without,
                    card_text, deck_for, group_kind, group_points, groups_in, hand_size_for, is_true_ask, must_come_back,
                    must_draw, parse_card, true_asks)
from .hidden import _deal_hidden, unseen_counts
from .parts import (DRAW_MOVE, PASS_MOVE, Ask, AskEntry, Asked, CameBack, Dealt, Draw, Drew, Eliminated, GameOver,
                    HandedOver, KindFinished, Laid, Missed, Pass, Position, SingleShown, ThirteenMove, ThirteenState,
                    ThirteenView, TurnStarted, WentOut)


#: State fields the working copy edits as lists, and those it replaces whole.
_LISTS = ("hands", "laid", "singles", "status", "left_at", "absent", "present", "slack", "stash", "log", "leaving",
          "finished", "positions")
_VALUES = ("turn", "current", "phase", "lie_used", "lie_known", "moved", "quiet", "pile")


class _Table:
    """A mutable working copy of a state while one move is applied."""

    # Set from the state by __init__: the fields in _LISTS as lists, those in _VALUES as they are.
    hands: list[tuple[Card, ...]]
    laid: list[tuple[tuple[Card, ...], ...]]
    singles: list[tuple[Card, ...]]
    status: list[str]
    left_at: list[int | None]
    absent: list[tuple[Card, ...]]
    present: list[tuple[Card, ...]]
    slack: list[int]
    stash: list[tuple[Card, ...]]
    log: list[AskEntry]
    leaving: list[int]
    finished: list[Card]
    positions: list[Position]
    turn: int
    current: int
    phase: str
    lie_used: bool
    lie_known: bool
    moved: bool
    quiet: int
    pile: tuple[Card, ...]

    def __init__(self, state: ThirteenState) -> None:
        self.state = state
        for name in _LISTS:
            setattr(self, name, list(getattr(state, name)))
        for name in _VALUES:
            setattr(self, name, getattr(state, name))
        self.events: list[Event] = []

    def freeze(self) -> ThirteenState:
        changes = {name: tuple(getattr(self, name)) for name in _LISTS}
        changes.update({name: getattr(self, name) for name in _VALUES})
        return evolve(self.state, **changes)

    # ----- cards -------------------------------------------------------
    def take_out(self, seat: int, card: Card) -> None:
        """Remove one ``card`` from a hand: the face-up single first; facts about it lapse."""
        self.hands[seat] = _without(self.hands[seat], card)
        if card in self.singles[seat]:
            self.singles[seat] = _without(self.singles[seat], card)
        if card in self.present[seat]:
            self.present[seat] = _without(self.present[seat], card)
        self.moved = True

    def lay(self, seat: int, group: tuple[Card, ...]) -> None:
        """Put a group already out of the hand on the table, and turn over a finished kind."""
        self.laid[seat] = self.laid[seat] + (group,)
        self.positions = []
        self.events.append(Laid(seat, group, group_points(group)))
        kind = group_kind(group)
        if kind not in self.finished and self.groups_laid(kind) == _groups_possible(self.state, kind):
            self.finished.append(kind)
            self.events.append(KindFinished(kind))

    def lay_from_hand(self, seat: int) -> int:
        """Lay every group in the hand; return how many."""
        groups = groups_in(self.hands[seat])
        for group in groups:
            for card in group:
                self.take_out(seat, card)
            self.lay(seat, group)
        return len(groups)

    def groups_laid(self, kind: Card) -> int:
        return sum(1 for groups in self.laid for g in groups if group_kind(g) == kind)

    def others_hold_cards(self, seat: int) -> bool:
        return any(hand for s, hand in enumerate(self.hands) if s != seat)

    def leave(self, seat: int, how: str) -> None:
        self.status[seat] = how
        self.left_at[seat] = self.turn
        self.leaving.append(seat)
        self.events.append(WentOut(seat) if how == OUT else Eliminated(seat))

    def in_play(self) -> list[int]:
        return [s for s, st in enumerate(self.status) if st == IN]

    def publicly_lacks(self, seat: int, card: Card) -> bool:
        """Every seat can tell ``seat`` holds no ``card``: a miss showed none face down with no
        draw since, or the hand shows a single ``13 - card`` while it can hold no pair."""
        if card in self.singles[seat]:
            return False
        return card in self.absent[seat] or (self.slack[seat] == 0 and 13 - card in self.singles[seat])


def _groups_possible(state: ThirteenState, kind: Card) -> int:
    """How many groups of ``kind`` the cards in the game can make."""
    return _groups_possible_with(state.players, state.aside, kind)


@lru_cache(maxsize=256)
def _groups_possible_with(players: int, aside: tuple[Card, ...], kind: Card) -> int:
    counts = Counter(deck_for(players))
    counts.subtract(aside)
    if kind == THIRTEEN:
        return counts[THIRTEEN]
    if kind == HALF:
        return counts[HALF] // 2
    return min(counts[kind], counts[13 - kind])


class Thirteen(Game[ThirteenState, ThirteenView, ThirteenMove]):
    id = "thirteen"
    name = "Thirteen"
    min_players = 2
    max_players = 8
    reason_codes = Game.reason_codes + ("draw_or_pass", "draw_after_miss", "ask_yourself", "no_such_seat",
                                        "seat_has_no_cards", "lie_used", "must_draw")
    presets = (Preset("duel", {}, players=2), Preset("four", {}, players=4), Preset("full", {}, players=8))

    # ----- set-up ------------------------------------------------------
    def _new_game(self, players: int, options: dict[str, Any], seed: int,
                  setup: Mapping[str, Any] | None) -> tuple[ThirteenState, tuple[Event, ...]]:
        rng = Rng(seed)
        aside: tuple[Card, ...]
        if setup is None:
            dealer, rng = rng.below(players)
            cards, rng = rng.shuffled(deck_for(players))
            size = hand_size_for(players)
            hands = tuple(tuple(sorted(cards[i * size:(i + 1) * size])) for i in range(players))
            pile, aside = cards[players * size:], ()
        else:
            dealer, hands, pile, aside = _read_setup(players, setup)
        empty = ((),) * players
        state = ThirteenState(
            players=players, rng=rng, dealer=dealer, turn=0, current=dealer, phase=ASK, lie_used=False,
            lie_known=False, moved=False, quiet=0, hands=hands, pile=pile, aside=aside, laid=empty,
            singles=empty, status=(IN,) * players, left_at=(None,) * players, leaving=(), log=(), finished=(),
            absent=empty, present=empty, slack=(0,) * players, stash=empty,
        )
        table = _Table(state)
        table.events.append(Dealt(dealer, tuple(len(h) for h in hands), len(pile)))
        for seat in _clockwise(players, dealer):
            table.lay_from_hand(seat)
        for seat in _clockwise(players, dealer):
            if not table.hands[seat]:
                table.leave(seat, OUT)
        self._next_turn(table)
        return table.freeze(), tuple(table.events)

    # ----- play --------------------------------------------------------
    def players(self, state: ThirteenState) -> int:
        return state.players

    def stage(self, state: ThirteenState) -> tuple[str, int]:
        return "turn", max(1, state.turn)

    def to_move(self, state: ThirteenState) -> tuple[int, ...]:
        return () if state.phase == OVER else (state.current,)

    def legal_moves(self, state: ThirteenState, seat: int) -> tuple[ThirteenMove, ...]:
        if state.phase == OVER or seat != state.current:
            return ()
        if state.phase == DRAW:
            return (DRAW_MOVE,) if must_draw(state.quiet, state.status, len(state.pile)) else (DRAW_MOVE, PASS_MOVE)
        values = true_asks(state.hands[seat]) if state.lie_used else VALUES
        return tuple(Ask(t, v) for t in range(state.players) if t != seat and state.hands[t] for v in values)

    def is_legal(self, state: ThirteenState, seat: int, move: ThirteenMove) -> bool:
        if state.phase == OVER or seat != state.current:
            return False
        if state.phase == DRAW:
            return type(move) is Draw or (type(move) is Pass and not must_draw(state.quiet, state.status,
                                                                                  len(state.pile)))
        if type(move) is not Ask:
            return False
        if not (0 <= move.target < state.players and move.target != seat and state.hands[move.target]):
            return False
        return move.value in VALUES and (not state.lie_used or is_true_ask(state.hands[seat], move.value))

    def why_illegal(self, state: ThirteenState, seat: int, move: ThirteenMove) -> Reason:
        if state.phase != OVER and 0 <= seat < state.players and seat == state.current:
            if state.phase == DRAW and isinstance(move, Ask):
                return Reason("draw_or_pass", {}, "your ask missed and the turn has passed: draw or pass")
            if state.phase == DRAW and isinstance(move, Pass):
                return Reason("must_draw", {}, "no card has moved for a whole round: after a miss you must draw")
            if state.phase == ASK and isinstance(move, (Draw, Pass)):
                return Reason("draw_after_miss", {}, "you may draw (or pass) only after a missed ask")
            if isinstance(move, Ask):
                if move.target == seat:
                    return Reason("ask_yourself", {}, "you cannot ask yourself")
                if not 0 <= move.target < state.players:
                    return Reason("no_such_seat", {"seat": move.target}, f"there is no seat {move.target}")
                if not state.hands[move.target]:
                    return Reason("seat_has_no_cards", {"seat": move.target},
                                  f"seat {move.target} holds no cards to ask for")
                if state.lie_used and not is_true_ask(state.hands[seat], move.value):
                    wanted = tuple(card_text(v) for v in true_asks(state.hands[seat]))
                    return Reason("lie_used", {"wanted": wanted},
                                  "you have already used this turn's lie: ask only for a card that pairs with one "
                                  f"in your hand ({', '.join(wanted)})")
        return super().why_illegal(state, seat, move)

    def _apply(self, state: ThirteenState, seat: int, move: ThirteenMove) -> tuple[ThirteenState, tuple[Event, ...]]:
        table = _Table(state)
        if isinstance(move, Ask):
            self._ask(table, seat, move.target, move.value)
        else:
            if isinstance(move, Draw):
                card = table.pile[0]
                table.pile = table.pile[1:]
                table.positions = []
                table.hands[seat] = _with(table.hands[seat], card)
                table.stash[seat], table.absent[seat], table.slack[seat] = table.absent[seat], (), 1
                table.moved = True
                table.events.append(Drew(seat, len(table.pile)))
            self._end_turn(table)
        return table.freeze(), tuple(table.events)

    def _ask(self, table: _Table, asker: int, target: int, value: Card) -> None:
        hand = table.hands[asker]
        pair = 13 - value
        comeback = must_come_back(table.status[asker], len(hand))
        known_true = table.lie_known  # the lie is spent, so this ask must be true
        known_lie = comeback or value == THIRTEEN or table.publicly_lacks(asker, pair)
        if not is_true_ask(hand, value):
            table.lie_used = True
        table.events.append(Asked(asker, target, value))
        hit = value in table.hands[target]
        table.log.append((table.turn, asker, target, value, hit))
        if not hit:
            table.events.append(Missed(asker, target, value))
            if value not in table.absent[target]:
                table.absent[target] = _with(table.absent[target], value)
            if known_true and pair not in table.present[asker]:
                table.present[asker] = _with(table.present[asker], pair)
            table.lie_known = table.lie_known or known_lie
            if comeback:
                table.leave(asker, ELIMINATED)
            elif table.pile:
                table.phase = DRAW
                return
            self._end_turn(table)
            return
        table.take_out(target, value)
        table.events.append(HandedOver(target, asker, value))
        if comeback:
            table.events.append(CameBack(asker, value))
        if value == THIRTEEN:
            table.lay(asker, (THIRTEEN,))
        elif pair in hand:
            table.take_out(asker, pair)
            table.lay(asker, tuple(sorted((value, pair))))
        else:
            table.hands[asker] = _with(hand, value)
            table.singles[asker] = _with(table.singles[asker], value)
            table.events.append(SingleShown(asker, value))
            known_lie = True
        table.lie_known = table.lie_known or known_lie
        if not table.hands[asker]:
            table.leave(asker, OUT)
            self._end_turn(table)
        elif not table.others_hold_cards(asker):
            self._end_turn(table)

    def _end_turn(self, table: _Table) -> None:
        table.quiet = 0 if table.moved else table.quiet + 1
        self._next_turn(table)

    def _next_turn(self, table: _Table) -> None:
        """Start turns until a seat has a choice to make or the game ends.

        Turns that need no choice (going out on the waiting pairs, a come-back
        with no one to ask, a turn with no one to ask) play themselves here.
        """
        while True:
            playing = table.in_play()
            if (len(playing) < 2 or (table.quiet >= len(playing) and not table.pile)
                    or (not table.pile and not any(table.hands))):
                self._game_over(table)
                return
            seat = next(s for s in _clockwise(table.state.players, table.current) if table.status[s] == IN)
            position = (seat, tuple(table.hands), tuple(table.singles))
            if position not in table.positions:
                table.positions.append(position)
            elif not must_draw(table.quiet, table.status, len(table.pile)):
                # Cards went round and came back (come-back lies): a loop. A wholly quiet
                # round is not one while the pile lasts: the next miss must draw.
                self._game_over(table)
                return
            table.turn += 1
            table.current, table.phase = seat, ASK
            table.lie_used = table.lie_known = table.moved = False
            table.events.append(TurnStarted(seat, table.turn))
            drawn = table.slack[seat]
            if table.lay_from_hand(seat) and drawn:
                table.absent[seat] = tuple(sorted(set(table.absent[seat]) | set(table.stash[seat])))
            table.slack[seat], table.stash[seat] = 0, ()
            if not table.hands[seat] and table.moved:
                table.leave(seat, OUT)
            elif not table.others_hold_cards(seat):
                if not table.hands[seat]:
                    table.leave(seat, ELIMINATED)
            else:
                return
            table.quiet = 0 if table.moved else table.quiet + 1

    def _game_over(self, table: _Table) -> None:
        table.phase = OVER
        state = table.freeze()
        table.events.append(GameOver(self.scores(state), state.leaving, self.winners(state)))

    def parse_move(self, text: str) -> ThirteenMove:
        if text == "draw":
            return DRAW_MOVE
        if text == "pass":
            return PASS_MOVE
        found = re.fullmatch(r"a(0|[1-9][0-9]{0,2}):(.+)", text)  # a seat of at most three ASCII digits
        if found:
            value = parse_card(found.group(2))
            if value is not None:
                return Ask(int(found.group(1)), value)
        raise MoveParseError(f"{quoted(text)} is not a Thirteen move (write a2:8 to ask seat 2 for an 8, a1:6.5 for "
                             f"a 6½, draw or pass)")

    # ----- information -------------------------------------------------
    def view(self, state: ThirteenState, seat: int | None) -> ThirteenView:
        hand = () if seat is None else state.hands[seat]
        return ThirteenView(
            seat=seat, players=state.players, dealer=state.dealer, turn=state.turn, current=state.current,
            phase=state.phase, hand=hand, waiting=tuple(groups_in(hand)),
            lie_used=state.lie_used if seat == state.current and state.phase != OVER else None,
            lie_known=state.lie_known, moved=state.moved, quiet=state.quiet,
            hand_sizes=tuple(len(h) for h in state.hands), pile_size=len(state.pile), aside=state.aside,
            laid=state.laid, points=self.scores(state), singles=state.singles, status=state.status,
            left_at=state.left_at, leaving=state.leaving, log=state.log, finished=state.finished,
            absent=state.absent, present=state.present, slack=state.slack, stash=state.stash,
        )

    def deck(self, players: int, options: Mapping[str, Any]) -> tuple[Card, ...]:
        return deck_for(players)

    seat_fields = Game.seat_fields | {"asker", "target", "giver", "taker", "leaving"}
    card_fields = frozenset({"cards", "value", "group"})

    def check_view(self, view: ThirteenView, players: int, options: Mapping[str, Any]) -> None:
        deck = deck_for(players)
        check, values = ViewCheck(view, players, deck), ViewCheck(view, players, VALUES)
        seat = check.seat("seat", none=True)
        check.equal("players", players), check.seat("dealer"), check.seat("current")
        turn = check.number("turn", 1, NUMBER_BOUND)
        check.one_of("phase", (ASK, DRAW, OVER)), check.number("quiet", 0, NUMBER_BOUND)
        sizes = check.per_seat("hand_sizes", 0, len(deck))
        check.cards("hand", most=len(deck))
        if seat is not None and len(view.hand) != sizes[seat]:
            raise check.fail("hand", "is not as large as hand_sizes says")
        for field, pool in (("singles", deck), ("absent", VALUES), ("present", VALUES), ("stash", VALUES)):
            check.length(field, getattr(view, field), players)  # per seat: cards of its own, values once each
            for group in getattr(view, field):
                ViewCheck(view, players, pool).cards(field, most=len(pool), values=group)
        check.groups("waiting", most=len(deck), each=2, counted=False)
        if view.waiting != tuple(groups_in(view.hand)):
            raise check.fail("waiting", "are not the groups the hand holds")
        check.number("pile_size", 0, len(deck)), check.cards("aside", most=len(deck))
        check.length("laid", view.laid, players)
        for groups in view.laid:
            check.groups("laid", most=len(deck), each=2, values=groups)
        check.per_seat("points", 0, NUMBER_BOUND), check.per_seat("slack", 0, 1)
        check.length("status", view.status, players)
        if any(status not in (IN, OUT, ELIMINATED) for status in view.status):
            raise check.fail("status", "holds a status no seat can have")
        check.length("left_at", view.left_at, players)
        if any(left is not None and not 0 <= left <= turn for left in view.left_at):
            raise check.fail("left_at", "names a turn not yet played")
        check.seats("leaving"), values.cards("finished", most=len(KINDS))
        check.most("log", view.log, NUMBER_BOUND)
        for entry_turn, asker, target, value, _ in view.log:
            if not 0 <= entry_turn <= turn or not check.is_seat(asker) or not check.is_seat(target):
                raise check.fail("log", f"holds an ask no turn of seats 1 to {players} made")
            check.card("log", value, counted=False)
        check.room("hand_sizes", sum(sizes) - len(view.hand) + view.pile_size)

    def determinize(self, view: ThirteenView, source: random.Random) -> ThirteenState:
        """Deal the unseen cards so that every public fact holds.

        Each other seat's hand is its face-up singles plus face-down cards
        that avoid its ``absent`` values, include its ``present`` values and
        make no more groups than its ``slack`` allows. Cards are drawn at
        random weighted by how many remain (nearly uniform); after repeated
        dead ends a complete search finds a deal, which always exists since
        the real one does. The rest, shuffled, is the pile. When another
        seat is asking, its lie is spent exactly when the table knows it: a
        lie that hits always shows (it wins a single or a 13), and a miss
        ends the asking.
        """
        unseen = unseen_counts(view)
        others = [s for s in range(view.players) if s != view.seat and view.hand_sizes[s]]
        hidden = _deal_hidden(view, others, +unseen, source)
        hands = [view.hand if s == view.seat else () for s in range(view.players)]
        for seat in others:
            hands[seat] = tuple(sorted(view.singles[seat] + hidden[seat]))
        for seat in others:
            unseen.subtract(hidden[seat])
        pile = tuple(shuffle_with(source, sorted(unseen.elements())))
        if len(pile) != view.pile_size:
            raise ValueError("the view's card counts do not add up to the deck")
        lie_used = view.lie_used if view.lie_used is not None else view.lie_known
        return ThirteenState(
            players=view.players, rng=Rng(source.getrandbits(48)), dealer=view.dealer, turn=view.turn,
            current=view.current, phase=view.phase, lie_used=lie_used, lie_known=view.lie_known,
            moved=view.moved, quiet=view.quiet, hands=tuple(hands), pile=pile, aside=view.aside, laid=view.laid,
            singles=view.singles, status=view.status, left_at=view.left_at, leaving=view.leaving, log=view.log,
            finished=view.finished, absent=view.absent, present=view.present, slack=view.slack, stash=view.stash,
        )

    def scores(self, state: ThirteenState) -> tuple[int, ...]:
        return tuple(sum(group_points(g) for g in groups) for groups in state.laid)

    def is_over(self, state: ThirteenState) -> bool:
        return state.phase == OVER

    def winners(self, state: ThirteenState) -> tuple[int, ...]:
        """Most points; then whoever stayed in play longer; then a shared win."""
        if state.phase != OVER:
            return ()
        points = self.scores(state)
        stayed = [(points[s], float("inf") if state.left_at[s] is None else state.left_at[s])
                  for s in range(state.players)]
        best = max(stayed)
        return tuple(s for s in range(state.players) if stayed[s] == best)


def _clockwise(players: int, after: int) -> list[int]:
    """Every seat, starting left of ``after`` and ending with it."""
    return [(after + i) % players for i in range(1, players + 1)]



def _read_card(raw: Any, where: str) -> Card:
    if isinstance(raw, str):
        value = parse_card(raw.strip())
    elif raw == HALF and not isinstance(raw, bool):
        value = HALF
    elif (type(raw) is int or (type(raw) is float and raw.is_integer())) and 1 <= raw <= 13:
        value = int(raw)
    else:
        value = None
    if value is None:
        raise SetupError(f"setup {where}: {raw!r} is not a card (cards are 1 to 13 and 6.5 or \"6½\")")
    return value


def _read_setup(players: int, setup: Mapping[str, Any]) -> tuple[int, tuple[tuple[Card, ...], ...],
                                                                  tuple[Card, ...], tuple[Card, ...]]:
    """Check an explicit deal: ``{"dealer": n, "hands": [[...]...], "pile": [...top first]}``.

    Cards of the deck named nowhere are set aside, out of the game.
    """
    if not isinstance(setup, Mapping) or set(setup) != {"dealer", "hands", "pile"}:
        raise SetupError("a Thirteen setup has exactly the keys 'dealer', 'hands' and 'pile'")
    dealer = setup["dealer"]
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise SetupError(f"setup dealer must be a seat from 0 to {players - 1}")
    raw_hands = setup["hands"]
    if not isinstance(raw_hands, list) or len(raw_hands) != players:
        raise SetupError(f"setup hands must list {players} hands")
    for i, raw in enumerate(raw_hands + [setup["pile"]]):
        if not isinstance(raw, list):
            raise SetupError(f"setup {'pile' if i == players else f'hand {i}'} must be a list of cards")
    hands = tuple(tuple(sorted(_read_card(c, f"hand {i}") for c in raw)) for i, raw in enumerate(raw_hands))
    pile = tuple(_read_card(c, "pile") for c in setup["pile"])
    left = Counter(deck_for(players))
    left.subtract(c for hand in hands for c in hand)
    left.subtract(pile)
    over = [c for c, n in left.items() if n < 0]
    if over:
        decks = "two decks" if players >= 5 else "one deck"
        raise SetupError(f"setup uses more {card_text(min(over))}s than {decks} holds")
    return dealer, hands, pile, tuple(sorted(left.elements()))



GAME = Thirteen()
