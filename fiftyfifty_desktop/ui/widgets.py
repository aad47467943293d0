"""Buttons, choosers, toggles and text inputs with hover and keyboard focus.

A :class:`Form` owns a screen's widgets in reading order. Tab / Shift+Tab
and the up/down arrows move the focus, Enter or Space activates, left/right
change a chooser, and the mouse works everywhere. Labels are translation
keys (or functions giving text), read at draw time so a language switch
shows at once.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from . import audit, fonts, paint
from .i18n import tr
from .layout import (BUTTON, BUTTON_DISABLED, BUTTON_HOVER, GOLD, GOLD_DARK, PANEL_EDGE, TEXT, TEXT_DIM, Layout)

Label = str | Callable[[], str]


def label_text(label: Label) -> str:
    return label() if callable(label) else tr(label)


class Widget:
    focusable = True

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.visible = True

    def activate(self) -> None:
        """Enter / Space while focused."""

    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def key(self, event: pygame.event.Event) -> bool:
        """A key while focused; True when used."""
        return False

    def text_input(self, text: str) -> bool:
        return False

    def draw(self, surface: pygame.Surface, layout: Layout, focused: bool, hovered: bool) -> None:
        raise NotImplementedError


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, layout: Layout, radius: int) -> None:
    """A gold ring just outside ``rect``: where the keyboard is, seen at a glance, not only as a brighter edge."""
    gap = max(2, layout.px(0.6))
    pygame.draw.rect(surface, GOLD, rect.inflate(2 * gap, 2 * gap), width=max(2, layout.px(0.3)),
                     border_radius=radius + gap)


def button_box(surface: pygame.Surface, rect: pygame.Rect, layout: Layout, focused: bool, hovered: bool,
               enabled: bool = True) -> None:
    """The box of a button or chooser: lighter under the mouse, a gold edge and a ring around it while focused."""
    colour = BUTTON_DISABLED if not enabled else BUTTON_HOVER if hovered or focused else BUTTON
    audit.note(surface, audit.CONTROL, rect)
    radius = layout.px(1.2)
    pygame.draw.rect(surface, (6, 22, 14), rect.move(0, layout.px(0.4)), border_radius=radius)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    edge = GOLD if focused else PANEL_EDGE
    pygame.draw.rect(surface, edge, rect, width=max(2, layout.px(0.35 if focused else 0.2)), border_radius=radius)
    if focused:
        focus_ring(surface, rect, layout, radius)


def label_room(layout: Layout, rect: pygame.Rect) -> int:
    """How wide a button's label may be in ``rect``."""
    return rect.w - layout.px(2)


def draw_button(surface: pygame.Surface, rect: pygame.Rect, layout: Layout, label: str, focused: bool,
                hovered: bool = False, enabled: bool = True, primary: bool = False,
                ink: tuple[int, int, int] | None = None, size: int | None = None, on: bool = False) -> None:
    """A button with its label: gold when ``primary``, ``ink`` when given (a seat's colour), dim when disabled;
    the label in ``size`` pixels when given (a row of buttons sharing one size), else the body size. A button
    that is ``on`` (what it shows is on screen) is lit with a gold label, but only a ``focused`` one has the ring.

    Forms draw their :class:`Button` with it, and tables their buttons of the moment."""
    button_box(surface, rect, layout, focused, hovered or on, enabled)
    colour = TEXT_DIM if not enabled else ink or (GOLD if primary or on else TEXT)
    paint.text(surface, label, size or layout.font_body, rect.center, colour, bold=True,
               max_width=label_room(layout, rect))


def place_in_rows(layout: Layout, buttons: Sequence[Widget], least_width: int, height: int, gap: int,
                  centre_x: int, top: int) -> int:
    """Place ``buttons`` side by side, centred on ``centre_x`` from ``top``: each at least ``least_width`` pixels
    wide and as wide as its label needs on one line at the body size, as high as ``height`` or the label's
    line; a row that would run past the window's side breaks into more rows (a label is never made smaller to
    fit), unless they would run past its foot: then one row shares the window's width. Returns the bottom of
    the last row."""
    face = fonts.font(layout.font_body, True)
    height = max(height, round(face.get_linesize() * 1.3))
    room = layout.width - layout.px(4)
    widths = [min(room, max(least_width, face.size(fonts.shown(label_text(b.label)))[0] + layout.px(3)))
              if isinstance(b, Button) else least_width for b in buttons]
    rows: list[list[int]] = [[]]
    for i, width in enumerate(widths):
        row = rows[-1]
        if row and sum(widths[j] for j in row) + len(row) * gap + width > room:
            rows.append([])
        rows[-1].append(i)
    if top + len(rows) * (height + gap) - gap > layout.height and len(rows) > 1:
        rows = [list(range(len(buttons)))]
        widths = [min(least_width, (room - (len(buttons) - 1) * gap) // max(1, len(buttons)))] * len(buttons)
    y = top
    for row in rows:
        x = centre_x - (sum(widths[i] for i in row) + (len(row) - 1) * gap) // 2
        for i in row:
            buttons[i].rect = pygame.Rect(x, y, widths[i], height)
            x += widths[i] + gap
        y += height + gap
    return y - gap


class Button(Widget):
    def __init__(self, label: Label, on_click: Callable[[], object], primary: bool = False) -> None:
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.primary = primary

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, surface, layout, focused, hovered):
        draw_button(surface, self.rect, layout, label_text(self.label), focused, hovered, self.enabled, self.primary)


class LabelledWidget(Widget):
    """A widget with an optional label on its left and its box taking the rest of the row."""

    def __init__(self, label: Label | None, label_share: float) -> None:
        super().__init__()
        self.label = label
        self.label_share = label_share

    @property
    def box(self) -> pygame.Rect:
        split = int(self.rect.w * self.label_share) if self.label is not None else 0
        return pygame.Rect(self.rect.x + split, self.rect.y, self.rect.w - split, self.rect.h)

    def label_lines(self, layout: Layout, width: int | None = None) -> list[str]:
        """The label wrapped to its part of the row (or to ``width`` pixels): a long label takes more lines,
        and the screen makes the row high enough for them, never a smaller text."""
        if self.label is None:
            return []
        room = width if width is not None else self.rect.w - self.box.w - layout.px(1)
        return fonts.wrap(label_text(self.label), layout.font_body, max(1, room))

    def label_height(self, layout: Layout, width: int) -> int:
        """How high a row ``width`` pixels wide must be for the label's lines."""
        room = int(width * self.label_share) - layout.px(1)
        return len(self.label_lines(layout, room)) * fonts.font(layout.font_body).get_linesize()

    def draw_label(self, surface: pygame.Surface, layout: Layout) -> None:
        """The label's lines; where the screen left the row too low for them, one line fitted to its room."""
        lines = self.label_lines(layout)
        line_h = fonts.font(layout.font_body).get_linesize()
        if self.label is not None and len(lines) > 1 and len(lines) * line_h > self.rect.h:
            paint.text(surface, label_text(self.label), layout.font_body, (self.rect.x, self.rect.centery), TEXT,
                       anchor="midleft", max_width=self.rect.w - self.box.w - layout.px(1))
            return
        y = self.rect.centery - len(lines) * line_h // 2
        for line in lines:
            paint.text(surface, line, layout.font_body, (self.rect.x, y), TEXT, anchor="topleft")
            y += line_h


class Chooser(LabelledWidget):
    """One value out of a list, shown as ``Label  < value >``; arrows or clicks change it. A list in order (sizes,
    volumes) stops at its ends (``wraps=False``) rather than going round from the largest to the smallest."""

    def __init__(self, label: Label | None, values: Sequence[Any], shown: Callable[[Any], str], value: Any,
                 on_change: Callable[[Any], None] | None = None, label_share: float = 0.45,
                 wraps: bool = True) -> None:
        super().__init__(label, label_share)
        self.values = list(values)
        self.shown = shown
        self.index = self.values.index(value) if value in self.values else 0
        self.on_change = on_change
        self.wraps = wraps

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def set_values(self, values: Sequence[Any], value: Any) -> None:
        self.values = list(values)
        self.index = self.values.index(value) if value in self.values else 0

    def step(self, delta: int) -> None:
        if not self.enabled or len(self.values) < 2:
            return
        index = (self.index + delta) % len(self.values) if self.wraps else min(max(self.index + delta, 0),
                                                                               len(self.values) - 1)
        if index == self.index:
            return
        self.index = index
        if self.on_change is not None:
            self.on_change(self.value)

    def activate(self) -> None:
        self.step(1)

    def click(self, pos):
        box = self.box
        self.step(-1 if pos[0] < box.x + box.w * 0.3 else 1)

    def key(self, event):
        if event.key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.step(-1)
            return True
        if event.key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_KP_PLUS):
            self.step(1)
            return True
        return False

    def draw(self, surface, layout, focused, hovered):
        box = self.box
        self.draw_label(surface, layout)
        button_box(surface, box, layout, focused, hovered, self.enabled)
        arrow = layout.font_body
        colour = GOLD if self.enabled and len(self.values) > 1 else TEXT_DIM
        if len(self.values) > 1 and self.enabled:
            paint.text(surface, "\u25c0", arrow, (box.x + layout.px(2.2), box.centery), colour)
            paint.text(surface, "\u25b6", arrow, (box.right - layout.px(2.2), box.centery), colour)
        paint.text(surface, self.shown(self.value), layout.font_body, box.center, TEXT if self.enabled else TEXT_DIM,
                   bold=True, max_width=box.w - layout.px(9))


class Slider(Chooser):
    """A level out of an ordered list (a volume), drawn as a filled bar: a click sets the level under the mouse,
    the arrow keys and + and - step it, and it stops at both ends."""

    def __init__(self, label: Label, values: Sequence[Any], shown: Callable[[Any], str], value: Any,
                 on_change: Callable[[Any], None] | None = None, label_share: float = 0.45) -> None:
        super().__init__(label, values, shown, value, on_change, label_share, wraps=False)

    def click(self, pos):
        box = self.box
        share = min(max((pos[0] - box.x) / max(box.w, 1), 0.0), 1.0)
        self.step(round(share * (len(self.values) - 1)) - self.index)

    def draw(self, surface, layout, focused, hovered):
        box = self.box
        self.draw_label(surface, layout)
        button_box(surface, box, layout, focused, hovered, self.enabled)
        inner = box.inflate(-layout.px(1.6), -layout.px(1.6))
        filled = pygame.Rect(inner.x, inner.y, round(inner.w * self.index / max(len(self.values) - 1, 1)), inner.h)
        if filled.w > 0:
            pygame.draw.rect(surface, GOLD_DARK, filled, border_radius=layout.px(0.8))
        paint.text(surface, self.shown(self.value), layout.font_body, box.center, TEXT if self.enabled else TEXT_DIM,
                   bold=True, max_width=box.w - layout.px(2))


class Toggle(Chooser):
    def __init__(self, label: Label, value: bool, on_change: Callable[[bool], None] | None = None,
                 label_share: float = 0.45) -> None:
        super().__init__(label, (False, True), lambda v: tr("common.switch_on") if v else tr("common.switch_off"), value,
                         on_change, label_share)


def clipboard_text() -> str:
    """The text on the system clipboard; empty when there is none or no clipboard can be reached
    (a paste then does nothing rather than fail)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError, NotImplementedError, UnicodeError):
        return ""


def copy_text(content: str) -> bool:
    """Put ``content`` on the system clipboard; False when no clipboard can be reached."""
    try:
        pygame.scrap.put_text(content)
    except (pygame.error, AttributeError, NotImplementedError, UnicodeError):
        return False
    return True


class TextInput(LabelledWidget):
    """A line of typed text with a cursor: left/right/Home/End move it, Backspace and Delete
    remove a character before or after it, Ctrl+A selects everything (typing then replaces it)
    and Ctrl+V pastes. ``allowed`` filters characters, ``max_length`` cuts what is typed or pasted."""

    def __init__(self, label: Label | None, text: str, max_length: int = 20,
                 allowed: Callable[[str], bool] = lambda ch: ch.isprintable(),
                 on_change: Callable[[str], None] | None = None, placeholder: Label | None = None,
                 label_share: float = 0.45) -> None:
        super().__init__(label, label_share)
        self.max_length = max_length
        self.allowed = allowed
        self.on_change = on_change
        self.placeholder = placeholder
        self.text = text

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        """Text set by the program: the cursor goes to its end and nothing stays selected."""
        self._text = value
        self.cursor = len(value)
        self.selected = False  # Ctrl+A selected the whole text

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.text)

    def _insert(self, added: str) -> None:
        """Put ``added`` (filtered and cut to the room left) at the cursor, in place of a selection."""
        added = "".join(ch for ch in added if self.allowed(ch))
        before, after = ("", "") if self.selected else (self._text[:self.cursor], self._text[self.cursor:])
        added = added[:max(0, self.max_length - len(before) - len(after))]
        if not added and not self.selected:
            return
        self._text = before + added + after
        self.cursor = len(before + added)
        self.selected = False
        self._changed()

    def _remove(self, start: int, end: int) -> None:
        if self.selected:
            start, end = 0, len(self._text)
        if start < 0 or end > len(self._text) or start >= end:
            return
        self._text = self._text[:start] + self._text[end:]
        self.cursor = start
        self.selected = False
        self._changed()

    def text_input(self, text):
        self._insert(text)
        return True

    def key(self, event):
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        moves = {pygame.K_LEFT: self.cursor - 1, pygame.K_RIGHT: self.cursor + 1, pygame.K_HOME: 0,
                 pygame.K_END: len(self._text)}
        if event.key in moves:
            self.cursor = min(max(moves[event.key], 0), len(self._text))
            self.selected = False
            return True
        if event.key == pygame.K_BACKSPACE:
            self._remove(self.cursor - 1, self.cursor)
            return True
        if event.key == pygame.K_DELETE:
            self._remove(self.cursor, self.cursor + 1)
            return True
        if ctrl and event.key == pygame.K_a:
            self.selected = bool(self._text)
            self.cursor = len(self._text)
            return True
        if ctrl and event.key == pygame.K_v:
            self._insert(" ".join(clipboard_text().split()))  # lines and tabs of pasted text become single spaces
            return True
        # Printable keys arrive as TEXTINPUT; their KEYDOWN must not also act as a shortcut.
        return event.key == pygame.K_SPACE or bool(event.unicode and event.unicode.isprintable())

    def draw(self, surface, layout, focused, hovered):
        box = self.box
        self.draw_label(surface, layout)
        radius = layout.px(1.0)
        pygame.draw.rect(surface, (8, 26, 18), box, border_radius=radius)
        pygame.draw.rect(surface, GOLD if focused else PANEL_EDGE, box,
                         width=max(2, layout.px(0.35 if focused else 0.2)), border_radius=radius)
        if focused:
            focus_ring(surface, box, layout, radius)
        pad = layout.px(1.2)
        left = box.x + pad
        if not self._text:
            hint = label_text(self.placeholder) if self.placeholder is not None else ""
            if focused:
                pygame.draw.line(surface, TEXT, (left, box.y + box.h // 4), (left, box.bottom - box.h // 4), 2)
            paint.text(surface, hint, layout.font_body, (left + layout.px(0.8), box.centery), TEXT_DIM,
                       anchor="midleft", max_width=box.w - 2 * pad - layout.px(0.8))
            return
        room = max(1, box.w - 2 * pad - 2)
        size = fonts.fit(self._text, layout.font_body, room)
        face = fonts.font(size)
        caret = face.size(fonts.displayable(self._text[:self.cursor]))[0]
        left -= max(0, caret - room)  # a text too long even in small letters scrolls to keep the caret in sight
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(box.x + pad, box.y, room + 2, box.h).clip(clip))
        if focused and self.selected:
            width = face.size(fonts.displayable(self._text))[0]
            pygame.draw.rect(surface, BUTTON_HOVER, pygame.Rect(left, box.y + box.h // 5, width, box.h * 3 // 5))
        shown = paint.text(surface, self._text, size, (left, box.centery), TEXT, anchor="midleft")
        if focused and not self.selected:
            pygame.draw.line(surface, GOLD, (left + caret, shown.y + 2), (left + caret, shown.bottom - 2), 2)
        surface.set_clip(clip)


class Form:
    """A screen's widgets in focus order, with keyboard and mouse handling."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus = 0
        self.hover: Widget | None = None

    def active(self) -> list[Widget]:
        return [w for w in self.widgets if w.visible and w.focusable]

    @property
    def focused(self) -> Widget | None:
        active = self.active()
        if not active:
            return None
        return active[min(self.focus, len(active) - 1)]

    def focus_on(self, widget: Widget) -> None:
        active = self.active()
        if widget in active:
            self.focus = active.index(widget)

    def move_focus(self, delta: int) -> None:
        active = self.active()
        if active:
            self.focus = (min(self.focus, len(active) - 1) + delta) % len(active)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        focused = self.focused
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((w for w in self.active() if w.rect.collidepoint(event.pos)), None)
            return event
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for w in self.active():
                if w.rect.collidepoint(event.pos):
                    self.focus_on(w)
                    if w.enabled:
                        w.click(event.pos)
                    return None
            return event
        if event.type == pygame.TEXTINPUT and focused is not None:
            return None if focused.text_input(event.text) else event
        if event.type != pygame.KEYDOWN:
            return event
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return None
        if focused is not None and focused.key(event):
            return None
        if event.key in (pygame.K_DOWN,):
            self.move_focus(1)
            return None
        if event.key in (pygame.K_UP,):
            self.move_focus(-1)
            return None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focused is not None:
            focused.activate()
            return None
        return event

    def draw(self, surface: pygame.Surface, layout: Layout) -> None:
        focused = self.focused
        for w in self.widgets:
            if w.visible:
                w.draw(surface, layout, w is focused, w is self.hover and w.enabled)
