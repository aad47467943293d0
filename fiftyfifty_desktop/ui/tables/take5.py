"""The Take 5 table: four rows in the middle, your hand at the bottom,
the other seats along the top, each with a penalty counter and a slot for
the card it has chosen this turn.

Only the picture lives here. The rules (where a card goes, who takes a
row) stay in ``games/take5.py``; this module follows the public events.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from ...games.take5 import (HAND_SIZE, ROW_LIMIT, ROWS, Draft, Play, TakeRow, low_card, penalty_points,
                            penalty_totals)
from .. import fonts, paint
from ..cards import back, card_size, paint_bullhead
from ..i18n import tr
from ..layout import DANGER, GOLD, TEXT, TEXT_DIM, Layout
from ..tween import Animation, ease_out_back, ease_out_cubic
from .base import TableGeometry, TableScene

Rect = pygame.Rect
FLOAT_TIME = 1.4  # seconds a taken row's penalty rises from the counter
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): (d - 1) % 10 for d in range(10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): (d - 1) % 10 for d in range(10)})


@dataclass
class Board:
    """What the table shows; animations change it as cards land."""

    rows: list[list[int]] = field(default_factory=lambda: [[] for _ in range(ROWS)])
    hand: list[int] = field(default_factory=list)
    hand_sizes: list[int] = field(default_factory=list)
    slots: dict[int, tuple[int | None, bool]] = field(default_factory=dict)  # seat -> (card, face up)
    totals: list[int] = field(default_factory=list)  # penalty so far, this round included
    this_round: list[int] = field(default_factory=list)
    pool: list[int] = field(default_factory=list)
    low: tuple[int, int] | None = None  # (seat, card) that must take a row
    sixth: tuple[int, int] | None = None  # (row, card) resting as a 6th card before the row is taken
    flipping: set[int] = field(default_factory=set)  # seats whose card is turning over
    dealing: int = 0  # while a hand is dealt: its final size, so cards land in their places
    round: int = 1
    turn: int = 1
    phase: str = "choose"
    caption: str = ""  # what the cards are doing, for a newcomer to follow
    open_hands: tuple[tuple[int, ...], ...] | None = None  # professional: every hand is known
    floaters: list[list] = field(default_factory=list)  # [seat, "+5", age]: penalties rising from a counter


@lru_cache(maxsize=16)
def bull_icon(size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    big = pygame.Surface((size * 3, size * 3), pygame.SRCALPHA)
    paint_bullhead(big, big.get_rect(), colour, (20, 20, 20))
    return pygame.transform.smoothscale(big, (size, size))


class Geometry(TableGeometry):
    """Where everything sits for one window size, in the layout's units."""

    def __init__(self, layout: Layout, seats: int, viewer: int | None) -> None:
        super().__init__(layout)
        u = layout.u
        self.others = [s for s in range(seats) if s != viewer]
        self.viewer = viewer
        n = max(1, len(self.others))
        self.plate_w = min(26 * u, (172 * u) / n - 1.5 * u)
        self.slot_h = 11 * u
        self.row_h = 11.5 * u
        self.row_gap = 1.3 * u
        self.row_top = 25 * u
        self.hand_h = 19 * u
        self.hand_top = layout.height - 23.5 * u

    def plate(self, seat: int) -> Rect:
        n = len(self.others)
        i = self.others.index(seat)
        gap = self.px(1.5)
        total = n * self.plate_w + (n - 1) * gap
        x = self.cx - total / 2 + i * (self.plate_w + gap)
        return Rect(round(x), round(self.px(1.5)), round(self.plate_w), round(self.px(9)))

    def slot(self, seat: int) -> Rect:
        """Where ``seat``'s chosen card lies this turn."""
        if seat == self.viewer:
            panel = self.right_panel()
            return self.card_rect((panel.centerx, panel.y + self.px(31)), self.px(14))
        plate = self.plate(seat)
        return self.card_rect((plate.centerx, plate.bottom + self.px(1) + self.slot_h / 2), self.slot_h)

    def pile(self, seat: int) -> tuple[float, float]:
        """Where a taken row goes: the seat's penalty counter."""
        if seat == self.viewer:
            panel = self.right_panel()
            return panel.centerx, panel.y + self.px(12)
        plate = self.plate(seat)
        return plate.right - self.px(4), plate.centery

    def row_slot(self, row: int, index: int) -> Rect:
        w, h = card_size(round(self.row_h))
        x = self.cx - self.px(27) + index * (w + self.px(1))
        y = self.row_top + row * (self.row_h + self.row_gap)
        return Rect(round(x), round(y), w, h)

    def row_band(self, row: int) -> Rect:
        """The whole row, for highlighting and clicking (label and all six places)."""
        first, last = self.row_slot(row, 0), self.row_slot(row, ROW_LIMIT)
        return Rect(first.x - self.px(7), first.y - self.px(0.5), last.right - first.x + self.px(8),
                    first.h + self.px(1))

    def left_panel(self) -> Rect:
        return Rect(round(self.cx - self.px(87)), round(self.row_top), round(self.px(44)),
                    round(4 * self.row_h + 3 * self.row_gap))

    def right_panel(self) -> Rect:
        return Rect(round(self.cx + self.px(43)), round(self.row_top), round(self.px(44)),
                    round(4 * self.row_h + 3 * self.row_gap))

    def deck(self) -> Rect:
        panel = self.left_panel()
        return self.card_rect((panel.centerx, panel.bottom - self.px(6.5)), self.px(9))

    def hand_slot(self, index: int, count: int) -> Rect:
        w, h = card_size(round(self.hand_h))
        span = self.px(146)
        step = min(w + self.px(1.2), (span - w) / max(1, count - 1))
        total = (count - 1) * step + w
        x = self.cx - total / 2 + index * step
        return Rect(round(x), round(self.hand_top), w, h)

    def pool_slot(self, index: int, count: int) -> Rect:
        """The open draft: a grid filling the rows area."""
        area = Rect(round(self.cx - self.px(41)), round(self.row_top),
                    round(self.px(82)), round(4 * self.row_h + 3 * self.row_gap))
        best = None
        for cols in range(4, 27):
            rows = -(-count // cols)
            h = min(area.h / rows * 0.92, (area.w / cols * 0.92) / 0.68)
            if best is None or h > best[0]:
                best = (h, cols, rows)
        h, cols, rows = best
        w = h * 0.68
        gx = (area.w - cols * w) / max(1, cols - 1) if cols > 1 else 0
        gy = (area.h - rows * h) / max(1, rows - 1) if rows > 1 else 0
        col, row = index % cols, index // cols
        cw, ch = card_size(round(h))
        return Rect(round(area.x + col * (w + min(gx, w * 0.2))), round(area.y + row * (h + min(gy, h * 0.15))), cw, ch)


class Take5Table(TableScene):
    QUIET_EVENTS = frozenset({"game_over"})  # shown by the summary and results screens

    def __init__(self, app, record, exit_at_end: bool = False) -> None:
        super().__init__(app, record, exit_at_end)
        seats = len(self.names)
        self.board = Board(hand_sizes=[0] * seats, totals=[0] * seats, this_round=[0] * seats)

    # ----- picture from the views -----------------------------------------
    def make_geometry(self) -> Geometry:
        return Geometry(self.layout, len(self.names), self.viewer)

    def sync(self) -> None:
        v, b = self.view, self.board
        b.rows = [list(r) for r in v.rows] + [[] for _ in range(ROWS - len(v.rows))]
        b.hand = list(v.hand)
        b.hand_sizes = list(v.hand_sizes)
        b.slots = {}
        for s, committed in enumerate(v.committed):
            if committed:
                b.slots[s] = (v.chosen, True) if s == v.seat else (None, False)
        for s, card in v.placing:
            b.slots[s] = (card, True)
        if sorted(c for c in b.pool if c) != sorted(v.pool):
            b.pool = list(v.pool)
        b.this_round = [penalty_points(pile) for pile in v.piles]
        b.totals = list(penalty_totals(v))
        b.low = low_card(v)
        b.sixth = None
        b.flipping = set()
        b.dealing = 0
        b.round, b.turn, b.phase = max(1, v.round), v.turn, v.phase
        b.open_hands = v.open_hands

    def needs_handover(self, seat: int) -> bool:
        return self.view.open_hands is None  # a drafted hand is known to all

    # ----- events to animations ----------------------------------------------
    def on_round_dealt(self, event, ctx) -> None:
        b, g = self.board, self.live
        drafted = bool(b.pool)
        if drafted:
            start_rows = {card: i for i, card in enumerate(b.pool)}
            count = len(b.pool)
        hand = list(ctx.view.hand)

        def reset() -> None:
            b.rows = [[] for _ in range(ROWS)]
            b.pool = []  # after a draft, the last four open cards are in flight to the rows
            b.slots, b.low, b.sixth = {}, None, None
            b.this_round = [0] * len(self.names)
            if not drafted:
                b.hand = []
                b.hand_sizes = [0] * len(self.names)

        self.queue.then(reset)
        moves = []
        for r, row in enumerate(event.rows):
            card = row[0]
            src = (lambda i=start_rows[card]: g.pool_slot(i, count)) if drafted else (lambda: g.deck())

            def land(r=r, card=card) -> None:
                b.rows[r] = [card]
            moves.append(self.fly(card, src, lambda r=r: g.row_slot(r, 0), 0.4, 0.08 * r, on_finish=land))
        if not drafted:
            for i, card in enumerate(hand):
                def take(card=card) -> None:
                    b.hand = sorted(b.hand + [card])
                    b.dealing = len(hand)
                moves.append(self.fly(card, lambda: g.deck(), lambda i=i: g.hand_slot(i, len(hand)), 0.45,
                                      0.3 + 0.06 * i, on_finish=take, flip=True))  # turned up as it arrives
            sizes = list(event.hand_sizes)

            def dealt() -> None:
                b.dealing = 0
                b.hand_sizes = sizes
                b.hand = sorted(hand)
            moves.append(Animation(0.0, delay=0.3 + 0.06 * len(hand) + 0.4, on_finish=dealt))
        self.queue.add(*moves)
        self.app.sounds.play("card")

    def on_draft_opened(self, event, ctx) -> None:
        b = self.board

        def lay_out() -> None:
            b.rows = [[] for _ in range(ROWS)]
            b.hand, b.slots, b.low, b.sixth = [], {}, None, None
            b.hand_sizes = [0] * len(self.names)
            b.this_round = [0] * len(self.names)
            b.pool = list(event.cards)
        self.queue.add(Animation(0.5, on_start=lay_out))

    def on_drafted(self, event, ctx) -> None:
        b, g = self.board, self.live
        if event.card not in b.pool:
            return
        index, count = b.pool.index(event.card), len(b.pool)
        to_hand = event.seat == self.viewer
        place = bisect.bisect(b.hand, event.card)
        dst = (lambda: g.hand_slot(place, len(b.hand) + 1)) if to_hand else (lambda: g.slot(event.seat))

        def lift() -> None:
            b.pool[index] = 0  # the gap keeps the other open cards in their places

        def land() -> None:
            if to_hand:
                b.hand = sorted(b.hand + [event.card])
            b.hand_sizes[event.seat] += 1
        self.queue.add(self.fly(event.card, lambda: g.pool_slot(index, count), dst, 0.35, on_start=lift,
                                on_finish=land, shrink=not to_hand))

    def on_committed(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat = event.seat
        own = seat == self.viewer and ctx.seat == seat and isinstance(ctx.move, Play)
        card = ctx.move.card if own else None
        if own and card in b.hand:
            index, count = b.hand.index(card), len(b.hand)
            src = lambda: g.hand_slot(index, count)  # noqa: E731
        elif seat != self.viewer:
            src = lambda: g.card_rect(g.plate(seat).center, g.slot_h * 0.6)  # noqa: E731
        else:
            src = lambda: g.slot(seat)  # noqa: E731

        def leave() -> None:
            if own and card in b.hand:
                b.hand.remove(card)

        def land() -> None:
            b.slots[seat] = (card, own)
            if b.hand_sizes:
                b.hand_sizes[seat] = max(0, b.hand_sizes[seat] - 1)
        self.queue.add(self.fly(card, src, lambda: g.slot(seat), 0.35, on_start=leave, on_finish=land,
                                ease=ease_out_cubic))

    def on_revealed(self, event, ctx) -> None:
        b, g = self.board, self.live
        turning = [(s, c) for s, c in event.cards if b.slots.get(s, (None, False))[1] is False]

        def start() -> None:
            b.flipping = {s for s, _ in turning}
            b.caption = tr("take5.caption_reveal")

        def done() -> None:
            b.flipping = set()
            for s, c in event.cards:
                b.slots[s] = (c, True)
        flips = [self.fly(c, lambda s=s: g.slot(s), lambda s=s: g.slot(s), 0.4, flip=True, ease=lambda t: t)
                 for s, c in turning]
        self.queue.add(Animation(0.4, on_start=start, on_finish=done), *flips)
        self.queue.add(Animation(0.35))  # a beat to read the cards before they move

    def on_low_card(self, event, ctx) -> None:
        b = self.board

        def mark() -> None:
            b.low = (event.seat, event.card)
            b.caption = ""
        self.queue.add(Animation(0.6, on_start=mark))

    def on_row_taken(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, row = event.seat, event.row
        if b.low is None or b.low[0] != seat:
            card = b.slots.get(seat, (None, False))[0]
            if card is not None:
                def to_sixth() -> None:
                    b.slots.pop(seat, None)

                def rest() -> None:
                    b.sixth = (row, card)
                self.queue.add(self.fly(card, lambda: g.slot(seat), lambda: g.row_slot(row, ROW_LIMIT), 0.45,
                                        on_start=to_sixth, on_finish=rest))
        taken = list(event.cards)

        def clear() -> None:
            b.rows[row] = []
            b.caption = tr("take5.caption_take", name=self.names[seat], row=row + 1, points=event.bullheads)

        def bank() -> None:
            b.totals[seat] += event.bullheads
            b.this_round[seat] += event.bullheads
            if self.queue.factor > 0:
                b.floaters.append([seat, f"+{event.bullheads}", 0.0])
            if b.low is not None and b.low[0] == seat:
                b.low = None
        sweeps = [self.fly(c, lambda j=j: g.row_slot(row, j), lambda: self.pile_rect(seat), 0.5, 0.06 * j,
                           shrink=True) for j, c in enumerate(taken)]
        sweeps.append(Animation(0.0, delay=0.5 + 0.06 * len(taken), on_finish=bank))
        self.queue.add(Animation(0.0, on_start=clear), *sweeps)

    def pile_rect(self, seat: int) -> Rect:
        return self.geo.card_rect(self.geo.pile(seat), self.geo.row_h)

    def on_card_placed(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, row, card = event.seat, event.row, event.card
        if b.sixth == (row, card):
            src = lambda: g.row_slot(row, ROW_LIMIT)  # noqa: E731
        else:
            src = lambda: g.slot(seat)  # noqa: E731
        index = len(b.rows[row])

        def leave() -> None:
            if b.sixth == (row, card):
                b.sixth = None
            b.slots.pop(seat, None)
            if b.low is not None and b.low[0] == seat:
                b.low = None

        def land() -> None:
            b.rows[row] = b.rows[row] + [card]
        self.queue.add(self.fly(card, src, lambda: g.row_slot(row, index), 0.45, on_start=leave, on_finish=land,
                                ease=ease_out_back))

    def on_round_scored(self, event, ctx) -> None:
        heading = tr("take5.round_over", round=event.round)
        note = tr("take5.target_note", target=ctx.view.target)
        self.queue.then(lambda: setattr(self.board, "caption", ""))
        self.show_round_summary(heading, note, event.penalties, event.totals)

    def update(self, dt: float) -> None:
        floaters = self.board.floaters
        for floater in floaters:
            floater[2] += dt
        floaters[:] = [f for f in floaters if f[2] < FLOAT_TIME]
        super().update(dt)

    # ----- input ---------------------------------------------------------------
    def choices(self) -> list[tuple[object, Rect]]:
        """The legal moves with the rect a click takes, in on-screen order."""
        if self.acting is None or self.busy:
            return []
        g, b = self.geo, self.board
        out: list[tuple[object, Rect]] = []
        legal = set(self.legal)
        phase = self.view.phase
        if phase == "choose":
            gap = self.layout.px(1.2)  # a click between two cards still takes one
            for i, card in enumerate(b.hand):
                move = Play(card)
                if move in legal:
                    out.append((move, g.hand_slot(i, len(b.hand)).inflate(gap, 0)))
        elif phase == "row":
            for r in range(ROWS):
                if TakeRow(r) in legal:
                    out.append((TakeRow(r), g.row_band(r)))
        elif phase == "draft":
            for i, card in enumerate(b.pool):
                if Draft(card) in legal:
                    out.append((Draft(card), g.pool_slot(i, len(b.pool))))
        return out

    def move_for_key(self, event):
        """Digit keys pick the n-th card of the hand (0 is the tenth) or the n-th row."""
        choices = self.choices()
        if event.key in DIGIT_KEYS and choices and self.view.phase != "draft":
            index = DIGIT_KEYS[event.key]
            return choices[index][0] if index < len(choices) else None
        return super().move_for_key(event)

    def prompt(self) -> str:
        if self.acting is not None and not self.busy:
            low = low_card(self.view)
            if low is not None:
                return tr("take5.prompt_row", name=self.names[self.acting], card=low[1])
            if self.view.phase == "draft":
                return tr("take5.prompt_draft", name=self.names[self.acting])
            return tr("take5.prompt_play", name=self.names[self.acting])
        if self.board.low is not None:
            seat, card = self.board.low
            return tr("take5.low_card", name=self.names[seat], card=card)
        return super().prompt()

    # ----- drawing ---------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        lay, g, b = self.layout, self.geo, self.board
        choices = self.choices()
        selected = self.selected()
        self.draw_plates(surface)
        self.draw_side_panels(surface)
        self.draw_rows(surface, choices, selected)
        if b.pool:
            for i, card in enumerate(b.pool):
                if card:
                    rect = g.pool_slot(i, len(b.pool))
                    lifted = selected is not None and choices and choices[selected][0] == Draft(card)
                    self.blit_card(surface, card, rect.center, rect.h, lift=lay.px(1.2) if lifted else 0)
                    if lifted:
                        self.outline(surface, rect.move(0, -lay.px(1.2)))
        self.draw_hand(surface, choices, selected)
        self.draw_running(surface)
        self.draw_open_hand(surface)
        for seat, text, age in b.floaters:
            x, y = g.pile(seat)
            image = fonts.text(text, lay.font_large, DANGER, True).copy()
            image.set_alpha(round(255 * (1 - age / FLOAT_TIME)))
            surface.blit(image, image.get_rect(center=(round(x), round(y - lay.px(8) * age / FLOAT_TIME))))

    def draw_plates(self, surface: pygame.Surface) -> None:
        lay, g, b = self.layout, self.geo, self.board
        to_move = set(self.match.to_move())
        thinking = set(self.match.thinking())
        for seat in g.others:
            rect = g.plate(seat)
            active = seat in thinking or (seat in to_move and self.view.phase != "choose")
            if active:
                pygame.draw.rect(surface, GOLD, rect, width=max(2, lay.px(0.3)), border_radius=lay.px(1.2))
            pad = lay.px(1.2)
            paint.text(surface, self.names[seat], lay.font_small, (rect.x + pad, rect.y + lay.px(2.6)), TEXT,
                       bold=True, anchor="midleft", max_width=rect.w - 2 * pad)
            self.draw_counters(surface, seat, (rect.x + pad, rect.y + lay.px(6.6)), rect.w - 2 * pad)
            slot = g.slot(seat)
            card, up = b.slots.get(seat, (None, False))
            if seat in b.slots and seat not in b.flipping:
                self.blit_card(surface, card if up else None, slot.center, slot.h)
                if b.low is not None and b.low[0] == seat:
                    self.outline(surface, slot)
            elif seat in thinking:
                paint.text(surface, "\u2026", lay.font_large, slot.center, TEXT_DIM)

    def draw_open_hand(self, surface: pygame.Surface) -> None:
        """Professional variant: pointing at a seat shows its hand, which everyone knows."""
        lay, g, b = self.layout, self.geo, self.board
        if b.open_hands is None or self.busy:
            return
        seat = next((s for s in g.others if g.plate(s).collidepoint(self.mouse)), None)
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
            self.blit_card(surface, card, (box.x + lay.px(1.2) + i * step + w / 2, box.centery), h)

    def draw_counters(self, surface: pygame.Surface, seat: int, pos: tuple[int, int], width: int) -> None:
        """Cards left and bullheads so far (this round's share in brackets)."""
        lay, b = self.layout, self.board
        size = lay.font_small
        x, y = pos
        icon = round(size * 1.05)
        cw, ch = card_size(icon)
        surface.blit(back(cw, ch), (x, y - ch // 2))
        left = b.hand_sizes[seat] if seat < len(b.hand_sizes) else 0
        r = paint.text(surface, str(left), size, (x + cw + lay.px(0.6), y), TEXT, anchor="midleft")
        x = r.right + lay.px(2)
        surface.blit(bull_icon(icon, GOLD), (x, y - icon // 2))
        total = b.totals[seat] if seat < len(b.totals) else 0
        extra = b.this_round[seat] if seat < len(b.this_round) else 0
        r = paint.text(surface, str(total), size, (x + icon + lay.px(0.6), y), GOLD, bold=True, anchor="midleft")
        room = pos[0] + width - r.right - lay.px(0.6)
        if extra and fonts.font(size).size(f"(+{extra})")[0] <= room:
            paint.text(surface, f"(+{extra})", size, (r.right + lay.px(0.6), y), TEXT_DIM, anchor="midleft")

    def draw_side_panels(self, surface: pygame.Surface) -> None:
        lay, g, b = self.layout, self.geo, self.board
        left = g.left_panel()
        pad = lay.px(2.5)
        x, y = left.x + pad, left.y + lay.px(3.5)
        turn = (tr("take5.turn", turn=min(b.turn, HAND_SIZE), turns=HAND_SIZE) if b.phase != "draft"
                else tr("take5.drafting"))
        lines = [
            (tr("take5.round", round=b.round) + " \u00b7 " + turn, TEXT, True),
            (tr("take5.target", target=self.view.target), TEXT_DIM, False),
            (tr("table.game_number", number=self.record.seed), TEXT_DIM, False),
        ]
        for content, colour, bold in lines:
            paint.text(surface, content, lay.font_small, (x, y), colour, bold=bold, anchor="midleft",
                       max_width=left.w - 2 * pad)
            y += lay.px(4.2)
        prompt = self.message or self.prompt()
        if prompt:
            y += lay.px(1.5) + paint.paragraph(surface, prompt, lay.font_small,
                                               Rect(x, y + lay.px(1.5), left.w - 2 * pad, lay.px(14)), GOLD,
                                               bold=True, align="left")
        if b.caption and not (self.acting is not None and not self.busy):
            paint.paragraph(surface, b.caption, lay.font_small, Rect(x, y + lay.px(1.5), left.w - 2 * pad, lay.px(10)),
                            TEXT, align="left")
        deck = g.deck()
        if not b.pool:
            for i in range(3):
                self.blit_card(surface, None, (deck.centerx - i * lay.px(0.4), deck.centery - i * lay.px(0.4)), deck.h)
        right = g.right_panel()
        paint.text(surface, tr("table.keys_hint"), lay.font_small, (right.centerx, right.bottom - lay.px(3)), TEXT_DIM,
                   max_width=right.w - 2 * pad)
        if b.open_hands is not None:
            paint.text(surface, tr("take5.open_hands_hint"), lay.font_small,
                       (right.centerx, right.bottom - lay.px(6.5)), TEXT_DIM, max_width=right.w - 2 * pad)
        if self.viewer is None:
            paint.paragraph(surface, tr("take5.watching"), lay.font_small,
                            Rect(right.x + pad, right.y + lay.px(3), right.w - 2 * pad, right.h), TEXT_DIM)
            return
        seat = self.viewer
        paint.text(surface, self.names[seat], lay.font_body, (right.centerx, right.y + lay.px(4)), TEXT, bold=True,
                   max_width=right.w - 2 * pad)
        counter = g.pile(seat)
        icon = lay.px(4.5)
        surface.blit(bull_icon(icon, GOLD), (right.centerx - icon - lay.px(1), counter[1] - icon // 2))
        paint.text(surface, str(b.totals[seat]), lay.font_large, (right.centerx + lay.px(1), counter[1]), GOLD,
                   bold=True, anchor="midleft")
        paint.text(surface, tr("take5.this_round", points=b.this_round[seat]), lay.font_small,
                   (right.centerx, counter[1] + lay.px(4.5)), TEXT_DIM, max_width=right.w - 2 * pad)
        slot = g.slot(seat)
        paint.text(surface, tr("take5.your_card"), lay.font_small, (slot.centerx, slot.y - lay.px(1.2)), TEXT_DIM,
                   anchor="midbottom")
        card, up = b.slots.get(seat, (None, False))
        if seat in b.slots and seat not in b.flipping:
            self.blit_card(surface, card if up else None, slot.center, slot.h)
            if b.low is not None and b.low[0] == seat:
                self.outline(surface, slot)

    def draw_rows(self, surface: pygame.Surface, choices, selected) -> None:
        lay, g, b = self.layout, self.geo, self.board
        if b.pool and not any(b.rows):
            return
        picking = self.view.phase == "row" and bool(choices)
        for r in range(ROWS):
            chosen = picking and selected is not None and choices[selected][0] == TakeRow(r)
            if picking:  # the backdrop holds the quiet rows; a row choice lights them up
                self.draw_row_band(surface, r, chosen)
            if len(b.rows[r]) == ROW_LIMIT and not (b.sixth and b.sixth[0] == r):
                # A full row: the next card here takes it. Say so in red.
                slot = g.row_slot(r, ROW_LIMIT)
                pygame.draw.rect(surface, DANGER, slot, width=max(2, lay.px(0.35)), border_radius=max(2, slot.w // 9))
                paint.text(surface, "6", lay.font_large, slot.center, DANGER, bold=True)
            for j, card in enumerate(b.rows[r]):
                slot = g.row_slot(r, j)
                self.blit_card(surface, card, slot.center, slot.h)
            if b.sixth is not None and b.sixth[0] == r:
                slot = g.row_slot(r, ROW_LIMIT)
                self.blit_card(surface, b.sixth[1], slot.center, slot.h)
            points = penalty_points(b.rows[r])
            if points:
                end = g.row_slot(r, ROW_LIMIT)
                icon = lay.px(3)
                x = end.right + lay.px(1.5)
                surface.blit(bull_icon(icon, GOLD if chosen else TEXT_DIM), (x, end.centery - icon // 2))
                paint.text(surface, str(points), lay.font_body, (x + icon + lay.px(0.6), end.centery),
                           GOLD if chosen else TEXT, bold=True, anchor="midleft")

    def draw_row_band(self, surface: pygame.Surface, row: int, chosen: bool | None) -> None:
        """A row's band, number and empty places; ``chosen`` None is the quiet look."""
        lay, g = self.layout, self.geo
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
                pygame.draw.rect(surface, (96, 70, 44), slot, width=max(1, lay.px(0.2)),
                                 border_radius=max(2, slot.w // 9))
                paint.text(surface, "6", lay.font_body, slot.center, (110, 84, 52), bold=True)
            else:
                pygame.draw.rect(surface, (18, 64, 43), slot, width=max(1, lay.px(0.2)),
                                 border_radius=max(2, slot.w // 9))

    def backdrop_key(self) -> bool:
        """Whether the quiet rows show (not while the open draft fills their place)."""
        return not (self.board.pool and not any(self.board.rows))

    def paint_backdrop(self, image: pygame.Surface) -> None:
        """Side panels, plates and the empty places of cards."""
        lay, g = self.layout, self.geo
        paint.panel(image, g.left_panel(), lay.px(1.5))
        paint.panel(image, g.right_panel(), lay.px(1.5))
        empty = [g.slot(seat) for seat in g.others]
        if self.viewer is not None:
            empty.append(g.slot(self.viewer))
        for seat in g.others:
            paint.panel(image, g.plate(seat), lay.px(1.2))
        for slot in empty:
            pygame.draw.rect(image, (18, 70, 46), slot, width=max(1, lay.px(0.25)),
                             border_radius=max(2, slot.w // 9))
        if self.backdrop_key():
            for r in range(ROWS):
                self.draw_row_band(image, r, None)

    def draw_hand(self, surface: pygame.Surface, choices, selected) -> None:
        lay, g, b = self.layout, self.geo, self.board
        if self.viewer is None:
            return
        playing = self.view.phase == "choose" and bool(choices)
        count = max(len(b.hand), b.dealing)
        for i, card in enumerate(b.hand):
            rect = g.hand_slot(i, count)
            lifted = playing and selected == i
            self.blit_card(surface, card, rect.center, rect.h, lift=lay.px(3) if lifted else 0)
            if lifted:
                self.outline(surface, rect.move(0, -lay.px(3)))
            if playing and count <= 10:
                key = str((i + 1) % 10)
                paint.text(surface, key, lay.font_small, (rect.centerx, rect.bottom + lay.px(0.2)), TEXT_DIM,
                           anchor="midtop")
