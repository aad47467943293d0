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
import sys
import types
import typing
from typing import Any

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
            name = data.get(TAG)
            if not isinstance(name, str) or name not in self.classes:
                raise CodecError(f"unknown kind of value {brief(name)}")
            names = self._fields[name]
            if set(data) != {TAG, *names}:
                raise CodecError(f"{name} must have the fields {', '.join(names)}")
            values = {n: self.decode(data[n]) for n in names}
            for field_name, value in values.items():
                if not _has_type(value, self._hints[name][field_name]):
                    raise CodecError(f"{name}.{field_name} cannot be {brief(data[field_name])}")
            return self.classes[name](**values)
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


def _view_class(game: AnyGame) -> type:
    """The ``V`` of the game's ``Game[S, V, M]`` base."""
    for base in getattr(type(game), "__orig_bases__", ()):
        if typing.get_origin(base) is Game:
            view = typing.get_args(base)[1]
            if isinstance(view, type) and dataclasses.is_dataclass(view):
                return view
    raise TypeError(f"{type(game).__name__} does not name its view class as Game[S, V, M]")


def _has_type(value: Any, hint: Any) -> bool:
    """Whether a decoded ``value`` is of the type ``hint`` (the forms views and events use: plain values,
    None, unions, tuples of one kind or of fixed length, and dataclasses)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_has_type(value, arg) for arg in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_has_type(item, args[0]) for item in value)
        return len(value) == len(args) and all(_has_type(item, arg) for item, arg in zip(value, args))
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if hint is typing.Any:
        return True
    return isinstance(hint, type) and dataclasses.is_dataclass(hint) and isinstance(value, hint)


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
