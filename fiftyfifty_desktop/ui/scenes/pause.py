"""The pause menu over the table (Esc): resume, rules, settings, leave."""

from __future__ import annotations

from .. import paint
from ..i18n import tr
from ..widgets import Button
from .menu import MenuScene


class PauseScene(MenuScene):
    opaque = False
    heading_units = 7.0

    def __init__(self, app, table) -> None:
        self.table = table
        super().__init__(app)

    def buttons(self):
        return [
            Button("pause.resume", self.back, primary=True),
            Button("title.rules", self.rules),
            Button("title.settings", self.settings),
            Button("pause.to_title", self.to_title),
            Button("title.quit", self.app.quit),
        ]

    def heading(self):
        return tr("pause.heading", number=self.table.record.seed)

    def subheading(self):
        return tr("pause.saved")

    def back(self) -> bool:
        self.app.stack.pop()
        return True

    def rules(self):
        from .rules import RulesScene

        self.app.stack.push(RulesScene(self.app, self.table.record.game))

    def settings(self):
        from .settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def to_title(self):
        from .title import TitleScene

        self.app.stack.reset(TitleScene(self.app))

    def draw_backdrop(self, surface):
        paint.scrim(surface)
        paint.panel(surface, self.menu_area(), self.layout.px(2))
