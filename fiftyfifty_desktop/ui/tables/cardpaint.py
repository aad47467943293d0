"""What every table paints of cards alike: a card with its shadow (leaning, veiled), a card of the hand
(lifted, ringed, with its digit key), a pile of backs, the ring of a selected place and the banner over the
middle. A :class:`CardPainter` draws for one table's layout with that game's faces."""

from __future__ import annotations

from typing import Any, Callable

import pygame
from pygame import Rect

from .. import audit, fonts, paint
from ..cards import card_size
from ..layout import GOLD, TEXT_DIM, Layout, palette
from ..tween import lerp
from ..surface_cache import surface_cache
from .parts import Banner, mark

#: A card's picture: ``image(card, width, height)``, the back when ``card`` is None.
CardImage = Callable[[Any, int, int], pygame.Surface]


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


class Backdrop:
    """What never moves on a table: the felt and ``paint_on(image)`` over it, painted again only when the layout
    or ``key()`` (the seat watching, the palette, whatever else it shows) changes."""

    def __init__(self, layout: Callable[[], Layout], key: Callable[[], Any],
                 paint_on: Callable[[pygame.Surface], None]) -> None:
        self.layout, self.key, self.paint_on = layout, key, paint_on
        self._made: tuple[Any, pygame.Surface] | None = None

    def image(self) -> pygame.Surface:
        layout, key = self.layout(), self.key()
        if self._made is None or self._made[0] != (layout, key):
            image = pygame.Surface((layout.width, layout.height))
            audit.window_part(image)
            paint.background(image)
            self.paint_on(image)
            self._made = ((layout, key), image)
        return self._made[1]

    def drop(self) -> None:
        """Let go of the window-sized picture at once."""
        self._made = None


class CardPainter:
    """Paints cards for the layout ``layout()`` gives now, with the faces ``image`` gives; the place ``gap()``
    gives (a card dragged away from it) is left empty."""

    def __init__(self, layout: Callable[[], Layout], image: CardImage,
                 gap: Callable[[], Rect | None] = lambda: None) -> None:
        self._layout = layout
        self.image = image
        self.gap = gap

    @property
    def layout(self) -> Layout:
        return self._layout()

    def blit_card(self, surface: pygame.Surface, card: Any, centre: tuple[float, float], height: float,
                  width: int | None = None, lift: float = 0.0, angle: float = 0.0, dim: bool = False,
                  made_at: int | None = None) -> Rect:
        """A card (its back when ``card`` is None) with a shadow, centred at ``centre``.

        ``angle`` leans it by that many degrees (a fanned hand); ``dim`` veils it, for a card that
        may not be played now; ``made_at`` is the height its image is made (and cached) at, scaled to
        ``height`` here: a card in flight changes size every frame, and an image cached for each of
        those sizes would only crowd out the ones drawn again. Returns the card's upright rect."""
        w, h = card_size(round(height))
        image = self.image(card, *card_size(made_at or h))
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

    def hand_card(self, surface: pygame.Surface, card: Any, rect: Rect, lift: float = 0.0, ring: Any = None,
                  angle: float = 0.0, dim: bool = False, number: int | None = None) -> Rect:
        """A card of a hand in its place ``rect``: raised by ``lift`` pixels, ringed in the colour ``ring``
        when given, and with the digit key that picks it under its place (``number``, counted from 0).
        Returns where the card was drawn; a card dragged away leaves only a faint outline of its place."""
        if rect == self.gap():
            lay = self.layout
            pygame.draw.rect(surface, TEXT_DIM, rect, width=max(1, lay.px(0.2)), border_radius=max(2, rect.w // 9))
            return rect
        drawn = self.blit_card(surface, card, rect.center, rect.h, lift=lift, angle=angle, dim=dim)
        if ring is not None:
            self.outline(surface, drawn, ring)
        if number is not None:
            lay = self.layout
            digit = str((number + 1) % 10)
            # Inside the table's part of the window, so a bar under the table (seat chips, a replay's controls)
            # never hides it.
            below = min(rect.bottom + lay.px(0.2), lay.height - fonts.font(lay.font_small).get_height())
            paint.text(surface, digit, lay.font_small, (rect.centerx, below), TEXT_DIM, anchor="midtop")
        return drawn

    def blit_stack(self, surface: pygame.Surface, rect: Rect, count: int, step: float = 0.4, most: int = 3) -> None:
        """A pile of ``count`` cards face down on ``rect`` (``most`` of them drawn), each ``step`` units up and
        left of the one below."""
        for i in range(min(most, count)):
            shift = i * self.layout.px(step)
            self.blit_card(surface, None, (rect.centerx - shift, rect.centery - shift), rect.h)

    def outline(self, surface: pygame.Surface, rect: Rect, colour: Any = GOLD, width: float = 0.45) -> None:
        """The ring (gold unless told, ``width`` units wide) of the selected card or place."""
        lay = self.layout
        pygame.draw.rect(surface, colour, rect.inflate(lay.px(0.8), lay.px(0.8)),
                         width=max(2, lay.px(width * palette().outline)), border_radius=max(3, rect.w // 8))

    def banner(self, surface: pygame.Surface, area: Rect, banner: Banner | None) -> None:
        """``banner`` in the middle of ``area``, its card (if any) on the left."""
        if banner is None:
            return
        lay = self.layout
        words, card, colour, kind = banner
        text = str(words)
        height = lay.px(22 if card is not None else 12)
        rect = Rect(area.x + lay.px(2), area.centery - height // 2, area.w - lay.px(4), height)
        paint.panel(surface, rect, lay.px(1.5), edge=colour)
        body = Rect(rect.x + lay.px(2), rect.y, rect.w - lay.px(4), rect.h)
        if card is not None:
            w, h = card_size(lay.px(17))
            slot = Rect(0, 0, w, h)
            slot.center = (rect.x + lay.px(8), rect.centery)
            self.blit_card(surface, card, slot.center, slot.h)
            body = Rect(slot.right + lay.px(3), rect.y, rect.right - slot.right - lay.px(5), rect.h)
        if kind is not None:
            drawn = mark(surface, kind, colour, (body.x + lay.px(3), rect.centery), lay.px(3))
            body = Rect(drawn.right + lay.px(2), rect.y, body.right - drawn.right - lay.px(2), rect.h)
        paint.paragraph(surface, text, lay.font_body, body, colour, bold=True, align="center" if card is None else "left",
                        middle=True)


def flight(cards: CardPainter, card: Any, src: Callable[[], Rect], dst: Callable[[], Rect], flip: bool = False,
           shrink: float = 0.0, count: int = 1) -> Callable[[Any, float], None]:
    """How a card (or a packet of ``count``, fanned a little) looks at progress ``p`` of its way from rect
    ``src()`` to rect ``dst()``, both asked every frame. ``flip`` turns it over on the way; ``shrink`` is the
    share of its size it has lost on arrival (a card going into a seat's pile)."""
    def draw(surface: Any, p: float) -> None:  # an animation's drawing, on the table's surface
        a, b = src(), dst()
        scale = 1 - shrink * p
        h = lerp(a.h, b.h, p) * scale
        cx, cy = lerp(a.centerx, b.centerx, p), lerp(a.centery, b.centery, p)
        width = max(1, round(lerp(a.w, b.w, p) * scale * abs(1 - 2 * p))) if flip else None
        shown = card if not flip or p >= 0.5 else None
        made_at = round(max(a.h, b.h))  # drawn at the larger end's size, and scaled down on the way
        for i in range(count):
            cards.blit_card(surface, shown, (cx + (i - (count - 1) / 2) * h * 0.12, cy), h, width, made_at=made_at)
    return draw
