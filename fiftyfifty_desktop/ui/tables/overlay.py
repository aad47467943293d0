"""A mode's own part of a table's screen: the replay viewer's row of controls, a guided game's notes, the
seat chips of a network table. The table is given one (none for a live game) and hands it every frame."""

from __future__ import annotations

import pygame

from ..layout import Layout


class Overlay:
    """Nothing of its own: what a live game's table shows besides the game."""

    def enter(self) -> None:
        """The table was placed on the stack."""

    def exit(self) -> None:
        """The table left the stack."""

    def place(self) -> None:
        """Work out where things sit, after a resize and every update (drawing changes nothing)."""

    def bottom_bar(self, window: Layout) -> int:
        """Pixels kept free along the bottom of the window for a row of controls."""
        return 0

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """None when the overlay used ``event``; else the event, for the table."""
        return event

    def draw(self, surface: pygame.Surface) -> None:
        """Paint over the table."""
