"""Exact exceptions, so callers can tell a bad move from a bad file."""

from __future__ import annotations

from .reason import Reason


class GameError(ValueError):
    """Base of every error the engine raises about input it was given."""


class IllegalMoveError(GameError):
    """A move that the rules do not allow in this state, for this seat.

    ``reason`` says why as a code with parameters, so a front end can word it
    in its player's language; the message is its English wording.
    """

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason


class MoveParseError(GameError):
    """Text that is not a move in the game's notation at all.

    Kept apart from ``IllegalMoveError`` so a caller can tell a typo or a
    corrupt record from a well-formed move that the rules refuse.
    """


class OptionError(GameError):
    """A game option, or a player count, that the game does not accept.

    ``reason``, when given, says why as a code with parameters (as for a
    refused move), so the set-up screen can word it in its player's language.
    """

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class SetupError(GameError):
    """An explicit starting position that is not a possible deal."""


class RecordError(GameError):
    """A game record that is corrupt, of an unknown format, or does not replay."""


#: Longest piece of user text quoted in an error, so the message stays one short line.
QUOTE_LIMIT = 40


def quoted(text: str) -> str:
    """``repr(text)``, cut to ``QUOTE_LIMIT`` characters with an ellipsis."""
    if len(text) <= QUOTE_LIMIT:
        return repr(text)
    return repr(text[:QUOTE_LIMIT]) + "..."


def brief(value: object) -> str:
    """``repr(value)`` of any value, cut to about ``QUOTE_LIMIT`` characters, for a one-line message."""
    if isinstance(value, str):
        return quoted(value)
    text = repr(value)
    return text if len(text) <= QUOTE_LIMIT + 2 else text[:QUOTE_LIMIT] + "..."
