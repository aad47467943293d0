"""Painting the Take 5 table from a frozen :class:`Frame`: the board, the geometry, the seat's view and
what the pointer and the keyboard point at. It only reads, so a frame may be drawn any number of times
without changing what the next one shows, and it never sees the table scene.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from ...surface_cache import surface_cache
from ....games.take5 import HAND_SIZE, ROW_LIMIT, ROWS, Draft, TakeRow, Take5View, penalty_points
from ... import audit, fonts, paint
from ...cards import card_size, paint_bullhead
from ...i18n import tr
from ...layout import DANGER, GOLD, TEXT, TEXT_DIM, Layout
from ..frame import TableFrame
from ..parts import cards_left, empty_place, names_size, plate_name, prompt, side_panels, text_lines
from .board import FLOAT_TIME, Board
from .geometry import Geometry

#: The sixth place of a full row, filled dark red under its red 6.
FULL_ROW_PLACE = (52, 30, 26)

Rect = pygame.Rect


@surface_cache(4)
def bull_icon(size: int, colour: Sequence[int]) -> pygame.Surface:
    big = pygame.Surface((size * 3, size * 3), pygame.SRCALPHA)
    paint_bullhead(big, big.get_rect(), colour, (20, 20, 20))
    return pygame.transform.smoothscale(big, (size, size))


@dataclass(frozen=True)
class Frame(TableFrame[Geometry, Board, Take5View]):
    """What one frame of the Take 5 table is painted from."""

    game_id: str
    game_number: int | None  # shown while the game is played here (a remote seat learns it at the end)
    my_turn: bool
    busy: bool  # cards are moving
    to_move: frozenset[int]
    thinking: frozenset[int]  # the computer seats thinking
    choices: Sequence[tuple[Any, Rect]]  # the moves on offer, each with where a click takes it
    selected: int | None  # the choice under the mouse or the keyboard's
    mouse: tuple[int, int]
    waiting_for: str  # the refusal shown, else the prompt


def draw_table(f: Frame, surface: pygame.Surface, running: Callable[[pygame.Surface], None]) -> None:
    """The whole table over its backdrop; ``running`` paints the cards in flight, under the open hand."""
    choices, selected = f.choices, f.selected
    draw_plates(f, surface)
    draw_side_panels(f, surface)
    draw_rows(f, surface, choices, selected)
    draw_pool(f, surface, choices, selected)
    draw_hand(f, surface, choices, selected)
    running(surface)
    draw_open_hand(f, surface)
    draw_floaters(f, surface)


def draw_pool(f: Frame, surface: pygame.Surface, choices: Sequence[tuple[Any, Rect]],
              selected: int | None) -> None:
    """The open draft (professional variant)."""
    lay, g, b = f.layout, f.geo, f.board
    for i, card in enumerate(b.pool):
        if card:
            rect = g.pool_slot(i, len(b.pool))
            lifted = selected is not None and choices and choices[selected][0] == Draft(card)
            f.cards.hand_card(surface, card, rect, lay.px(1.2) if lifted else 0, GOLD if lifted else None)


def draw_floaters(f: Frame, surface: pygame.Surface) -> None:
    lay, g = f.layout, f.geo
    for floater in f.board.floaters:
        x, y = g.pile(floater.seat)
        image = fonts.text(floater.text, lay.font_large, tuple(DANGER), True).copy()
        image.set_alpha(round(255 * (1 - floater.age / FLOAT_TIME)))
        surface.blit(image, image.get_rect(center=(round(x), round(y - lay.px(8) * floater.age / FLOAT_TIME))))


def draw_plates(f: Frame, surface: pygame.Surface) -> None:
    lay, g = f.layout, f.geo
    to_move, thinking = f.to_move, f.thinking
    pad = lay.px(1.2)
    size = names_size(lay, [f.names[s] for s in g.others], min((g.plate(s).w - 2 * pad for s in g.others), default=0))
    for seat in g.others:
        rect = g.plate(seat)
        active = seat in thinking or (seat in to_move and f.view.phase != "choose")
        if active:
            pygame.draw.rect(surface, GOLD, rect, width=max(2, lay.px(0.3)), border_radius=lay.px(1.2))
        plate_name(surface, lay, f.names[seat], rect.x + pad, rect.y + lay.px(2.6), rect.right - pad, size=size)
        draw_counters(f, surface, seat, (rect.x + pad, rect.y + lay.px(6.6)), rect.w - 2 * pad)
        if not draw_slot(f, surface, seat) and seat in thinking:
            paint.text(surface, "\u2026", lay.font_large, g.slot(seat).center, TEXT_DIM)


def draw_slot(f: Frame, surface: pygame.Surface, seat: int) -> bool:
    """The card ``seat`` has chosen this turn, ringed if it must take a row; False if none lies there."""
    b = f.board
    if seat not in b.slots or seat in b.flipping:
        return False
    slot = f.geo.slot(seat)
    card, up = b.slots[seat]
    f.cards.blit_card(surface, card if up else None, slot.center, slot.h)
    if b.must_take_a_row(seat):
        f.cards.outline(surface, slot)
    return True


def draw_open_hand(f: Frame, surface: pygame.Surface) -> None:
    """Professional variant: pointing at a seat shows its hand, which everyone knows."""
    lay, g, b = f.layout, f.geo, f.board
    if b.open_hands is None or f.busy:
        return
    seat = next((s for s in g.others if g.plate(s).collidepoint(f.mouse)), None)
    if seat is None or not b.open_hands[seat]:
        return
    hand = b.open_hands[seat]
    w, h = card_size(lay.px(9))
    step = w + lay.px(0.6)
    box = Rect(0, 0, len(hand) * step + lay.px(2.4), h + lay.px(2.4))
    box.midtop = g.plate(seat).midbottom
    box.clamp_ip(surface.get_rect())
    paint.panel(surface, box, lay.px(1))
    for i, card in enumerate(hand):
        f.cards.blit_card(surface, card, (box.x + lay.px(1.2) + i * step + w / 2, box.centery), h)


def draw_counters(f: Frame, surface: pygame.Surface, seat: int, pos: tuple[int, int], width: int) -> None:
    """Cards left and bullheads so far (this round's share in brackets)."""
    lay, b = f.layout, f.board
    size = lay.font_small
    x, y = pos
    icon = round(size * 1.05)
    left = b.hand_sizes[seat] if seat < len(b.hand_sizes) else 0
    r = cards_left(surface, lay, f.game_id, (x, y), str(left), icon, 0.6)
    x = r.right + lay.px(2)
    surface.blit(bull_icon(icon, GOLD), (x, y - icon // 2))
    total = b.totals[seat] if seat < len(b.totals) else 0
    extra = b.this_round[seat] if seat < len(b.this_round) else 0
    r = paint.text(surface, str(total), size, (x + icon + lay.px(0.6), y), GOLD, bold=True, anchor="midleft")
    room = pos[0] + width - r.right - lay.px(0.6)
    if extra and fonts.font(size).size(f"(+{extra})")[0] <= room:
        paint.text(surface, f"(+{extra})", size, (r.right + lay.px(0.6), y), TEXT_DIM, anchor="midleft")


def draw_side_panels(f: Frame, surface: pygame.Surface) -> None:
    lay, g, b = f.layout, f.geo, f.board
    left = g.left_panel()
    pad = lay.px(2.5)
    x, y = left.x + pad, float(left.y + lay.px(3.5))
    turn = (tr("take5.turn", turn=min(b.turn, HAND_SIZE), turns=HAND_SIZE) if b.phase != "draft"
            else tr("take5.drafting"))
    lines = [
        (tr("take5.round", round=b.round) + " \u00b7 " + turn, TEXT, True),
        (tr("take5.target", count=f.view.target), TEXT_DIM, False),
    ]
    if f.game_number is not None:
        lines.append((tr("table.game_number", number=f.game_number), TEXT_DIM, False))
    y = text_lines(surface, lay, lines, x, y, left.w - 2 * pad, 4.2)
    waiting_for = f.waiting_for
    if waiting_for:
        y += lay.px(1.5) + prompt(surface, lay, waiting_for, Rect(x, y + lay.px(1.5), left.w - 2 * pad, lay.px(14)))
    if b.caption and not f.my_turn:
        paint.paragraph(surface, b.caption, lay.font_small, Rect(x, y + lay.px(1.5), left.w - 2 * pad, lay.px(10)),
                        TEXT, align="left")
    deck = g.deck()
    if not b.pool:
        f.cards.blit_stack(surface, deck, 3)
    right = g.right_panel()
    paint.text(surface, tr("table.keys_hint"), lay.font_small, (right.centerx, right.bottom - lay.px(3)), TEXT_DIM,
               max_width=right.w - 2 * pad)
    if b.open_hands is not None:
        paint.text(surface, tr("take5.open_hands_hint"), lay.font_small,
                   (right.centerx, right.bottom - lay.px(6.5)), TEXT_DIM, max_width=right.w - 2 * pad)
    if f.viewer is None:
        paint.paragraph(surface, tr("take5.watching"), lay.font_small,
                        Rect(right.x + pad, right.y + lay.px(3), right.w - 2 * pad, right.h), TEXT_DIM)
        return
    seat = f.viewer
    paint.text(surface, f.names[seat], lay.font_body, (right.centerx, right.y + lay.px(4)), TEXT, bold=True,
               max_width=right.w - 2 * pad)
    counter = g.pile(seat)
    icon = lay.px(4.5)
    surface.blit(bull_icon(icon, GOLD), (right.centerx - icon - lay.px(1), counter[1] - icon // 2))
    paint.text(surface, str(b.totals[seat]), lay.font_large, (right.centerx + lay.px(1), counter[1]), GOLD,
               bold=True, anchor="midleft")
    paint.text(surface, tr("take5.this_round", count=b.this_round[seat]), lay.font_small,
               (right.centerx, counter[1] + lay.px(4.5)), TEXT_DIM, max_width=right.w - 2 * pad)
    slot = g.slot(seat)
    paint.text(surface, tr("take5.your_card"), lay.font_small, (slot.centerx, slot.y - lay.px(1.2)), TEXT_DIM,
               anchor="midbottom")
    draw_slot(f, surface, seat)


def draw_rows(f: Frame, surface: pygame.Surface, choices: Sequence[tuple[Any, Rect]],
              selected: int | None) -> None:
    lay, g, b = f.layout, f.geo, f.board
    if b.drafting:
        return
    picking = f.view.phase == "row" and bool(choices)
    for r in range(ROWS):
        chosen = picking and selected is not None and choices[selected][0] == TakeRow(r)
        if picking:  # the backdrop holds the quiet rows; a row choice lights them up
            draw_row_band(surface, lay, g, r, chosen)
        if len(b.rows[r]) == ROW_LIMIT and not (b.sixth and b.sixth[0] == r):
            # A full row: the next card here takes it. Say so in red.
            slot = g.row_slot(r, ROW_LIMIT)
            radius = max(2, slot.w // 9)
            pygame.draw.rect(surface, FULL_ROW_PLACE, slot, border_radius=radius)  # hides the quiet 6 below it
            pygame.draw.rect(surface, DANGER, slot, width=max(2, lay.px(0.35)), border_radius=radius)
            with audit.overlapping("a full row's red 6 replaces the quiet 6 its empty place shows"):
                paint.text(surface, "6", lay.font_large, slot.center, DANGER, bold=True)
        for j, card in enumerate(b.rows[r]):
            slot = g.row_slot(r, j)
            f.cards.blit_card(surface, card, slot.center, slot.h)
        if b.sixth is not None and b.sixth[0] == r:
            slot = g.row_slot(r, ROW_LIMIT)
            f.cards.blit_card(surface, b.sixth[1], slot.center, slot.h)
        points = penalty_points(b.rows[r])
        if points:
            end = g.row_slot(r, ROW_LIMIT)
            icon = lay.px(3)
            x = end.right + lay.px(1.5)
            surface.blit(bull_icon(icon, GOLD if chosen else TEXT_DIM), (x, end.centery - icon // 2))
            paint.text(surface, str(points), lay.font_body, (x + icon + lay.px(0.6), end.centery),
                       GOLD if chosen else TEXT, bold=True, anchor="midleft")


def draw_row_band(surface: pygame.Surface, lay: Layout, g: Geometry, row: int, chosen: bool | None) -> None:
    """A row's band, number and empty places; ``chosen`` None is the quiet look."""
    band = g.row_band(row)
    pygame.draw.rect(surface, (70, 60, 22) if chosen else (22, 74, 50), band, border_radius=lay.px(1.2))
    if chosen is not None:
        pygame.draw.rect(surface, GOLD, band, width=max(2, lay.px(0.4 if chosen else 0.2)),
                         border_radius=lay.px(1.2))
    label = g.row_slot(row, 0)
    paint.text(surface, str(row + 1), lay.font_large, (label.x - lay.px(3.5), label.centery),
               TEXT_DIM if chosen is None else GOLD, bold=True)
    for j in range(ROW_LIMIT + 1):
        slot = g.row_slot(row, j)
        if j == ROW_LIMIT:
            empty_place(surface, lay, slot, (96, 70, 44), 0.2)
            paint.text(surface, "6", lay.font_body, slot.center, (110, 84, 52), bold=True)
        else:
            empty_place(surface, lay, slot, (18, 64, 43), 0.2)


def paint_backdrop(image: pygame.Surface, lay: Layout, g: Geometry, viewer: int | None, quiet_rows: bool) -> None:
    """Side panels, plates and the empty places of cards, and the quiet rows unless the open draft is there."""
    side_panels(image, lay, g.left_panel(), g.right_panel())
    empty = [g.slot(seat) for seat in g.others]
    if viewer is not None:
        empty.append(g.slot(viewer))
    for seat in g.others:
        paint.panel(image, g.plate(seat), lay.px(1.2))
    for slot in empty:
        empty_place(image, lay, slot)
    if quiet_rows:
        for r in range(ROWS):
            draw_row_band(image, lay, g, r, None)


def draw_hand(f: Frame, surface: pygame.Surface, choices: Sequence[tuple[Any, Rect]],
              selected: int | None) -> None:
    lay, g, b = f.layout, f.geo, f.board
    if f.viewer is None:
        return
    playing = f.view.phase == "choose" and bool(choices)
    count = max(len(b.hand), b.dealing)
    for i, card in enumerate(b.hand):
        rect = g.hand_slot(i, count)
        lifted = playing and selected == i
        f.cards.hand_card(surface, card, rect, lay.px(3) if lifted else 0, GOLD if lifted else None,
                       number=i if playing and count <= 10 else None)
