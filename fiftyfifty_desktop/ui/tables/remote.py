"""A seat at a table hosted elsewhere: a chip per seat down the table's top left corner, and the host's
click on a friend's chip that hands the seat to the computer or back."""

from __future__ import annotations

from typing import Any, Callable

import pygame
from pygame import Rect

from .. import fonts, paint
from ..i18n import tr
from ..layout import GOLD, Layout
from .overlay import Overlay

Chip = tuple[int, Rect, str, tuple[int, int, int]]


class SeatChips(Overlay):
    """The seats of a network table as chips: a green, red or grey dot for connected, away or computer, and
    "waiting for ..." in gold while the cards are at rest. ``layout()`` is the table's, ``busy()`` whether its
    cards are moving."""

    def __init__(self, match: Any, layout: Callable[[], Layout], busy: Callable[[], bool]) -> None:
        self.match = match
        self.layout = layout
        self.busy = busy

    def waiting(self) -> set[int]:
        return set(self.match.thinking()) if not self.busy() else set()

    def chips(self) -> list[Chip]:
        """A chip per seat: the seat, where it is drawn, its words and its dot's colour."""
        lay = self.layout()
        waiting = self.waiting()
        words = fonts.font(lay.font_small)
        x, y = lay.px(1.2), lay.px(1.0)
        line = max(lay.px(3.0), words.get_linesize() + lay.px(0.8))  # the text's own height at any text size
        chips = []
        for seat, info in enumerate(self.match.seats):
            colour = (120, 120, 120) if info.get("computer") else (70, 200, 90) if info.get("connected") \
                else (220, 70, 60)
            name = info.get("name", "")
            label = tr("net.waiting_for", name=name) if seat in waiting else name
            width = words.size(label)[0] + lay.px(4.2)
            chips.append((seat, Rect(x, y + seat * line, width, line - lay.px(0.4)), label, colour))
        return chips

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The host clicked a friend's chip: a computer plays that seat now, or its player again."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or not self.match.session.host:
            return event
        for seat, box, _, _ in self.chips():
            info = self.match.seats[seat]
            if box.collidepoint(event.pos) and seat != self.match.seat and info.get("remote"):
                self.match.hand_over(seat, not info.get("computer"))
                return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout()
        waiting = self.waiting()
        for seat, box, label, colour in self.chips():
            pygame.draw.rect(surface, (10, 36, 24), box, border_radius=lay.px(0.8))
            pygame.draw.circle(surface, colour, (box.x + lay.px(1.6), box.centery), max(3, lay.px(0.7)))
            paint.text(surface, label, lay.font_small, (box.x + lay.px(3), box.centery),
                       GOLD if seat in waiting else (230, 230, 220), anchor="midleft")
