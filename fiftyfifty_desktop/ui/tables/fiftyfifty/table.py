"""The Fifty Fifty table: the events of ``games/fiftyfifty.py`` turned into
animations, and a player's input.

When a trick is judged, the highest card lights up blue and the lowest
yellow, half-faces fly from the mood card to those two players, and a blue
and a yellow half meet and vanish as they cancel. Who takes what is told by
the events; the table only shows it.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import pygame

from ....engine import Move
from ....games.fiftyfifty import BLUE, Play, highest_and_lowest
from ...cards import card_size
from ...i18n import Phrase, later, name_of, tr
from ...keys import KeyHelp
from ...tween import Animation, ease_in_out_cubic, ease_out_back, ease_out_cubic, lerp
from ...widgets import Button
from ..base import TableScene
from ..focus import FocusButton
from .art import half_face, mood_card, whole_face
from .board import Board
from . import drawing
from .geometry import Geometry
from .lines import FiftyFiftyLines
from .sheet import SHEET_KEY, ScoreSheetScene

Rect = pygame.Rect


class FiftyFiftyTable(TableScene):
    table_keys = (KeyHelp("help.key_digits", "help.fiftyfifty_digits"), KeyHelp("help.key_s", "help.fiftyfifty_sheet"))
    geometry = Geometry
    QUIET_EVENTS = frozenset({"game_over", "hand_struck"})  # shown by the summary and results screens

    def __init__(self, app, record, *args: Any, **kwargs: Any) -> None:
        super().__init__(app, record, *args, **kwargs)
        self.board = Board.empty(len(self.names))
        self.sheet = Button("fiftyfifty.sheet_button", self.open_sheet)

    # ----- picture from the views -----------------------------------------
    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom: the person at the screen, else seat 0 (its hand face down)."""
        return self.viewer if self.viewer is not None else 0

    def make_geometry(self) -> Geometry:
        return self.geometry(self.layout, len(self.names), self.bottom)

    def place_widgets(self) -> None:
        self.sheet.rect = self.geo.sheet_button()

    # ----- events to animations ----------------------------------------------
    # ----- the move log ---------------------------------------------------------
    move_lines = FiftyFiftyLines
    look_back_label = "look_back.trick"

    def on_hand_dealt(self, event, ctx) -> None:
        b, g = self.board, self.live
        seats = len(self.names)
        hand = list(ctx.view.hand)

        def reset() -> None:
            b.new_hand(event.hand, event.dealer, len(ctx.view.mood_cards), len(hand))
            b.caption = later("fiftyfifty.caption_deal", hand=event.hand, hands=seats,
                              name=name_of(self.names, event.dealer))

        self.queue.add(Animation(0.5, on_start=reset))
        moves = []
        for round_no in range(event.hand_sizes[0]):
            for i in range(seats):
                seat = (event.dealer + 1 + i) % seats
                delay = 0.035 * (round_no * seats + i)
                if seat == self.viewer and round_no < len(hand):
                    card = hand[round_no]
                    place = sorted(hand).index(card)
                    dst = g.at("hand_slot", place, len(hand))
                    land = partial(b.deal_to, seat, card)
                else:
                    dst = g.at("seat_origin", seat)
                    land = partial(b.deal_to, seat)
                moves.append(self.stage.fly(None, lambda: g.middle(), dst, 0.3, delay, on_finish=land,
                                      shrink=0 if seat == self.viewer else 0.7))
        moves.append(Animation(0.0, delay=0.035 * event.hand_sizes[0] * seats + 0.3,
                               on_finish=lambda: b.dealt(event.hand_sizes, hand)))
        self.queue.add(*moves)

    def on_mood_turned(self, event, ctx) -> None:
        b, g = self.board, self.live

        def start() -> None:
            b.turn_mood(event.hand, event.trick, event.leader)
            b.caption = later("fiftyfifty.caption_turn", name=name_of(self.names, event.leader), trick=event.trick,
                           blue=event.blue, yellow=event.yellow)

        def draw(surface: pygame.Surface, p: float) -> None:
            a, z = g.mood_deck(), g.mood_spot()
            h = lerp(a.h, z.h, p)
            w = max(1, round(card_size(round(h))[0] * abs(1 - 2 * p)))
            centre = (lerp(a.centerx, z.centerx, p), lerp(a.centery, z.centery, p))
            if p < 0.5:
                self.cards.blit_card(surface, None, centre, h, width=w, made_at=max(a.h, z.h))
            else:
                image = pygame.transform.smoothscale(mood_card(event.blue, event.yellow, z.w, z.h), (w, round(h)))
                surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))
        self.queue.add(Animation(0.55, draw, start, lambda: b.mood_turned((event.blue, event.yellow)),
                                 ease_in_out_cubic))
        self.queue.add(Animation(0.45))  # a beat to read the new mood card

    def on_card_played(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, card = event.seat, event.card
        own = seat == self.viewer and card in b.hand
        src = self.live.in_hand(self.board.hand, card) if own else lambda: g.seat_origin(seat)

        def leave() -> None:
            b.card_leaves(seat, card, own)
            b.caption = later("fiftyfifty.caption_play", name=name_of(self.names, seat), card=card)
        self.queue.add(self.stage.fly(card, src, lambda: g.spot(seat), 0.4, on_start=leave,
                                on_finish=lambda: b.card_lands(seat, card), ease=ease_out_cubic))

    def on_halves_taken(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, colour, count = event.seat, event.colour, event.count
        card = dict(b.trick)[seat]

        def judge() -> None:
            b.judge(seat, colour)
            b.caption = later(f"fiftyfifty.caption_{colour}", name=name_of(self.names, seat), card=card, count=count)
        self.queue.add(Animation(0.9, on_start=judge))
        icon = lambda: g.px(5)  # noqa: E731

        def draw(surface: pygame.Surface, p: float) -> None:
            (x0, y0), (x1, y1) = g.mood_half(colour), g.counter(seat)
            arc = math.sin(math.pi * p) * g.px(8)
            size = round(lerp(icon() * 1.4, icon() * 0.8, p))
            image = half_face(colour, max(4, size))
            surface.blit(image, image.get_rect(center=(round(lerp(x0, x1, p)), round(lerp(y0, y1, p) - arc))))
        self.queue.add(*(Animation(0.55, draw, None, lambda: b.half_lands(seat, colour), ease_in_out_cubic, 0.09 * k)
                         for k in range(count)))

    def on_halves_cancelled(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, count = event.seat, event.count

        def start() -> None:
            b.cancel(seat, count)
            b.caption = later("fiftyfifty.caption_cancel", name=name_of(self.names, seat), count=count)

        def draw(surface: pygame.Surface, p: float) -> None:
            spot = g.spot(seat)
            size = max(6, round(g.px(6)))
            step = min(g.px(4.5), g.px(13) / max(1, count - 1)) if count > 1 else 0
            for k in range(count):
                cx = spot.centerx + (k - (count - 1) / 2) * step
                cy = spot.centery + (k % 2) * g.px(3) - g.px(1.5) * (count > 1)
                if p < 0.55:
                    t = ease_out_back(p / 0.55)
                    gap = lerp(g.px(4), 0, t)
                    for colour, side in ((BLUE, -1), ("yellow", 1)):
                        image = half_face(colour, size)
                        surface.blit(image, image.get_rect(center=(round(cx + side * gap), round(cy))))
                else:
                    t = (p - 0.55) / 0.45
                    image = whole_face(max(4, round(size * (1 + 0.8 * t)))).copy()
                    image.set_alpha(round(255 * (1 - t)))
                    surface.blit(image, image.get_rect(center=(round(cx), round(cy - t * g.px(3)))))
        self.queue.add(Animation(1.0, draw, start, None, lambda t: t))

    def on_trick_won(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat = event.seat

        def lead() -> None:
            b.leader = seat
            b.caption = later("fiftyfifty.caption_won", name=name_of(self.names, seat), card=event.card)
        self.queue.add(Animation(0.8, on_start=lead))
        cleared: list[tuple[int, int]] = []

        def draw(surface: pygame.Surface, p: float) -> None:
            for s, c in cleared:
                a, z = g.spot(s), g.middle()
                self.cards.blit_card(surface, c, (lerp(a.centerx, z.centerx, p), lerp(a.centery, z.centery, p)),
                               lerp(a.h, z.h, p) * (1 - 0.8 * p), made_at=max(a.h, z.h))
        self.queue.add(Animation(0.45, draw, lambda: cleared.extend(b.clear_trick()), None, ease_in_out_cubic))

    def on_hand_scored(self, event, ctx) -> None:
        b, view = self.board, ctx.view
        seats = len(self.names)
        notes: list[str | Phrase] = []
        for seat in range(seats):
            if event.results[seat]:
                continue
            newly = [h for h in range(len(b.struck)) if view.struck[h][seat] and not b.struck[h][seat]]
            if newly:
                notes.append(later("fiftyfifty.struck_note", name=name_of(self.names, seat), hand=newly[0] + 1,
                                   result=view.results[newly[0]][seat]))
            else:
                notes.append(later("fiftyfifty.balanced_note", name=name_of(self.names, seat)))

        def bank() -> None:
            b.bank(view)
            b.caption = ""
        self.queue.then(bank)
        last = event.hand == seats
        self.ending.queue_summary(lambda auto: self.app.stack.push(self.score_sheet(
            later("fiftyfifty.hand_over", hand=event.hand, hands=seats), notes, event.hand,
            "summary.to_results" if last else "fiftyfifty.next_hand", auto_close=auto)))

    # ----- score sheet -------------------------------------------------------
    def score_sheet(self, heading: str | Phrase, notes: list[str | Phrase], current: int | None, button: str,
              auto_close: float | None = None) -> ScoreSheetScene:
        """The score sheet of this table's seats and board."""
        return ScoreSheetScene(self.app, self.names, self.humans, self.board, heading, notes, current, button,
                               auto_close)

    def own_buttons(self) -> list[FocusButton]:
        """The button that opens the score sheet."""
        return [FocusButton("sheet", self.sheet.rect, self.open_sheet)]

    def open_sheet(self) -> None:
        if not self.covered:
            self.app.stack.push(self.score_sheet(tr("fiftyfifty.sheet_heading"), [], None, "fiftyfifty.back_to_table"))

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == SHEET_KEY:
            self.open_sheet()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.sheet.rect.collidepoint(event.pos):
            self.open_sheet()
            return None
        return super().handle_event(event)

    # ----- the picture ---------------------------------------------------------
    def frame(self) -> drawing.Frame:
        """What this frame shows, frozen for the painter."""
        return drawing.Frame(
            self.layout, self.geo, self.cards, self.board, self.view, self.names, self.viewer, self.bottom,
            self.game.id,
            self.my_turn, self.acting, self.busy, frozenset(self.match.thinking()), tuple(self.choices()),
            self.picker.selected(), self.mouse, self.message, self.prompt() if self.my_turn else "", self.sheet)

    def draw_table(self, surface: pygame.Surface) -> None:
        drawing.draw_table(self.frame(), surface, self.stage.draw)

    def paint_backdrop(self, image: pygame.Surface) -> None:
        drawing.paint_backdrop(image, self.layout, self.geo)

    # ----- input ---------------------------------------------------------------
    def choices(self) -> list[tuple[Move, Rect]]:
        """The legal moves with the rect a click takes, in on-screen order."""
        if not self.my_turn:
            return []
        return self.picker.hand_choices(Play)

    def picks_by_number(self) -> bool:
        """A digit plays the card it numbers."""
        return True

    def prompt(self) -> str:
        if self.my_turn:
            name, trick = self.names[self.acting], self.view.trick
            if not trick:
                return tr("fiftyfifty.prompt_lead", name=name)
            (_, high), (_, low) = highest_and_lowest(trick)
            if len(trick) == 1:  # say only what the cards offered can do: beat the led card, stay under it, or either
                cards = [move.card for move in self.legal]
                key = ("prompt_second" if min(cards) < high < max(cards) else
                       "prompt_second_over" if min(cards) > high else "prompt_second_under")
                return tr(f"fiftyfifty.{key}", name=name, card=high)
            return tr("fiftyfifty.prompt_follow", name=name, high=high, low=low)
        return super().prompt()
