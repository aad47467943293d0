"""The bundled DejaVu fonts (they hold the suit symbols) and a text cache.

Rendering text is the costliest thing a frame does, so rendered lines are
cached by (text, size, weight, colour). Every text is passed through
``displayable`` first: a name or a file may hold characters (a null, a lone
surrogate) that the font code refuses with an exception.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from .surface_cache import surface_cache
from ..engine.text import displayable
from ..resources import resource_path

_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
#: The smallest text, in pixels, a line is shrunk to so that it fits; past that it is cut short with "…".
MIN_TEXT = 11
ELLIPSIS = "…"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled font at ``size`` pixels (at least 8)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(resource_path("assets", "fonts", _FILES[bold])), max(8, int(size)))


@surface_cache(16)
def text(content: str, size: int, colour: tuple[int, ...], bold: bool = False) -> pygame.Surface:
    """One rendered line of text (anti-aliased, transparent background)."""
    return font(size, bold).render(displayable(content), True, colour)


def wrap(content: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break ``content`` into lines no wider than ``width`` pixels (words are kept whole)."""
    face = font(size, bold)
    lines: list[str] = []
    for paragraph in displayable(content.replace("\r", "")).split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if face.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit(content: str, size: int, width: int, bold: bool = False) -> int:
    """The largest font size up to ``size`` at which ``content`` fits in ``width``, but never below
    ``MIN_TEXT`` (nor below ``size`` itself): what still does not fit is for :func:`clip`."""
    content = displayable(content)
    floor = min(size, MIN_TEXT)
    while size > floor and font(size, bold).size(content)[0] > width:
        size -= 1
    return size


def clip(content: str, size: int, width: int, bold: bool = False) -> str:
    """``content`` as it fits in ``width`` at ``size``: whole, or cut after as many words (or, for a single
    long word, characters) as fit, with "…" after them."""
    face = font(size, bold)
    content = displayable(content)
    if face.size(content)[0] <= width:
        return content
    words = content.split(" ")
    for count in range(len(words) - 1, 0, -1):
        shorter = " ".join(words[:count]).rstrip(",;:·-—") + ELLIPSIS
        if face.size(shorter)[0] <= width:
            return shorter
    for length in range(len(content) - 1, 0, -1):
        if face.size(content[:length] + ELLIPSIS)[0] <= width:
            return content[:length] + ELLIPSIS
    return ELLIPSIS
