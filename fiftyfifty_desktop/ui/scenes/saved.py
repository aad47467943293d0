"""The games in progress not open in another window, and the table hosted here last, as Continue lists them: the
game, its players, how far they came and when it was last played; each can be continued or abandoned (after
asking)."""

from __future__ import annotations

import time

import pygame

from ...games_in_progress import SavedGame
from .. import paint
from ..continuing import abandon_saved, continue_saved, described, saved_games
from ...net.hosted import HostedGame
from ..i18n import game_title, tr
from ..layout import GOLD
from ..widgets import Button, Form
from .form import FormScene


class SavedGamesScene(FormScene):
    escape_closes = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.back = Button("common.back", self.close, primary=True)
        self.rows: list[tuple[SavedGame, Button, Button]] = []
        self.form = Form([self.back])
        self.list_games()

    def list_games(self) -> None:
        """The rows for what is on disk now."""
        self.rows = [(saved, Button(self.row_label(saved), self.continuer(saved)),
                      Button("saved.abandon", self.abandoner(saved))) for saved in saved_games(self.app)]
        self.form = Form([w for _, row, abandon in self.rows for w in (row, abandon)] + [self.back])

    def refresh(self) -> None:
        """List again after a game went; with none left, back to the title."""
        self.list_games()
        if not self.rows:
            self.close()
            return
        self.resize(self.layout)

    @staticmethod
    def row_label(saved: SavedGame):
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(saved.saved_at))
        row = "saved.hosted_row" if isinstance(saved, HostedGame) else "saved.row"
        return lambda: tr(row, game=game_title(saved.record.game), details=described(saved), date=when)

    def continuer(self, saved: SavedGame):
        def go() -> None:
            if not continue_saved(self.app, saved, in_place=True):
                self.refresh()
        return go

    def abandoner(self, saved: SavedGame):
        def ask() -> None:
            def abandon() -> None:
                abandon_saved(self.app, saved)
                self.refresh()
            game = saved.record.game
            self.app.stack.open("confirm", heading=tr("saved.abandon_heading", game=game_title(game)),
                                question=tr("saved.abandon_hosted_question" if isinstance(saved, HostedGame)
                                            else "saved.abandon_question"), yes="saved.abandon_yes", no="saved.keep",
                                then=abandon)
        return ask

    def resize(self, layout):
        super().resize(layout)
        row_h, gap = layout.px(8), layout.px(2)
        top = layout.px(24)
        width = layout.px(150)
        left = (layout.width - width) // 2
        for i, (_, row, abandon) in enumerate(self.rows):
            y = top + i * (row_h + gap)
            abandon.rect = pygame.Rect(left + width - layout.px(30), y, layout.px(30), row_h)
            row.rect = pygame.Rect(left, y, width - layout.px(32), row_h)
        self.back.rect = layout.centered(34, 7.5)
        self.back.rect.y = top + max(len(self.rows), 1) * (row_h + gap) + layout.px(4)

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        paint.title_text(surface, tr("saved.heading"), lay.font_title, (lay.width // 2, lay.px(12)), GOLD)
        self.form.draw(surface, lay)
