"""How a person at a table picks a move: the choice under the mouse, the keyboard's selection among the
table's choices, a card dragged to the play area, a click the rules refuse, the click or key that hurries the
cards along first, a move held until confirmed (setting ``confirm_move``) and a forced move played for the
person (setting ``play_forced``).

The table says what may be picked (``choices()`` and its per-game hooks ``move_at``, ``move_for_key``,
``move_for_digit``, ``choose_other``, and for dragging the picker's ``grips``, which gives the :class:`Grip` on
the card under a press: a card of the hand unless the table gives its own); a :class:`Picker` keeps where the
mouse, the selection and a dragged card are and turns events into a move for the table's ``choose``. While a
card is dragged (and while it flies back) its place is left empty: the table's card painter asks ``Picker.gap``
for the place it must not draw a card in. Times are frame times (the table's ``update(dt)``, the window's for a
double-click, which may span a screen opened over the table), never the wall clock, so tests can step them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol

import pygame
from pygame import Rect

from ...engine import Move
from ...engine.reason import Reason
from ..i18n import reason_text, tr
from .controller import TableController

#: How far (layout units) a press may move and still be a click, not a drag.
DRAG_SLOP = 1.0
#: A second press this soon (seconds of the window's frames) near a click that played is the rest of a
#: double-click.
DOUBLE_CLICK = 0.45
#: How long (seconds of table time) a forced move is shown before it is played for the person.
FORCED_DELAY = 0.7
#: The keys that take the selected choice (or confirm a held move) while the table holds the focus; Space only
#: hurries the cards while they move.
TAKE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: The keys that move the selection among the choices (a table may give up and down a choice of its own).
ARROW_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


def refusal_words(refused: Reason | str, card_name: Callable[[str], str]) -> str:
    """A refusal as this window says it: a reason in its own language (a remote table's plain words as sent)."""
    return reason_text(refused, card_name) if isinstance(refused, Reason) else refused


@dataclass(frozen=True)
class Grip:
    """A card taken up by a press, to be dragged: the face drawn under the pointer, its place on the table
    (asked again each frame, None once it has none) and the move it makes let go at a point (None where it
    makes none; a move the rules refuse there is refused as a click on it would be). ``mark``, where a table
    has one, is a drop that is a step of its own rather than a move (Fifty-Five's discards, marked by dropping
    them on the table), done where a drop at that point asks for it."""

    card: Any
    place: Callable[[], Rect | None]
    move_to: Callable[[tuple[int, int]], Move | None]
    mark: Callable[[tuple[int, int]], None] | None = None


class PickingHost(Protocol):
    """What the picker reads of its table."""

    app: Any
    control: TableController
    board: Any
    cards: Any
    stage: Any
    queue: Any
    layout: Any
    message: str
    look_back_label: str
    last_round: Any
    settled_round: Any
    corner: Any
    card_name: Callable[[str], str]

    @property
    def geo(self) -> Any: ...

    @property
    def legal(self) -> Any: ...

    @property
    def acting(self) -> int | None: ...

    @property
    def busy(self) -> bool: ...

    @property
    def my_turn(self) -> bool: ...

    @property
    def covered(self) -> bool: ...

    def choices(self) -> list[tuple[Move, Rect]]: ...

    def choose(self, move: Move | None) -> bool: ...

    def move_at(self, pos: tuple[int, int]) -> Move | None: ...

    def move_for_key(self, event: pygame.event.Event) -> Move | None: ...

    def skip_animations(self) -> None: ...

    def advance(self) -> None: ...



class Picker:
    """Where the mouse is, which choice the arrow keys selected, the card being dragged and the move held for
    confirmation, at one table."""

    def __init__(self, table: PickingHost) -> None:
        self.table = table
        self.cursor: int | None = None  # keyboard selection among choices()
        self.mouse = (-1, -1)
        self.pressed: tuple[tuple[int, int], Grip] | None = None  # where a card was pressed, and its grip
        self.dragging = False  # the pressed card left its place and follows the pointer
        self.returning: Grip | None = None  # a card let go that flies back to its place
        self.held: Move | None = None  # a chosen move waiting for its confirmation
        self.clock = 0.0  # the table's time, summed from update() (a forced move's delay)
        self.last_click: tuple[float, tuple[int, int]] | None = None  # when and where a click last played
        self.forced: tuple[Any, float] | None = None  # the only move offered, and since when
        self.card_move: Callable[[Any], Move] | None = None  # a card of the hand's move, when one card is played
        self.drop: Rect | None = None  # where such a card is dropped to play it
        self.grips: Callable[[tuple[int, int]], Grip | None] = self.hand_grip  # the card a press takes up

    def hovered(self) -> int | None:
        """Index in ``choices()`` under the mouse (the topmost wins where rects overlap)."""
        found = None
        for i, (_, rect) in enumerate(self.table.choices()):
            if rect.collidepoint(self.mouse):
                found = i
        return found

    def selected(self) -> int | None:
        """The move held for confirmation or about to be played for the person, else the choice under the mouse,
        else the one picked with the arrow keys."""
        choices = [move for move, _ in self.table.choices()]
        for waiting in (self.held, self.forced[0][1][0] if self.forced else None):
            if waiting in choices:
                return choices.index(waiting)
        hover = self.hovered()
        return hover if hover is not None else self.cursor

    def hand_choices(self, make_move: Callable[[Any], Move], gap: int = 0,
                     drop: Rect | None = None) -> list[tuple[Move, Rect]]:
        """The cards of the watching seat's hand whose move ``make_move(card)`` is legal, each with its place
        in the hand (widened by ``gap`` pixels, so a click between two cards still takes one). A card of the
        hand may then also be dragged to ``drop`` (anywhere above the hand unless told) to play it."""
        t = self.table
        hand = t.board.hand
        self.card_move = make_move
        self.drop = drop or Rect(0, 0, t.layout.width, min((t.geo.hand_slot(i, len(hand)).top
                                                             for i in range(len(hand))), default=0))
        moves = [(make_move(card), i) for i, card in enumerate(hand)]
        return [(move, t.geo.hand_slot(i, len(hand)).inflate(gap, 0)) for move, i in moves if move in t.legal]

    def hand_grip(self, pos: tuple[int, int]) -> Grip | None:
        """The card of the hand under ``pos`` when a card of the hand is played now (``hand_choices`` said so):
        dropped on its drop area it makes its move."""
        t = self.table
        self.card_move = None
        t.choices()  # says, through hand_choices, whether a card of the hand is played now
        make, drop = self.card_move, self.drop
        card = self.hand_card_at(pos)
        if make is None or drop is None or card is None:
            return None
        return Grip(card, lambda: self.hand_place(card), lambda at: make(card) if drop.collidepoint(at) else None)

    def hand_place(self, card: Any) -> Rect | None:
        """Where ``card`` sits in the watching seat's hand now (None once it has left it)."""
        hand = self.table.board.hand
        return self.table.geo.hand_slot(hand.index(card), len(hand)) if card in hand else None

    def gap(self) -> Rect | None:
        """The place of the card being dragged or flying back, left empty while it is away."""
        if self.dragging and self.pressed is not None:
            return self.pressed[1].place()
        return self.returning.place() if self.returning is not None and not self.table.queue.idle else None

    def hand_card_at(self, pos: tuple[int, int]) -> Any:
        """The card of the watching seat's hand under ``pos`` (the topmost where cards overlap), else None."""
        t = self.table
        hand = t.board.hand
        found = None
        for i, card in enumerate(hand):
            if t.geo.hand_slot(i, len(hand)).collidepoint(pos):
                found = card
        return found

    def step(self, event: pygame.event.Event) -> Move | None:
        """The arrow keys move the selection through ``choices()``; Enter or Space takes it."""
        choices = self.table.choices()
        if not choices:
            return None
        if event.key in (pygame.K_LEFT, pygame.K_UP):
            self.cursor = (len(choices) - 1) if self.cursor is None else (self.cursor - 1) % len(choices)
        elif event.key in (pygame.K_RIGHT, pygame.K_DOWN):
            self.cursor = 0 if self.cursor is None else (self.cursor + 1) % len(choices)
        elif event.key in TAKE_KEYS and self.cursor is not None:
            return choices[min(self.cursor, len(choices) - 1)][0]
        return None

    def select_first(self) -> None:
        """The focus came back to the table: show where it is by selecting the first choice, if none is."""
        if self.cursor is None and self.table.choices():
            self.cursor = 0

    def refuse(self, move: Move) -> None:
        """Tell the player why the rules refuse ``move`` (a click on a card that may not be played)."""
        t = self.table
        reason = t.control.why_illegal(move)
        t.message = tr("table.refused", reason=refusal_words(reason, t.card_name) if reason is not None else "")

    def pick(self, move: Move | None) -> bool:
        """A person picked ``move``: played through the table's ``choose``, or, when moves are confirmed, held
        until the same move is picked again (True when the pick was used)."""
        t = self.table
        if (move is not None and t.app.settings.confirm_move and move != self.held and t.my_turn
                and move in t.legal):
            self.held = move
            t.message = ""
            return True
        self.held = None
        return t.choose(move)

    def put_back(self) -> bool:
        """Esc: a card being dragged goes back to the hand, else the held move is taken back; True when there
        was one."""
        if self.dragging and self.pressed is not None:
            self.fly_back(self.mouse, self.pressed[1])
            return True
        if self.pressed is not None or self.held is not None:
            self.pressed, self.held = None, None
            return True
        return False

    def take_back(self) -> bool:
        """A right-click: what Esc puts back, else the selection (and a game's marking) is cleared; True when
        there was something to undo."""
        if self.put_back():
            return True
        cleared = self.cursor is not None
        self.cursor = None
        return cleared

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A click, drag or key to pick a move (after hurrying the cards, if they are moving); None when it was
        used. A key that hurries the cards then does its own job at once (a digit picks, an arrow selects), so
        no key needs pressing twice; Space only hurries."""
        t = self.table
        if event.type == pygame.MOUSEMOTION:
            self.drag_to(event.pos)
            return event
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return None if self.take_back() else event
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return None if self.release(event.pos) else event
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if clicked and self.second_click(event.pos):
            return None
        if t.busy and event.type == pygame.KEYDOWN and event.key != pygame.K_SPACE:
            t.skip_animations()
            t.advance()  # the turn comes to the person now, for the key to act on
        elif t.busy and (event.type == pygame.KEYDOWN or clicked) and not self.hurry(event):
            return None
        if clicked:
            self.mouse = event.pos
            if self.grab(event.pos):
                return None
            return None if self.click(event.pos) else event
        if event.type == pygame.KEYDOWN:
            if self.held is not None and event.key in TAKE_KEYS:
                return None if self.pick(self.held) else event
            chooses = event.key in ARROW_KEYS and bool(t.choices())  # an arrow moved a selection: used either way
            return None if self.pick(t.move_for_key(event)) or chooses else event
        return event

    def second_click(self, pos: tuple[int, int]) -> bool:
        """Whether a press is the second half of a double-click whose first click already played a move (it is
        then used up, so a double-click never plays twice)."""
        last, self.last_click = self.last_click, None
        if last is None or self.table.app.frame_time - last[0] > DOUBLE_CLICK:
            return False
        return max(abs(pos[0] - last[1][0]), abs(pos[1] - last[1][1])) <= self.table.layout.px(DRAG_SLOP)

    def click(self, pos: tuple[int, int]) -> bool:
        """A click at ``pos`` picks the move there (a refused card says why, as the table words it)."""
        t = self.table
        held = self.held
        used = self.pick(t.move_at(pos))
        if used and self.held is None and held is None:  # it played: a second press now is a double-click
            self.last_click = (t.app.frame_time, pos)
        return used

    def grab(self, pos: tuple[int, int]) -> bool:
        """A press on a card the table lets be dragged to play it (``grips``): it is played on release, by a
        click (released where pressed) or a drop where it makes its move."""
        t = self.table
        grip = self.grips(pos) if t.my_turn else None
        if grip is None:
            return False
        self.pressed, self.dragging = (pos, grip), False
        return True

    def drag_to(self, pos: tuple[int, int]) -> None:
        """The pointer moved: a pressed card moved further than a click's slop is being dragged."""
        self.mouse = pos
        if self.pressed is not None and not self.dragging:
            (x, y), _ = self.pressed
            self.dragging = max(abs(pos[0] - x), abs(pos[1] - y)) > self.table.layout.px(DRAG_SLOP)

    def release(self, pos: tuple[int, int]) -> bool:
        """The button came up: a pressed card not dragged is a click where it was pressed; a dragged one
        dropped where it makes a move makes it (a move the rules refuse says why, and the card goes back), and
        dropped anywhere else goes back to its place (marked, where the table marks it so)."""
        if self.pressed is None:
            return False
        t = self.table
        (start, grip), dragging = self.pressed, self.dragging
        self.pressed, self.dragging = None, False
        if t.busy:  # cards began moving since the press (other seats committing): hurry them, as a press would
            t.skip_animations()
            t.advance()
        if not dragging:
            return self.click(start)
        move = grip.move_to(pos) if t.my_turn else None
        if move is not None and move in t.legal:
            return self.pick(move)
        if move is not None:
            self.refuse(move)
        elif t.my_turn and grip.mark is not None:
            grip.mark(pos)  # the table's own step, where it was let go; the card goes back to its place
        self.fly_back(pos, grip)
        return True

    def fly_back(self, pos: tuple[int, int], grip: Grip) -> None:
        """A dragged card not played goes back to its place (its place stays empty until it is there)."""
        t = self.table
        self.pressed, self.dragging = None, False
        home = grip.place()
        if home is None:
            return
        start = home.move(pos[0] - home.centerx, pos[1] - home.centery)
        self.returning = grip

        def landed() -> None:
            if self.returning is grip:
                self.returning = None
        t.queue.add(t.stage.fly(grip.card, lambda: start, lambda: home, duration=0.25, on_finish=landed))

    def update(self, dt: float) -> None:
        """Time passes at the table: a held move no longer offered is dropped, and a person's only move is
        played for them once it has been shown for ``FORCED_DELAY`` (when the setting asks for it)."""
        t = self.table
        self.clock += dt
        if self.held is not None and (not t.my_turn or self.held not in t.legal):
            self.held = None
        if self.pressed is not None and t.acting is None:  # the turn went: nothing to drop the card on
            self.pressed, self.dragging = None, False
        only = (t.acting, tuple(t.legal)) if t.my_turn and len(t.legal) == 1 else None
        if only is None or not t.app.settings.play_forced or self.pressed is not None:
            self.forced = None
        elif self.forced is None or self.forced[0] != only:
            self.forced = (only, self.clock)
        elif self.clock - self.forced[1] >= FORCED_DELAY:
            self.forced = None
            self.held = None
            t.choose(only[1][0])

    def draw(self, surface: pygame.Surface) -> None:
        """Over everything: the card being dragged, under the pointer (the note beside a held move is the
        corner's)."""
        t = self.table
        if self.dragging and self.pressed is not None:
            grip = self.pressed[1]
            place = grip.place()
            if place is not None:
                t.cards.blit_card(surface, grip.card, self.mouse, place.h, lift=t.layout.px(1))

    def hurry(self, event: pygame.event.Event) -> bool:
        """A click or Space hurries the cards along, and the trick or turn hurried past stays on screen. A click
        also counts as a move (True) when the player was already choosing and what happened on the table left
        the choice as it was (say, other seats committing their cards); Space only hurries."""
        t = self.table
        seat, offered = t.acting, t.legal
        t.skip_animations()
        if t.last_round is not t.settled_round and t.look_back_label and not t.covered:  # no summary over it
            t.corner.looking = True  # hurried past it: the trick or turn stays on screen until put away
        match = t.control.match
        still = seat is not None and not t.busy and seat in match.to_move() and match.legal_moves(seat) == offered
        return still and not (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE)
