"""The end of a game: ranking, then play again, new game, statistics or title."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from ...ai.review import reviewable
from ...engine.records import Record
from .. import fonts, paint
from ..i18n import Phrase, Worded, join_names, tr
from ..layout import DANGER, GOLD, TEXT, TEXT_DIM
from ..widgets import Button, Form, place_in_rows
from .form import FormScene


@dataclass(frozen=True)
class Placing:
    place: int
    name: str
    score: int
    winner: bool
    detail: str = ""  # a game's note on the seat (how it left the game, say)


@dataclass(frozen=True)
class ScoreRow:
    """One round (or hand) of the game: its label and each column's score; ``struck`` marks a score
    crossed out (a Fifty Fifty hand struck later)."""

    label: str
    cells: tuple[int, ...]
    struck: tuple[bool, ...] = ()


@dataclass(frozen=True)
class ScoreTable:
    """The game's history on the results screen: a column per seat (or side), a row per round."""

    columns: tuple[str, ...]
    rows: tuple[ScoreRow, ...]


@dataclass(frozen=True)
class OrderTable:
    """A game's second table beside the ranking: the seats in an order of their own (Thirteen's order of
    leaving), each with a few words on how it got there."""

    heading: str
    rows: tuple[tuple[str, str], ...]  # (name, how)


#: Rounds the results screen lists; a longer game shows its last ones.
SHOWN_ROUNDS = 9
#: Room the line of ratings takes above the panels, in layout units: as much as one round of the score table,
#: which then lists a round fewer, so the block keeps its height.
RATING_LINE = 5
#: The lowest the panels' bottom goes, in layout units, leaving the buttons and the note under them room.
BELOW_LIMIT = 83
#: Widths of the ranking and of the score table beside it, and the gap between, in layout units.
RANKING_WIDTH, TABLE_WIDTH, GAP = 64, 106, 3
#: How much wider the ranking is (and the score table narrower) when its seats carry notes.
NOTES_WIDTH = 18


def ranking(names: list[str], scores: tuple[int, ...], winners: tuple[int, ...], lower_wins: bool,
            details: tuple[str, ...] = (), race: tuple[tuple[int, ...], ...] = ()) -> list[Placing]:
    """The winners first (a race may crown someone without the best score), then the others best first;
    equal scores share a place (1, 2, 2, 4). ``details`` holds an optional note per seat. ``race`` lists the
    seats (a side's together) that reached the game's target, in the order they reached it: they come first."""
    def reached(seat: int) -> int:
        return next((i for i, side in enumerate(race) if seat in side), len(race))

    order = sorted(range(len(names)), key=lambda s: (reached(s), s not in winners, scores[s] if lower_wins else -scores[s]))
    out: list[Placing] = []
    for i, seat in enumerate(order):
        before = order[i - 1]
        tied = (scores[seat] == scores[before] and (seat in winners) == (before in winners)
                and reached(seat) == reached(before))
        place = out[-1].place if out and tied else i + 1
        out.append(Placing(place, names[seat], scores[seat], seat in winners, details[seat] if details else ""))
    return out


class ResultsScene(FormScene):
    heading = Worded()
    note = Worded()
    remark = Worded()
    rating = Worded()

    def __init__(self, app, heading: str | Phrase, placings: list[Placing], play_again: Callable[[], None] | None,
                 exit_after: float | None = None, note: str | Phrase = "", game_id: str | None = None,
                 scores: ScoreTable | None = None, remark: str | Phrase = "", order: OrderTable | None = None,
                 record: Record | None = None, seat: int = 0, rating: str | Phrase = "") -> None:
        super().__init__(app)
        self.record, self.seat = record, seat  # the game and the seat its Review weighs (no record: no Review)
        self.game_id = game_id
        self.scores = scores
        self.order = order  # a second table in the place of the scores (a game with no rounds)
        self.remark = remark  # a line under the heading (how many moves were taken back)
        self.rating = rating  # the people's ratings before and after this game (empty: none rated)
        self.heading, self.note = heading, note
        self.placings = placings
        self.exit_after = exit_after
        self.again_offered = play_again is not None  # not at a table hosted elsewhere, nor after a guided game
        again = Button("results.play_again", play_again or self.to_title, primary=True)
        again.visible = self.again_offered
        review = Button("review.button", self.review)
        review.visible = record is not None and reviewable(record.game)
        self.form = Form([again, review, Button("results.new_game", self.new_game),
                          Button("results.statistics", self.statistics), Button("results.title", self.to_title)])

    def new_game(self):
        """The set-up of the same game, showing this table again (same seats and options, a new game number);
        a table hosted elsewhere only names the game."""
        self.app.stack.restart("title")
        same = self.record if self.again_offered else None
        self.app.stack.open("setup", game_id=self.game_id, like=same)

    def to_title(self):
        self.app.stack.restart("title")

    def review(self):
        if self.record is not None:
            self.app.stack.open("review", record=self.record, seat=self.seat)

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
        side_rows = len(self.scores.rows) if self.scores is not None else len(self.order.rows) if self.order else -1
        rating_line = RATING_LINE if self.rating else 0
        self.shown_rounds = SHOWN_ROUNDS - (1 if self.rating else 0)
        if side_rows < 0:
            self.panel = layout.centered(110, height)
            self.table_panel = None
        else:
            table_height = 10 + (min(self.shown_rounds, side_rows) + 1) * 5
            height = max(height, table_height)
            notes = NOTES_WIDTH if any(p.detail for p in self.placings) else 0
            whole = layout.px(RANKING_WIDTH + GAP + TABLE_WIDTH)
            left = layout.width // 2 - whole // 2
            # The ranking as wide as its names need at the body size (the table gives way, down to half).
            face = fonts.font(layout.font_body, True)
            names = max((face.size(("\u2605 " if p.winner else "") + p.name)[0] for p in self.placings), default=0)
            needed = names * (2 if notes else 1) + layout.px(40)
            ranking = min(max(layout.px(RANKING_WIDTH + notes), needed), whole - layout.px(GAP + TABLE_WIDTH / 2))
            self.panel = pygame.Rect(left, 0, ranking, layout.px(height))
            self.table_panel = pygame.Rect(self.panel.right + layout.px(GAP), 0,
                                           whole - ranking - layout.px(GAP), layout.px(height))
        # The whole block sits mid-screen, under the heading, the winners and the lines above the panel, and
        # keeps the buttons and the note under it in the window (a table of many seats has no room to go down).
        top = max(19.0, 54 - (height + 16) / 2)
        self.panel.top = layout.px(top + min(rating_line, max(0.0, BELOW_LIMIT - top - height)))
        if self.table_panel is not None:
            self.table_panel.top = self.panel.top
        shown = [b for b in self.form.widgets if b.visible]
        width = min(40, (170 - 3 * (len(shown) - 1)) / len(shown))

        def place_buttons() -> int:
            return place_in_rows(layout, shown, layout.px(width), layout.px(7.5), layout.px(3), layout.width // 2,
                                 self.panel.bottom + layout.px(4))

        self.buttons_bottom = place_buttons()
        # Buttons in more rows and a note wrapped at full size may run past the window's foot: the block rises, as
        # far as the lines drawn above the panel leave room.
        note_h = (len(fonts.wrap(str(self.note), layout.font_small, layout.width - layout.px(6)))
                  * fonts.font(layout.font_small).get_linesize() + layout.px(1.5)) if self.note else 0
        overflow = self.buttons_bottom + note_h - (layout.height - layout.px(1))
        if overflow > 0:
            above = (fonts.font(layout.font_small, True).get_linesize() * ((1 if self.rating else 0)
                                                                           + (1 if self.remark else 0))
                     + fonts.font(layout.font_large, True).get_linesize() + layout.px(9))
            rise = min(overflow, max(0, self.panel.top - above))
            self.panel.top -= rise
            if self.table_panel is not None:
                self.table_panel.top = self.panel.top
            self.buttons_bottom = place_buttons()

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        winners = [p.name for p in self.placings if p.winner]
        # Up from the panel, each line measured: the ratings, the help taken, the winners, the heading.
        bottom = self.panel.y - lay.px(0.8)
        if self.rating:
            bottom = paint.text(surface, self.rating, lay.font_small, (lay.width // 2, bottom), GOLD, bold=True,
                                anchor="midbottom", max_width=lay.width - lay.px(6)).top
        if self.remark:
            bottom = paint.text(surface, self.remark, lay.font_small, (lay.width // 2, bottom), GOLD,
                                anchor="midbottom", max_width=lay.width - lay.px(6)).top
        bottom = paint.text(surface, tr("results.winner" if len(winners) == 1 else "results.winners",
                                        names=join_names(winners)), lay.font_large, (lay.width // 2, bottom), TEXT,
                            bold=True, anchor="midbottom", max_width=lay.width - lay.px(6)).top
        heading = fonts.fit(self.heading, lay.px(7), round(lay.width * 0.94), True)
        paint.title_text(surface, self.heading, heading,
                         (lay.width // 2, bottom - fonts.font(heading, True).get_height() // 2), GOLD)
        if self.note:
            paint.paragraph(surface, self.note, lay.font_small,
                            pygame.Rect(lay.px(3), self.buttons_bottom + lay.px(1.5), lay.width - lay.px(6), 0), TEXT_DIM)
        if self.scores is not None and self.table_panel is not None:
            self.draw_scores(surface, self.scores, self.table_panel)
        elif self.order is not None and self.table_panel is not None:
            self.draw_order(surface, self.order, self.table_panel)
        paint.panel(surface, self.panel, lay.px(2))
        y = self.panel.y + lay.px(5)
        cols = (self.panel.x + lay.px(8), self.panel.x + lay.px(18), self.panel.right - lay.px(12))
        paint.text(surface, tr("results.place"), lay.font_small, (cols[0], y), TEXT_DIM)
        paint.text(surface, tr("summary.player"), lay.font_small, (cols[1], y), TEXT_DIM, anchor="midleft")
        paint.text(surface, tr("summary.total"), lay.font_small, (cols[2], y), TEXT_DIM)
        y += lay.px(5.6)
        shown = [("\u2605 " if p.winner else "") + p.name for p in self.placings]
        width = cols[2] - cols[1] - lay.px(10)
        size = fonts.fit_all(shown, lay.font_body, width // 2 if any(p.detail for p in self.placings) else width, True)
        for p, name in zip(self.placings, shown):  # the names in one size, a long one no smaller than the rest
            colour = GOLD if p.winner else TEXT
            paint.text(surface, f"{p.place}.", lay.font_body, (cols[0], y), colour, bold=True)
            name_width = width // 2 if p.detail else width
            if p.detail:
                paint.text(surface, p.detail, lay.font_small, (cols[2] - lay.px(8), y), TEXT_DIM, anchor="midright",
                           max_width=name_width - lay.px(2))
            paint.text(surface, name, size, (cols[1], y), colour, bold=p.winner, anchor="midleft", max_width=name_width)
            paint.text(surface, str(p.score), lay.font_body, (cols[2], y), colour, bold=True)
            y += lay.px(5.6)
        self.form.draw(surface, lay)

    def draw_scores(self, surface, scores: ScoreTable, rect: pygame.Rect) -> None:
        """The score of every round in a column per seat, the last rounds when there were many; a struck score
        crossed out."""
        lay = self.layout
        paint.panel(surface, rect, lay.px(2))
        first = lay.px(17)
        width = (rect.w - first - lay.px(4)) / max(1, len(scores.columns))
        x0 = rect.x + lay.px(2) + first
        y = rect.y + lay.px(5)
        room = max(10, round(width - lay.px(1)))
        size = fonts.fit_all(scores.columns, lay.font_small, room, True)
        for i, name in enumerate(scores.columns):
            paint.text(surface, name, size, (round(x0 + (i + 0.5) * width), y), TEXT_DIM, bold=True, max_width=room)
        rows = scores.rows[-self.shown_rounds:]
        if len(scores.rows) > self.shown_rounds:
            rows = ((ScoreRow("\u2026", ()),) + rows[1:])
        for row in rows:
            y += lay.px(5)
            paint.text(surface, row.label, lay.font_small, (rect.x + lay.px(2.5), y), TEXT_DIM, anchor="midleft",
                       max_width=first - lay.px(1))
            for i, value in enumerate(row.cells):
                cell = paint.text(surface, str(value), lay.font_body, (round(x0 + (i + 0.5) * width), y), TEXT)
                if row.struck and row.struck[i]:
                    pygame.draw.line(surface, DANGER, (cell.x - lay.px(0.5), cell.centery),
                                     (cell.right + lay.px(0.5), cell.centery), max(2, lay.px(0.35)))

    def draw_order(self, surface, order: OrderTable, rect: pygame.Rect) -> None:
        """The second table: its heading, then each seat in its order with how it got there."""
        lay = self.layout
        paint.panel(surface, rect, lay.px(2))
        y = rect.y + lay.px(5)
        paint.text(surface, order.heading, lay.font_small, (rect.x + lay.px(6), y), TEXT_DIM, bold=True,
                   anchor="midleft", max_width=rect.w - lay.px(12))
        rows = order.rows[:self.shown_rounds]
        room = rect.w // 2 - lay.px(14)
        size = fonts.fit_all([name for name, _ in rows], lay.font_body, room)
        for i, (name, how) in enumerate(rows):
            y += lay.px(5.6) if i == 0 else lay.px(5)
            paint.text(surface, f"{i + 1}.", lay.font_body, (rect.x + lay.px(8), y), TEXT, bold=True)
            paint.text(surface, name, size, (rect.x + lay.px(13), y), TEXT, anchor="midleft", max_width=room)
            paint.text(surface, how, lay.font_small, (rect.right - lay.px(5), y), TEXT_DIM, anchor="midright",
                       max_width=rect.w // 2 - lay.px(6))
