"""The pause menu over the table (Esc): resume, rules, settings, leave."""

from __future__ import annotations

from .. import paint
from ..i18n import tr
from ..widgets import Button
from .menu import MenuScene


class PauseScene(MenuScene):
    opaque = False
    escape_closes = True
    heading_units = 7.0

    def __init__(self, app, table) -> None:
        self.table = table
        super().__init__(app)

    def buttons(self):
        return [
            Button("pause.resume", self.close, primary=True),
            Button("title.rules", self.rules),
            Button("title.settings", self.settings),
            Button("pause.to_title", self.to_title),
            Button("title.quit", self.quit),
        ]

    def heading(self):
        if self.table.remote:
            return tr("net.pause_heading")
        return tr("pause.heading", number=self.table.record.seed)

    def subheading(self):
        """Never claims the game is saved while it is not."""
        if self.table.remote:
            return tr("net.pause_saved")
        return tr("pause.saved") if self.app.storage.unsaved is None else tr("pause.not_saved")

    def rules(self):
        self.app.stack.open("rules", game_id=self.table.record.game)

    def settings(self):
        self.app.stack.open("settings")

    def to_title(self):
        self.app.confirm_leave(lambda: self.app.stack.restart("title"))

    def quit(self):
        self.app.confirm_leave(self.app.quit)

    def draw_backdrop(self, surface):
        paint.scrim(surface)
        paint.panel(surface, self.menu_area(), self.layout.px(2))
