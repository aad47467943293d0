"""One seat's steps as a table sends them, read and checked for meaning before any player or screen sees them.

The codec reads each view and event by its types; the game then says whether the view can be at all (every
card in the deck, none twice, sizes, counts and seats in range) and can follow the view before with the events
the step tells (``Game.check_step``). ``join``'s computer players and the window's ``RemoteMatch`` read every
step through here, so a hostile table ends with one line naming the field, never a crash or a game played on
with an impossible position.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from ..engine import AnyGame, Event, GameError, Move
from .codec import codec_for
from .protocol import ProtocolError


class StepReader:
    """Reads the views and events one seat is sent, each checked against the game and the view before."""

    def __init__(self, game: AnyGame, players: int, options: Mapping[str, Any], seat: int | None) -> None:
        self.game, self.players, self.seat = game, players, seat
        try:  # as the game reads them (JSON has lists where the game has tuples), refused when it cannot
            self.options = game.resolve_options(players, options)
        except GameError as exc:
            raise ProtocolError(f"the table's options: {exc}") from None
        self.codec = codec_for(game)
        self._views = self.codec.view_reader()
        self.view: Any = None  # the last view read

    def read(self, view_data: Any, events_data: Any = ()) -> tuple[Any, tuple[Event, ...]]:
        """The view and the events of one step; raises ``ProtocolError`` naming what cannot be."""
        try:
            view = self._views.read(view_data)
            events = tuple(self.codec.decode_event(event) for event in events_data)
            if getattr(view, "seat", self.seat) != self.seat:
                raise ProtocolError(f"{type(view).__name__}.seat is not this connection's seat")
            self.game.check_step(self.view, events, view, self.players, self.options)
        except ProtocolError:
            raise
        except GameError as exc:
            raise ProtocolError(str(exc)) from None
        self.view = view
        return view, events

    def read_step(self, message: dict[str, Any]) -> ReadStep:
        """A ``step`` or ``sync`` message's view and events, its move and the moves it offers, each read by the game
        (a move the game cannot read is refused as a field that cannot be)."""
        view, events = self.read(message["view"], message.get("events", ()))
        try:
            legal = tuple(self.game.parse_move(text) for text in message.get("legal") or ())
            move = self.game.parse_move(message["move"]) if message.get("move") else None
        except GameError as exc:
            raise ProtocolError(f"a move: {exc}") from None
        return ReadStep(view, events, legal, move)


class ReadStep(NamedTuple):
    """One step (or sync) as this seat's player takes it: every part read and checked."""

    view: Any
    events: tuple[Event, ...]
    legal: tuple[Move, ...]
    move: Move | None
