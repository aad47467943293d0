"""Animation speed, full screen, language, the effects' volume, high contrast, text size, confirming a move and
playing a forced one; kept across runs."""

from __future__ import annotations

import pygame

from ...storage import LANGUAGES, SPEEDS, TEXT_SCALES, VOLUMES
from .. import fonts, paint
from ..i18n import tr
from ..layout import GOLD
from ..widgets import Button, Chooser, Form, LabelledWidget, Slider, Toggle
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
        self.form = Form([*self.rows(), self.done])

    def update(self, dt):
        # F11 changes full screen from anywhere; keep the toggle in step.
        if self.fullscreen.value != self.app.settings.fullscreen:
            self.fullscreen.index = int(self.app.settings.fullscreen)

    def resize(self, layout):
        """The panel as wide as the text size asks (within the window), each row as high as its label's lines
        need, and the panel as high as its rows under the heading."""
        super().resize(layout)
        grown = layout.font_body / layout.px(3.3)  # the text size, as this window rounds it
        width = min(layout.width - layout.px(4), layout.px(100 * max(1.0, grown)))
        row_w, gap = width - layout.px(12), layout.px(1)
        top = self.heading_bottom(layout) + layout.px(2)
        y = top + layout.px(3)
        for w in self.rows():
            row_h = max(layout.px(6), w.label_height(layout, row_w) + layout.px(1),
                        fonts.font(layout.font_body, True).get_linesize() + layout.px(1))
            w.rect = pygame.Rect((layout.width - row_w) // 2, y, row_w, row_h)
            y += row_h + gap
        self.done.rect = layout.centered(34, 7.5)
        self.done.rect.h = max(self.done.rect.h, round(fonts.font(layout.font_body, True).get_linesize() * 1.4))
        self.done.rect.top = y + layout.px(2)
        self.panel = pygame.Rect((layout.width - width) // 2, top, width, self.done.rect.bottom + layout.px(3) - top)

    def rows(self) -> list[LabelledWidget]:
        return [self.speed, self.fullscreen, self.language, self.volume, self.high_contrast, self.text_scale,
                self.confirm_move, self.play_forced]

    @staticmethod
    def heading_bottom(layout) -> int:
        """The foot of the heading's line (the same at every text size: the rows below grow instead)."""
        return layout.px(2) + fonts.font(layout.px(8), True).get_linesize()

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        middle = (lay.px(4) + self.heading_bottom(lay)) // 2
        paint.title_text(surface, tr("settings.heading"), lay.px(8), (lay.width // 2, middle), GOLD)
        paint.panel(surface, self.panel, lay.px(2))
        self.form.draw(surface, lay)
