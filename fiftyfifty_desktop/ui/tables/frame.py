"""What one frame of every game's table is painted from, before the game's own fields: the part each
game's frozen ``Frame`` (its painter's module) begins with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Sequence, TypeVar

from ..layout import Layout
from .cardpaint import CardPainter

G = TypeVar("G")  # the game's geometry
B = TypeVar("B")  # the game's board, the picture as data
V = TypeVar("V")  # the game's view, as the watching seat sees it


@dataclass(frozen=True)
class TableFrame(Generic[G, B, V]):
    """The layout, the geometry, the card painter, the board and view, the names, and who watches."""

    layout: Layout
    geo: G
    cards: CardPainter
    board: B
    view: V
    names: Sequence[str]
    viewer: int | None  # the seat at the screen (None: only computers play, the public view)
