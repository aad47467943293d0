"""Between rounds: each seat's penalty this round and in total."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from .. import paint
from ..i18n import tr
from ..layout import GOLD, TEXT, TEXT_DIM
from ..scene import Scene
from ..widgets import Button, Form


@dataclass(frozen=True)
class ScoreLine:
    name: str
    round: int
    total: int
    highlight: bool = False


class RoundSummaryScene(Scene):
    """An overlay; with no human at the table it moves on by itself after a moment."""

    opaque = False

    def __init__(self, app, heading: str, note: str, lines: list[ScoreLine], on_close: Callable[[], None],
                 auto_close: float | None = None) -> None:
        super().__init__(app)
        self.heading = heading
        self.note = note
        self.lines = lines
        self.on_close = on_close
        self.auto_close = auto_close
        self.next = Button("summary.next", self.close, primary=True)
        self.form = Form([self.next])

    def close(self) -> None:
        self.app.stack.pop()
        self.on_close()

    def update(self, dt):
        if self.auto_close is not None:
            self.auto_close -= dt
            if self.auto_close <= 0:
                self.auto_close = None
                self.close()

    def resize(self, layout):
        super().resize(layout)
        rows = len(self.lines)
        height = 30 + rows * 5.6
        self.panel = layout.centered(100, min(94, height))
        self.next.rect = layout.centered(36, 7.5)
        self.next.rect.bottom = self.panel.bottom - layout.px(3)

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return None
        return self.form.handle_event(event)

    def draw(self, surface):
        lay = self.layout
        paint.scrim(surface)
        paint.panel(surface, self.panel, lay.px(2))
        paint.title_text(surface, self.heading, lay.font_large, (self.panel.centerx, self.panel.y + lay.px(5)), GOLD)
        paint.text(surface, self.note, lay.font_small, (self.panel.centerx, self.panel.y + lay.px(10)), TEXT_DIM,
                   max_width=self.panel.w - lay.px(6))
        cols = (self.panel.x + lay.px(8), self.panel.x + self.panel.w * 0.62, self.panel.x + self.panel.w * 0.86)
        y = self.panel.y + lay.px(15)
        paint.text(surface, tr("summary.player"), lay.font_small, (cols[0], y), TEXT_DIM, anchor="midleft")
        paint.text(surface, tr("summary.this_round"), lay.font_small, (int(cols[1]), y), TEXT_DIM)
        paint.text(surface, tr("summary.total"), lay.font_small, (int(cols[2]), y), TEXT_DIM)
        row_h = lay.px(5.6)
        y += lay.px(5)
        for line in self.lines:
            colour = GOLD if line.highlight else TEXT
            paint.text(surface, line.name, lay.font_body, (cols[0], y), colour, anchor="midleft",
                       max_width=int(cols[1] - cols[0] - lay.px(10)))
            paint.text(surface, f"+{line.round}" if line.round else "0", lay.font_body, (int(cols[1]), y), colour)
            paint.text(surface, str(line.total), lay.font_body, (int(cols[2]), y), colour, bold=True)
            y += row_h
        self.form.draw(surface, lay)
