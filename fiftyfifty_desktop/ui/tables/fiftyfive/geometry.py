"""Where everything on the Fifty-Five table sits for one window size: the
other seats' plates along the top, the watching seat's hand at the bottom,
two side panels and the middle for the kitty, the buttons and the trick."""

from __future__ import annotations

import pygame

from ...cards import card_size
from ...layout import Layout
from ..geometry import TableGeometry

Rect = pygame.Rect


class Geometry(TableGeometry):
    """Rects in the layout's units; the watching seat (None: a spectator) has the plate beside the hand."""

    def __init__(self, layout: Layout, seats: int, viewer: int | None) -> None:
        super().__init__(layout, seats, viewer)
        self.hand_h = 17 * layout.u
        self.hand_top = layout.height - 21.5 * layout.u
        self.trick_h = 15 * layout.u

    def plate(self, seat: int) -> Rect:
        if seat == self.viewer:
            return Rect(round(self.cx - self.px(87)), round(self.hand_top - self.px(1)), round(self.px(21)),
                        round(self.px(21.5)))
        return self.top_plate(self.others.index(seat), len(self.others), 30, 1.5, 10.5)

    def pile(self, seat: int) -> Rect:
        """The seat's pile of won tricks, at the right of its counters row."""
        plate = self.plate(seat)
        y = plate.y + self.px(6.8 if seat == self.viewer else 7.2)
        return self.card_rect((plate.right - self.px(3), y), self.px(4.2))

    def bubble(self, seat: int) -> Rect:
        """The speech bubble of a seat's last call (below a top plate, inside the viewer's plate)."""
        plate = self.plate(seat)
        w = min(plate.w - self.px(2), self.px(16))
        if seat == self.viewer:
            return Rect(round(plate.centerx - w / 2), round(plate.bottom - self.px(7.5)), round(w), round(self.px(5)))
        return Rect(round(plate.centerx - w / 2), round(plate.bottom + self.px(1.2)), round(w), round(self.px(5)))

    def seat_point(self, seat: int) -> Rect:
        """Where a seat's cards come from and go to."""
        if seat == self.viewer:
            return self.card_rect((self.cx, self.hand_top + self.hand_h / 2), self.hand_h)
        plate = self.plate(seat)
        return self.card_rect(plate.center, self.px(8))

    def dealer_point(self, dealer: int) -> Rect:
        """Where the dealt packets leave from."""
        return self.card_rect(self.plate(dealer).center, self.px(9))

    def left_panel(self) -> Rect:
        return self.side_panel(True, 19, 40, 56)

    def right_panel(self) -> Rect:
        return self.side_panel(False, 19, 40, 56)

    def panels(self) -> list[Rect]:
        return [self.right_panel(), self.left_panel()]

    def centre(self) -> Rect:
        return Rect(round(self.cx - self.px(45)), round(self.px(19)), round(self.px(90)), round(self.px(56)))

    def hand_slot(self, index: int, count: int) -> Rect:
        return self.hand_spread(index, count, self.hand_h, self.hand_top, 128, shift=6)

    def trick_slot(self, index: int, count: int) -> Rect:
        """Card ``index`` of a trick of ``count`` cards: one row, or two rows from seven players on."""
        area = self.centre()
        if count <= 6:
            cols, top, height = count, area.y + self.px(19), self.trick_h
        else:
            cols, top, height = -(-count // 2), area.y + self.px(11), self.px(13)
        w, h = card_size(round(height))
        row, col = divmod(index, cols)
        in_row = min(cols, count - row * cols)
        step = w + self.px(5)
        x = area.centerx - ((in_row - 1) * step + w) / 2 + col * step
        return Rect(round(x), round(top + row * (h + self.px(9))), w, h)

    def kitty_slot(self, index: int) -> Rect:
        area = self.centre()
        w, h = card_size(round(self.px(12)))
        x = area.centerx - self.px(8.8) + index * self.px(4.4) - w / 2
        return Rect(round(x), round(area.y + self.px(12)), w, h)

    def discard_pile(self) -> Rect:
        area = self.centre()
        return self.card_rect((area.right - self.px(5), area.y + self.px(6)), self.px(9))

    def bid_buttons(self, count: int) -> list[Rect]:
        area = self.centre()
        w, gap = self.px(13), self.px(1.5)
        x = area.centerx - (count * w + (count - 1) * gap) / 2
        rects = []
        for _ in range(count):
            rects.append(Rect(round(x), round(area.bottom - self.px(13)), round(w), round(self.px(7.5))))
            x += w + gap
        return rects

    def trump_buttons(self) -> list[Rect]:
        area = self.centre()
        size, gap = self.px(15), self.px(2.5)
        x = area.centerx - (4 * size + 3 * gap) / 2
        return [Rect(round(x + i * (size + gap)), round(area.y + self.px(18)), round(size), round(size + self.px(4)))
                for i in range(4)]

    def confirm_button(self) -> Rect:
        area = self.centre()
        return Rect(round(area.centerx - self.px(16)), round(area.bottom - self.px(11)), round(self.px(32)),
                    round(self.px(7.5)))

    def trump_badge(self) -> Rect:
        """The round badge of the trump suit in the left panel (its bounding square)."""
        panel, size = self.left_panel(), self.px(10)
        return Rect(round(panel.x + self.px(2.2)), round(panel.y + self.px(13.25)), round(size), round(size))

    def ranking_button(self) -> Rect:
        """The small button beside the trump badge, under the trumps' name (two lines may sit above it),
        that shows the ranking of the trumps."""
        badge, panel = self.trump_badge(), self.left_panel()
        x = badge.right + self.px(1.5)
        return Rect(round(x), round(panel.y + self.px(19.5)), round(panel.right - self.px(2.2) - x),
                    round(self.px(4.5)))

    def ranking_panel(self) -> Rect:
        """Where the ranking of the trumps is shown: over the middle of the table."""
        return self.centre()

    def ranking_row(self, index: int, count: int, row: int, rows: int, top: float, bottom: float,
                    left: float, right: float) -> Rect:
        """Card ``index`` of ``count`` in ranking row ``row`` of ``rows`` between ``top`` and ``bottom``:
        as large as the rows' share of the height allows, overlapping like a fan when the row would
        be wider than the room from ``left`` to ``right``."""
        share = (bottom - top) / rows
        w, h = card_size(round(min(share - self.px(1), self.px(16))))
        room = right - left
        step = min(w + self.px(0.6), (room - w) / max(1, count - 1))
        total = (count - 1) * step + w
        x = left + (room - total) / 2 + index * step
        return Rect(round(x), round(top + row * share + (share - h) / 2), w, h)
