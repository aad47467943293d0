"""The replay viewer: a stored game shown again on its own table.

The viewer is the game's table in a :class:`~.modes.ReplayMode`, watching a :class:`Match` built
from the record cut at move ``at``: every seat is a person to the match and the mode submits the record's
next move through ``match.submit``, as a player would. So the table draws from one seat's view as always (or
the public view), and stepping back, jumping to a round or changing whose view to watch builds the table
again from the record cut at the new move. :class:`ReplayBar` is the row of buttons (and keys) under the
table; opened from a game review, it rings the move played and the best move at the reviewed position, and a
legend above the controls names each ring's move, its value and what the move played cost.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...ai.review import DecisionReview, scale
from ...engine.records import Record
from ...storage import SPEEDS
from .. import fonts, paint
from ..i18n import decimal, tr
from ..layout import DANGER, FELT_DARK, HINT, TEXT, TEXT_DIM, Layout
from ..move_words import move_words, verdict_words
from . import table_for
from .base import TableScene
from .modes import PracticeMode, ReplayMode, practice_record
from .practice import PracticeMark
from .overlay import Overlay
from ..widgets import Button, Form, draw_button, label_room, label_text
from ..scenes import UnknownScene


class ReplayBar(Overlay):
    """The replay viewer's controls along the bottom of the window, below the table, with a status line."""

    #: Widths of the buttons and of the status line before them, in layout units.
    BUTTON_WIDTHS = (12, 11, 14, 11, 12, 16, 20, 19, 10)
    STATUS_WIDTH = 38
    GAP = 1.0
    #: Height of the row of controls along the bottom of the window, in units.
    BAR_HEIGHT = 6.6
    #: The legend of a reviewed decision's rings: the gap around its entries and the width of each ring's sample.
    LEGEND_GAP, SAMPLE_WIDTH = 1.2, 4.0

    def __init__(self, table: TableScene, mode: ReplayMode, speed: str | None, speed_before: str | None,
                 reviewed: DecisionReview | None = None) -> None:
        self.table = table
        self.mode = mode
        self.reviewed = reviewed  # a game review's decision, whose two moves are ringed at its position
        parse = table.game.parse_move
        self.marks = None if reviewed is None else (reviewed.index, parse(reviewed.played), parse(reviewed.best))
        self.rings: list[tuple[pygame.Rect, Any]] = []  # (where, colour) of each ringed move
        self.speed = speed  # the viewer's speed, kept when it is built again
        self.speed_before = speed_before if speed_before is not None else table.app.speed_override or ""
        self.buttons = self.controls()
        self.form = Form(list(self.buttons))
        #: key -> what it does, for the keyboard
        self.keys = {pygame.K_SPACE: self.toggle_play, pygame.K_RIGHT: self.step_forward,
                     pygame.K_LEFT: self.step_back, pygame.K_PAGEDOWN: self.next_round,
                     pygame.K_PAGEUP: self.previous_round, pygame.K_s: self.change_speed,
                     pygame.K_v: self.change_view, pygame.K_ESCAPE: self.close_viewer}

    # ----- moving through the record -----------------------------------
    @property
    def at(self) -> int:
        return self.table.match.moves_made

    def rebuild(self, at: int, seat: int | None = None, playing: bool = False) -> None:
        """The table again, from the record cut at move ``at``."""
        mode, app = self.mode, self.table.app
        app.stack.switch("replay", record=mode.script, at=at, seat=seat, playing=playing, speed=app.speed,
                         speed_before=self.speed_before, rounds=mode.rounds, exit_at_end=mode.exit_at_end,
                         reviewed=self.reviewed)

    def toggle_play(self) -> None:
        mode = self.mode
        if mode.at_end(self.table.control):
            self.rebuild(0, self.table.viewer, playing=True)
            return
        mode.playing = not mode.playing
        mode.wait = 0.0

    def step_forward(self) -> None:
        self.mode.playing = False
        self.table.skip_animations()
        if not self.mode.at_end(self.table.control):
            self.mode.play_next(self.table.control)
            self.table.advance()

    def step_back(self) -> None:
        if self.at > 0:
            self.rebuild(self.at - 1, self.table.viewer)

    def next_round(self) -> None:
        index = self.mode.round_index(self.at)
        if index + 1 < len(self.mode.rounds):
            self.rebuild(self.mode.rounds[index + 1], self.table.viewer, self.mode.playing)

    def previous_round(self) -> None:
        """To the start of this round; from there, to the start of the one before."""
        rounds, index = self.mode.rounds, self.mode.round_index(self.at)
        start = rounds[index]
        self.rebuild(start if self.at > start else rounds[max(0, index - 1)], self.table.viewer, self.mode.playing)

    def change_speed(self) -> None:
        app = self.table.app
        app.speed_override = SPEEDS[(SPEEDS.index(app.speed) + 1) % len(SPEEDS)]

    def change_view(self) -> None:
        """The next seat's view; after the last seat, the public view."""
        seats: list[int | None] = [*range(len(self.table.names)), None]
        self.rebuild(self.at, seats[(seats.index(self.table.viewer) + 1) % len(seats)], self.mode.playing)

    def close_viewer(self) -> None:
        self.table.app.stack.pop()

    def play_on(self) -> None:
        """Play the rest of the game from here, as a practice game (``PracticeMode``), in the seat watched (the
        first person's when the table alone is shown) against the same computer players."""
        from ...ai.review import first_person

        table, script = self.table, self.mode.script
        seat = table.viewer if table.viewer is not None else first_person(script)
        scene = table_for(script.game)
        assert scene is not None  # the viewer stands on this game's table
        table.app.stack.push(scene(table.app, practice_record(script, self.at, seat), mode=PracticeMode(),
                                   overlay=PracticeMark))

    # ----- the overlay --------------------------------------------------
    def controls(self) -> list[Button]:
        app = self.table.app
        return [
            Button("replay.round_back", self.previous_round),
            Button("replay.step_back", self.step_back),
            Button(lambda: tr("replay.pause" if self.mode.playing else "replay.play"), self.toggle_play, primary=True),
            Button("replay.step_forward", self.step_forward),
            Button("replay.round_forward", self.next_round),
            Button(lambda: tr("replay.speed", speed=tr(f"speed.{app.speed}")), self.change_speed),
            Button(lambda: tr("replay.view", name=self.viewer_name()), self.change_view),
            Button("replay.play_on", self.play_on),
            Button("common.back", self.close_viewer),
        ]

    def viewer_name(self) -> str:
        viewer = self.table.viewer
        return self.table.names[viewer] if viewer is not None else tr("replay.public")

    def enter(self) -> None:
        if self.speed is not None:
            self.table.app.speed_override = self.speed

    def exit(self) -> None:
        self.table.app.speed_override = self.speed_before or None

    def bottom_bar(self, window: Layout) -> int:
        """The table is drawn above the row of controls and a reviewed decision's legend, so they hide none of it."""
        return window.px(self.BAR_HEIGHT) + self.legend_height(window)

    # ----- the legend of the rings ----------------------------------------
    def legend(self) -> list[tuple[Any, str]]:
        """Each ring's colour and what it stands for: the best move and its value, then the move played, its value
        and its verdict with what it cost (one entry when the seat played the best move)."""
        d = self.reviewed
        if d is None:
            return []
        game, names = self.mode.script.game, self.table.names
        played = move_words(game, d.played, names, d.played_reason)
        if d.played == d.best:
            return [(HINT, tr("review.ring_same", move=played, value=decimal(d.played_value, signed=True)))]
        return [(HINT, tr("review.ring_best", move=move_words(game, d.best, names, d.reason),
                          value=decimal(d.best_value, signed=True))),
                (DANGER, tr("review.ring_played", move=played, value=decimal(d.played_value, signed=True),
                            verdict=verdict_words(d.size, d.cost, scale(game).unit)))]

    def legend_rows(self, window: Layout) -> list[list[tuple[Any, str]]]:
        """The legend's entries on one row where they fit side by side in the window, else one entry a row."""
        entries = self.legend()
        face, gap = fonts.font(window.font_small, True), window.px(self.LEGEND_GAP)
        widths = [window.px(self.SAMPLE_WIDTH) + gap + face.size(fonts.shown(words))[0] for _, words in entries]
        fits = sum(widths) + 2 * gap * len(entries) <= window.width  # with a gap's margin at each edge
        return [entries] if fits and entries else [[entry] for entry in entries]

    def legend_height(self, window: Layout) -> int:
        """A line of the small text per row of the legend (its leading keeps the rows off the table and the bar)."""
        return len(self.legend_rows(window)) * fonts.font(window.font_small, True).get_linesize()

    def draw_legend(self, surface: pygame.Surface, window: Layout) -> None:
        """The legend's rows between the table and the controls, each entry a sample of its ring and its words, in
        the ring's colour at the reviewed position and dimmed elsewhere (where nothing is ringed)."""
        rows = self.legend_rows(window)
        if not rows:
            return
        line, gap = fonts.font(window.font_small, True).get_linesize(), window.px(self.LEGEND_GAP)
        sample_width, room = window.px(self.SAMPLE_WIDTH), window.width - 2 * gap
        face = fonts.font(window.font_small, True)
        y = self.table.layout.height + line // 2
        for row in rows:
            widths = [min(face.size(fonts.shown(words))[0], room - sample_width - gap) for _, words in row]
            x = (window.width - sum(widths) - (sample_width + 3 * gap) * len(row) + 2 * gap) // 2
            for (colour, words), width in zip(row, widths):
                shown = colour if self.rings else TEXT_DIM
                sample = pygame.Rect(x, y - line // 4, sample_width, line // 2)
                pygame.draw.rect(surface, shown, sample, width=max(2, window.px(0.45)), border_radius=window.px(0.6))
                x = sample.right + gap
                paint.text(surface, words, window.font_small, (x, y), shown, bold=True, anchor="midleft",
                           max_width=width)
                x += width + 2 * gap
            y += line

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The viewer's keys and buttons, the log and the look back; of the rest only the help's key reaches the
        table (nothing reaches its moves)."""
        if event.type == pygame.KEYDOWN and event.unicode == "?":
            return event
        if event.type == pygame.KEYDOWN and event.key in self.keys:
            self.keys[event.key]()
            return None
        corner = self.table.corner
        if corner.log_event(event) or corner.look_back_event(event):
            return None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.form.handle_event(event)
        return None

    def place(self) -> None:
        """One row along the bottom edge of the window, the status line first, below the table; the rings of a
        reviewed decision."""
        self.place_rings()
        lay = self.table.window
        total = self.STATUS_WIDTH + sum(self.BUTTON_WIDTHS) + self.GAP * len(self.BUTTON_WIDTHS)
        x = lay.width / 2 - lay.px(total) / 2 + lay.px(self.STATUS_WIDTH + self.GAP)
        for button, width in zip(self.buttons, self.BUTTON_WIDTHS):
            button.rect = pygame.Rect(round(x), lay.height - lay.px(5.4), lay.px(width), lay.px(4.8))
            x += lay.px(width + self.GAP)

    def place_rings(self) -> None:
        """At the reviewed position, with the cards at rest: the watched seat is offered its moves, so the table
        shows them as at that seat's turn (no click reaches them: the bar keeps every event), and the two
        reviewed moves are found among them as a hint's move is. Elsewhere nothing is offered or ringed."""
        table, marks, control = self.table, self.marks, self.table.control
        self.rings = []
        if marks is None or self.at != marks[0] or table.busy or table.viewer is None:
            if control.acting is not None:
                control.offer(None)
            return
        control.offer(table.viewer)
        at, played_move, best_move = marks
        best = table.hint_rects(best_move)
        played = [rect for rect in table.hint_rects(played_move) if rect not in best]  # a shared place: best
        self.rings = [(rect, HINT) for rect in best] + [(rect, DANGER) for rect in played]

    def draw_rings(self, surface: pygame.Surface) -> None:
        """Each reviewed move ringed in its colour; the legend says which is which."""
        for rect, colour in self.rings:
            self.table.cards.outline(surface, rect, colour, 0.7)

    def draw(self, surface: pygame.Surface) -> None:
        table, mode = self.table, self.mode
        self.draw_rings(surface)
        lay = table.window
        surface.fill(FELT_DARK, pygame.Rect(0, table.layout.height, lay.width, lay.height - table.layout.height))
        self.draw_legend(surface, lay)
        first, last = self.buttons[0].rect, self.buttons[-1].rect
        left = first.x - lay.px(self.STATUS_WIDTH + self.GAP)
        bar = pygame.Rect(left - lay.px(1), first.y - lay.px(0.5), last.right - left + lay.px(2), lay.px(5.8))
        paint.panel(surface, bar, lay.px(1.0), alpha=215)
        status = tr("replay.status", move=self.at, moves=len(mode.script.moves), round=mode.round_index(self.at) + 1,
                    rounds=len(mode.rounds), number=mode.script.seed)
        paint.text(surface, status, lay.font_small, (left + lay.px(0.5), first.centery), TEXT, anchor="midleft",
                   max_width=lay.px(self.STATUS_WIDTH))
        self.draw_controls(surface, lay)

    def draw_controls(self, surface: pygame.Surface, lay: Layout) -> None:
        """The buttons, their labels all in one size: the largest at which every label fits."""
        form = self.form
        labels = [label_text(button.label) for button in self.buttons]
        size = min(fonts.fit(label, lay.font_body, label_room(lay, button.rect), bold=True)
                   for label, button in zip(labels, self.buttons))
        for button, label in zip(self.buttons, labels):
            draw_button(surface, button.rect, lay, label, button is form.focused,
                        button is form.hover and button.enabled, button.enabled, button.primary, size=size)


def open_replay(app: Any, record: Record, at: int = 0, seat: int | None = None, playing: bool = True,
                speed: str | None = None, speed_before: str | None = None, rounds: tuple[int, ...] | None = None,
                exit_at_end: bool = False, reviewed: DecisionReview | None = None) -> TableScene:
    """The replay viewer for ``record`` on its game's table, cut at move ``at``, watched from ``seat``, ringing
    the moves of the ``reviewed`` decision (a game review's) at its position."""
    table = table_for(record.game)
    if table is None:
        raise UnknownScene(f"no table for {record.game!r}")
    mode = ReplayMode(record, seat, playing, rounds, exit_at_end)
    return table(app, mode.cut(at), exit_at_end, mode=mode,
                 overlay=lambda viewer: ReplayBar(viewer, mode, speed, speed_before, reviewed))
