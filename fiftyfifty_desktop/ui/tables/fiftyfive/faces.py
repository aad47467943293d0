"""French-suited card faces for Fifty-Five, painted in code.

Corner indices in both corners, the classic pip patterns for 2 to 10, a
large centre symbol for the aces, and double-ended court cards (J, Q, K):
a bust in a robe of its rank's colour under a crown, a tiara or a feathered
cap, with the suit beside it. Suit symbols come from the bundled
font and are cropped to their ink, so they sit exactly where they are put.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from ...cards import back_frame, number_emblem
from ...surface_cache import surface_cache
from ....games.fiftyfive.cards import RANK_TEXT, SYMBOLS
from ... import fonts

RED = (196, 28, 40)
BLACK = (24, 24, 30)
COURT_TINT = (246, 232, 196)
COURT_EDGE = (176, 136, 60)

#: Pip centres as (x, y) fractions of the pip area, for ranks 2..10 (traditional layouts).
_COLUMN4 = ((0.0, 0.0), (0.0, 1 / 3), (0.0, 2 / 3), (0.0, 1.0))
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)),
    5: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)),
    6: ((0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    7: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    8: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.5, 0.75), (0.0, 1.0), (1.0, 1.0)),
    9: tuple((x, y) for x in (0.0, 1.0) for _, y in _COLUMN4) + ((0.5, 0.5),),
    10: tuple((x, y) for x in (0.0, 1.0) for _, y in _COLUMN4) + ((0.5, 1 / 6), (0.5, 5 / 6)),
}


def suit_colour(suit: int) -> tuple[int, int, int]:
    """Hearts and diamonds red, clubs and spades black."""
    return RED if suit in (0, 1) else BLACK


@surface_cache(4)
def glyph(text: str, size: int, colour: Sequence[int], bold: bool = False) -> pygame.Surface:
    """``text`` rendered and cropped to its ink, so it can be centred exactly."""
    image = fonts.font(size, bold).render(text, True, colour)
    ink = image.get_bounding_rect()
    return image.subsurface(ink).copy() if ink.w and ink.h else image


def suit_symbol(suit: int, size: int, colour: Sequence[int] | None = None) -> pygame.Surface:
    return glyph(SYMBOLS[suit], size, colour or suit_colour(suit))


def _blit_centred(surface: pygame.Surface, image: pygame.Surface, centre: tuple[float, float],
                  upside_down: bool = False) -> None:
    if upside_down:
        image = pygame.transform.rotate(image, 180)
    surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def _corner(surface: pygame.Surface, card: int) -> None:
    """Rank and suit in the top-left corner and, upside down, in the bottom-right."""
    w, h = surface.get_size()
    suit, rank = divmod(card, 13)
    colour = suit_colour(suit)
    index = glyph(RANK_TEXT[rank], round(h * 0.15), colour, bold=True)
    if index.get_width() > w * 0.2:  # "10" is squeezed to the corner's width
        index = pygame.transform.smoothscale(index, (round(w * 0.2), index.get_height()))
    symbol = suit_symbol(suit, round(h * 0.13))
    cx = w * 0.125
    corner = pygame.Surface((round(w * 0.25), round(h * 0.27)), pygame.SRCALPHA)
    _blit_centred(corner, index, (corner.get_width() / 2, h * 0.035 + index.get_height() / 2))
    _blit_centred(corner, symbol, (corner.get_width() / 2, h * 0.06 + index.get_height() + symbol.get_height() / 2))
    surface.blit(corner, (round(cx - corner.get_width() / 2), 0))
    turned = pygame.transform.rotate(corner, 180)
    surface.blit(turned, (round(w - cx - corner.get_width() / 2), h - corner.get_height()))


def _pips(surface: pygame.Surface, suit: int, count: int) -> None:
    w, h = surface.get_size()
    area = pygame.Rect(round(w * 0.33), round(h * 0.17), round(w * 0.34), round(h * 0.66))
    pip = suit_symbol(suit, round(h * (0.16 if count <= 3 else 0.135)))
    for fx, fy in PIPS[count]:
        _blit_centred(surface, pip, (area.x + fx * area.w, area.y + fy * area.h), upside_down=fy > 0.5)


def _ace(surface: pygame.Surface, suit: int) -> None:
    w, h = surface.get_size()
    _blit_centred(surface, suit_symbol(suit, round(h * 0.42)), (w / 2, h / 2))


def _headdress(surface: pygame.Surface, rank: int, centre: tuple[float, float], width: float,
               colour: tuple[int, int, int]) -> None:
    """A crown for the king, a tiara for the queen, a feathered cap for the jack."""
    x, y = centre
    s = width / 2
    outline = max(1, round(width / 28))
    if rank == 12:  # king: five-pointed crown
        points = [(x - s, y + s * 0.45), (x - s, y - s * 0.35), (x - s * 0.5, y + s * 0.05), (x, y - s * 0.6),
                  (x + s * 0.5, y + s * 0.05), (x + s, y - s * 0.35), (x + s, y + s * 0.45)]
        pygame.draw.polygon(surface, (236, 196, 84), points)
        pygame.draw.polygon(surface, colour, points, outline)
        for px in (-s, 0, s):
            pygame.draw.circle(surface, colour, (round(x + px), round(y - (s * 0.6 if px == 0 else s * 0.35))),
                               max(2, round(s * 0.12)))
    elif rank == 11:  # queen: a rounded tiara with a jewel
        rect = pygame.Rect(0, 0, round(2 * s), round(s * 1.1))
        rect.center = (round(x), round(y))
        pygame.draw.ellipse(surface, (236, 196, 84), rect)
        pygame.draw.ellipse(surface, colour, rect, outline)
        band = pygame.Rect(rect.x, rect.centery, rect.w, rect.h // 2)
        pygame.draw.rect(surface, COURT_TINT, band)
        pygame.draw.line(surface, colour, band.topleft, band.topright, outline)
        pygame.draw.circle(surface, colour, (round(x), round(y - s * 0.12)), max(2, round(s * 0.16)))
    else:  # jack: a cap with a feather
        cap = [(x - s, y + s * 0.4), (x - s * 0.7, y - s * 0.3), (x + s * 0.6, y - s * 0.3), (x + s, y + s * 0.4)]
        pygame.draw.polygon(surface, (236, 196, 84), cap)
        pygame.draw.polygon(surface, colour, cap, outline)
        feather = [(x + s * 0.3, y - s * 0.3), (x + s * 0.9, y - s * 0.9), (x + s * 0.55, y - s * 0.25)]
        pygame.draw.polygon(surface, colour, feather)


#: Each court card's robe and hair: (robe, hair).
COURT_DRESS = {10: ((58, 96, 168), (120, 72, 30)), 11: ((122, 58, 140), (196, 150, 60)),
               12: ((168, 40, 48), (226, 226, 220))}
SKIN = (246, 214, 180)
GOLD_TRIM = (236, 196, 84)


def _figure(half: pygame.Surface, suit: int, rank: int) -> None:
    """The upper half of a court card: a bust with its headdress, hair and robe, and the suit beside it.
    The lower half is this one turned round, as on a classic double-ended court card."""
    w, h = half.get_size()
    colour = suit_colour(suit)
    robe, hair = COURT_DRESS[rank]
    line = max(1, round(w / 40))
    cx, head_y, head_r = w * 0.5, h * 0.5, w * 0.17
    # Robe: shoulders running off the bottom edge, with a gold collar and a line of buttons.
    shoulders = [(w * 0.1, h), (w * 0.16, h * 0.8), (cx - head_r * 0.9, h * 0.7), (cx + head_r * 0.9, h * 0.7),
                 (w * 0.84, h * 0.8), (w * 0.9, h)]
    pygame.draw.polygon(half, robe, shoulders)
    pygame.draw.polygon(half, colour, shoulders, line)
    collar = [(cx - head_r * 1.1, h * 0.72), (cx, h * 0.9), (cx + head_r * 1.1, h * 0.72)]
    pygame.draw.lines(half, GOLD_TRIM, False, collar, line * 3)
    # Hair behind the head: long for the queen, a beard for the king, a short crop for the jack.
    if rank == 11:
        pygame.draw.ellipse(half, hair, pygame.Rect(cx - head_r * 1.35, head_y - head_r, head_r * 2.7, head_r * 2.6))
    face_rect = pygame.Rect(0, 0, round(head_r * 2), round(head_r * 2.2))
    face_rect.center = (round(cx), round(head_y))
    pygame.draw.ellipse(half, SKIN, face_rect)
    if rank == 12:
        beard = [(cx - head_r * 0.95, head_y + head_r * 0.1), (cx + head_r * 0.95, head_y + head_r * 0.1),
                 (cx, head_y + head_r * 1.7)]
        pygame.draw.polygon(half, hair, beard)
        pygame.draw.polygon(half, colour, beard, line)
    elif rank == 10:
        fringe = pygame.Rect(face_rect.x, face_rect.y, face_rect.w, round(head_r * 0.7))
        pygame.draw.ellipse(half, hair, fringe)
    pygame.draw.ellipse(half, colour, face_rect, line)
    for side in (-1, 1):
        pygame.draw.circle(half, BLACK, (round(cx + side * head_r * 0.38), round(head_y - head_r * 0.05)),
                           max(1, round(head_r * 0.12)))
    mouth_y = head_y + head_r * (0.35 if rank == 12 else 0.5)
    pygame.draw.line(half, RED, (cx - head_r * 0.25, mouth_y), (cx + head_r * 0.25, mouth_y), line)
    _headdress(half, rank, (cx, head_y - head_r * 1.25), head_r * 2.3, colour)
    _blit_centred(half, suit_symbol(suit, round(h * 0.22)), (w * 0.16, h * 0.22))


def _court(surface: pygame.Surface, suit: int, rank: int) -> None:
    w, h = surface.get_size()
    colour = suit_colour(suit)
    frame = pygame.Rect(round(w * 0.22), round(h * 0.13), round(w * 0.56), round(h * 0.74))
    radius = max(2, w // 24)
    pygame.draw.rect(surface, COURT_TINT, frame, border_radius=radius)
    half = pygame.Surface((frame.w, frame.h // 2), pygame.SRCALPHA)
    _figure(half, suit, rank)
    surface.blit(half, frame.topleft)
    surface.blit(pygame.transform.rotate(half, 180), (frame.x, frame.bottom - half.get_height()))
    pygame.draw.line(surface, COURT_EDGE, (frame.x, frame.centery), (frame.right - 1, frame.centery), max(1, w // 90))
    pygame.draw.rect(surface, COURT_EDGE, frame, width=max(1, w // 60), border_radius=radius)
    inner = frame.inflate(-w // 22, -w // 22)
    pygame.draw.rect(surface, colour, inner, width=max(1, w // 110), border_radius=radius)


def paint_fiftyfive(surface: pygame.Surface, card: int) -> None:
    suit, rank = divmod(card, 13)
    if rank == 0:
        _ace(surface, suit)
    elif rank >= 10:
        _court(surface, suit, rank)
    else:
        _pips(surface, suit, rank + 1)
    _corner(surface, card)


def paint_fiftyfive_back(surface: pygame.Surface) -> None:
    """Fifty-Five: bottle green with a knotwork of interlaced gold rings and the number 55 in the medallion."""
    w = surface.get_width()
    gold = (226, 196, 112)

    def knotwork(panel: pygame.Surface, line: int) -> None:
        step = max(6, w // 6)
        pw, ph = panel.get_size()
        for row, y in enumerate(range(0, ph + step, step // 2)):
            for x in range(-step // 2 if row % 2 else 0, pw + step, step):
                pygame.draw.circle(panel, (226, 196, 112, 120), (x, y), round(step * 0.42), line)

    centre = back_frame(surface, (30, 104, 72), (20, 78, 52), gold, knotwork)
    number_emblem(surface, "55", centre, gold)
