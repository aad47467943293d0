"""Card art, drawn in code and cached per size.

Each game's registry entry names its face painter, ``painter(surface,
card)``, which paints on a blank, rounded card; faces and backs are painted
at twice the asked size and scaled down smoothly, so edges and small icons
stay crisp at every window size. The Take 5 face is painted here (the title
screen shows Take 5 cards too): its number, and bullhead icons in a colour
that tells the penalty at a glance.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable

import pygame

from .surface_cache import surface_cache
from ..registry import ENTRY
from . import fonts
from .layout import CARD_EDGE, palette

CARD_RATIO = 0.68  # width / height
SUPERSAMPLE = 2

def card_size(height: int) -> tuple[int, int]:
    return max(6, round(height * CARD_RATIO)), max(8, int(height))


def _blank(width: int, height: int, colour: Sequence[int], edge: Sequence[int]) -> pygame.Surface:
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(2, width // 9)
    pygame.draw.rect(surface, edge, surface.get_rect(), border_radius=radius)
    inset = max(1, round(width / 70 * palette().outline))
    pygame.draw.rect(surface, colour, surface.get_rect().inflate(-2 * inset, -2 * inset), border_radius=radius - inset)
    return surface


def _finish(big: pygame.Surface, width: int, height: int) -> pygame.Surface:
    return pygame.transform.smoothscale(big, (width, height)).convert_alpha() if pygame.display.get_surface() \
        else pygame.transform.smoothscale(big, (width, height))


@surface_cache(48)
def face(game_id: str, card: Any, width: int, height: int) -> pygame.Surface:
    """The face of ``card`` of ``game_id`` at this size."""
    big = _blank(width * SUPERSAMPLE, height * SUPERSAMPLE, (250, 248, 240), CARD_EDGE)
    ENTRY[game_id].load("faces")(big, card)
    return _finish(big, width, height)


@surface_cache(8)
def back(game_id: str, width: int, height: int) -> pygame.Surface:
    """The back of ``game_id``'s deck at this size: each game's registry entry names the painter of its own
    back, ``painter(surface)``, so one deck is never mistaken for another."""
    w, h = width * SUPERSAMPLE, height * SUPERSAMPLE
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    ENTRY[game_id].load("back")(big)
    return _finish(big, width, height)


def back_frame(surface: pygame.Surface, field: tuple[int, int, int], shade: tuple[int, int, int],
               accent: tuple[int, int, int], pattern: Callable[[pygame.Surface, int], None]) -> tuple[int, int]:
    """The frame every back shares: a light rim, a ``field`` card with a ``shade`` panel on which
    ``pattern(panel, line_width)`` draws, an ``accent`` edge and an empty medallion. Returns the medallion's
    centre, where the game paints its emblem."""
    w, h = surface.get_size()
    surface.blit(_blank(w, h, field, (245, 236, 214)), (0, 0))
    inner = surface.get_rect().inflate(-w // 7, -w // 7)
    pygame.draw.rect(surface, shade, inner, border_radius=w // 14)
    panel = pygame.Surface(inner.size, pygame.SRCALPHA)
    pattern(panel, max(1, w // 60))
    surface.blit(panel, inner.topleft)
    pygame.draw.rect(surface, accent, inner, width=max(2, w // 40), border_radius=w // 14)
    pygame.draw.circle(surface, shade, inner.center, w // 4)
    pygame.draw.circle(surface, accent, inner.center, w // 4, max(2, w // 40))
    return inner.center


def paint_take5_back(surface: pygame.Surface) -> None:
    """Take 5: deep red with a gold lattice and a bull's head in the medallion."""
    w = surface.get_width()
    gold = (232, 194, 104)

    def lattice(panel: pygame.Surface, line: int) -> None:
        pw, ph = panel.get_size()
        for x in range(-ph, pw + ph, max(4, w // 7)):
            pygame.draw.line(panel, (214, 170, 90, 110), (x, 0), (x + ph, ph), line)
            pygame.draw.line(panel, (214, 170, 90, 110), (x + ph, 0), (x, ph), line)

    cx, cy = back_frame(surface, (146, 36, 44), (120, 26, 34), gold, lattice)
    paint_bullhead(surface, pygame.Rect(cx - w // 6, cy - w // 6, w // 3, w // 3), gold)


def number_emblem(surface: pygame.Surface, text: str, centre: tuple[int, int], colour: tuple[int, int, int]) -> None:
    """A deck's number (``"55"``, ``"13"``) in the medallion of its back."""
    w = surface.get_width()
    image = fonts.font(round(w * 0.22), True).render(text, True, colour)
    if image.get_width() > w * 0.4:
        image = pygame.transform.smoothscale(image, (round(w * 0.4), image.get_height()))
    surface.blit(image, image.get_rect(center=centre))


def paint_bullhead(surface: pygame.Surface, box: pygame.Rect, colour: Sequence[int],
                   outline: tuple[int, int, int] | None = None) -> None:
    """A bull's head filling ``box``: horns, ears, a broad face and a muzzle."""
    x, y, s = box.x, box.y, box.w
    dark = outline or tuple(max(0, c - 110) for c in colour)

    def pt(fx: float, fy: float) -> tuple[int, int]:
        return round(x + fx * s), round(y + fy * s)

    horn_l = [pt(0.30, 0.36), pt(0.10, 0.30), pt(0.02, 0.10), pt(0.16, 0.20), pt(0.34, 0.26)]
    horn_r = [pt(0.70, 0.36), pt(0.90, 0.30), pt(0.98, 0.10), pt(0.84, 0.20), pt(0.66, 0.26)]
    ear_l = [pt(0.30, 0.38), pt(0.06, 0.44), pt(0.26, 0.52)]
    ear_r = [pt(0.70, 0.38), pt(0.94, 0.44), pt(0.74, 0.52)]
    head = [pt(0.28, 0.28), pt(0.72, 0.28), pt(0.76, 0.50), pt(0.66, 0.80), pt(0.34, 0.80), pt(0.24, 0.50)]
    line = max(1, s // 22)
    for shape in (horn_l, horn_r, ear_l, ear_r, head):
        pygame.draw.polygon(surface, colour, shape)
        pygame.draw.polygon(surface, dark, shape, line)
    muzzle = pygame.Rect(0, 0, round(0.40 * s), round(0.24 * s))
    muzzle.center = pt(0.5, 0.80)
    pygame.draw.ellipse(surface, colour, muzzle)
    pygame.draw.ellipse(surface, dark, muzzle, line)
    for fx in (0.42, 0.58):
        pygame.draw.circle(surface, dark, pt(fx, 0.80), max(1, s // 22))
        pygame.draw.circle(surface, dark, pt(fx - 0.02 if fx < 0.5 else fx + 0.02, 0.50), max(1, s // 18))


# ----- Take 5 -----------------------------------------------------------------
#: Face colours by penalty: (panel, ink). One bullhead is calm; seven is loud.
TAKE5_COLOURS = {
    1: ((236, 232, 246), (92, 78, 140)),
    2: ((176, 216, 240), (26, 86, 146)),
    3: ((250, 218, 128), (150, 92, 12)),
    5: ((244, 150, 128), (160, 30, 34)),
    7: ((208, 160, 236), (96, 26, 128)),
}
_ICON_ROWS = {1: (1,), 2: (2,), 3: (3,), 5: (3, 2), 7: (4, 3)}


def take5_bullheads(card: int) -> int:
    """Read from the rules module, so the picture never disagrees with the scoring."""
    from ..games.take5 import BULLHEADS

    return BULLHEADS[card]


def paint_take5(surface: pygame.Surface, card: int) -> None:
    w, h = surface.get_size()
    heads = take5_bullheads(card)
    panel, ink = TAKE5_COLOURS[heads]
    inner = surface.get_rect().inflate(-w // 9, -w // 9)
    pygame.draw.rect(surface, panel, inner, border_radius=w // 12)
    pygame.draw.rect(surface, ink, inner, width=max(1, w // 45), border_radius=w // 12)
    rows = _ICON_ROWS[heads]
    icon = min(inner.w // (max(rows) + 0.6), h * 0.19)
    icon = int(icon)
    top = inner.y + h * 0.05
    for r, count in enumerate(rows):
        left = inner.centerx - count * icon / 2
        for i in range(count):
            paint_bullhead(surface, pygame.Rect(round(left + i * icon), round(top + r * icon * 0.86), icon, icon), ink,
                           (255, 255, 255))
    number = str(card)
    size = int(h * (0.40 if len(number) < 3 else 0.29))
    centre = (inner.centerx, round(inner.y + inner.h * 0.66))
    outline = fonts.font(size, True).render(number, True, (255, 255, 255))
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            off = max(1, size // 20)
            surface.blit(outline, outline.get_rect(center=(centre[0] + dx * off, centre[1] + dy * off)))
    surface.blit(fonts.font(size, True).render(number, True, ink), outline.get_rect(center=centre))

