"""The pure game engine: rules contract, seeded chance, records.

Nothing in this package imports pygame or yaml or touches a file, so every
game can run headless, in tests, in search and in replays alike.
"""

from .errors import GameError, IllegalMoveError, MoveParseError, OptionError, RecordError, SetupError
from .frozen import evolve
from .game import AnyGame, Event, Game, Move, Option, Preset
from .reason import Reason
from .rng import Rng

__all__ = [
    "Event",
    "evolve",
    "AnyGame",
    "Game",
    "GameError",
    "IllegalMoveError",
    "Move",
    "MoveParseError",
    "Option",
    "OptionError",
    "Preset",
    "Reason",
    "RecordError",
    "Rng",
    "SetupError",
]
