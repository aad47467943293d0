"""The generic table: drives any game through the engine contract.

It asks ``game.to_move``, lets computer seats think on a worker thread
(``agent.choose(view, legal)``, plus the opponent's ``think`` pause) while
the table keeps drawing, shows the hand-over screen before a human acts on
private cards, turns the public events of ``game.apply`` into animations,
saves the record after every move, and opens the round summary and the
results.

A game's table subclasses :class:`TableScene` and supplies only what is
particular to it:

* ``sync()`` - rebuild the picture from the views (called whenever the
  animation queue is idle and new moves were made);
* ``animate(event, ctx)`` - queue animations for one public event, changing
  the picture in their ``on_start``/``on_finish`` callbacks;
* ``move_at(pos)`` / ``move_for_key(event)`` - the move under the mouse or
  for a key, chosen among ``self.legal`` only;
* ``draw_table(surface)`` - paint the picture (and ``self.queue.running()``);
* optionally ``needs_handover(seat)``, ``prompt()``, ``round_summary``.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from ...ai import load_personalities, make_agent
from ...config import ConfigError
from ...engine import Event, GameError, Move
from ...engine.records import Record, replay
from ...games import GAMES
from ...storage import StorageError
from .. import paint
from ..i18n import tr
from ..layout import Layout
from ..scene import Scene
from ..scenes.summary import RoundSummaryScene, ScoreLine
from ..tween import SPEED_FACTORS, AnimationQueue

HUMAN = "human"
#: Seconds a summary stays up by itself when no human sits at the table (normal speed).
AUTO_SUMMARY = 2.5
AUTO_RESULTS = 3.0


@dataclass(frozen=True)
class MoveContext:
    """What an event's animation may need beyond the event: who moved, how, and the state after."""

    seat: int | None  # None for the opening deal
    move: Move | None
    state: Any


class Thinker:
    """One computer seat choosing a move on a worker thread."""

    def __init__(self, seat: int, agent: Any, view: Any, legal: tuple[Move, ...], pause: float) -> None:
        self.seat = seat
        self.pause = pause
        self.move: Move | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(agent, view, legal), daemon=True,
                                        name=f"seat-{seat}")
        self._thread.start()

    def _run(self, agent: Any, view: Any, legal: tuple[Move, ...]) -> None:
        try:
            self.move = agent.choose(view, legal)
        except BaseException as exc:  # reported on the table, never lost in the thread
            self.error = exc
        finally:
            self._done.set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    @property
    def ready(self) -> bool:
        return self._done.is_set() and self.pause <= 0


class TableScene(Scene):
    def __init__(self, app, record: Record, exit_at_end: bool = False) -> None:
        super().__init__(app)
        self.game = GAMES[record.game]
        self.record = record
        self.state = replay(record, GAMES).state
        self.exit_at_end = exit_at_end
        self.names = [seat.name for seat in record.seats]
        self.humans = [i for i, seat in enumerate(record.seats) if seat.player == HUMAN]
        try:
            personalities = load_personalities()
        except ConfigError:
            personalities = ()
        self.think = {p.id: p.think for p in personalities}
        self.agents = {i: make_agent(seat.player, self.game, i, record.seed, personalities)
                       for i, seat in enumerate(record.seats) if seat.player != HUMAN}
        self.queue = AnimationQueue(lambda: self.app.speed)
        self.pending: deque[tuple[MoveContext, Event]] = deque()
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.acting: int | None = None  # the human seat whose move the table waits for
        self.legal: tuple[Move, ...] = ()
        self.thinker: Thinker | None = None
        self.mouse = (-1, -1)
        self.message = ""
        self.finished = False
        self.synced = False
        if not record.moves:
            opening = MoveContext(None, None, self.state)
            self.pending.extend((opening, e) for e in self.opening_events())

    def opening_events(self) -> tuple[Event, ...]:
        """Events that show a new game's first deal (none by default)."""
        return ()

    # ----- per-game hooks ------------------------------------------------
    def sync(self) -> None:
        """Rebuild the picture from the current state (as ``self.viewer`` may see it)."""
        raise NotImplementedError

    def animate(self, event: Event, ctx: MoveContext) -> None:
        """Queue the animations of one public event."""
        raise NotImplementedError

    def move_at(self, pos: tuple[int, int]) -> Move | None:
        """The legal move under the mouse, if any."""
        return None

    def move_for_key(self, event: pygame.event.Event) -> Move | None:
        """The legal move a key stands for, if any."""
        return None

    def draw_table(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def needs_handover(self, seat: int) -> bool:
        """Whether ``seat`` sees private cards when acting (then others must look away)."""
        return True

    def prompt(self) -> str:
        """What the table is waiting for, in a few words."""
        if self.finished:
            return tr("table.game_over")
        if self.acting is not None:
            return tr("table.your_turn", name=self.names[self.acting])
        if self.thinker is not None:
            return tr("table.thinking", name=self.names[self.thinker.seat])
        return ""

    # ----- the flow ------------------------------------------------------
    @property
    def covered(self) -> bool:
        """Another scene is on top: the table waits (its thinker keeps thinking)."""
        return self.app.stack.top is not self

    @property
    def busy(self) -> bool:
        """Animations are running or waiting: input must wait too."""
        return not self.queue.idle or bool(self.pending)

    def view_of(self, seat: int) -> Any:
        return self.game.view(self.state, seat)

    def update(self, dt: float) -> None:
        if self.thinker is not None:
            self.thinker.pause -= dt
        self.queue.update(dt, stop=lambda: self.covered)
        self.advance()

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
            if self.game.is_over(self.state):
                self.finish()
                return
            if self.take_computer_move():
                continue
            self.offer_human_turn()
            return

    def take_computer_move(self) -> bool:
        """Start a thinker for a computer seat, or play its move once ready. True if a move was made."""
        to_move = self.game.to_move(self.state)
        if self.thinker is not None:
            thinker = self.thinker
            if thinker.error is not None:
                self.thinker = None
                raise thinker.error
            if not thinker.ready:
                return False
            self.thinker = None
            if thinker.seat in to_move and self.game.is_legal(self.state, thinker.seat, thinker.move):
                self.apply(thinker.seat, thinker.move)
                return True
        computers = [s for s in to_move if s in self.agents]
        if computers:
            seat = computers[0]
            agent = self.agents[seat]
            view = self.view_of(seat) if getattr(agent, "uses_view", True) else None
            pause = self.think.get(self.record.seats[seat].player, 0.5) * SPEED_FACTORS[self.app.speed]
            self.thinker = Thinker(seat, agent, view, self.game.legal_moves(self.state, seat), pause)
        return False

    def offer_human_turn(self) -> None:
        """Let a human act, after a hand-over if someone else was looking at the screen."""
        to_move = [s for s in self.game.to_move(self.state) if s not in self.agents]
        if not to_move:
            self.acting, self.legal = None, ()
            return
        seat = self.viewer if self.viewer in to_move else to_move[0]
        if seat != self.viewer and len(self.humans) > 1 and self.needs_handover(seat):
            from ..scenes.handover import HandoverScene

            self.acting, self.legal = None, ()
            self.app.stack.push(HandoverScene(self.app, self.names[seat], lambda: self.look(seat)))
            return
        if seat != self.viewer:
            self.look(seat)
        self.acting, self.legal = seat, self.game.legal_moves(self.state, seat)

    def look(self, seat: int) -> None:
        """``seat`` now sits at the screen."""
        self.viewer = seat
        self.sync()

    def apply(self, seat: int, move: Move) -> None:
        """Play a move: the single place a table changes the game."""
        try:
            state, events = self.game.apply(self.state, seat, move)
        except GameError as exc:
            self.message = str(exc)
            return
        self.state = state
        self.record = self.record.with_move(seat, move)
        self.save()
        self.pending.extend((MoveContext(seat, move, state), e) for e in events)
        self.synced = False
        if seat == self.acting:
            self.acting, self.legal = None, ()
        self.app.sounds.play("card")

    def save(self) -> None:
        try:
            self.app.storage.save_record(self.record)
        except StorageError as exc:
            self.message = str(exc)

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
            self.app.stack.push(RoundSummaryScene(self.app, heading, note, lines, lambda: None, auto))

        self.queue.then(open_summary)

    def finish(self) -> None:
        """The game is over: forget the save and show the ranking."""
        if self.finished:
            return
        from ..scenes.results import ResultsScene, ranking

        self.finished = True
        self.acting, self.legal = None, ()
        self.app.storage.clear_record()
        placings = ranking(self.names, self.game.scores(self.state), self.game.winners(self.state),
                           self.game.lower_score_wins)
        exit_after = AUTO_RESULTS * SPEED_FACTORS[self.app.speed] if self.exit_at_end else None
        self.app.stack.push(ResultsScene(self.app, tr("results.heading", game=tr(f"game.{self.game.id}")),
                                         placings, self.play_again, exit_after))

    def play_again(self) -> None:
        """Same seats and options, a new game number."""
        import random

        record = Record(self.record.game, self.record.players, self.record.options, self.record.seats,
                        random.SystemRandom().randrange(10**9))
        from ..scenes.title import TitleScene

        self.app.stack.reset(TitleScene(self.app))
        self.app.stack.push(type(self)(self.app, record))

    # ----- events and drawing ------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from ..scenes.pause import PauseScene

            self.app.stack.push(PauseScene(self.app, self))
            return None
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return event
        skip = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE)
        if self.busy and skip:
            self.skip_animations()
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
        paint.background(surface)
        self.draw_table(surface)

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
