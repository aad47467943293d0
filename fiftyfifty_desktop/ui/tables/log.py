"""The move log: what happened at the table in plain words, newest first, grouped by turn or trick.

A table writes it from the steps its seat is shown (``Match.watch``), so it
never holds more than that seat may know. A line about a move hidden from
the other seats (a Take 5 card chosen face down, a Fifty-Five discard)
belongs to the seat that made it and is shown only while that seat sits at
the screen, so in a shared game no one reads another player's secret.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from .. import fonts, paint
from ..cards import card_size
from ..i18n import language, tr
from ..layout import GOLD, TEXT, TEXT_DIM, Layout
from .parts import MARK_COLOURS, Mark, mark

Rect = pygame.Rect


@dataclass(frozen=True)
class LookBack:
    """The last trick or turn, to be shown again: a heading and the cards in the order they were played
    (or placed), each with its seat and a short note (who won it, which row it took)."""

    heading: str
    cards: tuple[tuple[int, Any, str], ...]


@dataclass(frozen=True)
class LogLine:
    """One thing that happened; ``seat`` is the only seat that may read it (None: every seat); ``mark`` a
    tick or cross drawn before a hit or a miss."""

    text: str
    seat: int | None = None
    mark: Mark | None = None


@dataclass
class LogGroup:
    """The lines of one turn, trick or deal, under a short heading."""

    heading: str
    lines: list[LogLine] = field(default_factory=list)


class MoveLog:
    """The groups of a game so far, oldest first, and how far the reader has scrolled; the events they were
    written from, and in which language, so a change of language words them again."""

    def __init__(self) -> None:
        self.groups: list[LogGroup] = []
        self.scroll = 0  # rows scrolled down from the newest
        self.sources: list[tuple[Any, Any]] = []  # (context, event) in the order they were written
        self.language = language()

    def begin(self, heading: str) -> None:
        """A new turn, trick or deal starts: the lines after it go under ``heading``."""
        self.groups.append(LogGroup(heading))

    def add(self, text: str, seat: int | None = None, mark: Mark | None = None) -> None:
        if not self.groups:
            self.begin("")
        self.groups[-1].lines.append(LogLine(text, seat, mark))

    def shown(self, viewer: int | None) -> list[tuple[str, list[LogLine]]]:
        """The groups ``viewer`` may read, newest first, each with its lines newest first; a group with no
        line ``viewer`` may read is left out (a turn whose cards are all still face down)."""
        out = []
        for group in reversed(self.groups):
            lines = [line for line in reversed(group.lines) if line.seat is None or line.seat == viewer]
            if lines:
                out.append((group.heading, lines))
        return out

    def texts(self, viewer: int | None) -> list[str]:
        """Every line ``viewer`` may read, oldest first (headings left out)."""
        return [line.text for _, lines in reversed(self.shown(viewer)) for line in reversed(lines)]

    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, self.scroll + rows)


@lru_cache(maxsize=2048)
def wrapped(content: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    return tuple(fonts.wrap(content, size, width, bold))


def log_rows(log: MoveLog, viewer: int | None, size: int, width: int,
             indent: int) -> list[tuple[str, bool, int, Mark | None]]:
    """The log as rows to paint: ``(text, is_heading, indent, mark)``, newest first; a marked line is
    indented by one more step, its mark drawn in that space on its first row."""
    rows: list[tuple[str, bool, int, Mark | None]] = []
    for heading, lines in log.shown(viewer):
        if heading:
            rows.extend((row, True, 0, None) for row in wrapped(heading, size, width, True))
        for line in lines:
            inset = indent + (round(size * 1.25) if line.mark else 0)
            rows.extend((row, False, inset, line.mark if i == 0 else None)
                        for i, row in enumerate(wrapped(line.text, size, width - inset, False)))
    return rows


def draw_log(surface: pygame.Surface, lay: Layout, rect: Rect, log: MoveLog, viewer: int | None,
             title: str, note: str = "", below: int = 0) -> None:
    """The log in ``rect``: a title, an optional note, then the rows from ``log.scroll`` on, as many as fit
    above the last ``below`` pixels (kept for a button)."""
    paint.panel(surface, rect, lay.px(1.2))
    pad = lay.px(1.6)
    x, width = rect.x + pad, rect.w - 2 * pad
    size = lay.font_small
    step = round(size * 1.3)
    y = rect.y + pad
    paint.text(surface, title, size, (x, y), TEXT, bold=True, anchor="topleft", max_width=width)
    y += step + lay.px(0.4)
    for row in wrapped(note, size, width, False) if note else ():
        paint.text(surface, row, size, (x, y), TEXT_DIM, anchor="topleft")
        y += step
    rows = log_rows(log, viewer, size, width, lay.px(1.5))
    if not rows:
        paint.text(surface, tr("log.empty"), size, (x, y), TEXT_DIM, anchor="topleft", max_width=width)
        return
    start = min(log.scroll, max(0, len(rows) - 1))
    if start:
        paint.text(surface, "▲", size, (rect.right - pad, rect.y + pad), GOLD, anchor="topright")
    bottom = rect.bottom - pad - below
    shown = rows[start:]
    for i, (text, heading, indent, kind) in enumerate(shown):
        if y + step > bottom or (y + 2 * step > bottom and i < len(shown) - 1):
            paint.text(surface, "▼", size, (x, y), GOLD, anchor="topleft")  # more below: PgDn or the wheel
            return
        if kind is not None:
            mark(surface, kind, MARK_COLOURS[kind], (x + indent - size * 0.7, y + step * 0.45), round(size * 0.45))
        paint.text(surface, text, size, (x + indent, y), GOLD if heading else TEXT, bold=heading, anchor="topleft")
        y += step


def look_back(surface: pygame.Surface, lay: Layout, shown: LookBack, names, card_image) -> None:
    """The last trick or turn (a ``LookBack``) over the middle of the table: the cards in order, each with its
    player's name and note under it (each card given the room of the longest, as far as the window allows; the
    names in one size), and how to put it away."""
    count = max(1, len(shown.cards))
    card_h = lay.px(17 if count <= 6 else 13)
    card_w = card_size(card_h)[0]
    size = lay.font_small
    words = max((fonts.font(size, bold).size(fonts.shown(text))[0] for seat, _, note in shown.cards
                 for text, bold in ((names[seat], True), (note, False))), default=0)
    slot: float = max(card_w + lay.px(2), lay.px(17), words + lay.px(2))
    width = min(lay.width - lay.px(4), count * slot + lay.px(6))
    slot = (width - lay.px(6)) / count
    room = max(10, round(slot - lay.px(1)))
    size = fonts.fit_all([names[seat] for seat, _, _ in shown.cards], size, room, bold=True)
    gap = lay.px(1)
    heading_h = fonts.font(lay.font_body, True).get_linesize()
    name_h = fonts.font(size, True).get_linesize()
    small_h = fonts.font(lay.font_small).get_linesize()
    note_h = small_h if any(note for _, _, note in shown.cards) else 0
    pad = lay.px(2)
    rect = Rect(0, 0, round(width), 2 * pad + heading_h + card_h + name_h + note_h + small_h + 3 * gap)
    rect.center = (lay.width // 2, lay.height // 2)
    paint.scrim(surface)
    paint.panel(surface, rect, lay.px(1.5), edge=GOLD)
    paint.text(surface, shown.heading, lay.font_body, (rect.centerx, rect.y + pad), GOLD, bold=True, anchor="midtop",
               max_width=rect.w - lay.px(4))
    top = rect.y + pad + heading_h + gap
    for i, (seat, card, note) in enumerate(shown.cards):
        cx = rect.x + lay.px(3) + (i + 0.5) * slot
        surface.blit(card_image(card, card_w, card_h), (round(cx - card_w / 2), top))
        name_top = top + card_h + gap
        paint.text(surface, names[seat], size, (cx, name_top), TEXT, bold=True, anchor="midtop", max_width=room)
        if note:
            paint.text(surface, note, lay.font_small, (cx, name_top + name_h), GOLD, anchor="midtop", max_width=room)
    paint.text(surface, tr("look_back.close"), lay.font_small, (rect.centerx, rect.bottom - pad), TEXT_DIM,
               anchor="midbottom", max_width=rect.w - lay.px(4))
