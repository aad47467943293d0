"""Between rounds: each seat's penalty this round and in total."""

from __future__ import annotations

from dataclasses import dataclass

from .. import paint
from ..i18n import Phrase, Worded, tr
from ..layout import GOLD, TEXT, TEXT_DIM
from ..widgets import Button, Form
from .form import FormScene


@dataclass(frozen=True)
class ScoreLine:
    name: str | Phrase  # a seat's name, worded when shown
    round: int
    total: int
    highlight: bool = False


class RoundSummaryScene(FormScene):
    """An overlay; with no human at the table it moves on by itself after a moment."""

    opaque = False
    escape_closes = True

    heading = Worded()
    note = Worded()

    def __init__(self, app, heading: str | Phrase, note: str | Phrase, lines: list[ScoreLine], auto_close: float | None = None,
                 next_label: str = "summary.next") -> None:
        super().__init__(app)
        self.heading, self.note = heading, note
        self.lines = lines
        self.auto_close = auto_close
        self.next = Button(next_label, self.close, primary=True)
        self.form = Form([self.next])

    def update(self, dt):
        if self.auto_close is not None:
            self.auto_close -= dt
            if self.auto_close <= 0:
                self.auto_close = None
                self.close()

    def resting(self):
        return self.auto_close is None

    def panel_units(self) -> tuple[float, float]:
        """The panel's width and height in layout units; summaries with other contents size their own."""
        return 100, min(94, 30 + len(self.lines) * 5.6)

    def resize(self, layout):
        super().resize(layout)
        self.panel = layout.centered(*self.panel_units())
        self.next.rect = layout.centered(36, 7.5)
        self.next.rect.bottom = self.panel.bottom - layout.px(3)

    def draw_frame(self, surface) -> None:
        """What every summary shows: the table dimmed, the panel and its heading."""
        lay = self.layout
        paint.scrim(surface)
        paint.panel(surface, self.panel, lay.px(2))
        paint.title_text(surface, self.heading, lay.font_large, (self.panel.centerx, self.panel.y + lay.px(5)), GOLD,
                         width=self.panel.w - lay.px(4))

    def column_heads(self, surface, y: float, heads) -> None:
        """The grey heads over a summary's columns: ``(text, x, anchor, max_width)`` each."""
        for text, x, anchor, width in heads:
            paint.text(surface, text, self.layout.font_small, (x, y), TEXT_DIM, anchor=anchor, max_width=width)

    def draw(self, surface):
        lay = self.layout
        self.draw_frame(surface)
        paint.text(surface, self.note, lay.font_small, (self.panel.centerx, self.panel.y + lay.px(10)), TEXT_DIM,
                   max_width=self.panel.w - lay.px(6))
        cols = (self.panel.x + lay.px(8), self.panel.x + self.panel.w * 0.62, self.panel.x + self.panel.w * 0.86)
        y = self.panel.y + lay.px(15)
        self.column_heads(surface, y, ((tr("summary.player"), cols[0], "midleft", None),
                                       (tr("summary.this_round"), int(cols[1]), "center", None),
                                       (tr("summary.total"), int(cols[2]), "center", None)))
        row_h = lay.px(5.6)
        y += lay.px(5)
        for line in self.lines:
            colour = GOLD if line.highlight else TEXT
            paint.text(surface, str(line.name), lay.font_body, (cols[0], y), colour, anchor="midleft",
                       max_width=int(cols[1] - cols[0] - lay.px(10)))
            paint.text(surface, f"+{line.round}" if line.round else "0", lay.font_body, (int(cols[1]), y), colour)
            paint.text(surface, str(line.total), lay.font_body, (int(cols[2]), y), colour, bold=True)
            y += row_h
        self.form.draw(surface, lay)
