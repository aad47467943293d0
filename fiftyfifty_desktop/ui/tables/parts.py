"""Drawing pieces every game's table uses: tags, seat plates, banners, the refusal box.

They take the layout and plain values and only paint, so a table's own
drawing stays with what is particular to its game.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pygame

from .. import fonts, paint
from ..layout import DANGER, TEXT, Layout

Rect = pygame.Rect
#: Dark text on a light tag.
TAG_INK = (20, 20, 20)


def pill(surface: pygame.Surface, lay: Layout, content: str, pos, fill, ink=TAG_INK, size: int | None = None,
         anchor: str = "center") -> Rect:
    """Bold text on a rounded tag of ``fill``, placed by its ``anchor`` (a pygame.Rect point) at ``pos``."""
    size = size or lay.font_small
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
