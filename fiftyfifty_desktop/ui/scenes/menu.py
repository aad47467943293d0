"""A screen with a heading and a column of buttons: the title and pause menus."""

from __future__ import annotations

import pygame

from .. import paint
from ..layout import GOLD, TEXT_DIM
from ..widgets import Button, Form
from .form import FormScene


class MenuScene(FormScene):
    """Subclasses give ``heading`` and the buttons."""

    button_width = 46.0
    button_height = 8.0
    button_gap = 2.2
    heading_units = 10.0

    def __init__(self, app) -> None:
        super().__init__(app)
        self.form = Form(self.buttons())

    def heading(self) -> str:
        raise NotImplementedError

    def subheading(self) -> str:
        return ""

    def buttons(self) -> list[Button]:
        raise NotImplementedError

    def resize(self, layout):
        super().resize(layout)
        shown = [b for b in self.form.widgets if b.visible]
        gap = layout.px(self.button_gap)
        height = layout.px(self.button_height)
        total = len(shown) * height + (len(shown) - 1) * gap
        top = max(layout.px(34), (layout.height - total) // 2 + layout.px(10))
        for i, b in enumerate(shown):
            b.rect = layout.centered(self.button_width, self.button_height)
            b.rect.y = top + i * (height + gap)

    def draw(self, surface):
        lay = self.layout
        self.draw_backdrop(surface)
        shown = [b for b in self.form.widgets if b.visible]
        top = shown[0].rect.y if shown else lay.px(40)
        paint.title_text(surface, self.heading(), lay.px(self.heading_units),
                         (lay.width // 2, top - lay.px(8 + self.heading_units)), GOLD)
        if self.subheading():
            paint.text(surface, self.subheading(), lay.font_body, (lay.width // 2, top - lay.px(8.5)), TEXT_DIM,
                       max_width=lay.width - lay.px(8))
        self.form.draw(surface, lay)

    def draw_backdrop(self, surface):
        paint.background(surface)

    def menu_area(self) -> pygame.Rect:
        """The heading and the buttons together, for a panel behind an overlay menu."""
        lay = self.layout
        shown = [b for b in self.form.widgets if b.visible]
        top = shown[0].rect.y - lay.px(self.heading_units * 1.2 + 12)
        return pygame.Rect(lay.width // 2 - lay.px(55), top, lay.px(110), shown[-1].rect.bottom + lay.px(5) - top)
