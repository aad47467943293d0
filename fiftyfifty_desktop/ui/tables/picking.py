"""How a person at a table picks a move: the choice under the mouse, the keyboard's selection among the
table's choices, a click the rules refuse, and the click or key that hurries the cards along first.

The table says what may be picked (``choices()`` and its per-game hooks ``move_at``, ``move_for_key``,
``move_for_digit``, ``choose_other``); a :class:`Picker` keeps where the mouse and the selection are and
turns events into a move for the table's ``choose``.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

import pygame
from pygame import Rect

from ...engine import Move
from ...engine.reason import Reason
from ..i18n import reason_text, tr
from .controller import TableController


def refusal_words(refused: Reason | str, card_name: Callable[[str], str]) -> str:
    """A refusal as this window says it: a reason in its own language (a remote table's plain words as sent)."""
    return reason_text(refused, card_name) if isinstance(refused, Reason) else refused


class PickingHost(Protocol):
    """What the picker reads of its table."""

    control: TableController
    board: Any
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
    def covered(self) -> bool: ...

    def choices(self) -> list[tuple[Move, Rect]]: ...

    def choose(self, move: Move | None) -> bool: ...

    def move_at(self, pos: tuple[int, int]) -> Move | None: ...

    def move_for_key(self, event: pygame.event.Event) -> Move | None: ...

    def skip_animations(self) -> None: ...

    def advance(self) -> None: ...


class Picker:
    """Where the mouse is and which choice the arrow keys selected, at one table."""

    def __init__(self, table: PickingHost) -> None:
        self.table = table
        self.cursor: int | None = None  # keyboard selection among choices()
        self.mouse = (-1, -1)

    def hovered(self) -> int | None:
        """Index in ``choices()`` under the mouse (the topmost wins where rects overlap)."""
        found = None
        for i, (_, rect) in enumerate(self.table.choices()):
            if rect.collidepoint(self.mouse):
                found = i
        return found

    def selected(self) -> int | None:
        """The choice under the mouse, else the one picked with the arrow keys."""
        hover = self.hovered()
        return hover if hover is not None else self.cursor

    def hand_choices(self, make_move: Callable[[Any], Move], gap: int = 0) -> list[tuple[Move, Rect]]:
        """The cards of the watching seat's hand whose move ``make_move(card)`` is legal, each with its place
        in the hand (widened by ``gap`` pixels, so a click between two cards still takes one)."""
        t = self.table
        hand = t.board.hand
        moves = [(make_move(card), i) for i, card in enumerate(hand)]
        return [(move, t.geo.hand_slot(i, len(hand)).inflate(gap, 0)) for move, i in moves if move in t.legal]

    def step(self, event: pygame.event.Event) -> Move | None:
        """The arrow keys move the selection through ``choices()``; Enter takes it."""
        choices = self.table.choices()
        if not choices:
            return None
        if event.key in (pygame.K_LEFT, pygame.K_UP):
            self.cursor = (len(choices) - 1) if self.cursor is None else (self.cursor - 1) % len(choices)
        elif event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.cursor = 0 if self.cursor is None else (self.cursor + 1) % len(choices)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.cursor is not None:
            return choices[min(self.cursor, len(choices) - 1)][0]
        return None

    def refuse(self, move: Move) -> None:
        """Tell the player why the rules refuse ``move`` (a click on a card that may not be played)."""
        t = self.table
        reason = t.control.why_illegal(move)
        t.message = tr("table.refused", reason=refusal_words(reason, t.card_name) if reason is not None else "")

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A click or key to pick a move (after hurrying the cards, if they are moving); None when it was used.
        A key that hurries the cards then does its own job at once (a digit picks, an arrow selects), so no
        key needs pressing twice; Space only hurries."""
        t = self.table
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if t.busy and event.type == pygame.KEYDOWN and event.key != pygame.K_SPACE:
            t.skip_animations()
            t.advance()  # the turn comes to the person now, for the key to act on
        elif t.busy and (event.type == pygame.KEYDOWN or clicked) and not self.hurry(event):
            return None
        if clicked:
            self.mouse = event.pos
            return None if t.choose(t.move_at(event.pos)) else event
        if event.type == pygame.KEYDOWN:
            return None if t.choose(t.move_for_key(event)) else event
        return event

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
