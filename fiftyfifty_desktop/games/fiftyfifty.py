"""Fifty Fifty (Reiner Knizia): the rules of ``docs/rules/fiftyfifty.md``.

Each trick the leader's mood card is already face up when the leader
chooses: turning it is part of starting a trick, done inside ``apply`` (or
the deal), so the only move is playing a card. Seats follow clockwise, which
here means the next seat number.

Decisions where the rules leave a choice:

* The first dealer is drawn from the game's seeded chance (an explicit setup
  names it); the dealer then moves one seat on for every hand.
* Scores are negative totals, one point per half held at the end of a hand,
  so the highest score wins. ``scores`` counts finished hands only: halves
  still in play may yet cancel.
* A balanced hand strikes the most negative earlier hand not yet struck (the
  earliest of equal ones); with no such hand nothing is struck.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..engine import evolve, Event, Game, Move, MoveParseError, Option, OptionError, Preset, Reason, Rng, SetupError
from ..engine.errors import quoted
from ..engine.rng import shuffle_with
from ..engine.viewcheck import NUMBER_BOUND, ViewCheck

CARDS = range(1, 51)
HAND_SIZE = 9
MOOD_CARDS = 10
MOOD_MIN, MOOD_MAX = 1, 7
BLUE, YELLOW = "blue", "yellow"

Mood = tuple[int, int]  # (blue halves to the highest card, yellow halves to the lowest)

#: The default mood deck of the rules file; ``config/fiftyfifty/mood_deck.yaml`` ships the same cards.
DEFAULT_MOOD_DECK: tuple[Mood, ...] = (
    (1, 3), (2, 5), (3, 1), (3, 6), (4, 2), (4, 4), (5, 2), (5, 7), (6, 3), (7, 5),
)


def parse_card(text: str) -> int | None:
    """The card written as ``text`` (``23``, as in the rules pages), or None if it is not one.

    >>> parse_card("50"), parse_card("51"), parse_card("07")
    (50, None, None)
    """
    return int(text) if re.fullmatch(r"[1-9][0-9]?", text) and int(text) in CARDS else None


def _is_mood_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and MOOD_MIN <= value <= MOOD_MAX


def mood_deck_value(value: Any) -> tuple[Mood, ...]:
    """The ``deck`` option from a record or a loaded file: 10 (blue, yellow) pairs of 1..7.

    >>> mood_deck_value([[1, 3]] * 10)[0]
    (1, 3)
    """
    if not isinstance(value, (list, tuple)):
        raise OptionError(f"option deck: expected a list of {MOOD_CARDS} mood cards [blue, yellow], got {value!r}")
    if len(value) != MOOD_CARDS:
        raise OptionError(f"option deck: expected a list of {MOOD_CARDS} mood cards [blue, yellow], got {len(value)}")
    deck = []
    for index, card in enumerate(value):
        if not isinstance(card, (list, tuple)) or len(card) != 2 or not all(_is_mood_number(n) for n in card):
            raise OptionError(f"option deck: card {index + 1} must be [blue, yellow] with whole numbers "
                              f"from {MOOD_MIN} to {MOOD_MAX}, not {card!r}")
        deck.append((card[0], card[1]))
    return tuple(deck)


# ----- moves -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play a card from hand to the trick. Notation ``p23``."""

    card: int

    def text(self) -> str:
        return f"p{self.card}"


_PLAY = tuple(Play(c) for c in range(CARDS[-1] + 1))
#: Move notation: ``p`` and a card number of at most two ASCII digits, no leading zero.
_NOTATION = re.compile(r"p([1-9][0-9]?)")


# ----- events (public) ---------------------------------------------------
@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    hand: int  # 1-based
    dealer: int
    hand_sizes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MoodTurned(Event):
    """``leader`` turned up the mood card of trick ``trick`` and now leads it."""

    hand: int
    trick: int
    leader: int
    blue: int
    yellow: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class HalvesTaken(Event):
    seat: int
    colour: str  # "blue" for the highest card, "yellow" for the lowest
    count: int


@dataclass(frozen=True, slots=True)
class HalvesCancelled(Event):
    """``count`` blue and ``count`` yellow halves of ``seat`` went back to the supply."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """``seat`` played the highest card, ``card``, and leads the next trick."""

    trick: int
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    hand: int
    results: tuple[int, ...]  # minus one per half held, per seat


@dataclass(frozen=True, slots=True)
class HandStruck(Event):
    """``seat`` ended a hand balanced and struck its earlier hand ``hand`` (worth ``result``)."""

    seat: int
    hand: int
    result: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    totals: tuple[int, ...]
    winners: tuple[int, ...]


#: Every event the rules tell, for the registry (what a table may animate and the network may send).
EVENTS: tuple[type[Event], ...] = (
    HandDealt, MoodTurned, CardPlayed, HalvesTaken, HalvesCancelled, TrickWon, HandScored, HandStruck,
    GameOver,
)


# ----- state and view ----------------------------------------------------
@dataclass(frozen=True, slots=True)
class FiftyState:
    players: int
    deck: tuple[Mood, ...]  # the ten mood cards in use (the ``deck`` option)
    rng: Rng
    phase: str  # "play" or "over"
    hand_no: int  # 1..players
    dealer: int
    leader: int
    hands: tuple[tuple[int, ...], ...]  # sorted
    undealt: tuple[int, ...]  # set aside unseen
    moods: tuple[Mood, ...]  # the face-down mood deck, top first
    mood: Mood | None  # the mood card of the trick in play
    past_moods: tuple[Mood, ...]  # this hand's earlier mood cards
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    past_tricks: tuple[tuple[tuple[int, int], ...], ...]  # this hand's earlier tricks
    halves: tuple[tuple[int, int], ...]  # (blue, yellow) per seat; one of them is always 0
    results: tuple[tuple[int, ...], ...]  # per finished hand, per seat: minus the halves held
    struck: tuple[tuple[bool, ...], ...]  # per finished hand, per seat: struck by a balanced hand


@dataclass(frozen=True, slots=True)
class FiftyView:
    """What one seat may see (``docs/rules/fiftyfifty.md``, last section)."""

    seat: int | None  # None: a spectator's view
    players: int
    phase: str
    hand_no: int
    dealer: int
    leader: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    mood_cards: tuple[Mood, ...]  # the deck's cards, sorted: its order stays hidden
    moods_left: int  # mood cards still face down
    mood: Mood | None
    past_moods: tuple[Mood, ...]
    trick: tuple[tuple[int, int], ...]
    trick_no: int  # 1-based: the trick in play, or the last one played once the game is over
    past_tricks: tuple[tuple[tuple[int, int], ...], ...]
    halves: tuple[tuple[int, int], ...]
    results: tuple[tuple[int, ...], ...]
    struck: tuple[tuple[bool, ...], ...]
    totals: tuple[int, ...]


def highest_and_lowest(trick: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The (seat, card) of the highest and of the lowest card in ``trick`` (cards are all different).

    >>> highest_and_lowest(((0, 23), (1, 7), (2, 41)))
    ((2, 41), (1, 7))
    """
    return max(trick, key=lambda seat_card: seat_card[1]), min(trick, key=lambda seat_card: seat_card[1])


def struck_hands(results: tuple[tuple[int, ...], ...], struck: tuple[tuple[bool, ...], ...],
                 hand_result: tuple[int, ...]) -> list[tuple[int, int]]:
    """(seat, earlier hand index) for each seat that ends a hand scoring ``hand_result`` balanced
    and strikes its most negative earlier hand not yet struck (the earliest of equal ones)."""
    strikes = []
    for seat, result in enumerate(hand_result):
        earlier = [i for i, r in enumerate(results) if not result and r[seat] < 0 and not struck[i][seat]]
        if earlier:
            strikes.append((seat, min(earlier, key=lambda i: results[i][seat])))
    return strikes


def with_strikes(struck: tuple[tuple[bool, ...], ...], strikes: list[tuple[int, int]],
                 players: int) -> tuple[tuple[bool, ...], ...]:
    """The struck marks once ``strikes`` (``struck_hands``) are made, with a row for the hand just ended."""
    marks = [list(row) for row in struck]
    for seat, worst in strikes:
        marks[worst][seat] = True
    return tuple(tuple(row) for row in marks) + ((False,) * players,)


def totals(results: tuple[tuple[int, ...], ...], struck: tuple[tuple[bool, ...], ...],
           players: int) -> tuple[int, ...]:
    """Each seat's total of the finished hands' ``results``, struck hands counting 0."""
    return tuple(sum(r[s] for r, k in zip(results, struck) if not k[s]) for s in range(players))


def _without(deck: tuple[Mood, ...], removed: tuple[Mood, ...]) -> list[Mood]:
    """``deck`` less one copy of each card in ``removed``."""
    rest = list(deck)
    for card in removed:
        rest.remove(card)
    return rest


class FiftyFifty(Game[FiftyState, FiftyView, Play]):
    id = "fiftyfifty"
    name = "Fifty Fifty"
    min_players = 3
    max_players = 5
    reason_codes = Game.reason_codes + ("not_in_hand",)
    options = (
        Option("deck", DEFAULT_MOOD_DECK, "the 10 mood cards as (blue, yellow) pairs; on the command line a YAML file",
               convert=mood_deck_value, from_file="mood_deck"),
    )
    presets = (Preset("small", {}, players=3), Preset("full", {}, players=5))

    # ----- set-up ------------------------------------------------------
    def _new_game(self, players: int, options: dict[str, Any], seed: int,
                  setup: Mapping[str, Any] | None) -> tuple[FiftyState, tuple[Event, ...]]:
        deck = options["deck"]
        state = FiftyState(
            players=players, deck=deck, rng=Rng(seed), phase="play", hand_no=1, dealer=0, leader=0, hands=(),
            undealt=(), moods=(), mood=None, past_moods=(), trick=(), past_tricks=(),
            halves=((0, 0),) * players, results=(), struck=(),
        )
        events: list[Event] = []
        if setup is None:
            dealer, rng = state.rng.below(players)
            return self._deal(evolve(state, rng=rng), 1, dealer, events), tuple(events)
        hands, moods, dealer = self._read_setup(players, deck, setup)
        used = {c for hand in hands for c in hand}
        state = evolve(state, dealer=dealer, leader=(dealer + 1) % players, hands=hands,
                       undealt=tuple(c for c in CARDS if c not in used),
                       moods=moods + tuple(_without(deck, moods)))
        events.append(HandDealt(1, dealer, tuple(len(h) for h in hands)))
        return self._turn_mood(state, events), tuple(events)

    @staticmethod
    def _read_setup(players: int, deck: tuple[Mood, ...],
                    setup: Mapping[str, Any]) -> tuple[tuple[tuple[int, ...], ...], tuple[Mood, ...], int]:
        """Check an explicit first hand: ``{"hands": [[...]...], "moods": [[b, y]...], "dealer": n}``."""
        if set(setup) != {"hands", "moods", "dealer"}:
            raise SetupError("a Fifty Fifty setup has exactly the keys 'hands', 'moods' and 'dealer'")
        raw_hands = setup["hands"]
        if not isinstance(raw_hands, list) or len(raw_hands) != players:
            raise SetupError(f"setup hands must list {players} hands")
        for i, hand in enumerate(raw_hands):
            if not isinstance(hand, list) or not all(
                    isinstance(c, int) and not isinstance(c, bool) and c in CARDS for c in hand):
                raise SetupError(f"setup hand {i} must be a list of cards from 1 to {CARDS[-1]}")
        hands = tuple(tuple(sorted(h)) for h in raw_hands)
        if len({len(h) for h in hands}) != 1 or not 1 <= len(hands[0]) <= HAND_SIZE:
            raise SetupError(f"setup hands must all hold the same number of cards, 1 to {HAND_SIZE}")
        every = [c for hand in hands for c in hand]
        if len(every) != len(set(every)):
            raise SetupError("setup uses a card twice")
        raw_moods = setup["moods"]
        if not isinstance(raw_moods, list) or not all(
                isinstance(m, list) and len(m) == 2 and all(_is_mood_number(n) for n in m) for m in raw_moods):
            raise SetupError(f"setup moods must be a list of mood cards [blue, yellow] with numbers "
                             f"from {MOOD_MIN} to {MOOD_MAX}")
        moods = tuple((m[0], m[1]) for m in raw_moods)
        if len(moods) < len(hands[0]):
            raise SetupError(f"setup moods must hold at least one mood card per trick ({len(hands[0])})")
        try:
            _without(deck, moods)
        except ValueError:
            raise SetupError("setup moods must be cards of the mood deck, each used at most as often as it is in it") \
                from None
        dealer = setup["dealer"]
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise SetupError(f"setup dealer must be a seat from 0 to {players - 1}")
        return hands, moods, dealer

    def _deal(self, state: FiftyState, hand_no: int, dealer: int, events: list[Event]) -> FiftyState:
        """Shuffle both decks, deal 9 cards each; the dealer's left neighbour leads."""
        n = state.players
        cards, rng = state.rng.shuffled(CARDS)
        moods, rng = rng.shuffled(state.deck)
        hands = tuple(tuple(sorted(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE])) for i in range(n))
        state = evolve(state, rng=rng, hand_no=hand_no, dealer=dealer, leader=(dealer + 1) % n, hands=hands,
                       undealt=tuple(sorted(cards[n * HAND_SIZE:])), moods=moods, past_moods=(), past_tricks=(),
                       halves=((0, 0),) * n)
        events.append(HandDealt(hand_no, dealer, (HAND_SIZE,) * n))
        return self._turn_mood(state, events)

    @staticmethod
    def _turn_mood(state: FiftyState, events: list[Event]) -> FiftyState:
        """The leader turns up the top mood card before choosing a card."""
        mood = state.moods[0]
        events.append(MoodTurned(state.hand_no, len(state.past_tricks) + 1, state.leader, *mood))
        return evolve(state, mood=mood, moods=state.moods[1:])

    # ----- play --------------------------------------------------------
    def players(self, state: FiftyState) -> int:
        return state.players

    def stage(self, state: FiftyState) -> tuple[str, int]:
        return "hand", max(1, state.hand_no)

    def to_move(self, state: FiftyState) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        return ((state.leader + len(state.trick)) % state.players,)

    def legal_moves(self, state: FiftyState, seat: int) -> tuple[Play, ...]:
        if state.phase == "over" or seat != (state.leader + len(state.trick)) % state.players:
            return ()
        return tuple(_PLAY[c] for c in state.hands[seat])

    def is_legal(self, state: FiftyState, seat: int, move: Play) -> bool:
        return (type(move) is Play and state.phase != "over"
                and seat == (state.leader + len(state.trick)) % state.players and move.card in state.hands[seat])

    def why_illegal(self, state: FiftyState, seat: int, move: Play) -> Reason:
        if (isinstance(move, Play) and not self.is_over(state) and seat in self.to_move(state)
                and move.card not in state.hands[seat]):
            return Reason("not_in_hand", {"card": str(move.card)}, f"the card {move.card} is not in this hand")
        return super().why_illegal(state, seat, move)

    def _apply(self, state: FiftyState, seat: int, move: Play) -> tuple[FiftyState, tuple[Event, ...]]:
        assert isinstance(move, Play)
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != move.card)
        trick = state.trick + ((seat, move.card),)
        events: list[Event] = [CardPlayed(seat, move.card)]
        state = evolve(state, hands=tuple(hands), trick=trick)
        if len(trick) == state.players:
            state = self._finish_trick(state, events)
        return state, tuple(events)

    def _finish_trick(self, state: FiftyState, events: list[Event]) -> FiftyState:
        """Halves to the highest and lowest cards, cancelled at once; the highest leads next."""
        assert state.mood is not None
        (high_seat, high_card), (low_seat, _) = highest_and_lowest(state.trick)
        blue, yellow = state.mood
        halves = list(state.halves)
        for seat, colour, count in ((high_seat, BLUE, blue), (low_seat, YELLOW, yellow)):
            events.append(HalvesTaken(seat, colour, count))
            held_blue, held_yellow = halves[seat]
            if colour == BLUE:
                held_blue += count
            else:
                held_yellow += count
            cancelled = min(held_blue, held_yellow)
            if cancelled:
                events.append(HalvesCancelled(seat, cancelled))
            halves[seat] = (held_blue - cancelled, held_yellow - cancelled)
        trick_no = len(state.past_tricks) + 1
        events.append(TrickWon(trick_no, high_seat, high_card))
        state = evolve(state, halves=tuple(halves), leader=high_seat, trick=(), mood=None,
                       past_tricks=state.past_tricks + (state.trick,), past_moods=state.past_moods + (state.mood,))
        if state.hands[0]:
            return self._turn_mood(state, events)
        return self._end_hand(state, events)

    def _end_hand(self, state: FiftyState, events: list[Event]) -> FiftyState:
        """Score the hand, strike for balanced players, then deal again or end the game."""
        n = state.players
        hand_result = tuple(-(blue + yellow) for blue, yellow in state.halves)
        events.append(HandScored(state.hand_no, hand_result))
        strikes = struck_hands(state.results, state.struck, hand_result)
        events.extend(HandStruck(seat, worst + 1, state.results[worst][seat]) for seat, worst in strikes)
        state = evolve(state, results=state.results + (hand_result,), struck=with_strikes(state.struck, strikes, n))
        if state.hand_no == n:
            state = evolve(state, phase="over")
            events.append(GameOver(self.scores(state), self.winners(state)))
            return state
        return self._deal(state, state.hand_no + 1, (state.dealer + 1) % n, events)

    def parse_move(self, text: str) -> Play:
        found = _NOTATION.fullmatch(text)
        if found and int(found[1]) in CARDS:
            return _PLAY[int(found[1])]
        raise MoveParseError(f"{quoted(text)} is not a Fifty Fifty move (write p23 to play the card 23)")

    # ----- information -------------------------------------------------
    def view(self, state: FiftyState, seat: int | None) -> FiftyView:
        return FiftyView(
            seat=seat, players=state.players, phase=state.phase, hand_no=state.hand_no, dealer=state.dealer,
            leader=state.leader, hand=() if seat is None else state.hands[seat], hand_sizes=tuple(len(h) for h in state.hands),
            mood_cards=tuple(sorted(state.deck)), moods_left=len(state.moods), mood=state.mood,
            past_moods=state.past_moods, trick=state.trick,
            trick_no=len(state.past_tricks) + (0 if state.phase == "over" else 1), past_tricks=state.past_tricks,
            halves=state.halves, results=state.results, struck=state.struck, totals=self.scores(state),
        )

    def deck(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        return tuple(CARDS)

    fixed_view_fields = ("seat", "players", "mood_cards")

    def check_view(self, view: FiftyView, players: int, options: Mapping[str, Any]) -> None:
        check = ViewCheck(view, players, CARDS)
        seat = check.seat("seat", none=True)
        check.equal("players", players), check.one_of("phase", ("play", "over"))
        check.number("hand_no", 1, players), check.seat("dealer"), check.seat("leader")
        sizes = check.per_seat("hand_sizes", 0, HAND_SIZE)
        check.cards("hand", most=HAND_SIZE)
        if seat is not None and len(view.hand) != sizes[seat]:
            raise check.fail("hand", "is not as large as hand_sizes says")
        check.equal("mood_cards", tuple(sorted(options["deck"])))
        turned = ViewCheck(view, players, view.mood_cards)
        turned.cards("past_moods", most=MOOD_CARDS)
        if view.mood is not None:
            turned.card("mood", view.mood)
        check.number("moods_left", 0, MOOD_CARDS - sum(turned.seen.values()))
        check.number("trick_no", 1, HAND_SIZE), check.seat_cards("trick", most=players)
        check.most("past_tricks", view.past_tricks, HAND_SIZE)
        for trick in view.past_tricks:
            check.seat_cards("past_tricks", most=players, values=trick)
        check.table("halves", rows=players, width=2, low=0, high=NUMBER_BOUND)
        check.table("results", rows=None, width=players, low=-NUMBER_BOUND, high=0)
        check.most("results", view.results, players)
        check.length("struck", view.struck, len(view.results))
        for row in view.struck:
            check.length("struck", row, players)
        check.per_seat("totals", -NUMBER_BOUND, 0)
        check.room("hand_sizes", sum(sizes) - len(view.hand))

    def determinize(self, view: FiftyView, source: random.Random) -> FiftyState:
        """Deal the unseen cards among the other hands and the undealt pile; shuffle the unturned moods."""
        seen = set(view.hand).union((c for _, c in view.trick), (c for t in view.past_tricks for _, c in t))
        unseen = shuffle_with(source, [c for c in CARDS if c not in seen])
        hands = []
        for s, size in enumerate(view.hand_sizes):
            if s == view.seat:
                hands.append(view.hand)
            else:
                hands.append(tuple(sorted(unseen[:size])))
                unseen = unseen[size:]
        turned = view.past_moods + ((view.mood,) if view.mood is not None else ())
        return FiftyState(
            players=view.players, deck=view.mood_cards, rng=Rng(source.getrandbits(48)), phase=view.phase,
            hand_no=view.hand_no, dealer=view.dealer, leader=view.leader, hands=tuple(hands),
            undealt=tuple(sorted(unseen)), moods=tuple(shuffle_with(source, _without(view.mood_cards, turned))),
            mood=view.mood, past_moods=view.past_moods, trick=view.trick, past_tricks=view.past_tricks,
            halves=view.halves, results=view.results, struck=view.struck,
        )

    def scores(self, state: FiftyState) -> tuple[int, ...]:
        """Negative totals of the finished hands, struck hands counting 0; the highest wins."""
        return totals(state.results, state.struck, state.players)

    def is_over(self, state: FiftyState) -> bool:
        return state.phase == "over"


GAME = FiftyFifty()
