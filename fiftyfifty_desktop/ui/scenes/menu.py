"""A screen with a heading, a line or two under it and a column of buttons: the title and pause menus.

The column is laid out from the measured text: the heading shrinks to the panel's width, the line under it
wraps there, and the whole is centred in the window, so no translation or text size runs out of the panel.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .. import fonts, paint
from ..layout import GOLD, TEXT_DIM, Layout
from ..widgets import Button, Form, Widget, label_text
from .form import FormScene


@dataclass(frozen=True)
class MenuPlan:
    """Where a menu's parts sit for one layout and its words: the heading's size and middle, the lines under
    it, the buttons' rects and the panel around them all."""

    heading_size: int
    heading_centre: tuple[int, int]
    lines: tuple[str, ...]
    lines_top: int
    line_height: int
    buttons: tuple[pygame.Rect, ...]
    columns: int
    panel: pygame.Rect
    words: tuple[str, str]  # the heading and the line under it this plan was made for


class MenuScene(FormScene):
    """Subclasses give ``heading`` and the buttons."""

    button_width = 46.0
    button_height = 8.0
    button_gap = 2.2
    heading_units = 10.0
    #: The widest the panel behind an overlay menu (and the lines under its heading) grows to, in units.
    panel_units = 110.0

    def __init__(self, app) -> None:
        super().__init__(app)
        self.form = Form(self.buttons())
        self.plan: MenuPlan | None = None

    def heading(self) -> str:
        raise NotImplementedError

    def subheading(self) -> str:
        return ""

    def buttons(self) -> list[Button]:
        raise NotImplementedError

    def shown_buttons(self) -> list[Widget]:
        return [b for b in self.form.widgets if b.visible]

    def arrange(self, lay: Layout) -> MenuPlan:
        """Measure the heading and the lines under it in the current text size and language, and stack them
        over the buttons, centred in the window."""
        shown = self.shown_buttons()
        width = min(lay.px(self.panel_units - 8), lay.width - lay.px(8))
        heading, under = self.heading(), self.subheading()
        size = fonts.fit(heading, lay.px(self.heading_units), width, True)
        heading_h = fonts.font(size, True).get_linesize()
        lines = tuple(fonts.wrap(under, lay.font_body, width)) if under else ()
        line_h = fonts.font(lay.font_body).get_linesize()
        words = heading_h + lay.px(2) + len(lines) * line_h + lay.px(4)
        room = lay.height - words - self.footer_height(lay) - lay.px(16)
        columns, height, gap = self.button_rows(lay, len(shown), room)
        rows = -(-len(shown) // columns)
        column = rows * height + max(0, rows - 1) * gap
        top = max(lay.px(4), (lay.height - self.footer_height(lay) - words - column) // 2)
        gap_all = (columns - 1) * gap
        wide = min(max(lay.px(self.button_width), self.label_width(lay)), (lay.width - lay.px(4) - gap_all) // columns)
        left = lay.width // 2 - (columns * wide + (columns - 1) * gap) // 2
        buttons = [pygame.Rect(left + (i // rows) * (wide + gap), top + words + (i % rows) * (height + gap), wide,
                               height) for i in range(len(shown))]
        panel_w = max(columns * wide + lay.px(16), min(lay.px(self.panel_units), width + lay.px(8)))
        panel_top = top - lay.px(4)
        bottom = max((b.bottom for b in buttons), default=top + words) + lay.px(5)  # an odd count's first column
        panel = pygame.Rect(lay.width // 2 - panel_w // 2, panel_top, panel_w, bottom - panel_top)
        return MenuPlan(size, (lay.width // 2, top + heading_h // 2), lines, top + heading_h + lay.px(2), line_h,
                        tuple(buttons), columns, panel, (heading, under))

    def label_width(self, lay: Layout) -> int:
        """How wide a button must be for the longest label shown to fit on one line at the body size: the
        buttons grow to it (never their labels smaller), as far as the window allows."""
        face = fonts.font(lay.font_body, True)
        widest = max((face.size(fonts.shown(label_text(b.label)))[0] for b in self.shown_buttons()
                      if isinstance(b, Button)), default=0)
        return widest + lay.px(3)

    def button_rows(self, lay: Layout, count: int, room: int) -> tuple[int, int, int]:
        """The buttons' columns, height and the gap between them: one column as designed where ``room``
        pixels allow; else closer and lower, down to what their label needs with room around it; else in two
        columns."""
        height, gap = lay.px(self.button_height), lay.px(self.button_gap)
        if count == 0 or count * height + (count - 1) * gap <= room:
            return 1, height, gap
        lowest, gap = round(fonts.font(lay.font_body, True).get_linesize() * 1.5), lay.px(self.button_gap / 2)
        fitted = (room - (count - 1) * gap) // count
        if fitted >= lowest:
            return 1, min(height, fitted), gap
        rows = -(-count // 2)
        return 2, max(lowest, min(height, (room - (rows - 1) * gap) // rows)), gap

    def footer_height(self, lay: Layout) -> int:
        """Pixels a screen keeps free along the bottom of the window (the title's line of keys)."""
        return 0

    def resize(self, layout):
        super().resize(layout)
        self.plan = self.arrange(layout)
        for button, rect in zip(self.shown_buttons(), self.plan.buttons):
            button.rect = pygame.Rect(rect)

    def update(self, dt):
        if self.plan is None or self.plan.words != (self.heading(), self.subheading()):
            self.resize(self.layout)  # the words changed (a game saved again, a language changed)

    def draw(self, surface):
        lay, plan = self.layout, self.plan
        if plan is None:
            return
        self.draw_backdrop(surface)
        paint.title_text(surface, plan.words[0], plan.heading_size, plan.heading_centre, GOLD)
        for i, line in enumerate(plan.lines):
            paint.text(surface, line, lay.font_body, (lay.width // 2, plan.lines_top + i * plan.line_height),
                       TEXT_DIM, anchor="midtop")
        self.form.draw(surface, lay)

    def draw_backdrop(self, surface):
        paint.background(surface)

    def menu_area(self) -> pygame.Rect:
        """The heading and the buttons together, for a panel behind an overlay menu."""
        return self.plan.panel if self.plan is not None else pygame.Rect(0, 0, 0, 0)
