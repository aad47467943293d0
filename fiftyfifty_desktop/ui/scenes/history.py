"""The history: stored games newest first, to watch again, export as a record file, or a record file to open."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pygame

from ...ai.review import first_person, reviewable
from ...engine import GameError
from ...engine.records import FILE_SUFFIX, Record, parse_record, replay
from ... import uncounted
from ...registry import GAMES
from ...stats_db import ABANDONED, RESIGNED, StatsError, StoredGame
from ...textfiles import RECORD_LIMIT, FileReadError, read_text, write_atomically
from .. import fonts, paint
from ..i18n import tr
from ..layout import DANGER, GOLD, PANEL_EDGE, TEXT, TEXT_DIM
from ..keys import LIST_KEYS
from ..widgets import Button, Chooser, Form, label_text
from . import UnknownScene
from .form import FormScene

ROWS = 9
ROW_HEIGHT = 5.2  # layout units; the list, the keys line and the buttons share the height
ALL = ""


def local_date(stamp: str) -> str:
    """A stored UTC time as the local date and time, to the minute."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


def seats_line(game: StoredGame) -> str:
    return " · ".join(f"{'★ ' if s.winner else ''}{s.name} {s.score}" for s in game.seats)


def outcome_tag(game: StoredGame) -> str:
    if game.outcome in (ABANDONED, RESIGNED):
        return tr(f"history.{game.outcome}")
    return tr("history.watched") if game.watched else ""


def read_record_file(path: Path) -> Record:
    """A record file checked by replaying it; raises ``FileReadError`` or ``GameError``."""
    record = parse_record(read_text(path, RECORD_LIMIT), GAMES)
    replay(record, GAMES)
    return record


class HistoryScene(FormScene):
    escape_closes = True
    own_keys = LIST_KEYS

    def __init__(self, app, game_id: str = ALL) -> None:
        super().__init__(app)
        self.filter = Chooser("history.filter", [ALL, *GAMES], self._filter_label, game_id, self._filter_changed,
                              label_share=0.3)
        self.watch_button = Button("history.watch", self.watch, primary=True)
        self.export_button = Button("history.export", self.export)
        self.review_button = Button("review.button", self.review)
        self.open_button = Button("history.open", self.open_file)
        self.back_button = Button("common.back", self.close)
        self.form = Form([self.filter, self.watch_button, self.review_button, self.export_button, self.open_button,
                          self.back_button])
        self.page = 0
        self.selected = 0
        self.message = ""
        self.message_is_problem = False
        self.games: list[StoredGame] = []
        self.count = 0
        self.load()

    # ----- data ----------------------------------------------------------
    def _filter_label(self, game_id: str) -> str:
        return tr(f"game.{game_id}") if game_id else tr("history.all")

    def _filter_changed(self, _game_id: str) -> None:
        self.page, self.selected = 0, 0
        self.load()

    def load(self) -> None:
        db = self.app.stats
        if db is None:
            self.games, self.count = [], 0
            self.say(tr("stats.unavailable"), problem=True)
            self.say_not_counted()
            return
        game = self.filter.value or None
        try:
            self.count = db.count(game)
            self.games = db.history(game, limit=ROWS, skip=self.page * ROWS)
            if db.skipped:
                self.say(db.skipped, problem=True)
        except StatsError as exc:
            self.games, self.count = [], 0
            self.say(str(exc), problem=True)
        self.selected = min(self.selected, max(0, len(self.games) - 1))
        self.watch_button.enabled = self.export_button.enabled = self.review_button.enabled = bool(self.games)
        self.say_not_counted()

    def say_not_counted(self) -> None:
        """Games that ended while the statistics could not take them are listed as not yet counted."""
        waiting, _ = uncounted.waiting(self.app.storage.data_dir, GAMES, self.app.stats)
        if waiting:
            line = tr("history.not_counted", count=len(waiting))
            self.say(f"{self.message} {line}".strip() if self.message_is_problem else line, self.message_is_problem)

    def say(self, line: str, problem: bool = False) -> None:
        self.message, self.message_is_problem = line, problem

    @property
    def chosen(self) -> StoredGame | None:
        return self.games[self.selected] if self.games else None

    def move_selection(self, delta: int) -> None:
        """Up and down the list, turning the page at its ends."""
        index = self.page * ROWS + self.selected + delta
        index = min(max(index, 0), max(0, self.count - 1))
        page = index // ROWS
        if page != self.page:
            self.page = page
            self.load()
        self.selected = min(index - page * ROWS, max(0, len(self.games) - 1))

    # ----- actions -------------------------------------------------------
    def stored_record(self) -> Record | None:
        chosen, db = self.chosen, self.app.stats
        if chosen is None or chosen.id is None or db is None:
            return None
        try:
            return db.game(chosen.id).record
        except StatsError as exc:
            self.say(str(exc), problem=True)
            return None

    def watch(self) -> None:
        record = self.stored_record()
        if record is not None:
            self.open_viewer(record)

    def review(self) -> None:
        """The chosen game's review, of the first seat a person played."""
        record = self.stored_record()
        if record is not None and reviewable(record.game):
            self.app.stack.open("review", record=record, seat=first_person(record))

    def open_viewer(self, record: Record) -> None:
        try:
            self.app.stack.open("replay", record=record)
        except (UnknownScene, GameError) as exc:
            self.say(str(exc), problem=True)

    def export(self) -> None:
        """Choose where the chosen game's record goes (in the records folder beside the statistics unless
        another folder was used last), then write it there."""
        chosen, record = self.chosen, self.stored_record()
        if chosen is None or record is None:
            return
        day = local_date(chosen.finished_at).split(" ")[0]
        name = f"{record.game}-{day}-{chosen.id}{FILE_SUFFIX}"
        self.app.stack.open("file_chooser", saving=True, name=name, then=lambda target: self.write(record, target))

    def write(self, record: Record, target: Path) -> None:
        try:
            write_atomically(target, record.to_json())
        except (OSError, UnicodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
            self.say(tr("history.cannot_write", path=str(target), reason=reason), True)
            return
        self.say(tr("history.exported", path=str(target)))

    def open_file(self) -> None:
        self.app.stack.open("file_chooser", saving=False, then=self.read)

    def read(self, path: Path) -> None:
        """Show the record file at ``path`` in the replay viewer, after checking it whole."""
        try:
            record = read_record_file(path)
        except FileReadError as exc:  # names the file and says why
            self.say(str(exc), problem=True)
            return
        except GameError as exc:
            self.say(tr("history.bad_file", path=str(path), reason=str(exc).splitlines()[0]), problem=True)
            return
        self.say("")
        self.open_viewer(record)

    # ----- input ---------------------------------------------------------
    def handle_event(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.move_selection(-1 if event.key == pygame.K_UP else 1)
                return None
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.move_selection(-ROWS if event.key == pygame.K_PAGEUP else ROWS)
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            self.move_selection(-1 if event.button == 4 else 1)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(len(self.games)):
                if self.row_rect(i).collidepoint(event.pos):
                    self.selected = i
                    return None
        return super().handle_event(event)

    # ----- layout and drawing ----------------------------------------------
    def resize(self, layout):
        super().resize(layout)
        mid = layout.width // 2
        self.list_panel = pygame.Rect(mid - layout.px(84), layout.px(21), layout.px(168), layout.px(ROWS * ROW_HEIGHT + 8))
        self.filter.rect = pygame.Rect(self.list_panel.x, layout.px(12.5), layout.px(80), layout.px(6.5))
        buttons = (self.watch_button, self.review_button, self.export_button, self.open_button, self.back_button)
        bold, gap = fonts.font(layout.font_body, True), layout.px(3)
        widths = [max(layout.px(20), bold.size(label_text(button.label))[0] + layout.px(4)) for button in buttons]
        x = mid - (sum(widths) + gap * (len(widths) - 1)) // 2  # each as wide as its label needs
        for button, width in zip(buttons, widths):
            button.rect = pygame.Rect(x, layout.px(91), width, layout.px(6.5))
            x += width + gap

    def row_rect(self, i: int) -> pygame.Rect:
        lay = self.layout
        return pygame.Rect(self.list_panel.x + lay.px(1.5), self.list_panel.y + lay.px(6.5) + i * lay.px(ROW_HEIGHT),
                           self.list_panel.w - lay.px(3), lay.px(ROW_HEIGHT - 0.2))

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        paint.title_text(surface, tr("history.heading"), lay.px(7), (lay.width // 2, lay.px(6)), GOLD)
        paint.panel(surface, self.list_panel, lay.px(1.6))
        box = self.list_panel
        titles = [tr(f"game.{game.game}") if game.game in GAMES else game.game for game in self.games]
        cols = (*paint.column_starts(lay.font_small, box.x + lay.px(4), (
            [tr("history.date")] + [local_date(game.finished_at) for game in self.games],
            [tr("history.game")] + titles, [tr("history.players")]), lay.px(3)), box.right - lay.px(4))
        y = box.y + lay.px(3.5)
        for x, key in zip(cols[:3], ("history.date", "history.game", "history.players")):
            paint.text(surface, tr(key), lay.font_small, (x, y), TEXT_DIM, anchor="midleft")
        if self.count:
            first = self.page * ROWS + 1
            paint.text(surface, tr("history.page", first=first, last=first + len(self.games) - 1, count=self.count),
                       lay.font_small, (cols[3], y), TEXT_DIM, anchor="midright")
        else:
            paint.text(surface, tr("history.empty"), lay.font_body, box.center, TEXT_DIM)
        for i, game in enumerate(self.games):
            row = self.row_rect(i)
            if i == self.selected:
                pygame.draw.rect(surface, PANEL_EDGE, row, border_radius=lay.px(0.8))
            cy = row.centery
            paint.text(surface, local_date(game.finished_at), lay.font_small, (cols[0], cy), TEXT, anchor="midleft")
            paint.text(surface, titles[i], lay.font_small, (cols[1], cy), TEXT, anchor="midleft",
                       max_width=cols[2] - cols[1] - lay.px(2))
            tag = outcome_tag(game)
            tag_width = lay.px(22) if tag else 0
            paint.text(surface, seats_line(game), lay.font_small, (cols[2], cy), GOLD if i == self.selected else TEXT,
                       anchor="midleft", max_width=cols[3] - cols[2] - tag_width - lay.px(2))
            if tag:
                paint.text(surface, tag, lay.font_small, (cols[3], cy), TEXT_DIM, anchor="midright",
                           max_width=tag_width)
        line, colour = (self.message, DANGER if self.message_is_problem else TEXT_DIM) if self.message else (
            tr("replay.keys"), TEXT_DIM)
        paint.text(surface, line, lay.font_small, (lay.width // 2, (self.list_panel.bottom + self.watch_button.rect.top) // 2), colour, max_width=lay.width - lay.px(6))
        self.form.draw(surface, lay)
