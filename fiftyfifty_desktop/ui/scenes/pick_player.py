"""Who plays a seat: every choice with its name, strength and a line on how it plays.

Opened by the set-up screen for one seat; a choice already at another seat
says which, and picking it swaps the two seats (unless the set-up allows the
same opponent twice), so no opponent sits at one table twice by accident.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from .. import fonts, paint
from ..i18n import tr
from ..layout import DANGER, GOLD, TEXT, TEXT_DIM
from ..players import Choice, choice_strength
from ..keys import KeyHelp
from ..widgets import Button, Form, Widget, button_box
from .form import FormScene

#: Marks the opponents rated near the level of the person at the table.
NEAR_MARK = "\u2605"


class ChoiceEntry(Widget):
    """A choice drawn as a card of text: name and strength on top, how it plays below."""

    def __init__(self, choice: Choice, current: bool, on_pick: Callable[[str], None]) -> None:
        super().__init__()
        self.choice = choice
        self.current = current
        self.on_pick = on_pick
        self.about_size = 0  # the text size of how it plays, one for the whole list (0: not laid out yet)

    def about_room(self, layout) -> pygame.Rect:
        """Where how it plays is written: under the name line, down to the card's foot."""
        rect, pad = self.rect, layout.px(1.8)
        top = rect.y + layout.px(0.9) + max(layout.px(4.1), fonts.font(layout.font_body, True).get_linesize())
        return pygame.Rect(rect.x + pad, top, rect.w - 2 * pad, rect.bottom - layout.px(0.6) - top)

    def activate(self) -> None:
        self.on_pick(self.choice.value)

    def draw(self, surface, layout, focused, hovered):
        rect = self.rect
        button_box(surface, rect, layout, focused, hovered, self.enabled)
        pad = layout.px(1.8)
        top = rect.y + layout.px(0.9)
        tags = [choice_strength(self.choice)]
        if self.choice.rating is not None:
            tags.append(f"{round(self.choice.rating)}")
        if self.choice.elsewhere is not None:
            tags.append("\u21c4 " + tr("setup.at_seat", n=self.choice.elsewhere + 1))
        tag = pygame.Rect(rect.right - pad, top, 0, 0)
        shown = " \u00b7 ".join(t for t in tags if t)
        if shown:
            tag = paint.text(surface, shown, layout.font_small, (rect.right - pad, top + layout.px(0.3)), GOLD,
                             anchor="topright", max_width=rect.w // 2 - pad)
        name = ("\u2713 " if self.current else "") + (NEAR_MARK + " " if self.choice.near else "") + self.choice.name
        paint.text(surface, name, layout.font_body, (rect.x + pad, top), GOLD if self.current else TEXT,
                   bold=True, anchor="topleft", max_width=tag.x - rect.x - 2 * pad)
        paint.paragraph(surface, self.choice.about, self.about_size or layout.font_small, self.about_room(layout),
                        TEXT_DIM, align="left")


class PickPlayerScene(FormScene):
    """The list of choices for seat ``seat``; a pick calls ``on_pick(value)`` and closes the list."""

    escape_closes = True
    own_keys = (KeyHelp("help.key_left_right", "help.do_columns"),)

    def __init__(self, app, seat: int, choices: Sequence[Choice], current: str,
                 on_pick: Callable[[str], None], level: str = "", level_problem: bool = False) -> None:
        super().__init__(app)
        self.seat = seat
        self.level = level  # the person's rating and what the mark of the opponents near it means, or a problem
        self.level_problem = level_problem
        self.on_pick = on_pick
        self.entries = [ChoiceEntry(choice, choice.value == current, self.pick) for choice in choices]
        self.back = Button("common.back", self.close)
        self.form = Form(self.entries + [self.back])
        chosen = next((e for e in self.entries if e.current), None)
        if chosen is not None:
            self.form.focus_on(chosen)

    def pick(self, value: str) -> None:
        self.close()
        self.on_pick(value)

    def handle_event(self, event):
        """Left and right move between the two columns as up and down move along them."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.form.move_focus(1 if event.key == pygame.K_RIGHT else -1)
            return None
        return super().handle_event(event)

    def resize(self, layout):
        super().resize(layout)
        rows = max(1, (len(self.entries) + 1) // 2)
        self.hint_rect = pygame.Rect(layout.px(6), layout.px(12.3), layout.width - layout.px(12), 0)
        self.hint_size = fonts.fit_lines(tr("setup.pick_hint"), layout.font_small, self.hint_rect.w, layout.px(6.5))
        self.hint_rect.h = len(fonts.wrap(tr("setup.pick_hint"), self.hint_size, self.hint_rect.w)) \
            * fonts.font(self.hint_size).get_linesize()
        top, bottom = max(layout.px(18.8), self.hint_rect.bottom + layout.px(1)), layout.height - layout.px(12)
        gap = layout.px(1.1)
        width = layout.px(82)
        # As high as the longest description needs at the small size, where the window has the room.
        probe = ChoiceEntry(self.entries[0].choice, False, self.pick) if self.entries else None
        needed = 0
        if probe is not None:
            probe.rect = pygame.Rect(0, 0, width, layout.px(15))
            room = probe.about_room(layout)
            line_h = fonts.font(layout.font_small).get_linesize()
            needed = max(len(fonts.wrap(e.choice.about, layout.font_small, room.w)) * line_h
                         for e in self.entries) + room.y + layout.px(0.6)
        height = min(max(layout.px(15), needed), (bottom - top - (rows - 1) * gap) // rows)
        left = layout.width // 2 - width - gap // 2
        for i, entry in enumerate(self.entries):
            column, row = i % 2, i // 2
            entry.rect = pygame.Rect(left + column * (width + gap), top + row * (height + gap), width, height)
        # One size for every description, the largest at which the longest fits its card (read side by side).
        rooms = [(entry, entry.about_room(layout)) for entry in self.entries]
        size = min((fonts.fit_lines(e.choice.about, layout.font_small, r.w, r.h) for e, r in rooms),
                   default=layout.font_small)
        for entry in self.entries:
            entry.about_size = size
        self.back.rect = pygame.Rect(0, 0, layout.px(28), layout.px(8))
        self.back.rect.bottomleft = (left, layout.height - layout.px(3))

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        paint.title_text(surface, tr("setup.pick_heading", n=self.seat + 1), lay.px(7), (lay.width // 2, lay.px(7)),
                         GOLD)
        paint.paragraph(surface, tr("setup.pick_hint"), self.hint_size, self.hint_rect, TEXT_DIM)
        if self.level:
            room = pygame.Rect(self.back.rect.right + lay.px(3), self.back.rect.y, 0, self.back.rect.h)
            room.w = max((e.rect.right for e in self.entries), default=lay.width - lay.px(6)) - room.x
            paint.paragraph(surface, self.level, lay.font_small, room, DANGER if self.level_problem else GOLD,
                            align="left", middle=True)
        self.form.draw(surface, lay)
