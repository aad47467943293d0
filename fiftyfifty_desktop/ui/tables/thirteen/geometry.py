"""Where everything on the Thirteen table sits for one window size and one watching seat."""

from __future__ import annotations

import pygame

from ....games.thirteen import Card
from ...cards import card_size
from ...layout import Layout
from ..corner import CORNER_GAP, CORNER_HEIGHT
from ..geometry import TableGeometry
from .board import Board

Rect = pygame.Rect


class Geometry(TableGeometry):
    """In the layout's units; ``others`` are the seats along the top, from the watching seat's left."""

    def __init__(self, layout: Layout, seats: int, viewer: int | None) -> None:
        super().__init__(layout, seats, viewer)
        self.hand_h = 14.5 * layout.u
        self.hand_top = layout.height - 20.5 * layout.u

    def plate(self, seat: int) -> Rect:
        if seat == self.viewer:  # under the info panel, above the corner's buttons at the bottom right
            top, bottom = self.px(75.5), min(self.px(98.5), self.lay.height - self.px(CORNER_HEIGHT + 2 * CORNER_GAP))
            return Rect(round(self.cx + self.px(47)), top, round(self.px(40)), bottom - top)
        return self.top_plate(self.others.index(seat), len(self.others), 36, 1.5, 19)

    def log_panel(self) -> Rect:
        return self.side_panel(True, 22.5, 41, 76)

    def info_panel(self) -> Rect:
        return self.side_panel(False, 22.5, 40, 52)

    def panels(self) -> list[Rect]:
        return [self.info_panel(), self.log_panel()]

    def centre(self) -> Rect:
        return Rect(round(self.cx - self.px(44)), round(self.px(22.5)), round(self.px(89)), round(self.px(52)))

    def pile(self) -> Rect:
        panel = self.info_panel()
        return self.card_rect((panel.x + self.px(6), panel.y + self.px(11.5)), self.px(8))

    def mini_h(self) -> float:
        return self.px(5.2)

    def hand_row(self, seat: int) -> tuple[float, float]:
        """The left end and centre line of a seat's row of cards in hand (back, count, singles)."""
        plate = self.plate(seat)
        if seat == self.viewer:
            return plate.x + self.px(1.2), plate.y + self.px(7.5)
        return plate.x + self.px(1.2), plate.y + self.px(8.2)

    def seat_point(self, seat: int) -> Rect:
        """Where a seat's face-down cards come from and go to."""
        if seat == self.viewer:
            return self.card_rect((self.cx, self.hand_top + self.hand_h / 2), self.hand_h)
        x, y = self.hand_row(seat)
        return self.card_rect((x + self.px(2), y), self.mini_h())

    def single_slot(self, seat: int, index: int) -> Rect:
        x, y = self.hand_row(seat)
        w, _ = card_size(round(self.mini_h()))
        return self.card_rect((x + self.px(11) + index * (w + self.px(0.5)) + w / 2, y), self.mini_h())

    def laid_slot(self, seat: int, index: int, count: int) -> Rect:
        """Group ``index`` of ``count`` in a seat's row of laid pairs (its first card)."""
        plate = self.plate(seat)
        width = plate.w - self.px(2.8)
        h = max(self.px(4.2), min(self.px(6), width / max(1, count) / 1.75 / 0.68))  # smaller when many kinds
        w, _ = card_size(round(h))
        y = plate.bottom - self.px(4.2)
        left = plate.x + self.px(1.4)
        room = width - w * 1.55
        step = min(w * 1.75, room / max(1, count - 1)) if count > 1 else 0
        return self.card_rect((left + w / 2 + index * step, y), h)

    def hand_slot(self, index: int, count: int) -> Rect:
        return self.hand_spread(index, count, self.hand_h, self.hand_top, 84)

    def hand_cards(self, board: Board) -> list[tuple[Card, bool, Rect]]:
        """The viewer's hand as drawn: (card, face up, rect); the waiting pairs face down at the right end."""
        loose = board.loose_cards()
        hidden = [c for group in board.waiting() for c in group]
        cards = [(c, True) for c in loose] + [(c, False) for c in hidden]
        return [(c, up, self.hand_slot(i, len(cards))) for i, (c, up) in enumerate(cards)]

    def target_buttons(self, count: int) -> list[Rect]:
        area = self.centre()
        gap = self.px(1.2)
        w = min(self.px(24), (area.w - self.px(4) - gap * (count - 1)) / max(1, count))
        total = count * w + (count - 1) * gap
        x = area.centerx - total / 2
        return [Rect(round(x + i * (w + gap)), round(area.y + self.px(7)), round(w), round(self.px(6.5)))
                for i in range(count)]

    def value_slot(self, index: int) -> Rect:
        """The 14 values in two rows of seven: 1..6, 6½ above; 7..13 below."""
        area = self.centre()
        row, col = divmod(index, 7)
        h = self.px(10.5)
        w, _ = card_size(round(h))
        step = self.px(11.5)
        x = area.centerx - 3 * step + col * step
        y = area.y + self.px(23.5) + row * self.px(13.5)
        return self.card_rect((x, y), h)

    def draw_buttons(self) -> tuple[Rect, Rect]:
        area = self.centre()
        w, h = self.px(26), self.px(8)
        y = area.y + self.px(30)
        return (Rect(round(area.centerx - w - self.px(2)), round(y), round(w), round(h)),
                Rect(round(area.centerx + self.px(2)), round(y), round(w), round(h)))
