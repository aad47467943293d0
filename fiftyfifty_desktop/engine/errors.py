"""Exact exceptions, so callers can tell a bad move from a bad file."""


class GameError(ValueError):
    """Base of every error the engine raises about input it was given."""


class IllegalMoveError(GameError):
    """A move that the rules do not allow in this state, for this seat."""


class OptionError(GameError):
    """A game option, or a player count, that the game does not accept."""


class SetupError(GameError):
    """An explicit starting position that is not a possible deal."""


class RecordError(GameError):
    """A game record that is corrupt, of an unknown format, or does not replay."""
