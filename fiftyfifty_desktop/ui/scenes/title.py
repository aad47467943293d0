"""The first screen: continue, new game, network play, rules and learn to play, statistics, settings,
about, quit."""

from __future__ import annotations

from typing import Callable

import pygame

from ..surface_cache import surface_cache
from ...engine import GameError
from ..cards import back, card_size, face
from .. import fonts, paint
from ...ai import load_personalities
from ...config import ConfigError
from ..i18n import game_title, join_names, set_aside_line, tr
from ..players import shown_name
from ..layout import DANGER, TEXT_DIM
from ..widgets import Button
from . import UnknownScene, make_scene
from .menu import MenuScene


class TitleScene(MenuScene):
    button_height = 5.4  # eight buttons (with Continue) leave room for the keys line below them
    button_gap = 1.6

    def buttons(self):
        self.saved_game: Callable[[], str] | None = None  # what Continue opens: the players and how far they came
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
        """Show Continue only while a saved game exists (it may have ended or been set aside),
        naming the game, its players and how far they came."""
        self.continue_button.visible = self.app.storage.has_record()
        self.new_button.primary = not self.continue_button.visible
        self.describe_saved_game()
        self.form.focus = 0
        self.resize(self.layout)

    def describe_saved_game(self) -> None:
        """Read the saved game without opening it; one that cannot be read keeps the plain
        Continue, which reports the problem when chosen."""
        from ...registry import GAMES

        self.continue_button.label = "title.continue"
        self.saved_game = None
        peeked = self.app.storage.peek_record(GAMES) if self.continue_button.visible else None
        if peeked is None:
            return
        record, state = peeked
        try:
            people = load_personalities()
        except ConfigError:
            people = ()
        kind, number = GAMES[record.game].stage(state)

        def described() -> str:  # worded when drawn, so a change of language shows at once
            names = [shown_name(seat.name, seat.player, i, people) for i, seat in enumerate(record.seats)]
            return tr("title.saved_game", players=join_names(names), stage=tr(f"title.stage_{kind}", number=number))

        self.continue_button.label = lambda: tr("title.continue_game", game=game_title(record.game))
        self.saved_game = described

    def heading(self):
        return tr("title.heading")

    def subheading(self):
        return self.saved_game() if self.saved_game is not None else tr("title.tagline")

    def continue_game(self) -> None:
        from ...registry import GAMES

        record, set_aside = self.app.storage.load_record(GAMES)
        if set_aside:
            self.app.notice(set_aside_line(set_aside))
        if record is None:
            self.refresh()
            return
        try:
            table = make_scene(self.app, "table", record=record)
        except UnknownScene:
            self.app.notice(tr("title.no_table", game=record.game))
            return
        except (GameError, ValueError) as exc:  # e.g. an opponent no longer in config/ai
            self.app.notice(tr("title.cannot_continue", reason=str(exc)))
            return
        self.app.stack.push(table)

    def new_game(self):
        self.app.stack.open("setup")

    def rules(self):
        self.app.stack.open("rules")

    def learn(self):
        self.app.stack.open("learn")

    def resize(self, layout):
        """Rules and Learn to play share one row, so the column stays as tall as before."""
        self.learn_button.visible = False
        super().resize(layout)
        self.learn_button.visible = True
        row = self.rules_button.rect
        half = (row.w - layout.px(1.5)) // 2
        self.learn_button.rect = pygame.Rect(row.right - half, row.y, half, row.h)
        self.rules_button.rect = pygame.Rect(row.x, row.y, half, row.h)

    def settings(self):
        self.app.stack.open("settings")

    def statistics(self):
        self.app.stack.open("stats")

    def about(self):
        self.app.stack.open("about")

    def update(self, dt):
        super().update(dt)
        if self.continue_button.visible != self.app.storage.has_record():
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
