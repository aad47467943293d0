"""What a game of Thirteen is made of: the moves, the public events, the
state and one seat's view of it. The state's public facts (``absent``,
``present``, ``slack``, ``stash``) are explained in ``rules``, which keeps them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Event, Move, Rng
from .cards import Card, card_text


# ----- moves -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ask(Move):
    """Ask seat ``target`` for one card of ``value``. Notation ``a2:8``, ``a1:6.5``."""

    target: int
    value: Card

    def text(self) -> str:
        return f"a{self.target}:{card_text(self.value)}"


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """After a miss: draw the top card of the pile. Notation ``draw``."""

    def text(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """After a miss: do not draw. Notation ``pass``."""

    def text(self) -> str:
        return "pass"


#: Every kind of Thirteen move.
ThirteenMove = Ask | Draw | Pass

DRAW_MOVE, PASS_MOVE = Draw(), Pass()


# ----- events (public) ---------------------------------------------------
@dataclass(frozen=True, slots=True)
class Dealt(Event):
    dealer: int
    hand_sizes: tuple[int, ...]
    pile_size: int


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class Laid(Event):
    """``seat`` laid ``cards`` (a pair to 13, a 13 or the 6½ pair) face up."""

    seat: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class Asked(Event):
    asker: int
    target: int
    value: Card


@dataclass(frozen=True, slots=True)
class HandedOver(Event):
    giver: int
    taker: int
    value: Card


@dataclass(frozen=True, slots=True)
class Missed(Event):
    """``target`` held no ``value``; the turn passes. Says nothing of whether it was the lie."""

    asker: int
    target: int
    value: Card


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` drew a card (face down); ``pile_size`` is what is left."""

    seat: int
    pile_size: int


@dataclass(frozen=True, slots=True)
class SingleShown(Event):
    """A card won by the lie and not paired: face up in ``seat``'s hand."""

    seat: int
    value: Card


@dataclass(frozen=True, slots=True)
class KindFinished(Event):
    """Every group of the kind ``group`` (named by its lower card) is on the table: it is turned face down."""

    group: Card


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class CameBack(Event):
    """A player whose last card was taken won ``value`` with the come-back lie."""

    seat: int
    value: Card


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    points: tuple[int, ...]
    leaving: tuple[int, ...]
    winners: tuple[int, ...]


#: Every event the rules tell, for the registry (what a table may animate and the network may send).
EVENTS: tuple[type[Event], ...] = (
    Dealt, TurnStarted, Laid, Asked, HandedOver, Missed, Drew, SingleShown, KindFinished, WentOut, CameBack,
    Eliminated, GameOver,
)


# ----- state and view ----------------------------------------------------
#: One line of the public ask log: (turn, asker, target, value, hit). A plain
#: tuple, because the log grows long and states are compared and printed often.
AskEntry = tuple[int, int, int, Card, bool]
#: Whose turn starts, every hand and every single: repeating one means play goes round in a circle.
Position = tuple[int, tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]


@dataclass(frozen=True, slots=True)
class ThirteenState:
    players: int
    rng: Rng
    dealer: int
    turn: int
    current: int
    phase: str  # ASK, DRAW or OVER
    lie_used: bool  # this turn's lie is spent (known to the asker only)
    lie_known: bool  # ... and every seat can tell it is spent
    moved: bool  # a card moved during this turn
    quiet: int  # finished turns in a row in which no card moved
    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]  # top first
    aside: tuple[Card, ...]  # cards an explicit setup left out of the game
    laid: tuple[tuple[tuple[Card, ...], ...], ...]
    singles: tuple[tuple[Card, ...], ...]
    status: tuple[str, ...]
    left_at: tuple[int | None, ...]  # the turn a seat went out or was eliminated (0: the deal)
    leaving: tuple[int, ...]  # seats in the order they left
    log: tuple[AskEntry, ...]
    finished: tuple[Card, ...]
    absent: tuple[tuple[Card, ...], ...]
    present: tuple[tuple[Card, ...], ...]
    slack: tuple[int, ...]
    stash: tuple[tuple[Card, ...], ...]
    positions: tuple[Position, ...] = ()  # turn-start positions since the last card was laid or drawn


@dataclass(frozen=True, slots=True)
class ThirteenView:
    """What one seat may see (``docs/rules/thirteen.md``, last section)."""

    seat: int | None  # None: a spectator's view
    players: int
    dealer: int
    turn: int
    current: int
    phase: str
    hand: tuple[Card, ...]
    waiting: tuple[tuple[Card, ...], ...]  # own pairs from the draw, laid at the start of the next turn
    lie_used: bool | None  # own turn only
    lie_known: bool
    moved: bool
    quiet: int
    hand_sizes: tuple[int, ...]
    pile_size: int
    aside: tuple[Card, ...]
    laid: tuple[tuple[tuple[Card, ...], ...], ...]
    points: tuple[int, ...]
    singles: tuple[tuple[Card, ...], ...]
    status: tuple[str, ...]
    left_at: tuple[int | None, ...]
    leaving: tuple[int, ...]
    log: tuple[AskEntry, ...]
    finished: tuple[Card, ...]
    absent: tuple[tuple[Card, ...], ...]
    present: tuple[tuple[Card, ...], ...]
    slack: tuple[int, ...]
    stash: tuple[tuple[Card, ...], ...]

