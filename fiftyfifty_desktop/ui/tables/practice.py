"""What a practice table shows below the game: that it is practice, counted nowhere, and for a mistake tried
again (``TryAgainMode``) what the new choice is worth and the way on to the next mistake."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from .. import fonts, paint
from ..i18n import tr
from ..layout import FELT_DARK, GOLD, TEXT, Layout
from ..widgets import Button, Form
from .base import TableScene
from . import table_for
from ..scenes import UnknownScene
from .modes import TryAgainMode, practice_record
from .overlay import Overlay


class PracticeMark(Overlay):
    """A line below a practice game's table (``PracticeMode``) saying it is practice, counted nowhere; for a
    mistake tried again, once the choice is made, what it is worth and a button to the next mistake."""

    #: The width of the next-mistake button, in layout units.
    BUTTON_WIDTH = 36

    def __init__(self, table: TableScene) -> None:
        self.table = table
        mode = table.mode
        self.trying = mode if isinstance(mode, TryAgainMode) else None
        self.next_button = Button("practice.next", self.next_mistake, primary=True)
        self.next_button.visible = False
        self.form = Form([self.next_button])

    def bottom_bar(self, window: Layout) -> int:
        """The line's row along the bottom of the window (two for a mistake tried again), hiding no card."""
        rows = 1 if self.trying is None else 2
        return rows * fonts.font(window.font_small, True).get_linesize() + window.px(1.2 + 6 * (rows - 1))

    def place(self) -> None:
        lay = self.table.window
        self.next_button.visible = self.trying is not None and self.trying.verdict is not None
        self.next_button.enabled = self.trying is not None and self.trying.next_mistake is not None
        self.next_button.rect = pygame.Rect(0, 0, lay.px(self.BUTTON_WIDTH), lay.px(5))
        self.next_button.rect.midbottom = (lay.width // 2, lay.height - lay.px(0.6))

    def next_mistake(self) -> None:
        if self.trying is not None and self.trying.next_mistake is not None:
            self.trying.next_mistake()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.next_button.visible and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            if self.form.handle_event(event) is None:
                return None
        if self.next_button.visible and event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.next_mistake()
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.table.window
        top = self.table.layout.height
        surface.fill(FELT_DARK, pygame.Rect(0, top, lay.width, lay.height - top))
        line = fonts.font(lay.font_small, True).get_linesize()
        trying = self.trying
        words = tr("practice.mark") if trying is None else (trying.verdict or tr("practice.try_mark"))
        paint.text(surface, words, lay.font_small, (lay.width // 2, top + lay.px(0.6) + line // 2),
                   GOLD if trying is None or trying.verdict is None else TEXT, bold=True,
                   max_width=lay.width - lay.px(4))
        if self.next_button.visible:
            self.next_button.draw(surface, lay, self.form.focused is self.next_button,
                                  self.form.hover is self.next_button)


def open_try_again(app: Any, record: Any, decision: Any, seat: int,
                   next_mistake: Callable[[], None] | None = None) -> TableScene:
    """The table of ``record`` at the reviewed ``decision`` for ``seat`` to choose again, as practice: the hidden
    cards are that game's and stay hidden; the choice is judged by the review's values (``TryAgainMode``)."""
    table = table_for(record.game)
    if table is None:
        raise UnknownScene(f"no table for {record.game!r}")
    mode = TryAgainMode(decision, record.game, seat, next_mistake)
    return table(app, practice_record(record, decision.index, seat), mode=mode, overlay=PracticeMark)
