"""Where the parts of the Fifty Fifty table sit for one window size and one seat at the bottom."""

from __future__ import annotations

import pygame

from ....games.fiftyfifty import BLUE
from ...layout import Layout
from ..geometry import TableGeometry

Rect = pygame.Rect


class Geometry(TableGeometry):
    """Where everything sits for one window size, in the layout's units."""

    def __init__(self, layout: Layout, seats: int, bottom: int) -> None:
        super().__init__(layout, seats, bottom)
        self.bottom = bottom
        self.card_h = self.px(18)
        self.hand_h = self.px(19)
        self.hand_top = layout.height - self.px(24.5)

    def left_panel(self) -> Rect:
        return self.side_panel(True, 2, 35, 72)

    def right_panel(self) -> Rect:
        return self.side_panel(False, 2, 35, 72)

    def panels(self) -> list[Rect]:
        return [self.right_panel(), self.left_panel()]

    def plate(self, seat: int) -> Rect:
        return self.top_plate(self.others.index(seat), len(self.others), 30, 2, 10, span=101.5)

    def spot(self, seat: int) -> Rect:
        """Where ``seat``'s card of this trick lies, in front of the seat."""
        if seat == self.bottom:
            return self.card_rect((self.cx, self.px(55)), self.card_h)
        plate = self.plate(seat)
        return self.card_rect((plate.centerx, plate.bottom + self.px(1.5) + self.card_h / 2), self.card_h)

    def counter(self, seat: int) -> tuple[float, float]:
        """Where ``seat``'s halves are counted (and where new halves land)."""
        if seat == self.bottom:
            panel = self.right_panel()
            return panel.x + self.px(9), panel.y + self.px(15)
        plate = self.plate(seat)
        return plate.x + self.px(2.8), plate.y + self.px(7)

    def seat_origin(self, seat: int) -> Rect:
        """Where a seat's cards come from when it plays (its plate, or the hand at the bottom)."""
        if seat == self.bottom:
            return self.card_rect((self.cx, self.hand_top + self.hand_h / 2), self.hand_h)
        return self.card_rect(self.plate(seat).center, self.px(8))

    def middle(self) -> Rect:
        return self.card_rect((self.cx, self.px(40)), self.px(10))

    def mood_deck(self) -> Rect:
        panel = self.left_panel()
        return self.card_rect((panel.x + self.px(8), panel.y + self.px(22)), self.px(10))

    def mood_spot(self) -> Rect:
        panel = self.left_panel()
        return self.card_rect((panel.centerx, panel.y + self.px(42.5)), self.px(27))

    def mood_half(self, colour: str) -> tuple[float, float]:
        """The blue (upper) or yellow (lower) number on the turned mood card, where halves start."""
        spot = self.mood_spot()
        return spot.centerx, spot.y + spot.h * (0.27 if colour == BLUE else 0.73)

    def sheet_button(self) -> Rect:
        panel = self.right_panel()
        return Rect(panel.x + round(self.px(2.5)), panel.bottom - round(self.px(9.5)), panel.w - round(self.px(5)),
                    round(self.px(7)))

    def hand_slot(self, index: int, count: int) -> Rect:
        """A card's place in the fanned hand: the outer cards sit a little lower."""
        drop = self.px(0.15) * (index - (count - 1) / 2) ** 2
        return self.hand_spread(index, count, self.hand_h, self.hand_top + drop, 146, gap=0.6)

    @staticmethod
    def fan_angle(index: int, count: int) -> float:
        """Degrees a card of the hand leans (left cards lean left)."""
        return -2.2 * (index - (count - 1) / 2)
