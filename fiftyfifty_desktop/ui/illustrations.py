"""Small card diagrams inside a page of text, written as marker lines.

A rules page shows real cards where its text talks about them. One line

    [[cards: "Row 1" 12 24 33 48 51 -> 55!]]

is one row of a picture; consecutive marker lines are the rows of one
picture. A row holds, in order:

- a card in the game's own notation (``55``, ``5H``, ``6.5``), read by the
  card reader of the game's registry entry (the rules' own) and painted by
  the game's face painter (``ui/cards.face``); ``?`` is a card face down;
- ``"words"``: a caption, written in the page's language;
- ``+``, ``-``, ``=``, ``->``, ``<-``, ``...``: signs between the cards,
  and ``|`` a wider gap between groups;
- ``blue``, ``yellow``, ``face`` (two halves cancelling) and ``mood:B:Y``
  (a mood card giving B blue and Y yellow halves): Fifty Fifty's pictures.

A suffix ``!`` rings an item in gold (the card to look at), ``~`` fades it
(a card taken away, halves cancelled); ``3*blue`` repeats an item. Rows
shrink to fit the page, so a picture is never cut off.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pygame

from ..registry import entry
from . import cards, fonts, paint
from .tables.fiftyfifty import art

MARKER = re.compile(r"^\s*\[\[cards:(.*)\]\]\s*$")
TOKEN = re.compile(r'"[^"]*"|\S+')
SIGNS = {"+": "+", "-": "\u2212", "=": "=", "->": "\u2192", "<-": "\u2190", "...": "\u2026"}
GOLD_RING = (214, 150, 20)
INK = (40, 44, 40)


class PictureError(ValueError):
    """A marker line that does not describe a picture; the message says what is wrong in one line."""


@dataclass(frozen=True)
class Item:
    kind: str  # "card", "back", "caption", "sign", "half", "face", "mood"
    value: Any = None
    ring: bool = False
    faded: bool = False


def is_marker(line: str) -> bool:
    return MARKER.match(line) is not None


def parse_row(game_id: str, line: str) -> tuple[Item, ...]:
    """The items of one marker line; raises ``PictureError`` naming the first bad token."""
    match = MARKER.match(line)
    if match is None:
        raise PictureError(f"not a picture line: {line.strip()!r}")
    items: list[Item] = []
    for token in TOKEN.findall(match.group(1)):
        if token.startswith('"'):
            items.append(Item("caption", token.strip('"')))
            continue
        repeat, _, body = token.rpartition("*")
        if repeat and not (repeat.isdigit() and 1 <= int(repeat) <= 12):
            raise PictureError(f"picture line: repeat {token!r} must be 1 to 12 times an item")
        ring, faded = body.endswith("!"), body.endswith("~")
        body = body.rstrip("!~")
        items += [_item(game_id, body, token, ring, faded)] * (int(repeat) if repeat else 1)
    if not items:
        raise PictureError("picture line: empty")
    return tuple(items)


def _item(game_id: str, body: str, token: str, ring: bool, faded: bool) -> Item:
    if body in SIGNS:
        return Item("sign", SIGNS[body])
    if body == "|":
        return Item("sign", " ")
    if body == "?":
        return Item("back", None, ring, faded)
    if body in ("blue", "yellow"):
        return Item("half", body, ring, faded)
    if body == "face":
        return Item("face", None, ring, faded)
    if body.startswith("mood:"):
        parts = body.split(":")
        if len(parts) == 3 and all(p.isdigit() and 1 <= int(p) <= 7 for p in parts[1:]):
            return Item("mood", (int(parts[1]), int(parts[2])), ring, faded)
        raise PictureError(f"picture line: {token!r} must be mood:BLUE:YELLOW with numbers 1 to 7")
    read = entry(game_id).card_reader
    card = read(body) if read is not None else None
    if card is None:
        raise PictureError(f"picture line: {token!r} is not a card of {game_id}")
    return Item("card", card, ring, faded)


@dataclass(frozen=True)
class Picture:
    """Rows of items laid out for one width: every rect is relative to the picture's top left."""

    game_id: str
    rows: tuple[tuple[Item, ...], ...]
    card_height: int
    places: tuple[tuple[Item, pygame.Rect], ...]
    width: int
    height: int

    @classmethod
    def fit(cls, game_id: str, rows: tuple[tuple[Item, ...], ...], width: int, height: int,
            card_height: int) -> Picture:
        """Lay the rows out at ``card_height``, shrunk until the picture fits in ``width`` x ``height``."""
        while True:
            places, w, h = _place(rows, card_height)
            if (w <= width and h <= height) or card_height <= 12:
                return cls(game_id, rows, card_height, places, w, h)
            card_height = max(12, min(card_height - 1, card_height * width // max(w, 1),
                                      card_height * height // max(h, 1)))

    def draw(self, surface: pygame.Surface, topleft: tuple[int, int]) -> None:
        for item, rect in self.places:
            _draw_item(surface, self.game_id, item, rect.move(topleft), self.card_height)


def _caption_size(card_height: int) -> int:
    return max(10, card_height // 5)


def _item_size(item: Item, card_height: int) -> tuple[int, int]:
    card_w, _ = cards.card_size(card_height)
    if item.kind in ("card", "back", "mood"):
        return card_w, card_height
    if item.kind in ("half", "face"):
        return card_height * 11 // 20, card_height * 11 // 20
    size = _caption_size(card_height) if item.kind == "caption" else card_height // 3
    text_w, text_h = fonts.font(size, item.kind == "caption").size(fonts.displayable(str(item.value)))
    return text_w + card_height // 10, text_h


def _place(rows: tuple[tuple[Item, ...], ...], card_height: int) -> tuple[tuple[tuple[Item, pygame.Rect], ...], int, int]:
    gap, row_gap = max(2, card_height // 14), max(3, card_height // 6)
    places: list[tuple[Item, pygame.Rect]] = []
    y, widest = 0, 0
    # Captions that open rows share one column, so the cards after them line up.
    column = max((_item_size(row[0], card_height)[0] for row in rows if row[0].kind == "caption"), default=0)
    for row in rows:
        sizes = [_item_size(item, card_height) for item in row]
        if row[0].kind == "caption":
            sizes[0] = (column, sizes[0][1])
        row_h = max(h for _, h in sizes)
        x = 0
        for item, (w, h) in zip(row, sizes):
            if item.kind == "half" and places and places[-1][0].kind == "half" and x:
                x -= gap + w // 3  # a pile of halves overlaps like coins
            places.append((item, pygame.Rect(x, y + (row_h - h) // 2, w, h)))
            x += w + gap
        widest = max(widest, x - gap)
        y += row_h + row_gap
    return tuple(places), widest, y - row_gap


def _draw_item(surface: pygame.Surface, game_id: str, item: Item, rect: pygame.Rect, card_height: int) -> None:
    if item.kind == "caption":
        paint.text(surface, item.value, _caption_size(card_height), rect.midleft, INK, True, "midleft")
        return
    if item.kind == "sign":
        paint.text(surface, item.value, card_height // 3, rect.center, INK, True)
        return
    if item.kind == "card":
        image = cards.face(game_id, item.value, rect.w, rect.h)
    elif item.kind == "back":
        image = cards.back(game_id, rect.w, rect.h)
    elif item.kind == "mood":
        image = art.mood_card(item.value[0], item.value[1], rect.w, rect.h)
    elif item.kind == "half":
        image = art.half_face(item.value, rect.w)
    else:
        image = art.whole_face(rect.w)
    if item.faded:
        image = image.copy()
        image.set_alpha(110)
    surface.blit(image, rect)
    if item.ring:
        pygame.draw.rect(surface, GOLD_RING, rect.inflate(card_height // 10, card_height // 10),
                         max(2, card_height // 28), border_radius=max(3, rect.w // 7))
