"""A screen made of a :class:`~fiftyfifty_desktop.ui.widgets.Form`."""

from __future__ import annotations

import pygame

from ..scene import Scene
from ..widgets import Form


class FormScene(Scene):
    """Esc runs ``escape()``; every other event goes to ``self.form``."""

    escape_closes = False  # Esc leaves the screen, as its Back button does
    form: Form  # made by each screen

    def close(self) -> None:
        self.app.stack.pop()

    def escape(self) -> bool:
        """Esc was pressed; return True when that did something."""
        if self.escape_closes:
            self.close()
        return self.escape_closes

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.escape():
            return None
        return self.form.handle_event(event)
