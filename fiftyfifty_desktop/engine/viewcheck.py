"""Whether a view or an event could come from a game: what each game's ``check_view`` is written with.

A view read from the network has the right types (the codec saw to that) but may still hold what no game
can: a Take 5 row of card 400, a seat 9 at a table of 4, the same card in two hands, a hand of a thousand
cards. A game states what its view can hold with a :class:`ViewCheck`, field by field; the first field that
cannot be raises :class:`ViewError` naming it, so a hostile table ends in one line instead of an
``IndexError`` deep in a screen. Pure: no pygame, no files.
"""

from __future__ import annotations

import dataclasses
import sys
import typing
from collections import Counter
from typing import Any, Collection, Iterable

from .errors import GameError, brief

#: The largest number any count or score in a view or event may be, either way (a game's own stay far below).
NUMBER_BOUND = 10**6


class ViewError(GameError):
    """A view or event no game could give; the text names the field (``Take5View.rows: ...``)."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.field = where


class ViewCheck:
    """Reads the fields of one view (or event) of a table of ``players``, each checked against the game's bounds.

    Every card a counted field holds is tallied: a card held more often than ``deck`` has it (a card in two
    hands, twice in one row) is refused where it is seen once too often.
    """

    def __init__(self, value: Any, players: int, deck: Iterable[Any]) -> None:
        self.value, self.players = value, players
        self.name = type(value).__name__
        self.copies = _copies(deck if isinstance(deck, tuple) else tuple(deck))
        self.seen: dict[Any, int] = {}

    def fail(self, field: str, problem: str) -> ViewError:
        return ViewError(f"{self.name}.{field}", problem)

    def number(self, field: str, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``."""
        value = getattr(self.value, field)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(field, f"{brief(value)} is not a number from {low} to {high}")
        return value

    def equal(self, field: str, expected: Any) -> Any:
        """The value the table set up (the seat count, an option)."""
        value = getattr(self.value, field)
        if value != expected or type(value) is not type(expected):
            raise self.fail(field, f"{brief(value)} is not this table's {brief(expected)}")
        return value

    def one_of(self, field: str, allowed: Collection[Any]) -> Any:
        value = getattr(self.value, field)
        if value not in allowed:
            raise self.fail(field, f"{brief(value)} is none of {', '.join(map(str, allowed))}")
        return value

    def seat(self, field: str, *, none: bool = False, also: Collection[int] = ()) -> Any:
        """A seat of this table (or None when ``none``, or one of the stand-ins ``also``, such as -1 for nobody)."""
        value = getattr(self.value, field)
        if value is None and none:
            return None
        if not self.is_seat(value) and value not in also:
            raise self.fail(field, f"{brief(value)} is not a seat of {self.players}")
        return value

    def seats(self, field: str, *, distinct: bool = True) -> Any:
        """Seats of this table, each at most once (unless not ``distinct``)."""
        values = getattr(self.value, field)
        return self.seats_in(field, values, distinct=distinct)

    def seats_in(self, field: str, values: Any, *, distinct: bool = True) -> Any:
        players = self.players
        if len(values) > players and distinct:
            raise self.fail(field, f"names {len(values)} seats at a table of {players}")
        for value in values:
            if type(value) is not int or not 0 <= value < players:
                raise self.fail(field, f"{brief(value)} is not a seat of {players}")
        if distinct and len(set(values)) != len(values):
            raise self.fail(field, "names a seat twice")
        return values

    def is_seat(self, value: Any) -> bool:
        return type(value) is int and 0 <= value < self.players

    def per_seat(self, field: str, low: int, high: int, *, length: int | None = None) -> Any:
        """One number from ``low`` to ``high`` per seat (or ``length`` of them)."""
        values = getattr(self.value, field)
        self.length(field, values, self.players if length is None else length)
        for value in values:
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise self.fail(field, f"{brief(value)} is not a number from {low} to {high}")
        return values

    def length(self, field: str, values: Any, expected: int) -> Any:
        if len(values) != expected:
            raise self.fail(field, f"has {len(values)} entries, not {expected}")
        return values

    def most(self, field: str, values: Any, most: int) -> None:
        if len(values) > most:
            raise self.fail(field, f"has {len(values)} entries, more than {most}")

    def cards(self, field: str, *, most: int, counted: bool = True, values: Any = None) -> Any:
        """At most ``most`` cards of the game's deck (``values``: those of a part of the field); ``counted``:
        each is tallied against the deck's copies (False for a record of cards also shown elsewhere)."""
        cards = getattr(self.value, field) if values is None else values
        self.most(field, cards, most)
        copies, seen = self.copies, self.seen
        for card in cards:  # the card check below, written out: a view's every card is read on every step
            held = seen.get(card, 0) + 1 if counted else 0
            if held > copies.get(card, 0) or card not in copies:
                self.card(field, card, counted)
            elif counted:
                seen[card] = held
        return cards

    def card(self, field: str, card: Any, counted: bool = True) -> Any:
        if isinstance(card, bool) or card not in self.copies:
            raise self.fail(field, f"{brief(card)} is not a card of this game")
        if counted:
            self.seen[card] = self.seen.get(card, 0) + 1
            if self.seen[card] > self.copies[card]:
                raise self.fail(field, f"holds the card {brief(card)} once more than the deck has it")
        return card

    def groups(self, field: str, *, most: int, each: int, counted: bool = True, values: Any = None) -> Any:
        """At most ``most`` groups (rows, hands, tricks' cards) of at most ``each`` cards."""
        groups = getattr(self.value, field) if values is None else values
        self.most(field, groups, most)
        for group in groups:
            self.cards(field, most=each, counted=counted, values=group)
        return groups

    def table(self, field: str, *, rows: int | None, width: int, low: int, high: int, values: Any = None) -> Any:
        """Rows of ``width`` numbers from ``low`` to ``high`` (a score sheet): exactly ``rows`` of them, or at most
        ``NUMBER_BOUND`` when None."""
        table = getattr(self.value, field) if values is None else values
        if rows is not None:
            self.length(field, table, rows)
        self.most(field, table, NUMBER_BOUND)
        for row in table:
            self.length(field, row, width)
            for value in row:
                if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                    raise self.fail(field, f"{brief(value)} is not a number from {low} to {high}")
        return table

    def room(self, field: str, hidden: int) -> None:
        """The cards not shown (``hidden``, the others' hands, a stock) fit in the deck beside those seen."""
        if hidden + sum(self.seen.values()) > sum(self.copies.values()):
            raise self.fail(field, "count more cards than the deck holds beside those shown")

    def seat_cards(self, field: str, *, most: int, counted: bool = True, values: Any = None,
                   distinct: bool = True) -> Any:
        """(seat, card) pairs: cards played or revealed, at most ``most``, each seat at most once when ``distinct``."""
        pairs = getattr(self.value, field) if values is None else values
        self.most(field, pairs, most)
        if pairs:
            seats, cards = zip(*pairs)
            self.seats_in(field, seats, distinct=distinct)
            self.cards(field, most=most, counted=counted, values=cards)
        return pairs


def check_event(event: Any, players: int, deck: Iterable[Any], seat_fields: Collection[str],
                card_fields: Collection[str]) -> None:
    """Check an event the way a game names its fields: every number in a field of ``seat_fields`` a seat, in a
    field of ``card_fields`` a card of ``deck`` (where the field holds (seat, card) pairs, each a seat and its
    card), every other number within ``NUMBER_BOUND`` and every text short; nested dataclasses alike. Raises
    ``ViewError`` naming the field."""
    check = ViewCheck(event, players, deck)
    _check_object(check, "", event, seat_fields, card_fields)


def _check_object(check: ViewCheck, prefix: str, value: Any, seat_fields: Collection[str],
                  card_fields: Collection[str]) -> None:
    for name, kind in _plan(type(value), frozenset(seat_fields), frozenset(card_fields)):
        part, where = getattr(value, name), prefix + name
        if type(part) is int and kind == "number":  # most fields: a plain count
            if not -NUMBER_BOUND <= part <= NUMBER_BOUND:
                raise check.fail(where, f"{brief(part)} is beyond {NUMBER_BOUND} either way")
        elif dataclasses.is_dataclass(part):
            _check_object(check, f"{where}.", part, seat_fields, card_fields)
        elif kind == "pairs":
            check.seat_cards(where, most=NUMBER_BOUND, counted=False, values=part, distinct=False)
        else:
            for leaf in _leaves(check, where, part):
                if dataclasses.is_dataclass(leaf):
                    _check_object(check, f"{where}.", leaf, seat_fields, card_fields)
                elif kind == "seat" and leaf is not None:
                    check.seats_in(where, (leaf,), distinct=False)
                elif kind == "card" and leaf is not None:
                    check.card(where, leaf, counted=False)
                elif isinstance(leaf, str) and len(leaf) > 64:
                    raise check.fail(where, "is a text longer than 64 characters")
                elif isinstance(leaf, (int, float)) and not -NUMBER_BOUND <= leaf <= NUMBER_BOUND:
                    raise check.fail(where, f"{brief(leaf)} is beyond {NUMBER_BOUND} either way")


def _plan(cls: type, seat_fields: frozenset[str], card_fields: frozenset[str]) -> list[tuple[str, str]]:
    """Each field of an event class and how it is checked (a seat, a card, (seat, card) pairs, a number), worked
    out once per class."""
    key = (cls, seat_fields, card_fields)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = [
            (name, "pairs" if name in card_fields and _is_pairs(hint) else "seat" if name in seat_fields
             else "card" if name in card_fields else "number") for name, hint in _hints(cls).items()]
    return plan


_PLANS: dict[tuple[type, frozenset[str], frozenset[str]], list[tuple[str, str]]] = {}


def _leaves(check: ViewCheck, where: str, value: Any) -> Iterable[Any]:
    """The values inside ``value`` (itself, or every item of its tuples, at any depth), at most a few thousand."""
    if not isinstance(value, tuple):
        return (value,)
    found: list[Any] = []
    stack = [value]
    while stack:
        for item in stack.pop():
            if isinstance(item, tuple):
                stack.append(item)
            else:
                found.append(item)
        if len(found) > _MOST_LEAVES:
            raise check.fail(where, f"holds more than {_MOST_LEAVES} values")
    return found


_MOST_LEAVES = 5000


def _is_pairs(hint: Any) -> bool:
    """Whether ``hint`` is a tuple of (seat, card) pairs: ``tuple[tuple[int, int], ...]``."""
    return typing.get_origin(hint) is tuple and typing.get_args(hint)[1:] == (Ellipsis,) and \
        typing.get_args(typing.get_args(hint)[0]) == (int, int)


def _hints(cls: type) -> dict[str, Any]:
    """A dataclass's fields and their types, worked out once per class."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))
    return hints


_HINTS: dict[type, dict[str, Any]] = {}


def _copies(deck: tuple[Any, ...]) -> dict[Any, int]:
    """How often the deck holds each card, counted once per deck."""
    copies = _COPIES.get(deck)
    if copies is None:
        copies = _COPIES[deck] = dict(Counter(deck))
    return copies


_COPIES: dict[tuple[Any, ...], dict[Any, int]] = {}
