"""The Fifty Fifty score sheet: the hand summary after every hand, and the sheet a player opens during play."""

from __future__ import annotations

from typing import Sequence

import pygame

from ... import fonts, paint
from ...i18n import Phrase, tr
from ...layout import GOLD, PANEL_EDGE, TEXT, TEXT_DIM
from ...scenes.summary import RoundSummaryScene
from .board import Board

Rect = pygame.Rect
SHEET_KEY = pygame.K_s


class ScoreSheetScene(RoundSummaryScene):
    """The score sheet over the table: hands as rows, seats as columns, struck
    results struck through. After a hand it is the hand summary, with a note
    for every strike; during play it opens with S or its button."""

    def __init__(self, app, names: Sequence[str], humans: Sequence[int], board: Board, heading: str | Phrase,
                 notes: list[str | Phrase], current: int | None, button: str, auto_close: float | None = None) -> None:
        super().__init__(app, heading, "", [], auto_close, button)
        self.names, self.humans, self.board = names, humans, board
        self.notes = notes  # worded when shown, so they follow a change of language
        self.current = current  # the hand just finished, highlighted

    def resize(self, layout):
        super(RoundSummaryScene, self).resize(layout)
        rows = len(self.names) + 1
        width = min(150, 44 + 24 * len(self.names))
        lines = sum(len(fonts.wrap(str(n), layout.font_small, layout.px(width - 8))) for n in self.notes)
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
        lay, b = self.layout, self.board
        self.draw_frame(surface)
        paint.text(surface, tr("fiftyfifty.sheet_note"), lay.font_small,
                   (self.panel.centerx, self.panel.y + lay.px(10)), TEXT_DIM, max_width=self.panel.w - lay.px(6))
        seats = len(self.names)
        label_w = lay.px(22)
        left = self.panel.x + lay.px(4)
        col_w = (self.panel.w - lay.px(8) - label_w) / seats
        cols = [left + label_w + col_w * (i + 0.5) for i in range(seats)]
        y = self.panel.y + lay.px(15.5)
        row_h = lay.px(5.4)
        for s, x in enumerate(cols):
            paint.text(surface, self.names[s], lay.font_small, (round(x), y), GOLD if s in self.humans else TEXT,
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
            y += paint.paragraph(surface, str(note), lay.font_small,
                                 Rect(self.panel.x + lay.px(4), y, self.panel.w - lay.px(8), lay.px(8)), GOLD)
        self.form.draw(surface, lay)
