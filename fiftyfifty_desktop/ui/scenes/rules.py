"""The rules of a game in the player's language, scrollable.

Each game ships ``assets/rules/<game>.<lang>.md``: headings (``#``),
paragraphs and ``-`` bullet lists, with ``**bold**`` marks, and pictures of
real cards written as ``[[cards: ...]]`` lines (``ui/illustrations.py``).
"""

from __future__ import annotations

import pygame

from ...registry import GAMES
from ...resources import resource_path
from ...textfiles import RULES_LIMIT, FileReadError, read_text
from .. import fonts, paint
from ..illustrations import Picture, PictureError, is_marker, parse_row
from ..i18n import language, tr
from ..layout import GOLD, TEXT_DIM
from ..keys import SCROLL_KEYS
from ..widgets import Button, Chooser, Form
from .form import FormScene


def rules_games() -> list[str]:
    """The registered games that have rules text, in the registry's order."""
    folder = resource_path("assets", "rules")
    return [g for g in GAMES if (folder / f"{g}.en.md").exists()]


def rules_text(game_id: str, lang: str) -> str:
    path = resource_path("assets", "rules", f"{game_id}.{lang}.md")
    try:
        return read_text(path, RULES_LIMIT)
    except FileReadError:
        return tr("rules.missing", game=game_id)


def line_height(entry: tuple[str, int, bool, int, Picture | None]) -> int:
    """The height one wrapped entry of a page takes: its picture's, with a margin, or its line's."""
    _, size, bold, _, picture = entry
    return picture.height + picture.card_height // 5 if picture is not None else fonts.font(size, bold).get_linesize()


class RulesScene(FormScene):
    escape_closes = True
    own_keys = SCROLL_KEYS

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        game_id = game_id or next(iter(GAMES))  # the first registered game unless one is asked for
        games = rules_games() or [game_id]
        self.chooser = Chooser(None, games, lambda g: tr(f"game.{g}"), game_id, self._changed)
        self.chooser.visible = len(games) > 1  # a choice of one is no choice
        self.done = Button("common.back", self.close, primary=True)
        self.form = Form([self.chooser, self.done])
        self.scroll = 0
        # The wrapped page: (line, font size, bold, indent, picture drawn there instead of text).
        self.lines: list[tuple[str, int, bool, int, Picture | None]] = []
        self.content_height = 0
        self._wrapped_for: tuple | None = None

    def _changed(self, _game) -> None:
        self.scroll = 0
        self.wrap()

    def resize(self, layout):
        super().resize(layout)
        self.page = pygame.Rect(0, 0, min(layout.width - layout.px(8), layout.px(150)), layout.height - layout.px(30))
        self.page.midtop = (layout.width // 2, layout.px(15))
        self.chooser.rect = pygame.Rect(0, 0, layout.px(50), layout.px(7))
        self.chooser.rect.midtop = (layout.width // 2 - layout.px(20), layout.px(4))
        self.done.rect = pygame.Rect(0, 0, layout.px(30), layout.px(7))
        self.done.rect.midtop = (layout.width // 2 + (layout.px(30) if self.chooser.visible else 0), layout.px(4))
        self.done.rect.bottom = self.chooser.rect.bottom = layout.height - layout.px(3)
        self.wrap()

    def update(self, dt):
        self.wrap()  # catches a language switch

    def wrap(self) -> None:
        """Wrap the text to the page, again whenever size, game or language changed (never while drawing)."""
        key = (self.layout, self.chooser.value, language())
        if key != self._wrapped_for:
            lay = self.layout
            width = self.page.w - lay.px(8)
            game_id = self.chooser.value
            out: list[tuple[str, int, bool, int, Picture | None]] = []
            rows: list = []
            for raw in rules_text(game_id, language()).splitlines() + [""]:
                if is_marker(raw):
                    try:
                        rows.append(parse_row(game_id, raw))
                    except PictureError as error:
                        out += [(t, lay.font_body, False, 0, None) for t in fonts.wrap(str(error), lay.font_body, width)]
                    continue
                if rows:
                    out.append(("", 0, False, 0, Picture.fit(game_id, tuple(rows), width, self.page.h - lay.px(12),
                                                                 lay.px(13))))
                    rows = []
                line = raw.rstrip().replace("**", "")
                if not line:
                    out.append(("", lay.font_small, False, 0, None))
                elif line.startswith("#"):
                    size = lay.font_large if line.startswith("# ") else lay.px(3.8)
                    out += [(t, size, True, 0, None) for t in fonts.wrap(line.lstrip("# "), size, width, True)]
                elif line.lstrip().startswith(("- ", "* ")):
                    depth = (len(line) - len(line.lstrip())) // 2
                    indent = lay.px(3 + 3 * depth)
                    wrapped = fonts.wrap(line.lstrip()[2:], lay.font_body, width - indent - lay.px(3))
                    for i, t in enumerate(wrapped):
                        out.append((("\u2022 " if i == 0 else "   ") + t, lay.font_body, False, indent, None))
                else:
                    out += [(t, lay.font_body, False, 0, None) for t in fonts.wrap(line, lay.font_body, width)]
            self.lines = out[:-1] if out and out[-1][0] == "" and out[-1][4] is None else out  # the added last blank
            self.content_height = sum(line_height(entry) for entry in self.lines)
            self._wrapped_for = key

    def scroll_by(self, pixels: int) -> None:
        limit = max(0, self.content_height - (self.page.h - self.layout.px(6)))
        self.scroll = max(0, min(limit, self.scroll + pixels))

    def handle_event(self, event):
        step = self.layout.px(6)
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: self.page.h * 3 // 4,
                    pygame.K_PAGEUP: -self.page.h * 3 // 4, pygame.K_HOME: -10**9, pygame.K_END: 10**9}
            if event.key in keys:
                self.scroll_by(keys[event.key])
                return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step)
            return None
        return super().handle_event(event)

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        paint.title_text(surface, tr("rules.heading", game=tr(f"game.{self.chooser.value}")), lay.px(6),
                         (lay.width // 2, lay.px(7.5)), GOLD)
        paint.panel(surface, self.page, lay.px(1.5), colour=(246, 241, 226), edge=(190, 170, 120), alpha=255)
        clip = surface.get_clip()
        inner = self.page.inflate(-lay.px(8), -lay.px(6))
        surface.set_clip(inner)
        y = inner.y - self.scroll
        ink, heading = (40, 44, 40), (20, 80, 52)
        for entry in self.lines:
            text, size, bold, indent, picture = entry
            height = line_height(entry)
            if y + height > inner.y and y < inner.bottom:
                if picture is not None:
                    picture.draw(surface, (inner.x + (inner.w - picture.width) // 2, y + picture.card_height // 10))
                elif text:
                    paint.text(surface, text, size, (inner.x + indent, y), heading if bold else ink, bold, "topleft")
            y += height
        surface.set_clip(clip)
        total = self.content_height
        if total > inner.h:
            # A thin scroll bar: where the page is, and how much there is.
            track = pygame.Rect(self.page.right - lay.px(2.2), inner.y, lay.px(0.8), inner.h)
            thumb_h = max(lay.px(4), track.h * inner.h // total)
            limit = max(1, total - inner.h)
            thumb = pygame.Rect(track.x, track.y + (track.h - thumb_h) * min(self.scroll, limit) // limit,
                                track.w, thumb_h)
            pygame.draw.rect(surface, (220, 212, 190), track, border_radius=track.w // 2)
            pygame.draw.rect(surface, (20, 80, 52), thumb, border_radius=track.w // 2)
            # Between the page and the buttons, in smaller text where large text would reach the buttons.
            top = self.page.bottom + lay.px(1)
            room = pygame.Rect(self.page.x, top, self.page.w, min(self.done.rect.y, self.chooser.rect.y) - top)
            size = fonts.fit_lines(tr("rules.scroll_hint"), lay.font_small, room.w, room.h)
            paint.paragraph(surface, tr("rules.scroll_hint"), size, room, TEXT_DIM)
        self.form.draw(surface, lay)
