"""The end of a game: ranking, then play again, new game, statistics or title."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from .. import paint
from ..i18n import join_names, tr
from ..layout import GOLD, TEXT, TEXT_DIM
from ..widgets import Button, Form
from .form import FormScene


@dataclass(frozen=True)
class Placing:
    place: int
    name: str
    score: int
    winner: bool
    detail: str = ""  # a game's note on the seat (how it left the game, say)


def ranking(names: list[str], scores: tuple[int, ...], winners: tuple[int, ...], lower_wins: bool,
            details: tuple[str, ...] = ()) -> list[Placing]:
    """The winners first (a race may crown someone without the best score), then the others best first;
    equal scores share a place (1, 2, 2, 4). ``details`` holds an optional note per seat."""
    order = sorted(range(len(names)), key=lambda s: (s not in winners, scores[s] if lower_wins else -scores[s]))
    out: list[Placing] = []
    for i, seat in enumerate(order):
        tied = scores[seat] == scores[order[i - 1]] and (seat in winners) == (order[i - 1] in winners)
        place = out[-1].place if out and tied else i + 1
        out.append(Placing(place, names[seat], scores[seat], seat in winners, details[seat] if details else ""))
    return out


class ResultsScene(FormScene):
    def __init__(self, app, heading: str, placings: list[Placing], play_again: Callable[[], None] | None,
                 exit_after: float | None = None, note: str = "", game_id: str | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.heading = heading
        self.note = note
        self.placings = placings
        self.exit_after = exit_after
        again = Button("results.play_again", play_again or self.to_title, primary=True)
        again.visible = play_again is not None  # none at a table hosted elsewhere
        self.form = Form([again, Button("results.new_game", self.new_game), Button("results.statistics", self.statistics),
                          Button("results.title", self.to_title)])

    def new_game(self):
        self.app.stack.restart("title")
        self.app.stack.open("setup")

    def to_title(self):
        self.app.stack.restart("title")

    def statistics(self):
        self.app.stack.restart("title")
        self.app.stack.open("stats", game_id=self.game_id)

    def update(self, dt):
        if self.exit_after is not None:
            self.exit_after -= dt
            if self.exit_after <= 0:
                self.app.quit()

    def resting(self):
        return self.exit_after is None

    def resize(self, layout):
        super().resize(layout)
        rows = len(self.placings)
        height = 10 + rows * 5.6
        self.panel = layout.centered(110, height)
        self.panel.top = layout.px(max(19.0, 54 - (height + 16) / 2))  # the whole block sits mid-screen
        width = 34
        middle = (len(self.form.widgets) - 1) / 2
        for i, b in enumerate(self.form.widgets):
            b.rect = pygame.Rect(0, 0, layout.px(width), layout.px(7.5))
            b.rect.midtop = (layout.width // 2 + layout.px((i - middle) * (width + 3)), self.panel.bottom + layout.px(4))

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        winners = [p.name for p in self.placings if p.winner]
        paint.title_text(surface, self.heading, lay.px(7), (lay.width // 2, self.panel.y - lay.px(13)), GOLD)
        paint.text(surface, tr("results.winner" if len(winners) == 1 else "results.winners",
                               names=join_names(winners)), lay.font_large, (lay.width // 2, self.panel.y - lay.px(5.5)), TEXT,
                   bold=True, max_width=lay.width - lay.px(6))
        if self.note:
            paint.text(surface, self.note, lay.font_small, (lay.width // 2, self.panel.bottom + lay.px(14.5)), TEXT_DIM,
                       max_width=lay.width - lay.px(6))
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
            name_width = cols[2] - cols[1] - lay.px(10)
            if p.detail:
                name_width //= 2
                paint.text(surface, p.detail, lay.font_small, (cols[2] - lay.px(8), y), TEXT_DIM, anchor="midright",
                           max_width=name_width - lay.px(2))
            paint.text(surface, ("\u2605 " if p.winner else "") + p.name, lay.font_body, (cols[1], y), colour,
                       bold=p.winner, anchor="midleft", max_width=name_width)
            paint.text(surface, str(p.score), lay.font_body, (cols[2], y), colour, bold=True)
            y += lay.px(5.6)
        self.form.draw(surface, lay)
