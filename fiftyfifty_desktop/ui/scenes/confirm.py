"""A question over the screen below it, asked before something that cannot be taken back: the safe answer first."""

from __future__ import annotations

from typing import Callable

from .. import paint
from ..widgets import Button
from .menu import MenuScene


class ConfirmScene(MenuScene):
    opaque = False
    escape_closes = True  # Esc, like the first button, keeps things as they are
    heading_units = 6.0

    def __init__(self, app, heading: str, question: str, yes: str, no: str, then: Callable[[], object]) -> None:
        self.heading_text, self.question, self.yes, self.no, self.then = heading, question, yes, no, then
        super().__init__(app)

    def buttons(self):
        return [Button(self.no, self.close, primary=True), Button(self.yes, self.agree)]

    def heading(self):
        return self.heading_text

    def subheading(self):
        return self.question

    def agree(self) -> None:
        self.close()
        self.then()

    def draw_backdrop(self, surface):
        paint.scrim(surface)
        paint.panel(surface, self.menu_area(), self.layout.px(2))
