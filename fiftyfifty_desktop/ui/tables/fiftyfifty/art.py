"""Fifty Fifty pictures drawn in code: the number cards, the mood cards, the
half-faces.

A blue half is the left half of a grumpy face, a yellow half the right half
of a laughing one; put together they make one whole face, which is why a
blue and a yellow half cancel. Everything is painted large and scaled down
smoothly, and cached per size.
"""

from __future__ import annotations

import math

import pygame

from ...cards import back_frame
from ...surface_cache import surface_cache
from ... import fonts

BLUE_FILL, BLUE_INK = (74, 128, 222), (22, 48, 110)
YELLOW_FILL, YELLOW_INK = (255, 206, 64), (150, 92, 10)
BLUE_TEXT, YELLOW_TEXT = (128, 176, 255), (255, 214, 90)
HIGH_TINT, LOW_TINT = (206, 224, 255), (255, 238, 180)
SUPERSAMPLE = 4


def _arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float, steps: int = 24) -> list[tuple]:
    """Points along an ellipse from angle ``start`` to ``end`` (degrees, y pointing down)."""
    return [(cx + rx * math.cos(math.radians(start + (end - start) * i / steps)),
             cy + ry * math.sin(math.radians(start + (end - start) * i / steps))) for i in range(steps + 1)]


def paint_half(surface: pygame.Surface, box: pygame.Rect, colour: str) -> None:
    """One half-face filling ``box`` (a square): the grumpy blue left half or the laughing yellow right half."""
    s = box.w
    cx, cy, r = box.centerx, box.centery, s * 0.46
    line = max(2, round(s * 0.05))
    blue = colour == "blue"
    side = -1 if blue else 1
    fill, ink = (BLUE_FILL, BLUE_INK) if blue else (YELLOW_FILL, YELLOW_INK)
    shape = _arc(cx, cy, r, r, 90, 270, 40) if blue else _arc(cx, cy, r, r, -90, 90, 40)
    pygame.draw.polygon(surface, fill, shape)
    shine = _arc(cx + side * r * 0.18, cy - r * 0.1, r * 0.62, r * 0.62, 200 if blue else -70,
                 250 if blue else -20, 8)
    pygame.draw.lines(surface, tuple(min(255, c + 70) for c in fill), False, shine, max(1, line // 2 + 1))
    pygame.draw.polygon(surface, ink, shape, line)
    ex, ey = cx + side * r * 0.42, cy - r * 0.14
    if blue:
        # A frowning eye under a brow that slants down towards the nose, and a sulky mouth.
        pygame.draw.ellipse(surface, (250, 250, 250), pygame.Rect(ex - r * 0.17, ey - r * 0.12, r * 0.34, r * 0.28))
        pygame.draw.circle(surface, ink, (ex + r * 0.04, ey + r * 0.03), max(2, r * 0.09))
        pygame.draw.line(surface, ink, (ex - r * 0.28, ey - r * 0.36), (ex + r * 0.26, ey - r * 0.18),
                         max(2, round(line * 1.3)))
        mouth = _arc(cx, cy + r * 0.62, r * 0.5, r * 0.26, 180, 270, 12)
        pygame.draw.lines(surface, ink, False, mouth, max(2, round(line * 1.2)))
    else:
        # A squeezed, laughing eye, a rosy cheek and a wide open mouth.
        eye = _arc(ex, ey + r * 0.06, r * 0.16, r * 0.14, 180, 360, 10)
        pygame.draw.lines(surface, ink, False, eye, max(2, round(line * 1.2)))
        pygame.draw.circle(surface, (246, 140, 110), (cx + r * 0.66, cy + r * 0.16), r * 0.12)
        mouth = [(cx, cy + r * 0.16)] + _arc(cx, cy + r * 0.16, r * 0.58, r * 0.54, 0, 90, 14)
        pygame.draw.polygon(surface, (150, 40, 40), mouth)
        tongue = _arc(cx + r * 0.16, cy + r * 0.56, r * 0.24, r * 0.14, 180, 360, 8)
        pygame.draw.polygon(surface, (240, 120, 120), tongue)
        pygame.draw.polygon(surface, ink, mouth, max(1, line - 1))
    pygame.draw.line(surface, ink, (cx, cy - r), (cx, cy + r), line)


@surface_cache(8)
def half_face(colour: str, size: int) -> pygame.Surface:
    """A half-face ``size`` pixels square, transparent around it."""
    big = pygame.Surface((size * SUPERSAMPLE, size * SUPERSAMPLE), pygame.SRCALPHA)
    paint_half(big, big.get_rect(), colour)
    return pygame.transform.smoothscale(big, (max(1, size), max(1, size)))


@surface_cache(4)
def whole_face(size: int) -> pygame.Surface:
    """A blue and a yellow half together: the picture of two halves cancelling."""
    big = pygame.Surface((size * SUPERSAMPLE, size * SUPERSAMPLE), pygame.SRCALPHA)
    paint_half(big, big.get_rect(), "blue")
    paint_half(big, big.get_rect(), "yellow")
    return pygame.transform.smoothscale(big, (max(1, size), max(1, size)))


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    red, green, blue = (round(x + (y - x) * t) for x, y in zip(a, b))
    return red, green, blue


def paint_number_card(surface: pygame.Surface, card: int) -> None:
    """A Fifty Fifty card: its number large, the corners small, and a 1..50 scale.

    The tint leans yellow for low cards and blue for high ones, the colours
    of the halves the lowest and the highest card take.
    """
    w, h = surface.get_size()
    t = (card - 1) / 49
    tint = _mix(LOW_TINT, HIGH_TINT, t)
    ink = _mix((140, 84, 8), (24, 58, 140), t)
    inner = surface.get_rect().inflate(-w // 9, -w // 9)
    pygame.draw.rect(surface, tint, inner, border_radius=w // 12)
    pygame.draw.rect(surface, ink, inner, width=max(1, w // 45), border_radius=w // 12)
    number = str(card)
    size = int(h * 0.42)
    big = fonts.font(size, True).render(number, True, ink)
    surface.blit(big, big.get_rect(center=(inner.centerx, inner.y + inner.h * 0.46)))
    corner = fonts.font(int(h * 0.13), True).render(number, True, ink)
    surface.blit(corner, corner.get_rect(topleft=(inner.x + w * 0.05, inner.y + h * 0.02)))
    flipped = pygame.transform.rotate(corner, 180)
    surface.blit(flipped, flipped.get_rect(bottomright=(inner.right - w * 0.05, inner.bottom - h * 0.02)))
    bar = pygame.Rect(0, 0, round(inner.w * 0.62), max(2, round(h * 0.025)))
    bar.center = (inner.centerx, round(inner.y + inner.h * 0.80))
    pygame.draw.rect(surface, _mix(tint, ink, 0.35), bar, border_radius=bar.h // 2)
    marker = (round(bar.x + bar.w * t), bar.centery)
    pygame.draw.circle(surface, ink, marker, max(2, round(h * 0.03)))




@surface_cache(8)
def mood_card(blue: int, yellow: int, width: int, height: int) -> pygame.Surface:
    """A turned mood card: the blue number for the highest card above, the yellow one for the lowest below."""
    w, h = width * 2, height * 2
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, w // 9)
    pygame.draw.rect(big, (60, 60, 60), big.get_rect(), border_radius=radius)
    inner = big.get_rect().inflate(-max(2, w // 35), -max(2, w // 35))
    pygame.draw.rect(big, (250, 248, 240), inner, border_radius=radius)
    pad = w // 14
    top = pygame.Rect(inner.x + pad, inner.y + pad, inner.w - 2 * pad, inner.h // 2 - pad - pad // 3)
    bottom = pygame.Rect(top.x, inner.centery + pad // 3, top.w, top.h)
    for rect, count, colour, fill, ink in ((top, blue, "blue", BLUE_FILL, (255, 255, 255)),
                                           (bottom, yellow, "yellow", YELLOW_FILL, (70, 40, 0))):
        pygame.draw.rect(big, fill, rect, border_radius=w // 14)
        icon = round(rect.h * 0.7)
        face_x = rect.x + rect.w * 0.32
        pygame.draw.circle(big, tuple(min(255, c + 60) for c in fill), (face_x, rect.centery), icon * 0.5)
        shift = icon // 4 if colour == "blue" else -icon // 4  # centre the visible half, not its box
        big.blit(half_face(colour, icon), half_face(colour, icon).get_rect(center=(face_x + shift, rect.centery)))
        digits = fonts.font(round(rect.h * 0.72), True).render(str(count), True, ink)
        big.blit(digits, digits.get_rect(center=(rect.x + rect.w * 0.74, rect.centery + rect.h * 0.03)))
    return pygame.transform.smoothscale(big, (width, height))


def paint_fiftyfifty_back(surface: pygame.Surface) -> None:
    """Fifty Fifty: deep blue with gold stripes, and in the medallion the grumpy and the laughing half
    put together into one face, as a blue and a yellow half cancel in the game."""
    w = surface.get_width()
    gold = (244, 208, 110)

    def stripes(panel: pygame.Surface, line: int) -> None:
        pw, ph = panel.get_size()
        for x in range(-ph, pw + ph, max(4, w // 9)):
            pygame.draw.line(panel, (244, 208, 110, 90), (x, 0), (x + ph, ph), line * 2)

    cx, cy = back_frame(surface, (34, 58, 118), (24, 42, 92), gold, stripes)
    size = round(w * 0.4)
    box = pygame.Rect(cx - size // 2, cy - size // 2, size, size)
    paint_half(surface, box, "blue")
    paint_half(surface, box, "yellow")
