"""The game review screen: where a seat lost points, as a chart of its expected standing decision by decision
with the mistakes marked; a mark opens the replay viewer at that position with the played and the best move
ringed.

The review is worked out in a worker process (``ai/review_worker.py``) behind a progress bar with Cancel, and
kept in the statistics database (``review_store.py``), so a second look at the game is instant. A mistake's size
is told by its mark's shape as well as its colour (triangle, square, diamond), and named in the legend.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from ...ai.review import DecisionReview, GameReview, scale
from ...ai.review_worker import ReviewJob
from ...engine import GameError
from ...engine.records import Record
from ...stats_db import StatsError
from .. import fonts, paint
from ..i18n import decimal, game_title, reason_text, tr
from ..move_words import aftermath_words, card_words, move_words, verdict_words
from ..layout import DANGER, GOLD, HINT, PANEL_EDGE, TEXT, TEXT_DIM
from ..keys import KeyHelp
from ..widgets import Button, Form
from . import UnknownScene
from .form import FormScene

#: Each size of mistake: its colour and the shape of its mark (the fine ones are small dots on the line).
SMALL_COLOUR, CLEAR_COLOUR = (236, 204, 84), (242, 146, 58)
LOOK: dict[str, tuple[Any, str]] = {"fine": (TEXT_DIM, "dot"), "small": (SMALL_COLOUR, "triangle"),
                                    "clear": (CLEAR_COLOUR, "square"), "big": (DANGER, "diamond")}
#: The least height of the plot, in layout units, before the texts around it give up their second lines.
MIN_PLOT = 12
#: The width of the chart's panel and of the detail below it, in layout units.
CHART_WIDTH = 164


def mark_shape(shape: str, centre: tuple[int, int], radius: int) -> list[tuple[int, int]]:
    """The corners of a mark's polygon around ``centre`` (none for a dot, drawn as a circle)."""
    x, y = centre
    if shape == "triangle":
        return [(x, y - radius), (x + radius, y + radius * 3 // 4), (x - radius, y + radius * 3 // 4)]
    if shape == "square":
        side = radius * 4 // 5
        return [(x - side, y - side), (x + side, y - side), (x + side, y + side), (x - side, y + side)]
    if shape == "diamond":
        return [(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)]
    return []


def chart_points(values: Sequence[float], area: pygame.Rect) -> tuple[list[tuple[int, int]], float, float]:
    """Where each value sits across ``area`` (first at the left edge, last at the right), and the low and high
    ends of the scale, which always take in 0."""
    low, high = min(0.0, *values), max(0.0, *values)
    if high - low < 1e-9:
        high = low + 1.0
    step = area.w / max(1, len(values) - 1)
    return ([(round(area.x + i * step), round(area.bottom - (v - low) / (high - low) * area.h))
             for i, v in enumerate(values)], low, high)


class ReviewScene(FormScene):
    """The review of ``seat`` in ``record``: the kept one, else one worked out now. ``make_job`` starts the
    worker (a test hands one of its own)."""

    own_keys = (KeyHelp("help.key_left_right", "help.do_review_step"),)

    escape_closes = True

    def __init__(self, app, record: Record, seat: int,
                 make_job: Callable[[Record, int], ReviewJob] = ReviewJob) -> None:
        super().__init__(app)
        self.record, self.seat = record, seat
        self.names = [s.name for s in record.seats]
        self.card_name: Callable[[str], str] = card_words(record.game)
        self.review: GameReview | None = None
        self.job: ReviewJob | None = None
        self.problem = ""
        self.selected: int | None = None  # the decision the detail shows, an index into the review's
        self.points: list[tuple[int, int]] = []
        self.scale = (0.0, 1.0)
        self.open_button = Button("review.open", self.open_selected, primary=True)
        self.cancel_button = Button("review.cancel", self.cancel)
        self.try_button = Button("review.try_again", self.try_selected)
        self.back_button = Button("review.back", self.close)
        self.form = Form([self.open_button, self.try_button, self.cancel_button, self.back_button])
        self.shown(self.kept())
        if self.review is None and not self.problem:
            try:
                self.job = make_job(record, seat)
            except OSError as exc:
                self.problem = tr("review.failed", error=exc.strerror or type(exc).__name__)
        self.show_buttons()

    # ----- the review -----------------------------------------------------
    def kept(self) -> GameReview | None:
        """The review kept of this game, when there is one the screen can word whole; a damaged one is set aside
        with a notice, and the game weighed again."""
        from ...review_store import UnreadableReview, set_aside, stored_review

        db = self.app.stats
        if db is None:
            return None
        try:
            review = stored_review(db, self.record, self.seat)
            if review is not None and not self.wordable(review):
                set_aside(db, self.record, self.seat, "holds a decision that cannot be worded")
        except UnreadableReview as exc:
            self.app.notice(tr("stats.problem", reason=str(exc)))
            return None
        except StatsError:
            return None  # weighed again; keeping it will say what is wrong
        return review

    def wordable(self, review: GameReview) -> bool:
        """Whether every decision of ``review`` reads in words (a kept one may name a reason no text has)."""
        try:
            for d in review.decisions:
                self.decision_parts(d)
                verdict_words(d.size, d.cost, review.unit)
                for reason in (d.reason, d.played_reason):
                    if reason is not None:
                        reason_text(reason, self.card_name, "hint", self.names)
                self.explanation(d)
        except (KeyError, IndexError, TypeError, ValueError, GameError):
            return False
        return True

    def shown(self, review: GameReview | None) -> None:
        """Show ``review``, its biggest mistake picked."""
        self.review = review
        if review is not None and review.decisions:
            self.selected = max(range(len(review.decisions)), key=lambda i: review.decisions[i].cost)
        self.show_buttons()

    def keep(self, review: GameReview) -> None:
        from ...review_store import keep_review

        db = self.app.stats
        if db is not None:
            try:
                keep_review(db, self.record, self.seat, review)
            except StatsError as exc:
                self.app.notice(tr("stats.problem", reason=str(exc)))

    def update(self, dt: float) -> None:
        job = self.job
        if job is None or not job.poll():
            return
        self.job = None
        if job.review is not None:
            self.keep(job.review)
            self.shown(job.review)
        else:
            self.problem = tr("review.failed", error=job.error)
        self.resize(self.layout)

    def picture_key(self) -> object:
        """The worker's progress while it weighs, then what it came to: ``update`` polls its pipe on every wake
        of the resting window, which paints the progress bar again only when it moved."""
        job = self.job
        return (job.done, job.total) if job is not None else (self.review, self.problem)

    def cancel(self) -> None:
        """Stop the worker at once and leave the screen."""
        self.exit()
        self.close()

    def exit(self) -> None:
        if self.job is not None:
            self.job.close()
            self.job = None

    def show_buttons(self) -> None:
        self.cancel_button.visible = self.job is not None
        self.open_button.visible = self.job is None
        self.open_button.enabled = self.review is not None and self.selected is not None
        self.try_button.visible = self.job is None
        self.try_button.enabled = (self.review is not None and self.selected is not None
                                   and self.decisions[self.selected].size != "fine")

    # ----- choosing a decision ------------------------------------------------
    @property
    def decisions(self) -> tuple[DecisionReview, ...]:
        return self.review.decisions if self.review is not None else ()

    def mark_at(self, pos: tuple[int, int]) -> int | None:
        """The decision whose mark is under ``pos`` (the nearest within reach; mistakes before fine ones)."""
        reach = self.layout.px(2.6)
        near = [(abs(x - pos[0]) + abs(y - pos[1]), self.decisions[i].size == "fine", i)
                for i, (x, y) in enumerate(self.points) if abs(x - pos[0]) <= reach and abs(y - pos[1]) <= reach]
        return min(near)[2] if near else None

    def step(self, delta: int) -> None:
        """To the next (or previous) mistake; every decision when there is none."""
        mistakes = [i for i, d in enumerate(self.decisions) if d.size != "fine"] or list(range(len(self.decisions)))
        if not mistakes:
            return
        current = self.selected if self.selected is not None else -1
        later = [i for i in mistakes if (i > current if delta > 0 else i < current)]
        self.selected = (min(later) if delta > 0 else max(later)) if later else mistakes[0 if delta > 0 else -1]
        self.show_buttons()

    def move_words(self, text: str, reason) -> str:
        """A move of the review (record notation) as the player reads it."""
        return move_words(self.record.game, text, self.names, reason)

    def decision_parts(self, d: DecisionReview) -> tuple[str, str]:
        """The move played at decision ``d`` and the best one, each in words with its value."""
        return (tr("review.decision_played", number=d.number + 1, move=self.move_words(d.played, d.played_reason),
                   value=decimal(d.played_value, signed=True)),
                tr("review.decision_best", move=self.move_words(d.best, d.reason),
                   value=decimal(d.best_value, signed=True)))

    def open_selected(self) -> None:
        if self.selected is not None:
            self.open_decision(self.decisions[self.selected])

    def try_selected(self) -> None:
        if self.selected is not None:
            self.try_mistake(self.selected)

    def try_mistake(self, index: int) -> None:
        """The table at mistake ``index`` for the reviewed seat to choose again, as practice: the hidden cards are
        that game's and stay hidden; the choice is judged by the review's values, and the next mistake offered."""
        d = self.decisions[index]
        later = [i for i, other in enumerate(self.decisions) if i > index and other.size != "fine"]

        def next_mistake() -> None:
            self.app.stack.pop()
            self.try_mistake(later[0])

        try:
            self.app.stack.open("try_again", record=self.record, decision=d, seat=self.seat,
                                next_mistake=next_mistake if later else None)
        except UnknownScene:
            return
        except GameError as exc:
            self.problem = str(exc)
            return
        self.selected = index
        self.show_buttons()

    def open_decision(self, d: DecisionReview) -> None:
        """The replay viewer at the decision, watched from the seat, its two moves ringed."""
        try:
            self.app.stack.open("replay", record=self.record, at=d.index, seat=self.seat, playing=False, reviewed=d)
        except (UnknownScene, GameError) as exc:
            self.problem = str(exc)

    def handle_event(self, event):
        if event.type == pygame.MOUSEMOTION:
            found = self.mark_at(event.pos)
            if found is not None:
                self.selected = found
                self.show_buttons()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            found = self.mark_at(event.pos)
            if found is not None:
                self.selected = found
                self.open_decision(self.decisions[found])
                return None
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(1 if event.key == pygame.K_RIGHT else -1)
            return None
        return super().handle_event(event)

    # ----- layout -----------------------------------------------------------------
    def resize(self, layout):
        """Rows as tall as their text at the player's text size: the summary, the chart (its title and legend,
        the plot beside its scale), the chosen decision, the buttons."""
        super().resize(layout)
        mid, pad = layout.width // 2, layout.px(1.6)
        small, body = (fonts.font(size).get_linesize() for size in (layout.font_small, layout.font_body))
        top = layout.px(11)
        self.summary_rows = (top + body // 2, top + body + small // 2)
        buttons_top = layout.px(91)
        face, room = fonts.font(layout.font_body), layout.px(CHART_WIDTH - 6)
        # The moves of a decision on one line where every decision's fit it, else the best move on a second.
        self.decision_rows = 1 if all(face.size(fonts.shown(tr("review.decision", played=played, best=best)))[0]
                                      <= room for played, best in map(self.decision_parts, self.decisions)) else 2
        # The explanations below, each wrapped to the panel, and above the chart what a point means, wrapped to
        # it; where that leaves the plot too short, each takes one line (shrunk to fit) instead.
        heading = tr(f"review.chart.{scale(self.record.game).unit}")
        for roomy in (True, False):
            self.explanation_rows = max((sum(len(self.wrapped(words)) if roomy else 1 for words, _ in
                                             self.explanation(d)) for d in self.decisions), default=2)
            self.detail = pygame.Rect(mid - layout.px(CHART_WIDTH / 2), 0, layout.px(CHART_WIDTH),
                                      2 * pad + self.decision_rows * body + (1 + self.explanation_rows) * small)
            self.detail.bottom = buttons_top - layout.px(2)
            chart_top = top + body + small + layout.px(1.5)
            self.chart = pygame.Rect(self.detail.x, chart_top, self.detail.w,
                                     self.detail.y - layout.px(1.5) - chart_top)
            self.chart_heading = (fonts.wrap(heading, layout.font_small, self.chart.w - layout.px(4), bold=True)
                                  if roomy else [heading])
            self.chart_rows = tuple(self.chart.y + pad + small // 2 + row * small
                                    for row in range(len(self.chart_heading) + 1))
            if self.chart.h - 2 * pad - (len(self.chart_rows) + 1) * small >= layout.px(MIN_PLOT):
                break
        values = [d.standing for d in self.decisions]
        low, high = (min(0.0, *values), max(0.0, *values)) if values else (0.0, 1.0)
        scale_width = max(fonts.font(layout.font_small).size(decimal(v, signed=True))[0] for v in (low, high))
        self.plot = pygame.Rect(self.chart.x + pad + scale_width + layout.px(2),
                                self.chart.y + pad + (len(self.chart_rows) + 1) * small, 0, 0)
        self.plot.w = self.chart.right - pad - layout.px(2) - self.plot.x
        self.plot.h = self.chart.bottom - pad - small // 2 - self.plot.y
        if values:
            self.points, low, high = chart_points(values, self.plot)
            self.scale = (low, high)
        else:
            self.points = []
        widths = (50, 40, 28)
        x = mid - layout.px(sum(widths) + 6) // 2
        for button, width in zip((self.open_button, self.try_button, self.back_button), widths):
            button.rect = pygame.Rect(x, buttons_top, layout.px(width), layout.px(6.5))
            x += layout.px(width + 3)
        self.cancel_button.rect = self.open_button.rect

    # ----- drawing ----------------------------------------------------------------
    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        heading = tr("review.heading", game=game_title(self.record.game), name=self.names[self.seat])
        paint.title_text(surface, heading, lay.px(6), (lay.width // 2, lay.px(6)), GOLD)
        paint.panel(surface, self.chart, lay.px(1.6))
        if self.problem:
            paint.paragraph(surface, self.problem, lay.font_body, self.chart.inflate(-lay.px(8), -lay.px(8)), DANGER)
        elif self.job is not None:
            self.draw_progress(surface, self.job)
        elif self.review is not None:
            self.draw_summary(surface, self.review)
            if self.review.decisions:
                self.draw_chart(surface, self.review)
                self.draw_detail(surface)
            else:
                paint.text(surface, tr("review.nothing"), lay.font_body, self.chart.center, TEXT_DIM)
        self.form.draw(surface, lay)

    def draw_progress(self, surface, job: ReviewJob) -> None:
        lay = self.layout
        bar = pygame.Rect(0, 0, self.chart.w * 2 // 3, lay.px(4))
        bar.center = self.chart.center
        pygame.draw.rect(surface, PANEL_EDGE, bar, border_radius=lay.px(1))
        if job.total:
            filled = bar.copy()
            filled.w = max(1, bar.w * job.done // job.total)
            pygame.draw.rect(surface, GOLD, filled, border_radius=lay.px(1))
        words = tr("review.thinking", count=job.done, total=job.total) if job.total else tr("review.starting")
        paint.text(surface, words, lay.font_body, (bar.centerx, bar.y - lay.px(4)), TEXT)

    def draw_summary(self, surface, review: GameReview) -> None:
        lay = self.layout
        lost_per_decision = round(review.lost_per_decision(), 2)
        unit = tr(f"review.unit.{review.unit}", count=lost_per_decision)
        counts = {size: tr(f"review.count.{size}", count=count) for size, count in review.mistakes().items()}
        lost, mistakes = self.summary_rows
        paint.text(surface, tr("review.lost", lost=decimal(lost_per_decision), unit=unit), lay.font_body,
                   (lay.width // 2, lost), TEXT, bold=True, max_width=lay.width - lay.px(6))
        paint.text(surface, tr("review.mistakes", **counts), lay.font_small, (lay.width // 2, mistakes), TEXT,
                   max_width=lay.width - lay.px(6))

    def draw_chart(self, surface, review: GameReview) -> None:
        """The standing as a line over the decisions, the zero line, the scale's ends and each decision's mark."""
        lay, plot = self.layout, self.plot
        for line, row in zip(self.chart_heading, self.chart_rows):
            paint.text(surface, line, lay.font_small, (self.chart.centerx, row), TEXT_DIM, bold=True,
                       max_width=self.chart.w - lay.px(4))
        paint.text(surface, tr("review.legend"), lay.font_small, (self.chart.centerx, self.chart_rows[-1]), TEXT_DIM,
                   max_width=self.chart.w - lay.px(4))
        low, high = self.scale
        zero = round(plot.bottom - (0 - low) / (high - low) * plot.h)
        pygame.draw.line(surface, PANEL_EDGE, (plot.x, zero), (plot.right, zero), max(1, lay.px(0.3)))
        ends = [(value, y) for value, y in ((high, plot.y), (low, plot.bottom)) if value]
        room = lay.font_small  # the zero line's label only where it clears the ends' labels
        labels = ends + ([(0.0, zero)] if all(abs(zero - y) >= room for _, y in ends) else [])
        for value, y in labels:
            paint.text(surface, decimal(value, signed=True) if value else "0", lay.font_small,
                       (plot.x - lay.px(1.5), y), TEXT_DIM, anchor="midright")
        if len(self.points) > 1:
            pygame.draw.lines(surface, HINT, False, self.points, max(2, lay.px(0.45)))
        for i, (d, point) in enumerate(zip(review.decisions, self.points)):
            self.draw_mark(surface, d.size, point, i == self.selected)

    def draw_mark(self, surface, size: str, point: tuple[int, int], selected: bool) -> None:
        lay = self.layout
        colour, shape = LOOK[size]
        radius = lay.px({"fine": 0.7, "small": 1.5, "clear": 1.5, "big": 2.0}[size])
        if selected:
            pygame.draw.circle(surface, TEXT, point, radius + lay.px(1.2), max(2, lay.px(0.35)))
        corners = mark_shape(shape, point, radius)
        if corners:
            pygame.draw.polygon(surface, colour, corners)
            pygame.draw.polygon(surface, (20, 20, 20), corners, 1)
        else:
            pygame.draw.circle(surface, colour, point, radius)

    def draw_detail(self, surface) -> None:
        """The chosen decision: the move played and the best, their values, the size and the reasons."""
        lay, box = self.layout, self.detail
        paint.panel(surface, box, lay.px(1.4))
        if self.selected is None or self.review is None:
            return
        d = self.decisions[self.selected]
        colour, _ = LOOK[d.size]
        played, best = self.decision_parts(d)
        lines = [tr("review.decision", played=played, best=best)] if self.decision_rows == 1 else [played, best]
        x, width = box.x + lay.px(3), box.w - lay.px(6)
        small, body = (fonts.font(size).get_linesize() for size in (lay.font_small, lay.font_body))
        y = box.y + lay.px(1.6) + body // 2
        # The moves in words take the first line (or two); the size, in its colour, the line below; the reasons.
        for line in lines:
            paint.text(surface, line, lay.font_body, (x, y), TEXT, anchor="midleft", max_width=width)
            y += body
        y += (small - body) // 2
        paint.text(surface, verdict_words(d.size, d.cost, self.review.unit), lay.font_small, (x, y), colour,
                   bold=True, anchor="midleft", max_width=width)
        for words, shade in self.explanation(d):
            for line in self.wrapped(words) if self.explanation_rows > 2 else [words]:
                y += small
                paint.text(surface, line, lay.font_small, (x, y), shade, anchor="midleft", max_width=width)

    def wrapped(self, words: str) -> list[str]:
        """A line of the decision's explanation broken to the detail panel's width."""
        lay = self.layout
        return fonts.wrap(words, lay.font_small, lay.px(CHART_WIDTH - 6))

    def explanation(self, d: DecisionReview) -> list[tuple[str, Any]]:
        """Two lines on the decision: what followed each move in the review's continuations where they differ,
        else the hints' facts about the move played and the best."""
        unit = scale(self.record.game).unit  # the game's, known before its review is
        if d.played_after is not None and d.best_after is not None:
            return [(aftermath_words(d.played_after, self.move_words(d.played, d.played_reason), unit), TEXT_DIM),
                    (aftermath_words(d.best_after, self.move_words(d.best, d.reason), unit), TEXT)]
        reasons = [("review.you_played", d.played_reason, TEXT_DIM)]
        if d.best != d.played:
            reasons.append(("review.why", d.reason, TEXT))
        return [(tr(key, reason=reason_text(reason, self.card_name, "hint", self.names)), shade)
                for key, reason, shade in reasons if reason is not None]
