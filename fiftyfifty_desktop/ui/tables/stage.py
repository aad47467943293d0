"""What moves over a table: the queue of animations (cards in flight, pauses, the summary's cue) and the
banner over the middle. The table's events fill the queue; the frame draws what is running."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame
from pygame import Rect

from ..i18n import Phrase
from ..layout import GOLD
from ..tween import Animation, AnimationQueue, ease_in_out_cubic
from .cardpaint import CardPainter, flight
from .parts import Banner, Mark


class Stage:
    """The animations of one table and its banner; ``board()`` is the picture whose caption a banner leaves."""

    def __init__(self, cards: CardPainter, speed: Callable[[], str], board: Callable[[], Any]) -> None:
        self._cards, self._speed, self._board = cards, speed, board
        self.queue = AnimationQueue(speed)
        self.banner: Banner | None = None

    def restart(self) -> None:
        """Nothing queued and no banner (the picture is being written again, after an undo)."""
        self.queue = AnimationQueue(self._speed)
        self.banner = None

    def announce(self, text: str | Phrase, card: Any = None, colour: Sequence[int] = GOLD, duration: float = 1.0,
                 before: Callable[[], None] | None = None, kind: Mark | None = None) -> None:
        """A banner over the middle for ``duration`` (the board's caption keeps the words afterwards), with
        the tick or cross ``kind`` when it tells a hit or a miss; ``before`` runs as it appears."""
        def show() -> None:
            if before is not None:
                before()
            self._board().caption = text
            self.banner = Banner(text, card, colour, kind)

        def hide() -> None:
            self.banner = None
        self.queue.add(Animation(duration, on_start=show, on_finish=hide))

    def fly(self, card: Any, src: Callable[[], Rect], dst: Callable[[], Rect], duration: float = 0.4,
            delay: float = 0.0, on_start: Callable[[], None] | None = None,
            on_finish: Callable[[], None] | None = None, ease: Callable[[float], float] = ease_in_out_cubic,
            flip: bool = False, shrink: float = 0.0, count: int = 1) -> Animation:
        """A card (or a packet of ``count``) moving from ``src()`` to ``dst()`` (see :func:`~.cardpaint.flight`;
        give it the table's live rects, so a card in flight lands right even if the window is resized)."""
        return Animation(duration, flight(self._cards, card, src, dst, flip, shrink, count), on_start, on_finish,
                         ease, delay)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the animations in progress (cards in flight), over the table."""
        for animation in self.queue.running():
            if animation.started and not animation.finished and animation.draw is not None:
                animation.draw(surface, animation.progress)
