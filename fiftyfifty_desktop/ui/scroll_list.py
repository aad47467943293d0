"""A list of rows in a box, longer than the box, for a :class:`~.widgets.Form`: one row is chosen and kept in
view, the rest scroll.

The keyboard (with the focus on the list): Up/Down a row, PgUp/PgDn a box-full, Home/End to the ends, Enter
acts on the chosen row, and typed letters jump to the first row whose text begins with them (letters typed in
quick succession make one beginning). The mouse: a click chooses a row, a second click on it soon after acts
on it, the wheel scrolls, and the bar on the right is dragged or clicked above or below its thumb for a page.

The list knows nothing of what its rows stand for: the owner gives the rows' texts, is told when a row is
chosen or acted on, may paint a small mark before each row (``mark``) and passes on ``pointer`` events (the
wheel, a drag's motion and release) and the time (``advance``), since a form hands a widget only clicks,
keys and text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from . import audit, paint
from .layout import BUTTON, GOLD, PANEL_EDGE, TEXT, TEXT_DIM, Layout
from .widgets import Label, Widget, focus_ring, label_text

#: Seconds within which a second click on the same row acts on it, and within which typed letters add up.
DOUBLE_CLICK = 0.45
TYPING_PAUSE = 1.0
#: Rows one turn of the wheel scrolls.
WHEEL_ROWS = 3


@dataclass(frozen=True)
class ListRow:
    text: str  # shown as it is (a name, a file's name)
    detail: Label = ""  # dim, at the right end of the row: a catalogue key or a function giving the text


class ScrollList(Widget):
    def __init__(self, on_act: Callable[[int], object], on_choose: Callable[[int], object] | None = None,
                 mark: Callable[[pygame.Surface, pygame.Rect, int], None] | None = None) -> None:
        super().__init__()
        self.on_act = on_act
        self.on_choose = on_choose
        self.mark = mark
        self.rows: tuple[ListRow, ...] = ()
        self.chosen = 0
        self.top = 0  # the first row in view
        self.row_height = 1
        self.clock = 0.0  # seconds the owner has passed on
        self.last_click: tuple[float, int] | None = None
        self.typed = ""
        self.typed_at = -TYPING_PAUSE
        self.dragging: int | None = None  # while the thumb is dragged: where in the thumb it was taken
        self.mouse = (-1, -1)  # where the pointer was last seen, for the wheel

    # ----- contents --------------------------------------------------------
    def set_rows(self, rows: Sequence[ListRow], chosen: int = 0) -> None:
        self.rows = tuple(rows)
        self.top = 0
        self.last_click = None
        self.choose(chosen, tell=False)

    def place(self, rect: pygame.Rect, row_height: int) -> None:
        self.rect = pygame.Rect(rect)
        self.row_height = max(1, row_height)
        self.scroll_to(self.top)
        self.keep_in_view()

    @property
    def shown(self) -> int:
        """How many whole rows the box holds."""
        return max(1, (self.rect.h - 2 * self.pad) // self.row_height)

    @property
    def pad(self) -> int:
        return max(2, self.rect.h // 100)

    def advance(self, dt: float) -> None:
        self.clock += dt

    # ----- choosing and scrolling ------------------------------------------
    def choose(self, index: int, tell: bool = True) -> None:
        if not self.rows:
            self.chosen = 0
            return
        self.chosen = min(max(index, 0), len(self.rows) - 1)
        self.keep_in_view()
        if tell and self.on_choose is not None:
            self.on_choose(self.chosen)

    def keep_in_view(self) -> None:
        if self.chosen < self.top:
            self.top = self.chosen
        elif self.chosen >= self.top + self.shown:
            self.top = self.chosen - self.shown + 1

    def scroll_to(self, top: int) -> None:
        self.top = min(max(top, 0), max(0, len(self.rows) - self.shown))

    def act(self) -> None:
        if self.rows:
            self.on_act(self.chosen)

    def activate(self) -> None:
        self.act()

    def jump(self, typed: str) -> bool:
        """Choose the first row, from the chosen one on and round again, whose text begins with ``typed``."""
        start = self.chosen if len(typed) > 1 else self.chosen + 1  # one letter again: the next row with it
        wanted = typed.casefold()
        count = len(self.rows)
        for step in range(count):
            index = (start + step) % count
            if self.rows[index].text.casefold().startswith(wanted):
                self.choose(index)
                return True
        return False

    # ----- input -----------------------------------------------------------
    def key(self, event):
        moves = {pygame.K_UP: self.chosen - 1, pygame.K_DOWN: self.chosen + 1,
                 pygame.K_PAGEUP: self.chosen - self.shown, pygame.K_PAGEDOWN: self.chosen + self.shown,
                 pygame.K_HOME: 0, pygame.K_END: len(self.rows) - 1}
        if event.key in moves:
            self.choose(moves[event.key])
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.act()
            return True
        # Printable keys arrive as TEXTINPUT too, where they jump; their KEYDOWN must not press anything.
        return event.key == pygame.K_SPACE or bool(event.unicode and event.unicode.isprintable())

    def text_input(self, text):
        if self.clock - self.typed_at > TYPING_PAUSE:
            self.typed = ""
        self.typed_at = self.clock
        self.typed += text
        if not self.jump(self.typed) and len(self.typed) > 1:
            self.typed = text  # no row begins so: start again from this letter
            self.jump(text)
        return True

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rows_rect().collidepoint(pos):
            return None
        index = self.top + (pos[1] - self.rect.y - self.pad) // self.row_height
        return index if self.top <= index < min(len(self.rows), self.top + self.shown) else None

    def click(self, pos):
        bar = self.bar()
        if bar is not None and bar[0].collidepoint(pos):
            track, thumb = bar
            if thumb.collidepoint(pos):
                self.dragging = pos[1] - thumb.y
            else:
                self.scroll_to(self.top + (self.shown if pos[1] > thumb.y else -self.shown))
            return
        index = self.row_at(pos)
        if index is None:
            return
        again = self.last_click is not None and self.last_click[1] == index and (
            self.clock - self.last_click[0] <= DOUBLE_CLICK)
        self.choose(index)
        self.last_click = None if again else (self.clock, index)
        if again:
            self.act()

    def pointer(self, event: pygame.event.Event) -> bool:
        """The wheel over the list, and the thumb's drag; True when used (the pointer's motion is only noted,
        unless it drags the thumb)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(self.mouse):
                self.scroll_to(self.top - event.y * WHEEL_ROWS)
                return True
            return False
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            bar = self.bar()
            if bar is not None:
                track, thumb = bar
                room = max(1, track.h - thumb.h)
                share = (event.pos[1] - self.dragging - track.y) / room
                self.scroll_to(round(share * (len(self.rows) - self.shown)))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            self.dragging = None
            return True
        return False

    # ----- layout and drawing ----------------------------------------------
    def bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar's track and thumb, when there are more rows than the box shows."""
        if len(self.rows) <= self.shown:
            return None
        width = max(8, self.rect.w // 40)
        track = pygame.Rect(self.rect.right - width - self.pad, self.rect.y + self.pad, width,
                            self.rect.h - 2 * self.pad)
        thumb_h = max(width * 2, track.h * self.shown // len(self.rows))
        room = len(self.rows) - self.shown
        thumb = pygame.Rect(track.x, track.y + (track.h - thumb_h) * self.top // room, width, thumb_h)
        return track, thumb

    def rows_rect(self) -> pygame.Rect:
        """Where the rows are drawn: the box less its edge and the bar."""
        bar = self.bar()
        right = bar[0].x - self.pad if bar is not None else self.rect.right - self.pad
        return pygame.Rect(self.rect.x + self.pad, self.rect.y + self.pad, right - self.rect.x - self.pad,
                           self.shown * self.row_height)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is drawn (above or below the box when out of view)."""
        area = self.rows_rect()
        return pygame.Rect(area.x, area.y + (index - self.top) * self.row_height, area.w, self.row_height)

    def draw(self, surface, layout: Layout, focused, hovered):
        radius = layout.px(1.0)
        audit.note(surface, audit.PANEL, self.rect)  # the rows' text stays inside the box
        pygame.draw.rect(surface, (8, 26, 18), self.rect, border_radius=radius)
        pygame.draw.rect(surface, GOLD if focused else PANEL_EDGE, self.rect,
                         width=max(2, layout.px(0.35 if focused else 0.2)), border_radius=radius)
        if focused:
            focus_ring(surface, self.rect, layout, radius)
        size = layout.font_body
        gap = layout.px(1.2)
        for index in range(self.top, min(len(self.rows), self.top + self.shown)):
            row = self.rows[index]
            rect = self.row_rect(index)
            if index == self.chosen:
                pygame.draw.rect(surface, PANEL_EDGE if focused else BUTTON, rect, border_radius=layout.px(0.6))
            x = rect.x + gap
            if self.mark is not None:
                box = pygame.Rect(x, rect.y, rect.h, rect.h)
                self.mark(surface, box, index)
                x = box.right + gap // 2
            detail_w = 0
            if row.detail:
                shown = paint.text(surface, label_text(row.detail), layout.font_small, (rect.right - gap, rect.centery),
                                   TEXT_DIM, anchor="midright", max_width=rect.w // 3)
                detail_w = shown.w + gap
            paint.text(surface, row.text, size, (x, rect.centery), GOLD if index == self.chosen else TEXT,
                       anchor="midleft", max_width=max(1, rect.right - gap - detail_w - x))
        bar = self.bar()
        if bar is not None:
            track, thumb = bar
            pygame.draw.rect(surface, BUTTON, track, border_radius=track.w // 2)
            pygame.draw.rect(surface, GOLD if self.dragging is not None else PANEL_EDGE, thumb,
                             border_radius=track.w // 2)
