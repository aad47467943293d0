"""The generic table: a front end of one :class:`~fiftyfifty_desktop.engine.match.Match`.

The match plays the computer seats on worker threads (with the opponent's
``think`` pause) and saves the record after every move; the table keeps
drawing meanwhile. It watches the match from the seat at the screen (the
public view when no one or several people play), so it only ever holds
that seat's view and the steps that seat may see. It turns those steps'
events into animations, shows the hand-over screen before a person acts
on private cards, takes people's moves through ``match.submit`` and opens
the round summary and the results.

A game's table subclasses :class:`TableScene` and supplies only what is
particular to it:

* ``make_geometry()`` - where things sit for the current ``self.layout``
  (``self.geo`` caches it; ``self.live`` follows it through a resize);
* ``sync()`` - rebuild the picture from ``self.view`` (called whenever the
  animation queue is idle and new moves were made);
* ``on_<event kind>(event, ctx)`` - called by ``animate``: queue the
  animations for one event, changing the picture in their
  ``on_start``/``on_finish`` callbacks; ``ctx`` says who moved, how (when
  the watching seat may see it) and holds the view just after the move;
  ``fly`` moves a card from one rect to another;
* ``choices()`` - the legal moves a human may pick now, each with the rect
  a click takes (the base turns clicks, arrow keys and Enter into moves);
* ``paint_backdrop(image)`` - what never moves, painted once per size;
* ``draw_table(surface)`` - paint the picture, then ``draw_running``;
* optionally ``move_for_key(event)``, ``needs_handover(seat)``,
  ``prompt()``, ``card_image(card, w, h)``.
"""

from __future__ import annotations

import sys
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

import pygame

from ...ai import load_personalities
from ...ai.worker import make_table_agent
from ...config import ConfigError
from ...engine import Event, GameError, Move
from ...engine.match import ComputerFailed, Match, Step
from ...engine.records import Record
from ...registry import GAMES
from ...stats_db import FINISHED
from ...storage import StorageError
from .. import paint
from ..cards import back, card_size, face
from ..i18n import tr
from ..layout import GOLD, Layout
from ..scene import Scene
from ..scenes.results import ranking
from ..scenes.setup import new_game_number
from ..scenes.summary import ScoreLine
from ..tween import SPEED_FACTORS, Animation, AnimationQueue, ease_in_out_cubic, lerp

Rect = pygame.Rect

HUMAN = "human"
#: Seconds a summary stays up by itself when no human sits at the table (normal speed).
AUTO_SUMMARY = 2.5
AUTO_RESULTS = 3.0
#: Seconds a frame may wait for a computer seat's answer before drawing on.
QUICK_ANSWER = 0.002


@dataclass(frozen=True)
class MoveContext:
    """What an event's animation may need beyond the event: who moved, how, and
    the watching seat's view just after the move."""

    seat: int | None  # None for the opening deal
    move: Move | None  # None for the deal, and for a move the watching seat may not see
    view: Any


class TableGeometry:
    """What every table's geometry measures with: the layout's units in pixels and a card's rect."""

    def __init__(self, layout: Layout) -> None:
        self.lay = layout
        self.cx = layout.width / 2

    def px(self, units: float) -> float:
        return units * self.lay.u

    def card_rect(self, centre: tuple[float, float], height: float) -> Rect:
        w, h = card_size(round(height))
        r = Rect(0, 0, w, h)
        r.center = (round(centre[0]), round(centre[1]))
        return r


class LiveGeometry:
    """Forwards to the table's current geometry, so a card in flight follows a resized window."""

    def __init__(self, table: TableScene) -> None:
        self._table = table

    def __getattr__(self, name: str):
        return getattr(self._table.geo, name)


class TableScene(Scene):
    is_table = True  # how the scenes above find the table (the hand-over's Esc opens its pause)
    #: The table saves its game after every move and stores it in the statistics at the end
    #: (False for a table that shows a stored game again).
    keeps_record = True

    def __init__(self, app, record: Record, exit_at_end: bool = False) -> None:
        super().__init__(app)
        self.game = GAMES[record.game]
        self.exit_at_end = exit_at_end
        self.names = [seat.name for seat in record.seats]
        self.humans = [i for i, seat in enumerate(record.seats) if seat.player == HUMAN]
        try:
            personalities = load_personalities()
        except ConfigError:
            personalities = ()
        self.think = {p.id: p.think for p in personalities}
        agents = self.seat_agents(record, personalities)
        self.queue = AnimationQueue(lambda: self.app.speed)
        self.pending: deque[tuple[MoveContext, Event]] = deque()
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.acting: int | None = None  # the human seat whose move the table waits for
        self.legal: tuple[Move, ...] = ()
        self.match = Match(self.game, record, agents, threaded=True, pause=self.thinking_pause, keeper=self)
        self.view: Any = self.match.view(self.viewer)  # what the seat at the screen sees now
        self.live = LiveGeometry(self)
        self.cursor: int | None = None  # keyboard selection among choices()
        self._geo: tuple[Any, Any] | None = None
        self._backdrop: tuple[Any, pygame.Surface] | None = None
        self.mouse = (-1, -1)
        self.message = ""
        self.finished = False
        self.synced = False
        self.started = time.monotonic()  # for the time played, kept in the statistics
        self.match.watch(self)

    @property
    def record(self) -> Record:
        return self.match.record

    @property
    def watching(self) -> int | None:
        """The seat whose view the screen shows (None: what every seat sees)."""
        return self.viewer

    def seat_agents(self, record: Record, personalities) -> dict[int, Any]:
        """The computer player of every seat no human plays."""
        return {i: make_table_agent(seat.player, self.game, i, record.seed, personalities)
                for i, seat in enumerate(record.seats) if seat.player != HUMAN}

    def on_step(self, step: Step, view: Any) -> None:
        """The match made a move (or dealt): queue its events to be animated."""
        ctx = MoveContext(step.seat, step.move, view)
        self.pending.extend((ctx, event) for event in step.events)
        self.view = view
        self.synced = False
        if step.seat is not None:
            self.app.sounds.play("card")

    def thinking_pause(self, seat: int) -> float:
        """How long a computer seat seems to think, at the current animation speed."""
        return self.think.get(self.record.seats[seat].player, 0.5) * SPEED_FACTORS[self.app.speed]

    def enter(self) -> None:
        """Show the position at once (unless a first deal is still to be animated), and save,
        so even a game closed before its first move can be continued."""
        super().enter()
        if not self.pending:
            self.sync()
            self.synced = True
        if self.keeps_record:
            self.app.abandon_saved_game(self.record)
            self.save(self.record)

    def exit(self) -> None:
        """Leaving the table stops the computer seats still thinking."""
        self.match.close()
        super().exit()

    # ----- per-game hooks ------------------------------------------------
    def make_geometry(self) -> Any:
        """Where everything sits for ``self.layout`` and ``self.viewer``."""
        raise NotImplementedError

    def sync(self) -> None:
        """Rebuild the picture from ``self.view``."""
        raise NotImplementedError

    def animate(self, event: Event, ctx: MoveContext) -> None:
        """Queue the animations of one event: ``on_<event.kind>(event, ctx)``, or
        ``on_other_event`` for a kind the table shows by the next ``sync`` alone."""
        handler = getattr(self, f"on_{event.kind}", None)
        if handler is None:
            handler = self.on_other_event
        handler(event, ctx)

    def on_other_event(self, event: Event, ctx: MoveContext) -> None:
        """An event with no animation of its own; every kind that lands here is named in
        ``QUIET_EVENTS``, so a new kind without a handler is noticed (a test checks it)."""
        if event.kind not in self.QUIET_EVENTS:
            raise NotImplementedError(f"{type(self).__name__} has no on_{event.kind} for {event!r}")

    #: Event kinds the table shows by the next ``sync`` alone, with no animation.
    QUIET_EVENTS: frozenset[str] = frozenset()

    def choices(self) -> list[tuple[Move, Rect]]:
        """The moves a human may pick now, each with its clickable rect, in on-screen order.

        Only moves in ``self.legal`` belong here; empty while animations run.
        """
        return []

    def paint_backdrop(self, image: pygame.Surface) -> None:
        """Paint what never moves (panels, empty places) over the felt."""

    def backdrop_key(self) -> Any:
        """Anything besides size and viewer that changes the backdrop."""
        return None

    def draw_table(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def card_image(self, card: Any, width: int, height: int) -> pygame.Surface:
        """The face of ``card`` (the back when ``card`` is None)."""
        return face(self.game.id, card, width, height) if card is not None else back(width, height)

    def needs_handover(self, seat: int) -> bool:
        """Whether ``seat`` sees private cards when acting (then others must look away)."""
        return True

    def result_details(self) -> tuple[str, ...]:
        """A short note per seat for the results screen, beside the score (none by default)."""
        return ()

    def prompt(self) -> str:
        """What the table is waiting for, in a few words."""
        if self.finished:
            return tr("table.game_over")
        if self.acting is not None:
            return tr("table.your_turn", name=self.names[self.acting])
        thinking = self.match.thinking()
        if thinking:
            return tr("table.thinking", name=self.names[thinking[0]])
        return ""

    # ----- geometry and input ---------------------------------------------
    @property
    def geo(self) -> Any:
        key = (self.layout, self.viewer)
        if self._geo is None or self._geo[0] != key:
            self._geo = (key, self.make_geometry())
        return self._geo[1]

    def hovered(self) -> int | None:
        """Index in ``choices()`` under the mouse (the topmost wins where rects overlap)."""
        found = None
        for i, (_, rect) in enumerate(self.choices()):
            if rect.collidepoint(self.mouse):
                found = i
        return found

    def selected(self) -> int | None:
        """The choice under the mouse, else the one picked with the arrow keys."""
        hover = self.hovered()
        return hover if hover is not None else self.cursor

    def move_at(self, pos: tuple[int, int]) -> Move | None:
        """The legal move under the mouse, if any."""
        self.mouse = pos
        i = self.hovered()
        return None if i is None else self.choices()[i][0]

    def move_for_key(self, event: pygame.event.Event) -> Move | None:
        """Arrow keys move a selection through ``choices()``; Enter takes it."""
        choices = self.choices()
        if not choices:
            return None
        if event.key in (pygame.K_LEFT, pygame.K_UP):
            self.cursor = (len(choices) - 1) if self.cursor is None else (self.cursor - 1) % len(choices)
        elif event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.cursor = 0 if self.cursor is None else (self.cursor + 1) % len(choices)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.cursor is not None:
            return choices[min(self.cursor, len(choices) - 1)][0]
        return None

    # ----- the flow ------------------------------------------------------
    @property
    def covered(self) -> bool:
        """Another scene is on top: the table waits (computer seats keep thinking)."""
        return self.app.stack.top is not self

    @property
    def busy(self) -> bool:
        """Animations are running or waiting: input must wait too."""
        return not self.queue.idle or bool(self.pending)

    def update(self, dt: float) -> None:
        self.match.elapse(dt)
        self.queue.update(dt, stop=lambda: self.covered)
        self.advance()

    def resting(self) -> bool:
        """Waiting for a person, with nothing moving and no computer thinking."""
        return self.acting is not None and not self.busy and not self.match.thinking()

    def advance(self) -> None:
        """Play queued events, then hand the turn to whoever must act."""
        while not self.covered:
            if not self.queue.idle:
                return
            if self.pending:
                ctx, event = self.pending.popleft()
                self.animate(event, ctx)
                self.queue.update(0.0, stop=lambda: self.covered)
                continue
            if not self.synced:
                self.sync()
                self.synced = True
            if self.match.over:
                self.finish()
                return
            if self.take_computer_move():
                continue
            self.offer_human_turn()
            return

    def take_computer_move(self) -> bool:
        """Let the computer seats to move think; play one ready move. True if a move was made."""
        try:
            return self.match.poll(wait=QUICK_ANSWER)
        except ComputerFailed as failed:
            self.computer_failed(failed.seat, failed.error)
            return False

    def computer_failed(self, seat: int, error: BaseException) -> None:
        """A computer player stopped with an error: say so in one line and leave the table.

        The game was saved before the failing move, so Continue resumes it; an
        unattended game (``--exit-at-end``) ends with a failing exit status.
        """
        line = tr("table.computer_failed", name=self.names[seat], error=f"{type(error).__name__}: {error}")
        if self.exit_at_end:
            print(line, file=sys.stderr)
            self.app.quit(status=1)
            return
        self.app.notice(line)
        self.app.stack.restart("title")

    def wait_for_thinkers(self, timeout: float = 5.0) -> None:
        """Block until every computer seat has chosen (tests and scripts; never the frame loop)."""
        self.match.wait_for_computers(timeout)

    def offer_human_turn(self) -> None:
        """Let a human act, after a hand-over if someone else was looking at the screen."""
        to_move = self.match.people_to_move()
        if not to_move:
            self.acting, self.legal = None, ()
            return
        seat = self.viewer if self.viewer in to_move else to_move[0]
        if seat != self.viewer and len(self.humans) > 1 and self.needs_handover(seat):
            self.acting, self.legal = None, ()
            self.app.stack.open("handover", name=self.names[seat], on_ready=lambda: self.look(seat))
            return
        if seat != self.viewer:
            self.look(seat)
        self.acting, self.legal = seat, self.match.legal_moves(seat)

    def look(self, seat: int) -> None:
        """``seat`` now sits at the screen."""
        self.viewer = seat
        self.view = self.match.view(seat)
        self.sync()

    def apply(self, seat: int, move: Move) -> None:
        """Play a person's move through the match: the single place a table changes the game."""
        try:
            self.match.submit(seat, move)
        except GameError as exc:
            self.message = str(exc)
            return
        self.cursor = None
        if seat == self.acting:
            self.acting, self.legal = None, ()

    def refusal(self, move: Move) -> str:
        """Why the rules refuse ``move`` to the seat acting now."""
        return self.match.why_illegal(self.acting, move) if self.acting is not None else ""

    # ----- the record keeper of the match -------------------------------
    def save(self, record: Record) -> None:
        """After every move; a failed save is kept and shown by the app until one succeeds."""
        if self.keeps_record:
            self.app.keep_game(record)

    def game_over(self, record: Record) -> None:
        """The game is over: store it in the statistics and forget the saved game."""
        if not self.keeps_record:
            return
        self.app.record_game(record, FINISHED, time.monotonic() - self.started)
        try:
            self.app.storage.clear_record()
        except StorageError as exc:
            self.app.notice(str(exc))

    def choose(self, move: Move | None) -> bool:
        """A human picked ``move`` on the table; only legal moves are taken."""
        if move is None or self.acting is None or self.busy or move not in self.legal:
            return False
        self.apply(self.acting, move)
        self.advance()
        return True

    # ----- round summary and results -----------------------------------
    def show_round_summary(self, heading: str, note: str, penalties: tuple[int, ...], totals: tuple[int, ...]) -> None:
        """Queue the summary overlay after the animations queued so far."""
        lines = [ScoreLine(self.names[s], penalties[s], totals[s], s in self.humans) for s in range(len(self.names))]
        auto = None if self.humans else AUTO_SUMMARY * SPEED_FACTORS[self.app.speed]

        def open_summary() -> None:
            self.app.sounds.play("chime")
            self.app.stack.open("summary", heading=heading, note=note, lines=lines, auto_close=auto)

        self.queue.then(open_summary)

    def finish(self) -> None:
        """The game is over: forget the save and show the ranking."""
        if self.finished:
            return
        self.finished = True
        self.acting, self.legal = None, ()
        placings = ranking(self.names, self.match.scores(), self.match.winners(),
                           self.game.lower_score_wins, self.result_details())
        exit_after = AUTO_RESULTS * SPEED_FACTORS[self.app.speed] if self.exit_at_end else None
        self.app.stack.open("results", heading=tr("results.heading", game=tr(f"game.{self.game.id}")),
                            placings=placings, play_again=self.play_again, exit_after=exit_after,
                            note=tr("results.replay_note", number=self.record.seed), game_id=self.game.id)

    def play_again(self) -> None:
        """Same seats and options, a new game number."""
        record = Record(self.record.game, self.record.players, self.record.options, self.record.seats,
                        new_game_number())
        self.app.stack.restart("title")
        self.app.stack.open("table", record=record)

    # ----- events and drawing ------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.open("pause", table=self)
            return None
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return event
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if self.busy and (click or event.type == pygame.KEYDOWN):
            # A click or key hurries the cards along. It also counts as a move when the
            # player was already choosing and what happened on the table left the
            # choice as it was (say, other seats committing their cards).
            seat, offered = self.acting, self.legal
            self.skip_animations()
            still = (seat is not None and not self.busy and seat in self.match.to_move()
                     and self.match.legal_moves(seat) == offered)
            if not still or (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE):
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            return None if self.choose(self.move_at(event.pos)) else event
        if event.type == pygame.KEYDOWN:
            return None if self.choose(self.move_for_key(event)) else event
        return event

    def skip_animations(self) -> None:
        """Finish every queued animation and play the waiting events at once."""
        while not self.covered and self.busy:
            self.queue.skip(stop=lambda: self.covered)
            if self.pending and not self.covered:
                ctx, event = self.pending.popleft()
                self.animate(event, ctx)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.backdrop(), (0, 0))
        self.draw_table(surface)

    def backdrop(self) -> pygame.Surface:
        """The felt and ``paint_backdrop``, painted once per size, viewer and ``backdrop_key``."""
        key = (self.layout, self.viewer, self.backdrop_key())
        if self._backdrop is None or self._backdrop[0] != key:
            image = pygame.Surface((self.layout.width, self.layout.height))
            paint.background(image)
            self.paint_backdrop(image)
            self._backdrop = (key, image)
        return self._backdrop[1]

    def draw_running(self, surface: pygame.Surface) -> None:
        """Paint the animations in progress (cards in flight), over the table."""
        for animation in self.queue.running():
            if animation.started and not animation.finished and animation.draw is not None:
                animation.draw(surface, animation.progress)

    def blit_card(self, surface: pygame.Surface, card: Any, centre, height: float, width: int | None = None,
                  lift: float = 0.0) -> Rect:
        """A card (its back when ``card`` is None) with a shadow, centred at ``centre``."""
        w, h = card_size(round(height))
        image = self.card_image(card, w, h)
        if width is not None and width != w:
            image = pygame.transform.smoothscale(image, (max(1, width), h))
        rect = image.get_rect(center=(round(centre[0]), round(centre[1] - lift)))
        shadow = pygame.Rect(rect.x + max(1, w // 30), rect.y + max(2, w // 18), rect.w, rect.h)
        pygame.draw.rect(surface, (8, 30, 20), shadow, border_radius=max(2, w // 9))
        surface.blit(image, rect)
        return rect

    def outline(self, surface: pygame.Surface, rect: Rect, colour=GOLD) -> None:
        """The ring (gold unless told) of the selected card or place."""
        pygame.draw.rect(surface, colour, rect.inflate(self.layout.px(0.8), self.layout.px(0.8)),
                         width=max(2, self.layout.px(0.45)), border_radius=max(3, rect.w // 8))

    def fly(self, card: Any, src, dst, duration: float = 0.4, delay: float = 0.0, on_start=None, on_finish=None,
            ease=ease_in_out_cubic, flip: bool = False, shrink: bool = False) -> Animation:
        """A card moving from rect ``src()`` to rect ``dst()``.

        ``src`` and ``dst`` are called on every frame (use ``self.live``), so
        a card in flight lands right even if the window is resized. ``flip``
        turns it over on the way; ``shrink`` makes it smaller as it goes.
        """
        def draw(surface: pygame.Surface, p: float) -> None:
            a, b = src(), dst()
            w = lerp(a.w, b.w, p) * (1 - 0.6 * p if shrink else 1)
            h = lerp(a.h, b.h, p) * (1 - 0.6 * p if shrink else 1)
            cx, cy = lerp(a.centerx, b.centerx, p), lerp(a.centery, b.centery, p)
            showing_face = card is not None and (not flip or p >= 0.5)
            scale_x = abs(1 - 2 * p) if flip else 1
            self.blit_card(surface, card if showing_face else None, (cx, cy), h, max(1, round(w * scale_x)))
        return Animation(duration, draw, on_start, on_finish, ease, delay)

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
