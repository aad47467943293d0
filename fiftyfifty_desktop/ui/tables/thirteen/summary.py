"""The last screen of a Thirteen game, before the results."""

from __future__ import annotations

from ....games.thirteen import ELIMINATED, OUT
from ... import paint
from ...i18n import later, names_of, tr
from ...layout import GOLD, TEXT, TEXT_DIM
from ...scenes.summary import RoundSummaryScene


class ThirteenSummaryScene(RoundSummaryScene):
    """The end of the game: the points table and the order of leaving, side by side."""

    def __init__(self, app, names: list[str], points: tuple[int, ...], leaving: tuple[int, ...],
                 status: list[str], winners: tuple[int, ...], humans: list[int],
                 auto_close: float | None = None) -> None:
        who = names_of(names, winners)
        note = later("results.winner" if len(winners) == 1 else "results.winners", names=who)
        super().__init__(app, later("thirteen.summary_heading"), note, [], auto_close, "summary.to_results")
        self.names, self.points, self.leaving, self.status = names, points, leaving, status
        self.winners, self.humans = winners, humans

    def panel_units(self) -> tuple[float, float]:
        return 130, min(96, 36 + len(self.names) * 5)

    def draw(self, surface):
        lay = self.layout
        self.draw_frame(surface)
        p = self.panel
        paint.text(surface, self.note, lay.font_body, (p.centerx, p.y + lay.px(10.5)), TEXT, bold=True,
                   max_width=p.w - lay.px(6))
        left, right = p.x + lay.px(6), p.centerx + lay.px(4)
        y = p.y + lay.px(16)
        # Each head as wide as its half of the panel, so a long one shrinks rather than run out of the panel.
        self.column_heads(surface, y, ((tr("thirteen.table_points"), left, "midleft", right - left - lay.px(2)),
                                       (tr("thirteen.table_leaving"), right, "midleft", p.right - lay.px(6) - right)))
        y += lay.px(5)
        order = sorted(range(len(self.names)), key=lambda s: (-self.points[s], s not in self.winners))
        for i, seat in enumerate(order):
            ink = GOLD if seat in self.humans else TEXT
            star = "\u2605 " if seat in self.winners else ""
            paint.text(surface, f"{star}{self.names[seat]}", lay.font_body, (left, y + i * lay.px(5)), ink,
                       anchor="midleft", bold=seat in self.winners, max_width=round(p.w * 0.3))
            paint.text(surface, str(self.points[seat]), lay.font_body, (p.centerx - lay.px(6), y + i * lay.px(5)),
                       ink, bold=True, anchor="midright")
        stayed = [s for s in range(len(self.names)) if s not in self.leaving]
        for i, seat in enumerate(list(self.leaving) + stayed):
            ink = GOLD if seat in self.humans else TEXT
            how = leaving_text(self.status[seat], i + 1 if seat in self.leaving else 0)
            name = paint.text(surface, self.names[seat], lay.font_body, (right, y + i * lay.px(5)), ink,
                              anchor="midleft", max_width=round(p.w * 0.2))
            paint.text(surface, how, lay.font_small, (p.right - lay.px(6), y + i * lay.px(5)), TEXT_DIM,
                       anchor="midright", max_width=p.right - lay.px(6) - name.right - lay.px(2))
        self.form.draw(surface, lay)


def leaving_text(status: str, place: int) -> str:
    """How a seat left the game, for the end tables: "went out 1st", "eliminated 2nd", "in play at the end"."""
    if status == OUT:
        return tr("thirteen.left_out", place=place)
    if status == ELIMINATED:
        return tr("thirteen.left_eliminated", place=place)
    return tr("thirteen.left_stayed")
