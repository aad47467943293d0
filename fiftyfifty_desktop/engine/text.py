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
