"""Asked before leaving a game that could not be saved: try again, leave anyway, or go back."""

from __future__ import annotations

from typing import Callable

from .. import paint
from ..i18n import tr
from ..widgets import Button
from .menu import MenuScene


class UnsavedScene(MenuScene):
    opaque = False
    escape_closes = True
    heading_units = 6.0
    confirms_leaving = True  # closing the window again while this is open does not ask twice

    def __init__(self, app, then: Callable[[], None]) -> None:
        self.then = then
        super().__init__(app)

    def buttons(self):
        return [
            Button("unsaved.back", self.close, primary=True),
            Button("unsaved.retry", self.retry),
            Button("unsaved.discard", self.discard),
        ]

    def heading(self):
        return tr("unsaved.heading")

    def subheading(self):
        return tr("unsaved.question")

    def retry(self) -> None:
        """Write the kept record again; leave only if that worked."""
        if self.app.storage.retry_save():
            self.close()
            self.then()

    def discard(self) -> None:
        self.app.storage.discard_unsaved()
        self.close()
        self.then()

    def draw_backdrop(self, surface):
        paint.scrim(surface)
        paint.panel(surface, self.menu_area(), self.layout.px(2))
