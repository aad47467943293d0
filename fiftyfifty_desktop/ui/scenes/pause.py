"""The pause menu over the table (Esc): resume, rules, settings, a new game at the same table, resign, leave.
What it offers and says beyond that is the table's mode's (no Resign in a guided game, which is not saved
either, and no new game where the results offer none)."""

from __future__ import annotations

from ...stats_db import RESIGNED
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
        self.confirming = False
        super().__init__(app)

    def buttons(self):
        resign = Button(lambda: tr("pause.resign_confirm" if self.confirming else "pause.resign"), self.resign)
        resign.visible = self.table.mode.resign_offered(self.table.control)
        new_game = Button("title.new_game", self.new_game)
        new_game.visible = self.table.mode.plays_again
        return [
            Button("pause.resume", self.close, primary=True),
            Button("title.rules", self.rules),
            Button("title.settings", self.settings),
            new_game,
            resign,
            Button("pause.to_title", self.to_title),
            Button("title.quit", self.quit),
        ]

    def heading(self):
        return self.table.mode.pause_heading(self.table.record.game)

    def subheading(self):
        """The game number (to play the deal again), and whether it is saved: never claims it is while it is not."""
        return self.table.mode.pause_note(self.table.record.seed, self.app.storage.unsaved is None)

    def rules(self):
        self.app.stack.open("rules", game_id=self.table.record.game)

    def settings(self):
        self.app.stack.open("settings")

    def new_game(self):
        """The set-up showing this table again (same seats and options, a new game number); this game stays
        saved, and starting the new one asks first."""
        record = self.table.record

        def to_setup() -> None:
            self.app.stack.restart("title")
            self.app.stack.open("setup", game_id=record.game, like=record)

        self.app.confirm_leave(to_setup)

    def resign(self):
        """Give the game up (asked twice): it counts as lost for the people at the table, and is not saved."""
        if not self.confirming:
            self.confirming = True
            return
        control = self.table.control
        if control.keeps_record:
            if self.app.record_game(control.kept_record(), RESIGNED, control.clock() - control.started,
                                    control.undos):
                control.forget_saved()
        self.app.stack.restart("title")

    def to_title(self):
        self.app.confirm_leave(lambda: self.app.stack.restart("title"))

    def quit(self):
        self.app.confirm_leave(self.app.quit)

    def draw_backdrop(self, surface):
        paint.scrim(surface)
        paint.panel(surface, self.menu_area(), self.layout.px(2))
