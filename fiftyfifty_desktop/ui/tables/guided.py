"""The guided first game: a game's own table with notes that point and wait.

The table is given a :class:`~.modes.GuidedMode`, which reads the game's script (``tutorials.py``):
the deal is fixed, the computer seats play their written moves, and one note at a time tells the person what
to play; other moves are refused with a friendly word, and a note with nothing to play holds the game until
Continue. :class:`GuideNote` draws the note and what it points at (the table dims around the parts it names).
After the last note the same table plays on freely. A guided game is not saved and not counted in the
statistics.
"""

from __future__ import annotations

import inspect
from typing import Any

import pygame
from pygame import Rect

from ...ai import load_personalities
from ...config import ConfigError
from ...tutorials import PERSON, Note, Tutorial, load_tutorial
from .. import audit, fonts, paint
from ..i18n import has, tr
from ..layout import GOLD, TEXT, Layout
from . import table_for
from .base import TableScene
from .modes import GuidedMode
from .overlay import Overlay
from ..widgets import Button, Form
from ..scenes import UnknownScene

SCRIM = (0, 0, 0, 92)


def region(table: TableScene, name: str, args: tuple[int, ...] = ()) -> Rect | None:
    """The part of the table its geometry calls ``name`` (``row_band`` of ``(2,)``), for a note to point at;
    None if the geometry has no such part."""
    part = getattr(table.geo, name, None) if not name.startswith("_") else None
    return Rect(part(*args)) if callable(part) else None


class GuideNote(Overlay):
    """The note in force over the guided game's table: its words in a box that hides nothing it points at,
    the table dimmed around what it points at, and Continue under a note with nothing to play."""

    def __init__(self, table: TableScene, mode: GuidedMode) -> None:
        self.table = table
        self.mode = mode
        self.continue_button = Button("tutorial.continue", self.next_note, primary=True)
        self.form = Form([self.continue_button])
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.placed_for: tuple[Any, ...] = ()  # what the note's place was worked out for (it is asked every frame)
        self.lines: list[str] = []

    @property
    def reading(self) -> bool:
        return self.mode.reading(self.table.control)

    @property
    def shown(self) -> bool:
        note = self.mode.note
        return note is not None and not self.table.busy and (not note.at_my_turn or self.reading)

    def next_note(self) -> None:
        self.mode.next_note()
        self.table.message = ""
        self.place()

    def pointed(self) -> list[Rect]:
        """What the note points at: the parts it names, and where the moves it waits for are made."""
        note, table = self.mode.note, self.table
        if note is None:
            return []
        waiting = self.mode.waiting_for
        rects = [r for name, args in note.look if (r := region(table, name, args)) is not None]
        offered = table.choices()
        rects += [rect for move, rect in offered if move in waiting]
        # A move made by marking cards in the hand first (a Fifty-Five discard): point where its hint would.
        shown = {move for move, _ in offered}
        rects += [Rect(rect) for move in waiting if move not in shown for rect in table.hint_rects(move)]
        return rects

    def place(self) -> None:
        """The note's words and box. The first place that hides nothing it points at and none of the other
        seats: a wide strip along the top, then over a side panel, then a strip across the middle or the foot,
        then narrower strips between the side panels; the top strip if none is free. Continue has one place
        for every note, beside the corner's buttons."""
        note = self.mode.note
        if note is None:
            return
        lay, geo = self.table.layout, self.table.geo
        pointed = self.pointed()
        placing = (tr(self.mode.tutorial.key(note)), lay.width, lay.height, lay.font_body, tuple(map(tuple, pointed)))
        if placing == self.placed_for:
            return
        self.placed_for = placing
        seats = [Rect(geo.plate(seat)) for seat in geo.others]
        panels = geo.panels()
        strip = min(lay.width - lay.px(4), lay.px(164))
        between = min((abs(panel.centerx - lay.width // 2) - panel.w // 2 for panel in panels), default=0) * 2
        tops = (lay.px(1), None, -lay.px(1))
        places = [self.box(note, strip, tops[0])]
        places += [self.box(note, panel.w, panel.y, x=panel.x, most=panel.h) for panel in panels]
        places += [self.box(note, strip, top) for top in tops[1:]]
        places += [self.box(note, between - lay.px(2), top) for top in tops if between > lay.px(60)]
        fitting = [place for place in places if place is not None]
        button = self.table.corner.spare()  # Continue's one place, which no note covers
        kept_clear = pointed + ([button] if not note.moves else [])
        free = [place for place in fitting if not any(place[0].colliderect(r) for r in kept_clear)]
        clear = [place for place in free if not any(place[0].colliderect(r) for r in seats)]
        self.rect, self.lines = (clear or free or fitting)[0]
        self.continue_button.visible = not note.moves
        self.continue_button.rect = button  # the same place for every note

    def box(self, note: Note, width: int, top: int | None, x: int | None = None,
            most: int | None = None) -> tuple[Rect, list[str]] | None:
        """The note ``width`` pixels wide at ``top`` (None: the middle; negative: that far from the foot),
        centred or at ``x``, its words wrapped; None if it would be taller than ``most``."""
        lay = self.table.layout
        pad = lay.px(1.6)
        lines = fonts.wrap(tr(self.mode.tutorial.key(note)), lay.font_body, width - 2 * pad)
        height = len(lines) * fonts.font(lay.font_body).get_linesize() + 2 * pad + step_line(lay)
        if most is not None and height > most:
            return None
        box = Rect(0, 0, width, height)
        box.centerx = lay.width // 2 if x is None else x + width // 2
        box.y = (lay.height - height) // 2 if top is None else top if top >= 0 else lay.height - height + top
        return box, lines

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Enter, Space or Continue go on from a note that is read; anything else is the table's."""
        if self.reading and self.shown:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.next_note()
                return None
            if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                if self.form.handle_event(event) is None:
                    return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        if not self.shown:
            return
        lay = self.table.layout
        pointed = self.pointed()
        if pointed:
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill(SCRIM)
            for rect in pointed:
                veil.fill((0, 0, 0, 0), rect.inflate(lay.px(1.2), lay.px(1.2)))
            surface.blit(veil, (0, 0))
            for rect in pointed:
                pygame.draw.rect(surface, GOLD, rect.inflate(lay.px(1.2), lay.px(1.2)), max(2, lay.px(0.6)),
                                 border_radius=lay.px(1))
        box = self.rect
        audit.new_layer(surface)  # the note floats over the table by design, where it hides nothing it points at
        paint.panel(surface, box, lay.px(1.5), alpha=255)  # opaque: the note is read over cards and text
        pygame.draw.rect(surface, GOLD, box, max(2, lay.px(0.35)), border_radius=lay.px(1.5))
        pad = lay.px(1.6)
        paint.text(surface, tr("tutorial.step", n=self.mode.note_index + 1, total=len(self.mode.tutorial.notes)),
                   lay.font_small, (box.x + pad, box.y + pad // 2), GOLD, True, "topleft", max_width=box.w - 2 * pad)
        y = box.y + pad // 2 + step_line(lay)
        line_h = fonts.font(lay.font_body).get_linesize()
        for line in self.lines:
            paint.text(surface, line, lay.font_body, (box.x + pad, y), TEXT, anchor="topleft")
            y += line_h
        if self.reading:
            self.form.draw(surface, lay)


def step_line(lay: Layout) -> int:
    """The height of a note's first line ("note 2 of 8"), as the text size needs."""
    return max(lay.px(2.6), fonts.font(lay.font_small, True).get_linesize())


#: The window size a guided game's ``look`` targets are tried at when the file is checked.
STANDARD_LAYOUT = Layout(1280, 720)


def check_against_table(tutorial: Tutorial, table: type[TableScene]) -> None:
    """Every note's text is in the catalogues (each language holds the same keys, checked when they load)
    and every ``look`` names a part of the table with arguments it can place (a seat that exists, say) that gives
    one rectangle, tried on the table's geometry at the standard window size; else a one-line ``ConfigError``."""
    geometry = table.geometry(STANDARD_LAYOUT, tutorial.players, PERSON)
    for note in tutorial.notes:
        where = f"config/tutorials/{tutorial.game}.yaml: note {note.text}"
        if not has(tutorial.key(note)):
            raise ConfigError(f"{where}: no text {tutorial.key(note)!r} in the catalogues")
        for name, arguments in note.look:
            part = getattr(table.geometry, name, None)
            if not callable(part):
                raise ConfigError(f"{where}: the table has no part called {name!r}")
            try:
                inspect.signature(part).bind(None, *arguments)
            except TypeError:
                raise ConfigError(f"{where}: {name} takes other arguments than {list(arguments)}") from None
            try:
                found = getattr(geometry, name)(*arguments)
            except (ValueError, IndexError, KeyError, TypeError):
                raise ConfigError(f"{where}: the table has no {name} {list(arguments)} "
                                  f"in a game of {tutorial.players}") from None
            if not isinstance(found, Rect):  # a list of parts, a point, a size: nothing a note can ring
                raise ConfigError(f"{where}: {name} is no part of the table to point at "
                                  f"(it gives {type(found).__name__}, not a rectangle)")


def open_tutorial(app: Any, game_id: str, exit_at_end: bool = False) -> TableScene:
    """The guided first game of ``game_id`` on its table; raises ``ConfigError`` for a bad script."""
    table = table_for(game_id)
    if table is None:
        raise UnknownScene(f"no table for {game_id!r}")
    tutorial = load_tutorial(game_id)
    check_against_table(tutorial, table)
    try:
        known = {p.id: p.name for p in load_personalities()}
    except ConfigError:
        known = {}
    names = (tr("setup.default_human", n=PERSON + 1),) + tuple(known.get(o, o) for o in tutorial.opponents)
    mode = GuidedMode(tutorial)
    return table(app, tutorial.record(names), exit_at_end, mode=mode, overlay=lambda guided: GuideNote(guided, mode))
