"""Text that came from a file and will be shown: what cannot be drawn, and a cleaned copy.

Control characters (a null among them) make the font code raise, and a lone
surrogate half cannot even be written back as UTF-8; both can sit in any
JSON or YAML string. Readers refuse such names with :func:`bad_character`;
the drawing code passes everything through :func:`displayable` as a last guard.
"""

from __future__ import annotations

import unicodedata

_UNDRAWABLE = {"Cc", "Cs"}  # control characters, surrogate halves
REPLACEMENT = "\ufffd"


def bad_character(text: str) -> str | None:
    """A short description of the first character of ``text`` that cannot be shown, or None."""
    for index, char in enumerate(text):
        if unicodedata.category(char) in _UNDRAWABLE:
            return f"the character U+{ord(char):04X} at position {index}"
    return None


def displayable(text: str) -> str:
    """``text`` with every character that cannot be drawn replaced by U+FFFD."""
    if bad_character(text) is None:
        return text
    return "".join(REPLACEMENT if unicodedata.category(c) in _UNDRAWABLE else c for c in text)


MAX_NAME_LENGTH = 24
# Embedding, override and isolate controls reorder the text around a name on screen.
_BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
_INVISIBLE = {"Cf", "Cc", "Cs", "Zl", "Zp", "Zs", "Mn", "Me"}
# Letters and symbols that draw nothing: the Hangul fillers and the blank Braille pattern. Inside a name they would
# let "Bea" and "Bea\u3164" pass for each other, so they are refused anywhere in one.
_BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Format (zero-width), private-use and unassigned characters show nothing or differ between machines: inside a
# name they would let "Bea" and "Be\u200ba" look alike at one table.
_HIDDEN = {"Cf", "Co", "Cn"}


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (one line), or None when it can.

    A name must be drawable, show at least one visible character, stay short
    enough for a seat label and hold no control that reorders the text beside it, nor
    a character that draws nothing (so no name passes for another at the table).
    """
    if not name.strip():
        return "the name is empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"the name is longer than {MAX_NAME_LENGTH} characters"
    undrawable = bad_character(name)
    if undrawable is not None:
        return f"the name holds {undrawable}, which cannot be shown"
    for index, char in enumerate(name):
        if char in _BIDI_CONTROLS or unicodedata.category(char) in {"Zl", "Zp"}:
            return f"the name holds the control U+{ord(char):04X} at position {index}"
    if all(unicodedata.category(char) in _INVISIBLE or char in _BLANK_GLYPHS for char in name):
        return "the name has no visible character"
    for index, char in enumerate(name):
        if unicodedata.category(char) in _HIDDEN or char in _BLANK_GLYPHS:
            return f"the name holds U+{ord(char):04X} at position {index}, which shows nothing or differs between machines"
    return None
