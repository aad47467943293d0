"""The bundled DejaVu fonts (they hold the suit symbols) and a text cache.

Rendering text is the costliest thing a frame does, so rendered lines are
cached by (text, size, weight, colour). Every text is passed through
``displayable`` first: a name or a file may hold characters (a null, a lone
surrogate) that the font code refuses with an exception.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import pygame

from .surface_cache import surface_cache
from ..engine.text import displayable
from ..resources import FONT_FILES, resource_path

#: The smallest text, in pixels, any window draws (its ``Layout.font_min`` is never less).
MIN_TEXT = 11
#: The smallest text the window draws now (its ``Layout.font_min``, set by :func:`use_least`): no text is drawn
#: smaller, and a line is shrunk to fit no further; past that it is cut short with "…".
_least = MIN_TEXT
ELLIPSIS = "…"
#: Where a long word may break across lines (a catalogue writes it as \u00ad); shown only as the "-" of a break.
SOFT_HYPHEN = "\u00ad"


def use_least(pixels: int) -> None:
    """The window's smallest text is ``pixels`` from now on (its size or the text size changed)."""
    global _least
    _least = max(MIN_TEXT, pixels)


def least() -> int:
    """The smallest text the window draws now, in pixels."""
    return _least


def shown(content: str) -> str:
    """``content`` as drawn: what cannot be drawn replaced, soft hyphens left out."""
    return displayable(content).replace(SOFT_HYPHEN, "")


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled font at ``size`` pixels (at least 8)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(resource_path(*FONT_FILES[bold])), max(8, int(size)))


@surface_cache(16)
def text(content: str, size: int, colour: tuple[int, ...], bold: bool = False) -> pygame.Surface:
    """One rendered line of text (anti-aliased, transparent background).

    A line of only zero-width characters (U+200B, U+FEFF...) is drawn as an empty line:
    the font code refuses to render text that has no width."""
    face = font(size, bold)
    line = shown(content)
    if face.size(line)[0] == 0:
        line = ""
    return face.render(line, True, colour)


def wrap(content: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break ``content`` into lines no wider than ``width`` pixels: at spaces, and inside a word at a soft
    hyphen (drawn as "-" at the break) when that fills a line better or the word is too long for one; a word
    too long for a line also breaks after a hyphen it is written with ("EHRLICH-" / "Karten")."""
    face = font(size, bold)

    def fits(text: str) -> bool:
        return face.size(shown(text))[0] <= width

    def hyphenated(start: str, word: str, at_hyphens: bool = False) -> tuple[str, str] | None:
        """The longest ``start`` + part of ``word`` + "-" that fits, and the rest of the word; ``at_hyphens``
        (for a word wider than a whole line) also after a hyphen the word is written with."""
        cuts = [(i, word[:i] + "-", word[i + 1:]) for i, c in enumerate(word) if c == SOFT_HYPHEN]
        if at_hyphens:
            cuts += [(i + 1, word[:i + 1], word[i + 1:]) for i, c in enumerate(word[:-1]) if c == "-" and i > 0]
        for _, head, rest in sorted(cuts, reverse=True):
            if fits(f"{start} {head}" if start else head):
                return (f"{start} {head}" if start else head), rest
        return None

    lines: list[str] = []
    for paragraph in content.replace("\r", "").split("\n"):  # split first: a newline is a control character
        line = ""
        for word in displayable(paragraph).split(" "):
            candidate = f"{line} {word}" if line else word
            if fits(candidate) or (not line and SOFT_HYPHEN not in word and "-" not in word[1:-1]):
                line = candidate
                continue
            split = hyphenated(line, word)
            if split is None:  # the word starts the next line whole
                if line:
                    lines.append(line)
                line = word
            else:
                lines.append(split[0])
                line = split[1]
            while not fits(line) and (split := hyphenated("", line, at_hyphens=True)) is not None:
                lines.append(split[0])
                line = split[1]
        lines.append(line)
    return [shown(line) for line in lines]


def fit(content: str, size: int, width: int, bold: bool = False) -> int:
    """The largest font size up to ``size`` at which ``content`` fits in ``width``, but never below the
    window's smallest text (:func:`least`, nor below ``size`` itself): what still does not fit is for
    :func:`clip`."""
    content = shown(content)
    floor = min(size, _least)
    while size > floor and font(size, bold).size(content)[0] > width:
        size -= 1
    return size


def fit_lines(content: str, size: int, width: int, height: int, bold: bool = False) -> int:
    """The largest font size up to ``size`` at which ``content``, wrapped to ``width``, fits in ``height``
    pixels, but never below the window's smallest text (nor below ``size`` itself)."""
    floor = min(size, _least)
    while size > floor and len(wrap(content, size, width, bold)) * font(size, bold).get_linesize() > height:
        size -= 1
    return size


def fit_all(contents: Iterable[str], size: int, width: int, bold: bool = False) -> int:
    """One size for a set of texts read together (the seats' names): the largest at which every one fits
    ``width``, as :func:`fit` finds it for the longest."""
    return min((fit(content, size, width, bold) for content in contents), default=size)


def clip(content: str, size: int, width: int, bold: bool = False) -> str:
    """``content`` as it fits in ``width`` at ``size``: whole, or without a closing aside in brackets ("Undo
    (Ctrl+Z)" → "Undo"), or cut after as many words (or, for a single long word, characters) as fit, with
    "…" after them."""
    face = font(size, bold)
    content = shown(content)
    if face.size(content)[0] <= width:
        return content
    if content.endswith(")") and " (" in content:  # a closing aside (a key, a reminder) goes first
        return clip(content[:content.rindex(" (")], size, width, bold)
    words = content.split(" ")
    for count in range(len(words) - 1, 0, -1):
        shorter = " ".join(words[:count]).rstrip(",;:·-—") + ELLIPSIS
        if face.size(shorter)[0] <= width:
            return shorter
    for length in range(len(content) - 1, 0, -1):
        if face.size(content[:length] + ELLIPSIS)[0] <= width:
            return content[:length] + ELLIPSIS
    return ELLIPSIS
