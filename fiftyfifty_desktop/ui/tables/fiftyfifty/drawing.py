"""Painting the Fifty Fifty table: the mood card panel on the left, the other
seats along the top with their cards of this trick, the bottom seat's panel
on the right and its hand below.

Everything is painted from a frozen :class:`Frame` (the board, the geometry,
whose turn it is and what is pointed at), never from the table scene: drawing
changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from ....games.fiftyfifty import BLUE, HAND_SIZE, FiftyView
from ... import fonts, paint
from ...cards import card_size
from ...i18n import tr
from ...layout import GOLD, PANEL_EDGE, TEXT, TEXT_DIM, Layout
from ...widgets import Button
from ..frame import TableFrame
from ..parts import aside, cards_left, empty_place, names_size, pill, plate, plate_name, side_panels, text_lines
from .board import Board
from .geometry import Geometry
from .art import BLUE_FILL, BLUE_TEXT, YELLOW_FILL, YELLOW_TEXT, half_face, mood_card, whole_face

Rect = pygame.Rect


@dataclass(frozen=True)
class Frame(TableFrame[Geometry, Board, FiftyView]):
    """What one frame of the Fifty Fifty table is painted from."""

    bottom: int  # the seat at the bottom: the viewer's, or the first when watching
    game_id: str
    my_turn: bool
    acting: int | None  # the person to choose a card now
    busy: bool  # cards are moving
    thinking: frozenset[int]  # the computer seats thinking
    choices: Sequence[tuple[Any, Rect]]  # the moves on offer, each with where a click takes it
    selected: int | None  # the choice under the mouse or the keyboard's
    mouse: tuple[int, int]
    message: str  # why a move was refused, while it shows
    prompt: str  # what the person to move is asked (empty when it is not their turn)
    sheet: Button  # the score sheet's button


def paint_backdrop(image: pygame.Surface, lay: Layout, g: Geometry) -> None:
    """The two side panels."""
    side_panels(image, lay, g.left_panel(), g.right_panel())


def draw_table(f: Frame, surface: pygame.Surface, running: Callable[[pygame.Surface], None]) -> None:
    """The whole table over its backdrop; ``running`` paints the cards in flight, over the hand."""
    choices, selected = f.choices, f.selected
    draw_mood_panel(f, surface)
    draw_own_panel(f, surface)
    size = plate_names_size(f)
    for seat in f.geo.others:
        draw_plate(f, surface, seat, size)
    for seat in range(len(f.names)):
        draw_spot(f, surface, seat)
    draw_caption(f, surface)
    draw_hand(f, surface, choices, selected)
    running(surface)


def draw_halves(f: Frame, surface: pygame.Surface, seat: int, pos: tuple[float, float], icon: int, size: int) -> Rect:
    """A seat's halves: a half-face in the colour it holds and the count, or a dim 0 when balanced."""
    blue, yellow = f.board.halves[seat]
    x, y = round(pos[0]), round(pos[1])
    if blue or yellow:
        # Both colours show only for a moment, while new halves land before they cancel.
        rect = None
        for colour, count, tint, shift in ((BLUE, blue, BLUE_TEXT, icon // 4),
                                           ("yellow", yellow, YELLOW_TEXT, -icon // 4)):
            if not count:
                continue
            if rect is not None:
                x = rect.right + round(icon * 0.45)
            image = half_face(colour, icon)
            surface.blit(image, image.get_rect(center=(x + shift, y)))  # centre the visible half, not its box
            rect = paint.text(surface, f"\u00d7{count}", size, (x + round(icon * 0.3) + f.layout.px(0.5), y),
                              tint, bold=True, anchor="midleft")
        assert rect is not None  # one of the two counts is not zero
        return rect
    image = whole_face(icon).copy()
    image.set_alpha(90)
    surface.blit(image, image.get_rect(center=(x, y)))
    return paint.text(surface, "0", size, (x + icon // 2 + f.layout.px(0.5), y), TEXT_DIM, bold=True,
                      anchor="midleft")


def leader_tag(f: Frame, surface: pygame.Surface, midright: tuple[int, int]) -> Rect:
    """A gold tag saying this seat leads the trick, its right end at ``midright``."""
    return pill(surface, f.layout, tr("fiftyfifty.leads"), midright, GOLD, (40, 30, 6), f.layout.px(2.2),
                "midright")


def plate_names_size(f: Frame) -> int:
    """The plates' one size for names, each leaving room for the leader's tag (it moves from trick to trick)."""
    lay, others = f.layout, f.geo.others
    tag = fonts.font(max(fonts.least(), lay.px(2.2)), True).size(tr("fiftyfifty.leads"))[0] + lay.px(1.6)
    room = min((f.geo.plate(seat).w for seat in others), default=0) - 2 * lay.px(1.2) - tag - lay.px(0.8)
    return names_size(lay, [f.names[seat] for seat in others], room)


def draw_plate(f: Frame, surface: pygame.Surface, seat: int, size: int) -> None:
    lay, g, b = f.layout, f.geo, f.board
    rect = g.plate(seat)
    plate(surface, lay, rect, seat in f.thinking)
    pad = lay.px(1.2)
    right = rect.right - pad
    if b.leader == seat:
        right = leader_tag(f, surface, (right, rect.y + lay.px(2.8))).x - lay.px(0.8)
    plate_name(surface, lay, f.names[seat], rect.x + pad, rect.y + lay.px(2.8), right, size=size)
    x, y = g.counter(seat)
    r = draw_halves(f, surface, seat, (x, y), round(lay.px(3.6)), lay.font_small)
    score_x = r.right + lay.px(1.2)
    score = paint.text(surface, tr("fiftyfifty.points", count=b.totals[seat]), lay.font_small, (score_x, y), TEXT_DIM,
                       anchor="midleft", max_width=rect.right - pad - score_x)
    left = str(b.hand_sizes[seat])
    x = rect.right - pad - fonts.font(lay.font_small).size(left)[0] - card_size(lay.px(3.4))[0] - lay.px(0.5)
    if x > score.right + lay.px(0.5):  # cards left, at the plate's right end, when there is room
        cards_left(surface, lay, f.game_id, (x, y), left, lay.px(3.4))


def draw_spot(f: Frame, surface: pygame.Surface, seat: int) -> None:
    lay, g, b = f.layout, f.geo, f.board
    spot = g.spot(seat)
    played = dict(b.trick)
    order = [s for s, _ in b.trick]
    if seat in played and seat not in b.flying:
        f.cards.blit_card(surface, played[seat], spot.center, spot.h)
        if b.high == seat:
            f.cards.outline(surface, spot, BLUE_FILL, 0.7)
            pill(surface, lay, "\u25b2 " + tr("fiftyfifty.highest"), (spot.centerx, spot.bottom + lay.px(1)), BLUE_FILL,
                 (255, 255, 255), anchor="midtop")
        elif b.low == seat:
            f.cards.outline(surface, spot, YELLOW_FILL, 0.7)
            pill(surface, lay, "\u25bc " + tr("fiftyfifty.lowest"), (spot.centerx, spot.bottom + lay.px(1)),
                 YELLOW_FILL, (60, 36, 0), anchor="midtop")
        badge = (spot.x + lay.px(0.2), spot.y + lay.px(0.2))
        size = max(fonts.least(), lay.px(2.2))
        radius = max(lay.px(1.7), round(size * 0.75))
        first = order.index(seat) == 0
        pygame.draw.circle(surface, GOLD if first else (30, 60, 44), badge, radius)
        pygame.draw.circle(surface, (20, 20, 20) if first else PANEL_EDGE, badge, radius, max(1, lay.px(0.2)))
        paint.text(surface, str(order.index(seat) + 1), size, badge, (30, 24, 6) if first else TEXT,
                   bold=True)
        return
    empty_place(surface, lay, spot)
    waiting = seat in f.thinking
    if waiting:
        paint.text(surface, "\u2026", lay.font_large, spot.center, TEXT_DIM)
    elif seat == f.acting and not f.busy:
        paint.paragraph(surface, tr("fiftyfifty.your_card"), lay.font_small,
                        Rect(spot.x + lay.px(0.5), spot.centery - lay.px(3), spot.w - lay.px(1), spot.h), GOLD)


def draw_caption(f: Frame, surface: pygame.Surface) -> None:
    lay, b = f.layout, f.board
    text = f.message or (f.prompt if f.my_turn else str(b.caption))
    if not text:
        return
    colour, bold = (GOLD, True) if f.message or f.my_turn else (TEXT, False)
    area = Rect(0, 0, lay.px(96), lay.px(9))
    area.midtop = (round(f.geo.cx), lay.px(36.5))
    area.h = f.geo.spot(f.bottom).y - lay.px(1) - area.y  # down to the place of the seat's own card
    size = fonts.fit_lines(text, lay.font_body, area.w, area.h, bold)
    paint.paragraph(surface, text, size, area, colour, bold=bold)


def draw_mood_panel(f: Frame, surface: pygame.Surface) -> None:
    lay, g, b = f.layout, f.geo, f.board
    panel = g.left_panel()
    pad = lay.px(2.2)
    x, width = panel.x + pad, panel.w - 2 * pad
    seats = len(f.names)
    lines = [(tr("fiftyfifty.hand", hand=b.hand_no, hands=seats), TEXT, True),
             (tr("fiftyfifty.trick", trick=b.trick_no, tricks=HAND_SIZE), TEXT, True),
             (tr("fiftyfifty.dealer", name=f.names[b.dealer]), TEXT_DIM, False)]
    text_lines(surface, lay, lines, x, panel.y + lay.px(3.4), width, 3.8)
    deck = g.mood_deck()
    f.cards.blit_stack(surface, deck, b.moods_left, 0.35)
    spot = g.mood_spot()
    aside(surface, lay, tr("fiftyfifty.moods_left", count=b.moods_left),
          Rect(deck.right + lay.px(2), deck.y + lay.px(1), panel.right - deck.right - lay.px(3.5),
               min(deck.h, spot.y - deck.y - lay.px(2))), TEXT_DIM)
    if b.mood is not None and not b.turning:
        shadow = spot.move(lay.px(0.4), lay.px(0.6))
        pygame.draw.rect(surface, (8, 30, 20), shadow, border_radius=max(2, spot.w // 9))
        surface.blit(mood_card(b.mood[0], b.mood[1], spot.w, spot.h), spot)
    else:
        empty_place(surface, lay, spot)
    blue, yellow = b.mood if b.mood is not None and not b.turning else ("?", "?")
    y = spot.bottom + lay.px(3.2)
    icon = round(lay.px(3.6))
    legend = ((BLUE, blue, "fiftyfifty.legend_blue", BLUE_TEXT), ("yellow", yellow, "fiftyfifty.legend_yellow",
                                                                  YELLOW_TEXT))
    line_h = fonts.font(lay.font_small, True).get_linesize()
    heights = [len(fonts.wrap(tr(key, count=count), lay.font_small, width - icon - lay.px(1), True)) * line_h
               for _, count, key, _ in legend]
    steps = [max(lay.px(4.6), used + lay.px(1.2)) for used in heights]
    if y - line_h // 2 + sum(steps[:-1]) + heights[-1] > panel.bottom - lay.px(1):
        return  # the mood card itself says which way the halves go; its legend is left out where it cannot fit
    for (colour, count, key, tint), step in zip(legend, steps):
        image = half_face(colour, icon)
        shift = icon // 4 if colour == BLUE else -icon // 4
        surface.blit(image, image.get_rect(center=(x + icon // 2 + shift, y)))
        paint.paragraph(surface, tr(key, count=count), lay.font_small,
                        Rect(x + icon + lay.px(1), y - line_h // 2, width - icon - lay.px(1), line_h),
                        tint, bold=True, align="left")  # wraps in a narrow window, never cut
        y += step


def draw_own_panel(f: Frame, surface: pygame.Surface) -> None:
    lay, g, b = f.layout, f.geo, f.board
    panel = g.right_panel()
    pad = lay.px(2.2)
    seat = f.bottom
    name_w = panel.w - 2 * pad
    if b.leader == seat:
        tag = leader_tag(f, surface, (panel.right - pad, panel.y + lay.px(4)))
        name_w = tag.x - panel.x - pad - lay.px(1)
    paint.text(surface, f.names[seat], lay.font_body, (panel.x + pad, panel.y + lay.px(4)), TEXT, bold=True,
               anchor="midleft", max_width=name_w)
    x, y = g.counter(seat)
    count = draw_halves(f, surface, seat, (x, y), round(lay.px(8)), lay.font_large)
    label, room = tr("fiftyfifty.halves"), panel.right - pad - count.right - lay.px(1.2)
    label_under = fonts.font(lay.font_small).size(label)[0] > room
    if not label_under:
        paint.text(surface, label, lay.font_small, (count.right + lay.px(1.2), y + lay.px(0.6)), TEXT_DIM,
                   anchor="midleft")
    else:  # many halves, or a long word: the label goes under the count
        half = min(fonts.font(lay.font_small).size(label)[0], panel.w - 2 * pad) // 2
        centre = min(max(count.centerx, panel.x + pad + half), panel.right - pad - half)
        paint.text(surface, label, lay.font_small, (centre, count.bottom), TEXT_DIM, anchor="midtop",
                   max_width=panel.w - 2 * pad)
    label_bottom = count.bottom + (fonts.font(lay.font_small).get_linesize() if label_under else 0)
    score = paint.text(surface, tr("fiftyfifty.score", score=b.totals[seat]), lay.font_small,
                       (panel.x + pad, max(panel.y + lay.px(20.5), label_bottom + lay.px(0.5))), TEXT_DIM,
                       anchor="topleft", max_width=panel.w - 2 * pad)
    top = max(panel.y + lay.px(28), score.bottom + lay.px(1.5))
    note = tr("fiftyfifty.watching") if f.viewer is None else tr("fiftyfifty.how_to")
    aside(surface, lay, note, Rect(panel.x + pad, top, panel.w - 2 * pad, f.sheet.rect.y - lay.px(1.5) - top),
          TEXT_DIM)
    f.sheet.draw(surface, lay, False, f.sheet.rect.collidepoint(f.mouse))


def draw_hand(f: Frame, surface: pygame.Surface, choices: Sequence[tuple[Any, Rect]],
              selected: int | None) -> None:
    lay, g, b = f.layout, f.geo, f.board
    if f.viewer is None:
        left = b.hand_sizes[f.bottom] if b.hand_sizes else 0
        count = max(left, b.dealing)
        for i in range(left):
            rect = g.hand_slot(i, count)
            f.cards.blit_card(surface, None, rect.center, rect.h * 0.8, angle=g.fan_angle(i, count))
        return
    playing = bool(choices)
    count = max(len(b.hand), b.dealing)
    for i, card in enumerate(b.hand):
        rect = g.hand_slot(i, count)
        lifted = playing and selected == i  # a lifted card also stands up straight
        f.cards.hand_card(surface, card, rect, lay.px(3) if lifted else 0, GOLD if lifted else None,
                       angle=0 if lifted else g.fan_angle(i, count), number=i if playing else None)
