"""Where the keyboard is at a table: on the table itself, or on one of the buttons beside it.

The table holds the focus unless Tab gave it to a button: Tab moves it table → each button (the game's own, then
the corner's, top to bottom) → table, Shift+Tab the other way. While the table holds it, the arrow keys choose
among its moves and Enter or Space take the choice (the table's picker does that); a button acts on Enter or
Space only while it holds the focus, and a gold ring round it shows that it does. Esc, a click or any other key
gives the focus back to the table (a key then does its own job there), and a button that goes away (the hint's,
once the turn is over) leaves the focus with the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame
from pygame import Rect

from ..layout import Layout
from ..widgets import focus_ring

#: Keys that press the button holding the focus.
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: A button's corner radius, in units of the window (as the buttons are drawn).
RADIUS = 1.2


@dataclass(frozen=True)
class FocusButton:
    """A button beside the table that Tab visits: its name, where it is and what pressing it does."""

    name: str
    rect: Rect
    press: Callable[[], None]


class TableFocus:
    """The focus of one table: None while the table holds it, else the name of the button that does."""

    def __init__(self, buttons: Callable[[], list[FocusButton]], back_on_table: Callable[[], None]) -> None:
        self.buttons = buttons  # the buttons Tab visits now, in order
        self.back_on_table = back_on_table  # Tab brought the focus back to the table (it shows a choice)
        self.name: str | None = None

    def focused(self) -> FocusButton | None:
        """The button holding the focus (None: the table holds it, or the button has gone)."""
        return next((button for button in self.buttons() if button.name == self.name), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Tab and Shift+Tab move the focus; Enter or Space press the focused button; Esc, a click or another
        key give the focus back to the table. True when the event was used here."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.name = None
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        button = self.focused()
        if button is None:
            self.name = None
            return False
        if event.key in PRESS_KEYS:
            button.press()
            return True
        self.name = None
        return event.key == pygame.K_ESCAPE  # Esc only takes the focus off the button; other keys go on

    def move(self, step: int) -> None:
        """The focus to the next button (``step`` 1) or the one before (-1), the table between the last and first."""
        names: list[str | None] = [None] + [button.name for button in self.buttons()]
        at = names.index(self.name) if self.name in names else 0
        self.name = names[(at + step) % len(names)]
        if self.name is None:
            self.back_on_table()

    def draw(self, surface: pygame.Surface, window: Layout) -> None:
        """A gold ring round the button holding the focus (the table's own choice is ringed by the table)."""
        button = self.focused()
        if button is not None:
            focus_ring(surface, button.rect, window, window.px(RADIUS))
