"""The pause menu over the table (Esc): resume, rules, settings, resign, leave."""

from __future__ import annotations

import time

from ...stats_db import RESIGNED
from ...storage import StorageError
from .. import paint
from ..i18n import game_title, tr
from ..widgets import Button
from .menu import MenuScene


class PauseScene(MenuScene):
    opaque = False
    escape_closes = True
    heading_units = 7.0

    def __init__(self, app, table) -> None:
        self.table = table
        self.confirming = False
        super().__init__(app)

    def buttons(self):
        resign = Button(lambda: tr("pause.resign_confirm" if self.confirming else "pause.resign"), self.resign)
        resign.visible = bool(self.table.humans) and not self.table.match.over
        return [
            Button("pause.resume", self.close, primary=True),
            Button("title.rules", self.rules),
            Button("title.settings", self.settings),
            resign,
            Button("pause.to_title", self.to_title),
            Button("title.quit", self.quit),
        ]

    def heading(self):
        if self.table.remote:
            return tr("net.pause_heading")
        return tr("pause.heading", game=game_title(self.table.record.game))

    def subheading(self):
        """The game number (to play the deal again), and whether it is saved: never claims it is while it is not."""
        if self.table.remote:
            return tr("net.pause_saved")
        saved = tr("pause.saved") if self.app.storage.unsaved is None else tr("pause.not_saved")
        return tr("pause.number", number=self.table.record.seed) + " \u00b7 " + saved

    def rules(self):
        self.app.stack.open("rules", game_id=self.table.record.game)

    def settings(self):
        self.app.stack.open("settings")

    def resign(self):
        """Give the game up (asked twice): it counts as lost for the people at the table, and is not saved."""
        if not self.confirming:
            self.confirming = True
            return
        table = self.table
        if table.keeps_record:
            self.app.record_game(table.kept_record(), RESIGNED, time.monotonic() - table.started, table.undos)
            try:
                self.app.storage.clear_record()
            except StorageError as exc:
                self.app.notice(str(exc))
        self.app.stack.restart("title")

    def to_title(self):
        self.app.confirm_leave(lambda: self.app.stack.restart("title"))

    def quit(self):
        self.app.confirm_leave(self.app.quit)

    def draw_backdrop(self, surface):
        paint.scrim(surface)
        paint.panel(surface, self.menu_area(), self.layout.px(2))
