"""Painting the Thirteen table: the other seats along the top, the move log
on the left (drawn by the base table), the pile and the kinds on the right, the ask control in the
middle and the watching seat's hand at the bottom.

Every function paints from a frozen :class:`Frame` (the board, the geometry,
the moves on offer and what is pointed at), never from the table scene, and
changes nothing it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from ....games.thirteen import DRAW, IN, KINDS, OUT, VALUES, Ask, Draw, ThirteenView, group_kind, partner
from ... import fonts
from ... import paint as ui_paint
from ...fonts import least
from ...i18n import tr
from ...layout import DANGER, GOLD, TEXT, TEXT_DIM
from ...widgets import draw_button
from ..frame import TableFrame
from ..parts import (MARK_COLOURS, Banner, aside, cards_left, empty_place, names_size, pill, plate, plate_name,
                     prompt, refusal, side_panels)
from .board import Board
from .cards import card_label, family_colour, kind_label
from .geometry import Geometry

#: A finished kind's ink.
FINISHED = (232, 194, 104)

Rect = pygame.Rect
#: Name colours of the seats, the same in the log, on the plates and in the banners.
SEAT_COLOURS = ((120, 190, 255), (255, 150, 120), (150, 230, 140), (230, 170, 255), (255, 215, 110),
                (110, 225, 215), (255, 140, 190), (210, 210, 130))
HIT = MARK_COLOURS["tick"]
MISS = MARK_COLOURS["cross"]
TRUE_COLOUR = (96, 200, 120)
LIE_COLOUR = (236, 160, 60)


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@dataclass(frozen=True)
class Frame(TableFrame[Geometry, Board, ThirteenView]):
    """What one frame of the Thirteen table is painted from."""

    humans: Sequence[int]
    game_id: str
    my_turn: bool
    finished: bool
    thinking: frozenset[int]  # the computer seats thinking
    choices: Sequence[tuple[Any, Rect]]  # the moves on offer, each with where a click takes it
    selected: int | None  # the choice under the mouse or the keyboard's
    mouse: tuple[int, int]
    message: str  # why a move was refused, while it shows
    prompt: str
    banner: Banner | None
    targets: Sequence[int]  # the seats the person to move may ask, from the left
    target: int | None  # the one chosen
    true_values: frozenset[Any]  # the values an ask of which would be true
    lie_used: bool


def draw_table(f: Frame, surface: pygame.Surface, running: Callable[[pygame.Surface], None]) -> None:
    """The whole dealt table over its backdrop; ``running`` paints the cards in flight, over the hand."""
    choices, selected = f.choices, f.selected
    draw_plates(f, surface)
    draw_info(f, surface)
    draw_centre(f, surface, choices, selected)
    draw_hand(f, surface, choices, selected)
    draw_own_plate(f, surface)
    running(surface)


# ----- the seats --------------------------------------------------------------
def draw_plates(f: Frame, surface: pygame.Surface) -> None:
    lay, g, b = f.layout, f.geo, f.board
    thinking = f.thinking
    for seat in g.others:
        rect = g.plate(seat)
        active = (seat == b.current and b.status[seat] == IN and not f.finished) or seat in thinking
        plate(surface, lay, rect, active)
        draw_seat(f, surface, seat, rect, b.status[seat] != IN)


def name_room(f: Frame, rect: Rect) -> float:
    """Room a plate leaves its name beside the widest points of the table (and "pts" on a wide plate)."""
    lay = f.layout
    widest = max(fonts.font(lay.font_large, True).size(str(f.board.points(s)))[0] for s in range(len(f.names)))
    pts = fonts.font(lay.font_small).size(tr("thirteen.pts"))[0] + lay.px(1.6) if rect.w > lay.px(30) else 0
    return rect.w - 2 * lay.px(1.2) - widest - lay.px(1) - pts


def draw_seat(f: Frame, surface: pygame.Surface, seat: int, rect: Rect, gone: bool) -> None:
    """Name, points, hand (count and face-up singles) and laid pairs of one seat; the names along the top in
    one size."""
    lay, g, b = f.layout, f.geo, f.board
    row = list(g.others) if seat in g.others else [seat]
    size = names_size(lay, [f.names[s] for s in row], min(name_room(f, g.plate(s)) for s in row))
    pad = lay.px(1.2)
    points = str(b.points(seat))
    score = ui_paint.text(surface, points, lay.font_large, (rect.right - pad, rect.y + lay.px(3.4)), GOLD,
                          bold=True, anchor="midright")
    right = score.x - lay.px(1)
    if rect.w > lay.px(30):
        label = ui_paint.text(surface, tr("thirteen.pts"), lay.font_small,
                              (score.x - lay.px(0.6), rect.y + lay.px(3.8)), TEXT_DIM, anchor="midright")
        right = label.x - lay.px(1)
    plate_name(surface, lay, f.names[seat], rect.x + pad, rect.y + lay.px(3), right, seat_colour(seat), size)
    x, y = g.hand_row(seat)
    if gone:
        key = "thirteen.status_out" if b.status[seat] == OUT else "thirteen.status_eliminated"
        place = b.leaving.index(seat) + 1 if seat in b.leaving else 0
        # Centred on the plate, or left of the points where large text brings them down to the tag's row.
        end = score.x - lay.px(1) if y - lay.font_small * 0.65 < score.bottom - score.h * 0.12 else rect.right - pad
        pill(surface, lay, tr(key, place=place), ((rect.x + pad + end) / 2, y),
             GOLD if b.status[seat] == OUT else DANGER, max_width=round(end - rect.x - pad))
    elif seat != f.viewer and not b.hand_sizes[seat] and not b.dealing:
        ui_paint.text(surface, tr("thirteen.no_cards"), lay.font_small, (x, y), TEXT_DIM, anchor="midleft",
                      max_width=rect.w - 2 * pad)
    elif seat != f.viewer:
        cards_left(surface, lay, f.game_id, (x, y), f"\u00d7{b.hand_sizes[seat]}", g.mini_h(), bold=True)
        for i, card in enumerate(b.singles[seat]):  # face-up singles, framed in gold: everyone sees them
            slot = g.single_slot(seat, i)
            if slot.right > rect.right - pad:
                break
            f.cards.outline(surface, f.cards.blit_card(surface, card, slot.center, slot.h), GOLD, 0.3)
    draw_laid(f, surface, seat)


def draw_laid(f: Frame, surface: pygame.Surface, seat: int) -> None:
    lay, g, b = f.layout, f.geo, f.board
    groups = b.laid[seat]
    if not groups:
        plate = g.plate(seat)
        ui_paint.text(surface, tr("thirteen.no_pairs"), lay.font_small,
                      (plate.x + lay.px(1.4), g.laid_slot(seat, 0, 1).centery), TEXT_DIM, anchor="midleft",
                      max_width=plate.w - lay.px(2.8))
        return
    stacks = b.laid_stacks(seat)
    free_from = 0  # where the next count badge may start: each keeps clear of the one before
    for i, (group, count) in enumerate(stacks):
        slot = g.laid_slot(seat, i, len(stacks))
        hidden = group_kind(group) in b.finished
        for j, card in enumerate(group):
            f.cards.blit_card(surface, None if hidden else card, (slot.centerx + j * slot.w * 0.55, slot.centery),
                            slot.h)
        if count > 1:
            size = max(least(), lay.px(2))
            half = (ui_paint.fonts.font(size, True).size(f"\u00d7{count}")[0] + lay.px(1.6)) / 2
            x = max(slot.centerx + slot.w * 0.3, free_from + half)
            free_from = round(pill(surface, lay, f"\u00d7{count}", (x, slot.bottom - lay.px(1)), GOLD, size=size).right
                              + lay.px(0.4))


def draw_own_plate(f: Frame, surface: pygame.Surface) -> None:
    lay, g, b = f.layout, f.geo, f.board
    if f.viewer is None:
        return
    seat = f.viewer
    rect = g.plate(seat)
    active = seat == b.current and b.status[seat] == IN and not f.finished
    plate(surface, lay, rect, active)
    draw_seat(f, surface, seat, rect, b.status[seat] != IN)
    if b.status[seat] == IN:
        x, y = g.hand_row(seat)
        note = tr("thirteen.singles_seen") if b.singles[seat] else tr("thirteen.own_hand", count=len(b.hand))
        ui_paint.text(surface, note, max(least(), lay.px(2.2)), (x, y), TEXT_DIM, anchor="midleft",
                      max_width=round(rect.right - x - lay.px(1.2)))


# ----- the pile and the kinds -------------------------------------------------
def draw_info(f: Frame, surface: pygame.Surface) -> None:
    lay, g, b = f.layout, f.geo, f.board
    panel = g.info_panel()
    side_panels(surface, lay, panel)
    pad = lay.px(1.8)
    x, w = panel.x + pad, panel.w - 2 * pad
    y = panel.y + lay.px(3)
    heading = tr("thirteen.turn", turn=b.turn, dealer=f.names[b.dealer]) if b.turn else \
        tr("thirteen.dealing", dealer=f.names[b.dealer])
    ui_paint.text(surface, heading, lay.font_small,
                  (x, y), TEXT_DIM, anchor="midleft", max_width=w)
    pile = g.pile()
    if b.pile:
        f.cards.blit_stack(surface, pile, b.pile // 8 + 1, most=4)
    else:
        empty_place(surface, lay, pile, (18, 64, 43))
    ui_paint.text(surface, tr("thirteen.pile"), lay.font_small, (pile.right + lay.px(2), pile.centery - lay.px(2.2)),
                  TEXT_DIM, anchor="midleft", max_width=panel.right - pile.right - lay.px(3))
    ui_paint.text(surface, str(b.pile), lay.font_large, (pile.right + lay.px(2), pile.centery + lay.px(2)), TEXT,
                  bold=True, anchor="midleft")
    y = pile.bottom + lay.px(2.6)
    ui_paint.text(surface, tr("thirteen.kinds"), lay.font_small, (x, y), TEXT, bold=True, anchor="midleft",
                  max_width=w)
    y += lay.px(2.2)
    size, gap = max(least(), lay.px(2.3)), lay.px(0.8)
    face = ui_paint.fonts.font(size, True)
    # Four a row, or three where a kind's label would not fit its chip at the text size (never a smaller text).
    columns = 4 if all(face.size(kind_label(kind, short=True))[0] <= (w - 3 * gap) / 4 - 2 for kind in KINDS) else 3
    chip_w, chip_h = (w - (columns - 1) * gap) / columns, lay.px(4.4)
    for i, kind in enumerate(KINDS):
        row, col = divmod(i, columns)
        rect = Rect(round(x + col * (chip_w + gap)), round(y + row * (chip_h + gap)), round(chip_w), chip_h)
        done = kind in b.finished
        pygame.draw.rect(surface, (120, 26, 34) if done else family_colour(kind), rect, border_radius=lay.px(0.8))
        if done:
            pygame.draw.rect(surface, FINISHED, rect, width=1, border_radius=lay.px(0.8))
        label, room = kind_label(kind), rect.w - 2
        if face.size(label)[0] > room:
            label = kind_label(kind, short=True)
        ui_paint.text(surface, label, size, rect.center, FINISHED if done else (255, 255, 255), bold=True,
                      max_width=room)
        if done:
            tick_badge(surface, lay, (rect.right - lay.px(0.4), rect.y + lay.px(0.4)))
    rows = -(-len(KINDS) // columns)
    y += rows * (chip_h + gap) + lay.px(0.4)
    text = f.prompt
    # The reminder that finished kinds turn over gives way to what the table waits for.
    kept = len(fonts.wrap(text, lay.font_small, w, True)) * fonts.font(lay.font_small, True).get_linesize() if text else 0
    y += aside(surface, lay, tr("thirteen.kinds_note"), Rect(x, y, w, panel.bottom - y - kept), TEXT_DIM) + lay.px(1)
    if text:
        prompt(surface, lay, text, Rect(x, y, w, panel.bottom - y))


def tick_badge(surface: pygame.Surface, lay, centre: tuple[int, int]) -> None:
    """A small gold disc with a tick on a finished kind's corner: finished reads by shape, not colour alone."""
    r = max(5, lay.px(1.3))
    pygame.draw.circle(surface, FINISHED, centre, r)
    cx, cy = centre
    pygame.draw.lines(surface, (60, 14, 20), False, [(cx - r * 0.55, cy), (cx - r * 0.1, cy + r * 0.45),
                                                     (cx + r * 0.6, cy - r * 0.45)], max(2, r // 3))


# ----- the middle: banners and the human's choice -------------------------------
def draw_centre(f: Frame, surface: pygame.Surface, choices: Sequence[tuple[Any, Rect]],
                selected: int | None) -> None:
    lay, g = f.layout, f.geo
    area = g.centre()
    if f.banner is not None:
        f.cards.banner(surface, area, f.banner)
    elif f.my_turn and f.view.phase == DRAW:
        draw_draw_choice(f, surface, choices, selected)
    elif f.my_turn:
        draw_ask_control(f, surface, choices, selected)
        if not f.message:
            ui_paint.text(surface, tr("thirteen.keys"), max(least(), lay.px(2.2)), (area.centerx, area.y + lay.px(50)),
                          TEXT_DIM, max_width=area.w)
    elif caption := str(f.board.caption):
        ui_paint.paragraph(surface, caption, lay.font_body,
                           Rect(area.x + lay.px(4), area.centery - lay.px(4), area.w - lay.px(8), lay.px(12)), TEXT)
    if f.message and f.my_turn:
        refusal(surface, lay, Rect(area.x, area.y + lay.px(46.5), area.w, lay.px(7.5)), f.message)


def draw_draw_choice(f: Frame, surface: pygame.Surface, choices: Sequence[tuple[Any, Rect]],
                     selected: int | None) -> None:
    lay, g = f.layout, f.geo
    area = g.centre()
    # The question, then what drawing does, measured down to the buttons; the help gives way first.
    buttons_top = min((rect.y for _, rect in choices), default=area.bottom)
    x, w = area.x + lay.px(4), area.w - lay.px(8)
    top = area.y + lay.px(8)
    heading = tr("thirteen.draw_heading", count=f.board.pile)
    size = fonts.fit_lines(heading, lay.font_body, w, buttons_top - top - lay.px(2), True)
    top += ui_paint.paragraph(surface, heading, size, Rect(x, top, w, lay.px(12)), TEXT, True) + lay.px(1.5)
    aside(surface, lay, tr("thirteen.draw_help"), Rect(x, top, w, buttons_top - lay.px(1.5) - top), TEXT_DIM,
          align="center")
    for i, (move, rect) in enumerate(choices):
        label = tr("thirteen.button_draw") if isinstance(move, Draw) else tr("thirteen.button_pass")
        chosen = i == selected or rect.collidepoint(f.mouse)
        draw_button(surface, rect, lay, label, chosen, chosen, primary=isinstance(move, Draw))


def draw_ask_control(f: Frame, surface: pygame.Surface, choices: Sequence[tuple[Any, Rect]],
                     selected: int | None) -> None:
    lay, g, b = f.layout, f.geo, f.board
    area = g.centre()
    targets = f.targets
    target = f.target
    ui_paint.text(surface, tr("thirteen.ask_whom"), lay.font_body, (area.x + lay.px(3), area.y + lay.px(3.6)), TEXT,
                  bold=True, anchor="midleft", max_width=round(area.w * 0.5))
    for seat, rect in zip(targets, g.target_buttons(len(targets))):
        label = tr("thirteen.target_button", name=f.names[seat], count=b.hand_sizes[seat])
        chosen = seat == target or rect.collidepoint(f.mouse)
        draw_button(surface, rect, lay, label, chosen, chosen, ink=seat_colour(seat))
    lie_used = f.lie_used
    if f.viewer is not None and b.comes_back(f.viewer):
        heading = tr("thirteen.ask_what_comeback", name=f.names[target]) if target is not None else ""
    else:
        heading = tr("thirteen.ask_what", name=f.names[target]) if target is not None else ""
    ui_paint.text(surface, heading, lay.font_small, (area.centerx, area.y + lay.px(15.6)), TEXT, bold=True,
                  max_width=area.w - lay.px(4))
    lie_text = tr("thirteen.lie_spent") if lie_used else tr("thirteen.lie_free")
    size = ui_paint.fonts.fit(lie_text, lay.font_small, round(area.w * 0.42), True)
    pill(surface, lay, lie_text, (area.right - lay.px(3) - ui_paint.fonts.font(size, True).size(lie_text)[0] / 2
                                   - lay.px(0.8), area.y + lay.px(3.6)),
          (120, 120, 120) if lie_used else LIE_COLOUR, size=size)
    legal_values = {m.value for m, _ in choices}
    pointed = choices[selected][0].value if selected is not None and selected < len(choices) else None
    tags = [value_tag(value in f.true_values, value in legal_values) for value in VALUES]
    size = max(least(), lay.px(2.1))
    widest = max(ui_paint.fonts.font(size, True).size(tag)[0] for tag, _ in tags) + lay.px(2.4)
    # Side by side they would touch: every other tag rides up on the foot of its card, so no two ever meet.
    staggered = widest > g.value_slot(1).x - g.value_slot(0).x
    for i, value in enumerate(VALUES):
        slot = g.value_slot(i)
        lifted = value == pointed
        f.cards.hand_card(surface, value, slot, lay.px(1) if lifted else 0, GOLD if lifted else None,
                          dim=value not in legal_values)
        tag, colour = tags[i]
        up = staggered and i % 7 % 2 == 1  # by column, the same in both rows
        y = slot.bottom - round(size * 0.8) if up else slot.bottom + lay.px(1.8)
        pill(surface, lay, tag, (slot.centerx, y), colour, size=size)


def value_tag(true: bool, allowed: bool) -> tuple[str, tuple[int, int, int]]:
    """The tag under a value to ask for and its colour: a true ask, a lie, or no lie (one was told)."""
    if true:
        return tr("thirteen.tag_true"), TRUE_COLOUR
    if allowed:
        return tr("thirteen.tag_lie"), LIE_COLOUR
    return tr("thirteen.tag_no_lie"), (110, 110, 110)


# ----- the watching seat's hand ---------------------------------------------------
def draw_hand(f: Frame, surface: pygame.Surface, choices: Sequence[tuple[Any, Rect]],
              selected: int | None) -> None:
    """The watching seat's cards: face down while dealt, each with the card it asks for, its single and the
    pairs waiting to be laid marked; or a line where there is no hand to show."""
    g, b = f.geo, f.board
    if f.viewer is None:
        if not f.humans:  # several people share the screen: no hand is shown until one of them acts
            hand_line(f, surface, tr("thirteen.watching"), 42)
        return
    if b.dealing:
        count = b.hand_sizes[f.viewer]
        for i in range(count):
            rect = g.hand_slot(i, max(count, 7))
            f.cards.blit_card(surface, None, rect.center, rect.h)
        return
    row = g.hand_cards(b)
    if not row:
        hand_line(f, surface, tr("thirteen.hand_empty" if b.status[f.viewer] == IN else "thirteen.hand_done"), 40)
        return
    pointed = asked_partner(choices, selected) if f.my_turn and f.view.phase != DRAW else None
    singles = list(b.singles[f.viewer])
    # A card's tags may be as wide as the step from one card to the next, so neighbours' tags never meet.
    pitch = row[1][2].x - row[0][2].x if len(row) > 1 else row[0][2].w + f.layout.px(1.2)
    for card, up, rect in row:
        if not up:
            f.cards.blit_card(surface, None, rect.center, rect.h)
        else:
            draw_open_card(f, surface, card, rect, card == pointed, singles, pitch)
    hidden = [rect for _, up, rect in row if not up]
    if hidden:
        draw_waiting(f, surface, hidden[0].union(hidden[-1]))


def asked_partner(choices: Sequence[tuple[Any, Rect]], selected: int | None) -> Any:
    """The card of the hand the selected ask would pair (None when no ask is selected)."""
    if selected is None or selected >= len(choices) or not isinstance(choices[selected][0], Ask):
        return None
    return partner(choices[selected][0].value)


def hand_line(f: Frame, surface: pygame.Surface, line: str, half_width: float) -> None:
    """A line where the hand would be (no hand to show), in smaller text where its words would run past the
    window's foot at the text size."""
    g, lay = f.geo, f.layout
    top = g.hand_top + g.px(3)
    room = Rect(g.cx - g.px(half_width), top, g.px(2 * half_width), lay.height - lay.px(1) - top)
    size = fonts.fit_lines(line, lay.font_small, room.w, room.h)
    ui_paint.paragraph(surface, line, size, room, TEXT_DIM, middle=True)


def draw_open_card(f: Frame, surface: pygame.Surface, card: Any, rect: Rect, lifted: bool,
                   singles: list[Any], room: int) -> None:
    """A card of the hand face up (raised when the chosen ask is for its partner), its single's tag (taken off
    ``singles``) and the card it asks for, each tag at most ``room`` wide."""
    lay = f.layout
    drawn = f.cards.hand_card(surface, card, rect, lay.px(2.5) if lifted else 0, TRUE_COLOUR if lifted else None)
    if card in singles:
        singles.remove(card)
        pill(surface, lay, tr("thirteen.single_tag"), (drawn.centerx, drawn.y + lay.px(1)), GOLD,
             size=max(least(), lay.px(2.2)), max_width=room)
    mate = partner(card)
    if mate is not None:
        pill(surface, lay, tr("thirteen.ask_for", card=card_label(mate)),
             (rect.centerx, rect.bottom + lay.px(1.9)), family_colour(card), ink=(255, 255, 255),
             size=max(least(), lay.px(2.2)), max_width=room)


def draw_waiting(f: Frame, surface: pygame.Surface, span: Rect) -> None:
    """The pairs face down, waiting to be laid: what they are, and a label over them."""
    lay, g = f.layout, f.geo
    pairs = " ".join(kind_label(group_kind(group)) for group in f.board.waiting())
    # The labels start no further left than the pairs (the open cards' tags are there) and end before the
    # seat's own plate or the window's edge.
    right = g.plate(f.viewer).x if f.viewer is not None else lay.width
    room = Rect(span.x, 0, right - lay.px(1) - span.x, 0)
    waiting_tag(surface, lay, tr("thirteen.waiting_tag", pairs=pairs), span, room, span.bottom + lay.px(1.9),
                max(least(), lay.px(2.2)))
    waiting_tag(surface, lay, tr("thirteen.waiting_label"), span, room, span.y - lay.px(1.2), lay.font_small)


def waiting_tag(surface: pygame.Surface, lay, content: str, span: Rect, room: Rect, y: float, size: int) -> None:
    """A gold tag centred over ``span`` where it fits, else moved right, inside ``room``'s columns."""
    width = min(fonts.font(size, True).size(fonts.shown(content))[0] + lay.px(1.6), room.w)
    centre = min(max(span.centerx, room.x + width / 2), room.right - width / 2)
    pill(surface, lay, content, (centre, y), GOLD, size=size, max_width=room.w)
