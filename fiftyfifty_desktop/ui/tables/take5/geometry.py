"""Where everything on the Take 5 table sits for one window size: the other
seats' plates along the top, the four rows between two side panels, the
watching seat's hand at the bottom."""

from __future__ import annotations

import pygame

from ....games.take5 import ROW_LIMIT
from ...cards import card_size
from ...layout import Layout
from ..geometry import TableGeometry

Rect = pygame.Rect


class Geometry(TableGeometry):
    """Where everything sits for one window size, in the layout's units."""

    def __init__(self, layout: Layout, seats: int, viewer: int | None) -> None:
        super().__init__(layout, seats, viewer)
        u = layout.u
        self.others = [s for s in range(seats) if s != viewer]  # in seat order
        self.slot_h = 11 * u
        self.row_h = 11.5 * u
        self.row_gap = 1.3 * u
        self.row_top = 25 * u
        self.hand_h = 19 * u
        self.hand_top = layout.height - 23.5 * u

    def plate(self, seat: int) -> Rect:
        return self.top_plate(self.others.index(seat), len(self.others), 26, 1.5, 9)

    def slot(self, seat: int) -> Rect:
        """Where ``seat``'s chosen card lies this turn."""
        if seat == self.viewer:
            panel = self.right_panel()
            return self.card_rect((panel.centerx, panel.y + self.px(31)), self.px(14))
        plate = self.plate(seat)
        return self.card_rect((plate.centerx, plate.bottom + self.px(1) + self.slot_h / 2), self.slot_h)

    def pile(self, seat: int) -> tuple[float, float]:
        """Where a taken row goes: the seat's penalty counter."""
        if seat == self.viewer:
            panel = self.right_panel()
            return panel.centerx, panel.y + self.px(12)
        plate = self.plate(seat)
        return plate.right - self.px(4), plate.centery

    def row_slot(self, row: int, index: int) -> Rect:
        w, h = card_size(round(self.row_h))
        x = self.cx - self.px(27) + index * (w + self.px(1))
        y = self.row_top + row * (self.row_h + self.row_gap)
        return Rect(round(x), round(y), w, h)

    def row_band(self, row: int) -> Rect:
        """The whole row, for highlighting and clicking (label and all six places)."""
        first, last = self.row_slot(row, 0), self.row_slot(row, ROW_LIMIT)
        return Rect(first.x - self.px(7), first.y - self.px(0.5), last.right - first.x + self.px(8),
                    first.h + self.px(1))

    def left_panel(self) -> Rect:
        return self.side_panel(True, 25, 44, 4 * 11.5 + 3 * 1.3)

    def right_panel(self) -> Rect:
        return self.side_panel(False, 25, 44, 4 * 11.5 + 3 * 1.3)

    def panels(self) -> list[Rect]:
        return [self.right_panel(), self.left_panel()]

    def deck(self) -> Rect:
        panel = self.left_panel()
        return self.card_rect((panel.centerx, panel.bottom - self.px(6.5)), self.px(9))

    def hand_slot(self, index: int, count: int) -> Rect:
        return self.hand_spread(index, count, self.hand_h, self.hand_top, 146)

    def pool_slot(self, index: int, count: int) -> Rect:
        """The open draft: a grid filling the rows area."""
        area = Rect(round(self.cx - self.px(41)), round(self.row_top),
                    round(self.px(82)), round(4 * self.row_h + 3 * self.row_gap))
        def fit(cols: int) -> tuple[float, int, int]:
            rows = -(-count // cols)
            return min(area.h / rows * 0.92, (area.w / cols * 0.92) / 0.68), cols, rows

        h, cols, rows = max((fit(cols) for cols in range(4, 27)), key=lambda fitted: fitted[0])  # the first largest
        w = h * 0.68
        gx = (area.w - cols * w) / max(1, cols - 1) if cols > 1 else 0
        gy = (area.h - rows * h) / max(1, rows - 1) if rows > 1 else 0
        col, row = index % cols, index // cols
        cw, ch = card_size(round(h))
        return Rect(round(area.x + col * (w + min(gx, w * 0.2))), round(area.y + row * (h + min(gy, h * 0.15))), cw, ch)


    def plate_card(self, seat: int) -> Rect:
        """Where another seat's chosen card comes from: the middle of its plate."""
        return self.card_rect(self.plate(seat).center, self.slot_h * 0.6)

    def pile_rect(self, seat: int) -> Rect:
        """Where a taken row's cards go: ``seat``'s penalty counter."""
        return self.card_rect(self.pile(seat), self.row_h)
