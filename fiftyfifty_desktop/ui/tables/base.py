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

* ``geometry`` - its :class:`TableGeometry` subclass, made for the current
  ``self.layout``, seat count and viewer by ``make_geometry()`` (``self.geo``
  caches it; ``self.live`` follows it through a resize);
* ``board`` - the picture as data, which ``sync()`` rebuilds with
  ``board.show(self.view)`` (called whenever the animation queue is idle and
  new moves were made);
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

import gc
import sys
import time
from collections import deque
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable

import pygame

from ...ai import load_personalities
from ...ai.hints import HINT_PLAYER, hint_reason, hint_seed
from ...ai.worker import Advice, make_table_agent
from ...config import ConfigError
from ...engine import Event, GameError, IllegalMoveError, Move
from ...engine.match import ComputerFailed, Match, Step
from ...engine.port import MatchPort
from ...engine.records import Record
from ...registry import GAMES
from ...stats_db import FINISHED
from ...storage import StorageError
from .. import fonts, native_memory, paint
from ..cards import back, card_size, face
from ..i18n import game_title, reason_text, tr
from ..keys import LOG_KEYS, LOOK_BACK_KEY, TABLE_CHOICE_KEYS, TABLE_END_KEYS, UNDO_KEY, KeyHelp
from ..layout import FELT_DARK, GOLD, HINT, TEXT_DIM, Layout, palette
from ..scene import Scene

if TYPE_CHECKING:
    from ...net.client import RemoteMatch
from ..players import shown_name
from ..scenes.results import OrderTable, ScoreRow, ScoreTable, ranking
from ..scenes.setup import new_game_number
from ..scenes.summary import ScoreLine
from ..surface_cache import surface_cache
from ..tween import SPEED_FACTORS, Animation, AnimationQueue, ease_in_out_cubic, lerp
from ..widgets import draw_button, label_room
from .log import MoveLog, draw_log, look_back
from .parts import Banner, Mark, mark

Rect = pygame.Rect

HUMAN = "human"
#: Seconds a summary stays up by itself when no human sits at the table (normal speed).
AUTO_SUMMARY = 2.5
AUTO_RESULTS = 3.0
#: Seconds the table rests after a round's last card before its summary opens (normal speed).
SUMMARY_PAUSE = 1.2
#: Seconds a frame may wait for a computer seat's answer before drawing on.
QUICK_ANSWER = 0.002
#: The digit keys (top row and keypad) as indexes: 1 is the first, 0 the tenth.
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): (d - 1) % 10 for d in range(10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): (d - 1) % 10 for d in range(10)})
#: Width of the docked move log, in units of the whole window.
LOG_WIDTH = 40
#: The buttons in the table's corner, from the bottom.
CORNER_BUTTONS = ("log", "look_back", "undo", "hint")
#: A corner button's width and height and the gap around it, in units of the window.
CORNER_WIDTH, CORNER_HEIGHT, CORNER_GAP = 19, 4.6, 1.2
#: Rows of the log one PgUp/PgDn or one turn of the wheel scrolls.
LOG_PAGE, LOG_WHEEL = 8, 2


@dataclass(frozen=True)
class PrivateMove(Event):
    """Not a game's event: the log's line for a move only the seat that made it may see, queued with
    the step's events so it takes its place among them."""

    text: str


@dataclass(frozen=True)
class LookBack:
    """The last trick or turn, to be shown again: a heading and the cards in the order they were played
    (or placed), each with its seat and a short note (who won it, which row it took)."""

    heading: str
    cards: tuple[tuple[int, Any, str], ...]


@dataclass(frozen=True)
class Hint:
    """The hard player's move for a seat's decision (``at``: the seat and how many moves it had made),
    and the reason for it in words (empty when there is none worth saying)."""

    at: tuple[int, int]
    move: Move
    reason: str


@dataclass(frozen=True)
class _LogReader:
    """Follows a match only to write the log (see ``TableScene.read_back``)."""

    watching: int | None
    on_step: Callable[[Step, Any], None]


@dataclass(frozen=True)
class MoveContext:
    """What an event's animation may need beyond the event: who moved, how, and
    the watching seat's view just after the move."""

    seat: int | None  # None for the opening deal
    move: Move | None  # None for the deal, and for a move the watching seat may not see
    view: Any


@surface_cache(24)
def leaning(image: pygame.Surface, angle: float) -> tuple[pygame.Surface, pygame.Surface]:
    """A card image turned by ``angle`` degrees, and its shadow turned with it."""
    w, h = image.get_size()
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (8, 30, 20), shadow.get_rect(), border_radius=max(2, w // 9))
    return pygame.transform.rotozoom(image, angle, 1), pygame.transform.rotozoom(shadow, angle, 1)


@surface_cache(4)
def card_veil(width: int, height: int) -> pygame.Surface:
    """The shade over a card that may not be played now."""
    veil = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(veil, (10, 30, 20, 160), veil.get_rect(), border_radius=max(2, width // 9))
    return veil


def release_left_tables() -> None:
    """Free the tables left before (a table, its animations and its geometry refer to each other, so only the
    cycle collector frees them) and give the freed memory back, before a new table fills it again."""
    gc.collect()
    native_memory.trim()


class TableGeometry:
    """What every table's geometry measures with: the layout's units in pixels and a card's rect, and the
    seats: ``viewer`` is the one drawn at the bottom (None: no one's), ``others`` the rest along the top,
    going round from the viewer's left (from seat 0 when no one is at the bottom)."""

    def __init__(self, layout: Layout, seats: int, viewer: int | None) -> None:
        self.lay = layout
        self.cx = layout.width / 2
        self.seats = seats
        self.viewer = viewer
        first = viewer if viewer is not None else -1
        self.others = [(first + i) % seats for i in range(1, seats + 1) if (first + i) % seats != viewer]

    def px(self, units: float) -> float:
        return units * self.lay.u

    def card_rect(self, centre: tuple[float, float], height: float) -> Rect:
        w, h = card_size(round(height))
        r = Rect(0, 0, w, h)
        r.center = (round(centre[0]), round(centre[1]))
        return r

    def top_plate(self, index: int, count: int, widest: float, top: float, height: float,
                  span: float = 172) -> Rect:
        """Plate ``index`` of ``count`` in the row centred along the top: each at most ``widest`` units
        wide, the row (with its gaps) within about ``span`` units."""
        u = self.lay.u
        width = min(widest * u, (span * u) / max(1, count) - 1.5 * u)
        gap = self.px(1.5)
        total = count * width + (count - 1) * gap
        x = self.cx - total / 2 + index * (width + gap)
        return Rect(round(x), round(self.px(top)), round(width), round(self.px(height)))

    def spread(self, index: int, count: int, height: float, top: float, span: float, gap: float = 1.2,
               shift: float = 0.0) -> Rect:
        """Card ``index`` of a row of ``count`` cards ``height`` pixels high at ``top``: ``gap`` units apart,
        overlapping when the row would be wider than ``span`` units; centred, or ``shift`` units right."""
        w, h = card_size(round(height))
        step = min(w + self.px(gap), (self.px(span) - w) / max(1, count - 1))
        total = (count - 1) * step + w
        return Rect(round(self.cx - total / 2 + index * step + self.px(shift)), round(top), w, h)

    def hand_spread(self, index: int, count: int, height: float, top: float, span: float, gap: float = 1.2,
                    shift: float = 0.0) -> Rect:
        """Card ``index`` of the hand at the foot of the table, as :meth:`spread` lays it out, but never
        reaching under the corner's buttons at the bottom right (on a 16:9 window a ten-card hand would)."""
        room = self.lay.width / self.lay.u - CORNER_WIDTH - 2 * CORNER_GAP - self.cx / self.lay.u - shift
        return self.spread(index, count, height, top, min(span, 2 * room), gap, shift)

    def panels(self) -> list[Rect]:
        """The side panels, the one on the right first: where a guided game's note may sit when the
        strip along the top would hide the other seats."""
        return []

    def side_panel(self, left: bool, top: float, width: float, height: float) -> Rect:
        """A panel on the left or right edge of the table's 174 units, in units."""
        x = self.cx - self.px(87) if left else self.cx + self.px(87 - width)
        return Rect(round(x), round(self.px(top)), round(self.px(width)), round(self.px(height)))


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

    def __init__(self, app, record: Record, exit_at_end: bool = False, match: RemoteMatch | None = None) -> None:
        """``match`` is a :class:`~fiftyfifty_desktop.net.client.RemoteMatch` for a seat at a
        table hosted elsewhere (the host keeps the record); else the table makes its own match."""
        super().__init__(app)
        self.game = GAMES[record.game]
        self.network = match  # the seats and the host's hand-over, at a table hosted elsewhere
        self.remote = match is not None
        if self.remote:
            self.keeps_record = False  # the host keeps the record and no local statistics can hold it
        self.exit_at_end = exit_at_end
        self.humans = [i for i, seat in enumerate(record.seats) if seat.player == HUMAN]
        try:
            personalities = load_personalities()
        except ConfigError:
            personalities = ()
        self.names = [shown_name(seat.name, seat.player, i, personalities) for i, seat in enumerate(record.seats)]
        self.think = {p.id: p.think for p in personalities}
        self.personalities = personalities
        agents = {} if self.remote else self.seat_agents(record, personalities)
        self.queue = AnimationQueue(lambda: self.app.speed)
        self.pending: deque[tuple[MoveContext, Event]] = deque()
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.acting: int | None = None  # the human seat whose move the table waits for
        self.legal: tuple[Move, ...] = ()
        self.match: MatchPort = match if match is not None else Match(
            self.game, record, agents, threaded=True, pause=self.thinking_pause, keeper=self)
        self.view: Any = self.match.view(self.viewer)  # what the seat at the screen sees now
        self.live = LiveGeometry(self)
        self.cursor: int | None = None  # keyboard selection among choices()
        self._geo: tuple[Any, Any] | None = None
        self._backdrop: tuple[Any, pygame.Surface] | None = None
        self.mouse = (-1, -1)
        self.message = ""
        self.banner: Banner | None = None  # an announcement over the middle of the table
        self.finished = False
        self.synced = False
        self.started = time.monotonic()  # for the time played, kept in the statistics
        self.log = MoveLog()  # what happened, as the seats at this screen were shown it
        self.log_open = False
        self.last_round: LookBack | None = None  # the last finished trick or turn, for a look back
        self.looking = False  # the look back is on screen
        self.score_rows: list[ScoreRow] = []  # each finished round's scores, for the results screen
        kept = dict(record.table or {})  # what the table keeps with the saved game (see ``kept_record``)
        self.undos: int = kept.get("undos", 0)  # moves taken back, kept with the game in the statistics
        self.hints: int = kept.get("hints", 0)  # hints shown, counted like the moves taken back
        self.hints_agreed: bool = kept.get("hints_agreed", False)  # the people at a shared screen allow hints
        self.hint: Hint | None = None  # the last hint, shown while its decision is open
        self.hint_open = False  # the hint is on screen (its key puts it away and back)
        self.advice: tuple[tuple[int, int], Advice] | None = None  # a hint being thought out, for that decision
        self.settled_round: LookBack | None = None  # the last trick or turn once its cards came to rest
        self.window = self.layout  # the whole window; ``self.layout`` is the part the table is drawn in
        if record.moves and not self.remote:  # a remote table is sent its steps by the host
            self.read_back(record)
        self.match.watch(self)

    @property
    def record(self) -> Record:
        return self.match.record

    @property
    def private(self) -> bool:
        """Several people take turns at this screen in a live game (not a stored one shown again, nor
        a seat of a network table): a menu over the table hides their hands."""
        return self.keeps_record and len(self.humans) > 1

    @property
    def watching(self) -> int | None:
        """The seat whose view the screen shows (None: what every seat sees)."""
        return self.viewer

    def seat_agents(self, record: Record, personalities) -> dict[int, Any]:
        """The computer player of every seat no human plays."""
        return {i: make_table_agent(seat.player, self.game, i, record.seed, personalities)
                for i, seat in enumerate(record.seats) if seat.player != HUMAN}

    def read_back(self, record: Record) -> None:
        """Write the log of a game continued mid-way: its record played again, as the screen's seat saw it."""
        reader = Match(self.game, replace(record, moves=()))
        log_steps = _LogReader(self.watching, self.log_step)
        reader.watch(log_steps)
        for seat, text in record.moves:
            reader.submit(seat, self.game.parse_move(text))

    def log_step(self, step: Step, view: Any) -> None:
        """Write one step into the log at once, with no animation (a continued game's past)."""
        ctx = MoveContext(step.seat, step.move, view)
        for event in step.events:
            self.write_log(event, ctx)
        if step.seat is not None and step.move is not None:
            private = self.log_private_move(step.seat, step.move)
            if private:
                self.log.add(private, step.seat)

    def on_step(self, step: Step, view: Any) -> None:
        """The match made a move (or dealt): queue its events to be animated."""
        ctx = MoveContext(step.seat, step.move, view)
        self.pending.extend((ctx, event) for event in step.events)
        if step.seat is not None and step.move is not None:
            private = self.log_private_move(step.seat, step.move)
            if private:
                self.pending.append((ctx, PrivateMove(private)))
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
        release_left_tables()
        if not self.pending:
            self.sync()
            self.synced = True
        self.prepare_frame()
        if self.keeps_record:
            self.app.abandon_saved_game(self.record)
            self.save(self.record)

    def exit(self) -> None:
        """Leaving the table stops the computer seats still thinking, and a hint being thought out, and lets
        go of its window-sized backdrop at once (the table itself may live on a while in a reference cycle).
        A network seat is kept to take again (the window may have been closed by mistake) until its game is
        over or its table gone."""
        if self.remote and (self.match.over or self.match.lost is not None):
            self.app.storage.forget_joined()
        self.match.close()
        self.forget_hint()
        self._backdrop = None
        super().exit()
        native_memory.trim()

    # ----- per-game hooks ------------------------------------------------
    #: The game's geometry, made as ``geometry(layout, seats, viewer)`` (a :class:`TableGeometry`).
    geometry: type
    #: The picture as data; ``board.show(view)`` rebuilds it from a view.
    board: Any

    def region(self, name: str, args: tuple[int, ...] = ()) -> Rect | None:
        """The part of the table the geometry calls ``name`` (``row_band`` of ``(2,)``), for a guided
        game to point at; None if the geometry has no such part."""
        part = getattr(self.geo, name, None) if not name.startswith("_") else None
        return Rect(part(*args)) if callable(part) else None

    def make_geometry(self) -> Any:
        """Where everything sits for ``self.layout`` and ``self.viewer``."""
        return self.geometry(self.layout, len(self.names), self.viewer)

    def sync(self) -> None:
        """Rebuild the picture from ``self.view``."""
        self.board.show(self.view)

    def animate(self, event: Event, ctx: MoveContext) -> None:
        """Queue the animations of one event: ``on_<event.kind>(event, ctx)``, or
        ``on_other_event`` for a kind the table shows by the next ``sync`` alone."""
        if isinstance(event, PrivateMove):
            self.log.add(event.text, ctx.seat)
            return
        handler = getattr(self, f"on_{event.kind}", None)
        if handler is None:
            handler = self.on_other_event
        handler(event, ctx)
        self.write_log(event, ctx)

    def write_log(self, event: Event, ctx: MoveContext) -> None:
        """Put ``event`` into the move log in words: ``log_<event.kind>(event, ctx)``; a kind the log leaves
        out is named in ``UNLOGGED_EVENTS`` (a test checks that every kind is one or the other)."""
        writer = getattr(self, f"log_{event.kind}", None)
        if writer is not None:
            writer(event, ctx)
        elif event.kind not in self.UNLOGGED_EVENTS:
            raise NotImplementedError(f"{type(self).__name__} has no log_{event.kind} for {event!r}")

    #: Event kinds the move log leaves out (what they say is in the lines around them).
    UNLOGGED_EVENTS: frozenset[str] = frozenset()

    def log_private_move(self, seat: int, move: Move) -> str:
        """The log's line for a move only ``seat`` may see (empty: the move's events say it all)."""
        return ""

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

    def hand_choices(self, make_move: Callable[[Any], Move], gap: int = 0) -> list[tuple[Move, Rect]]:
        """The cards of the watching seat's hand whose move ``make_move(card)`` is legal, each with its place
        in the hand (widened by ``gap`` pixels, so a click between two cards still takes one)."""
        hand = self.board.hand
        moves = [(make_move(card), i) for i, card in enumerate(hand)]
        return [(move, self.geo.hand_slot(i, len(hand)).inflate(gap, 0)) for move, i in moves if move in self.legal]

    def hand_place(self, card: Any) -> Callable[[], Rect]:
        """Where ``card`` of the watching seat's hand sits now, for a card to fly from (it follows a resize)."""
        index, count = self.board.hand.index(card), len(self.board.hand)
        return lambda: self.live.hand_slot(index, count)

    def paint_backdrop(self, image: pygame.Surface) -> None:
        """Paint what never moves (panels, empty places) over the felt."""

    def backdrop_key(self) -> Any:
        """Anything besides size and viewer that changes the backdrop."""
        return None

    def place_widgets(self) -> None:
        """Put the table's own widgets where the new ``self.geo`` wants them."""

    def draw_table(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def card_image(self, card: Any, width: int, height: int) -> pygame.Surface:
        """The face of ``card`` (the back when ``card`` is None)."""
        return face(self.game.id, card, width, height) if card is not None else back(self.game.id, width, height)

    def needs_handover(self, seat: int) -> bool:
        """Whether ``seat`` sees private cards when acting (then others must look away)."""
        return True

    def result_details(self) -> tuple[str, ...]:
        """A short note per seat for the results screen, beside the score (none by default)."""
        return ()

    def race(self) -> tuple[tuple[int, ...], ...]:
        """The seats (a side's together) that reached the game's target, in the order they reached it; the
        results rank them first (none by default)."""
        return ()

    def result_order(self) -> OrderTable | None:
        """A second table for the results screen, for a game with no rounds to list (none by default)."""
        return None

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
        """Where everything sits now (made by ``prepare_frame``, or here if asked for before it)."""
        key = (self.layout, self.viewer)
        if self._geo is None or self._geo[0] != key:
            self._geo = (key, self.make_geometry())
            self.place_widgets()
        return self._geo[1]

    def prepare_frame(self) -> None:
        """Make the geometry and the backdrop for the current size, seat and picture, so that ``draw``
        finds both ready and changes nothing. Called after a resize, a change of seat, every update and
        every hurry."""
        _ = self.geo
        self.backdrop()

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

    def picks_by_number(self) -> bool:
        """Whether the digit keys pick a move now (the table shows the numbers under its choices)."""
        return False

    def move_for_digit(self, index: int) -> Move | None:
        """The move digit key ``index`` picks: the ``index``-th choice."""
        choices = self.choices()
        return choices[index][0] if index < len(choices) else None

    def choose_other(self, step: int) -> bool:
        """Up (-1) or down (+1) choose something besides the move; True when they did, False to let them
        move the selection like left and right."""
        return False

    def move_for_key(self, event: pygame.event.Event) -> Move | None:
        """A digit picks the n-th choice (where ``picks_by_number``); the arrow keys move a selection through
        ``choices()`` (up and down may be taken by ``choose_other``); Enter takes it."""
        if event.key in DIGIT_KEYS and self.picks_by_number():
            return self.move_for_digit(DIGIT_KEYS[event.key])
        if event.key in (pygame.K_UP, pygame.K_DOWN) and self.choose_other(-1 if event.key == pygame.K_UP else 1):
            return None
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

    @property
    def my_turn(self) -> bool:
        """A person at the screen is to move and the cards are at rest: their choice is taken now."""
        return self.acting is not None and not self.busy

    def update(self, dt: float) -> None:
        if self.remote and self.table_lost():
            return
        if self.network is not None and (refused := self.network.take_refusal()) is not None:
            self.message = tr("table.refused", reason=reason_text(refused, self.card_name))
        self.match.elapse(dt)
        self.queue.update(dt, stop=lambda: self.covered)
        self.advance()
        self.take_hint()
        self.prepare_frame()

    def resting(self) -> bool:
        """Waiting for a person, with nothing moving, no computer thinking and no hint being thought out."""
        return self.acting is not None and not self.busy and not self.match.thinking() and self.advice is None

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
            self.settled_round = self.last_round
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

    def table_lost(self) -> bool:
        """A remote table ended or failed before the game did: say why and go back to the title."""
        reason = self.match.lost
        if reason is None:
            return False
        if self.exit_at_end:
            print(reason, file=sys.stderr)
            self.app.quit(status=1)
        else:
            self.app.notice(tr("net.table_ended", reason=reason))
            self.app.stack.restart("title")
        return True

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
            self.app.stack.open("handover", name=self.names[seat], game_id=self.game.id, on_ready=lambda: self.look(seat))
            return
        if seat != self.viewer:
            self.look(seat)
        self.acting, self.legal = seat, self.match.legal_moves(seat)

    def look(self, seat: int) -> None:
        """``seat`` now sits at the screen."""
        self.viewer = seat
        self.view = self.match.view(seat)
        self.sync()
        self.prepare_frame()

    def apply(self, seat: int, move: Move) -> None:
        """Play a person's move through the match: the single place a table changes the game.
        A refusal shown for an earlier try goes."""
        self.message = ""
        try:
            self.match.submit(seat, move)
        except IllegalMoveError as exc:
            self.message = reason_text(exc.reason, self.card_name)
            return
        except GameError as exc:
            self.message = str(exc)
            return
        self.cursor = None
        if seat == self.acting:
            self.acting, self.legal = None, ()

    def refusal(self, move: Move) -> str:
        """Why the rules refuse ``move`` to the seat acting now, in the player's language."""
        return reason_text(self.match.why_illegal(self.acting, move), self.card_name) if self.acting is not None else ""

    def card_name(self, card: str) -> str:
        """A card in the game's notation as players of this language write it; games refine it."""
        return card

    def refuse(self, move: Move) -> None:
        """Tell the player why the rules refuse ``move`` (a click on a card that may not be played)."""
        self.message = tr("table.refused", reason=self.refusal(move))

    # ----- the record keeper of the match -------------------------------
    def save(self, record: Record) -> None:
        """After every move; a failed save is kept and shown by the app until one succeeds."""
        if self.keeps_record:
            self.app.keep_game(self.kept_record(record))

    def game_over(self, record: Record) -> None:
        """The game is over: store it in the statistics and forget the saved game."""
        if not self.keeps_record:
            return
        self.app.record_game(self.kept_record(record), FINISHED, time.monotonic() - self.started, self.undos)
        try:
            self.app.storage.clear_record()
        except StorageError as exc:
            self.app.notice(str(exc))

    def kept_record(self, record: Record | None = None) -> Record:
        """``record`` (the match's, unless given) with what the table keeps beside the game: the moves taken
        back, the hints shown and whether hints were agreed, so a continued game goes on counting."""
        kept = {"undos": self.undos, "hints": self.hints, "hints_agreed": self.hints_agreed}
        return replace(record or self.record, table={k: v for k, v in kept.items() if v} or None)

    def choose(self, move: Move | None) -> bool:
        """A human picked ``move`` on the table; only legal moves are taken."""
        if move is None or not self.my_turn or move not in self.legal:
            return False
        self.apply(self.acting, move)
        self.advance()
        return True

    # ----- round summary and results -----------------------------------
    def show_round_summary(self, heading: str, note: str, penalties: tuple[int, ...], totals: tuple[int, ...]) -> None:
        """Queue the summary overlay after the animations queued so far."""
        lines = [ScoreLine(self.names[s], penalties[s], totals[s], s in self.humans) for s in range(len(self.names))]
        label = "summary.to_results" if self.match.over else "summary.next"  # no move is made while a step is shown
        self.queue_summary(lambda auto: self.app.stack.open("summary", heading=heading, note=note, lines=lines,
                                                            auto_close=auto, next_label=label))

    def queue_summary(self, open_scene: Callable[[float | None], None], before: Callable[[], None] | None = None) -> None:
        """After the animations queued so far: run ``before``, chime and ``open_scene(auto_close)``, where
        ``auto_close`` is how long the summary stays up by itself (None: until a person at the table closes it)."""
        auto = None if self.humans else AUTO_SUMMARY * SPEED_FACTORS[self.app.speed]
        self.queue.add(Animation(SUMMARY_PAUSE))  # a moment to see the last cards land (a click skips it)

        def open_summary() -> None:
            if before is not None:
                before()
            self.app.sounds.play("chime")
            open_scene(auto)

        self.queue.then(open_summary)

    def finish(self) -> None:
        """The game is over: forget the save and show the ranking."""
        if self.finished:
            return
        self.finished = True
        self.acting, self.legal = None, ()
        placings = ranking(self.names, self.match.scores(), self.match.winners(),
                           self.game.lower_score_wins, self.result_details(), self.race())
        exit_after = AUTO_RESULTS * SPEED_FACTORS[self.app.speed] if self.exit_at_end else None
        scores = ScoreTable(self.score_columns(), tuple(self.score_rows)) if self.score_rows else None
        self.app.stack.open("results", heading=tr("results.heading", game=tr(f"game.{self.game.id}")),
                            placings=placings, play_again=None if self.remote else self.play_again,
                            exit_after=exit_after, note=tr("results.replay_note", number=self.record.seed),
                            game_id=self.game.id, scores=scores, remark=self.help_remark(), order=self.result_order())

    def help_remark(self) -> str:
        """The results screen's line on the help taken: moves taken back and hints shown (empty for none)."""
        parts = ([tr("undo.taken_back", count=self.undos)] if self.undos else []) + \
                ([tr("hint.shown", count=self.hints)] if self.hints else [])
        return " ".join(parts)

    def score_columns(self) -> tuple[str, ...]:
        """The heads of the results screen's score table: a column per seat unless a game says otherwise."""
        return tuple(self.names)

    def play_again(self) -> None:
        """Same seats and options, a new game number."""
        record = Record(self.record.game, self.record.players, self.record.options, self.record.seats,
                        new_game_number(), table={"hints_agreed": True} if self.hints_agreed else None)
        self.app.stack.restart("title")
        self.app.stack.open("table", record=record)

    # ----- the move log ---------------------------------------------------
    #: The game's geometry keeps a place for the log on the table itself (no docked panel, no toggle).
    log_in_table = False

    def table_layout(self, window: Layout) -> Layout:
        """The part of the window the table is drawn in: all of it but the docked log and a bottom bar."""
        dock = window.px(LOG_WIDTH) if self.log_open and not self.log_in_table else 0
        return Layout(window.width - dock, window.height - self.bottom_bar(window))

    def bottom_bar(self, window: Layout) -> int:
        """Pixels kept free along the bottom of the window for a row of controls (none at play)."""
        return 0

    def log_rect(self) -> Rect:
        """Where the log is drawn: docked right of the table, or the game's own place for it."""
        if self.log_in_table:
            return self.geo.log_panel()
        gap = self.window.px(1.2)
        return Rect(self.layout.width, gap, self.window.width - self.layout.width - gap, self.layout.height - 2 * gap)

    def corner_names(self) -> list[str]:
        """The buttons in the table's corner this game offers: the log's, the look back's and undo."""
        shown = {"log": not self.log_in_table, "look_back": bool(self.look_back_label), "undo": self.undo_offered,
                 "hint": self.hints_offered}
        return [name for name in CORNER_BUTTONS if shown[name]]

    def corner_button(self, name: str) -> Rect | None:
        """Where button ``name`` sits: two a row at the foot of the docked log (one a row, as wide as the log,
        when a label would not fit half of it), else one above the other at the
        table's bottom right (top right where the game keeps its log on the table)."""
        names = self.corner_names()
        if name not in names:
            return None
        i, win = names.index(name), self.window
        w, h, gap = win.px(CORNER_WIDTH), win.px(CORNER_HEIGHT), win.px(CORNER_GAP)
        if self.log_open:
            columns = self.corner_columns()
            log, col, row = self.log_rect(), i % columns, i // columns
            w = w if columns == 2 else log.w - 2 * win.px(1)
            return Rect(log.right - win.px(1) - (col + 1) * w - col * win.px(1),
                        log.bottom - win.px(1) - (row + 1) * h - row * win.px(1), w, h)
        if self.log_in_table:
            return Rect(win.width - w - gap, gap + i * (h + gap), w, h)
        return Rect(win.width - w - gap, self.layout.height - (i + 1) * (h + gap), w, h)

    def log_button(self) -> Rect | None:
        """The button that opens and closes the log."""
        return self.corner_button("log")

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self.log.scroll = 0
        self.resize(self.window)

    def log_event(self, event: pygame.event.Event) -> bool:
        """L, the log's button, PgUp/PgDn and the wheel over the log; True when the log used ``event``."""
        shown = self.log_open or self.log_in_table
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_l and not self.log_in_table:
                self.toggle_log()
                return True
            if shown and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.log.scroll_by(LOG_PAGE if event.key == pygame.K_PAGEDOWN else -LOG_PAGE)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = self.log_button()
            if button is not None and button.collidepoint(event.pos):
                self.toggle_log()
                return True
        if event.type == pygame.MOUSEWHEEL and shown and self.log_rect().collidepoint(self.mouse):
            self.log.scroll_by(-event.y * LOG_WHEEL)
            return True
        return False

    def draw_log(self, surface: pygame.Surface) -> None:
        """The log (docked or in the game's place for it) and the button that opens and closes it."""
        win = self.window
        if self.log_open and not self.log_in_table:
            surface.fill(FELT_DARK, Rect(self.layout.width, 0, win.width - self.layout.width, self.layout.height))
        if self.log_open or self.log_in_table:
            draw_log(surface, self.window, self.log_rect(), self.log, self.viewer, tr("log.title"),
                     tr(self.log_note) if self.log_note else "", below=self.corner_height() if self.log_open else 0)
        button = self.log_button()
        if button is not None:
            draw_button(surface, button, win, tr("log.hide" if self.log_open else "log.show"), False,
                        button.collidepoint(self.mouse), size=self.corner_font(button))

    def corner_height(self) -> int:
        """Pixels the corner's buttons take at the foot of the docked log."""
        columns = self.corner_columns()
        rows = (len(self.corner_names()) + columns - 1) // columns
        return rows * (self.window.px(CORNER_HEIGHT) + self.window.px(1)) + self.window.px(0.5)

    def corner_columns(self) -> int:
        """Buttons a row at the foot of the docked log: two, unless a label would not fit half its width."""
        win = self.window
        room = label_room(win, Rect(0, 0, win.px(CORNER_WIDTH), 1))
        fits = all(fonts.font(fonts.MIN_TEXT, True).size(self.corner_label(name))[0] <= room
                   for name in self.corner_names())
        return 2 if fits else 1

    def corner_label(self, name: str) -> str:
        if name == "log":
            return tr("log.hide" if self.log_open else "log.show")
        if name == "hint":
            return self.hint_label()
        return tr(self.look_back_label if name == "look_back" else "undo.button")

    def corner_font(self, button: Rect) -> int:
        """One label size for the corner's buttons: the largest at which every label fits."""
        return min(fonts.fit(self.corner_label(name), self.window.font_body, label_room(self.window, button), bold=True)
                   for name in self.corner_names())

    #: A catalogue key of a line the log shows under its title (a game's caution about what it cannot say).
    log_note = ""

    # ----- undo against the computer ----------------------------------------
    @property
    def undo_offered(self) -> bool:
        """Only one person plays, against computers: no one else's move is ever taken back."""
        return self.keeps_record and len(self.humans) == 1

    def undo_point(self) -> int | None:
        """How many moves stay when the player's last move (and the computers' replies) are taken back."""
        if not self.undo_offered or self.finished:
            return None
        mine = [i for i, (seat, _) in enumerate(self.record.moves) if seat == self.humans[0]]
        return mine[-1] if mine else None

    def undo(self) -> None:
        """Take back the player's last move and everything after it: the record is cut there and the match is
        built again from it, so the player is back at that decision."""
        cut = self.undo_point()
        if cut is None:
            return
        self.undos += 1
        self.start_from(replace(self.record, moves=self.record.moves[:cut]))
        self.save(self.record)

    def start_from(self, record: Record) -> None:
        """Follow a new match of ``record`` (the same game, rewound): the picture, log and look back again."""
        self.match.close()
        self.queue = AnimationQueue(lambda: self.app.speed)
        self.pending.clear()
        self.log, self.last_round, self.settled_round, self.looking = MoveLog(), None, None, False
        self.score_rows = []
        self.forget_hint()
        self.acting, self.legal, self.cursor, self.message, self.banner = None, (), None, "", None
        self.match = Match(self.game, record, self.seat_agents(record, self.personalities), threaded=True,
                           pause=self.thinking_pause, keeper=self)
        if record.moves:
            self.read_back(record)
        self.view = self.match.view(self.viewer)
        self.match.watch(self)
        self.synced = False
        if not self.pending:
            self.sync()
            self.synced = True
        self.prepare_frame()

    def undo_event(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z or the undo button; True when used."""
        button = self.corner_button("undo")
        if button is None:
            return False
        ctrl_z = event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button.collidepoint(event.pos)
        if ctrl_z or click:
            self.undo()
            return True
        return False

    def draw_undo(self, surface: pygame.Surface) -> None:
        button = self.corner_button("undo")
        if button is not None:
            draw_button(surface, button, self.window, tr("undo.button"), False, button.collidepoint(self.mouse),
                        self.undo_point() is not None, size=self.corner_font(button))

    # ----- hints ------------------------------------------------------------
    #: The key that asks for a hint (a table that plays a move with H picks another).
    hint_key = pygame.K_h
    #: Widest a hint's note is, in units.
    HINT_WIDTH = 62

    @property
    def hints_offered(self) -> bool:
        """One person against computers, or people at a shared screen who all agreed to hints in the set-up;
        never at a table hosted elsewhere, a replay or a guided game."""
        return self.keeps_record and bool(self.humans) and (len(self.humans) == 1 or self.hints_agreed)

    def hint_label(self) -> str:
        return tr("hint.button", letter=pygame.key.name(self.hint_key).upper())

    def decision(self) -> tuple[int, int] | None:
        """The decision a person at the screen faces: their seat and how many moves that seat made before it
        (other seats' moves meanwhile, such as Take 5's hidden choices, leave it the same decision)."""
        seat = self.acting
        if seat is None:
            return None
        return seat, sum(1 for mover, _ in self.record.moves if mover == seat)

    def hint_event(self, event: pygame.event.Event) -> bool:
        """The hint's key or button: show the hint (or put it away); True when used."""
        button = self.corner_button("hint")
        if button is None:
            return False
        key = event.type == pygame.KEYDOWN and event.key == self.hint_key and not event.mod & pygame.KMOD_CTRL
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button.collidepoint(event.pos)
        if key or click:
            self.ask_hint()
            return True
        return False

    def ask_hint(self) -> None:
        """Show the hint for the decision at hand, or put it away; a new one is thought out by the hard player,
        from the acting seat's view alone, in the background (``take_hint`` shows it when it comes)."""
        at = self.decision()
        if at is None or not self.my_turn or not self.hints_offered:
            return
        if self.hint is not None and self.hint.at == at:
            self.hint_open = not self.hint_open
            return
        if self.advice is not None and self.advice[0] == at:
            return
        self.forget_hint()
        seat = at[0]
        self.advice = (at, Advice(HINT_PLAYER, self.game, seat, hint_seed(self.record.seed, at[1], seat),
                                  self.match.view(seat), self.legal, self.personalities))

    def take_hint(self) -> None:
        """A hint thought out: shown (counted, and the count saved with the game) if its decision is still open."""
        if self.advice is None or not self.advice[1].done:
            return
        at, advice = self.advice
        self.advice = None
        if advice.error is not None:
            self.message = tr("hint.failed", error=f"{type(advice.error).__name__}: {advice.error}")
            return
        if advice.move is None or at != self.decision():
            return
        reason = hint_reason(self.game.id, self.match.view(at[0]), advice.move)
        words = reason_text(reason, self.card_name, "hint", self.names) if reason is not None else ""
        self.hint, self.hint_open = Hint(at, advice.move, words), True
        self.hints += 1
        self.on_hint(advice.move)
        self.save(self.record)

    def wait_for_hint(self, timeout: float = 30.0) -> None:
        """Block until the hint being thought out has come, then take it (tests and scripts; never a frame)."""
        if self.advice is not None:
            self.advice[1].wait(timeout)
        self.take_hint()

    def on_hint(self, move: Move) -> None:
        """A hint came: a table may bring its move into view (Thirteen turns to the seat to ask)."""

    def forget_hint(self) -> None:
        """Drop the hint and stop one being thought out (the game was rewound, or the table closes)."""
        if self.advice is not None:
            self.advice[1].cancel()
        self.advice, self.hint, self.hint_open = None, None, False

    def shown_hint(self) -> Hint | None:
        """The hint on screen now: only while its decision is open and the cards are at rest."""
        hint = self.hint
        if hint is None or not self.hint_open or not self.my_turn or hint.at != self.decision():
            return None
        return hint

    def hint_rects(self, move: Move) -> list[Rect]:
        """Where ``move`` is on the table, to ring: the choice that makes it, unless a game says otherwise."""
        return [rect for choice, rect in self.choices() if choice == move]

    def draw_hint(self, surface: pygame.Surface) -> None:
        """The hint's button (lit while a hint is shown), and the hint: its move ringed and a short note above it."""
        button = self.corner_button("hint")
        if button is None:
            return
        hint = self.shown_hint()
        label = tr("hint.thinking") if self.advice is not None else self.hint_label()
        draw_button(surface, button, self.window, label, hint is not None, button.collidepoint(self.mouse),
                    self.my_turn, size=self.corner_font(button))
        if hint is None:
            return
        rects = self.hint_rects(hint.move)
        for rect in rects:
            self.outline(surface, rect, HINT, 0.6)
        note = tr("hint.says", reason=hint.reason) if hint.reason else tr("hint.no_reason")
        self.draw_hint_note(surface, note, self.hint_anchor(rects))

    def hint_anchor(self, rects: list[Rect]) -> list[Rect]:
        """What the hint's note sits just above: the ringed places, unless a game keeps a quieter spot."""
        return rects

    def draw_hint_note(self, surface: pygame.Surface, note: str, rects: list[Rect]) -> None:
        """The hint's words in a small panel just above ``rects`` (in the middle when there are none; below them
        when there is no room above), kept inside the table."""
        lay = self.layout
        pad = lay.px(1.4)
        width = min(lay.px(self.HINT_WIDTH), lay.width - 2 * pad)
        lines = fonts.wrap(note, lay.font_small, width - 2 * pad)
        height = len(lines) * fonts.font(lay.font_small).get_linesize() + 2 * pad
        target = rects[0].unionall(rects[1:]) if rects else Rect(lay.width // 2, lay.height // 2, 0, 0)
        box = Rect(0, 0, width, height)
        box.midbottom = (target.centerx, target.top - lay.px(1.6))
        if box.top < pad:
            box.top = target.bottom + lay.px(1.6)
        box.clamp_ip(Rect(pad, pad, lay.width - 2 * pad, lay.height - 2 * pad))
        paint.panel(surface, box, lay.px(1.2), edge=HINT, alpha=255)
        paint.paragraph(surface, note, lay.font_small, box.inflate(-2 * pad, -2 * pad), HINT, align="left")

    # ----- the look back at the last trick or turn -------------------------
    #: The catalogue key of the look back's button (empty: the game has no trick or turn to look back at).
    look_back_label = ""

    def look_back_button(self) -> Rect | None:
        return self.corner_button("look_back")

    def look_back_event(self, event: pygame.event.Event) -> bool:
        """B or the button shows the last trick or turn; while it is shown, a key or click puts it away.
        True when the look back used ``event``."""
        button = self.look_back_button()
        if button is None:
            return False
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if self.looking and (click or event.type == pygame.KEYDOWN):
            self.looking = False
            return True
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_b) or (click and button.collidepoint(event.pos)):
            self.looking = self.last_round is not None
            return True
        return False

    def draw_look_back(self, surface: pygame.Surface) -> None:
        """Its button, and while it is shown, the cards of the last trick or turn over the middle of the table."""
        button = self.look_back_button()
        if button is None:
            return
        draw_button(surface, button, self.window, tr(self.look_back_label), self.looking,
                    button.collidepoint(self.mouse), self.last_round is not None, size=self.corner_font(button))
        if self.looking and self.last_round is not None:
            look_back(surface, self.layout, self.last_round, self.names, self.card_image)

    # ----- the list of keys (F1 or ?) --------------------------------------------
    #: The game's own keys, listed first on the help overlay.
    table_keys: tuple[KeyHelp, ...] = ()

    def help_keys(self) -> tuple[KeyHelp, ...]:
        """The game's keys, choosing and taking a move, the corner's controls this table offers, the menu."""
        hint = KeyHelp(f"help.key_{pygame.key.name(self.hint_key)}", "help.do_hint")
        corner = (LOG_KEYS if not self.log_in_table else LOG_KEYS[1:]) + \
            ((LOOK_BACK_KEY,) if self.look_back_label else ()) + ((UNDO_KEY,) if self.undo_offered else ()) + \
            ((hint,) if self.hints_offered else ())
        return self.table_keys + TABLE_CHOICE_KEYS + corner + TABLE_END_KEYS

    def help_heading(self) -> str:
        return tr("help.heading_table", game=game_title(self.record.game))

    # ----- events and drawing ------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.unicode == "?":
            self.app.stack.show_help()
            return None
        if self.look_back_event(event) or self.undo_event(event) or self.hint_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.open("pause", table=self)
            return None
        if self.log_event(event):
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
            if self.last_round is not self.settled_round and self.look_back_label:
                self.looking = True  # hurried past it: the trick or turn stays on screen until put away
            still = (seat is not None and not self.busy and seat in self.match.to_move()
                     and self.match.legal_moves(seat) == offered)
            if not still or (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE):
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.hand_over_at(event.pos):
                return None
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
        self.prepare_frame()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.backdrop(), (0, 0))
        self.draw_table(surface)
        self.draw_log(surface)
        self.draw_undo(surface)
        self.draw_hint(surface)
        self.draw_look_back(surface)
        if self.remote:
            self.draw_connections(surface)

    def connection_chips(self) -> list[tuple[int, Rect, str, tuple[int, int, int]]]:
        """At a remote table, a chip per seat down the top left corner: the seat, where it is drawn,
        its words (whom the table waits for in gold) and its dot: green while its player is
        connected, red while away, grey for a computer."""
        lay = self.layout
        waiting = set(self.match.thinking()) if not self.busy else set()
        x, y, line = lay.px(1.2), lay.px(1.0), lay.px(3.0)
        chips = []
        assert self.network is not None
        for seat, info in enumerate(self.network.seats):
            colour = (120, 120, 120) if info.get("computer") else (70, 200, 90) if info.get("connected") \
                else (220, 70, 60)
            name = info.get("name", "")
            label = tr("net.waiting_for", name=name) if seat in waiting else name
            width = fonts.font(lay.font_small).size(label)[0] + lay.px(4.2)
            chips.append((seat, Rect(x, y + seat * line, width, line - lay.px(0.4)), label, colour))
        return chips

    def draw_connections(self, surface: pygame.Surface) -> None:
        lay = self.layout
        waiting = set(self.match.thinking()) if not self.busy else set()
        for seat, box, label, colour in self.connection_chips():
            pygame.draw.rect(surface, (10, 36, 24), box, border_radius=lay.px(0.8))
            pygame.draw.circle(surface, colour, (box.x + lay.px(1.6), box.centery), max(3, lay.px(0.7)))
            paint.text(surface, label, lay.font_small, (box.x + lay.px(3), box.centery),
                       GOLD if seat in waiting else (230, 230, 220), anchor="midleft")

    def hand_over_at(self, pos: tuple[int, int]) -> bool:
        """The host clicked a friend's chip: a computer plays that seat now, or its player again."""
        network = self.network
        if network is None or not network.session.host:
            return False
        for seat, box, _, _ in self.connection_chips():
            info = network.seats[seat]
            if box.collidepoint(pos) and seat != network.seat and info.get("remote"):
                network.hand_over(seat, not info.get("computer"))
                return True
        return False

    def backdrop(self) -> pygame.Surface:
        """The felt and ``paint_backdrop``, painted once per size, viewer, ``backdrop_key`` and palette."""
        key = (self.layout, self.viewer, self.backdrop_key(), palette())
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
                  lift: float = 0.0, angle: float = 0.0, dim: bool = False, made_at: int | None = None) -> Rect:
        """A card (its back when ``card`` is None) with a shadow, centred at ``centre``.

        ``angle`` leans it by that many degrees (a fanned hand); ``dim`` veils it, for a card that
        may not be played now; ``made_at`` is the height its image is made (and cached) at, scaled to
        ``height`` here: a card in flight changes size every frame, and an image cached for each of
        those sizes would only crowd out the ones drawn again. Returns the card's upright rect."""
        w, h = card_size(round(height))
        image = self.card_image(card, *card_size(made_at or h))
        if image.get_size() != (width or w, h):
            image = pygame.transform.smoothscale(image, (max(1, width or w), h))
        rect = image.get_rect(center=(round(centre[0]), round(centre[1] - lift)))
        dx, dy = max(1, w // 30), max(2, w // 18)  # the shadow's offset
        if angle:
            turned, shadow = leaning(image, round(angle, 1))
            surface.blit(shadow, shadow.get_rect(center=(rect.centerx + dx, rect.centery + dy)))
            surface.blit(turned, turned.get_rect(center=rect.center))
        else:
            pygame.draw.rect(surface, (8, 30, 20), rect.move(dx, dy), border_radius=max(2, w // 9))
            surface.blit(image, rect)
        if dim:
            surface.blit(card_veil(rect.w, rect.h), rect)
        return rect

    def hand_card(self, surface: pygame.Surface, card: Any, rect: Rect, lift: float = 0.0, ring=None,
                  angle: float = 0.0, dim: bool = False, number: int | None = None) -> Rect:
        """A card of a hand in its place ``rect``: raised by ``lift`` pixels, ringed in the colour ``ring``
        when given, and with the digit key that picks it under its place (``number``, counted from 0).
        Returns where the card was drawn."""
        drawn = self.blit_card(surface, card, rect.center, rect.h, lift=lift, angle=angle, dim=dim)
        if ring is not None:
            self.outline(surface, drawn, ring)
        if number is not None:
            paint.text(surface, str((number + 1) % 10), self.layout.font_small,
                       (rect.centerx, rect.bottom + self.layout.px(0.2)), TEXT_DIM, anchor="midtop")
        return drawn

    def blit_stack(self, surface: pygame.Surface, rect: Rect, count: int, step: float = 0.4, most: int = 3) -> None:
        """A pile of ``count`` cards face down on ``rect`` (``most`` of them drawn), each ``step`` units up and
        left of the one below."""
        for i in range(min(most, count)):
            shift = i * self.layout.px(step)
            self.blit_card(surface, None, (rect.centerx - shift, rect.centery - shift), rect.h)

    def outline(self, surface: pygame.Surface, rect: Rect, colour=GOLD, width: float = 0.45) -> None:
        """The ring (gold unless told, ``width`` units wide) of the selected card or place."""
        pygame.draw.rect(surface, colour, rect.inflate(self.layout.px(0.8), self.layout.px(0.8)),
                         width=max(2, self.layout.px(width * palette().outline)), border_radius=max(3, rect.w // 8))

    def announce(self, text: str, card: Any = None, colour=GOLD, duration: float = 1.0, before=None,
                 kind: Mark | None = None) -> None:
        """A banner over the middle for ``duration`` (the board's caption keeps the words afterwards), with
        the tick or cross ``kind`` when it tells a hit or a miss; ``before`` runs as it appears."""
        def show() -> None:
            if before is not None:
                before()
            self.board.caption = text
            self.banner = Banner(text, card, colour, kind)

        def hide() -> None:
            self.banner = None
        self.queue.add(Animation(duration, on_start=show, on_finish=hide))

    def draw_banner(self, surface: pygame.Surface, area: Rect) -> None:
        """The banner in the middle of ``area``, its card (if any) on the left."""
        if self.banner is None:
            return
        lay = self.layout
        text, card, colour, kind = self.banner
        height = lay.px(22 if card is not None else 12)
        rect = Rect(area.x + lay.px(2), area.centery - height // 2, area.w - lay.px(4), height)
        paint.panel(surface, rect, lay.px(1.5), edge=colour)
        body = Rect(rect.x + lay.px(2), rect.y, rect.w - lay.px(4), rect.h)
        if card is not None:
            slot = self.geo.card_rect((rect.x + lay.px(8), rect.centery), lay.px(17))
            self.blit_card(surface, card, slot.center, slot.h)
            body = Rect(slot.right + lay.px(3), rect.y, rect.right - slot.right - lay.px(5), rect.h)
        if kind is not None:
            drawn = mark(surface, kind, colour, (body.x + lay.px(3), rect.centery), lay.px(3))
            body = Rect(drawn.right + lay.px(2), rect.y, body.right - drawn.right - lay.px(2), rect.h)
        paint.paragraph(surface, text, lay.font_body, body, colour, bold=True, align="center" if card is None else "left",
                        middle=True)

    def fly(self, card: Any, src, dst, duration: float = 0.4, delay: float = 0.0, on_start=None, on_finish=None,
            ease=ease_in_out_cubic, flip: bool = False, shrink: float = 0.0, count: int = 1) -> Animation:
        """A card (or a packet of ``count``, fanned a little) moving from rect ``src()`` to rect ``dst()``.

        ``src`` and ``dst`` are called on every frame (use ``self.live``), so
        a card in flight lands right even if the window is resized. ``flip``
        turns it over on the way; ``shrink`` is the share of its size it has
        lost on arrival (a card going into a seat's pile).
        """
        def draw(surface: pygame.Surface, p: float) -> None:
            a, b = src(), dst()
            scale = 1 - shrink * p
            h = lerp(a.h, b.h, p) * scale
            cx, cy = lerp(a.centerx, b.centerx, p), lerp(a.centery, b.centery, p)
            width = max(1, round(lerp(a.w, b.w, p) * scale * abs(1 - 2 * p))) if flip else None
            shown = card if not flip or p >= 0.5 else None
            made_at = round(max(a.h, b.h))  # drawn at the larger end's size, and scaled down on the way
            for i in range(count):
                self.blit_card(surface, shown, (cx + (i - (count - 1) / 2) * h * 0.12, cy), h, width, made_at=made_at)
        return Animation(duration, draw, on_start, on_finish, ease, delay)

    def resize(self, layout: Layout) -> None:
        """The table takes the window less the docked log and any bottom bar."""
        self.window = layout
        super().resize(self.table_layout(layout))
        self.prepare_frame()
