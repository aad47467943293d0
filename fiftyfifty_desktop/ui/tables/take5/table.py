"""The Take 5 table scene: the events, as animations of the board, and the
person's input. Only the picture lives here; the rules (where a card goes,
who takes a row) stay in ``games/take5.py``.
"""

from __future__ import annotations

import bisect
from functools import partial
from typing import Any

import pygame

from ....engine import Move
from ....games.take5 import ROW_LIMIT, ROWS, Draft, Play, TakeRow, low_card
from ...i18n import later, tr
from ...keys import KeyHelp
from ...tween import Animation, ease_out_back, ease_out_cubic
from ..base import TableScene
from .board import Board
from .geometry import Geometry
from .lines import Take5Lines
from . import paint

Rect = pygame.Rect


class Take5Table(TableScene):
    table_keys = (KeyHelp("help.key_digits", "help.take5_digits"),)
    geometry = Geometry
    QUIET_EVENTS = frozenset({"game_over"})  # shown by the summary and results screens

    def __init__(self, app, record, *args: Any, **kwargs: Any) -> None:
        super().__init__(app, record, *args, **kwargs)
        self.board = Board.for_players(len(self.names))

    def needs_handover(self, seat: int) -> bool:
        return self.view.open_hands is None  # a drafted hand is known to all

    # ----- the move log ---------------------------------------------------------
    move_lines = Take5Lines
    look_back_label = "look_back.turn"

    # ----- events to animations ----------------------------------------------
    def on_round_dealt(self, event, ctx) -> None:
        b, g = self.board, self.live
        drafted = bool(b.pool)
        if drafted:
            start_rows = {card: i for i, card in enumerate(b.pool)}
            count = len(b.pool)
        hand = list(ctx.view.hand)
        self.queue.then(partial(b.new_round, keep_hand=drafted))
        moves = []
        for r, row in enumerate(event.rows):
            card = row[0]
            src = g.at("pool_slot", start_rows[card], count) if drafted else g.at("deck")
            moves.append(self.stage.fly(card, src, g.at("row_slot", r, 0), 0.4, 0.08 * r,
                                  on_finish=partial(b.start_row, r, card)))
        if not drafted:
            for i, card in enumerate(hand):
                moves.append(self.stage.fly(card, g.at("deck"), g.at("hand_slot", i, len(hand)), 0.45,
                                      0.3 + 0.06 * i, on_finish=partial(b.deal_to_hand, card, len(hand)),
                                      flip=True))  # turned up as it arrives
            moves.append(Animation(0.0, delay=0.3 + 0.06 * len(hand) + 0.4,
                                   on_finish=partial(b.finish_deal, hand, event.hand_sizes)))
        self.queue.add(*moves)
        self.app.sounds.play("card")

    def on_draft_opened(self, event, ctx) -> None:
        self.queue.add(Animation(0.5, on_start=partial(self.board.open_draft, event.cards)))

    def on_drafted(self, event, ctx) -> None:
        b, g = self.board, self.live
        if event.card not in b.pool:
            return
        index, count = b.pool.index(event.card), len(b.pool)
        to_hand = event.seat == self.viewer
        place = bisect.bisect(b.hand, event.card)
        dst = (lambda: g.hand_slot(place, len(b.hand) + 1)) if to_hand else (lambda: g.slot(event.seat))
        self.queue.add(self.stage.fly(event.card, lambda: g.pool_slot(index, count), dst, 0.35,
                                on_start=partial(b.lift_from_pool, index),
                                on_finish=partial(b.draft, event.seat, event.card, to_hand), shrink=0 if to_hand else 0.6))

    def on_committed(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat = event.seat
        own = seat == self.viewer and ctx.seat == seat and isinstance(ctx.move, Play)
        card = ctx.move.card if own else None
        if own and card in b.hand:
            src = self.live.in_hand(self.board.hand, card)
        elif seat != self.viewer:
            src = lambda: g.plate_card(seat)  # noqa: E731
        else:
            src = lambda: g.slot(seat)  # noqa: E731
        self.queue.add(self.stage.fly(card, src, lambda: g.slot(seat), 0.35, on_start=partial(b.leave_hand, card),
                                on_finish=partial(b.commit, seat, card, own), ease=ease_out_cubic))

    def on_revealed(self, event, ctx) -> None:
        b, g = self.board, self.live
        turning = [(s, c) for s, c in event.cards if b.slots.get(s, (None, False))[1] is False]
        start = partial(b.start_reveal, {s for s, _ in turning}, tr("take5.caption_reveal"))
        flips = [self.stage.fly(c, g.at("slot", s), g.at("slot", s), 0.4, flip=True, ease=lambda t: t)
                 for s, c in turning]
        self.queue.add(Animation(0.4, on_start=start, on_finish=partial(b.reveal, event.cards)), *flips)
        self.queue.add(Animation(0.35))  # a beat to read the cards before they move

    def on_low_card(self, event, ctx) -> None:
        self.queue.add(Animation(0.6, on_start=partial(self.board.mark_low, event.seat, event.card)))

    def on_row_taken(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, row = event.seat, event.row
        if not b.must_take_a_row(seat):  # a sixth card: it rests in the 6th place while the row goes
            card = b.slot_card(seat)
            if card is not None:
                self.queue.add(self.stage.fly(card, lambda: g.slot(seat), lambda: g.row_slot(row, ROW_LIMIT), 0.45,
                                        on_start=partial(b.leave_slot, seat),
                                        on_finish=partial(b.rest_sixth, row, card)))
        caption = tr("take5.caption_take", name=self.names[seat], row=row + 1, points=event.bullheads)
        sweeps = [self.stage.fly(c, g.at("row_slot", row, j), g.at("pile_rect", seat), 0.5, 0.06 * j,
                           shrink=0.6) for j, c in enumerate(event.cards)]
        sweeps.append(Animation(0.0, delay=0.5 + 0.06 * len(event.cards),
                                on_finish=lambda: b.bank(seat, event.bullheads, rise=self.queue.factor > 0)))
        self.queue.add(Animation(0.0, on_start=partial(b.clear_row, row, caption)), *sweeps)

    def on_card_placed(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, row, card = event.seat, event.row, event.card
        if b.sixth == (row, card):
            src = lambda: g.row_slot(row, ROW_LIMIT)  # noqa: E731
        else:
            src = lambda: g.slot(seat)  # noqa: E731
        index = len(b.rows[row])
        self.queue.add(self.stage.fly(card, src, lambda: g.row_slot(row, index), 0.45,
                                on_start=partial(b.lift_to_row, seat, row, card),
                                on_finish=partial(b.add_to_row, row, card), ease=ease_out_back))

    def on_round_scored(self, event, ctx) -> None:
        heading = later("take5.round_over", round=event.round)
        note = later("take5.target_note", count=ctx.view.target)
        self.queue.then(lambda: setattr(self.board, "caption", ""))
        self.ending.round_summary(heading, note, event.penalties, event.totals)

    def update(self, dt: float) -> None:
        self.board.age_floaters(dt)
        super().update(dt)

    def resting(self) -> bool:
        return super().resting() and not self.board.floaters

    # ----- the picture ---------------------------------------------------------
    def frame(self) -> paint.Frame:
        """What this frame shows, frozen for the painter."""
        return paint.Frame(
            self.layout, self.geo, self.cards, self.board, self.view, self.names, self.viewer, self.game.id,
            self.record.seed if self.mode.plays_locally else None, self.my_turn, self.busy,
            frozenset(self.match.to_move()), frozenset(self.match.thinking()), tuple(self.choices()),
            self.picker.selected(), self.mouse, self.message or self.prompt())

    def draw_table(self, surface: pygame.Surface) -> None:
        paint.draw_table(self.frame(), surface, self.stage.draw)

    def backdrop_key(self) -> bool:
        """Whether the quiet rows show (not while the open draft fills their place)."""
        return not self.board.drafting

    def paint_backdrop(self, image: pygame.Surface) -> None:
        paint.paint_backdrop(image, self.layout, self.geo, self.viewer, self.backdrop_key())

    # ----- input ---------------------------------------------------------------
    def choices(self) -> list[tuple[Move, Rect]]:
        """The legal moves with the rect a click takes, in on-screen order."""
        if not self.my_turn:
            return []
        g, b = self.geo, self.board
        phase = self.view.phase
        if phase == "choose":
            return self.picker.hand_choices(Play, self.layout.px(1.2))
        if phase == "row":
            return [(TakeRow(r), g.row_band(r)) for r in range(ROWS) if TakeRow(r) in self.legal]
        if phase == "draft":
            return [(Draft(c), g.pool_slot(i, len(b.pool))) for i, c in enumerate(b.pool) if Draft(c) in self.legal]
        return []

    def picks_by_number(self) -> bool:
        """Digit keys pick the n-th card of the hand (0 is the tenth) or the n-th row, not a drafted card."""
        return self.view.phase != "draft"

    def prompt(self) -> str:
        if self.my_turn:
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
