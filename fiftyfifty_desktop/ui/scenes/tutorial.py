"""The guided first game: a game's own table with notes that point and wait.

A game's table class gets :class:`TutorialGuide` mixed in front of it, as
the replay viewer does with its controls. The guide reads the game's script
(``tutorials.py``): the deal is fixed, the computer seats play their written
moves, and one note at a time tells the person what to look at (the table
dims around the parts it points at) and what to play. Other moves are
refused with a friendly word; a note with nothing to play holds the game
until Continue. After the last note the same table plays on freely. A
guided game is not saved and not counted in the statistics.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame
from pygame import Rect

from ...ai.worker import make_table_agent
from ...config import ConfigError
from ...engine.game import Move
from ...tutorials import PERSON, Note, Tutorial, load_tutorial
from .. import fonts, paint
from ..i18n import tr
from ..layout import GOLD, TEXT
from ..widgets import Button, Form
from . import UnknownScene

SCRIM = (0, 0, 0, 92)


class TutorialGuide:
    """Mixed in before a game's table class: the table becomes a guided first game."""

    keeps_record = False

    def __init__(self, app, tutorial: Tutorial, exit_at_end: bool = False) -> None:
        from ...ai import load_personalities

        self.tutorial = tutorial
        self.note_index = 0
        self.waiting_for: list[Move] = list(tutorial.notes[0].moves)
        self.continue_button = Button("tutorial.continue", self.next_note, primary=True)
        self.note_form = Form([self.continue_button])
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        self.placed_for: tuple = ()  # what the note's place was worked out for (it is asked every frame)
        self.note_lines: list[str] = []
        try:
            known = {p.id: p.name for p in load_personalities()}
        except ConfigError:
            known = {}
        names = (tr("setup.default_human", n=PERSON + 1),) + tuple(known.get(o, o) for o in tutorial.opponents)
        super().__init__(app, tutorial.record(names), exit_at_end)  # type: ignore[call-arg]
        for note in tutorial.notes:
            for name, _ in note.look:
                if not callable(getattr(self.geometry, name, None)):  # type: ignore[attr-defined]
                    raise ConfigError(f"config/tutorials/{tutorial.game}.yaml: note {note.text}: the table has "
                                      f"no part called {name!r}")

    # ----- the table's hooks -------------------------------------------
    def seat_agents(self, record, personalities) -> dict[int, Any]:
        """The written moves first; then each seat's opponent plays on."""
        then = {seat: make_table_agent(record.seats[seat].player, self.game, seat, record.seed,  # type: ignore[attr-defined]
                                       personalities) for seat in range(1, record.players)}
        return self.tutorial.agents(then)

    def take_computer_move(self) -> bool:
        """A note with nothing to play holds the game while it is read."""
        if self.reading:
            return False
        return super().take_computer_move()  # type: ignore[misc]

    def apply(self, seat: int, move: Move) -> None:
        """The note's move goes through; another legal move is refused kindly (an illegal one by the rules)."""
        note = self.note
        if note is not None and seat == PERSON and move not in self.waiting_for:
            if self.reading or move in self.match.legal_moves(seat):  # type: ignore[attr-defined]
                self.message = tr("tutorial.not_now")
                return
        made = self.match.moves_made  # type: ignore[attr-defined]
        super().apply(seat, move)  # type: ignore[misc]
        if note is not None and self.match.moves_made > made and move in self.waiting_for:  # type: ignore[attr-defined]
            self.waiting_for.remove(move)
            if not self.waiting_for:
                self.next_note()

    # ----- the notes ----------------------------------------------------
    @property
    def note(self) -> Note | None:
        """The note in force; None once the guided part is over."""
        notes = self.tutorial.notes
        return notes[self.note_index] if self.note_index < len(notes) else None

    @property
    def reading(self) -> bool:
        """A note with nothing to play is up (or its turn has come): it holds the game until Continue."""
        note = self.note
        return note is not None and not note.moves and (
            not note.at_my_turn or PERSON in self.match.people_to_move())  # type: ignore[attr-defined]

    @property
    def note_shown(self) -> bool:
        note = self.note
        return note is not None and not self.busy and (  # type: ignore[attr-defined]
            not note.at_my_turn or self.reading)

    def next_note(self) -> None:
        self.note_index += 1
        note = self.note
        self.waiting_for = list(note.moves) if note is not None else []
        self.message = ""
        self.place_note()

    def pointed(self) -> list[pygame.Rect]:
        """What the note points at: the parts it names, and where the moves it waits for are made."""
        note = self.note
        if note is None:
            return []
        rects = [r for name, args in note.look if (r := self.region(name, args)) is not None]  # type: ignore[attr-defined]
        offered = self.choices()  # type: ignore[attr-defined]
        rects += [rect for move, rect in offered if move in self.waiting_for]
        # A move made by marking cards in the hand first (a Fifty-Five discard): point where its hint would.
        shown = {move for move, _ in offered}
        rects += [Rect(rect) for move in self.waiting_for if move not in shown
                  for rect in self.hint_rects(move)]  # type: ignore[attr-defined]
        return rects

    def place_note(self) -> None:
        """The note's words and box. The first place that hides nothing it points at and none of the other
        seats: a wide strip along the top (Continue at its right end), then over a side panel (Continue
        below the words), then a strip across the middle or the foot, then narrower strips between the side
        panels; the top strip if none is free."""
        note = self.note
        if note is None:
            return
        lay, geo = self.layout, self.geo  # type: ignore[attr-defined]
        pointed = self.pointed()
        placing = (tr(self.tutorial.key(note)), lay.width, lay.height, lay.font_body, tuple(map(tuple, pointed)))
        if placing == self.placed_for:
            return
        self.placed_for = placing
        seats = [Rect(geo.plate(seat)) for seat in geo.others]
        panels = geo.panels()
        strip = min(lay.width - lay.px(4), lay.px(164))
        between = min((abs(panel.centerx - lay.width // 2) - panel.w // 2 for panel in panels), default=0) * 2
        tops = (lay.px(1), None, -lay.px(1))
        places = [self.note_box(strip, tops[0], beside=True)]
        places += [self.note_box(panel.w, panel.y, beside=False, x=panel.x, most=panel.h) for panel in panels]
        places += [self.note_box(strip, top, beside=True) for top in tops[1:]]
        places += [self.note_box(between - lay.px(2), top, beside=True) for top in tops if between > lay.px(60)]
        fitting = [place for place in places if place is not None]
        free = [place for place in fitting if not any(place[0].colliderect(r) for r in pointed)]
        clear = [place for place in free if not any(place[0].colliderect(r) for r in seats)]
        box, lines, beside = (clear or free or fitting)[0]
        self.note_rect, self.note_lines = box, lines
        pad = lay.px(1.6)
        self.continue_button.visible = not note.moves
        self.continue_button.rect = pygame.Rect(0, 0, lay.px(22), lay.px(6))
        if beside:
            self.continue_button.rect.midright = (box.right - pad, box.centery)
        else:
            self.continue_button.rect.bottomright = (box.right - pad, box.bottom - pad)

    def note_box(self, width: int, top: int | None, beside: bool, x: int | None = None,
                 most: int | None = None) -> tuple[Rect, list[str], bool] | None:
        """The note ``width`` pixels wide at ``top`` (None: the middle; negative: that far from the foot),
        centred or at ``x``, its words wrapped, Continue ``beside`` them or below; None if it would be taller
        than ``most``."""
        note, lay = self.note, self.layout  # type: ignore[attr-defined]
        assert note is not None
        pad = lay.px(1.6)
        button_w = lay.px(22) if not note.moves and beside else 0
        lines = fonts.wrap(tr(self.tutorial.key(note)), lay.font_body, width - 2 * pad - (button_w + pad if button_w else 0))
        height = len(lines) * fonts.font(lay.font_body).get_linesize() + 2 * pad + lay.px(2.6)
        if not note.moves and not beside:
            height += lay.px(6) + pad
        if most is not None and height > most:
            return None
        box = Rect(0, 0, width, height)
        box.centerx = lay.width // 2 if x is None else x + width // 2
        box.y = (lay.height - height) // 2 if top is None else top if top >= 0 else lay.height - height + top
        return box, lines, beside

    # ----- scene --------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)  # type: ignore[misc]
        self.place_note()

    def resize(self, layout) -> None:
        super().resize(layout)  # type: ignore[misc]
        if hasattr(self, "note_form"):
            self.place_note()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.reading and self.note_shown:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.next_note()
                return None
            if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                if self.note_form.handle_event(event) is None:
                    return None
        return super().handle_event(event)  # type: ignore[misc]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)  # type: ignore[misc]
        if not self.note_shown:
            return
        lay = self.layout  # type: ignore[attr-defined]
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
        box = self.note_rect
        paint.panel(surface, box, lay.px(1.5), alpha=240)
        pygame.draw.rect(surface, GOLD, box, max(2, lay.px(0.35)), border_radius=lay.px(1.5))
        pad = lay.px(1.6)
        paint.text(surface, tr("tutorial.step", n=self.note_index + 1, total=len(self.tutorial.notes)),
                   lay.font_small, (box.x + pad, box.y + pad // 2), GOLD, True, "topleft")
        y = box.y + pad // 2 + lay.px(2.6)
        line_h = fonts.font(lay.font_body).get_linesize()
        for line in self.note_lines:
            paint.text(surface, line, lay.font_body, (box.x + pad, y), TEXT, anchor="topleft")
            y += line_h
        if self.reading:
            self.note_form.draw(surface, lay)


@lru_cache(maxsize=None)
def _guided_class(table: type) -> type:
    return type(f"Guided{table.__name__}", (TutorialGuide, table), {})


def open_tutorial(app, game_id: str, exit_at_end: bool = False):
    """The guided first game of ``game_id`` on its table; raises ``ConfigError`` for a bad script."""
    from ..tables import table_for

    table = table_for(game_id)
    if table is None:
        raise UnknownScene(f"no table for {game_id!r}")
    return _guided_class(table)(app, load_tutorial(game_id), exit_at_end)
