"""A screen made of a :class:`~fiftyfifty_desktop.ui.widgets.Form`."""

from __future__ import annotations

import pygame

from ..keys import MENU_KEYS, KeyHelp
from ..scene import Scene
from ..widgets import Chooser, Form, TextInput


class FormScene(Scene):
    """Esc runs ``escape()``; every other event goes to ``self.form``."""

    escape_closes = False  # Esc leaves the screen, as its Back button does
    form: Form  # made by each screen
    #: The keys this screen answers itself, listed first (a menu key naming the same keys is left out).
    own_keys: tuple[KeyHelp, ...] = ()

    def help_keys(self) -> tuple[KeyHelp, ...]:
        """The screen's own keys, then the form's: each menu key only where a field shown here answers it (left
        and right change a chooser or move in a text, Ctrl+A and Ctrl+V work in a text, Esc where it goes back)."""
        fields = self.form.active()
        answered = {"help.key_left_right": any(isinstance(w, (Chooser, TextInput)) for w in fields),
                    "help.key_ctrl_a": any(isinstance(w, TextInput) for w in fields),
                    "help.key_tab": bool(fields), "help.key_up_down": bool(fields), "help.key_enter": bool(fields),
                    "help.key_esc": self.escape_closes or type(self).escape is not FormScene.escape}
        own = {key.keys for key in self.own_keys}
        return self.own_keys + tuple(key for key in MENU_KEYS if answered.get(key.keys, True) and key.keys not in own)

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
