"""Animation speed, full screen, language, the effects' volume, high contrast, text size, confirming a move and
playing a forced one; kept across runs."""

from __future__ import annotations

import pygame

from ...storage import LANGUAGES, SPEEDS, TEXT_SCALES, VOLUMES
from .. import paint
from ..i18n import tr
from ..layout import GOLD
from ..widgets import Button, Chooser, Form, Slider, Toggle
from .form import FormScene


class SettingsScene(FormScene):
    escape_closes = True

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        self.speed = Chooser("settings.speed", SPEEDS, lambda v: tr(f"speed.{v}"), s.speed,
                             lambda v: app.change_settings(speed=v))
        self.fullscreen = Toggle("settings.fullscreen", s.fullscreen, lambda v: app.change_settings(fullscreen=v))
        self.language = Chooser("settings.language", LANGUAGES, lambda v: tr(f"language.{v}"), s.language,
                                lambda v: app.change_settings(language=v))
        self.volume = Slider("settings.volume", VOLUMES, lambda v: f"{v} %" if v else tr("common.switch_off"),
                             s.volume, lambda v: app.change_settings(volume=v))
        self.high_contrast = Toggle("settings.high_contrast", s.high_contrast,
                                    lambda v: app.change_settings(high_contrast=v))
        self.text_scale = Chooser("settings.text_size", TEXT_SCALES, lambda v: f"{v} %", s.text_scale,
                                  lambda v: app.change_settings(text_scale=v), wraps=False)
        self.confirm_move = Toggle("settings.confirm_move", s.confirm_move,
                                   lambda v: app.change_settings(confirm_move=v))
        self.play_forced = Toggle("settings.play_forced", s.play_forced, lambda v: app.change_settings(play_forced=v))
        self.done = Button("common.back", self.close, primary=True)
        self.form = Form([self.speed, self.fullscreen, self.language, self.volume, self.high_contrast,
                          self.text_scale, self.confirm_move, self.play_forced, self.done])

    def update(self, dt):
        # F11 changes full screen from anywhere; keep the toggle in step.
        if self.fullscreen.value != self.app.settings.fullscreen:
            self.fullscreen.index = int(self.app.settings.fullscreen)

    def resize(self, layout):
        super().resize(layout)
        self.panel = layout.centered(100, 80, cy=57)
        row_h, gap = layout.px(6), layout.px(1)
        for i, w in enumerate(self.form.widgets[:-1]):
            w.rect = pygame.Rect(self.panel.x + layout.px(6), self.panel.y + layout.px(3.5) + i * (row_h + gap),
                                 self.panel.w - layout.px(12), row_h)
        self.done.rect = layout.centered(34, 7.5)
        self.done.rect.bottom = self.panel.bottom - layout.px(3)

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        paint.title_text(surface, tr("settings.heading"), lay.font_title, (lay.width // 2, lay.px(10)), GOLD)
        paint.panel(surface, self.panel, lay.px(2))
        self.form.draw(surface, lay)
