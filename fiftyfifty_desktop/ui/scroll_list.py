"""A list of rows in a box, longer than the box, for a :class:`~.widgets.Form`: the one widget of every screen
whose list can be longer than its room.

Its rows come one of two ways. Given as texts (:meth:`ScrollList.set_rows` with :class:`ListRow`), the list
draws them in a box of its own, one row is chosen and kept in view, and the owner is told when a row is chosen
or acted on and may paint a small mark before each row (``mark``). Drawn by the owner (``draw_row(surface,
index, rect)``, with :meth:`ScrollList.set_count`), the list sits in the owner's panel and only scrolls.

Either way it shows only whole rows, so no row is cut at an edge, and scrolls with the wheel over it, with
PgUp/PgDn and Home/End, and with the bar on the right: the thumb is dragged, and a click on the track above or
below it turns a page. Up/Down move the chosen row, or (with drawn rows) scroll while there is room that way,
so that at an end the focus moves on. A list of texts also acts on its chosen row with Enter or a second click
soon after the first, and jumps to the first row whose text begins with the letters typed (letters typed in
quick succession make one beginning).

A form hands a widget only clicks, keys and text: the owner passes what the form leaves to
:meth:`ScrollList.handle_event` (the wheel, the mouse moving, the button coming up, and for drawn rows the page
keys whatever holds the focus) and the time to :meth:`ScrollList.advance`.
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
#: Rows one notch of the wheel scrolls at most: never more than a third of the rows in view, so a short list
#: moves a row at a time.
WHEEL_ROWS = 3
#: Width of the scroll bar and the least gap before it, in layout units.
BAR_UNITS, BAR_GAP_UNITS = 2.0, 0.8

DrawRow = Callable[[pygame.Surface, int, pygame.Rect], None]


@dataclass(frozen=True)
class ListRow:
    text: str  # shown as it is (a name, a file's name)
    detail: Label = ""  # dim, at the right end of the row: a catalogue key or a function giving the text


class ScrollList(Widget):
    def __init__(self, on_act: Callable[[int], object] | None = None,
                 on_choose: Callable[[int], object] | None = None,
                 mark: Callable[[pygame.Surface, pygame.Rect, int], None] | None = None,
                 draw_row: DrawRow | None = None) -> None:
        """A list of texts acted on with ``on_act``, or (with ``draw_row``) a list of rows the owner draws."""
        super().__init__()
        self.on_act = on_act
        self.on_choose = on_choose
        self.mark = mark
        self.draw_row = draw_row
        self.rows: tuple[ListRow, ...] = ()
        self.count = 0
        self.chosen = 0
        self.top = 0  # the first row in view
        self.row_height = 1
        self.bar_width, self.bar_gap = 8, 2
        self.clock = 0.0  # seconds the owner has passed on
        self.last_click: tuple[float, int] | None = None
        self.typed = ""
        self.typed_at = -TYPING_PAUSE
        self.dragging: int | None = None  # while the thumb is dragged: where in the thumb it was taken
        self.mouse = (-1, -1)  # where the pointer was last seen, for the wheel

    @property
    def chooses(self) -> bool:
        """Whether the rows are texts with a chosen row (else the owner draws them and the list only scrolls)."""
        return self.draw_row is None

    # ----- contents --------------------------------------------------------
    def set_rows(self, rows: Sequence[ListRow], chosen: int = 0) -> None:
        self.rows = tuple(rows)
        self.count = len(self.rows)
        self.top = 0
        self.last_click = None
        self.choose(chosen, tell=False)

    def set_count(self, count: int) -> None:
        """The owner's list now has ``count`` rows; the top row stays where it can."""
        self.count = count
        self.scroll_to(self.top)

    def place(self, rect: pygame.Rect, row_height: int, layout: Layout) -> None:
        """Lay the list out in ``rect`` with rows ``row_height`` pixels tall (from the screen's ``resize``)."""
        self.rect = pygame.Rect(rect)
        self.row_height = max(1, row_height)
        self.bar_width = max(8, layout.px(BAR_UNITS))
        self.bar_gap = max(self.pad, layout.px(BAR_GAP_UNITS))
        self.scroll_to(self.top)
        if self.chooses:
            self.keep_in_view()

    @property
    def pad(self) -> int:
        """The room inside the box's edge; none for drawn rows, which sit in the owner's panel."""
        return max(2, self.rect.h // 100) if self.chooses else 0

    @property
    def page(self) -> int:
        """How many whole rows the box holds (at least one)."""
        return max(1, (self.rect.h - 2 * self.pad) // self.row_height)

    @property
    def last_top(self) -> int:
        """The top row when scrolled to the end."""
        return max(0, self.count - self.page)

    def in_view(self) -> range:
        """The rows in view, top first."""
        return range(self.top, min(self.count, self.top + self.page))

    def advance(self, dt: float) -> None:
        self.clock += dt

    # ----- choosing and scrolling ------------------------------------------
    def choose(self, index: int, tell: bool = True) -> None:
        if not self.count:
            self.chosen = 0
            return
        self.chosen = min(max(index, 0), self.count - 1)
        self.keep_in_view()
        if tell and self.on_choose is not None:
            self.on_choose(self.chosen)

    def keep_in_view(self) -> None:
        if self.chosen < self.top:
            self.top = self.chosen
        elif self.chosen >= self.top + self.page:
            self.top = self.chosen - self.page + 1

    def scroll_to(self, top: int) -> None:
        self.top = min(max(top, 0), self.last_top)

    def scroll_by(self, rows: int) -> bool:
        """Scroll ``rows`` down (up when negative); True when the view moved."""
        before = self.top
        self.scroll_to(self.top + rows)
        return self.top != before

    def act(self) -> None:
        if self.count and self.on_act is not None:
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
    def page_moves(self) -> dict[int, int]:
        """Where the page keys take the chosen row, or the top row."""
        at = self.chosen if self.chooses else self.top
        return {pygame.K_PAGEUP: at - self.page, pygame.K_PAGEDOWN: at + self.page, pygame.K_HOME: 0,
                pygame.K_END: self.count - 1 if self.chooses else self.last_top}

    def key(self, event):
        if not self.chooses:
            if event.key in (pygame.K_UP, pygame.K_DOWN):  # False at an end: the form moves the focus on
                return self.scroll_by(1 if event.key == pygame.K_DOWN else -1)
            return self.page_key(event.key)
        moves = {pygame.K_UP: self.chosen - 1, pygame.K_DOWN: self.chosen + 1, **self.page_moves()}
        if event.key in moves:
            self.choose(moves[event.key])
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.act()
            return True
        # Printable keys arrive as TEXTINPUT too, where they jump; their KEYDOWN must not press anything.
        return event.key == pygame.K_SPACE or bool(event.unicode and event.unicode.isprintable())

    def page_key(self, key: int) -> bool:
        """Scroll a page or to an end for a page key; False for any other key."""
        moves = self.page_moves()
        if key not in moves:
            return False
        self.scroll_to(moves[key])
        return True

    def text_input(self, text):
        if not self.chooses:
            return False
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
        return index if index in self.in_view() else None

    def click(self, pos):
        """A press on the thumb takes it up, one on the track above or below it turns a page; on a row of texts
        it chooses the row, and a second one soon after acts on it."""
        bar = self.bar()
        if bar is not None and bar[0].collidepoint(pos):
            track, thumb = bar
            if thumb.collidepoint(pos):
                self.dragging = pos[1] - thumb.y
            else:
                self.scroll_by(self.page if pos[1] > thumb.y else -self.page)
            return
        index = self.row_at(pos) if self.chooses else None
        if index is None:
            return
        again = self.last_click is not None and self.last_click[1] == index and (
            self.clock - self.last_click[0] <= DOUBLE_CLICK)
        self.choose(index)
        self.last_click = None if again else (self.clock, index)
        if again:
            self.act()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """What the form left: the wheel over the list, the dragged thumb, and (for drawn rows) the page keys
        whatever holds the focus; a chosen row moves only with the focus on the list, as another field may use
        those keys. None when used."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.dragging is not None:
                self.drag_to(event.pos[1])
                return None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            self.dragging = None
            return None
        elif event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self.mouse):
            self.scroll_by(-event.y * min(WHEEL_ROWS, max(1, self.page // 3)))
            return None
        elif event.type == pygame.KEYDOWN and not self.chooses and self.page_key(event.key):
            return None
        return event

    def drag_to(self, y: int) -> None:
        bar = self.bar()
        if bar is None or self.dragging is None:
            return
        track, thumb = bar
        room = max(1, track.h - thumb.h)
        self.scroll_to(round((y - self.dragging - track.y) * self.last_top / room))

    # ----- layout and drawing ----------------------------------------------
    def bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar's track and thumb, when there are more rows than the box shows."""
        if self.count <= self.page:
            return None
        track = pygame.Rect(self.rect.right - self.bar_width - self.pad, self.rect.y + self.pad, self.bar_width,
                            self.rect.h - 2 * self.pad)
        thumb_h = max(self.bar_width * 2, track.h * self.page // self.count)
        thumb = pygame.Rect(track.x, track.y + (track.h - thumb_h) * self.top // self.last_top, track.w, thumb_h)
        return track, thumb

    def rows_rect(self) -> pygame.Rect:
        """Where the rows are drawn: the box less its edge and the bar."""
        right = self.rect.right - self.pad - self.bar_width - self.bar_gap
        return pygame.Rect(self.rect.x + self.pad, self.rect.y + self.pad, right - self.rect.x - self.pad,
                           self.page * self.row_height)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is drawn (above or below the box when out of view)."""
        area = self.rows_rect()
        return pygame.Rect(area.x, area.y + (index - self.top) * self.row_height, area.w, self.row_height)

    def draw(self, surface, layout: Layout, focused, hovered):
        radius = layout.px(1.0)
        if self.chooses:
            audit.note(surface, audit.PANEL, self.rect)  # the rows' text stays inside the box
            pygame.draw.rect(surface, (8, 26, 18), self.rect, border_radius=radius)
            pygame.draw.rect(surface, GOLD if focused else PANEL_EDGE, self.rect,
                             width=max(2, layout.px(0.35 if focused else 0.2)), border_radius=radius)
        for index in self.in_view():
            if self.draw_row is not None:
                self.draw_row(surface, index, self.row_rect(index))
            else:
                self.draw_text_row(surface, layout, index, focused)
        bar = self.bar()
        if bar is not None:
            track, thumb = bar
            audit.note(surface, audit.CONTROL, track)
            pygame.draw.rect(surface, PANEL_EDGE, track, border_radius=track.w // 2)
            taken = self.dragging is not None or (hovered and thumb.collidepoint(self.mouse))
            pygame.draw.rect(surface, GOLD if taken or focused else TEXT_DIM, thumb, border_radius=track.w // 2)
        if focused:
            focus_ring(surface, self.rect, layout, radius)

    def draw_text_row(self, surface, layout: Layout, index: int, focused: bool) -> None:
        """A row of texts: the mark, the text, the detail at the right end; the chosen row on a ground."""
        row = self.rows[index]
        rect = self.row_rect(index)
        gap = layout.px(1.2)
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
        paint.text(surface, row.text, layout.font_body, (x, rect.centery), GOLD if index == self.chosen else TEXT,
                   anchor="midleft", max_width=max(1, rect.right - gap - detail_w - x))
