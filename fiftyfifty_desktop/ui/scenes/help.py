"""The list of keys over the current screen (F1, and ? at a table).

It lists what the screen below declares (``Scene.help_keys``) in the
player's language: the keys in gold on the left, what they do on the right.
An overlay, so a hot-seat table under it is drawn as bare felt.
"""

from __future__ import annotations

import pygame

from .. import fonts, paint
from ..i18n import tr
from ..keys import KeyHelp
from ..layout import GOLD, TEXT, TEXT_DIM
from ..scene import Scene

#: Keys that close the list again (besides a click).
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class HelpScene(Scene):
    opaque = False
    is_help = True

    def __init__(self, app, heading: str, keys: tuple[KeyHelp, ...]) -> None:
        super().__init__(app)
        self.heading = heading
        self.keys = keys

    def handle_event(self, event):
        closing_key = event.type == pygame.KEYDOWN and (event.key in CLOSE_KEYS or event.unicode == "?")
        if closing_key or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.app.stack.pop()
            return None
        return None if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) else event

    def rows(self) -> list[tuple[str, str]]:
        return [(tr(k.keys), tr(k.does)) for k in self.keys]

    def draw(self, surface):
        lay = self.layout
        paint.scrim(surface)
        width = min(lay.width - lay.px(6), lay.px(130))
        pad = lay.px(3)
        rows = self.rows()
        size = lay.font_small + 1
        while True:  # the largest text size down to the smallest readable one at which the whole list fits
            size -= 1
            line = fonts.font(size).get_linesize()
            key_w = min(max(fonts.font(size, True).size(keys)[0] for keys, _ in rows), round(width * 0.34))
            text_w = width - 2 * pad - key_w - lay.px(2)
            wrapped = [fonts.wrap(does, size, text_w) for _, does in rows]
            body_h = sum(len(lines) for lines in wrapped) * line + len(rows) * lay.px(0.6)
            if size <= fonts.least() or lay.px(16) + body_h + line <= lay.height - lay.px(4):
                break
        height = min(lay.height - lay.px(4), lay.px(16) + body_h + line)
        box = pygame.Rect(0, 0, width, height)
        box.center = (lay.width // 2, lay.height // 2)
        paint.panel(surface, box, lay.px(2))
        paint.text(surface, self.heading, lay.font_large, (box.centerx, box.y + lay.px(5)), GOLD, bold=True,
                   max_width=width - 2 * pad)
        y = box.y + lay.px(10)
        for (keys, _), lines in zip(rows, wrapped):
            if y + len(lines) * line > box.bottom - line - lay.px(2):
                break  # what still does not fit at the smallest text is left out whole, never cut through
            paint.text(surface, keys, size, (box.x + pad, y), GOLD, bold=True, anchor="topleft", max_width=key_w)
            for text in lines:
                paint.text(surface, text, size, (box.x + pad + key_w + lay.px(2), y), TEXT, anchor="topleft")
                y += line
            y += lay.px(0.6)
        paint.text(surface, tr("help.close"), size, (box.centerx, box.bottom - lay.px(2.5)), TEXT_DIM,
                   max_width=width - 2 * pad)
