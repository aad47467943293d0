"""Relative units and the palette, so every screen scales from 960x540 to 4K.

``Layout(width, height).u`` is one hundredth of the height of the largest
16:9 area that fits the window; sizes are written in ``u`` and fonts in
``u`` too, so a screen keeps its proportions at any window size.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .fonts import MIN_TEXT

# ----- palette -------------------------------------------------------------
FELT = (28, 94, 64)
FELT_DARK = (14, 56, 38)
FELT_LIGHT = (40, 118, 80)
PANEL = (12, 36, 27)
PANEL_EDGE = (70, 128, 96)
TEXT = (244, 239, 225)
TEXT_DIM = (184, 204, 190)
GOLD = (232, 194, 104)
GOLD_DARK = (168, 128, 48)
BUTTON = (22, 66, 47)
BUTTON_HOVER = (34, 92, 66)
BUTTON_DISABLED = (30, 48, 40)
DANGER = (214, 88, 72)
HINT = (120, 206, 240)  # the ring and the edge of a hint
SCRIM = (4, 16, 10, 170)


@dataclass(frozen=True)
class Layout:
    width: int
    height: int

    @property
    def u(self) -> float:
        return min(self.height, self.width * 9 / 16) / 100

    def px(self, units: float) -> int:
        """``units`` of u in whole pixels (a positive size is at least 1 pixel)."""
        return max(1, round(units * self.u)) if units > 0 else round(units * self.u)

    def centered(self, width: float, height: float, cy: float | None = None) -> pygame.Rect:
        """A rect of ``width`` x ``height`` units centred horizontally (and at ``cy`` units from the top)."""
        r = pygame.Rect(0, 0, self.px(width), self.px(height))
        r.center = (self.width // 2, self.height // 2 if cy is None else self.px(cy))
        return r

    # Font sizes in pixels; the two smallest never under the smallest readable text, whatever the size.
    @property
    def font_small(self) -> int:
        return max(MIN_TEXT, self.px(2.7))

    @property
    def font_body(self) -> int:
        return max(MIN_TEXT + 1, self.px(3.3))

    @property
    def font_large(self) -> int:
        return self.px(4.6)

    @property
    def font_title(self) -> int:
        return self.px(10)

