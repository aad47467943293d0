"""Painting the Fifty-Five table from a :class:`Frame`: its board, its view, where things sit and the
choices on offer, made by the table for one frame. Everything here only reads the frame and never sees the
table, so painting changes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from ....games.fiftyfive.cards import (ACE_OF_HEARTS, CLUBS, DIAMONDS, PLAIN_ORDER, RANK_TEXT, SUIT_NAMES, SYMBOLS,
                                       TRUMP_ORDER, show, trick_winner)
from ....games.fiftyfive.parts import (
    ALL_TRICKS_BID, BIDDING, DISCARDING, HAND_SIZE, NAMING, PLAYING, TRICK_POINTS, FiftyFiveView, Hold, Pass,
    call_amounts, side_of, side_seats,
)
from ... import audit, fonts, paint
from ...i18n import join_names, tr
from ...layout import DANGER, GOLD, GOLD_DARK, PANEL_EDGE, TEXT, TEXT_DIM, Layout
from ...widgets import draw_button
from ..frame import TableFrame
from ..parts import EMBLEMS, Banner, cards_left, emblem, names_size, pill, plate, plate_name, prompt, refusal
from .board import Board
from .faces import suit_symbol
from .geometry import Geometry

Rect = pygame.Rect
#: Team badge colours: partners share one, and each team has its own shape too (``EMBLEMS``).
TEAM_COLOURS = ((92, 160, 232), (232, 120, 92), (136, 208, 120), (212, 150, 230))
PASS, HOLD = Pass().text(), Hold().text()


@dataclass(frozen=True)
class Frame(TableFrame[Geometry, Board, FiftyFiveView]):
    """What one frame of the Fifty-Five table is painted from."""

    humans: Sequence[int]
    game_id: str
    my_turn: bool
    to_move: frozenset[int]  # the seats lit as to move (none while cards move)
    thinking: int | None  # the first computer seat thinking
    choices: Sequence[tuple[Any, Rect]]  # the moves on offer, each with where a click takes it
    selected: int | None  # the choice under the mouse or the keyboard's
    marked: tuple[int, ...]  # the cards marked to be laid away
    discards_needed: int
    mouse: tuple[int, int]
    hovered_card: int | None  # the card of the hand under the mouse
    message: str
    prompt: str
    ranking_shown: bool
    banner: Banner | None


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


def side_name(view: FiftyFiveView, names: Sequence[str], side: int) -> str:
    members = join_names([names[s] for s in side_seats(view, side)])
    return tr("fiftyfive.team_members", number=side + 1, names=members) if view.teams > 1 else members


# ----- the frame --------------------------------------------------------------
def draw_table(f: Frame, surface: pygame.Surface, running: Callable[[pygame.Surface], None]) -> None:
    """The whole table: ``running`` paints the cards in flight, over the rest but under the banner."""
    choices, selected = f.choices, f.selected
    draw_plates(f, surface)
    draw_left_panel(f, surface)
    draw_right_panel(f, surface)
    draw_centre(f, surface, choices, selected)
    draw_hand(f, surface, choices, selected)
    if f.ranking_shown:
        draw_ranking(f, surface)
    running(surface)
    f.cards.banner(surface, f.geo.centre(), f.banner)


def draw_plates(f: Frame, surface: pygame.Surface) -> None:
    lay, g, b = f.layout, f.geo, f.board
    to_move, thinking = f.to_move, f.thinking
    seats = g.others + ([f.viewer] if f.viewer is not None else [])
    # one size for the names along the top, each leaving room for a team's badge and the dealer's disc
    room = min((g.plate(s).w for s in g.others), default=0) - lay.px(1.1) - lay.px(1.2 + 2.2 + 0.6) \
        - lay.px(3.4) * (team_of(f.view, g.others[0]) is not None if g.others else 0)
    size = names_size(lay, [f.names[s] for s in g.others], room)
    for seat in seats:
        rect = g.plate(seat)
        plate(surface, lay, rect, seat == thinking or seat in to_move)
        pad = lay.px(1.1)
        x = rect.x + pad
        y = rect.y + lay.px(2.6)
        team = team_of(f.view, seat)
        if team is not None:
            team_emblem(surface, lay, team, (x + lay.px(1.2), y))
            x += lay.px(3.4)
        right = rect.right - pad
        if seat == b.dealer:
            right = draw_dealer_disc(f, surface, rect).x - lay.px(0.6)
        plate_name(surface, lay, f.names[seat], x, y, right, size=size if seat in g.others else None)
        draw_counters(f, surface, seat, rect)
        draw_bubble(f, surface, seat)


def draw_dealer_disc(f: Frame, surface: pygame.Surface, plate: Rect) -> Rect:
    """A round dealer button on the plate's top-right corner; the rect it covers, for the name to keep clear of."""
    lay = f.layout
    centre = (plate.right - lay.px(1.2), plate.y + lay.px(1.2))
    disc = pygame.draw.circle(surface, (250, 246, 232), centre, lay.px(2.2))
    pygame.draw.circle(surface, GOLD_DARK, centre, lay.px(2.2), max(1, lay.px(0.3)))
    with audit.overlapping("the dealer's button sits on the corner of its plate"):
        paint.text(surface, tr("fiftyfive.dealer_chip"), lay.font_small, centre, (30, 30, 30), bold=True)
    return disc


def draw_counters(f: Frame, surface: pygame.Surface, seat: int, rect: Rect) -> None:
    """Cards in hand, and the trick pile with its count."""
    lay, b = f.layout, f.board
    pad = lay.px(1.1)
    y = rect.y + lay.px(7.2) if seat != f.viewer else rect.y + lay.px(6.8)
    cards_left(surface, lay, f.game_id, (rect.x + pad, y), str(b.hand_sizes[seat]), lay.px(3.6), max_width=round(rect.w * 0.5))
    pile = f.geo.pile(seat)
    if b.piles[seat]:
        f.cards.blit_stack(surface, pile, b.piles[seat], 0.3)
        paint.text(surface, f"\u00d7{b.piles[seat]}", lay.font_small, (pile.x - lay.px(0.6), pile.centery), GOLD,
                   bold=True, anchor="midright")


def draw_bubble(f: Frame, surface: pygame.Surface, seat: int) -> None:
    """The seat's last call in the bidding, or its contract once it has won the bidding."""
    lay, g, b = f.layout, f.geo, f.board
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
    if seat != f.viewer:
        tail = [(tail_x - lay.px(1), rect.y + 1), (tail_x + lay.px(1), rect.y + 1), (tail_x, rect.y - lay.px(1.2))]
        pygame.draw.polygon(surface, colour, tail)
    pygame.draw.rect(surface, colour, rect, border_radius=lay.px(1.2))
    label = ("\u2605 " if high else "") + text
    paint.text(surface, label, lay.font_small, rect.center, (24, 24, 24), bold=True, max_width=rect.w - lay.px(1))


def draw_left_panel(f: Frame, surface: pygame.Surface) -> None:
    """The hand, the dealer, the trumps, the contract and how it stands, the target and the prompt."""
    lay, g, b, v = f.layout, f.geo, f.board, f.view
    panel = g.left_panel()
    paint.panel(surface, panel, lay.px(1.5))
    pad = lay.px(2.2)
    x, w = panel.x + pad, panel.w - 2 * pad
    y = panel.y + lay.px(3.2)
    step = max(lay.px(3.8), fonts.font(lay.font_small, True).get_linesize())  # a line, as tall as the text needs
    paint.text(surface, tr("fiftyfive.hand", hand=max(1, b.hand_number)), lay.font_small, (x, y), TEXT,
               bold=True, anchor="midleft", max_width=w)
    y += step
    paint.text(surface, tr("fiftyfive.dealer", name=f.names[b.dealer]), lay.font_small, (x, y), TEXT_DIM,
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
    paint.paragraph(surface, label, fonts.fit_lines(label, lay.font_small, button.w, button.y - y, True),
                    Rect(button.x, y, button.w, button.y - y), TEXT, bold=True, align="left", middle=True)
    draw_button(surface, button, lay, tr("fiftyfive.ranking_button"), False, button.collidepoint(f.mouse),
                size=lay.font_small, on=f.ranking_shown)
    y = max(button.bottom, badge.bottom) + lay.px(2.5)
    if b.bidder >= 0 and not b.bidding:
        tricks = b.tricks_won(side_seats(v, side_of(v, b.bidder)))
        paint.text(surface, tr("fiftyfive.contract", name=f.names[b.bidder], bid=b.bid), lay.font_small,
                   (x, y), GOLD, bold=True, anchor="midleft", max_width=w)
        y += step
        if b.bid == ALL_TRICKS_BID:
            so_far = tr("fiftyfive.all_tricks_so_far", count=tricks, bid=b.bid)
        else:
            so_far = tr("fiftyfive.points_so_far", count=tricks * TRICK_POINTS, bid=b.bid)
        paint.text(surface, so_far, lay.font_small,
                   (x, y), TEXT, anchor="midleft", max_width=w)
        y += step
    elif b.bid:
        paint.text(surface, tr("fiftyfive.high_bid", bid=b.bid, name=f.names[b.bidder]), lay.font_small,
                   (x, y), GOLD, bold=True, anchor="midleft", max_width=w)
        y += step
    else:
        paint.text(surface, tr("fiftyfive.no_bid_yet"), lay.font_small, (x, y), TEXT_DIM, anchor="midleft",
                   max_width=w)
        y += step
    paint.text(surface, tr("fiftyfive.target", target=v.target), lay.font_small, (x, y), TEXT_DIM,
               anchor="midleft", max_width=w)
    y += lay.px(3)
    text = f.prompt
    if text:
        prompt(surface, lay, text, Rect(x, y + lay.px(1.2), w, panel.bottom - y - lay.px(2.4)))


def draw_right_panel(f: Frame, surface: pygame.Surface) -> None:
    """The bidding so far, then each side's score."""
    lay, g, b, v = f.layout, f.geo, f.board, f.view
    panel = g.right_panel()
    paint.panel(surface, panel, lay.px(1.5))
    pad = lay.px(2.2)
    x, w = panel.x + pad, panel.w - 2 * pad
    line = max(lay.px(3.4), fonts.font(lay.font_small, True).get_linesize())
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
    size = fonts.fit_all([f.names[seat] for seat in range(len(f.names))], lay.font_small, round(w * 0.6))
    for (seat, text), amount in calls:
        colour = TEXT_DIM if text == PASS else TEXT
        paint.text(surface, f.names[seat], size, (x, y), colour, anchor="midleft", max_width=round(w * 0.6))
        paint.text(surface, call_label(text, amount), lay.font_small, (x + w, y), GOLD if text != PASS else TEXT_DIM,
                   bold=True, anchor="midright", max_width=round(w * 0.4))
        y += line
    y = scores_top
    pygame.draw.line(surface, PANEL_EDGE, (x, y - lay.px(1)), (x + w, y - lay.px(1)), max(1, lay.px(0.2)))
    paint.text(surface, tr("fiftyfive.scores", target=v.target), lay.font_small, (x, y + lay.px(1.8)),
               TEXT, bold=True, anchor="midleft", max_width=w)
    y += lay.px(5.5)
    labels = [tr("fiftyfive.team", number=side + 1) if v.teams > 1 else side_name(v, f.names, side)
              for side in range(len(v.totals))]
    emblems = lay.px(3.4) if team_of(v, 0) is not None else 0
    size = fonts.fit_all(labels, lay.font_small, round(w * 0.7) - emblems)  # the sides' names in one size
    for side, label in enumerate(labels):
        seats = side_seats(v, side)
        team = team_of(v, seats[0])
        tx = x
        if team is not None:
            team_emblem(surface, lay, team, (x + lay.px(1.2), y))
            tx += lay.px(3.4)
        ink = GOLD if any(s in f.humans for s in seats) else TEXT
        total = paint.text(surface, str(b.totals[side]), lay.font_small, (x + w, y), ink, bold=True,
                           anchor="midright")
        won = b.tricks_won(seats) * TRICK_POINTS
        right = total.x
        if won:  # this hand's points so far, before the total
            right = paint.text(surface, f"(+{won})", lay.font_small, (total.x - lay.px(1), y), TEXT_DIM,
                               anchor="midright").x
        paint.text(surface, label, size, (tx, y), ink, anchor="midleft",
                   max_width=max(10, round(right - lay.px(1) - tx)))
        y += line


def draw_centre(f: Frame, surface: pygame.Surface, choices, selected) -> None:
    """The kitty, the discards, the duel, the trick, and the choice the acting seat has to make."""
    lay, g, b = f.layout, f.geo, f.board
    area = g.centre()
    phase = f.view.phase
    for i in range(b.kitty):
        slot = g.kitty_slot(i)
        f.cards.blit_card(surface, None, slot.center, slot.h)
    if b.kitty:
        paint.text(surface, tr("fiftyfive.kitty", count=b.kitty), lay.font_small,
                   (area.centerx, area.y + lay.px(9.5)), TEXT_DIM)
    if b.discards and not b.dealing:
        pile = g.discard_pile()
        f.cards.blit_stack(surface, pile, b.discards)
        paint.text(surface, tr("fiftyfive.discards", count=b.discards), lay.font_small,
                   (pile.x - lay.px(1.5), pile.centery), TEXT_DIM, anchor="midright")
    if b.duel >= 0 and b.bidding:
        paint.text(surface, tr("fiftyfive.duel", dealer=f.names[b.dealer], other=f.names[b.duel]),
                   lay.font_body, (area.centerx, area.y + lay.px(3.5)), GOLD, bold=True, max_width=area.w)
    if b.trick:
        draw_trick(f, surface)
    if f.my_turn and phase == BIDDING:
        draw_bid_buttons(f, surface, choices, selected)
    elif f.my_turn and phase == NAMING:
        draw_trump_buttons(f, surface, choices, selected)
    elif f.my_turn and phase == DISCARDING:
        draw_discard_choice(f, surface)
    draw_message(f, surface, area)


def draw_message(f: Frame, surface: pygame.Surface, area: Rect) -> None:
    """A refusal in red, else the caption of what just happened (unless a choice fills the middle)."""
    lay, caption = f.layout, str(f.board.caption)
    if f.message:
        refusal(surface, lay, Rect(area.x, area.bottom - lay.px(7), area.w, lay.px(6)), f.message)
    elif caption and f.banner is None and not (f.my_turn and f.view.phase in (BIDDING, NAMING, DISCARDING)):
        paint.text(surface, caption, lay.font_small, (area.centerx, area.bottom - lay.px(1.5)), TEXT,
                   max_width=area.w)


def draw_trick(f: Frame, surface: pygame.Surface) -> None:
    lay, g, b = f.layout, f.geo, f.board
    count = len(f.names)
    cards = tuple(c for _, c in b.trick)
    winning = trick_winner(cards, b.trump) if b.trump >= 0 else None
    for i, (seat, card) in enumerate(b.trick):
        slot = g.trick_slot(i, count)
        f.cards.blit_card(surface, card, slot.center, slot.h)
        step = slot.w + lay.px(5)
        name = paint.text(surface, f.names[seat], lay.font_small, (slot.centerx, slot.bottom + lay.px(2)), TEXT,
                          max_width=max(10, step - lay.px(0.5)))
        if i == 0:
            paint.text(surface, tr("fiftyfive.led"), lay.font_small, (slot.centerx, slot.y - lay.px(2)), TEXT_DIM,
                       max_width=max(10, step - lay.px(0.5)))
        if i == winning:
            f.cards.outline(surface, slot)
            # Under the name as tall as it is drawn, so a large text size never puts the tag over it.
            pill(surface, lay, "\u2605 " + tr("fiftyfive.winning"), (slot.centerx, name.bottom), GOLD, anchor="midtop")


def draw_bid_buttons(f: Frame, surface: pygame.Surface, choices, selected) -> None:
    lay, g, b = f.layout, f.geo, f.board
    area = g.centre()
    # Who holds the high bid, or what the top bid means: the calls open are the buttons and the prompt's words.
    heading = (tr("fiftyfive.your_bid", bid=b.bid, name=f.names[b.bidder]) if b.bid
               else tr("fiftyfive.first_bid", all=ALL_TRICKS_BID))
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


def draw_trump_buttons(f: Frame, surface: pygame.Surface, choices, selected) -> None:
    lay, g = f.layout, f.geo
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


def draw_discard_choice(f: Frame, surface: pygame.Surface) -> None:
    lay, g = f.layout, f.geo
    area = g.centre()
    left = f.discards_needed - len(f.marked)
    text = tr("fiftyfive.discard_more", count=left) if left else tr("fiftyfive.discard_ready")
    paint.text(surface, text, lay.font_large, (area.centerx, area.y + lay.px(26)), GOLD, bold=True,
               max_width=area.w)
    paint.text(surface, tr("fiftyfive.discard_help"), lay.font_small, (area.centerx, area.y + lay.px(32)), TEXT_DIM,
               max_width=area.w)
    rect = g.confirm_button()
    ready = left == 0
    pointed = ready and rect.collidepoint(f.mouse)
    draw_button(surface, rect, lay, tr("fiftyfive.button_discard", count=len(f.marked)), False, pointed, ready,
                primary=True)


def draw_hand(f: Frame, surface: pygame.Surface, choices, selected) -> None:
    """The watching seat's cards (backs while dealt): playable ones ringed, marked discards crossed."""
    lay, g, b = f.layout, f.geo, f.board
    if f.viewer is None:
        paint.paragraph(surface, tr("fiftyfive.watching"), lay.font_small,
                        Rect(g.cx - g.px(60), g.hand_top + g.px(6), g.px(120), g.px(10)), TEXT_DIM)
        return
    if b.dealing or (not b.hand and b.hand_sizes[f.viewer]):
        draw_hand_backs(f, surface, b.hand_sizes[f.viewer])
        return
    playing = f.view.phase == PLAYING and f.my_turn
    discarding = f.view.phase == DISCARDING and f.my_turn
    legal_cards = {m.card for m, _ in choices} if playing else set()
    chosen_card = chosen_play(choices, selected) if playing else None
    count = len(b.hand)
    numbered = (playing or discarding) and count <= 10
    for i, card in enumerate(b.hand):
        lift, ring = hand_card_look(f, card, playing, discarding, chosen_card, legal_cards)
        drawn = f.cards.hand_card(surface, card, g.hand_slot(i, count), lift, ring,
                                  dim=playing and card not in legal_cards, number=i if numbered else None)
        draw_hand_marks(f, surface, card, drawn, discarding, shown_width(g, i, count, drawn))


def shown_width(g, index: int, count: int, drawn: Rect) -> int:
    """How much of card ``index`` of the hand the next card leaves in view (all of the last)."""
    if index == count - 1:
        return drawn.w
    return min(drawn.w, g.hand_slot(index + 1, count).x - g.hand_slot(index, count).x)


def draw_hand_marks(f: Frame, surface: pygame.Surface, card: int, drawn: Rect, discarding: bool, shown: int) -> None:
    """On a card of the hand: the tag of a card taken from the kitty (over the part of the card in view, in
    smaller text where the cards overlap), the cross of one marked to discard."""
    lay = f.layout
    if card in f.board.from_kitty:
        words = tr("fiftyfive.kitty_tag")
        size = fonts.fit(words, lay.font_small, shown - lay.px(2.4), True)
        x, y, half = drawn.x + shown // 2, drawn.y - lay.px(1.2), round(max(size, fonts.least()) * 0.65)
        for panel in f.geo.panels():  # a card reaching under a side panel has its tag just below the panel
            if panel.left < x + shown // 2 and x - shown // 2 < panel.right:
                y = max(y, panel.bottom + half + 1)
        pill(surface, lay, words, (x, y), GOLD, size=size)
    if discarding and card in f.marked:
        draw_discard_cross(f, surface, drawn)


def chosen_play(choices, selected: int | None) -> int | None:
    """The card of the selected play (None when nothing is selected)."""
    return choices[selected][0].card if selected is not None and selected < len(choices) else None


def draw_hand_backs(f: Frame, surface: pygame.Surface, count: int) -> None:
    """The hand face down while it is dealt."""
    for i in range(count):
        rect = f.geo.hand_slot(i, max(count, HAND_SIZE))
        f.cards.blit_card(surface, None, rect.center, rect.h)


def hand_card_look(f: Frame, card: int, playing: bool, discarding: bool, chosen: int | None,
                   legal: set[int]) -> tuple[int, Any]:
    """How far a card of the hand is raised and the colour it is ringed in (None: not ringed): while playing,
    the chosen card raised and every playable one ringed; while discarding, marked ones raised high and the
    one under the mouse a little."""
    lay = f.layout
    if playing:
        ring = (GOLD if card == chosen else (120, 180, 140)) if card in legal else None
        return (lay.px(2.5) if card == chosen else 0), ring
    if discarding and card in f.marked:
        return lay.px(3), None
    return (lay.px(1.2) if discarding and card == f.hovered_card else 0), None


def draw_discard_cross(f: Frame, surface: pygame.Surface, drawn: Rect) -> None:
    """A card marked to be laid away: ringed in red, with a cross in the middle."""
    lay = f.layout
    f.cards.outline(surface, drawn, DANGER)
    mark = Rect(0, 0, lay.px(4), lay.px(4))
    mark.center = (drawn.centerx, drawn.centery)
    pygame.draw.circle(surface, DANGER, mark.center, mark.w // 2)
    paint.text(surface, "\u2715", lay.font_body, mark.center, TEXT, bold=True)


def draw_ranking(f: Frame, surface: pygame.Surface) -> None:
    """The ranking of the trumps over the middle of the table, read from the rules: this hand's trumps
    highest first, or each suit's while none is named; then the order of the plain suits."""
    lay, g, b = f.layout, f.geo, f.board
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
            f.cards.blit_card(surface, card, slot.center, slot.h)
            if label_w and i == 0:
                symbol = suit_symbol(suit, lay.font_large, tuple(TEXT))
                surface.blit(symbol, symbol.get_rect(center=(x + label_w // 2, slot.centery)))
    y = bottom + lay.px(1)
    for note, colour in zip(notes, (TEXT, TEXT, TEXT, TEXT_DIM)):
        y += paint.paragraph(surface, note, lay.font_small, Rect(x, y, w, area.bottom - y), colour, align="left")
