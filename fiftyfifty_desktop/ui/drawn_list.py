"""A list of rows that scrolls, for any screen whose list can be longer than its room.

:class:`DrawnList` is a widget of a :class:`~.widgets.Form`: it knows how many rows there are, how tall one is
and which comes first; the screen draws each row (``draw_row(surface, index, rect)``). It scrolls with the wheel
over it, with Up/Down (while it holds the focus), PgUp/PgDn and Home/End, and with the scroll bar beside its
rows: the thumb follows the mouse while dragged, and a click on the track above or below it turns a page. Only
whole rows are shown, so no row is cut at an edge. The form gives it clicks and keys; the screen passes the
events the form leaves (the wheel, the mouse moving, the button coming up, the page keys) to
:meth:`DrawnList.handle_event`.
"""

from __future__ import annotations

from typing import Callable

import pygame

from . import audit
from .layout import GOLD, PANEL_EDGE, TEXT_DIM, Layout
from .widgets import Widget, focus_ring

#: Rows one notch of the wheel scrolls.
WHEEL_ROWS = 1
#: Width of the scroll bar and the gap before it, in layout units.
BAR_UNITS, BAR_GAP_UNITS = 1.4, 0.8

DrawRow = Callable[[pygame.Surface, int, pygame.Rect], None]


class DrawnList(Widget):
    def __init__(self, draw_row: DrawRow, count: int = 0) -> None:
        super().__init__()
        self.draw_row = draw_row
        self.count = count
        self.first = 0  # the row shown at the top
        self.row_height = 1
        self.bar_width = self.bar_gap = 0
        self.pointer = (-1, -1)  # where the mouse last moved, for the wheel
        self.grab: int | None = None  # while the thumb is dragged: how far below its top it was taken

    # ----- size and place --------------------------------------------------
    def place(self, rect: pygame.Rect, row_height: int, layout: Layout) -> None:
        """Lay the list out in ``rect`` with rows ``row_height`` pixels tall (from the screen's ``resize``)."""
        self.rect = pygame.Rect(rect)
        self.row_height = max(1, row_height)
        self.bar_width, self.bar_gap = max(4, layout.px(BAR_UNITS)), layout.px(BAR_GAP_UNITS)
        self.scroll_to(self.first)

    def set_count(self, count: int) -> None:
        """The list now has ``count`` rows; the top row stays where it can."""
        self.count = count
        self.scroll_to(self.first)

    @property
    def page(self) -> int:
        """How many rows fit (at least one)."""
        return max(1, self.rect.h // self.row_height)

    @property
    def last_first(self) -> int:
        """The top row when scrolled to the end."""
        return max(0, self.count - self.page)

    def shown(self) -> range:
        """The rows in view, top first."""
        return range(self.first, min(self.count, self.first + self.page))

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is drawn: the list's width less the scroll bar's, ``row_height`` tall."""
        width = self.rect.w - self.bar_width - self.bar_gap
        return pygame.Rect(self.rect.x, self.rect.y + (index - self.first) * self.row_height, width, self.row_height)

    def track(self) -> pygame.Rect | None:
        """The scroll bar's track; None while every row fits."""
        if self.count <= self.page:
            return None
        return pygame.Rect(self.rect.right - self.bar_width, self.rect.y, self.bar_width, self.rect.h)

    def thumb(self) -> pygame.Rect | None:
        """The part of the track that stands for the rows in view."""
        track = self.track()
        if track is None:
            return None
        height = max(self.bar_width * 2, track.h * self.page // self.count)
        top = track.y + (track.h - height) * self.first // max(1, self.last_first)
        return pygame.Rect(track.x, top, track.w, height)

    # ----- scrolling --------------------------------------------------------
    def scroll_to(self, first: int) -> None:
        self.first = min(max(first, 0), self.last_first)

    def scroll_by(self, rows: int) -> bool:
        """Scroll ``rows`` down (up when negative); True when the view moved."""
        before = self.first
        self.scroll_to(self.first + rows)
        return self.first != before

    def _drag_to(self, y: int) -> None:
        track, thumb = self.track(), self.thumb()
        if track is None or thumb is None or self.grab is None:
            return
        room = max(1, track.h - thumb.h)
        self.scroll_to(round((y - self.grab - track.y) * self.last_first / room))

    # ----- input -----------------------------------------------------------
    def click(self, pos):
        """A press on the thumb takes it up; one on the track above or below it turns a page."""
        thumb = self.thumb()
        track = self.track()
        if thumb is None or track is None or not track.collidepoint(pos):
            return
        if thumb.collidepoint(pos):
            self.grab = pos[1] - thumb.y
        else:
            self.scroll_by(self.page if pos[1] > thumb.y else -self.page)

    def key(self, event):
        """Up/Down a row while there is room that way (at an end the focus moves on); the page keys."""
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            return self.scroll_by(1 if event.key == pygame.K_DOWN else -1)
        return self._page_key(event.key)

    def _page_key(self, key: int) -> bool:
        steps = {pygame.K_PAGEUP: -self.page, pygame.K_PAGEDOWN: self.page, pygame.K_HOME: -self.count,
                 pygame.K_END: self.count}
        if key not in steps:
            return False
        self.scroll_by(steps[key])
        return True

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """What the form left: the wheel over the list, the dragged thumb, and the page keys whatever holds the
        focus. None when used."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.grab is not None:
                self._drag_to(event.pos[1])
                return None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.grab is not None:
            self.grab = None
            return None
        elif event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self.pointer):
            self.scroll_by(-event.y * WHEEL_ROWS)
            return None
        elif event.type == pygame.KEYDOWN and self._page_key(event.key):
            return None
        return event

    # ----- drawing ----------------------------------------------------------
    def draw(self, surface, layout, focused, hovered):
        for index in self.shown():
            self.draw_row(surface, index, self.row_rect(index))
        track, thumb = self.track(), self.thumb()
        if track is not None and thumb is not None:
            audit.note(surface, audit.CONTROL, track)
            radius = track.w // 2
            pygame.draw.rect(surface, PANEL_EDGE, track, border_radius=radius)
            taken = self.grab is not None or (hovered and thumb.collidepoint(self.pointer))
            pygame.draw.rect(surface, GOLD if taken or focused else TEXT_DIM, thumb, border_radius=radius)
        if focused:
            focus_ring(surface, self.rect, layout, layout.px(0.8))
