"""Choosing a record file to save to or to open, in the window's own style: folders and record files of one
folder, a few places to jump to and a name field; the chosen path goes to ``then``.

The folder is read on a thread (``folders.FolderReader``), so a huge or slow folder never holds up the
window, and at most ``folders.LISTED`` entries are listed, with a line saying when there are more (the name
field reaches any of them). A folder that cannot be read leaves the last one shown and says why in one line.
Saving over a file there asks first. The folder a file was chosen in is kept in the settings
(``file_folder``) and offered the next time. Opened by name:

    app.stack.open("file_chooser", saving=True, name="take5-2026-01-01-4.json", then=write_to)
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Callable

import pygame

from ...engine.records import FILE_SUFFIX
from ...engine.text import bad_character
from ...folders import FolderReader, Listing, problem_of
from ...storage import FOLDER_LIMIT
from .. import fonts, paint
from ..i18n import tr
from ..keys import KeyHelp
from ..layout import DANGER, GOLD, PANEL_EDGE, TEXT, TEXT_DIM, Layout
from ..scroll_list import ListRow, ScrollList
from ..widgets import Button, Form, TextInput, label_text
from .form import FormScene

#: The longest name or path typed in the name field.
NAME_LENGTH = 1024
#: Seconds a folder may take to be read before the list says it is being read (quicker ones show no flicker).
READING_SHOWN_AFTER = 0.3
UP = ".."
#: Lines of text under the name field: a problem, or what the list shows, or the keys.
MESSAGE_LINES = 2

FILE_KEYS = (
    KeyHelp("help.key_up_down", "files.do_move"),
    KeyHelp("help.key_page", "files.do_page"),
    KeyHelp("help.key_home_end", "files.do_ends"),
    KeyHelp("help.key_enter", "files.do_open"),
    KeyHelp("files.key_backspace", "files.do_up"),
    KeyHelp("files.key_letters", "files.do_jump"),
    KeyHelp("help.key_left_right", "files.do_caret"),
    KeyHelp("help.key_ctrl_a", "help.do_text"),
    KeyHelp("help.key_tab", "help.do_next_field"),
    KeyHelp("help.key_esc", "files.do_cancel"),
    KeyHelp("help.key_help", "help.do_help"),
)


def is_record_name(name: str) -> bool:
    return name.lower().endswith(FILE_SUFFIX)


def keepable(folder: Path) -> bool:
    """Whether the settings can keep ``folder`` (a path the settings file refuses is not remembered)."""
    text = str(folder)
    return len(text) <= FOLDER_LIMIT and bad_character(text) is None


def tail(content: str, size: int, width: int) -> str:
    """``content`` as it fits in ``width`` at ``size``, cut at the front: a path's end says where one is."""
    face = fonts.font(size)
    content = fonts.shown(content)
    if face.size(content)[0] <= width:
        return content
    for start in range(1, len(content)):
        if face.size(fonts.ELLIPSIS + content[start:])[0] <= width:
            return fonts.ELLIPSIS + content[start:]
    return fonts.ELLIPSIS


class FileChooserScene(FormScene):
    escape_closes = True  # Esc cancels: nothing is written or opened

    def __init__(self, app, saving: bool, then: Callable[[Path], object], name: str = "") -> None:
        super().__init__(app)
        self.saving, self.then, self.suggested = saving, then, name
        self.records = app.storage.data_dir / "records"
        self.last = Path(app.settings.file_folder) if app.settings.file_folder else None
        self.reader = FolderReader(is_record_name)
        self.listing: Listing | None = None  # the folder shown
        self.up_row = False  # the list begins with the way up
        self.wanted_row = ("", 0)  # the row to choose in the folder being read: by name, else by place
        self.waited = 0.0  # seconds the folder asked for has been read so far
        self.message, self.problem = "", False
        self.list = ScrollList(self.act_on, self.chose_row, self.mark)
        self.name = TextInput("files.name", name, NAME_LENGTH, placeholder="files.name_hint")
        self.choose_button = Button("files.save" if saving else "files.open", self.choose, primary=True)
        self.cancel_button = Button("files.cancel", self.close)
        self.places = [Button("files.home", lambda: self.go(Path.home())),
                       Button("files.records", lambda: self.go(self.records)),
                       Button("files.last", lambda: self.go(self.last) if self.last else None)]
        self.places[2].enabled = self.last is not None
        self.form = Form([*self.places, self.list, self.name, self.choose_button, self.cancel_button])
        self.form.focus_on(self.name if saving else self.list)
        starts = [self.last, self.records, Path.home()]
        self.fallbacks = [folder for i, folder in enumerate(starts) if folder and folder not in starts[:i]]

    def enter(self) -> None:
        if self.saving:
            try:  # where exports go unless told otherwise: there to be chosen
                self.records.mkdir(parents=True, exist_ok=True)
            except OSError:
                pass  # not offered then; choosing it says why
        self.go(self.fallbacks.pop(0))

    # ----- the folder shown ------------------------------------------------
    @property
    def folder(self) -> Path | None:
        return self.listing.folder if self.listing is not None else None

    def go(self, folder: Path, chosen: str = "", at: int = 0) -> None:
        """Read ``folder`` to show it, with the row named ``chosen`` chosen (else row ``at``); the folder shown
        stays until it is read."""
        self.say("")
        self.wanted_row = (chosen, at)
        self.waited = 0.0
        self.reader.read(Path(os.path.normpath(folder.absolute())))

    def up(self) -> None:
        if self.folder is not None and self.folder.parent != self.folder:
            self.go(self.folder.parent, chosen=self.folder.name)

    def show(self, listing: Listing) -> None:
        if listing.problem is not None:
            line = tr(f"files.{listing.problem}", folder=str(listing.folder), reason=listing.reason)
            if self.listing is None and self.fallbacks:  # nothing shown yet: the next place to start from
                line = self.message or line  # why the chooser starts elsewhere than in the folder used last
                self.go(self.fallbacks.pop(0))
            elif self.listing is not None and listing.folder != self.listing.folder:
                self.refresh()  # what was there may have changed too (the folder asked for went)
            self.say(line, True)
            return
        if not self.saving and self.folder is not None and listing.folder != self.folder:
            self.name.text = ""  # a file named there is not in this folder; a name to save as still holds
        self.listing = listing
        self.up_row = listing.folder.parent != listing.folder
        rows = [ListRow(UP, "files.up")] if self.up_row else []
        rows += [ListRow(entry.name) for entry in listing.entries]
        names = [row.text for row in rows]
        name, at = self.wanted_row
        self.list.set_rows(rows, names.index(name) if name in names else at)

    def refresh(self) -> None:
        """Read the folder shown again, keeping the row chosen (or its place, when it went)."""
        if self.listing is not None and self.list.rows:
            self.go(self.listing.folder, self.list.rows[self.list.chosen].text, self.list.chosen)

    def say(self, line: str, problem: bool = False) -> None:
        self.message, self.problem = line, problem

    # ----- choosing --------------------------------------------------------
    def entry_path(self, index: int) -> tuple[Path, bool] | None:
        """The path of the list's row ``index`` and whether it is a folder; None for the way up."""
        if self.listing is None or (self.up_row and index == 0):
            return None
        entry = self.listing.entries[index - self.up_row]
        return self.listing.folder / entry.name, entry.is_folder

    def chose_row(self, index: int) -> None:
        """A file chosen in the list is the one named in the field."""
        found = self.entry_path(index)
        if found is not None and not found[1]:
            self.name.text = found[0].name

    def act_on(self, index: int) -> None:
        found = self.entry_path(index)
        if found is None:
            self.up()
        elif found[1]:
            self.go(found[0])
        else:
            self.pick(found[0])

    def choose(self) -> None:
        """Save or Open: the name typed (a file, or a folder to go to), else the row chosen in the list."""
        typed = self.name.text.strip()
        if not typed:
            if self.list.rows:
                self.act_on(self.list.chosen)
            else:
                self.say(tr("files.no_name"), True)
            return
        try:
            if "\0" in typed:
                raise ValueError(typed)
            target = Path(os.path.normpath((self.folder or Path.home()) / Path(typed).expanduser()))
            if target.is_dir():
                self.name.text = self.suggested
                self.go(target)
                return
        except (ValueError, RuntimeError):  # a null, or ~someone who is no user here
            self.say(tr("files.bad_name", name=typed), True)
            return
        except OSError as exc:
            self.say_refused(target, exc)
            return
        self.pick(target)

    def pick(self, target: Path) -> None:
        """Take ``target``: saving, after asking when a file is there already; opening, when it is there."""
        try:
            if self.saving:
                if not is_record_name(target.name):
                    target = target.with_name(target.name + FILE_SUFFIX)
                if not target.parent.is_dir():
                    self.say(tr("files.gone", folder=str(target.parent)), True)
                elif target.exists():
                    self.app.stack.open("confirm", heading=tr("files.replace_heading", name=target.name),
                                        question=tr("files.replace_question"), yes="files.replace_yes",
                                        no="files.keep", then=lambda: self.finish(target))
                else:
                    self.finish(target)
            elif not target.is_file():
                self.say(tr("files.not_found", name=str(target)), True)
            else:
                self.finish(target)
        except OSError as exc:
            self.say_refused(target, exc)

    def say_refused(self, target: Path, exc: OSError) -> None:
        """Why the system refused to look at ``target``: its name, or the folder it is in."""
        if exc.errno == errno.ENAMETOOLONG:
            self.say(tr("files.bad_name", name=target.name), True)
            return
        code, reason = problem_of(exc)
        self.say(tr(f"files.{code}", folder=str(target.parent), reason=reason), True)

    def finish(self, target: Path) -> None:
        """Close and hand ``target`` on, keeping its folder for the next time."""
        folder = target.parent.absolute()
        if keepable(folder) and str(folder) != self.app.settings.file_folder:
            self.app.change_settings(file_folder=str(folder))
        self.close()
        self.then(target)

    # ----- input and time ----------------------------------------------------
    def handle_event(self, event):
        if self.list.handle_event(event) is None:
            return None
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.form.focused is self.name):
            self.choose()
            return None
        left = super().handle_event(event)
        if left is not None and left.type == pygame.KEYDOWN and left.key == pygame.K_BACKSPACE:
            self.up()
            return None
        return left

    def update(self, dt):
        self.list.advance(dt)
        if self.reader.busy:
            self.waited += dt
        listing = self.reader.take()
        if listing is not None:
            self.show(listing)

    def resting(self) -> bool:
        return not self.reader.busy  # a folder being read shows when it comes

    def help_keys(self):
        return FILE_KEYS

    # ----- layout and drawing ------------------------------------------------
    def resize(self, layout: Layout) -> None:
        """From the top the heading, the folder's path and the list with the places beside it; from the bottom
        the buttons, the line of messages and the name field; every height from the text it holds."""
        super().resize(layout)
        lay = layout
        body = fonts.font(lay.font_body).get_linesize()
        self.line_h = fonts.font(lay.font_small).get_linesize()
        control = max(lay.px(6.5), round(body * 1.5))
        width = min(lay.width - lay.px(8), lay.px(172))
        left = (lay.width - width) // 2
        self.heading_size = max(lay.px(6), lay.font_large)
        top = lay.px(2) + fonts.font(self.heading_size, True).get_linesize()
        self.path_y = top + self.line_h // 2
        top += self.line_h + lay.px(1.5)
        gap = lay.px(2)
        buttons_y = lay.height - lay.px(3) - control
        # Lines for a message (a problem, a long path, the keys in a long language), which wrap rather than shrink.
        lines_h = MESSAGE_LINES * self.line_h
        self.message_rect = pygame.Rect(left, buttons_y - lay.px(1) - lines_h, width, lines_h)
        name_y = self.message_rect.y - lay.px(1) - control
        list_bottom = name_y - lay.px(2)
        bold = fonts.font(lay.font_body, True)
        places_w = min(width // 3, max(lay.px(26), *(bold.size(label_text(b.label))[0] + lay.px(4)
                                                    for b in self.places)))
        for i, button in enumerate(self.places):
            button.rect = pygame.Rect(left, top + i * (control + lay.px(1.5)), places_w, control)
        box = pygame.Rect(left + places_w + gap, top, width - places_w - gap, list_bottom - top)
        self.list.place(box, max(lay.px(5), round(body * 1.3)), lay)
        label_w = fonts.font(lay.font_body).size(tr("files.name"))[0] + lay.px(2)
        self.name.rect = pygame.Rect(left, name_y, width, control)
        self.name.label_share = min(0.4, label_w / width)
        x = left + width
        for button in (self.cancel_button, self.choose_button):
            wide = max(lay.px(24), bold.size(label_text(button.label))[0] + lay.px(6))
            x -= wide
            button.rect = pygame.Rect(x, buttons_y, wide, control)
            x -= gap

    def mark(self, surface: pygame.Surface, box: pygame.Rect, index: int) -> None:
        """A folder's, a file's or the way up's small picture before its name."""
        found = self.entry_path(index)
        inner = box.inflate(-box.w // 3, -box.h // 3)
        line = max(1, box.h // 16)
        if found is None:  # an arrow up
            mid = inner.centerx
            pygame.draw.line(surface, TEXT_DIM, (mid, inner.bottom), (mid, inner.top), line * 2)
            pygame.draw.lines(surface, TEXT_DIM, False, [(inner.x + inner.w // 5, inner.centery - inner.h // 6),
                                                          (mid, inner.top), (inner.right - inner.w // 5,
                                                                             inner.centery - inner.h // 6)], line * 2)
        elif found[1]:  # a folder: a body with a tab
            body = pygame.Rect(inner.x, inner.y + inner.h // 4, inner.w, inner.h * 3 // 4)
            tab = pygame.Rect(inner.x, inner.y + inner.h // 8, inner.w // 2, inner.h // 4)
            pygame.draw.rect(surface, GOLD, tab, border_radius=line)
            pygame.draw.rect(surface, GOLD, body, border_radius=line)
        else:  # a page with lines
            page = pygame.Rect(0, 0, inner.w * 3 // 4, inner.h)
            page.center = inner.center
            pygame.draw.rect(surface, TEXT, page, border_radius=line)
            for k in range(1, 4):
                y = page.y + page.h * k // 4
                pygame.draw.line(surface, PANEL_EDGE, (page.x + line * 2, y), (page.right - line * 3, y), line)

    def status(self) -> str:
        """What the line under the list says when nothing went wrong: the folder is being read, it shows
        nothing, it holds more than is listed, or else the keys."""
        if self.reader.busy and self.waited >= READING_SHOWN_AFTER:
            return tr("files.reading", folder=str(self.reader.waiting_for))
        if self.listing is not None and not self.listing.entries:
            return tr("files.empty")
        if self.listing is not None and self.listing.more:
            return tr("files.more", count=len(self.listing.entries))
        return tr("files.keys")

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        paint.title_text(surface, tr("files.save_heading" if self.saving else "files.open_heading"),
                         self.heading_size, (lay.width // 2, lay.px(2) + self.heading_size // 2 + 2), GOLD)
        if self.folder is not None:
            paint.text(surface, tail(str(self.folder), lay.font_small, self.name.rect.w), lay.font_small,
                       (self.name.rect.x, self.path_y), TEXT_DIM, anchor="midleft")
        box = self.message_rect
        lines = fonts.wrap(self.message or self.status(), lay.font_small, box.w)
        if len(lines) > MESSAGE_LINES:
            lines = lines[:MESSAGE_LINES - 1] + [" ".join(lines[MESSAGE_LINES - 1:])]
        for i, line in enumerate(lines):  # cut short rather than shrunk: a long path may not wrap
            paint.text(surface, fonts.clip(line, lay.font_small, box.w), lay.font_small,
                       (box.x, box.y + i * self.line_h), DANGER if self.problem else TEXT_DIM, anchor="topleft")
        self.form.draw(surface, lay)
