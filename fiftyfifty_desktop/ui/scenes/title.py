"""The first screen: continue, new game, network play, rules and learn to play, statistics, settings,
about, quit."""

from __future__ import annotations

from typing import Callable

import pygame

from ..surface_cache import surface_cache
from ...games_in_progress import SavedGame
from ..cards import back, card_size, face
from .. import fonts, paint
from ...net.hosted import HostedGame
from ..continuing import anything_saved, continue_saved, described, saved_games
from ..i18n import game_title, tr
from ..layout import DANGER, TEXT_DIM
from ..widgets import Button, label_room
from .menu import MenuScene


class TitleScene(MenuScene):
    button_height = 5.4  # eight buttons (with Continue) leave room for the keys line below them
    button_gap = 1.6

    def buttons(self):
        self.saved_game: Callable[[], str] | None = None  # what Continue opens: the players and how far they came
        self.saved: list[SavedGame] = []  # the games in progress, newest first
        self.continue_button = Button("title.continue", self.continue_game, primary=True)
        self.new_button = Button("title.new_game", self.new_game)
        self.rules_button = Button("title.rules", self.rules)
        self.learn_button = Button("title.learn", self.learn)
        return [
            self.continue_button,
            self.new_button,
            Button("net.title_button", lambda: self.app.stack.open("network")),
            self.rules_button,
            self.learn_button,
            Button("title.statistics", self.statistics),
            Button("title.settings", self.settings),
            Button("title.about", self.about),
            Button("title.quit", self.app.quit),
        ]

    def enter(self):
        self.refresh()

    def refresh(self) -> None:
        """Show Continue only while a game is in progress (it may have ended or been set aside): with one, naming
        the game, its players and how far they came; with several, how many (Continue lists them)."""
        self.looked = anything_saved(self.app)  # what update() compares with, to look again
        self.saved = saved_games(self.app) if self.looked else []
        changed = self.continue_button.visible != bool(self.saved)
        self.continue_button.visible = bool(self.saved)
        self.new_button.primary = not self.continue_button.visible
        self.describe_saved_game()
        if changed:  # else the focus stays on the button just used
            self.form.focus = 0
        self.resize(self.layout)

    def describe_saved_game(self) -> None:
        self.saved_game = None
        if len(self.saved) == 1:
            [only] = self.saved
            wording = "title.continue_hosted" if isinstance(only, HostedGame) else "title.continue_game"
            self.continue_button.label = lambda: tr(wording, game=game_title(only.record.game))
            self.saved_game = lambda: described(only)
        else:
            count = len(self.saved)
            self.continue_button.label = lambda: tr("title.continue_several", count=count)

    def heading(self):
        return tr("title.heading")

    def subheading(self):
        return self.saved_game() if self.saved_game is not None else tr("title.tagline")

    def continue_game(self) -> None:
        """One game in progress opens at once; several are listed to choose from."""
        if len(self.saved) > 1:
            self.app.stack.open("saved_games")
        elif not self.saved or not continue_saved(self.app, self.saved[0]):
            self.refresh()

    def new_game(self):
        self.app.stack.open("setup")

    def rules(self):
        self.app.stack.open("rules")

    def learn(self):
        self.app.stack.open("learn")

    def resize(self, layout):
        """Rules and Learn to play share one row, so the column stays as tall as before, where both labels fit
        half of it at the text size; else each has its own row."""
        self.learn_button.visible = False
        super().resize(layout)
        self.learn_button.visible = True
        row = self.rules_button.rect
        half = (row.w - layout.px(1.5)) // 2
        face = fonts.font(layout.font_body, True)
        if any(face.size(fonts.shown(tr(key)))[0] > label_room(layout, pygame.Rect(0, 0, half, 1))
               for key in ("title.rules", "title.learn")):
            super().resize(layout)
            return
        self.learn_button.rect = pygame.Rect(row.right - half, row.y, half, row.h)
        self.rules_button.rect = pygame.Rect(row.x, row.y, half, row.h)

    def settings(self):
        self.app.stack.open("settings")

    def statistics(self):
        self.app.stack.open("stats")

    def about(self):
        self.app.stack.open("about")

    def resume(self):
        """Back from a table or the list of games in progress: what is saved may have changed."""
        super().resume()
        self.refresh()

    def update(self, dt):
        super().update(dt)
        if self.looked != anything_saved(self.app):
            self.refresh()

    def draw(self, surface):
        super().draw(surface)
        lay = self.layout
        # A fan of cards on each side of the menu, held as a hand would hold them (left out when the buttons
        # need two columns).
        w, h = card_size(lay.px(24))
        fans = ((-1, (7, 104, 55)), (1, (None, None, None))) if self.plan is None or self.plan.columns == 1 else ()
        for side, cards in fans:
            pivot = (lay.width // 2 + side * lay.px(58), lay.px(112))
            for i, card in enumerate(cards):
                angle = (1 - i) * 13
                image = _tilted(card, w, h, angle)
                # Rotate about a point below the cards, so their tops spread apart.
                offset = pygame.math.Vector2(0, -lay.px(62)).rotate(-angle)
                surface.blit(image, image.get_rect(center=(pivot[0] + offset.x, pivot[1] + offset.y)))
        y = lay.height - lay.px(3)
        for line in reversed(self.app.notices[-3:]):
            paint.text(surface, line, lay.font_small, (lay.width // 2, y), DANGER, anchor="midbottom",
                       max_width=lay.width - lay.px(4))
            y -= lay.px(3.6)
        if not self.app.notices:
            line_h = fonts.font(lay.font_small).get_linesize()
            for line in reversed(self.key_lines(lay)):
                paint.text(surface, line, lay.font_small, (lay.width // 2, y), TEXT_DIM, anchor="midbottom")
                y -= line_h

    def key_lines(self, lay) -> list[str]:
        """The line of keys along the bottom, wrapped to the window."""
        return fonts.wrap(tr("title.keys"), lay.font_small, lay.width - lay.px(6))

    def footer_height(self, lay) -> int:
        notices = min(3, len(self.app.notices))
        if notices:
            return lay.px(3) + notices * lay.px(3.6)
        return lay.px(3) + len(self.key_lines(lay)) * fonts.font(lay.font_small).get_linesize()


@surface_cache(8)
def _tilted(card: int | None, width: int, height: int, angle: float) -> pygame.Surface:
    image = face("take5", card, width, height) if card is not None else back("take5", width, height)
    return pygame.transform.rotozoom(image, angle, 1.0)
