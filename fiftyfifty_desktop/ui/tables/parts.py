"""Drawing pieces every game's table uses: tags, seat plates, card counts, empty places,
lines of a side panel, the prompt, banners, the refusal box, emblems and tick/cross marks.

They take the layout and plain values and only paint, so a table's own
drawing stays with what is particular to its game.
"""

from __future__ import annotations

import re
from typing import Any, Literal, NamedTuple, Sequence

import pygame

from .. import audit, fonts, paint
from ..cards import back, card_size
from ..layout import DANGER, GOLD, PANEL_EDGE, TEXT, Layout
from ..i18n import Phrase

Rect = pygame.Rect
#: Dark text on a light tag.
TAG_INK = (20, 20, 20)
#: The thin line round an empty place for a card.
PLACE = (18, 70, 46)
#: Shapes that tell groups apart without their colour (a Fifty-Five team's emblem).
EMBLEMS = ("circle", "square", "triangle", "diamond")
#: The dark rim round an emblem, so a light one stands out on a light plate and a dark one on the felt.
EMBLEM_RIM = (10, 20, 14)


def pill(surface: pygame.Surface, lay: Layout, content: str, pos, fill, ink=TAG_INK, size: int | None = None,
         anchor: str = "center", max_width: int | None = None) -> Rect:
    """Bold text on a rounded tag of ``fill``, placed by its ``anchor`` (a pygame.Rect point) at ``pos``;
    ``size`` never under the smallest readable text. With ``max_width`` the tag is kept that narrow (the
    box it sits in): its text shrinks, down to the smallest readable size, and is cut short past that."""
    size = max(fonts.least(), size or lay.font_small)
    if max_width is not None:
        room = max_width - lay.px(1.6)
        size = fonts.fit(content, size, room, True)
        content = fonts.clip(content, size, room, True)
    rect = Rect(0, 0, fonts.font(size, True).size(content)[0] + lay.px(1.6), round(size * 1.3))
    setattr(rect, anchor, (round(pos[0]), round(pos[1])))
    pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
    audit.note(surface, audit.BADGE, rect, content)
    paint.text(surface, content, size, rect.center, ink, bold=True)
    return rect


Mark = Literal["tick", "cross"]
#: A hit's green tick and a miss's red cross: the shapes differ where the colours do not.
MARK_COLOURS: dict[Mark, tuple[int, int, int]] = {"tick": (120, 220, 130), "cross": (230, 130, 120)}


class Banner(NamedTuple):
    """A message over the middle of the table, in ``colour``, with the card it is about (or None) and,
    for a hit or a miss, a tick or cross mark beside the words (so the colour is not alone in saying it)."""

    text: str | Phrase
    card: Any
    colour: Sequence[int]
    mark: Mark | None = None


def emblem(surface: pygame.Surface, shape: str, colour, centre, radius: int) -> Rect:
    """A filled ``shape`` (one of :data:`EMBLEMS`) of ``radius`` pixels round ``centre``, rimmed dark."""
    cx, cy = round(centre[0]), round(centre[1])
    r = max(3, radius)
    rim = max(1, r // 4)
    if shape == "circle":
        pygame.draw.circle(surface, EMBLEM_RIM, (cx, cy), r + rim)
        pygame.draw.circle(surface, colour, (cx, cy), r)
    elif shape == "square":
        side = round(r * 1.7)
        box = Rect(0, 0, side, side)
        box.center = (cx, cy)
        pygame.draw.rect(surface, EMBLEM_RIM, box.inflate(2 * rim, 2 * rim))
        pygame.draw.rect(surface, colour, box)
    else:
        if shape == "triangle":
            unit = [(0.0, -1.15), (1.05, 0.8), (-1.05, 0.8)]
        elif shape == "diamond":
            unit = [(0.0, -1.25), (1.0, 0.0), (0.0, 1.25), (-1.0, 0.0)]
        else:
            raise ValueError(f"no emblem shape {shape!r}")
        outer = [(cx + x * (r + 1.6 * rim), cy + y * (r + 1.6 * rim)) for x, y in unit]
        pygame.draw.polygon(surface, EMBLEM_RIM, outer)
        pygame.draw.polygon(surface, colour, [(cx + x * r, cy + y * r) for x, y in unit])
    return Rect(cx - r - rim, cy - r - rim, 2 * (r + rim), 2 * (r + rim))


def mark(surface: pygame.Surface, kind: Mark, colour, centre, radius: int) -> Rect:
    """A drawn tick (a hit) or cross (a miss) in ``colour`` on a dark disc of ``radius`` pixels."""
    cx, cy = round(centre[0]), round(centre[1])
    r = max(5, radius)
    pygame.draw.circle(surface, EMBLEM_RIM, (cx, cy), r)
    pygame.draw.circle(surface, colour, (cx, cy), r, max(1, r // 6))
    width = max(2, r // 3)
    if kind == "tick":
        points = [(cx - r * 0.5, cy + r * 0.02), (cx - r * 0.12, cy + r * 0.42), (cx + r * 0.52, cy - r * 0.4)]
        pygame.draw.lines(surface, colour, False, points, width)
    else:
        d = r * 0.42
        pygame.draw.line(surface, colour, (cx - d, cy - d), (cx + d, cy + d), width)
        pygame.draw.line(surface, colour, (cx - d, cy + d), (cx + d, cy - d), width)
    return Rect(cx - r, cy - r, 2 * r, 2 * r)


def refusal(surface: pygame.Surface, lay: Layout, rect: Rect, message: str) -> None:
    """Why a move was refused: white on a dark red box, wrapped and centred; the box grows upwards from its
    bottom to hold every line."""
    inner = rect.w - lay.px(3)
    lines = len(fonts.wrap(message, lay.font_small, inner, True))
    box = Rect(rect)
    box.h = max(rect.h, lines * fonts.font(lay.font_small, True).get_linesize() + lay.px(1.2))
    box.bottom = rect.bottom
    paint.panel(surface, box, lay.px(1.2), colour=(72, 22, 18), edge=DANGER)
    paint.paragraph(surface, message, lay.font_small, Rect(box.x + lay.px(1.5), box.y, inner, box.h),
                    TEXT, bold=True, middle=True)


def plate(surface: pygame.Surface, lay: Layout, rect: Rect, active: bool) -> None:
    """A seat's plate: a panel, edged in gold while the seat is to move or thinking."""
    paint.panel(surface, rect, lay.px(1.2), edge=GOLD if active else PANEL_EDGE)


def plate_name(surface: pygame.Surface, lay: Layout, name: str, left: float, y: float, right: float,
               ink=TEXT, size: int | None = None) -> Rect:
    """A seat's name on its plate, from ``left`` on the line ``y``, in ``size`` (the plates' one size for
    names, see :func:`names_size`), shrunk only past that to end by ``right``."""
    return paint.text(surface, name, size or lay.font_small, (left, y), ink, bold=True, anchor="midleft",
                      max_width=max(10, round(right - left)))


def names_size(lay: Layout, names: Sequence[str], room: float) -> int:
    """The one size of the names on a set of plates: the largest at which each fits ``room`` pixels (the
    narrowest room a plate leaves its name), so a long name is not smaller than the short ones beside it."""
    return fonts.fit_all(names, lay.font_small, max(10, round(room)), bold=True)


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
    """Lines ``[(text, colour, bold)]`` of a side panel, ``step`` units apart from ``y`` (further where the text
    size needs it); returns the next line's y."""
    step_px = max(lay.px(step), fonts.font(lay.font_small, True).get_linesize())
    for content, colour, bold in lines:
        paint.text(surface, content, lay.font_small, (x, y), colour, bold=bold, anchor="midleft", max_width=width)
        y += step_px
    return y


def aside(surface: pygame.Surface, lay: Layout, content: str, rect: Rect, colour: Sequence[int],
          align: str = "left") -> int:
    """A paragraph a side panel can do without (a reminder of the rules): drawn in ``rect`` when all of it fits
    there in the current text size, else left out; returns the height used."""
    lines = fonts.wrap(content, lay.font_small, rect.w)
    if len(lines) * fonts.font(lay.font_small).get_linesize() > rect.h:
        return 0
    return paint.paragraph(surface, content, lay.font_small, rect, colour, align=align)


def prompt(surface: pygame.Surface, lay: Layout, content: str, rect: Rect) -> int:
    """What the table waits for (or why a move was refused), in gold in a side panel, in smaller text where it
    would not fit ``rect`` at the text size, down to the smallest text; past that without a closing aside in
    brackets (the keys, which F1 lists too); returns the height used."""
    def height(words: str, size: int) -> int:
        return len(fonts.wrap(words, size, rect.w, True)) * fonts.font(size, True).get_linesize()

    size = fonts.fit_lines(content, lay.font_small, rect.w, rect.h, True)
    aside_at_end = re.search(r" \([^()]*\)([.!]?)$", content)
    if height(content, size) > rect.h and aside_at_end is not None:
        content = content[:aside_at_end.start()] + aside_at_end.group(1)
        size = fonts.fit_lines(content, lay.font_small, rect.w, rect.h, True)
    return paint.paragraph(surface, content, size, rect, GOLD, bold=True, align="left")
