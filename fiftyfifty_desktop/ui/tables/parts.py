"""Drawing pieces every game's table uses: tags, seat plates, banners, the refusal box.

They take the layout and plain values and only paint, so a table's own
drawing stays with what is particular to its game.
"""

from __future__ import annotations

import pygame

from .. import fonts, paint
from ..layout import Layout

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
