"""The table's corner: the move log (docked beside the table, or in the game's own place for it), the
buttons of the log, the look back, undo and hints, in one label size, with their keys, and the strip of a
note (a hint's reason, the reminder beside a move held for confirming) under the table.

:class:`Corner` is given the table as a :class:`CornerHost` (what it reads of it), so this module imports no
table and a table holds one corner.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any, Callable, Protocol

import pygame
from pygame import Rect

from .. import audit, fonts, paint
from ..i18n import reason_text, tr
from ..keys import LOG_KEYS, LOOK_BACK_KEY, UNDO_KEY, KeyHelp
from ..layout import FELT_DARK, HINT, Layout
from ..widgets import draw_button, label_room
from .cardpaint import CardPainter
from .controller import Hint, TableController
from .focus import FocusButton
from .log import MoveLog, draw_log, look_back

#: Width of the docked move log, in units of the whole window.
LOG_WIDTH = 40
#: The buttons in the table's corner, from the bottom.
CORNER_BUTTONS = ("log", "look_back", "undo", "hint")
#: A corner button's width and height and the gap around it, in units of the window.
CORNER_WIDTH, CORNER_HEIGHT, CORNER_GAP = 19, 4.6, 1.2
#: Rows of the log one PgUp/PgDn or one turn of the wheel scrolls.
LOG_PAGE, LOG_WHEEL = 8, 2
#: The margin round the note's strip under the table and inside it, in units.
NOTE_PAD = 1.2
#: Lines of a note the strip under the table keeps room for, shown or not, so that a note never moves the
#: cards; a longer note rises over the table's foot.
NOTE_LINES = 1


class CornerHost(Protocol):
    """What the corner reads of its table."""

    control: TableController
    layout: Layout
    window: Layout
    log: MoveLog
    last_round: Any
    mouse: tuple[int, int]
    names: list[str]
    log_in_table: bool
    log_note: str
    look_back_label: str
    hint_key: int
    app: Any

    @property
    def my_turn(self) -> bool: ...

    @property
    def viewer(self) -> int | None: ...

    @property
    def geo(self) -> Any: ...

    message: str

    def resize(self, layout: Layout) -> None: ...

    def undo(self) -> None: ...

    card_name: Callable[[str], str]

    def on_hint(self, move: Any) -> None: ...

    def hint_rects(self, move: Any) -> list[Rect]: ...

    cards: CardPainter

    picker: Any


class Corner:
    """The log and the corner's buttons of one table: where they sit, what their keys do, how they look."""

    def __init__(self, table: CornerHost) -> None:
        self.table = table
        self.log_open = False
        self.looking = False  # the look back is on screen

    # ----- where things sit -------------------------------------------------
    def table_layout(self, window: Layout, bar: int) -> Layout:
        """The part of the window the table is drawn in: all of it but the docked log, a ``bar`` of pixels
        along the bottom and, above that, the strip kept for a note wherever one can appear (shown or not, so
        the cards hold still when it comes and goes)."""
        dock = window.px(LOG_WIDTH) if self.log_open and not self.table.log_in_table else 0
        strip = self.strip_height(window) if self.notes_offered() else 0
        return Layout(window.width - dock, window.height - bar - strip)

    def notes_offered(self) -> bool:
        """Whether a note can appear at this table: a hint's reason, or the reminder of a move held for
        confirming (the setting on, and someone playing at this screen)."""
        control = self.table.control
        return control.hints_offered or bool(self.table.app.settings.confirm_move and control.humans)

    def note(self) -> str:
        """The note under the table now: the reminder beside a move held for confirming, else the reason of the
        hint shown (empty: no note)."""
        if self.table.picker.held is not None:
            return tr("table.confirm_hint")
        hint = self.shown_hint()
        if hint is None:
            return ""
        words = self.hint_words(hint)
        return tr("hint.says", reason=words) if words else tr("hint.no_reason")

    @staticmethod
    def strip_height(window: Layout, lines: int = NOTE_LINES) -> int:
        """The height of a note's strip of ``lines`` lines, margins and all."""
        return lines * fonts.font(window.font_small).get_linesize() + 4 * window.px(NOTE_PAD)

    def log_rect(self) -> Rect:
        """Where the log is drawn: docked right of the table, or the game's own place for it."""
        t = self.table
        if t.log_in_table:
            return Rect(t.geo.log_panel())
        gap = t.window.px(1.2)
        return Rect(t.layout.width, gap, t.window.width - t.layout.width - gap, t.layout.height - 2 * gap)

    def names(self) -> list[str]:
        """The buttons in the table's corner this game offers: the log's, the look back's, undo and hints."""
        t = self.table
        shown = {"log": not t.log_in_table, "look_back": bool(t.look_back_label),
                 "undo": t.control.undo_offered, "hint": t.control.hints_offered}
        return [name for name in CORNER_BUTTONS if shown[name]]

    def button(self, name: str) -> Rect | None:
        """Where button ``name`` sits: two a row at the foot of the docked log (one a row, as wide as the log,
        when a label would not fit half of it), else one above the other at the table's bottom right (side by
        side there, from the right, where the game keeps its log on the table and no log button is shown)."""
        names = self.names()
        return self.slot(names.index(name)) if name in names else None

    def spare(self) -> Rect:
        """Where one more button after the corner's own sits (a guided game's Continue): the same place for as
        long as the corner shows the same buttons."""
        return self.slot(len(self.names()))

    def slot(self, i: int) -> Rect:
        """Where the ``i``-th button of the corner sits (see :meth:`button`)."""
        t = self.table
        win = t.window
        w, h, gap = win.px(CORNER_WIDTH), win.px(CORNER_HEIGHT), win.px(CORNER_GAP)
        if self.log_open:
            columns = self.columns()
            log, col, row = self.log_rect(), i % columns, i // columns
            w = w if columns == 2 else log.w - 2 * win.px(1)
            return Rect(log.right - win.px(1) - (col + 1) * w - col * win.px(1),
                        log.bottom - win.px(1) - (row + 1) * h - row * win.px(1), w, h)
        if t.log_in_table:
            return Rect(win.width - (i + 1) * (w + gap), t.layout.height - h - gap, w, h)
        return Rect(win.width - w - gap, t.layout.height - (i + 1) * (h + gap), w, h)

    def height(self) -> int:
        """Pixels the corner's buttons take at the foot of the docked log."""
        columns = self.columns()
        rows = (len(self.names()) + columns - 1) // columns
        win = self.table.window
        return rows * (win.px(CORNER_HEIGHT) + win.px(1)) + win.px(0.5)

    def columns(self) -> int:
        """Buttons a row at the foot of the docked log: two, unless a label would not fit half its width."""
        win = self.table.window
        room = label_room(win, Rect(0, 0, win.px(CORNER_WIDTH), 1))
        fits = all(fonts.font(fonts.least(), True).size(self.label(name))[0] <= room for name in self.names())
        return 2 if fits else 1

    def label(self, name: str) -> str:
        if name == "log":
            return tr("log.hide" if self.log_open else "log.show")
        if name == "hint":
            return self.hint_label()
        return tr(self.table.look_back_label if name == "look_back" else "undo.button")

    def hint_label(self) -> str:
        return tr("hint.button", letter=pygame.key.name(self.table.hint_key).upper())

    def font_size(self, button: Rect) -> int:
        """One label size for the corner's buttons: the largest at which every label fits."""
        win = self.table.window
        return min(fonts.fit(self.label(name), win.font_body, label_room(win, button), bold=True)
                   for name in self.names())

    def help_keys(self) -> tuple[KeyHelp, ...]:
        """The keys of the corner's controls this table offers."""
        t = self.table
        hint = KeyHelp(f"help.key_{pygame.key.name(t.hint_key)}", "help.do_hint")
        return ((LOG_KEYS if not t.log_in_table else LOG_KEYS[1:]) + ((LOOK_BACK_KEY,) if t.look_back_label else ())
                + ((UNDO_KEY,) if t.control.undo_offered else ()) + ((hint,) if t.control.hints_offered else ()))

    def focus_buttons(self) -> list[FocusButton]:
        """The corner's buttons that may be pressed now, top to bottom, for Tab to visit."""
        t = self.table
        usable = {"log": True, "look_back": t.last_round is not None, "undo": t.control.undo_point() is not None,
                  "hint": t.my_turn}
        press = {"log": self.toggle_log, "look_back": self.toggle_look_back, "undo": t.undo, "hint": self.ask_hint}
        return [FocusButton(name, rect, press[name]) for name in reversed(self.names())
                if usable[name] and (rect := self.button(name)) is not None]

    def toggle_look_back(self) -> None:
        """Show the last trick or turn, or put it away."""
        self.looking = not self.looking and self.table.last_round is not None

    # ----- input ------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The look back, undo and hint controls; True when one of them used ``event``."""
        return self.look_back_event(event) or self.button_event(event, "undo", self.undo_key, self.table.undo) \
            or self.button_event(event, "hint", self.hint_key_pressed, self.ask_hint)

    def button_event(self, event: pygame.event.Event, name: str, key: Callable[[pygame.event.Event], bool],
                     action: Callable[[], None]) -> bool:
        """Button ``name``'s key or a click on it runs ``action``; True when used."""
        button = self.button(name)
        if button is None:
            return False
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button.collidepoint(event.pos)
        if click or (event.type == pygame.KEYDOWN and key(event)):
            action()
            return True
        return False

    @staticmethod
    def undo_key(event: pygame.event.Event) -> bool:
        return event.key == pygame.K_z and bool(event.mod & pygame.KMOD_CTRL)

    def hint_key_pressed(self, event: pygame.event.Event) -> bool:
        return event.key == self.table.hint_key and not event.mod & pygame.KMOD_CTRL

    def look_back_event(self, event: pygame.event.Event) -> bool:
        """B or the button shows the last trick or turn; while it is shown, a key or click puts it away, and a
        key other than B and Esc then does its own job too (Enter plays the card chosen). True when the look back
        used ``event``."""
        button = self.button("look_back")
        if button is None:
            return False
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if self.looking and self.table.last_round is None:
            self.looking = False  # nothing left to show (a new hand began): no key is spent putting it away
        if self.looking and (click or event.type == pygame.KEYDOWN):
            self.looking = False
            return click or event.key in (pygame.K_b, pygame.K_ESCAPE)
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_b) or (click and button.collidepoint(event.pos)):
            self.looking = self.table.last_round is not None
            return True
        return False

    def close_topmost(self) -> bool:
        """Put away the hint's note, else the docked log (Esc does this before it opens the pause menu); True
        when something was put away."""
        control = self.table.control
        if self.shown_hint() is not None:
            control.hint_open = False
            return True
        if self.log_open and not self.table.log_in_table:
            self.toggle_log()
            return True
        return False

    def toggle_log(self) -> None:
        t = self.table
        self.log_open = not self.log_open
        t.log.scroll = 0
        t.resize(t.window)

    def log_event(self, event: pygame.event.Event) -> bool:
        """L, the log's button, PgUp/PgDn and the wheel over the log; True when the log used ``event``."""
        t = self.table
        shown = self.log_open or t.log_in_table
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_l and not t.log_in_table:
                self.toggle_log()
                return True
            if shown and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                t.log.scroll_by(LOG_PAGE if event.key == pygame.K_PAGEDOWN else -LOG_PAGE)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.button("log")
            if button is not None and button.collidepoint(event.pos):
                self.toggle_log()
                return True
        if event.type == pygame.MOUSEWHEEL and shown and self.log_rect().collidepoint(t.mouse):
            t.log.scroll_by(-event.y * LOG_WHEEL)
            return True
        return False

    # ----- hints ------------------------------------------------------------
    def ask_hint(self) -> None:
        """Show the hint for the decision at hand (thought out in the background), or put it away."""
        if self.table.my_turn:
            self.table.control.ask_hint()

    def wait_for_hint(self, timeout: float = 30.0) -> None:
        """Block until the hint being thought out has come, then take it (tests and scripts; never a frame)."""
        self.table.control.wait_for_hint(timeout)
        self.take_hint()

    def shown_hint(self) -> Hint | None:
        """The hint on screen now: only while its decision is open and the cards are at rest."""
        return self.table.control.shown_hint(self.table.my_turn)

    def take_hint(self) -> None:
        """A hint thought out: shown if its decision is still open (the table may bring its move into view)."""
        t = self.table
        came = t.control.take_hint()
        if isinstance(came, BaseException):
            t.message = tr("hint.failed", error=f"{type(came).__name__}: {came}")
        elif came is not None:
            t.on_hint(came.move)

    def hint_words(self, hint: Hint) -> str:
        """The reason for ``hint`` in words (empty when there is none worth saying)."""
        t = self.table
        return reason_text(hint.reason, t.card_name, "hint", t.names) if hint.reason is not None else ""

    # ----- drawing ----------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_log(surface)
        self.draw_undo(surface)
        self.draw_hint(surface)
        self.draw_note(surface)
        self.draw_look_back(surface)

    def draw_button(self, surface: pygame.Surface, button: Rect, label: str, lit: bool = False,
                    enabled: bool = True) -> None:
        """A corner button, ``lit`` while what it shows is on screen (the focus ring is the table's to draw)."""
        draw_button(surface, button, self.table.window, label, False, button.collidepoint(self.table.mouse), enabled,
                    size=self.font_size(button), on=lit)

    def draw_log(self, surface: pygame.Surface) -> None:
        """The log (docked or in the game's place for it) and the button that opens and closes it."""
        t = self.table
        win = t.window
        if self.log_open and not t.log_in_table:
            surface.fill(FELT_DARK, Rect(t.layout.width, 0, win.width - t.layout.width, t.layout.height))
        if self.log_open or t.log_in_table:
            draw_log(surface, win, self.log_rect(), t.log, t.viewer, tr("log.title"),
                     tr(t.log_note) if t.log_note else "", below=self.height() if self.log_open else 0)
        button = self.button("log")
        if button is not None:
            self.draw_button(surface, button, tr("log.hide" if self.log_open else "log.show"))

    def draw_undo(self, surface: pygame.Surface) -> None:
        button = self.button("undo")
        if button is not None:
            self.draw_button(surface, button, tr("undo.button"), enabled=self.table.control.undo_point() is not None)

    def draw_hint(self, surface: pygame.Surface) -> None:
        """The hint's button (lit while a hint is shown), and the hint's move ringed (its reason is the note)."""
        t = self.table
        button = self.button("hint")
        if button is None:
            return
        hint = self.shown_hint()
        label = tr("hint.thinking") if t.control.advice is not None else self.hint_label()
        self.draw_button(surface, button, label, hint is not None, t.my_turn)
        if hint is None:
            return
        for rect in t.hint_rects(hint.move):
            t.cards.outline(surface, rect, HINT, 0.6)

    def draw_note(self, surface: pygame.Surface) -> None:
        """The strip under the table, the width of the table, and the note shown now in it; a note of more
        lines than the strip keeps rises over the table's foot, and nothing of the table moves."""
        t = self.table
        if not self.notes_offered():
            return
        win = t.window
        pad, kept = win.px(NOTE_PAD), self.strip_height(win)
        strip = Rect(0, t.layout.height, t.layout.width, kept)
        surface.fill(FELT_DARK, strip)
        note = self.note()
        if not note:
            return
        lines = len(fonts.wrap(note, win.font_small, strip.w - 4 * pad))
        strip.h = self.strip_height(win, max(NOTE_LINES, lines))
        strip.bottom = t.layout.height + kept
        with audit.overlapping("a long note rises over the table's foot") if lines > NOTE_LINES else nullcontext():
            paint.panel(surface, strip.inflate(-2 * pad, -2 * pad), win.px(1.2), edge=HINT, alpha=255)
            paint.paragraph(surface, note, win.font_small, strip.inflate(-4 * pad, -4 * pad), HINT, align="left")

    def draw_look_back(self, surface: pygame.Surface) -> None:
        """The look back's button (its cards are a dialog: :meth:`draw_dialog`)."""
        t = self.table
        button = self.button("look_back")
        if button is not None:
            self.draw_button(surface, button, tr(t.look_back_label), self.looking, t.last_round is not None)

    def draw_dialog(self, surface: pygame.Surface) -> None:
        """While it is shown, the cards of the last trick or turn over the middle of the table: drawn after
        everything else of the table, so that its scrim dims all of it (a dragged card, the overlay) alike."""
        t = self.table
        if self.looking and t.last_round is not None and self.button("look_back") is not None:
            look_back(surface, t.layout, t.last_round, t.names, t.cards.image)
