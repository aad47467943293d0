"""Relative units and the palette, so every screen scales from 960x540 to 4K and can be painted in high contrast.

``Layout(width, height).u`` is one hundredth of the height of the largest
16:9 area that fits the window; sizes are written in ``u`` and fonts in
``u`` too, so a screen keeps its proportions at any window size.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

import pygame

from .fonts import MIN_TEXT
from .surface_cache import drop_all

# ----- palette -------------------------------------------------------------
@dataclass(frozen=True)
class Palette:
    """The colours every screen is painted in, and how thick card edges are drawn."""

    felt: tuple[int, int, int]
    felt_dark: tuple[int, int, int]
    felt_light: tuple[int, int, int]
    panel: tuple[int, int, int]
    panel_edge: tuple[int, int, int]
    text: tuple[int, int, int]
    text_dim: tuple[int, int, int]
    gold: tuple[int, int, int]
    gold_dark: tuple[int, int, int]
    button: tuple[int, int, int]
    button_hover: tuple[int, int, int]
    button_disabled: tuple[int, int, int]
    danger: tuple[int, int, int]
    scrim: tuple[int, int, int, int]
    card_edge: tuple[int, int, int]
    #: Card edges and selection rings, as a multiple of their usual width.
    outline: float


STANDARD = Palette(
    felt=(28, 94, 64), felt_dark=(14, 56, 38), felt_light=(40, 118, 80), panel=(12, 36, 27),
    panel_edge=(70, 128, 96), text=(244, 239, 225), text_dim=(184, 204, 190), gold=(232, 194, 104),
    gold_dark=(168, 128, 48), button=(22, 66, 47), button_hover=(34, 92, 66), button_disabled=(30, 48, 40),
    danger=(214, 88, 72), scrim=(4, 16, 10, 170), card_edge=(60, 60, 60), outline=1.0)

#: Darker, plainer felt, pure white panel text, lighter dim text and thicker card edges.
HIGH_CONTRAST = Palette(
    felt=(10, 40, 26), felt_dark=(6, 30, 19), felt_light=(12, 44, 29), panel=(0, 0, 0),
    panel_edge=(200, 220, 210), text=(255, 255, 255), text_dim=(226, 234, 228), gold=(255, 214, 90),
    gold_dark=(200, 150, 40), button=(20, 52, 38), button_hover=(44, 96, 70), button_disabled=(40, 46, 44),
    danger=(255, 110, 90), scrim=(0, 0, 0, 200), card_edge=(0, 0, 0), outline=2.0)

#: The smallest text any screen draws, in units times the player's text size: 12 px in a 960x540 window at
#: 100% (18 px at 150%), growing with the window. Where a text does not fit at its size, its control grows, it
#: wraps or the layout makes room: it is never drawn smaller (the layout audit checks both).
READABLE_TEXT = 2.2

_in_use = STANDARD
#: Every text's size as a share of its usual one (the player's "text size" setting).
_text_scale = 1.0


def use_text_scale(percent: int) -> None:
    """Draw every text at ``percent`` of its usual size from the next layout on; rendered text is dropped."""
    global _text_scale
    _text_scale = percent / 100
    drop_all()


def palette() -> Palette:
    """The palette screens are painted in now."""
    return _in_use


def use_palette(chosen: Palette) -> None:
    """Paint every screen in ``chosen`` from the next frame on; rendered surfaces of the old one are dropped."""
    global _in_use
    _in_use = chosen
    drop_all()


class PaletteColour(Sequence[int]):
    """One colour of the palette in use, read each time it is drawn.

    The colours below are imported by name all over the front end (and sit in
    default arguments); being looked up when used, they follow ``use_palette``
    without any drawing code knowing which palette is on. Equal to, and hashed
    as, the plain tuple of the colour now, so caches keyed by colour stay right.
    """

    def __init__(self, name: str) -> None:
        self.name = name

    def rgb(self) -> tuple[int, ...]:
        value: tuple[int, ...] = getattr(_in_use, self.name)
        return value

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[int, ...]: ...

    def __getitem__(self, index):
        return self.rgb()[index]

    def __len__(self) -> int:
        return len(self.rgb())

    def __iter__(self) -> Iterator[int]:
        return iter(self.rgb())

    def __eq__(self, other: object) -> bool:
        return self.rgb() == (tuple(other) if isinstance(other, (tuple, PaletteColour)) else other)

    def __hash__(self) -> int:
        return hash(self.rgb())

    def __repr__(self) -> str:
        return f"PaletteColour({self.name!r}: {self.rgb()})"


FELT = PaletteColour("felt")
FELT_DARK = PaletteColour("felt_dark")
FELT_LIGHT = PaletteColour("felt_light")
PANEL = PaletteColour("panel")
PANEL_EDGE = PaletteColour("panel_edge")
TEXT = PaletteColour("text")
TEXT_DIM = PaletteColour("text_dim")
GOLD = PaletteColour("gold")
GOLD_DARK = PaletteColour("gold_dark")
BUTTON = PaletteColour("button")
BUTTON_HOVER = PaletteColour("button_hover")
BUTTON_DISABLED = PaletteColour("button_disabled")
DANGER = PaletteColour("danger")
SCRIM = PaletteColour("scrim")
CARD_EDGE = PaletteColour("card_edge")
HINT = (120, 206, 240)  # the ring and the edge of a hint, the same in both palettes


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

    # Font sizes in pixels, times the player's text size; the two smallest never under the smallest
    # readable text, whatever the window.
    @property
    def font_min(self) -> int:
        """The smallest text drawn (``READABLE_TEXT``), never under ``MIN_TEXT`` pixels."""
        return max(MIN_TEXT, self.px(READABLE_TEXT * _text_scale))

    @property
    def font_small(self) -> int:
        return max(MIN_TEXT, self.px(2.7 * _text_scale))

    @property
    def font_body(self) -> int:
        return max(MIN_TEXT + 1, self.px(3.3 * _text_scale))

    @property
    def font_large(self) -> int:
        return self.px(4.6 * _text_scale)

    @property
    def font_title(self) -> int:
        return self.px(10 * _text_scale)

