"""Take 5 (6 nimmt!): the rules of ``docs/rules/take5.md``.

The simultaneous choice is a series of secret commitments: every seat that
has not chosen is "to move", and the cards are revealed together when the
last seat commits. A chosen card stays in its owner's hand until then.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, cast

from ..engine import evolve, Event, Game, Move, MoveParseError, Option, OptionError, Preset, Reason, Rng, SetupError
from ..engine.errors import quoted
from ..engine.rng import shuffle_with
from ..engine.viewcheck import NUMBER_BOUND, ViewCheck

DECK_SIZE = 104
HAND_SIZE = 10
ROWS = 4
ROW_LIMIT = 5  # the 6th card takes the row
STANDARD, PROFESSIONAL = "standard", "professional"
PROFESSIONAL_MAX_PLAYERS = 6
#: A card number: at most three ASCII digits, no leading zero.
_CARD = re.compile(r"[1-9][0-9]{0,2}")
#: The targets a set-up screen offers: steps of 11 bullheads around the usual 66.
OFFERED_TARGETS = tuple(range(22, 199, 11))


def bullheads(card: int) -> int:
    """Penalty points printed on a card.

    >>> [bullheads(c) for c in (55, 11, 10, 5, 1)]
    [7, 5, 3, 2, 1]
    """
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


BULLHEADS = tuple(bullheads(c) if c else 0 for c in range(DECK_SIZE + 1))


def parse_card(text: str) -> int | None:
    """The card written as ``text`` (``55``, as in the rules pages), or None if it is not one.

    >>> parse_card("104"), parse_card("105"), parse_card("07")
    (104, None, None)
    """
    return int(text) if _CARD.fullmatch(text) and int(text) <= DECK_SIZE else None


def deck_for(players: int, variant: str) -> range:
    """The cards in use: all 104, or 10 per player plus 4 when professional."""
    top = HAND_SIZE * players + ROWS if variant == PROFESSIONAL else DECK_SIZE
    return range(1, top + 1)


# ----- moves -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play(Move):
    """Commit a card from hand for this turn. Notation ``p45``."""

    card: int

    def text(self) -> str:
        return f"p{self.card}"


@dataclass(frozen=True, slots=True)
class TakeRow(Move):
    """Take a row with a card lower than every row end. ``row`` counts from 0; notation ``r1``..``r4``."""

    row: int

    def text(self) -> str:
        return f"r{self.row + 1}"


@dataclass(frozen=True, slots=True)
class Draft(Move):
    """Professional variant: take an open card into hand. Notation ``d45``."""

    card: int

    def text(self) -> str:
        return f"d{self.card}"


#: Every kind of Take 5 move.
Take5Move = Play | TakeRow | Draft

_PLAY = tuple(Play(c) for c in range(DECK_SIZE + 1))
_DRAFT = tuple(Draft(c) for c in range(DECK_SIZE + 1))
_TAKE = tuple(TakeRow(r) for r in range(ROWS))
#: Move notation: a kind letter and a number of at most three ASCII digits, no leading zero.
_NOTATION = re.compile(r"([pdr])([1-9][0-9]{0,2})")


# ----- events (public) ---------------------------------------------------
@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    round: int
    rows: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DraftOpened(Event):
    round: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Drafted(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Committed(Event):
    """A seat has chosen its card, face down."""

    seat: int


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """All chosen cards turned up, as (seat, card) lowest first."""

    cards: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class LowCard(Event):
    """``card`` is lower than every row end: its player must take a row."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class RowTaken(Event):
    """``seat`` took ``cards`` from ``row`` into its penalty pile."""

    seat: int
    row: int
    cards: tuple[int, ...]
    bullheads: int


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    seat: int
    card: int
    row: int


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    round: int
    penalties: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    totals: tuple[int, ...]
    winners: tuple[int, ...]


#: Every event the rules tell, for the registry (what a table may animate and the network may send).
EVENTS: tuple[type[Event], ...] = (
    RoundDealt, DraftOpened, Drafted, Committed, Revealed, LowCard, RowTaken, CardPlaced, RoundScored,
    GameOver,
)


# ----- state and view ----------------------------------------------------
@dataclass(frozen=True, slots=True)
class Take5State:
    players: int
    target: int
    variant: str
    rng: Rng
    round: int
    turn: int
    phase: str  # "draft", "choose", "row" or "over"
    hands: tuple[tuple[int, ...], ...]  # sorted
    rows: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]  # cards not used this round (never seen)
    pool: tuple[int, ...]  # professional: the open cards still to draft
    drafter: int
    chosen: tuple[int | None, ...]  # secret commitments of this turn
    placing: tuple[tuple[int, int], ...]  # revealed (seat, card) still to place, lowest first
    piles: tuple[tuple[int, ...], ...]  # penalty cards taken this round
    banked: tuple[int, ...]  # totals of the finished rounds
    history: tuple[tuple[int, ...], ...]  # penalties of each finished round
    reveals: tuple[tuple[tuple[int, int], ...], ...]  # this round's revealed turns, (seat, card) lowest first


@dataclass(frozen=True, slots=True)
class Take5View:
    """What one seat may see (``docs/rules/take5.md``, last section)."""

    seat: int | None  # None: a spectator's view
    players: int
    target: int
    variant: str
    round: int
    turn: int
    phase: str
    hand: tuple[int, ...]
    chosen: int | None  # this seat's own commitment
    committed: tuple[bool, ...]  # who has chosen (not what)
    hand_sizes: tuple[int, ...]
    open_hands: tuple[tuple[int, ...], ...] | None  # professional: every hand is known
    pool: tuple[int, ...]
    drafter: int
    rows: tuple[tuple[int, ...], ...]
    placing: tuple[tuple[int, int], ...]
    piles: tuple[tuple[int, ...], ...]
    banked: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    reveals: tuple[tuple[tuple[int, int], ...], ...]  # who played what in this round's earlier turns
    deck: int  # how many cards are in use


def penalty_points(cards: Iterable[int]) -> int:
    """Bullheads of a group of cards: a row, a penalty pile."""
    return sum(BULLHEADS[c] for c in cards)


def _totals(banked: tuple[int, ...], piles: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(b + penalty_points(p) for b, p in zip(banked, piles))


def penalty_totals(view: Take5View) -> tuple[int, ...]:
    """Each seat's penalty so far: the finished rounds plus this round's pile."""
    return _totals(view.banked, view.piles)


def low_card(view: Take5View) -> tuple[int, int] | None:
    """The (seat, card) lower than every row end whose player must take a row now, if any."""
    return view.placing[0] if view.phase == "row" else None


class Take5(Game[Take5State, Take5View, Take5Move]):
    id = "take5"
    name = "Take 5"
    min_players = 2
    max_players = 10
    lower_score_wins = True
    reason_codes = Game.reason_codes + ("no_such_seat", "already_chosen", "not_in_hand", "no_such_row",
                                        "professional_players")
    options = (
        Option("target", 66, "the game ends when a player's penalty total reaches this", minimum=1, maximum=1000,
               offered=lambda players: OFFERED_TARGETS),
        Option("variant", STANDARD, "standard, or professional with an open draft (2 to 6 players)",
               choices=(STANDARD, PROFESSIONAL),
               offered=lambda players: (STANDARD, PROFESSIONAL) if players <= PROFESSIONAL_MAX_PLAYERS
               else (STANDARD,)),
    )
    presets = (
        Preset("short", {"target": 33, "variant": STANDARD}),
        Preset("standard", {"target": 66, "variant": STANDARD}),
        Preset("long", {"target": 99, "variant": STANDARD}),
        Preset("professional", {"target": 66, "variant": PROFESSIONAL}),
    )

    # ----- set-up ------------------------------------------------------
    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        """The seed plays the open draft with two to six players only."""
        if options["variant"] == PROFESSIONAL and players > PROFESSIONAL_MAX_PLAYERS:
            raise OptionError(f"the professional variant is for 2 to {PROFESSIONAL_MAX_PLAYERS} players, "
                              f"not {players}", Reason("professional_players",
                                                       {"maximum": PROFESSIONAL_MAX_PLAYERS, "count": players,
                                                        "option": "variant"}))

    def _new_game(self, players: int, options: dict[str, Any], seed: int,
                  setup: Mapping[str, Any] | None) -> tuple[Take5State, tuple[Event, ...]]:
        state = Take5State(
            players=players, target=options["target"], variant=options["variant"], rng=Rng(seed),
            round=0, turn=0, phase="choose", hands=(), rows=(), stock=(), pool=(), drafter=0,
            chosen=(None,) * players, placing=(), piles=((),) * players, banked=(0,) * players, history=(),
            reveals=(),
        )
        if setup is None:
            state, events = self._deal(state, [])
            return state, tuple(events)
        hands, rows = self._read_setup(players, options["variant"], setup)
        used = {c for group in hands + rows for c in group}
        stock = tuple(c for c in deck_for(players, options["variant"]) if c not in used)
        state = evolve(state, round=1, turn=1, hands=hands, rows=rows, stock=stock)
        return state, (RoundDealt(1, rows, tuple(len(h) for h in hands)),)

    @staticmethod
    def _read_setup(players: int, variant: str, setup: Mapping[str, Any]) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Check an explicit first deal: ``{"hands": [[...]...], "rows": [[...]x4]}``."""
        if set(setup) != {"hands", "rows"}:
            raise SetupError("a Take 5 setup has exactly the keys 'hands' and 'rows'")
        deck = deck_for(players, variant)

        def cards(group: Any, what: str) -> tuple[int, ...]:
            if not isinstance(group, list) or not all(
                isinstance(c, int) and not isinstance(c, bool) and c in deck for c in group
            ):
                raise SetupError(f"setup {what} must be a list of cards from 1 to {deck[-1]}")
            return tuple(group)

        if not isinstance(setup["hands"], list) or len(setup["hands"]) != players:
            raise SetupError(f"setup hands must list {players} hands")
        hands = tuple(tuple(sorted(cards(h, f"hand {i}"))) for i, h in enumerate(setup["hands"]))
        if len({len(h) for h in hands}) != 1 or not 1 <= len(hands[0]) <= HAND_SIZE:
            raise SetupError(f"setup hands must all hold the same number of cards, 1 to {HAND_SIZE}")
        if not isinstance(setup["rows"], list) or len(setup["rows"]) != ROWS:
            raise SetupError(f"setup rows must list {ROWS} rows")
        rows = tuple(cards(r, f"row {i + 1}") for i, r in enumerate(setup["rows"]))
        for i, row in enumerate(rows):
            if not 1 <= len(row) <= ROW_LIMIT or list(row) != sorted(row):
                raise SetupError(f"setup row {i + 1} must hold 1 to {ROW_LIMIT} cards in rising order")
        every = [c for group in hands + rows for c in group]
        if len(every) != len(set(every)):
            raise SetupError("setup uses a card twice")
        return hands, rows

    def _deal(self, state: Take5State, events: list[Event]) -> tuple[Take5State, list[Event]]:
        """Start the next round: shuffle and deal, or lay out the open draft."""
        deck = deck_for(state.players, state.variant)
        n = state.players
        rnd = state.round + 1
        common = dict(round=rnd, turn=1, chosen=(None,) * n, placing=(), piles=((),) * n, reveals=())
        if state.variant == PROFESSIONAL:
            events.append(DraftOpened(rnd, tuple(deck)))
            return evolve(state, phase="draft", hands=((),) * n, rows=(), stock=(), pool=tuple(deck),
                           drafter=0, **common), events
        cards, rng = state.rng.shuffled(deck)
        hands = tuple(tuple(sorted(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE])) for i in range(n))
        dealt = n * HAND_SIZE
        rows = tuple((c,) for c in cards[dealt:dealt + ROWS])
        state = evolve(state, rng=rng, phase="choose", hands=hands, rows=rows, stock=cards[dealt + ROWS:],
                        pool=(), **common)
        events.append(RoundDealt(rnd, rows, (HAND_SIZE,) * n))
        return state, events

    # ----- play --------------------------------------------------------
    def players(self, state: Take5State) -> int:
        return state.players

    def stage(self, state: Take5State) -> tuple[str, int]:
        return "round", max(1, state.round)

    def to_move(self, state: Take5State) -> tuple[int, ...]:
        if state.phase == "choose":
            return tuple(s for s, c in enumerate(state.chosen) if c is None)
        if state.phase == "row":
            return (state.placing[0][0],)
        if state.phase == "draft":
            return (state.drafter,)
        return ()

    def legal_moves(self, state: Take5State, seat: int) -> tuple[Take5Move, ...]:
        if state.phase == "choose":
            if state.chosen[seat] is not None:
                return ()
            return tuple(_PLAY[c] for c in state.hands[seat])
        if state.phase == "row":
            return _TAKE if seat == state.placing[0][0] else ()
        if state.phase == "draft":
            return tuple(_DRAFT[c] for c in state.pool) if seat == state.drafter else ()
        return ()

    def is_legal(self, state: Take5State, seat: int, move: Take5Move) -> bool:
        if state.phase == "choose" and type(move) is Play:
            return 0 <= seat < state.players and state.chosen[seat] is None and move.card in state.hands[seat]
        return super().is_legal(state, seat, move)

    def why_illegal(self, state: Take5State, seat: int, move: Take5Move) -> Reason:
        if state.phase == "choose" and isinstance(move, Play) and not self.is_over(state):
            if not 0 <= seat < state.players:
                return Reason("no_such_seat", {"seat": seat}, f"there is no seat {seat}")
            if state.chosen[seat] is not None:
                return Reason("already_chosen", {}, "this seat has already chosen its card for this turn")
            if move.card not in state.hands[seat]:
                return Reason("not_in_hand", {"card": str(move.card)}, f"the card {move.card} is not in this hand")
        if state.phase == "row" and isinstance(move, TakeRow) and seat == state.placing[0][0]:
            return Reason("no_such_row", {"row": move.row + 1}, f"there is no row {move.row + 1}")
        return super().why_illegal(state, seat, move)

    def _apply(self, state: Take5State, seat: int, move: Take5Move) -> tuple[Take5State, tuple[Event, ...]]:
        events: list[Event] = []
        if isinstance(move, Play):
            chosen = state.chosen[:seat] + (move.card,) + state.chosen[seat + 1:]
            events.append(Committed(seat))
            if None in chosen:
                return evolve(state, chosen=chosen), tuple(events)
            state = self._reveal(state, cast("tuple[int, ...]", chosen), events)  # no None: every seat has chosen
        elif isinstance(move, TakeRow):
            state = self._take_row(state, move.row, events)
        else:
            assert isinstance(move, Draft)
            state = self._draft(state, seat, move.card, events)
        return state, tuple(events)

    def _draft(self, state: Take5State, seat: int, card: int, events: list[Event]) -> Take5State:
        hands = list(state.hands)
        hands[seat] = tuple(sorted(hands[seat] + (card,)))
        pool = tuple(c for c in state.pool if c != card)
        events.append(Drafted(seat, card))
        if len(pool) > ROWS:
            return evolve(state, hands=tuple(hands), pool=pool, drafter=(seat + 1) % state.players)
        rows = tuple((c,) for c in sorted(pool))
        events.append(RoundDealt(state.round, rows, tuple(len(h) for h in hands)))
        return evolve(state, hands=tuple(hands), pool=(), rows=rows, phase="choose")

    def _reveal(self, state: Take5State, chosen: tuple[int, ...], events: list[Event]) -> Take5State:
        placing = tuple(sorted(enumerate(chosen), key=lambda seat_card: seat_card[1]))
        hands = tuple(tuple(c for c in hand if c != chosen[s]) for s, hand in enumerate(state.hands))
        events.append(Revealed(placing))
        state = evolve(state, reveals=state.reveals + (placing,))
        return self._place(state, events, placing, hands, list(state.rows), list(state.piles))

    def _take_row(self, state: Take5State, row: int, events: list[Event]) -> Take5State:
        """The low card's player takes ``row``; the card then starts it, and placing goes on."""
        seat, card = state.placing[0]
        rows, piles = list(state.rows), list(state.piles)
        taken = rows[row]
        piles[seat] = piles[seat] + taken
        rows[row] = (card,)
        events.append(RowTaken(seat, row, taken, penalty_points(taken)))
        events.append(CardPlaced(seat, card, row))
        return self._place(state, events, state.placing[1:], state.hands, rows, piles)

    def _place(self, state: Take5State, events: list[Event], placing: tuple[tuple[int, int], ...],
               hands: tuple[tuple[int, ...], ...], rows: list[tuple[int, ...]],
               piles: list[tuple[int, ...]]) -> Take5State:
        """Place revealed cards lowest first until done or a row must be chosen."""
        while placing:
            seat, card = placing[0]
            best = -1
            for r, row in enumerate(rows):
                if row[-1] < card and (best < 0 or row[-1] > rows[best][-1]):
                    best = r
            if best < 0:
                events.append(LowCard(seat, card))
                return evolve(state, hands=hands, rows=tuple(rows), piles=tuple(piles), placing=placing,
                              phase="row", chosen=(None,) * state.players)
            if len(rows[best]) == ROW_LIMIT:
                taken = rows[best]
                piles[seat] = piles[seat] + taken
                events.append(RowTaken(seat, best, taken, penalty_points(taken)))
                rows[best] = (card,)
            else:
                rows[best] = rows[best] + (card,)
            events.append(CardPlaced(seat, card, best))
            placing = placing[1:]
        state = evolve(state, hands=hands, rows=tuple(rows), piles=tuple(piles), placing=(), phase="choose",
                       chosen=(None,) * state.players, turn=state.turn + 1)
        if hands[0]:
            return state
        return self._end_round(state, events)

    def _end_round(self, state: Take5State, events: list[Event]) -> Take5State:
        penalties = tuple(penalty_points(p) for p in state.piles)
        banked = tuple(b + p for b, p in zip(state.banked, penalties))
        events.append(RoundScored(state.round, penalties, banked))
        state = evolve(state, banked=banked, history=state.history + (penalties,), piles=((),) * state.players,
                        rows=(), stock=())
        if max(banked) >= state.target:
            state = evolve(state, phase="over")
            events.append(GameOver(banked, self.winners(state)))
            return state
        return self._deal(state, events)[0]

    def parse_move(self, text: str) -> Take5Move:
        found = _NOTATION.fullmatch(text)
        if found:
            kind, value = found[1], int(found[2])
            if kind == "r" and value <= ROWS:
                return _TAKE[value - 1]
            if kind != "r" and value <= DECK_SIZE:
                return (_PLAY if kind == "p" else _DRAFT)[value]
        raise MoveParseError(f"{quoted(text)} is not a Take 5 move (write p45 to play 45, r2 to take row 2, "
                             "d45 to draft 45)")

    def move_audience(self, state: Take5State, seat: int, move: Move) -> tuple[int, ...] | None:
        """A card played is chosen face down: the others see it when all are revealed."""
        return (seat,) if isinstance(move, Play) else None

    # ----- information -------------------------------------------------
    def view(self, state: Take5State, seat: int | None) -> Take5View:
        return Take5View(
            seat=seat, players=state.players, target=state.target, variant=state.variant, round=state.round,
            turn=state.turn, phase=state.phase, hand=() if seat is None else state.hands[seat],
            chosen=None if seat is None else state.chosen[seat],
            committed=tuple(c is not None for c in state.chosen), hand_sizes=tuple(len(h) for h in state.hands),
            open_hands=state.hands if state.variant == PROFESSIONAL else None, pool=state.pool,
            drafter=state.drafter, rows=state.rows, placing=state.placing, piles=state.piles,
            banked=state.banked, history=state.history, reveals=state.reveals,
            deck=len(deck_for(state.players, state.variant)),
        )

    def deck(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        return tuple(deck_for(players, options["variant"]))

    fixed_view_fields = ("seat", "players", "target", "variant", "deck")

    def check_view(self, view: Take5View, players: int, options: Mapping[str, Any]) -> None:
        deck = self.deck(players, options)
        check = ViewCheck(view, players, deck)
        seat = check.seat("seat", none=True)
        check.equal("players", players), check.equal("target", options["target"])
        check.equal("variant", options["variant"]), check.equal("deck", len(deck))
        check.number("turn", 0, HAND_SIZE + 1), check.one_of("phase", ("draft", "choose", "row", "over"))
        rounds = check.number("round", 1, NUMBER_BOUND) - (view.phase != "over")  # finished rounds
        check.table("history", rows=rounds, width=players, low=0, high=NUMBER_BOUND)
        check.length("committed", view.committed, players)
        sizes = check.per_seat("hand_sizes", 0, HAND_SIZE)
        if view.open_hands is None:
            check.cards("hand", most=HAND_SIZE)
        else:
            check.groups("open_hands", most=players, each=HAND_SIZE)
            if tuple(map(len, view.open_hands)) != sizes:
                raise check.fail("open_hands", "do not hold as many cards as hand_sizes says")
            check.cards("hand", most=HAND_SIZE, counted=False)
        own = seat is not None and (sizes[seat], view.open_hands[seat] if view.open_hands else view.hand)
        if own and own != (len(view.hand), view.hand):
            raise check.fail("hand", "is not as large as hand_sizes says")
        if view.chosen is not None and view.chosen not in view.hand:
            raise check.fail("chosen", f"{view.chosen} is not a card of the hand")
        check.cards("pool", most=len(deck)), check.seat("drafter")
        check.groups("rows", most=ROWS, each=ROW_LIMIT), check.length("rows", view.rows, ROWS if view.rows else 0)
        check.seat_cards("placing", most=players)
        check.groups("piles", most=players, each=len(deck)), check.length("piles", view.piles, players)
        check.per_seat("banked", 0, NUMBER_BOUND)
        check.most("reveals", view.reveals, HAND_SIZE)
        for turn in view.reveals:
            check.seat_cards("reveals", most=players, counted=False, values=turn)
        check.room("hand_sizes", 0 if view.open_hands else sum(sizes) - len(view.hand))

    def determinize(self, view: Take5View, source: random.Random) -> Take5State:
        """Deal the unseen cards at random among the other hands and the stock."""
        seen = set(view.hand).union(*view.rows, *view.piles, (c for _, c in view.placing), view.pool)
        if view.open_hands is not None:
            hands = view.open_hands
            seen.update(*hands)
        unseen = [c for c in deck_for(view.players, view.variant) if c not in seen]
        unseen = shuffle_with(source, unseen)
        if view.open_hands is None:
            hands_list = []
            for s, size in enumerate(view.hand_sizes):
                if s == view.seat:
                    hands_list.append(view.hand)
                else:
                    hands_list.append(tuple(sorted(unseen[:size])))
                    unseen = unseen[size:]
            hands = tuple(hands_list)
        chosen = tuple(
            view.chosen if s == view.seat else (source.choice(hands[s]) if view.committed[s] else None)
            for s in range(view.players)
        )
        return Take5State(
            players=view.players, target=view.target, variant=view.variant,
            rng=Rng(source.getrandbits(48)), round=view.round, turn=view.turn, phase=view.phase, hands=hands,
            rows=view.rows, stock=tuple(sorted(unseen)), pool=view.pool, drafter=view.drafter, chosen=chosen,
            placing=view.placing, piles=view.piles, banked=view.banked, history=view.history,
            reveals=view.reveals,
        )

    def scores(self, state: Take5State) -> tuple[int, ...]:
        """Penalty points so far: finished rounds plus this round's pile."""
        return _totals(state.banked, state.piles)

    def is_over(self, state: Take5State) -> bool:
        return state.phase == "over"


GAME = Take5()


def first_deal_over(state: Take5State) -> bool:
    """Whether the game's first deal (round) is over: the arena's end of a single deal."""
    return state.round > 1 or state.phase == "over"


def deals_played(state: Take5State) -> int:
    """Deals (rounds) finished so far."""
    return len(state.history)
