"""High Card: a fifth game that lives in the tests only, to prove what a new game touches.

Each seat is dealt three of the cards 1 to 20; in turn from the leader each
plays one card face up, the highest card takes the trick and a point and its
seat leads the next. The game ends when the hands are empty; most points win.

Everything the program knows of the game is on :data:`ENTRY`, registered by
the ``high_card`` fixture of ``test_fifth_game.py``: no module of the
package names it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from fiftyfifty_desktop.ai.search import SearchSettings
from fiftyfifty_desktop.engine import Event, Game, Move, MoveParseError, Reason, Rng, evolve
from fiftyfifty_desktop.engine.rng import shuffle_with
from fiftyfifty_desktop.engine.viewcheck import ViewCheck
from fiftyfifty_desktop.registry import GameEntry

CARDS = range(1, 21)
HAND = 3


@dataclass(frozen=True, slots=True)
class Play(Move):
    card: int

    def text(self) -> str:
        return f"p{self.card}"


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    hand_sizes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class HighCardState:
    hands: tuple[tuple[int, ...], ...]
    leader: int
    trick: tuple[tuple[int, int], ...]  # (seat, card) in the order played
    gone: tuple[int, ...]  # the cards of finished tricks
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HighCardView:
    seat: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    leader: int
    trick: tuple[tuple[int, int], ...]
    gone: tuple[int, ...]
    points: tuple[int, ...]


def parse_card(text: str) -> int | None:
    return int(text) if re.fullmatch(r"[1-9][0-9]?", text) and int(text) in CARDS else None


class HighCard(Game[HighCardState, HighCardView, Play]):
    id = "highcard"
    name = "High Card"
    min_players = 2
    max_players = 4

    def _new_game(self, players, options, seed, setup):
        deck, _ = Rng(seed).shuffled(CARDS)
        hands = tuple(tuple(sorted(deck[s * HAND:(s + 1) * HAND])) for s in range(players))
        return HighCardState(hands, 0, (), (), (0,) * players), (Dealt((HAND,) * players),)

    def to_move(self, state):
        if not any(state.hands):
            return ()
        return ((state.leader + len(state.trick)) % len(state.hands),)

    def legal_moves(self, state, seat):
        return tuple(Play(c) for c in state.hands[seat]) if seat in self.to_move(state) else ()

    def _apply(self, state, seat, move):
        hands = tuple(tuple(c for c in hand if c != move.card) if s == seat else hand
                      for s, hand in enumerate(state.hands))
        trick = state.trick + ((seat, move.card),)
        events: list[Event] = [CardPlayed(seat, move.card)]
        if len(trick) < len(hands):
            return evolve(state, hands=hands, trick=trick), tuple(events)
        winner, high = max(trick, key=lambda played: played[1])
        events.append(TrickTaken(winner, high))
        points = tuple(p + (s == winner) for s, p in enumerate(state.points))
        return HighCardState(hands, winner, (), state.gone + tuple(c for _, c in trick), points), tuple(events)

    def parse_move(self, text):
        card = parse_card(text[1:]) if text.startswith("p") else None
        if card is None:
            raise MoveParseError(f"{text!r} is not a High Card move (write p7 to play the 7)")
        return Play(card)

    def view(self, state, seat):
        return HighCardView(seat, () if seat is None else state.hands[seat], tuple(len(h) for h in state.hands),
                            state.leader, state.trick, state.gone, state.points)

    fixed_view_fields = ("seat",)

    def deck(self, players, options):
        return tuple(CARDS)

    def check_view(self, view, players, options):
        check = ViewCheck(view, players, self.deck(players, options))
        seat = check.seat("seat", none=True)
        sizes = check.per_seat("hand_sizes", 0, HAND)
        check.cards("hand", most=HAND)
        if seat is not None and sizes[seat] != len(view.hand):
            raise check.fail("hand", "is not as large as hand_sizes says")
        check.seat("leader")
        check.seat_cards("trick", most=players)
        check.cards("gone", most=players * HAND)
        check.per_seat("points", 0, HAND)
        check.room("hand_sizes", sum(sizes) - len(view.hand))

    def determinize(self, view, source):
        seen = set(view.hand) | set(view.gone) | {c for _, c in view.trick}
        unseen = shuffle_with(source, [c for c in CARDS if c not in seen])
        hands = []
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat:
                hands.append(view.hand)
            else:
                hands.append(tuple(sorted(unseen[:size])))
                del unseen[:size]
        return HighCardState(tuple(hands), view.leader, view.trick, view.gone, view.points)

    def players(self, state):
        return len(state.hands)

    def stage(self, state):
        return ("turn", len(state.gone) // len(state.hands) + 1)

    def scores(self, state):
        return state.points


GAME = HighCard()


class HighCardPlayer:
    """The rule-based player: the lowest card that takes the trick, else the lowest card."""

    def __init__(self, seat: int, source: random.Random, knobs: Mapping[str, float]) -> None:
        pass

    def rank(self, view: HighCardView, legal: tuple[Play, ...]) -> list[Play]:
        high = max((c for _, c in view.trick), default=0)
        return sorted(legal, key=lambda move: (move.card < high, move.card))

    def choose(self, view: HighCardView, legal: tuple[Play, ...]) -> Play:
        return self.rank(view, legal)[0]


class GreedyHighCard:
    """The greedy baseline: always the highest card."""

    def __init__(self, seed: int, seat: int) -> None:
        pass

    def choose(self, view: HighCardView, legal: tuple[Play, ...], seen: Sequence[Any]) -> Play:
        return max(legal, key=lambda move: move.card)


def reason(view: HighCardView, move: Move) -> Reason | None:
    """Whether the card takes the trick so far."""
    if not isinstance(move, Play):
        return None
    if move.card > max((c for _, c in view.trick), default=0):
        return Reason("highcard_takes", {"card": move.card}, f"{move.card} takes the trick so far")
    return None


SEARCH = SearchSettings(worlds=8, halving=())

ENTRY = GameEntry(
    GAME, events=(Dealt, CardPlayed, TrickTaken), card_reader=parse_card,
    table=None, faces=None, back=None,
    rule_player=f"{__name__}:HighCardPlayer", beginner=None, search=f"{__name__}:SEARCH",
    greedy=f"{__name__}:GreedyHighCard", monte_carlo=None, hint_reasons=f"{__name__}:reason", consequences=None,
    tutorial=None, deals=None, review=None,
)
