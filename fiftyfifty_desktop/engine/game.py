"""The contract every game offers, so tables, agents, records and the CLI
treat all games alike.

A game is a stateless object: every method takes a state and returns a new
one. States, moves, views and events are frozen dataclasses of tuples. Each
game names its own state, view and move types as ``Game[S, V, M]``, so a
type checker knows a Take 5 view from a Thirteen one.

Two rules keep hidden information hidden:

* ``view(state, seat)`` is all a seat may know; agents and tables get only
  that (plus the seat's legal moves).
* Events are public: each says only what every seat saw happen. Private
  knowledge (one's own hand, say) is read from the seat's view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Generic, Mapping, TypeVar

from .errors import IllegalMoveError, OptionError, brief
from .reason import Reason
from .viewcheck import ViewError, check_event

#: The state of whichever game: for code that serves every game (records,
#: play-outs, the search), where the game is not known.
State = Any


class Move:
    """Base of every game's move dataclasses; ``str(move)`` is its notation."""

    __slots__ = ()

    def text(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every game's events: something all seats saw happen."""

    @property
    def kind(self) -> str:
        """A stable snake_case name for the table's animation lookup."""
        return type(self).kind_name()

    @classmethod
    def kind_name(cls) -> str:
        """``CardPlayed`` -> ``card_played``; the kind of every event of this class."""
        return "".join("_" + c.lower() if c.isupper() else c for c in cls.__name__).lstrip("_")


@dataclass(frozen=True)
class Option:
    """One game option: its name, default and the values it accepts.

    ``choices`` lists every allowed value; otherwise ``minimum``/``maximum``
    bound an int. ``offered`` gives, for a player count, the values a set-up
    screen offers in order (a subset of the allowed ones that fits that count),
    so a player picks from a short list and never types a number. ``convert`` turns a value from the command line or a JSON
    record into the option's value, raising ``OptionError``. ``from_file``
    names a loader (see ``fiftyfifty_desktop.game_config``) that reads the
    value from a file when the command line gives a path: the rules never
    touch files themselves.
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    convert: Callable[[Any], Any] | None = None
    from_file: str | None = None
    offered: Callable[[int], tuple[Any, ...]] | None = None

    def offered_values(self, players: int) -> tuple[Any, ...] | None:
        """The values offered on a set-up screen for ``players`` seats; None for an option
        that is set only on the command line (such as one read from a file)."""
        if self.offered is not None:
            return tuple(self.offered(players))
        if self.choices is not None:
            return self.choices
        if isinstance(self.default, bool):
            return (False, True)
        return None

    def check(self, value: Any) -> Any:
        """Return the value as the game uses it, or raise ``OptionError``."""
        if self.convert is not None:
            value = self.convert(value)
        elif isinstance(self.default, bool):
            value = _as_bool(self.name, value)
        elif isinstance(self.default, int):
            value = _as_int(self.name, value)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name}: {brief(value)} is not one of {allowed}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.name}: {value} is below {self.minimum}",
                              Reason("option_below", {"option": self.name, "minimum": self.minimum}))
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.name}: {value} is above {self.maximum}",
                              Reason("option_above", {"option": self.name, "maximum": self.maximum}))
        return value


def _as_int(name: str, value: Any) -> int:
    if isinstance(value, bool):
        raise OptionError(f"option {name}: expected a whole number, got {brief(value)}",
                          Reason("option_not_whole", {"option": name}))
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            pass
    raise OptionError(f"option {name}: expected a whole number, got {brief(value)}",
                      Reason("option_not_whole", {"option": name}))


def _as_bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise OptionError(f"option {name}: expected true or false, got {brief(value)}")


@dataclass(frozen=True)
class Preset:
    """A named set of options (and perhaps a player count) chosen with one click on the set-up
    screen; ``id`` names it for the front ends' catalogues."""

    id: str
    options: Mapping[str, Any]
    players: int | None = None


S = TypeVar("S")  # a game's state class
V = TypeVar("V")  # what one seat of that game may see
M = TypeVar("M", bound=Move)  # that game's move classes (a union of them)


class Game(Generic[S, V, M]):
    """Base class of the rules of one game.

    Subclasses set the class attributes and implement the methods marked
    "game-specific". ``apply`` is the single gate for moves: it checks the
    seat and the move against ``legal_moves`` before the game's own
    ``_apply`` runs, so humans and agents are judged by the same list.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    presets: ClassVar[tuple[Preset, ...]] = ()
    lower_score_wins: ClassVar[bool] = False
    #: Every code ``why_illegal`` may give (the front ends need a text for each).
    reason_codes: ClassVar[tuple[str, ...]] = ("game_over", "not_your_turn", "not_now",
                                               "option_not_whole", "option_below", "option_above")

    # ----- set-up --------------------------------------------------------
    def resolve_options(self, players: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Check the player count and options; fill in defaults.

        Raises ``OptionError`` naming the first problem.
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"{self.name}: the number of players must be a whole number")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, not {players}"
            )
        given = dict(given or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise OptionError(f"{self.name} has no option {brief(unknown[0])} (options: {names})")
        resolved = {name: opt.check(given[name]) if name in given else opt.default for name, opt in known.items()}
        self.check_options(players, resolved)
        return resolved

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        """Game-specific checks that join several options or the player count."""

    def new_game(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        setup: Mapping[str, Any] | None = None,
    ) -> tuple[S, tuple[Event, ...]]:
        """Deal a new game; return it and the events of the deal, as ``apply`` does
        for a move. ``setup`` optionally fixes the first deal."""
        return self._new_game(players, self.resolve_options(players, options), seed, setup)

    def _new_game(self, players: int, options: dict[str, Any], seed: int,
                  setup: Mapping[str, Any] | None) -> tuple[S, tuple[Event, ...]]:
        raise NotImplementedError  # game-specific

    # ----- play ----------------------------------------------------------
    def to_move(self, state: S) -> tuple[int, ...]:
        """The seats that must act now; empty when the game is over."""
        raise NotImplementedError  # game-specific

    def legal_moves(self, state: S, seat: int) -> tuple[M, ...]:
        """Every move ``seat`` may make now (empty if it is not to move)."""
        raise NotImplementedError  # game-specific

    def apply(self, state: S, seat: int, move: M) -> tuple[S, tuple[Event, ...]]:
        """Play ``move`` for ``seat``; return the new state and what happened.

        Raises ``IllegalMoveError`` saying why the move is refused.
        """
        if not self.is_legal(state, seat, move):
            raise IllegalMoveError(self.why_illegal(state, seat, move))
        return self._apply(state, seat, move)

    def is_legal(self, state: S, seat: int, move: M) -> bool:
        """Whether ``move`` is in ``legal_moves``; games may answer faster."""
        return move in self.legal_moves(state, seat)

    def _apply(self, state: S, seat: int, move: M) -> tuple[S, tuple[Event, ...]]:
        raise NotImplementedError  # game-specific

    def why_illegal(self, state: S, seat: int, move: M) -> Reason:
        """Why ``move`` is refused, as a code with parameters; games refine it
        and list every code they use in ``reason_codes``."""
        if self.is_over(state):
            return Reason("game_over", {}, f"the game is over: {move} cannot be played")
        if seat not in self.to_move(state):
            return Reason("not_your_turn", {"seat": seat}, f"it is not seat {seat}'s turn")
        return Reason("not_now", {}, f"{move} is not allowed now")

    def parse_move(self, text: str) -> M:
        """The move written as ``text``.

        Raises ``MoveParseError`` when ``text`` is not a move in the game's
        notation; whether the move may be played is ``apply``'s question.
        """
        raise NotImplementedError  # game-specific

    def upgrade_moves(self, moves: tuple[tuple[int, str], ...], version: int) -> tuple[tuple[int, str], ...]:
        """The ``(seat, text)`` moves of a record of an older format ``version``, as this version writes them
        (a game whose moves changed says how); the record reader calls it before it replays anything."""
        return moves

    def move_audience(self, state: S, seat: int, move: M) -> tuple[int, ...] | None:
        """The seats that see ``move`` made (None: every seat); a card chosen
        face down is seen by its own seat only. Game-specific where moves are secret."""
        return None

    def event_audience(self, event: Event) -> tuple[int, ...] | None:
        """The seats that may see ``event`` (None: every seat). Events are
        public unless a game says otherwise."""
        return None

    # ----- information ---------------------------------------------------
    def view(self, state: S, seat: int | None) -> V:
        """Exactly what ``seat`` may see (see the rules file's last section);
        ``seat`` None is a spectator, who sees what every seat sees."""
        raise NotImplementedError  # game-specific

    def determinize(self, view: V, source: random.Random) -> S:
        """A full state consistent with ``view``: hidden cards dealt at random.

        Search agents sample these; the deal must respect everything the view
        reveals. Game-specific.
        """
        raise NotImplementedError

    # ----- what a view can hold (a view from elsewhere, over the network) ---------------------
    #: The fields of the game's events that hold seats, and those that hold cards (``check_event`` reads them).
    seat_fields: ClassVar[frozenset[str]] = frozenset({"seat", "seats", "leader", "dealer", "winners"})
    card_fields: ClassVar[frozenset[str]] = frozenset({"card", "cards"})
    #: The view's fields that stay as they are all game long: a step that changes one is no step of this table.
    fixed_view_fields: ClassVar[tuple[str, ...]] = ("seat", "players")

    def deck(self, players: int, options: Mapping[str, Any]) -> tuple[Any, ...]:
        """Every card of a game of ``players`` with ``options``, a card as often as the deck holds it. Game-specific."""
        raise NotImplementedError

    def check_view(self, view: V, players: int, options: Mapping[str, Any]) -> None:
        """Raise ``ViewError`` naming the first field of ``view`` that no game of ``players`` with ``options`` can
        show: a card not in the deck or shown twice, a size or count beyond the game's, a seat out of range.
        Game-specific (with :class:`~fiftyfifty_desktop.engine.viewcheck.ViewCheck`)."""
        raise NotImplementedError

    def check_event(self, event: Event, players: int, options: Mapping[str, Any]) -> None:
        """Raise ``ViewError`` when ``event`` names a seat out of range, a card not in the deck or a number
        beyond any game's (the fields are told apart by ``seat_fields`` and ``card_fields``)."""
        check_event(event, players, self.deck(players, options), self.seat_fields, self.card_fields)

    def check_step(self, before: V | None, events: tuple[Event, ...], after: V, players: int,
                   options: Mapping[str, Any]) -> None:
        """Raise ``ViewError`` unless ``after`` can follow ``before`` (None: the first view a seat is sent) with
        ``events``: each view holds what it can, each event too, and the fields fixed for the game stay."""
        self.check_view(after, players, options)
        for event in events:
            self.check_event(event, players, options)
        if before is not None:
            for name in self.fixed_view_fields:
                if getattr(before, name) != getattr(after, name):
                    raise ViewError(f"{type(after).__name__}.{name}", "changed, which it never does in a game")

    def players(self, state: S) -> int:
        raise NotImplementedError  # game-specific

    def stage(self, state: S) -> tuple[str, int]:
        """How far the game has come, as the game counts it: ``("round", 3)``, ``("hand", 2)``
        or ``("turn", 14)``; a saved game is described by it before it is opened."""
        raise NotImplementedError  # game-specific

    def scores(self, state: S) -> tuple[int, ...]:
        """One score per seat (or per team member) as it stands now."""
        raise NotImplementedError  # game-specific

    def is_over(self, state: S) -> bool:
        return not self.to_move(state)

    def winners(self, state: S) -> tuple[int, ...]:
        """The winning seats at the end (ties share); empty before the end."""
        if not self.is_over(state):
            return ()
        scores = self.scores(state)
        best = min(scores) if self.lower_score_wins else max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)


#: A game of any state, view and move classes: what code serving every game holds.
AnyGame = Game[Any, Any, Any]
