"""Painting the Fifty-Five table from its board, its view and the choices on
offer. Everything here only reads the table: a frame changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....games.fiftyfive.cards import (ACE_OF_HEARTS, CLUBS, DIAMONDS, PLAIN_ORDER, RANK_TEXT, SUIT_NAMES, SYMBOLS,
                                       TRUMP_ORDER, show, trick_winner)
from ....games.fiftyfive.rules import (ALL_TRICKS_BID, BIDDING, DISCARDING, HAND_SIZE, NAMING, PLAYING, TRICK_POINTS,
                                       FiftyFiveView, Hold, Pass, call_amounts, side_of, side_seats)
from ... import fonts, paint
from ...i18n import join_names, tr
from ...layout import DANGER, GOLD, GOLD_DARK, PANEL_EDGE, TEXT, TEXT_DIM, Layout
from ...widgets import draw_button
from ..parts import EMBLEMS, cards_left, emblem, pill, plate, plate_name, prompt, refusal
from .faces import suit_symbol

if TYPE_CHECKING:
    from .table import FiftyFiveTable

Rect = pygame.Rect
#: Team badge colours: partners share one, and each team has its own shape too (``EMBLEMS``).
TEAM_COLOURS = ((92, 160, 232), (232, 120, 92), (136, 208, 120), (212, 150, 230))
PASS, HOLD = Pass().text(), Hold().text()


# ----- words and colours of the picture ---------------------------------------
def suit_name(suit: int) -> str:
    return tr(f"fiftyfive.suit_{SUIT_NAMES[suit]}")


def call_label(text: str, amount: int) -> str:
    """A call of the bidding as a player reads it; ``amount`` is what it stands at (``call_amounts``)."""
    if text == PASS:
        return tr("fiftyfive.call_pass")
    if text == HOLD:
        return tr("fiftyfive.call_hold_bid", bid=amount)
    return str(amount)


def team_of(view: FiftyFiveView, seat: int) -> int | None:
    """The team ``seat`` plays in (None when every player plays for themselves)."""
    return side_of(view, seat) if view.teams > 1 else None


def team_emblem(surface: pygame.Surface, lay: Layout, team: int, centre) -> Rect:
    """The badge of ``team``: its own shape in its own colour, so colour is not alone in telling teams apart."""
    return emblem(surface, EMBLEMS[team % len(EMBLEMS)], TEAM_COLOURS[team % len(TEAM_COLOURS)], centre,
                  lay.px(1.2))


def side_name(view: FiftyFiveView, names: list[str], side: int) -> str:
    members = join_names([names[s] for s in side_seats(view, side)])
    return tr("fiftyfive.team_members", number=side + 1, names=members) if view.teams > 1 else members


# ----- the frame --------------------------------------------------------------
def draw_table(t: FiftyFiveTable, surface: pygame.Surface) -> None:
    choices = t.choices()
    selected = t.selected()
    draw_plates(t, surface)
    draw_left_panel(t, surface)
    draw_right_panel(t, surface)
    draw_centre(t, surface, choices, selected)
    draw_hand(t, surface, choices, selected)
    if t.ranking_shown:
        draw_ranking(t, surface)
    t.draw_running(surface)
    t.cards.banner(surface, t.geo.centre(), t.banner)


def draw_plates(t: FiftyFiveTable, surface: pygame.Surface) -> None:
    lay, g, b = t.layout, t.geo, t.board
    to_move = set(t.match.to_move()) if not t.busy else set()
    thinking = min(t.match.thinking()) if t.match.thinking() else None
    seats = g.others + ([t.viewer] if t.viewer is not None else [])
    for seat in seats:
        rect = g.plate(seat)
        plate(surface, lay, rect, seat == thinking or seat in to_move)
        pad = lay.px(1.1)
        x = rect.x + pad
        y = rect.y + lay.px(2.6)
        team = team_of(t.view, seat)
        if team is not None:
            team_emblem(surface, lay, team, (x + lay.px(1.2), y))
            x += lay.px(3.4)
        right = rect.right - pad
        if seat == b.dealer:
            right = draw_dealer_disc(t, surface, rect).x - lay.px(0.6)
        plate_name(surface, lay, t.names[seat], x, y, right)
        draw_counters(t, surface, seat, rect)
        draw_bubble(t, surface, seat)


def draw_dealer_disc(t: FiftyFiveTable, surface: pygame.Surface, plate: Rect) -> Rect:
    """A round dealer button on the plate's top-right corner; the rect it covers, for the name to keep clear of."""
    lay = t.layout
    centre = (plate.right - lay.px(1.2), plate.y + lay.px(1.2))
    disc = pygame.draw.circle(surface, (250, 246, 232), centre, lay.px(2.2))
    pygame.draw.circle(surface, GOLD_DARK, centre, lay.px(2.2), max(1, lay.px(0.3)))
    paint.text(surface, tr("fiftyfive.dealer_chip"), lay.font_small, centre, (30, 30, 30), bold=True)
    return disc


def draw_counters(t: FiftyFiveTable, surface: pygame.Surface, seat: int, rect: Rect) -> None:
    """Cards in hand, and the trick pile with its count."""
    lay, b = t.layout, t.board
    pad = lay.px(1.1)
    y = rect.y + lay.px(7.2) if seat != t.viewer else rect.y + lay.px(6.8)
    cards_left(surface, lay, t.game.id, (rect.x + pad, y), str(b.hand_sizes[seat]), lay.px(3.6), max_width=round(rect.w * 0.5))
    pile = t.geo.pile(seat)
    if b.piles[seat]:
        t.cards.blit_stack(surface, pile, b.piles[seat], 0.3)
        paint.text(surface, f"\u00d7{b.piles[seat]}", lay.font_small, (pile.x - lay.px(0.6), pile.centery), GOLD,
                   bold=True, anchor="midright")


def draw_bubble(t: FiftyFiveTable, surface: pygame.Surface, seat: int) -> None:
    """The seat's last call in the bidding, or its contract once it has won the bidding."""
    lay, g, b = t.layout, t.geo, t.board
    calls = [(text, amount) for (s, text), amount in zip(b.calls, call_amounts(b.calls)) if s == seat]
    if b.bidder == seat and not b.bidding and not b.dealing:
        text = tr("fiftyfive.contract_chip", bid=b.bid)
    elif calls and b.bidding and not b.dealing:
        text = call_label(*calls[-1])
    else:
        return
    rect = g.bubble(seat)
    high = seat == b.bidder
    colour = GOLD if high else (236, 232, 220)
    tail_x = rect.centerx
    if seat != t.viewer:
        tail = [(tail_x - lay.px(1), rect.y + 1), (tail_x + lay.px(1), rect.y + 1), (tail_x, rect.y - lay.px(1.2))]
        pygame.draw.polygon(surface, colour, tail)
    pygame.draw.rect(surface, colour, rect, border_radius=lay.px(1.2))
    label = ("\u2605 " if high else "") + text
    paint.text(surface, label, lay.font_small, rect.center, (24, 24, 24), bold=True, max_width=rect.w - lay.px(1))


def draw_left_panel(t: FiftyFiveTable, surface: pygame.Surface) -> None:
    """The hand, the dealer, the trumps, the contract and how it stands, the target and the prompt."""
    lay, g, b, v = t.layout, t.geo, t.board, t.view
    panel = g.left_panel()
    paint.panel(surface, panel, lay.px(1.5))
    pad = lay.px(2.2)
    x, w = panel.x + pad, panel.w - 2 * pad
    y = panel.y + lay.px(3.2)
    paint.text(surface, tr("fiftyfive.hand", hand=max(1, b.hand_number)), lay.font_small, (x, y), TEXT,
               bold=True, anchor="midleft", max_width=w)
    y += lay.px(3.8)
    paint.text(surface, tr("fiftyfive.dealer", name=t.names[b.dealer]), lay.font_small, (x, y), TEXT_DIM,
               anchor="midleft", max_width=w)
    # The trump badge, and beside it its name and the button that shows the ranking.
    badge = g.trump_badge()
    radius, centre = badge.w // 2, badge.center
    button = g.ranking_button()
    y = panel.y + lay.px(12.5)
    pygame.draw.circle(surface, (246, 242, 230), centre, radius)
    pygame.draw.circle(surface, GOLD, centre, radius, max(2, lay.px(0.4)))
    if b.trump >= 0:
        symbol = suit_symbol(b.trump, lay.px(6.5))
        surface.blit(symbol, symbol.get_rect(center=centre))
        label = tr("fiftyfive.trumps", suit=suit_name(b.trump))
    else:
        paint.text(surface, "?", lay.font_large, centre, (120, 120, 120), bold=True)
        label = tr("fiftyfive.no_trumps_yet")
    paint.paragraph(surface, label, lay.font_small, Rect(button.x, y, button.w, button.y - y), TEXT, bold=True,
                    align="left", middle=True)
    draw_button(surface, button, lay, tr("fiftyfive.ranking_button"), t.ranking_shown,
                button.collidepoint(t.mouse), size=lay.font_small)
    y = button.bottom + lay.px(2.5)
    if b.bidder >= 0 and not b.bidding:
        tricks = b.tricks_won(side_seats(v, side_of(v, b.bidder)))
        paint.text(surface, tr("fiftyfive.contract", name=t.names[b.bidder], bid=b.bid), lay.font_small,
                   (x, y), GOLD, bold=True, anchor="midleft", max_width=w)
        y += lay.px(3.8)
        if b.bid == ALL_TRICKS_BID:
            so_far = tr("fiftyfive.all_tricks_so_far", count=tricks, bid=b.bid)
        else:
            so_far = tr("fiftyfive.points_so_far", count=tricks * TRICK_POINTS, bid=b.bid)
        paint.text(surface, so_far, lay.font_small,
                   (x, y), TEXT, anchor="midleft", max_width=w)
        y += lay.px(3.8)
    elif b.bid:
        paint.text(surface, tr("fiftyfive.high_bid", bid=b.bid, name=t.names[b.bidder]), lay.font_small,
                   (x, y), GOLD, bold=True, anchor="midleft", max_width=w)
        y += lay.px(3.8)
    else:
        paint.text(surface, tr("fiftyfive.no_bid_yet"), lay.font_small, (x, y), TEXT_DIM, anchor="midleft",
                   max_width=w)
        y += lay.px(3.8)
    paint.text(surface, tr("fiftyfive.target", target=v.target), lay.font_small, (x, y), TEXT_DIM,
               anchor="midleft", max_width=w)
    y += lay.px(3)
    text = t.prompt()
    if text:
        prompt(surface, lay, text, Rect(x, y + lay.px(1.2), w, panel.bottom - y))


def draw_right_panel(t: FiftyFiveTable, surface: pygame.Surface) -> None:
    """The bidding so far, then each side's score."""
    lay, g, b, v = t.layout, t.geo, t.board, t.view
    panel = g.right_panel()
    paint.panel(surface, panel, lay.px(1.5))
    pad = lay.px(2.2)
    x, w = panel.x + pad, panel.w - 2 * pad
    line = lay.px(3.4)
    scores_h = lay.px(5) + len(v.totals) * line
    scores_top = panel.bottom - scores_h - lay.px(1.5)
    y = panel.y + lay.px(3.2)
    paint.text(surface, tr("fiftyfive.bidding"), lay.font_small, (x, y), TEXT, bold=True, anchor="midleft")
    y += lay.px(4)
    room = max(1, int((scores_top - y - lay.px(1)) // line))
    calls = list(zip(b.calls, call_amounts(b.calls)))[-room:]
    if not calls:
        paint.text(surface, tr("fiftyfive.no_calls"), lay.font_small, (x, y), TEXT_DIM, anchor="midleft",
                   max_width=w)
    for (seat, text), amount in calls:
        colour = TEXT_DIM if text == PASS else TEXT
        paint.text(surface, t.names[seat], lay.font_small, (x, y), colour, anchor="midleft",
                   max_width=w * 0.6)
        paint.text(surface, call_label(text, amount), lay.font_small, (x + w, y), GOLD if text != PASS else TEXT_DIM,
                   bold=True, anchor="midright", max_width=w * 0.4)
        y += line
    y = scores_top
    pygame.draw.line(surface, PANEL_EDGE, (x, y - lay.px(1)), (x + w, y - lay.px(1)), max(1, lay.px(0.2)))
    paint.text(surface, tr("fiftyfive.scores", target=v.target), lay.font_small, (x, y + lay.px(1.8)),
               TEXT, bold=True, anchor="midleft", max_width=w)
    y += lay.px(5.5)
    for side in range(len(v.totals)):
        seats = side_seats(v, side)
        team = team_of(v, seats[0])
        tx = x
        if team is not None:
            team_emblem(surface, lay, team, (x + lay.px(1.2), y))
            tx += lay.px(3.4)
        ink = GOLD if any(s in t.humans for s in seats) else TEXT
        label = tr("fiftyfive.team", number=side + 1) if v.teams > 1 else side_name(v, t.names, side)
        paint.text(surface, label, lay.font_small, (tx, y), ink, anchor="midleft",
                   max_width=round(x + w * 0.7 - tx))
        total = paint.text(surface, str(b.totals[side]), lay.font_small, (x + w, y), ink, bold=True,
                           anchor="midright")
        won = b.tricks_won(seats) * TRICK_POINTS
        if won:
            paint.text(surface, f"(+{won})", lay.font_small, (total.x - lay.px(1), y), TEXT_DIM, anchor="midright")
        y += line


def draw_centre(t: FiftyFiveTable, surface: pygame.Surface, choices, selected) -> None:
    """The kitty, the discards, the duel, the trick, and the choice the acting seat has to make."""
    lay, g, b = t.layout, t.geo, t.board
    area = g.centre()
    phase = t.view.phase
    for i in range(b.kitty):
        slot = g.kitty_slot(i)
        t.cards.blit_card(surface, None, slot.center, slot.h)
    if b.kitty:
        paint.text(surface, tr("fiftyfive.kitty", count=b.kitty), lay.font_small,
                   (area.centerx, area.y + lay.px(9.5)), TEXT_DIM)
    if b.discards and not b.dealing:
        pile = g.discard_pile()
        t.cards.blit_stack(surface, pile, b.discards)
        paint.text(surface, tr("fiftyfive.discards", count=b.discards), lay.font_small,
                   (pile.x - lay.px(1.5), pile.centery), TEXT_DIM, anchor="midright")
    if b.duel >= 0 and b.bidding:
        paint.text(surface, tr("fiftyfive.duel", dealer=t.names[b.dealer], other=t.names[b.duel]),
                   lay.font_body, (area.centerx, area.y + lay.px(3.5)), GOLD, bold=True, max_width=area.w)
    if b.trick:
        draw_trick(t, surface)
    if t.my_turn and phase == BIDDING:
        draw_bid_buttons(t, surface, choices, selected)
    elif t.my_turn and phase == NAMING:
        draw_trump_buttons(t, surface, choices, selected)
    elif t.my_turn and phase == DISCARDING:
        draw_discard_choice(t, surface)
    draw_message(t, surface, area)


def draw_message(t: FiftyFiveTable, surface: pygame.Surface, area: Rect) -> None:
    """A refusal in red, else the caption of what just happened (unless a choice fills the middle)."""
    lay, b = t.layout, t.board
    if t.message:
        refusal(surface, lay, Rect(area.x, area.bottom - lay.px(7), area.w, lay.px(6)), t.message)
    elif b.caption and t.banner is None and not (t.my_turn and t.view.phase in (BIDDING, NAMING, DISCARDING)):
        paint.text(surface, b.caption, lay.font_small, (area.centerx, area.bottom - lay.px(1.5)), TEXT,
                   max_width=area.w)


def draw_trick(t: FiftyFiveTable, surface: pygame.Surface) -> None:
    lay, g, b = t.layout, t.geo, t.board
    count = len(t.names)
    cards = tuple(c for _, c in b.trick)
    winning = trick_winner(cards, b.trump) if b.trump >= 0 else None
    for i, (seat, card) in enumerate(b.trick):
        slot = g.trick_slot(i, count)
        t.cards.blit_card(surface, card, slot.center, slot.h)
        step = slot.w + lay.px(5)
        paint.text(surface, t.names[seat], lay.font_small, (slot.centerx, slot.bottom + lay.px(2)), TEXT,
                   max_width=max(10, step - lay.px(0.5)))
        if i == 0:
            paint.text(surface, tr("fiftyfive.led"), lay.font_small, (slot.centerx, slot.y - lay.px(2)), TEXT_DIM,
                       max_width=max(10, step - lay.px(0.5)))
        if i == winning:
            t.cards.outline(surface, slot)
            pill(surface, lay, "\u2605 " + tr("fiftyfive.winning"), (slot.centerx, slot.bottom + lay.px(5.5)), GOLD)


def draw_bid_buttons(t: FiftyFiveTable, surface: pygame.Surface, choices, selected) -> None:
    lay, g, b = t.layout, t.geo, t.board
    area = g.centre()
    heading = tr("fiftyfive.your_bid", bid=b.bid, name=t.names[b.bidder]) if b.bid else tr("fiftyfive.first_bid")
    paint.text(surface, heading, lay.font_body, (area.centerx, area.bottom - lay.px(17)), TEXT, bold=True,
               max_width=area.w)
    for i, (move, rect) in enumerate(choices):
        if isinstance(move, Pass):
            label = tr("fiftyfive.button_pass")
        elif isinstance(move, Hold):
            label = tr("fiftyfive.button_hold", bid=b.bid)
        else:
            label = str(move.amount)
        draw_button(surface, rect, lay, label, i == selected, i == selected, primary=not isinstance(move, Pass))


def draw_trump_buttons(t: FiftyFiveTable, surface: pygame.Surface, choices, selected) -> None:
    lay, g = t.layout, t.geo
    area = g.centre()
    paint.text(surface, tr("fiftyfive.choose_trumps"), lay.font_body, (area.centerx, area.y + lay.px(13)), TEXT,
               bold=True, max_width=area.w)
    for i, (move, rect) in enumerate(choices):
        chosen = i == selected
        pygame.draw.rect(surface, (6, 22, 14), rect.move(0, lay.px(0.5)), border_radius=lay.px(1.5))
        pygame.draw.rect(surface, (250, 247, 238) if chosen else (236, 232, 220), rect, border_radius=lay.px(1.5))
        pygame.draw.rect(surface, GOLD if chosen else PANEL_EDGE, rect, width=max(2, lay.px(0.5 if chosen else 0.25)),
                         border_radius=lay.px(1.5))
        symbol = suit_symbol(move.suit, lay.px(10))
        surface.blit(symbol, symbol.get_rect(center=(rect.centerx, rect.y + rect.h * 0.42)))
        paint.text(surface, suit_name(move.suit), lay.font_small, (rect.centerx, rect.bottom - lay.px(3)),
                   (40, 40, 40), bold=True, max_width=rect.w - lay.px(1))


def draw_discard_choice(t: FiftyFiveTable, surface: pygame.Surface) -> None:
    lay, g = t.layout, t.geo
    area = g.centre()
    left = t.discards_needed - len(t.marked)
    text = tr("fiftyfive.discard_more", count=left) if left else tr("fiftyfive.discard_ready")
    paint.text(surface, text, lay.font_large, (area.centerx, area.y + lay.px(26)), GOLD, bold=True,
               max_width=area.w)
    paint.text(surface, tr("fiftyfive.discard_help"), lay.font_small, (area.centerx, area.y + lay.px(32)), TEXT_DIM,
               max_width=area.w)
    rect = g.confirm_button()
    ready = left == 0
    pointed = ready and rect.collidepoint(t.mouse)
    draw_button(surface, rect, lay, tr("fiftyfive.button_discard", count=len(t.marked)), pointed, pointed, ready,
                primary=True)


def draw_hand(t: FiftyFiveTable, surface: pygame.Surface, choices, selected) -> None:
    """The watching seat's cards (backs while dealt): playable ones ringed, marked discards crossed."""
    lay, g, b = t.layout, t.geo, t.board
    if t.viewer is None:
        paint.paragraph(surface, tr("fiftyfive.watching"), lay.font_small,
                        Rect(g.cx - g.px(60), g.hand_top + g.px(6), g.px(120), g.px(10)), TEXT_DIM)
        return
    if b.dealing or (not b.hand and b.hand_sizes[t.viewer]):
        count = b.hand_sizes[t.viewer]
        for i in range(count):
            rect = g.hand_slot(i, max(count, HAND_SIZE))
            t.cards.blit_card(surface, None, rect.center, rect.h)
        return
    playing = t.view.phase == PLAYING and t.my_turn
    discarding = t.view.phase == DISCARDING and t.my_turn
    legal_cards = {m.card for m, _ in choices} if playing else set()
    pointed = playing and selected is not None and selected < len(choices)
    chosen_card = choices[selected][0].card if pointed else None
    hovered_card = t.hand_card_at(t.mouse) if discarding else None
    count = len(b.hand)
    for i, card in enumerate(b.hand):
        rect = g.hand_slot(i, count)
        lift = 0
        if playing and card == chosen_card:
            lift = lay.px(2.5)
        if discarding and (card in t.marked or card == hovered_card):
            lift = lay.px(3 if card in t.marked else 1.2)
        ring = (GOLD if card == chosen_card else (120, 180, 140)) if playing and card in legal_cards else None
        drawn = t.cards.hand_card(surface, card, rect, lift, ring, dim=playing and card not in legal_cards,
                            number=i if (playing or discarding) and count <= 10 else None)
        if card in b.from_kitty:
            pill(surface, lay, tr("fiftyfive.kitty_tag"), (drawn.centerx, drawn.y - lay.px(1.2)), GOLD)
        if discarding and card in t.marked:
            t.cards.outline(surface, drawn, DANGER)
            mark = Rect(0, 0, lay.px(4), lay.px(4))
            mark.center = (drawn.centerx, drawn.centery)
            pygame.draw.circle(surface, DANGER, mark.center, mark.w // 2)
            paint.text(surface, "\u2715", lay.font_body, mark.center, TEXT, bold=True)


def draw_ranking(t: FiftyFiveTable, surface: pygame.Surface) -> None:
    """The ranking of the trumps over the middle of the table, read from the rules: this hand's trumps
    highest first, or each suit's while none is named; then the order of the plain suits."""
    lay, g, b = t.layout, t.geo, t.board
    area = g.ranking_panel()
    paint.panel(surface, area, lay.px(1.5), alpha=255)
    pad = lay.px(2)
    x, w = area.x + pad, area.w - 2 * pad
    suits = [b.trump] if b.trump >= 0 else list(range(4))
    title = (tr("fiftyfive.ranking_title", suit=SYMBOLS[b.trump] + " " + suit_name(b.trump)) if b.trump >= 0
             else tr("fiftyfive.ranking_title_open"))
    y = area.y + pad
    y += paint.paragraph(surface, title, lay.font_small, Rect(x, y, w, lay.px(8)), GOLD, bold=True)
    # The orders are joined with no-break spaces, so that a narrow panel wraps before an order, not inside it.
    notes = [tr("fiftyfive.ranking_red", order="\u00a0".join(RANK_TEXT[c % 13] for c in PLAIN_ORDER[DIAMONDS])),
             tr("fiftyfive.ranking_black", order="\u00a0".join(RANK_TEXT[c % 13] for c in PLAIN_ORDER[CLUBS])),
             tr("fiftyfive.ranking_ace", card=show(ACE_OF_HEARTS)), tr("fiftyfive.ranking_close")]
    line = fonts.font(lay.font_small).get_linesize()
    notes_h = sum(len(fonts.wrap(note, lay.font_small, w)) for note in notes) * line
    bottom = area.bottom - pad - notes_h - lay.px(1)
    label_w = lay.px(5) if len(suits) > 1 else 0
    for row, suit in enumerate(suits):
        order = TRUMP_ORDER[suit]
        for i, card in enumerate(order):
            slot = g.ranking_row(i, len(order), row, len(suits), y + lay.px(0.5), bottom, x + label_w, x + w)
            t.cards.blit_card(surface, card, slot.center, slot.h)
            if label_w and i == 0:
                symbol = suit_symbol(suit, lay.font_large, TEXT)
                surface.blit(symbol, symbol.get_rect(center=(x + label_w // 2, slot.centery)))
    y = bottom + lay.px(1)
    for note, colour in zip(notes, (TEXT, TEXT, TEXT, TEXT_DIM)):
        y += paint.paragraph(surface, note, lay.font_small, Rect(x, y, w, area.bottom - y), colour, align="left")
