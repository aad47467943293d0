"""Each game's views and events as JSON values, and back, by one general rule.

Views and events are frozen dataclasses of ints, floats, strings, bools,
None, tuples and further dataclasses. A dataclass becomes an object with its
class name under ``"@"`` and one key per field; a tuple becomes a list (and
every list read back becomes a tuple). Only the classes a game can show a
seat are known to its codec: its view class, the event classes its registry
entry lists and the dataclasses their fields hold, found from their type
hints. Anything else in a message is refused with :class:`CodecError`, and
so is a field whose value does not have its hinted type (a hostile host's
string where a count belongs would otherwise reach the drawing code);
nothing is run or loaded.
Moves travel as their text notation and are read by ``game.parse_move``.
"""

from __future__ import annotations

import dataclasses
import json
import operator
import sys
import types
import typing
from typing import Any, Callable

from ..engine import AnyGame, Event, Game, GameError
from ..engine.errors import brief
from ..registry import entry

TAG = "@"


class CodecError(GameError):
    """A value that is not a view or event of this game."""


class Codec:
    """Turns one game's views and events into JSON values and back."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.view_class = _view_class(game)
        self._hints: dict[str, dict[str, Any]] = {}
        roots = [self.view_class, *entry(game.id).events]
        self.classes: dict[str, type] = {}
        for root in roots:
            self._learn(root)
        self._fields = {name: tuple(f.name for f in dataclasses.fields(cls)) for name, cls in self.classes.items()}
        self._field_readers = {name: tuple((n, self._value_reader(self._hints[name][n])) for n in names)
                               for name, names in self._fields.items()}
        self._readers = {name: self._class_reader(name) for name in self.classes}
        self._compared = {name: (_values_of(names), names,
                                 tuple(self._equal_is_same(self._hints[name][n]) for n in names))
                          for name, names in self._fields.items()}

    def _learn(self, cls: type) -> None:
        if cls.__name__ in self.classes:
            return
        self.classes[cls.__name__] = cls
        hints = typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))
        self._hints[cls.__name__] = hints
        for hint in hints.values():
            for inner in _dataclasses_in(hint):
                self._learn(inner)

    # ----- to JSON ----------------------------------------------------------
    def default(self, value: Any) -> dict[str, Any]:
        """For ``json.dumps(..., default=codec.default)``: a view, event or the dataclasses they hold
        as an object; the JSON encoder writes tuples as lists and the plain values itself, in C.
        Raises ``CodecError`` for a value no seat is shown."""
        name = type(value).__name__
        if self.classes.get(name) is not type(value):
            raise CodecError(f"{brief(value)} cannot be sent")
        data = {TAG: name}
        for field_name in self._fields[name]:
            data[field_name] = getattr(value, field_name)
        return data

    def changes(self, old: Any, new: Any) -> dict[str, Any]:
        """The fields of ``new`` (a view of the class of ``old``) that a reader holding ``old`` lacks: those that
        differ, also where ``==`` cannot tell (2 and 2.0 are equal but are written apart, so a field that
        may hold a float is compared by its ``repr`` too)."""
        values, names, exact = self._compared[type(new).__name__]
        changed = {}
        for name, value, before, same in zip(names, values(new), values(old), exact):
            if value is before:  # most fields of the next state are the very same objects
                continue
            if value != before or (not same and repr(value) != repr(before)):
                changed[name] = value
        return changed

    def encode(self, value: Any) -> Any:
        """``value`` as JSON data, as a message carries it; raises ``CodecError`` for a value no seat is shown."""
        return json.loads(json.dumps(value, default=self.default))

    # ----- from JSON ------------------------------------------------------
    def decode(self, data: Any) -> Any:
        """The value ``data`` stands for; raises ``CodecError`` for anything not made by :meth:`encode`."""
        if data is None or isinstance(data, (bool, int, float, str)):
            return data
        if isinstance(data, list):
            return tuple(self.decode(item) for item in data)
        if isinstance(data, dict):
            return self._reader(data.get(TAG))(data)
        raise CodecError(f"{brief(data)} is not a value")

    def decode_view(self, data: Any) -> Any:
        view = self.decode(data)
        if type(view) is not self.view_class:
            raise CodecError(f"expected a {self.view_class.__name__}")
        return view

    def decode_event(self, data: Any) -> Event:
        event = self.decode(data)
        if not isinstance(event, Event):
            raise CodecError(f"{brief(data)} is not an event")
        return event

    def view_reader(self) -> ViewReader:
        """A reader of one connection's views, one after another."""
        return ViewReader(self)

    def _reader(self, name: Any) -> Callable[[dict[str, Any]], Any]:
        if not isinstance(name, str) or name not in self.classes:
            raise CodecError(f"unknown kind of value {brief(name)}")
        return self._readers[name]

    def _class_reader(self, name: str) -> Callable[[dict[str, Any]], Any]:
        """Reads an object tagged ``name``: its fields exactly, each read and checked by its hint in one pass
        (a step's view is read on every step, so no second walk to check the types)."""
        cls, names, fields = self.classes[name], self._fields[name], self._field_readers[name]
        keys = frozenset({TAG, *names})

        def read(data: dict[str, Any]) -> Any:
            if data.keys() != keys:
                raise CodecError(f"{name} must have the fields {', '.join(names)}")
            values = {}
            for field_name, reader in fields:
                try:
                    values[field_name] = reader(data[field_name])
                except _Mismatch:
                    raise CodecError(f"{name}.{field_name} cannot be {brief(data[field_name])}") from None
            return cls(**values)
        return read

    def _value_reader(self, hint: Any) -> Callable[[Any], Any]:
        """A function reading JSON data of the type ``hint`` (the forms views and events use: plain values,
        None, unions, tuples of one kind or of fixed length, and dataclasses); raises ``_Mismatch`` for
        data of another type."""
        origin = typing.get_origin(hint)
        if origin in (typing.Union, types.UnionType):
            return _either(tuple(self._value_reader(arg) for arg in typing.get_args(hint)))
        if origin is tuple:
            args = typing.get_args(hint)
            if len(args) == 2 and args[1] is Ellipsis:
                return _tuple_of(self._value_reader(args[0]), _plain_tuple(args[0]))
            return _fixed_tuple(tuple(self._value_reader(arg) for arg in args), _plain_tuple(hint))
        if hint is typing.Any:
            return self.decode
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self._object_of(hint)
        kinds = _PLAIN.get(hint)
        if kinds is None:
            return _refuse
        return lambda value: value if type(value) in kinds else _refuse(value)

    def _equal_is_same(self, hint: Any) -> bool:
        """Whether two values of the type ``hint`` that are ``==`` are also written alike: not when a float
        (or anything) may stand where a whole number does."""
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return all(self._equal_is_same(inner) for inner in self._hints[hint.__name__].values())
        args = typing.get_args(hint)
        if args:
            return all(arg is Ellipsis or self._equal_is_same(arg) for arg in args)
        return hint in (int, bool, str, type(None))

    def _object_of(self, hint: type) -> Callable[[Any], Any]:
        def read(value: Any) -> Any:
            if type(value) is not dict:
                raise _Mismatch
            name: Any = value.get(TAG)
            reader = self._reader(name)
            if not issubclass(self.classes[name], hint):
                raise _Mismatch
            return reader(value)
        return read


class ViewReader:
    """Reads the views one connection is sent, one after another, as :meth:`Codec.decode_view` would.

    A client rebuilds each view from the last one and the fields a step changed, so a field that did
    not change is the very same JSON value as before: its value read then is taken again, not read anew
    (most of a view, most steps).
    """

    def __init__(self, codec: Codec) -> None:
        self.codec = codec
        name = codec.view_class.__name__
        self._cls, self._tag, self._fields = codec.view_class, name, codec._field_readers[name]
        self._keys = frozenset({TAG, *codec._fields[name]})
        self._data: dict[str, Any] = {}
        self._values: dict[str, Any] = {}

    def read(self, data: Any) -> Any:
        """The view ``data`` stands for; raises ``CodecError`` for anything but a view of this game."""
        if type(data) is not dict or data.get(TAG) != self._tag or data.keys() != self._keys:
            return self.codec.decode_view(data)  # which words what is wrong
        before, known = self._data, self._values
        values = {}
        for name, reader in self._fields:
            value = data[name]
            if before.get(name, _ABSENT) is value:
                values[name] = known[name]
                continue
            try:
                values[name] = reader(value)
            except _Mismatch:
                raise CodecError(f"{self._tag}.{name} cannot be {brief(value)}") from None
        view = self._cls(**values)
        self._data, self._values = data, values
        return view


#: Stands for a field a JSON object lacks (``None`` is a value a field may have).
_ABSENT = object()


def _values_of(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving an object's values of the fields ``names``, in one call."""
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda value: (one(value),)
    return operator.attrgetter(*names) if names else (lambda value: ())


class _Mismatch(Exception):
    """JSON data not of the hinted type (the class reader words it)."""


#: The JSON types each plain hint accepts (a bool is no number here, a whole number is a float).
_PLAIN: dict[Any, tuple[type, ...]] = {int: (int,), float: (int, float), bool: (bool,), str: (str,),
                                       type(None): (type(None),)}


def _refuse(value: Any) -> Any:
    raise _Mismatch


def _either(readers: tuple[Callable[[Any], Any], ...]) -> Callable[[Any], Any]:
    def read(value: Any) -> Any:
        for reader in readers:
            try:
                return reader(value)
            except _Mismatch:
                pass
        raise _Mismatch
    return read


def _plain_tuple(hint: Any) -> tuple[Any, ...] | None:
    """How a tuple reader may check items of the type ``hint`` in its own loop, with no call for each: for a
    plain type, the JSON types it accepts; for a tuple of plain types of fixed length, each place's; for
    a tuple of one plain type of any length, ``ANY_LENGTH`` beside them (None: items read by their reader)."""
    if hint in _PLAIN:
        return _PLAIN[hint]
    args = typing.get_args(hint)
    if typing.get_origin(hint) is not tuple or not args or not all(arg in _PLAIN or arg is Ellipsis for arg in args):
        return None
    if len(args) == 2 and args[1] is Ellipsis:
        return (_ANY_LENGTH, _PLAIN[args[0]])
    return tuple(_PLAIN[arg] for arg in args)


#: Marks a plain tuple of any length in what :func:`_plain_tuple` gives.
_ANY_LENGTH = object()


def _tuple_of(item: Callable[[Any], Any], plain: Any) -> Callable[[Any], Any]:
    """A reader of a tuple of any length; ``plain`` (from :func:`_plain_tuple`) says how its items may be
    checked in one loop (a view's rows of cards and turns of (seat, card) pairs are read on every step)."""
    if plain is None:
        return lambda value: tuple(map(item, value)) if type(value) is list else _refuse(value)
    if type(plain[0]) is type:  # numbers or texts: checked, kept as they are
        def read_plain(value: Any) -> Any:
            if type(value) is not list:
                raise _Mismatch
            for element in value:
                if type(element) not in plain:
                    raise _Mismatch
            return tuple(value)
        return read_plain
    if plain[0] is _ANY_LENGTH:  # tuples of plain values, of any length
        kinds = plain[1]

        def read_runs(value: Any) -> Any:
            if type(value) is not list:
                raise _Mismatch
            for element in value:
                if type(element) is not list:
                    raise _Mismatch
                for inner in element:
                    if type(inner) not in kinds:
                        raise _Mismatch
            return tuple(map(tuple, value))
        return read_runs
    size = len(plain)

    def read_fixed(value: Any) -> Any:  # tuples of plain values, of one length
        if type(value) is not list:
            raise _Mismatch
        for element in value:
            if type(element) is not list or len(element) != size:
                raise _Mismatch
            for inner, kind in zip(element, plain):
                if type(inner) not in kind:
                    raise _Mismatch
        return tuple(map(tuple, value))
    return read_fixed


def _fixed_tuple(items: tuple[Callable[[Any], Any], ...], kinds: Any) -> Callable[[Any], Any]:
    """A reader of a tuple of fixed length; ``kinds``, when every item is a number or a text, the types
    each may have (checked at once, the values kept as they are)."""

    def read(value: Any) -> Any:
        if type(value) is not list or len(value) != len(items):
            raise _Mismatch
        if kinds is not None:
            for element, kind in zip(value, kinds):
                if type(element) not in kind:
                    raise _Mismatch
            return tuple(value)
        return tuple(reader(element) for reader, element in zip(items, value))
    return read


def _view_class(game: AnyGame) -> type:
    """The ``V`` of the game's ``Game[S, V, M]`` base."""
    for base in getattr(type(game), "__orig_bases__", ()):
        if typing.get_origin(base) is Game:
            view = typing.get_args(base)[1]
            if isinstance(view, type) and dataclasses.is_dataclass(view):
                return view
    raise TypeError(f"{type(game).__name__} does not name its view class as Game[S, V, M]")


def _dataclasses_in(hint: Any) -> list[type]:
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return [hint]
    found = []
    for arg in typing.get_args(hint):
        found.extend(_dataclasses_in(arg))
    return found


_CODECS: dict[str, Codec] = {}


def codec_for(game: AnyGame) -> Codec:
    """The codec of ``game``, made once."""
    codec = _CODECS.get(game.id)
    if codec is None:
        codec = _CODECS[game.id] = Codec(game)
    return codec
