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
from ...engine.records import Record
from ...registry import GAMES
from .. import native_memory
from ..cards import back, face
from ..i18n import game_title, tr
from ..keys import DRAG_KEY, TABLE_CHOICE_KEYS, TABLE_END_KEYS, KeyHelp
from ..layout import Layout, palette
from ..players import shown_name
from ..scene import Scene
from ..scenes.results import ScoreRow
from . import events
from .cardpaint import Backdrop, CardPainter
from .controller import TableController
from .corner import Corner
from .ending import Ending, ResultSheet
from .focus import FocusButton, TableFocus
from .geometry import LiveGeometry
from .lines import MoveLines
from .log import LookBack, MoveLog
from .modes import LiveMode, Mode, RemoteMode, SeatMatch
from .overlay import Overlay
from .picking import Picker, refusal_words
from .remote import SeatChips
from .stage import Stage

Rect = pygame.Rect

#: The digit keys (top row and keypad) as indexes: 1 is the first, 0 the tenth.
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): (d - 1) % 10 for d in range(10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): (d - 1) % 10 for d in range(10)})


def card_face(game_id: str, card: Any, width: int, height: int) -> pygame.Surface:
    """The face of ``card`` in game ``game_id`` (the back when ``card`` is None)."""
    return face(game_id, card, width, height) if card is not None else back(game_id, width, height)


def card_sound(app: Any, step: Step) -> None:
    """A seat's move is heard as a card laid."""
    if step.seat is not None:
        app.sounds.play("card")


class _Of:
    """A table's attribute that is one of its parts' (``control``'s, ``corner``'s, ``picker``'s, ``stage``'s),
    for the game tables and the screens over a table to read and set."""

    def __init__(self, part: str) -> None:
        self.part = part

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, table: Any, owner: type | None = None) -> Any:
        return self if table is None else getattr(getattr(table, self.part), self.name)

    def __set__(self, table: Any, value: Any) -> None:
        setattr(getattr(table, self.part), self.name, value)


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
    private = _Of("control")  # several people take turns at this screen: a menu over the table hides their hands
    log_open = _Of("corner")  # the log is docked beside the table
    looking = _Of("corner")  # the last trick or turn is shown again
    cursor = _Of("picker")  # the keyboard's selection among choices()
    mouse = _Of("picker")
    queue = _Of("stage")  # the animations waiting and running
    banner = _Of("stage")  # an announcement over the middle of the table

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
            overlay = partial(SeatChips, match)
        self.mode = mode or LiveMode()
        self.picker = Picker(self)
        self.cards = CardPainter(lambda: self.layout, partial(card_face, self.game.id), self.picker.gap)
        self.stage = Stage(self.cards, lambda: self.app.speed, lambda: self.board)
        self.lines = self.move_lines(self)
        self.control = TableController(self.game, record, self.mode, app, personalities, match,
                                       private_line=lambda seat, move: self.lines.log_private_move(seat, move),
                                       on_step=partial(card_sound, app))
        self.live = LiveGeometry(lambda: self.geo)
        self._geo: tuple[Any, Any] | None = None
        self.backdrop = Backdrop(lambda: self.layout, lambda: (self.viewer, self.backdrop_key(), palette()),
                                 self.paint_backdrop)
        self.message = ""
        self.log = MoveLog()  # what happened, as the seats at this screen were shown it
        self.last_round: LookBack | None = None  # the last finished trick or turn, for a look back
        self.settled_round: LookBack | None = None  # the last trick or turn once its cards came to rest
        self.score_rows: list[ScoreRow] = []  # each finished round's scores, for the results screen
        self.window = self.layout  # the whole window; ``self.layout`` is the part the table is drawn in
        self.corner = Corner(self)
        self.ending = Ending(self)
        self.overlay = overlay(self) if overlay is not None else Overlay()
        self.focus = TableFocus(lambda: self.own_buttons() + self.corner.focus_buttons(), self.picker.select_first)
        self.control.follow(partial(events.log_step, self))

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
            self.app.start_keeping(self.record)
            self.control.save(self.record)

    def exit(self) -> None:
        """Stop the computer seats and a hint still thinking, and let go of the backdrop at once (the table may
        live on a while in a reference cycle). A network seat is kept to take again (the window may have been
        closed by mistake, or its line lost) until its game is over or its table gone."""
        if isinstance(self.mode, RemoteMode) and (self.match.over or self.match.ended or self.match.failure) \
                and not self.match.line_lost:
            self.app.storage.forget_joined()
        if self.keeps_record:
            self.app.storage.leave()  # the game is no longer open here: another window may continue it
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
    #: What dragging a card does at this table, in the list of keys.
    drag_key: KeyHelp = DRAG_KEY
    #: The game's geometry keeps a place for the log on the table itself (no docked panel, no toggle).
    log_in_table = False
    #: A catalogue key of a line the log shows under its title (a game's caution about what it cannot say).
    log_note = ""
    #: The catalogue key of the look back's button (empty: the game has no trick or turn to look back at).
    look_back_label = ""
    #: The key that asks for a hint (a table that plays a move with H picks another).
    hint_key = pygame.K_h
    #: A card in the game's notation as players of this language write it (refusals and hints name cards).
    card_name: Callable[[str], str] = staticmethod(str)

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

    def paint_backdrop(self, image: pygame.Surface) -> None:
        """Paint what never moves (panels, empty places) over the felt."""

    def backdrop_key(self) -> Any:
        """Anything besides size and viewer that changes the backdrop."""
        return None

    def place_widgets(self) -> None:
        """Put the table's own widgets where the new ``self.geo`` wants them."""

    def draw_table(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def own_buttons(self) -> list[FocusButton]:
        """The game's own buttons beside the table that Tab visits before the corner's (none by default)."""
        return []

    def needs_handover(self, seat: int) -> bool:
        """Whether ``seat`` sees private cards when acting (then others must look away)."""
        return True

    def prompt(self) -> str:
        """What the table is waiting for, in a few words."""
        if self.finished:
            return tr("table.game_over")
        if self.my_turn:  # never while cards still move: a key or click then only hurries them
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
        """Make the geometry, the backdrop and the overlay's places for the current size, seat and picture, so
        that ``draw`` finds them ready and changes nothing. Called after a resize, a change of seat, every
        update and every hurry."""
        if self.corner.table_layout(self.window, self.overlay.bottom_bar(self.window)) != self.layout:
            self.resize(self.window)  # a setting changed whether a note can appear: its strip comes or goes
            return
        _ = self.geo
        self.backdrop.image()
        self.overlay.place()

    def move_at(self, pos: tuple[int, int]) -> Move | None:
        """The legal move under the mouse, if any."""
        self.mouse = pos
        i = self.picker.hovered()
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
        return self.picker.step(event)

    # ----- the flow ------------------------------------------------------
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
            self.message = refusal_words(refused, self.card_name)
        self.control.elapse(dt, self.queue.idle and not self.control.pending)
        self.queue.update(dt, stop=lambda: self.covered)
        self.advance()
        self.picker.update(dt)
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
            self.message = refusal_words(refused, self.card_name)
            return
        self.cursor = None

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

    def result_sheet(self) -> ResultSheet:
        """What the game adds to the results screen: nothing by default."""
        return ResultSheet()

    # ----- the corner: the log, undo and hints -----------------------------------
    def undo(self) -> None:
        """Take back the player's last move and everything after it: the match is built again from the record
        cut there, so the player is back at that decision, and the picture, log and look back are written again."""
        record = self.control.undo()
        if record is None:
            return
        self.stage.restart()
        self.log, self.last_round, self.settled_round, self.corner.looking = MoveLog(), None, None, False
        self.score_rows = []
        self.cursor, self.message = None, ""
        self.control.start_from(record, partial(events.log_step, self))
        if not self.control.pending:
            self.sync()
            self.control.synced = True
        self.prepare_frame()

    def on_hint(self, move: Move) -> None:
        """A hint came: a table may bring its move into view (Thirteen turns to the seat to ask)."""

    def hint_rects(self, move: Move) -> list[Rect]:
        """Where ``move`` is on the table, to ring: the choice that makes it, unless a game says otherwise."""
        return [rect for choice, rect in self.choices() if choice == move]

    # ----- the list of keys (F1 or ?) --------------------------------------------
    def help_keys(self) -> tuple[KeyHelp, ...]:
        """The game's keys, choosing a move, the corner's controls here, the menu (a replay lists its own)."""
        return self.mode.help_keys(self.table_keys + (self.drag_key,) + TABLE_CHOICE_KEYS + self.corner.help_keys()
                                   + TABLE_END_KEYS)

    def help_heading(self) -> str:
        return tr("help.heading_table", game=game_title(self.record.game))

    # ----- events and drawing ------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The table's own parts first (its mode's controls, the focus of its buttons, the corner, the log), then
        the move a click or key picks; ? lists the keys and Esc puts away what is open over the table, else opens
        the pause menu (a game's own panel takes its Esc first)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.overlay.handle_event(event) is None:
            return None
        if self.focus.handle_event(event):  # Tab, and Enter or Space while a button holds the focus
            return None
        if event.type == pygame.KEYDOWN and event.unicode == "?":
            self.app.stack.show_help()
            return None
        if self.corner.handle_event(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not self.corner.close_topmost() and not self.picker.put_back():  # what is over the table first
                self.app.stack.open("pause", table=self)
            return None
        if self.corner.log_event(event):
            return None
        return self.picker.handle_event(event)

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
        self.focus.draw(surface, self.window)
        self.picker.draw(surface)  # a dragged card over everything but a dialog
        self.corner.draw_dialog(surface)  # last: its scrim dims everything of the table evenly

    def resize(self, layout: Layout) -> None:
        """The table takes the window less the docked log, the overlay's bar and the note's strip; after a change
        of language the names and the log are worded again first."""
        events.follow_language(self)
        self.window = layout
        super().resize(self.corner.table_layout(layout, self.overlay.bottom_bar(layout)))
        self.prepare_frame()
