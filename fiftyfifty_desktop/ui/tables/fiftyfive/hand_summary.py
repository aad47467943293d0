"""The end of a hand: the contract and whether it was made, the best trump,
and each side's tricks, bonus, change and total."""

from __future__ import annotations

from dataclasses import dataclass

from ....games.fiftyfive.parts import TRICK_POINTS
from ... import paint
from ...i18n import Phrase, tr
from ...layout import DANGER, GOLD, TEXT, TEXT_DIM
from ...scenes.summary import RoundSummaryScene
from .drawing import team_emblem


@dataclass(frozen=True)
class SideLine:
    """One side's hand: tricks won, the best-trump bonus, what its total changed by."""

    name: str | Phrase  # worded when shown
    tricks: int
    bonus: int
    change: int
    total: int
    bidder: bool
    human: bool
    team: int | None  # None: no teams


class HandSummaryScene(RoundSummaryScene):
    """The end of a hand: who bid what and whether it was made, the best trump, and every side's points."""

    def __init__(self, app, heading: str | Phrase, notes: list[str | Phrase], lines: list[SideLine],
                 auto_close: float | None = None, last: bool = False) -> None:
        super().__init__(app, heading, notes[0], [], auto_close, "summary.to_results" if last else "fiftyfive.next_hand")
        self.notes = notes
        self.sides = lines

    def panel_units(self) -> tuple[float, float]:
        return 120, min(96, 42 + len(self.sides) * 5)

    def draw(self, surface):
        lay = self.layout
        self.draw_frame(surface)
        p = self.panel
        y = p.y + lay.px(10.5)
        for i, note in enumerate(self.notes):
            paint.text(surface, str(note), lay.font_body if i == 0 else lay.font_small, (p.centerx, y),
                       TEXT if i < 2 else TEXT_DIM, bold=i == 0, max_width=p.w - lay.px(6))
            y += lay.px(4.2)
        cols = (p.x + lay.px(6), p.x + p.w * 0.5, p.x + p.w * 0.64, p.x + p.w * 0.78, p.x + p.w * 0.91)
        y += lay.px(1.5)
        heads = (tr("summary.player"), tr("fiftyfive.col_tricks"), tr("fiftyfive.col_bonus"), tr("fiftyfive.col_hand"),
                 tr("summary.total"))
        self.column_heads(surface, y, [(text, round(cx), "center", round(p.w * 0.13)) if i else
                                       (text, round(cx), "midleft", None) for i, (text, cx) in enumerate(zip(heads, cols))])
        y += lay.px(5)
        for line in self.sides:
            ink = GOLD if line.human else TEXT
            x = cols[0]
            if line.team is not None:
                team_emblem(surface, lay, line.team, (x + lay.px(1.2), y))
                x += lay.px(3.4)
            name = ("\u2605 " if line.bidder else "") + str(line.name)
            paint.text(surface, name, lay.font_body, (x, y), ink, anchor="midleft", bold=line.bidder,
                       max_width=round(cols[1] - x - lay.px(8)))
            paint.text(surface, tr("fiftyfive.tricks_points", tricks=line.tricks, points=line.tricks * TRICK_POINTS),
                       lay.font_body, (round(cols[1]), y), ink)
            paint.text(surface, f"+{line.bonus}" if line.bonus else "\u2013", lay.font_body, (round(cols[2]), y), ink)
            change = f"+{line.change}" if line.change > 0 else str(line.change) if line.change else "0"
            paint.text(surface, change, lay.font_body, (round(cols[3]), y),
                       DANGER if line.change < 0 else ink, bold=True)
            paint.text(surface, str(line.total), lay.font_body, (round(cols[4]), y), ink, bold=True)
            y += lay.px(5)
        self.form.draw(surface, lay)
