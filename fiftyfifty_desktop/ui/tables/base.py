"""The generic table scene: input to its :class:`~.controller.TableController`, the game's picture to the
screen.

The controller holds the match, the steps waiting to be animated, undo, hints and the record kept beside the
game, and asks the table's :class:`~.modes.Mode` what differs in a replay, a guided game or at a table hosted
elsewhere; an :class:`~.overlay.Overlay` draws that mode's own controls. The scene watches from the seat at the
screen (the public view when no one or several people play), so it only ever holds that seat's view and the
steps that seat may see. It turns those steps' events into animations, shows the hand-over screen before a
person acts on private cards and opens the round summary and the results. A game's table subclasses
:class:`TableScene` and supplies what is particular to it (``docs/ui.md``, "A game's table").
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

import pygame

from ...ai import load_personalities
from ...config import ConfigError
from ...engine import Move
from ...engine.match import ComputerFailed, Step
from ...engine.reason import Reason
from ...engine.records import Record
from ...registry import GAMES
from .. import native_memory
from ..cards import back, face
from ..i18n import game_title, reason_text, tr
from ..keys import TABLE_CHOICE_KEYS, TABLE_END_KEYS, KeyHelp
from ..layout import GOLD, Layout, palette
from ..players import shown_name
from ..scene import Scene
from ..scenes.results import OrderTable, ScoreRow
from ..tween import Animation, AnimationQueue, ease_in_out_cubic
from . import events
from .cardpaint import Backdrop, CardPainter, flight
from .controller import Hint, TableController
from .corner import Corner
from .ending import Ending
from .geometry import LiveGeometry
from .lines import MoveLines
from .log import LookBack, MoveLog
from .modes import LiveMode, Mode, RemoteMode, SeatMatch
from .overlay import Overlay
from .parts import Banner, Mark
from .remote import SeatChips

Rect = pygame.Rect

#: The digit keys (top row and keypad) as indexes: 1 is the first, 0 the tenth.
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): (d - 1) % 10 for d in range(10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): (d - 1) % 10 for d in range(10)})


class _Of:
    """A table's attribute that is one of its parts' (``control``'s, ``corner``'s), for the game tables and the
    screens over a table to read."""

    def __init__(self, part: str) -> None:
        self.part = part

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, table: Any, owner: type | None = None) -> Any:
        return self if table is None else getattr(getattr(table, self.part), self.name)


class TableScene(Scene):
    is_table = True  # how the scenes above find the table (the hand-over's Esc opens its pause)

    match = _Of("control")
    record = _Of("control")
    view = _Of("control")  # what the seat at the screen sees now
    viewer = _Of("control")  # the seat at the screen (None: the public view)
    acting = _Of("control")  # the person's seat whose move the table waits for
    legal = _Of("control")  # the moves that seat may make
    humans = _Of("control")
    finished = _Of("control")
    keeps_record = _Of("control")  # saved after every move and stored in the statistics at the end
    undos = _Of("control")
    hints = _Of("control")
    hints_agreed = _Of("control")
    undo_offered = _Of("control")
    hints_offered = _Of("control")
    hint = _Of("control")
    advice = _Of("control")
    log_open = _Of("corner")  # the log is docked beside the table
    looking = _Of("corner")  # the last trick or turn is shown again

    def __init__(self, app, record: Record, exit_at_end: bool = False, match: SeatMatch | None = None,
                 mode: Mode | None = None, overlay: Callable[[TableScene], Overlay] | None = None) -> None:
        """``match`` is a :class:`~fiftyfifty_desktop.net.client.RemoteMatch` for a seat at a table hosted
        elsewhere (the host keeps the record); else the table makes its own match, for its ``mode`` (a live
        game unless told), with that mode's ``overlay`` over it."""
        super().__init__(app)
        self.game = GAMES[record.game]
        self.exit_at_end = exit_at_end
        try:
            personalities = load_personalities()
        except ConfigError:
            personalities = ()
        self.names = [shown_name(seat.name, seat.player, i, personalities) for i, seat in enumerate(record.seats)]
        if match is not None and mode is None:
            mode = RemoteMode(match)
            overlay = lambda table: SeatChips(match, lambda: table.layout, lambda: table.busy)  # noqa: E731
        self.mode = mode or LiveMode()
        self.queue = AnimationQueue(lambda: self.app.speed)
        self.lines = self.move_lines(self)
        self.control = TableController(self.game, record, self.mode, app, personalities, match,
                                       private_line=self.lines.log_private_move, on_step=self.sound_of_move)
        self.live = LiveGeometry(lambda: self.geo)
        self.cards = CardPainter(lambda: self.layout, self.card_image)
        self.cursor: int | None = None  # keyboard selection among choices()
        self._geo: tuple[Any, Any] | None = None
        self.backdrop = Backdrop(lambda: self.layout, lambda: (self.viewer, self.backdrop_key(), palette()),
                                 self.paint_backdrop)
        self.mouse = (-1, -1)
        self.message = ""
        self.banner: Banner | None = None  # an announcement over the middle of the table
        self.log = MoveLog()  # what happened, as the seats at this screen were shown it
        self.last_round: LookBack | None = None  # the last finished trick or turn, for a look back
        self.settled_round: LookBack | None = None  # the last trick or turn once its cards came to rest
        self.score_rows: list[ScoreRow] = []  # each finished round's scores, for the results screen
        self.window = self.layout  # the whole window; ``self.layout`` is the part the table is drawn in
        self.corner = Corner(self)
        self.ending = Ending(self)
        self.overlay = overlay(self) if overlay is not None else Overlay()
        self.control.follow(partial(events.log_step, self))

    @property
    def private(self) -> bool:
        """Several people take turns at this screen in a live game: a menu over the table hides their hands."""
        return self.keeps_record and len(self.humans) > 1

    def sound_of_move(self, step: Step) -> None:
        if step.seat is not None:
            self.app.sounds.play("card")

    def enter(self) -> None:
        """Show the position at once (unless a first deal is still to be animated), and save,
        so even a game closed before its first move can be continued."""
        super().enter()
        native_memory.collect_and_trim()
        self.overlay.enter()
        if not self.control.pending:
            self.sync()
            self.control.synced = True
        self.prepare_frame()
        if self.keeps_record:
            self.app.abandon_saved_game(self.record)
            self.control.save(self.record)

    def exit(self) -> None:
        """Stop the computer seats and a hint still thinking, and let go of the backdrop at once (the table may
        live on a while in a reference cycle). A network seat is kept to take again (the window may have been
        closed by mistake) until its game is over or its table gone."""
        if isinstance(self.mode, RemoteMode) and (self.match.over or self.match.ended or self.match.failure):
            self.app.storage.forget_joined()
        self.control.close()
        self.backdrop.drop()
        self.overlay.exit()
        super().exit()
        native_memory.trim()

    # ----- per-game hooks ------------------------------------------------
    #: The game's geometry, made as ``geometry(layout, seats, viewer)`` (a :class:`TableGeometry`).
    geometry: type
    #: The picture as data; ``board.show(view)`` rebuilds it from a view.
    board: Any
    #: The game's lines of the move log (made with the table, given it as a :class:`LoggedTable`).
    move_lines: type[MoveLines] = MoveLines
    #: Event kinds the table shows by the next ``sync`` alone, with no animation.
    QUIET_EVENTS: frozenset[str] = frozenset()
    #: The game's own keys, listed first on the help overlay.
    table_keys: tuple[KeyHelp, ...] = ()
    #: The game's geometry keeps a place for the log on the table itself (no docked panel, no toggle).
    log_in_table = False
    #: A catalogue key of a line the log shows under its title (a game's caution about what it cannot say).
    log_note = ""
    #: The catalogue key of the look back's button (empty: the game has no trick or turn to look back at).
    look_back_label = ""
    #: The key that asks for a hint (a table that plays a move with H picks another).
    hint_key = pygame.K_h

    def make_geometry(self) -> Any:
        """Where everything sits for ``self.layout`` and ``self.viewer``."""
        return self.geometry(self.layout, len(self.names), self.viewer)

    def sync(self) -> None:
        """Rebuild the picture from ``self.view``."""
        self.board.show(self.view)

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
        return self.live.at("hand_slot", self.board.hand.index(card), len(self.board.hand))

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

    def card_name(self, card: str) -> str:
        """A card in the game's notation as players of this language write it; games refine it."""
        return card

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
        """Make the geometry, the backdrop and the overlay's places for the current size, seat and picture, so
        that ``draw`` finds them ready and changes nothing. Called after a resize, a change of seat, every
        update and every hurry."""
        _ = self.geo
        self.backdrop.image()
        self.overlay.place()

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
        return not self.queue.idle or bool(self.control.pending)

    @property
    def my_turn(self) -> bool:
        """A person at the screen is to move and the cards are at rest: their choice is taken now."""
        return self.acting is not None and not self.busy

    def update(self, dt: float) -> None:
        lost = self.mode.lost(self.control)  # a remote table ended or failed before the game did
        if lost is not None:
            self.ending.leave(lost, tr("net.table_ended", reason=lost))
            return
        if (refused := self.mode.refusal_heard()) is not None:  # shown as one here is, in this window's words
            self.message = self.refusal_words(refused)
        self.control.elapse(dt, self.queue.idle and not self.control.pending)
        self.queue.update(dt, stop=lambda: self.covered)
        self.advance()
        self.corner.take_hint()
        self.prepare_frame()

    def resting(self) -> bool:
        """Waiting for a person (or, watching a replay, paused), with nothing moving and nothing thought out."""
        return self.control.resting(not self.busy)

    def advance(self) -> None:
        """Play queued events, then hand the turn to whoever must act."""
        control = self.control
        while not self.covered:
            if not self.queue.idle:
                return
            if control.pending:
                ctx, event = control.pending.popleft()
                events.animate(self, event, ctx)
                self.queue.update(0.0, stop=lambda: self.covered)
                continue
            self.settled_round = self.last_round
            if not control.synced:
                self.sync()
                control.synced = True
            if self.match.over or (self.exit_at_end and self.mode.played_out(control)):  # a record may stop early
                self.finish()
                return
            try:
                if control.take_computer_move():
                    continue
            except ComputerFailed as failed:
                self.ending.computer_failed(self.names[failed.seat], failed.error)
                return
            self.offer_human_turn()
            return

    def wait_for_thinkers(self, timeout: float = 5.0) -> None:
        """Block until every computer seat has chosen (tests and scripts; never the frame loop)."""
        self.match.wait_for_computers(timeout)

    def offer_human_turn(self) -> None:
        """Let a human act, after a hand-over if someone else was looking at the screen."""
        control = self.control
        seat = control.seat_to_offer()
        if seat is None:
            control.offer(None)
            return
        if seat != self.viewer and len(self.humans) > 1 and self.needs_handover(seat):
            control.offer(None)
            self.app.stack.open("handover", name=self.names[seat], game_id=self.game.id, on_ready=lambda: self.look(seat))
            return
        if seat != self.viewer:
            self.look(seat)
        control.offer(seat)

    def look(self, seat: int) -> None:
        """``seat`` now sits at the screen."""
        self.control.look(seat)
        self.sync()
        self.prepare_frame()

    def apply(self, seat: int, move: Move) -> None:
        """Play a person's move through the controller; a refusal shown for an earlier try goes."""
        self.message = ""
        refused = self.control.submit(seat, move)
        if refused is not None:
            self.message = self.refusal_words(refused)
            return
        self.cursor = None

    def refusal_words(self, refused: Reason | str) -> str:
        return reason_text(refused, self.card_name) if isinstance(refused, Reason) else refused

    def refuse(self, move: Move) -> None:
        """Tell the player why the rules refuse ``move`` (a click on a card that may not be played)."""
        reason = self.control.why_illegal(move)
        self.message = tr("table.refused", reason=self.refusal_words(reason) if reason is not None else "")

    def choose(self, move: Move | None) -> bool:
        """A human picked ``move`` on the table; only legal moves are taken."""
        if move is None or not self.my_turn or move not in self.legal:
            return False
        self.apply(self.acting, move)
        self.advance()
        return True

    # ----- the results ----------------------------------------------------
    def finish(self) -> None:
        """The game is over: show the ranking (a replay stays on its last move; unattended, it quits)."""
        if self.finished:
            return
        if self.control.finish():
            self.ending.show_results()
        elif self.exit_at_end:
            self.app.quit()

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

    def score_columns(self) -> tuple[str, ...]:
        """The heads of the results screen's score table: a column per seat unless a game says otherwise."""
        return tuple(self.names)

    # ----- the corner: the log, undo and hints -----------------------------------
    def corner_button(self, name: str) -> Rect | None:
        """Where the corner's button ``name`` sits (None when this table does not offer it)."""
        return self.corner.button(name)

    def undo(self) -> None:
        """Take back the player's last move and everything after it: the match is built again from the record
        cut there, so the player is back at that decision, and the picture, log and look back are written again."""
        record = self.control.undo()
        if record is None:
            return
        self.queue = AnimationQueue(lambda: self.app.speed)
        self.log, self.last_round, self.settled_round, self.corner.looking = MoveLog(), None, None, False
        self.score_rows = []
        self.cursor, self.message, self.banner = None, "", None
        self.control.start_from(record, partial(events.log_step, self))
        if not self.control.pending:
            self.sync()
            self.control.synced = True
        self.prepare_frame()

    def ask_hint(self) -> None:
        """Show the hint for the decision at hand (thought out in the background), or put it away."""
        if self.my_turn:
            self.control.ask_hint()

    def wait_for_hint(self, timeout: float = 30.0) -> None:
        """Block until the hint being thought out has come, then take it (tests and scripts; never a frame)."""
        self.control.wait_for_hint(timeout)
        self.corner.take_hint()

    def on_hint(self, move: Move) -> None:
        """A hint came: a table may bring its move into view (Thirteen turns to the seat to ask)."""

    def shown_hint(self) -> Hint | None:
        """The hint on screen now: only while its decision is open and the cards are at rest."""
        return self.control.shown_hint(self.my_turn)

    def hint_rects(self, move: Move) -> list[Rect]:
        """Where ``move`` is on the table, to ring: the choice that makes it, unless a game says otherwise."""
        return [rect for choice, rect in self.choices() if choice == move]

    def hint_anchor(self, rects: list[Rect]) -> list[Rect]:
        """What the hint's note sits just above: the ringed places, unless a game keeps a quieter spot."""
        return rects

    # ----- the list of keys (F1 or ?) --------------------------------------------
    def help_keys(self) -> tuple[KeyHelp, ...]:
        """The game's keys, choosing a move, the corner's controls here, the menu (a replay lists its own)."""
        return self.mode.help_keys(self.table_keys + TABLE_CHOICE_KEYS + self.corner.help_keys() + TABLE_END_KEYS)

    def help_heading(self) -> str:
        return tr("help.heading_table", game=game_title(self.record.game))

    # ----- events and drawing ------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.overlay.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN and event.unicode == "?":
            self.app.stack.show_help()
            return None
        if self.corner.handle_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.open("pause", table=self)
            return None
        if self.corner.log_event(event):
            return None
        if event.type == pygame.MOUSEMOTION:
            return event
        if self.busy and (event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)):
            if not self.hurry(event):
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            return None if self.choose(self.move_at(event.pos)) else event
        if event.type == pygame.KEYDOWN:
            return None if self.choose(self.move_for_key(event)) else event
        return event

    def hurry(self, event: pygame.event.Event) -> bool:
        """A click or key hurries the cards along. It also counts as a move (True) when the player was already
        choosing and what happened on the table left the choice as it was (say, other seats committing their
        cards); Space only hurries."""
        seat, offered = self.acting, self.legal
        self.skip_animations()
        if self.last_round is not self.settled_round and self.look_back_label:
            self.corner.looking = True  # hurried past it: the trick or turn stays on screen until put away
        still = (seat is not None and not self.busy and seat in self.match.to_move()
                 and self.match.legal_moves(seat) == offered)
        return still and not (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE)

    def skip_animations(self) -> None:
        """Finish every queued animation and play the waiting events at once."""
        pending = self.control.pending
        while not self.covered and self.busy:
            self.queue.skip(stop=lambda: self.covered)
            if pending and not self.covered:
                ctx, event = pending.popleft()
                events.animate(self, event, ctx)
        self.prepare_frame()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.backdrop.image(), (0, 0))
        self.draw_table(surface)
        self.corner.draw(surface)
        self.overlay.draw(surface)

    def draw_running(self, surface: pygame.Surface) -> None:
        """Paint the animations in progress (cards in flight), over the table."""
        for animation in self.queue.running():
            if animation.started and not animation.finished and animation.draw is not None:
                animation.draw(surface, animation.progress)

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

    def fly(self, card: Any, src: Callable[[], Rect], dst: Callable[[], Rect], duration: float = 0.4,
            delay: float = 0.0, on_start: Callable[[], None] | None = None,
            on_finish: Callable[[], None] | None = None, ease: Callable[[float], float] = ease_in_out_cubic,
            flip: bool = False, shrink: float = 0.0, count: int = 1) -> Animation:
        """A card (or a packet of ``count``) moving from ``src()`` to ``dst()`` (see :func:`~.cardpaint.flight`;
        give it ``self.live``'s rects, so a card in flight lands right even if the window is resized)."""
        return Animation(duration, flight(self.cards, card, src, dst, flip, shrink, count), on_start, on_finish,
                         ease, delay)

    def resize(self, layout: Layout) -> None:
        """The table takes the window less the docked log and the overlay's bar."""
        self.window = layout
        super().resize(self.corner.table_layout(layout, self.overlay.bottom_bar(layout)))
        self.prepare_frame()
