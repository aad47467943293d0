"""The Fifty Fifty table: the mood deck and the turned mood card on the left,
the other seats along the top with their cards of this trick in front of
them, your card and your hand at the bottom, your halves on the right.

When a trick is judged, the highest card lights up blue and the lowest
yellow, half-faces fly from the mood card to those two players, and a blue
and a yellow half meet and vanish as they cancel. Only the picture lives
here: who takes what is told by the events of ``games/fiftyfifty.py``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from ...games.fiftyfifty import BLUE, HAND_SIZE, Play, highest_and_lowest
from .. import fonts, paint
from ..cards import back, card_size, face
from ..i18n import tr
from ..layout import GOLD, PANEL_EDGE, TEXT, TEXT_DIM, Layout
from ..scenes.summary import RoundSummaryScene
from ..tween import SPEED_FACTORS, Animation, ease_in_out_cubic, ease_out_back, ease_out_cubic, lerp
from ..widgets import Button
from .base import AUTO_SUMMARY, TableGeometry, TableScene
from .fiftyfifty_art import BLUE_FILL, BLUE_TEXT, YELLOW_FILL, YELLOW_TEXT, half_face, mood_card, whole_face

Rect = pygame.Rect
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): (d - 1) % 10 for d in range(10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): (d - 1) % 10 for d in range(10)})
SHEET_KEY = pygame.K_s
COLOUR_INDEX = {BLUE: 0, "yellow": 1}


@dataclass
class Board:
    """What the table shows; animations change it as cards and halves land."""

    hand: list[int] = field(default_factory=list)
    hand_sizes: list[int] = field(default_factory=list)
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) in play order
    mood: tuple[int, int] | None = None
    moods_left: int = 0
    halves: list[list[int]] = field(default_factory=list)  # [blue, yellow] per seat
    results: list[list[int]] = field(default_factory=list)  # per finished hand, per seat
    struck: list[list[bool]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    leader: int = 0
    dealer: int = 0
    hand_no: int = 1
    trick_no: int = 1
    high: int | None = None  # seat of the highest card, once the trick is judged
    low: int | None = None
    flying: set[int] = field(default_factory=set)  # seats whose card is on its way to the table
    turning: bool = False  # the mood card is being turned over
    dealing: int = 0
    caption: str = ""


class Geometry(TableGeometry):
    """Where everything sits for one window size, in the layout's units."""

    def __init__(self, layout: Layout, seats: int, bottom: int) -> None:
        super().__init__(layout)
        self.bottom = bottom
        self.others = [(bottom + i) % seats for i in range(1, seats)]
        self.card_h = self.px(18)
        self.hand_h = self.px(19)
        self.hand_top = layout.height - self.px(24.5)

    def left_panel(self) -> Rect:
        return Rect(round(self.cx - self.px(87)), round(self.px(2)), round(self.px(35)), round(self.px(72)))

    def right_panel(self) -> Rect:
        return Rect(round(self.cx + self.px(52)), round(self.px(2)), round(self.px(35)), round(self.px(72)))

    def plate(self, seat: int) -> Rect:
        n = len(self.others)
        gap = self.px(1.5)
        width = min(self.px(30), (self.px(100) - (n - 1) * gap) / n)
        total = n * width + (n - 1) * gap
        x = self.cx - total / 2 + self.others.index(seat) * (width + gap)
        return Rect(round(x), round(self.px(2)), round(width), round(self.px(10)))

    def spot(self, seat: int) -> Rect:
        """Where ``seat``'s card of this trick lies, in front of the seat."""
        if seat == self.bottom:
            return self.card_rect((self.cx, self.px(55)), self.card_h)
        plate = self.plate(seat)
        return self.card_rect((plate.centerx, plate.bottom + self.px(1.5) + self.card_h / 2), self.card_h)

    def counter(self, seat: int) -> tuple[float, float]:
        """Where ``seat``'s halves are counted (and where new halves land)."""
        if seat == self.bottom:
            panel = self.right_panel()
            return panel.x + self.px(9), panel.y + self.px(15)
        plate = self.plate(seat)
        return plate.x + self.px(2.8), plate.y + self.px(7)

    def seat_origin(self, seat: int) -> Rect:
        """Where a seat's cards come from when it plays (its plate, or the hand at the bottom)."""
        if seat == self.bottom:
            return self.card_rect((self.cx, self.hand_top + self.hand_h / 2), self.hand_h)
        return self.card_rect(self.plate(seat).center, self.px(8))

    def middle(self) -> Rect:
        return self.card_rect((self.cx, self.px(40)), self.px(10))

    def mood_deck(self) -> Rect:
        panel = self.left_panel()
        return self.card_rect((panel.x + self.px(8), panel.y + self.px(22)), self.px(10))

    def mood_spot(self) -> Rect:
        panel = self.left_panel()
        return self.card_rect((panel.centerx, panel.y + self.px(42.5)), self.px(27))

    def mood_half(self, colour: str) -> tuple[float, float]:
        """The blue (upper) or yellow (lower) number on the turned mood card, where halves start."""
        spot = self.mood_spot()
        return spot.centerx, spot.y + spot.h * (0.27 if colour == BLUE else 0.73)

    def sheet_button(self) -> Rect:
        panel = self.right_panel()
        return Rect(panel.x + round(self.px(2.5)), panel.bottom - round(self.px(9.5)), panel.w - round(self.px(5)),
                    round(self.px(7)))

    def hand_slot(self, index: int, count: int) -> Rect:
        """A card's place in the fanned hand: the outer cards sit a little lower."""
        w, h = card_size(round(self.hand_h))
        span = self.px(146)
        step = min(w + self.px(0.6), (span - w) / max(1, count - 1))
        total = (count - 1) * step + w
        drop = self.px(0.15) * (index - (count - 1) / 2) ** 2
        return Rect(round(self.cx - total / 2 + index * step), round(self.hand_top + drop), w, h)

    @staticmethod
    def fan_angle(index: int, count: int) -> float:
        """Degrees a card of the hand leans (left cards lean left)."""
        return -2.2 * (index - (count - 1) / 2)


@lru_cache(maxsize=128)
def leaning_card(card: int | None, width: int, height: int, angle: float) -> tuple[pygame.Surface, pygame.Surface]:
    """A card of the fanned hand turned by ``angle`` degrees, and its shadow."""
    image = face("fiftyfifty", card, width, height) if card is not None else back(width, height)
    shadow = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (8, 30, 20), shadow.get_rect(), border_radius=max(2, width // 9))
    return pygame.transform.rotozoom(image, angle, 1), pygame.transform.rotozoom(shadow, angle, 1)


class ScoreSheetScene(RoundSummaryScene):
    """The score sheet over the table: hands as rows, seats as columns, struck
    results struck through. After a hand it is the hand summary, with a note
    for every strike; during play it opens with S or its button."""

    def __init__(self, app, table: FiftyFiftyTable, heading: str, notes: list[str], current: int | None,
                 button: str, auto_close: float | None = None) -> None:
        super().__init__(app, heading, "", [], auto_close)
        self.table = table
        self.notes = notes
        self.current = current  # the hand just finished, highlighted
        self.next.label = button

    def resize(self, layout):
        super(RoundSummaryScene, self).resize(layout)
        rows = len(self.table.names) + 1
        width = min(150, 44 + 24 * len(self.table.names))
        lines = sum(len(fonts.wrap(n, layout.font_small, layout.px(width - 8))) for n in self.notes)
        line_units = fonts.font(layout.font_small).get_linesize() / layout.u
        self.panel = layout.centered(width, min(96, 34 + rows * 5.4 + lines * line_units))
        self.next.rect = layout.centered(40, 7.5)
        self.next.rect.bottom = self.panel.bottom - layout.px(2.5)

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == SHEET_KEY and self.current is None:
            self.close()
            return None
        return super().handle_event(event)

    def draw(self, surface):
        lay, table = self.layout, self.table
        b = table.board
        self.draw_frame(surface)
        paint.text(surface, tr("fiftyfifty.sheet_note"), lay.font_small,
                   (self.panel.centerx, self.panel.y + lay.px(10)), TEXT_DIM, max_width=self.panel.w - lay.px(6))
        seats = len(table.names)
        label_w = lay.px(22)
        left = self.panel.x + lay.px(4)
        col_w = (self.panel.w - lay.px(8) - label_w) / seats
        cols = [left + label_w + col_w * (i + 0.5) for i in range(seats)]
        y = self.panel.y + lay.px(15.5)
        row_h = lay.px(5.4)
        for s, x in enumerate(cols):
            paint.text(surface, table.names[s], lay.font_small, (round(x), y), GOLD if s in table.humans else TEXT,
                       bold=True, max_width=round(col_w - lay.px(1)))
        pygame.draw.line(surface, PANEL_EDGE, (left, y + lay.px(2.6)), (self.panel.right - lay.px(4), y + lay.px(2.6)),
                         max(1, lay.px(0.2)))
        y += row_h
        for hand in range(seats):
            if hand + 1 == self.current:
                band = Rect(left - lay.px(1), y - row_h // 2, self.panel.w - lay.px(6), row_h)
                pygame.draw.rect(surface, (40, 70, 50), band, border_radius=lay.px(1))
            paint.text(surface, tr("fiftyfifty.hand_row", hand=hand + 1), lay.font_body, (left, y), TEXT_DIM,
                       anchor="midleft", max_width=label_w - lay.px(1))
            for s, x in enumerate(cols):
                if hand >= len(b.results):
                    paint.text(surface, "\u00b7", lay.font_body, (round(x), y), TEXT_DIM)
                    continue
                result = b.results[hand][s]
                struck = b.struck[hand][s]
                r = paint.text(surface, str(result), lay.font_body, (round(x), y), TEXT_DIM if struck else TEXT,
                               bold=not struck)
                if struck:
                    pygame.draw.line(surface, (236, 110, 96), (r.x - lay.px(1), r.centery + lay.px(0.2)),
                                     (r.right + lay.px(1), r.centery - lay.px(0.2)), max(2, lay.px(0.45)))
                    paint.text(surface, tr("fiftyfifty.struck"), lay.px(2.1), (r.right + lay.px(1.5), r.centery),
                               (236, 150, 130), anchor="midleft")
            y += row_h
        pygame.draw.line(surface, PANEL_EDGE, (left, y - row_h // 2), (self.panel.right - lay.px(4), y - row_h // 2),
                         max(1, lay.px(0.2)))
        paint.text(surface, tr("fiftyfifty.total"), lay.font_body, (left, y), TEXT, bold=True, anchor="midleft")
        best = max(b.totals) if b.totals else 0
        for s, x in enumerate(cols):
            paint.text(surface, str(b.totals[s]), lay.font_large, (round(x), y), GOLD if b.totals[s] == best else TEXT,
                       bold=True)
        y += row_h
        for note in self.notes:
            y += paint.paragraph(surface, note, lay.font_small,
                                 Rect(self.panel.x + lay.px(4), y, self.panel.w - lay.px(8), lay.px(8)), GOLD)
        self.form.draw(surface, lay)


class FiftyFiftyTable(TableScene):
    QUIET_EVENTS = frozenset({"game_over", "hand_struck"})  # shown by the summary and results screens

    def __init__(self, app, record, exit_at_end: bool = False) -> None:
        super().__init__(app, record, exit_at_end)
        seats = len(self.names)
        self.board = Board(hand_sizes=[0] * seats, halves=[[0, 0] for _ in range(seats)], totals=[0] * seats)
        self.sheet = Button("fiftyfifty.sheet_button", self.open_sheet)

    # ----- picture from the views -----------------------------------------
    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom: the human at the screen, or seat 0 when only computers play."""
        return self.viewer if self.viewer is not None else 0

    def make_geometry(self) -> Geometry:
        return Geometry(self.layout, len(self.names), self.bottom)

    def sync(self) -> None:
        v, b = self.view, self.board
        b.hand = list(v.hand)
        b.hand_sizes = list(v.hand_sizes)
        b.trick = list(v.trick)
        b.mood = v.mood
        b.moods_left = v.moods_left
        b.halves = [list(h) for h in v.halves]
        b.results = [list(r) for r in v.results]
        b.struck = [list(k) for k in v.struck]
        b.totals = list(v.totals)
        b.leader, b.dealer, b.hand_no, b.trick_no = v.leader, v.dealer, v.hand_no, v.trick_no
        b.high = b.low = None
        b.flying, b.turning, b.dealing = set(), False, 0
        self.settle_layout()

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.settle_layout()

    def settle_layout(self) -> None:
        """Place what is drawn for this size and seat here, so that drawing changes nothing."""
        self.sheet.rect = self.geo.sheet_button()
        self.backdrop()

    # ----- events to animations ----------------------------------------------
    def fly(self, card: int | None, src, dst, duration: float = 0.4, delay: float = 0.0, on_start=None,
            on_finish=None, ease=ease_in_out_cubic, shrink: bool = False) -> Animation:
        """A card moving from rect ``src()`` to rect ``dst()`` (callables, so a resize mid-flight is fine)."""
        def draw(surface: pygame.Surface, p: float) -> None:
            a, b = src(), dst()
            scale = 1 - 0.7 * p if shrink else 1
            self.blit_card(surface, card, (lerp(a.centerx, b.centerx, p), lerp(a.centery, b.centery, p)),
                           lerp(a.h, b.h, p) * scale)
        return Animation(duration, draw, on_start, on_finish, ease, delay)

    def blit_card(self, surface: pygame.Surface, card: int | None, centre, height: float, width: int | None = None,
                  lift: float = 0.0, angle: float = 0.0) -> Rect:
        """As on every table, and a card of the fanned hand may lean by ``angle`` degrees."""
        height = max(8, height)
        if not angle:
            return super().blit_card(surface, card, centre, height, width, lift)
        w, h = card_size(round(height))
        centre = (round(centre[0]), round(centre[1] - lift))
        image, shadow = leaning_card(card, w, h, round(angle, 1))
        surface.blit(shadow, shadow.get_rect(center=(centre[0] + max(1, w // 30), centre[1] + max(2, w // 18))))
        surface.blit(image, image.get_rect(center=centre))
        return Rect(0, 0, w, h).move(centre[0] - w // 2, centre[1] - h // 2)

    def on_hand_dealt(self, event, ctx) -> None:
        b, g = self.board, self.live
        seats = len(self.names)
        hand = list(ctx.view.hand)

        def reset() -> None:
            b.hand, b.trick, b.mood = [], [], None
            b.hand_sizes = [0] * seats
            b.halves = [[0, 0] for _ in range(seats)]
            b.moods_left = len(ctx.view.mood_cards)
            b.hand_no, b.dealer, b.trick_no = event.hand, event.dealer, 1  # the leader shows with the mood card
            b.high = b.low = None
            b.dealing = len(hand)
            b.caption = tr("fiftyfifty.caption_deal", hand=event.hand, hands=seats, name=self.names[event.dealer])

        self.queue.add(Animation(0.5, on_start=reset))
        moves = []
        for round_no in range(event.hand_sizes[0]):
            for i in range(seats):
                seat = (event.dealer + 1 + i) % seats
                delay = 0.035 * (round_no * seats + i)
                if seat == self.viewer and round_no < len(hand):
                    card = hand[round_no]
                    place = sorted(hand).index(card)
                    dst = lambda place=place: g.hand_slot(place, len(hand))  # noqa: E731

                    def land(seat=seat, card=card) -> None:
                        b.hand = sorted(b.hand + [card])
                        b.hand_sizes[seat] += 1
                else:
                    dst = lambda seat=seat: g.seat_origin(seat)  # noqa: E731

                    def land(seat=seat) -> None:
                        b.hand_sizes[seat] += 1
                moves.append(self.fly(None, lambda: g.middle(), dst, 0.3, delay, on_finish=land,
                                      shrink=seat != self.viewer))

        def dealt() -> None:
            b.dealing = 0
            b.hand_sizes = list(event.hand_sizes)
            b.hand = sorted(hand)
        moves.append(Animation(0.0, delay=0.035 * event.hand_sizes[0] * seats + 0.3, on_finish=dealt))
        self.queue.add(*moves)

    def on_mood_turned(self, event, ctx) -> None:
        b, g = self.board, self.live

        def start() -> None:
            b.turning = True
            b.moods_left = max(0, b.moods_left - 1)
            b.leader, b.trick_no, b.hand_no = event.leader, event.trick, event.hand
            b.trick, b.high, b.low = [], None, None
            b.caption = tr("fiftyfifty.caption_turn", name=self.names[event.leader], trick=event.trick,
                           blue=event.blue, yellow=event.yellow)

        def done() -> None:
            b.turning = False
            b.mood = (event.blue, event.yellow)

        def draw(surface: pygame.Surface, p: float) -> None:
            a, z = g.mood_deck(), g.mood_spot()
            h = lerp(a.h, z.h, p)
            w = max(1, round(card_size(round(h))[0] * abs(1 - 2 * p)))
            centre = (lerp(a.centerx, z.centerx, p), lerp(a.centery, z.centery, p))
            if p < 0.5:
                self.blit_card(surface, None, centre, h, width=w)
            else:
                image = pygame.transform.smoothscale(mood_card(event.blue, event.yellow, z.w, z.h), (w, round(h)))
                surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))
        self.queue.add(Animation(0.55, draw, start, done, ease_in_out_cubic))
        self.queue.add(Animation(0.45))  # a beat to read the new mood card

    def on_card_played(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, card = event.seat, event.card
        own = seat == self.viewer and card in b.hand
        if own:
            index, count = b.hand.index(card), len(b.hand)
            src = lambda: g.hand_slot(index, count)  # noqa: E731
        else:
            src = lambda: g.seat_origin(seat)  # noqa: E731

        def leave() -> None:
            b.flying.add(seat)
            if own:
                b.hand.remove(card)
            b.hand_sizes[seat] = max(0, b.hand_sizes[seat] - 1)
            b.caption = tr("fiftyfifty.caption_play", name=self.names[seat], card=card)

        def land() -> None:
            b.flying.discard(seat)
            b.trick.append((seat, card))
        self.queue.add(self.fly(card, src, lambda: g.spot(seat), 0.4, on_start=leave, on_finish=land,
                                ease=ease_out_cubic))

    def on_halves_taken(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, colour, count = event.seat, event.colour, event.count
        card = dict(b.trick)[seat]

        def judge() -> None:
            if colour == BLUE:
                b.high = seat
            else:
                b.low = seat
            b.caption = tr(f"fiftyfifty.caption_{colour}", name=self.names[seat], card=card, count=count)
        self.queue.add(Animation(0.9, on_start=judge))
        icon = lambda: g.px(5)  # noqa: E731
        flights = []
        for k in range(count):
            def land(k=k) -> None:
                b.halves[seat][COLOUR_INDEX[colour]] += 1

            def draw(surface: pygame.Surface, p: float, k=k) -> None:
                (x0, y0), (x1, y1) = g.mood_half(colour), g.counter(seat)
                arc = math.sin(math.pi * p) * g.px(8)
                size = round(lerp(icon() * 1.4, icon() * 0.8, p))
                image = half_face(colour, max(4, size))
                surface.blit(image, image.get_rect(center=(round(lerp(x0, x1, p)), round(lerp(y0, y1, p) - arc))))
            flights.append(Animation(0.55, draw, None, land, ease_in_out_cubic, 0.09 * k))
        self.queue.add(*flights)

    def on_halves_cancelled(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, count = event.seat, event.count

        def start() -> None:
            b.halves[seat][0] -= count
            b.halves[seat][1] -= count
            b.caption = tr("fiftyfifty.caption_cancel", name=self.names[seat], count=count)

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
            b.caption = tr("fiftyfifty.caption_won", name=self.names[seat], card=event.card)
        self.queue.add(Animation(0.8, on_start=lead))
        cleared: list[tuple[int, int]] = []

        def clear() -> None:
            cleared[:] = b.trick
            b.trick, b.mood, b.high, b.low = [], None, None, None

        def draw(surface: pygame.Surface, p: float) -> None:
            for s, c in cleared:
                a, z = g.spot(s), g.middle()
                self.blit_card(surface, c, (lerp(a.centerx, z.centerx, p), lerp(a.centery, z.centery, p)),
                               lerp(a.h, z.h, p) * (1 - 0.8 * p))
        self.queue.add(Animation(0.45, draw, clear, None, ease_in_out_cubic))

    def on_hand_scored(self, event, ctx) -> None:
        b = self.board
        v = ctx.view
        seats = len(self.names)
        notes: list[str] = []
        before = [list(k) for k in b.struck]
        for seat in range(seats):
            if event.results[seat]:
                continue
            newly = [h for h in range(len(before)) if v.struck[h][seat] and not before[h][seat]]
            if newly:
                h = newly[0]
                notes.append(tr("fiftyfifty.struck_note", name=self.names[seat], hand=h + 1,
                                result=v.results[h][seat]))
            else:
                notes.append(tr("fiftyfifty.balanced_note", name=self.names[seat]))

        def bank() -> None:
            b.results = [list(r) for r in v.results]
            b.struck = [list(k) for k in v.struck]
            b.totals = list(v.totals)
            b.caption = ""
        self.queue.then(bank)
        last = event.hand == seats
        auto = None if self.humans else AUTO_SUMMARY * SPEED_FACTORS[self.app.speed]

        def open_summary() -> None:
            self.app.sounds.play("chime")
            self.app.stack.push(ScoreSheetScene(
                self.app, self, tr("fiftyfifty.hand_over", hand=event.hand, hands=seats), notes, event.hand,
                "fiftyfifty.to_results" if last else "fiftyfifty.next_hand", auto_close=auto))
        self.queue.then(open_summary)

    # ----- score sheet -------------------------------------------------------
    def open_sheet(self) -> None:
        if not self.covered:
            self.app.stack.push(ScoreSheetScene(self.app, self, tr("fiftyfifty.sheet_heading"), [], None,
                                                "fiftyfifty.back_to_table"))

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == SHEET_KEY:
            self.open_sheet()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.sheet.rect.collidepoint(event.pos):
            self.open_sheet()
            return None
        return super().handle_event(event)

    # ----- input ---------------------------------------------------------------
    def choices(self) -> list[tuple[Play, Rect]]:
        """The legal moves with the rect a click takes, in on-screen order."""
        if self.acting is None or self.busy:
            return []
        g, b = self.geo, self.board
        legal = set(self.legal)
        return [(Play(card), g.hand_slot(i, len(b.hand))) for i, card in enumerate(b.hand) if Play(card) in legal]

    def move_for_key(self, event):
        """A digit plays the card it numbers; other keys select as on every table."""
        if event.key in DIGIT_KEYS:
            choices = self.choices()
            index = DIGIT_KEYS[event.key]
            return choices[index][0] if index < len(choices) else None
        return super().move_for_key(event)

    def prompt(self) -> str:
        if self.acting is not None and not self.busy:
            name, trick = self.names[self.acting], self.view.trick
            if not trick:
                return tr("fiftyfifty.prompt_lead", name=name)
            (_, high), (_, low) = highest_and_lowest(trick)
            if len(trick) == 1:
                return tr("fiftyfifty.prompt_second", name=name, card=high)
            return tr("fiftyfifty.prompt_follow", name=name, high=high, low=low)
        return super().prompt()

    # ----- drawing ---------------------------------------------------------------
    def paint_backdrop(self, image: pygame.Surface) -> None:
        """The two side panels."""
        lay, g = self.layout, self.geo
        paint.panel(image, g.left_panel(), lay.px(1.5))
        paint.panel(image, g.right_panel(), lay.px(1.5))

    def draw_table(self, surface: pygame.Surface) -> None:
        choices = self.choices()
        selected = self.selected()
        self.draw_mood_panel(surface)
        self.draw_own_panel(surface)
        for seat in self.geo.others:
            self.draw_plate(surface, seat)
        for seat in range(len(self.names)):
            self.draw_spot(surface, seat)
        self.draw_caption(surface)
        self.draw_hand(surface, choices, selected)
        self.draw_running(surface)

    def outline(self, surface: pygame.Surface, rect: Rect, colour=GOLD, width: float = 0.45) -> None:
        lay = self.layout
        pygame.draw.rect(surface, colour, rect.inflate(lay.px(0.9), lay.px(0.9)), width=max(2, lay.px(width)),
                         border_radius=max(3, rect.w // 8))

    def draw_halves(self, surface: pygame.Surface, seat: int, pos: tuple[float, float], icon: int, size: int) -> Rect:
        """A seat's halves: a half-face in the colour it holds and the count, or a dim 0 when balanced."""
        blue, yellow = self.board.halves[seat]
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
                rect = paint.text(surface, f"\u00d7{count}", size, (x + round(icon * 0.3) + self.layout.px(0.5), y),
                                  tint, bold=True, anchor="midleft")
            return rect
        image = whole_face(icon).copy()
        image.set_alpha(90)
        surface.blit(image, image.get_rect(center=(x, y)))
        return paint.text(surface, "0", size, (x + icon // 2 + self.layout.px(0.5), y), TEXT_DIM, bold=True,
                          anchor="midleft")

    def draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        lay, g, b = self.layout, self.geo, self.board
        rect = g.plate(seat)
        thinking = seat in self.match.thinking()
        paint.panel(surface, rect, lay.px(1.2), edge=GOLD if thinking else PANEL_EDGE)
        pad = lay.px(1.2)
        name_w = rect.w - 2 * pad
        if b.leader == seat:
            tag = self.leader_tag(surface, (rect.right - pad, rect.y + lay.px(2.8)))
            name_w = tag.x - rect.x - pad - lay.px(0.8)
        paint.text(surface, self.names[seat], lay.font_small, (rect.x + pad, rect.y + lay.px(2.8)), TEXT, bold=True,
                   anchor="midleft", max_width=max(10, name_w))
        x, y = g.counter(seat)
        r = self.draw_halves(surface, seat, (x, y), round(lay.px(3.6)), lay.font_small)
        score = paint.text(surface, tr("fiftyfifty.points", score=b.totals[seat]), lay.font_small,
                           (r.right + lay.px(1.2), y), TEXT_DIM, anchor="midleft")
        cw, ch = card_size(round(lay.px(3.4)))
        left = b.hand_sizes[seat]
        text_right = rect.right - pad
        width = fonts.font(lay.font_small).size(str(left))[0]
        if text_right - width - cw - lay.px(0.5) > score.right + lay.px(0.5):  # cards left, when there is room
            count = paint.text(surface, str(left), lay.font_small, (text_right, y), TEXT, anchor="midright")
            surface.blit(back(cw, ch), (count.x - cw - lay.px(0.5), y - ch // 2))

    def leader_tag(self, surface: pygame.Surface, topright: tuple[int, int]) -> Rect:
        """A gold pill saying this seat leads the trick, right-aligned at ``topright`` (its mid-right)."""
        lay = self.layout
        image = fonts.text(tr("fiftyfifty.leads"), lay.px(2.2), (40, 30, 6), True)
        pill = image.get_rect().inflate(lay.px(1.6), lay.px(0.5))
        pill.midright = topright
        pygame.draw.rect(surface, GOLD, pill, border_radius=pill.h // 2)
        surface.blit(image, image.get_rect(center=pill.center))
        return pill

    def draw_spot(self, surface: pygame.Surface, seat: int) -> None:
        lay, g, b = self.layout, self.geo, self.board
        spot = g.spot(seat)
        played = dict(b.trick)
        order = [s for s, _ in b.trick]
        if seat in played and seat not in b.flying:
            self.blit_card(surface, played[seat], spot.center, spot.h)
            if b.high == seat:
                self.outline(surface, spot, BLUE_FILL, 0.7)
                self.spot_tag(surface, spot, "\u25b2 " + tr("fiftyfifty.highest"), BLUE_FILL, (255, 255, 255))
            elif b.low == seat:
                self.outline(surface, spot, YELLOW_FILL, 0.7)
                self.spot_tag(surface, spot, "\u25bc " + tr("fiftyfifty.lowest"), YELLOW_FILL, (60, 36, 0))
            badge = (spot.x + lay.px(0.2), spot.y + lay.px(0.2))
            radius = lay.px(1.7)
            first = order.index(seat) == 0
            pygame.draw.circle(surface, GOLD if first else (30, 60, 44), badge, radius)
            pygame.draw.circle(surface, (20, 20, 20) if first else PANEL_EDGE, badge, radius, max(1, lay.px(0.2)))
            paint.text(surface, str(order.index(seat) + 1), lay.px(2.2), badge, (30, 24, 6) if first else TEXT,
                       bold=True)
            return
        pygame.draw.rect(surface, (18, 70, 46), spot, width=max(1, lay.px(0.25)), border_radius=max(2, spot.w // 9))
        waiting = seat in self.match.thinking()
        if waiting:
            paint.text(surface, "\u2026", lay.font_large, spot.center, TEXT_DIM)
        elif seat == self.acting and not self.busy:
            paint.paragraph(surface, tr("fiftyfifty.your_card"), lay.font_small,
                            Rect(spot.x + lay.px(0.5), spot.centery - lay.px(3), spot.w - lay.px(1), spot.h), GOLD)

    def spot_tag(self, surface: pygame.Surface, spot: Rect, label: str, fill, ink) -> None:
        lay = self.layout
        image = fonts.text(label, lay.font_small, ink, True)
        pill = image.get_rect().inflate(lay.px(2), lay.px(0.6))
        pill.midtop = (spot.centerx, spot.bottom + lay.px(1))
        pygame.draw.rect(surface, fill, pill, border_radius=pill.h // 2)
        surface.blit(image, image.get_rect(center=pill.center))

    def draw_caption(self, surface: pygame.Surface) -> None:
        lay, b = self.layout, self.board
        text = self.message or (self.prompt() if self.acting is not None and not self.busy else b.caption)
        if not text:
            return
        colour = GOLD if (self.message or (self.acting is not None and not self.busy)) else TEXT
        area = Rect(0, 0, lay.px(96), lay.px(9))
        area.midtop = (round(self.geo.cx), lay.px(36.5))
        paint.paragraph(surface, text, lay.font_body, area, colour, bold=colour == GOLD)

    def draw_mood_panel(self, surface: pygame.Surface) -> None:
        lay, g, b = self.layout, self.geo, self.board
        panel = g.left_panel()
        pad = lay.px(2.2)
        x, width = panel.x + pad, panel.w - 2 * pad
        seats = len(self.names)
        lines = [(tr("fiftyfifty.hand", hand=b.hand_no, hands=seats), TEXT, True),
                 (tr("fiftyfifty.trick", trick=b.trick_no, tricks=HAND_SIZE), TEXT, True),
                 (tr("fiftyfifty.dealer", name=self.names[b.dealer]), TEXT_DIM, False)]
        y = panel.y + lay.px(3.4)
        for content, colour, bold in lines:
            paint.text(surface, content, lay.font_small, (x, y), colour, bold=bold, anchor="midleft", max_width=width)
            y += lay.px(3.8)
        deck = g.mood_deck()
        for i in range(min(3, b.moods_left)):
            self.blit_card(surface, None, (deck.centerx - i * lay.px(0.35), deck.centery - i * lay.px(0.35)), deck.h)
        paint.paragraph(surface, tr("fiftyfifty.moods_left" if b.moods_left != 1 else "fiftyfifty.moods_left_one",
                                                count=b.moods_left), lay.font_small,
                        Rect(deck.right + lay.px(2), deck.y + lay.px(1), panel.right - deck.right - lay.px(3.5),
                             deck.h), TEXT_DIM, align="left")
        spot = g.mood_spot()
        if b.mood is not None and not b.turning:
            shadow = spot.move(lay.px(0.4), lay.px(0.6))
            pygame.draw.rect(surface, (8, 30, 20), shadow, border_radius=max(2, spot.w // 9))
            surface.blit(mood_card(b.mood[0], b.mood[1], spot.w, spot.h), spot)
        else:
            pygame.draw.rect(surface, (18, 70, 46), spot, width=max(1, lay.px(0.25)), border_radius=max(2, spot.w // 9))
        blue, yellow = b.mood if b.mood is not None and not b.turning else ("?", "?")
        y = spot.bottom + lay.px(3.2)
        icon = round(lay.px(3.6))
        for colour, count, key, tint in ((BLUE, blue, "fiftyfifty.legend_blue", BLUE_TEXT),
                                         ("yellow", yellow, "fiftyfifty.legend_yellow", YELLOW_TEXT)):
            image = half_face(colour, icon)
            shift = icon // 4 if colour == BLUE else -icon // 4
            surface.blit(image, image.get_rect(center=(x + icon // 2 + shift, y)))
            paint.text(surface, tr(key, count=count), lay.font_small, (x + icon + lay.px(1), y), tint, bold=True,
                       anchor="midleft", max_width=width - icon - lay.px(1))
            y += lay.px(4.6)

    def draw_own_panel(self, surface: pygame.Surface) -> None:
        lay, g, b = self.layout, self.geo, self.board
        panel = g.right_panel()
        pad = lay.px(2.2)
        seat = self.bottom
        name_w = panel.w - 2 * pad
        if b.leader == seat:
            tag = self.leader_tag(surface, (panel.right - pad, panel.y + lay.px(4)))
            name_w = tag.x - panel.x - pad - lay.px(1)
        paint.text(surface, self.names[seat], lay.font_body, (panel.x + pad, panel.y + lay.px(4)), TEXT, bold=True,
                   anchor="midleft", max_width=name_w)
        x, y = g.counter(seat)
        count = self.draw_halves(surface, seat, (x, y), round(lay.px(8)), lay.font_large)
        paint.text(surface, tr("fiftyfifty.halves"), lay.font_small, (count.right + lay.px(1.2), y + lay.px(0.6)),
                   TEXT_DIM, anchor="midleft", max_width=max(10, panel.right - pad - count.right - lay.px(1.2)))
        paint.text(surface, tr("fiftyfifty.score", score=b.totals[seat]), lay.font_small,
                   (panel.x + pad, panel.y + lay.px(22.5)), TEXT_DIM, anchor="midleft", max_width=panel.w - 2 * pad)
        if self.viewer is None:
            paint.paragraph(surface, tr("fiftyfifty.watching"), lay.font_small,
                            Rect(panel.x + pad, panel.y + lay.px(28), panel.w - 2 * pad, lay.px(30)), TEXT_DIM,
                            align="left")
        else:
            paint.paragraph(surface, tr("fiftyfifty.how_to"), lay.font_small,
                            Rect(panel.x + pad, panel.y + lay.px(28), panel.w - 2 * pad, lay.px(30)), TEXT_DIM,
                            align="left")
        self.sheet.draw(surface, lay, False, self.sheet.rect.collidepoint(self.mouse))

    def draw_hand(self, surface: pygame.Surface, choices, selected) -> None:
        lay, g, b = self.layout, self.geo, self.board
        if self.viewer is None:
            left = b.hand_sizes[self.bottom] if b.hand_sizes else 0
            count = max(left, b.dealing)
            for i in range(left):
                rect = g.hand_slot(i, count)
                self.blit_card(surface, None, rect.center, rect.h * 0.8, angle=g.fan_angle(i, count))
            return
        playing = bool(choices)
        count = max(len(b.hand), b.dealing)
        for i, card in enumerate(b.hand):
            rect = g.hand_slot(i, count)
            lifted = playing and selected == i  # a lifted card also stands up straight
            self.blit_card(surface, card, rect.center, rect.h, lift=lay.px(3) if lifted else 0,
                           angle=0 if lifted else g.fan_angle(i, count))
            if lifted:
                self.outline(surface, rect.move(0, -lay.px(3)))
            if playing:
                paint.text(surface, str((i + 1) % 10), lay.font_small, (rect.centerx, rect.bottom + lay.px(0.2)),
                           TEXT_DIM, anchor="midtop")
