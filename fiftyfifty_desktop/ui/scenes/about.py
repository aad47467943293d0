"""About: version, licences, credits, and where settings and games are kept,
with a button that shows that folder in the system's file manager; in a
download, also the folder of third-party licences it ships."""

from __future__ import annotations

import subprocess
import sys
from functools import partial
from pathlib import Path

import pygame

from ... import __license__, __version__
from ...opener import open_folder
from .. import fonts, paint
from ..i18n import tr
from ..layout import DANGER, GOLD, TEXT, TEXT_DIM
from ..widgets import Button, Form
from .form import FormScene


def shipped_licences() -> Path | None:
    """The third-party notices a download carries beside its files (``licenses/``), or None from source."""
    bundle = getattr(sys, "_MEIPASS", None)
    folder = Path(bundle) / "licenses" if bundle else None
    return folder if folder is not None and folder.is_dir() else None


class AboutScene(FormScene):
    escape_closes = True

    def __init__(self, app) -> None:
        super().__init__(app)
        storage = app.storage
        settings_folder, games_folder = storage.settings_path.parent, storage.record_path.parent
        #: (label key of the place, folder); one place when settings and games share a folder.
        self.places = ([("about.settings_and_games", settings_folder)] if settings_folder == games_folder
                       else [("about.settings", settings_folder), ("about.games", games_folder)])
        licences = shipped_licences()
        if licences is not None:
            self.places.append(("about.licences", licences))
        self.open_buttons = [Button(f"{key}_open", partial(self.open, folder))
                             for key, folder in self.places]
        self.done = Button("common.back", self.close, primary=True)
        self.form = Form([*self.open_buttons, self.done])
        self.opening: tuple[Path, subprocess.Popen[bytes]] | None = None
        self.problem: str | None = None

    def open(self, folder: Path) -> None:
        self.problem = None
        try:
            process = open_folder(folder)
        except OSError as exc:
            self.problem = tr("about.open_failed", folder=str(folder), reason=exc.strerror or type(exc).__name__)
            return
        self.opening = (folder, process) if process is not None else None

    def update(self, dt):
        """Learn whether the opener failed once it has ended (it never blocks the window)."""
        if self.opening is not None:
            folder, process = self.opening
            status = process.poll()
            if status is not None:
                self.opening = None
                if status != 0:
                    self.problem = tr("about.open_failed", folder=str(folder),
                                      reason=tr("about.opener_status", status=status))

    def exit(self):
        self.opening = None  # the opener runs on by itself; nothing to wait for

    def picture_key(self):
        """The opener's failure, learnt on a wake of the resting window (``update`` looks whether it ended)."""
        return self.problem

    def lines(self) -> list[tuple[str, str]]:
        """The text of the page: (label, value) rows."""
        return [
            (tr("about.version"), __version__),
            (tr("about.licence"), tr("about.licence_text", licence=__license__)),
            (tr("about.font"), tr("about.font_text")),
            (tr("about.credits"), tr("about.credits_text")),
        ]

    def resize(self, layout):
        """The rows measured in the body size, the panel grown to hold them and the buttons; fewer rows when
        that would run off the window (text is never made smaller to fit)."""
        super().resize(layout)
        for rows in (4, 3, 2, 1):
            if self.arrange(layout, layout.font_body, rows):
                return

    def arrange(self, layout, size: int, rows: int) -> bool:
        """Lay the page out with its values in ``size`` and its first ``rows`` rows (the font's and the credits
        go last, where nothing else fits); True when it fits the window."""
        self.size = size
        self.panel = layout.centered(150, 76, cy=58)
        self.panel.y = min(self.panel.y, self.summary_bottom(layout) + layout.px(2))
        self.label_x = self.panel.x + layout.px(5)
        self.value_x = self.panel.x + layout.px(38)
        value_width = self.panel.right - layout.px(5) - self.value_x
        line_height = fonts.font(size).get_linesize()
        #: (label, wrapped value lines, top) of each row, wrapped here so drawing changes nothing.
        self.rows: list[tuple[str, list[str], int]] = []
        y = self.panel.y + layout.px(4)
        for label, value in self.lines()[:rows]:
            wrapped = fonts.wrap(value, size, value_width)
            self.rows.append((label, wrapped, y))
            y += len(wrapped) * line_height + layout.px(1.6)
        y += layout.px(2)
        button_h = max(layout.px(6.5), round(fonts.font(layout.font_body, True).get_linesize() * 1.3))
        for button in self.open_buttons:
            button.rect = pygame.Rect(self.panel.right - layout.px(45), y, layout.px(40), button_h)
            y += button_h + layout.px(1.5)
        self.done.rect = layout.centered(34, 7.5)
        self.done.rect.h = max(self.done.rect.h, button_h)
        self.done.rect.y = y + layout.px(3)  # under the rows, with a line for a problem above it
        self.panel.h = self.done.rect.bottom + layout.px(4) - self.panel.y
        return self.panel.bottom <= layout.height - layout.px(1)

    def summary_bottom(self, layout) -> int:
        return layout.px(16) + fonts.font(layout.font_body).get_height() // 2

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        paint.title_text(surface, tr("about.heading", name=tr("title.heading")), lay.font_title,
                         (lay.width // 2, lay.px(7.5)), GOLD)
        paint.text(surface, tr("about.summary"), lay.font_body, (lay.width // 2, lay.px(16)), TEXT_DIM,
                   max_width=lay.width - lay.px(8))
        paint.panel(surface, self.panel, lay.px(2))
        line_height = fonts.font(self.size).get_linesize()
        label_width = self.value_x - self.label_x - lay.px(2)
        for label, wrapped, top in self.rows:
            paint.text(surface, label, self.size, (self.label_x, top), TEXT_DIM, anchor="topleft",
                       max_width=label_width)
            for i, line in enumerate(wrapped):
                paint.text(surface, line, self.size, (self.value_x, top + i * line_height), TEXT, anchor="topleft")
        for (key, folder), button in zip(self.places, self.open_buttons):
            paint.text(surface, tr(key), self.size, (self.label_x, button.rect.centery), TEXT_DIM,
                       anchor="midleft", max_width=label_width)
            paint.text(surface, str(folder), lay.font_small, (self.value_x, button.rect.centery), TEXT,
                       anchor="midleft", max_width=button.rect.x - self.value_x - lay.px(2))
        if self.problem:
            paint.text(surface, self.problem, lay.font_small, (lay.width // 2, self.done.rect.y - lay.px(2)),
                       DANGER, anchor="midbottom", max_width=self.panel.w - lay.px(8))
        self.form.draw(surface, lay)
