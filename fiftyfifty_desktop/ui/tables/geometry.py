"""What every table's geometry measures with: the layout's units, a card's rect, the seats round the
table and the rows and panels every game lays out alike."""

from __future__ import annotations

from typing import Any, Callable

from pygame import Rect

from ..cards import card_size
from ..layout import Layout
from .corner import CORNER_GAP, CORNER_WIDTH


class TableGeometry:
    """What every table's geometry measures with: the layout's units in pixels and a card's rect, and the
    seats: ``viewer`` is the one drawn at the bottom (None: no one's), ``others`` the rest along the top,
    going round from the viewer's left (from seat 0 when no one is at the bottom)."""

    def __init__(self, layout: Layout, seats: int, viewer: int | None) -> None:
        self.lay = layout
        self.cx = layout.width / 2
        self.seats = seats
        self.viewer = viewer
        first = viewer if viewer is not None else -1
        self.others = [(first + i) % seats for i in range(1, seats + 1) if (first + i) % seats != viewer]

    def px(self, units: float) -> float:
        return units * self.lay.u

    def card_rect(self, centre: tuple[float, float], height: float) -> Rect:
        w, h = card_size(round(height))
        r = Rect(0, 0, w, h)
        r.center = (round(centre[0]), round(centre[1]))
        return r

    def top_plate(self, index: int, count: int, widest: float, top: float, height: float,
                  span: float = 172) -> Rect:
        """Plate ``index`` of ``count`` in the row centred along the top: each at most ``widest`` units
        wide, the row (with its gaps) within about ``span`` units."""
        u = self.lay.u
        width = min(widest * u, (span * u) / max(1, count) - 1.5 * u)
        gap = self.px(1.5)
        total = count * width + (count - 1) * gap
        x = self.cx - total / 2 + index * (width + gap)
        return Rect(round(x), round(self.px(top)), round(width), round(self.px(height)))

    def spread(self, index: int, count: int, height: float, top: float, span: float, gap: float = 1.2,
               shift: float = 0.0) -> Rect:
        """Card ``index`` of a row of ``count`` cards ``height`` pixels high at ``top``: ``gap`` units apart,
        overlapping when the row would be wider than ``span`` units; centred, or ``shift`` units right."""
        w, h = card_size(round(height))
        step = min(w + self.px(gap), (self.px(span) - w) / max(1, count - 1))
        total = (count - 1) * step + w
        return Rect(round(self.cx - total / 2 + index * step + self.px(shift)), round(top), w, h)

    def hand_spread(self, index: int, count: int, height: float, top: float, span: float, gap: float = 1.2,
                    shift: float = 0.0) -> Rect:
        """Card ``index`` of the hand at the foot of the table, as :meth:`spread` lays it out, but never
        reaching under the corner's buttons at the bottom right (on a 16:9 window a ten-card hand would)."""
        room = self.lay.width / self.lay.u - CORNER_WIDTH - 2 * CORNER_GAP - self.cx / self.lay.u - shift
        return self.spread(index, count, height, top, min(span, 2 * room), gap, shift)

    def panels(self) -> list[Rect]:
        """The side panels, the one on the right first: where a guided game's note may sit when the
        strip along the top would hide the other seats."""
        return []

    def side_panel(self, left: bool, top: float, width: float, height: float) -> Rect:
        """A panel on the left or right edge of the table's 174 units, in units."""
        x = self.cx - self.px(87) if left else self.cx + self.px(87 - width)
        return Rect(round(x), round(self.px(top)), round(self.px(width)), round(self.px(height)))


class LiveGeometry:
    """Forwards to the table's current geometry (``current()``), so a card in flight follows a resized window."""

    def __init__(self, current: Callable[[], Any]) -> None:
        self._current = current

    def __getattr__(self, name: str) -> Any:
        return getattr(self._current(), name)

    @staticmethod
    def fixed(place: Any) -> Callable[[], Any]:
        """A place that does not follow the window (where a card already is)."""
        return lambda: place

    def at(self, name: str, *args: Any) -> Callable[[], Any]:
        """Where the geometry's ``name(*args)`` is whenever asked: a card in flight follows a resize."""
        return lambda: getattr(self._current(), name)(*args)

    def in_hand(self, hand: list[Any], card: Any) -> Callable[[], Any]:
        """Where ``card`` of the watching seat's ``hand`` sits whenever asked, for a card to fly from."""
        return self.at("hand_slot", hand.index(card), len(hand))
