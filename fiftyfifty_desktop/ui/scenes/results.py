"""The end of a game: ranking, then play again, new game or title."""

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
class Placing:
    place: int
    name: str
    score: int
    winner: bool


def ranking(names: list[str], scores: tuple[int, ...], winners: tuple[int, ...], lower_wins: bool) -> list[Placing]:
    """The winners first (a race may crown someone without the best score), then the others best first;
    equal scores share a place (1, 2, 2, 4)."""
    order = sorted(range(len(names)), key=lambda s: (s not in winners, scores[s] if lower_wins else -scores[s]))
    out: list[Placing] = []
    for i, seat in enumerate(order):
        tied = scores[seat] == scores[order[i - 1]] and (seat in winners) == (order[i - 1] in winners)
        place = out[-1].place if out and tied else i + 1
        out.append(Placing(place, names[seat], scores[seat], seat in winners))
    return out


class ResultsScene(Scene):
    def __init__(self, app, heading: str, placings: list[Placing], play_again: Callable[[], None],
                 exit_after: float | None = None) -> None:
        super().__init__(app)
        self.heading = heading
        self.placings = placings
        self.exit_after = exit_after
        self.form = Form([
            Button("results.play_again", play_again, primary=True),
            Button("results.new_game", self.new_game),
            Button("results.title", self.to_title),
        ])

    def new_game(self):
        from .setup import SetupScene
        from .title import TitleScene

        self.app.stack.reset(TitleScene(self.app))
        self.app.stack.push(SetupScene(self.app))

    def to_title(self):
        from .title import TitleScene

        self.app.stack.reset(TitleScene(self.app))

    def update(self, dt):
        if self.exit_after is not None:
            self.exit_after -= dt
            if self.exit_after <= 0:
                self.app.quit()

    def resize(self, layout):
        super().resize(layout)
        rows = len(self.placings)
        self.panel = layout.centered(110, 10 + rows * 5.6)
        self.panel.top = layout.px(19)
        width = 34
        for i, b in enumerate(self.form.widgets):
            b.rect = pygame.Rect(0, 0, layout.px(width), layout.px(7.5))
            b.rect.midtop = (layout.width // 2 + layout.px((i - 1) * (width + 3)), self.panel.bottom + layout.px(4))

    def handle_event(self, event):
        return self.form.handle_event(event)

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        winners = [p.name for p in self.placings if p.winner]
        paint.title_text(surface, self.heading, lay.px(7), (lay.width // 2, lay.px(6)), GOLD)
        paint.text(surface, tr("results.winner" if len(winners) == 1 else "results.winners",
                               names=", ".join(winners)), lay.font_large, (lay.width // 2, lay.px(13.5)), TEXT,
                   bold=True, max_width=lay.width - lay.px(6))
        paint.panel(surface, self.panel, lay.px(2))
        y = self.panel.y + lay.px(5)
        cols = (self.panel.x + lay.px(8), self.panel.x + lay.px(18), self.panel.right - lay.px(12))
        paint.text(surface, tr("results.place"), lay.font_small, (cols[0], y), TEXT_DIM)
        paint.text(surface, tr("summary.player"), lay.font_small, (cols[1], y), TEXT_DIM, anchor="midleft")
        paint.text(surface, tr("summary.total"), lay.font_small, (cols[2], y), TEXT_DIM)
        y += lay.px(5.6)
        for p in self.placings:
            colour = GOLD if p.winner else TEXT
            paint.text(surface, f"{p.place}.", lay.font_body, (cols[0], y), colour, bold=True)
            paint.text(surface, ("\u2605 " if p.winner else "") + p.name, lay.font_body, (cols[1], y), colour,
                       bold=p.winner, anchor="midleft", max_width=cols[2] - cols[1] - lay.px(10))
            paint.text(surface, str(p.score), lay.font_body, (cols[2], y), colour, bold=True)
            y += lay.px(5.6)
        self.form.draw(surface, lay)
