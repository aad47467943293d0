"""The replay viewer: a stored game shown again on its own table.

The viewer is the game's table watching a :class:`Match` built from the
record cut at move ``at``: every seat is a person to the match and the
viewer submits the record's next move through ``match.submit``, as a player
would. So the table draws from one seat's view as always (or the public
view), and stepping back, jumping to a round or changing whose view to
watch builds the table again from the record cut at the new move.

A game's table class gets the :class:`ReplayControls` mixed in front of it:
a row of buttons (and keys) over the table, and no saving, no statistics
and no human turns.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

import pygame

from ...engine.records import Record, Seat, replay
from ...registry import GAMES
from ...storage import SPEEDS
from .. import paint
from ..i18n import tr
from ..layout import TEXT
from ..tween import SPEED_FACTORS
from ..widgets import Button, Form
from . import UnknownScene

#: The player every seat gets in the cut record: no computer plays it, no human acts.
REPLAYED = "replayed"
#: Seconds between two moves at normal speed, after the animations of the first.
MOVE_GAP = 0.6


def round_starts(record: Record) -> tuple[int, ...]:
    """Where each round begins, as a number of moves: 0, then after every move that deals again
    (its events repeat the kind of the game's opening deal). That a deal happened is public."""
    dealt = replay(replace(record, moves=()), GAMES).opening
    if not dealt:
        return (0,)
    deal_kind = dealt[0].kind
    deals: list[bool] = []
    replay(record, GAMES, on_step=lambda _state, events: deals.append(any(e.kind == deal_kind for e in events)))
    return (0,) + tuple(i + 1 for i, deal in enumerate(deals) if deal and i + 1 < len(record.moves))


class ReplayControls:
    """Mixed in before a game's table class: the table becomes the replay viewer."""

    keeps_record = False

    def __init__(self, app, record: Record, at: int = 0, seat: int | None = None, playing: bool = True,
                 speed: str | None = None, speed_before: str | None = None,
                 rounds: tuple[int, ...] | None = None, exit_at_end: bool = False) -> None:
        self.script = record
        self.speed = speed  # the viewer's speed, kept when it is built again
        self.shown_seat = seat
        self.playing = playing
        self.speed_before = speed_before if speed_before is not None else app.speed_override or ""
        self.rounds = rounds if rounds is not None else round_starts(record)
        self.wait = 0.0
        cut = replace(record, moves=record.moves[:max(0, min(at, len(record.moves)))],
                      seats=tuple(Seat(s.name, REPLAYED) for s in record.seats))
        super().__init__(app, cut, exit_at_end)  # type: ignore[call-arg]
        self.viewer = seat
        self.view = self.match.view(seat)
        self.replay_form = Form(self.controls())

    # ----- the table's hooks -------------------------------------------
    @property
    def watching(self) -> int | None:
        """The seat chosen to watch from, already while the table is being built."""
        return self.shown_seat

    def seat_agents(self, record, personalities) -> dict[int, Any]:
        return {}

    def offer_human_turn(self) -> None:
        self.acting, self.legal = None, ()

    def take_computer_move(self) -> bool:
        """While playing, make the record's next move once the gap after the last one is over."""
        if not self.playing or self.wait > 0 or self.at_end:
            return False
        self.next_move()
        return True

    def finish(self) -> None:
        """The end of the record: stop and stay on the table (no results screen), or quit when told to."""
        if self.exit_at_end and not self.finished:
            self.app.quit()
            return
        self.finished = True
        self.playing = False
        self.acting, self.legal = None, ()

    def update(self, dt: float) -> None:
        if self.playing and self.queue.idle and not self.pending:
            self.wait -= dt
        super().update(dt)  # type: ignore[misc]

    def resting(self) -> bool:
        """Paused or at the end, with every card in place."""
        return not self.playing and not self.busy

    def exit(self) -> None:
        super().exit()  # type: ignore[misc]
        self.app.speed_override = self.speed_before or None

    # ----- moving through the record -----------------------------------
    @property
    def at(self) -> int:
        return self.match.moves_made

    @property
    def at_end(self) -> bool:
        return self.at >= len(self.script.moves)

    @property
    def round_index(self) -> int:
        return max(i for i, start in enumerate(self.rounds) if start <= self.at)

    def next_move(self) -> None:
        """Submit the record's next move through the match, as its player did."""
        seat, text = self.script.moves[self.at]
        self.apply(seat, self.game.parse_move(text))
        self.wait = MOVE_GAP * SPEED_FACTORS[self.app.speed]

    def rebuild(self, at: int, seat: int | None = None, playing: bool = False) -> None:
        """The table again, from the record cut at move ``at``."""
        self.app.stack.switch("replay", record=self.script, at=at, seat=seat, playing=playing,
                              speed=self.app.speed, speed_before=self.speed_before, rounds=self.rounds,
                              exit_at_end=self.exit_at_end)

    def toggle_play(self) -> None:
        if self.at_end:
            self.rebuild(0, self.viewer, playing=True)
            return
        self.playing = not self.playing
        self.wait = 0.0

    def step_forward(self) -> None:
        self.playing = False
        self.skip_animations()
        if not self.at_end:
            self.next_move()
            self.advance()

    def step_back(self) -> None:
        if self.at > 0:
            self.rebuild(self.at - 1, self.viewer)

    def next_round(self) -> None:
        if self.round_index + 1 < len(self.rounds):
            self.rebuild(self.rounds[self.round_index + 1], self.viewer, self.playing)

    def previous_round(self) -> None:
        """To the start of this round; from there, to the start of the one before."""
        start = self.rounds[self.round_index]
        self.rebuild(start if self.at > start else self.rounds[max(0, self.round_index - 1)], self.viewer,
                     self.playing)

    def change_speed(self) -> None:
        self.app.speed_override = SPEEDS[(SPEEDS.index(self.app.speed) + 1) % len(SPEEDS)]

    def change_view(self) -> None:
        """The next seat's view; after the last seat, the public view."""
        seats: list[int | None] = [*range(len(self.names)), None]
        self.rebuild(self.at, seats[(seats.index(self.viewer) + 1) % len(seats)], self.playing)

    def close_viewer(self) -> None:
        self.app.stack.pop()

    # ----- controls ----------------------------------------------------
    def controls(self) -> list[Button]:
        return [
            Button("replay.round_back", self.previous_round),
            Button("replay.step_back", self.step_back),
            Button(lambda: tr("replay.pause" if self.playing else "replay.play"), self.toggle_play, primary=True),
            Button("replay.step_forward", self.step_forward),
            Button("replay.round_forward", self.next_round),
            Button(lambda: tr("replay.speed", speed=tr(f"speed.{self.app.speed}")), self.change_speed),
            Button(lambda: tr("replay.view", name=self.viewer_name()), self.change_view),
            Button("common.back", self.close_viewer),
        ]

    def viewer_name(self) -> str:
        return self.names[self.viewer] if self.viewer is not None else tr("replay.public")

    #: key -> what it does, for the keyboard
    KEYS = {pygame.K_SPACE: "toggle_play", pygame.K_RIGHT: "step_forward", pygame.K_LEFT: "step_back",
            pygame.K_PAGEDOWN: "next_round", pygame.K_PAGEUP: "previous_round", pygame.K_s: "change_speed",
            pygame.K_v: "change_view", pygame.K_ESCAPE: "close_viewer"}

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in self.KEYS:
            getattr(self, self.KEYS[event.key])()
            return None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            return self.replay_form.handle_event(event)
        return None

    def resize(self, layout) -> None:
        super().resize(layout)  # type: ignore[misc]
        if hasattr(self, "replay_form"):
            self.place_controls()

    def enter(self) -> None:
        if self.speed is not None:
            self.app.speed_override = self.speed
        self.place_controls()
        super().enter()  # type: ignore[misc]

    #: Widths of the buttons and of the status line before them, in layout units.
    BUTTON_WIDTHS = (12, 11, 14, 11, 12, 20, 24, 10)
    STATUS_WIDTH = 44
    GAP = 1.0

    def place_controls(self) -> None:
        """One row along the bottom edge, the status line first, so the table stays in view."""
        lay = self.layout
        total = self.STATUS_WIDTH + sum(self.BUTTON_WIDTHS) + self.GAP * len(self.BUTTON_WIDTHS)
        x = lay.width / 2 - lay.px(total) / 2 + lay.px(self.STATUS_WIDTH + self.GAP)
        for button, width in zip(self.replay_form.widgets, self.BUTTON_WIDTHS):
            button.rect = pygame.Rect(round(x), lay.height - lay.px(5.4), lay.px(width), lay.px(4.8))
            x += lay.px(width + self.GAP)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)  # type: ignore[misc]
        lay = self.layout
        first, last = self.replay_form.widgets[0].rect, self.replay_form.widgets[-1].rect
        left = first.x - lay.px(self.STATUS_WIDTH + self.GAP)
        bar = pygame.Rect(left - lay.px(1), first.y - lay.px(0.5), last.right - left + lay.px(2), lay.px(5.8))
        paint.panel(surface, bar, lay.px(1.0), alpha=215)
        status = tr("replay.status", move=self.at, moves=len(self.script.moves), round=self.round_index + 1,
                    rounds=len(self.rounds), number=self.script.seed)
        paint.text(surface, status, lay.font_small, (left + lay.px(0.5), first.centery), TEXT, anchor="midleft",
                   max_width=lay.px(self.STATUS_WIDTH))
        self.replay_form.draw(surface, lay)


@lru_cache(maxsize=None)
def _viewer_class(table: type) -> type:
    return type(f"Replay{table.__name__}", (ReplayControls, table), {})


def open_replay(app, record: Record, **kwargs: Any):
    """The replay viewer for ``record`` on its game's table (``at``, ``seat``, ``playing`` as in ReplayControls)."""
    from ..tables import table_for

    table = table_for(record.game)
    if table is None:
        raise UnknownScene(f"no table for {record.game!r}")
    return _viewer_class(table)(app, record, **kwargs)
