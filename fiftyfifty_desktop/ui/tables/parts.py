"""Drawing pieces every game's table uses: tags, seat plates, card counts, empty places,
lines of a side panel, the prompt, banners and the refusal box.

They take the layout and plain values and only paint, so a table's own
drawing stays with what is particular to its game.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pygame

from .. import fonts, paint
from ..cards import back, card_size
from ..layout import DANGER, GOLD, PANEL_EDGE, TEXT, Layout

Rect = pygame.Rect
#: Dark text on a light tag.
TAG_INK = (20, 20, 20)
#: The thin line round an empty place for a card.
PLACE = (18, 70, 46)


def pill(surface: pygame.Surface, lay: Layout, content: str, pos, fill, ink=TAG_INK, size: int | None = None,
         anchor: str = "center") -> Rect:
    """Bold text on a rounded tag of ``fill``, placed by its ``anchor`` (a pygame.Rect point) at ``pos``;
    ``size`` never under the smallest readable text."""
    size = max(fonts.MIN_TEXT, size or lay.font_small)
    rect = Rect(0, 0, fonts.font(size, True).size(content)[0] + lay.px(1.6), round(size * 1.3))
    setattr(rect, anchor, (round(pos[0]), round(pos[1])))
    pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
    paint.text(surface, content, size, rect.center, ink, bold=True)
    return rect


class Banner(NamedTuple):
    """A message over the middle of the table, in ``colour``, with the card it is about (or None)."""

    text: str
    card: Any
    colour: tuple[int, int, int]


def refusal(surface: pygame.Surface, lay: Layout, rect: Rect, message: str) -> None:
    """Why a move was refused: white on a dark red box, wrapped and centred."""
    paint.panel(surface, rect, lay.px(1.2), colour=(72, 22, 18), edge=DANGER)
    paint.paragraph(surface, message, lay.font_small, Rect(rect.x + lay.px(1.5), rect.y, rect.w - lay.px(3), rect.h),
                    TEXT, bold=True, middle=True)


def plate(surface: pygame.Surface, lay: Layout, rect: Rect, active: bool) -> None:
    """A seat's plate: a panel, edged in gold while the seat is to move or thinking."""
    paint.panel(surface, rect, lay.px(1.2), edge=GOLD if active else PANEL_EDGE)


def plate_name(surface: pygame.Surface, lay: Layout, name: str, left: float, y: float, right: float,
               ink=TEXT) -> Rect:
    """A seat's name on its plate, from ``left`` on the line ``y``, shrunk to end by ``right``."""
    return paint.text(surface, name, lay.font_small, (left, y), ink, bold=True, anchor="midleft",
                      max_width=max(10, round(right - left)))


def cards_left(surface: pygame.Surface, lay: Layout, game_id: str, pos, content: str, height: float, gap: float = 0.5,
               bold: bool = False, max_width: int | None = None) -> Rect:
    """How many cards a seat holds: a small back of ``game_id``'s deck ``height`` pixels high with its middle-left at
    ``pos``, and ``content`` (the count) ``gap`` units after it. Returns the count's rect."""
    x, y = pos
    cw, ch = card_size(round(height))
    surface.blit(back(game_id, cw, ch), (x, y - ch // 2))
    return paint.text(surface, content, lay.font_small, (x + cw + lay.px(gap), y), TEXT, bold=bold,
                      anchor="midleft", max_width=max_width)


def empty_place(surface: pygame.Surface, lay: Layout, rect: Rect, colour=PLACE, width: float = 0.25) -> None:
    """The outline of a place where a card will lie."""
    pygame.draw.rect(surface, colour, rect, width=max(1, lay.px(width)), border_radius=max(2, rect.w // 9))


def side_panels(surface: pygame.Surface, lay: Layout, *rects: Rect) -> None:
    """The panels along a table's edges."""
    for rect in rects:
        paint.panel(surface, rect, lay.px(1.5))


def text_lines(surface: pygame.Surface, lay: Layout, lines, x: float, y: float, width: int, step: float) -> float:
    """Lines ``[(text, colour, bold)]`` of a side panel, ``step`` units apart from ``y``; returns the next line's y."""
    for content, colour, bold in lines:
        paint.text(surface, content, lay.font_small, (x, y), colour, bold=bold, anchor="midleft", max_width=width)
        y += lay.px(step)
    return y


def prompt(surface: pygame.Surface, lay: Layout, content: str, rect: Rect) -> int:
    """What the table waits for (or why a move was refused), in gold in a side panel; returns the height used."""
    return paint.paragraph(surface, content, lay.font_small, rect, GOLD, bold=True, align="left")
