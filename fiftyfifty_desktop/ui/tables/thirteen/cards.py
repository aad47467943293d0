"""Thirteen card faces, painted in code.

Partners share a colour family, so a pair to 13 is recognisable at a
glance: 1 and 12 are red, 2 and 11 orange, 3 and 10 olive, 4 and 9 green,
5 and 8 blue, 6 and 7 violet. The low card of a pair has a light panel and
the high card a deep one. The 13 is black with a silver frame (it is laid
alone) and the 6½ is gold with a star (two make the 3-point pair). Every
face names its partner in a small chip at the bottom.
"""

from __future__ import annotations

import pygame

from ....games.thirteen import HALF, THIRTEEN, partner
from ... import fonts
from ...cards import back_frame, number_emblem
from ...surface_cache import surface_cache

#: Colour family of each pair, by its low card: (light panel, deep panel, ink).
FAMILIES = {
    1: ((252, 214, 214), (196, 52, 60), (150, 24, 34)),
    2: ((252, 226, 196), (214, 112, 30), (150, 70, 10)),
    3: ((238, 238, 190), (150, 146, 36), (98, 92, 12)),
    4: ((206, 240, 206), (46, 140, 70), (22, 92, 42)),
    5: ((204, 226, 250), (40, 100, 186), (22, 62, 140)),
    6: ((230, 214, 248), (120, 70, 180), (80, 40, 130)),
}
THIRTEEN_COLOURS = ((40, 40, 48), (200, 204, 214))  # panel, ink
HALF_COLOURS = ((250, 226, 140), (150, 100, 10))


def card_label(card) -> str:
    """How a card is written for players: ``6½`` for the half, the number otherwise."""
    return "6\u00bd" if card == HALF else str(int(card))


def kind_label(kind, short: bool = False) -> str:
    """``1+12`` ... ``6+7``, ``6½+6½``, ``13``; ``short``: ``2×6½`` for the pair of 6½, for a narrow chip."""
    if kind == THIRTEEN:
        return "13"
    if short and kind == partner(kind):
        return f"2×{card_label(kind)}"
    return f"{card_label(kind)}+{card_label(partner(kind))}"


def family(card) -> tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]:
    """The colours of the pair ``card`` belongs to (not for a 13 or a 6½, which have their own)."""
    return FAMILIES[min(card, partner(card))]


def family_colour(card) -> tuple[int, int, int]:
    """A strong colour standing for the card's pair family (for chips, outlines and the kinds strip).

    Colour only helps here: every face prints its partner ("+12" on the 1), every ask tag the value
    asked and every kind chip both numbers ("1+12"), so a family is read from the numbers when two
    colours look alike (as 1+12, 2+11 and 3+10 do without red or green cones). No extra symbol."""
    if card == THIRTEEN:
        return (150, 156, 170)
    if card == HALF:
        return (232, 180, 40)
    return family(card)[1]


def colours(card) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(panel, ink) of a face."""
    if card == THIRTEEN:
        return THIRTEEN_COLOURS
    if card == HALF:
        return HALF_COLOURS
    light, deep, ink = family(card)
    return (light, ink) if card <= 6 else (deep, (255, 255, 255))


@surface_cache(4)
def _glyph(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """Bold text cropped to its ink, so it centres exactly."""
    image = fonts.font(size, True).render(text, True, colour)
    ink = image.get_bounding_rect()
    return image.subsurface(ink).copy() if ink.w and ink.h else image


def _star(surface: pygame.Surface, centre: tuple[float, float], radius: float, colour) -> None:
    import math

    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)))
    pygame.draw.polygon(surface, colour, points)


def paint_thirteen(surface: pygame.Surface, card) -> None:
    w, h = surface.get_size()
    panel, ink = colours(card)
    inner = surface.get_rect().inflate(-w // 10, -w // 10)
    pygame.draw.rect(surface, panel, inner, border_radius=w // 12)
    frame = (200, 204, 214) if card == THIRTEEN else ink if card != HALF else (150, 100, 10)
    pygame.draw.rect(surface, frame, inner, width=max(2, w // 30), border_radius=w // 12)
    label = card_label(card)
    if card == HALF:
        _star(surface, (inner.centerx, inner.y + inner.h * 0.47), inner.w * 0.42, (255, 244, 200))
    if card == THIRTEEN:
        pygame.draw.circle(surface, (70, 72, 86), (inner.centerx, round(inner.y + inner.h * 0.47)),
                           round(inner.w * 0.38))
        pygame.draw.circle(surface, ink, (inner.centerx, round(inner.y + inner.h * 0.47)), round(inner.w * 0.38),
                           max(2, w // 40))
    size = int(h * (0.36 if len(label) == 1 else 0.30))
    big = _glyph(label, size, ink)
    surface.blit(big, big.get_rect(center=(inner.centerx, round(inner.y + inner.h * 0.47))))
    corner = _glyph(label, int(h * 0.13), ink)
    surface.blit(corner, (inner.x + w // 18, inner.y + w // 18))
    flipped = pygame.transform.rotate(corner, 180)
    surface.blit(flipped, flipped.get_rect(bottomright=(inner.right - w // 18, inner.bottom - w // 18)))
    mate = partner(card)
    chip_text = "= 13" if mate is None else "+" + card_label(mate)
    chip = _glyph(chip_text, int(h * 0.1), panel if card != THIRTEEN else (40, 40, 48))
    chip_rect = chip.get_rect(center=(inner.centerx, round(inner.y + inner.h * 0.84)))
    pill = chip_rect.inflate(w // 8, h // 28)
    pygame.draw.rect(surface, ink, pill, border_radius=pill.h // 2)
    surface.blit(chip, chip_rect)


def paint_thirteen_back(surface: pygame.Surface) -> None:
    """Thirteen: plum with a grid of silver dots and the number 13 in silver, like the face of the 13."""
    w = surface.get_width()
    silver = THIRTEEN_COLOURS[1]

    def dots(panel: pygame.Surface, line: int) -> None:
        step = max(5, w // 8)
        pw, ph = panel.get_size()
        for row, y in enumerate(range(step // 2, ph, step)):
            for x in range(step // 2 + (step // 2 if row % 2 else 0), pw, step):
                pygame.draw.circle(panel, (*silver, 110), (x, y), max(2, line * 2))

    centre = back_frame(surface, (98, 44, 110), (74, 30, 86), silver, dots)
    number_emblem(surface, "13", centre, silver)
