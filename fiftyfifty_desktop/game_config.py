"""Game data read from ``config/``, and the loaders for options whose value
comes from a file.

The rules in ``games/`` never read files; a game marks such an option with
``Option.from_file`` naming a loader in :data:`OPTION_FILE_LOADERS`, and the
command line (or the table) reads the file through it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from .config import Node, load_yaml
from .games.fiftyfifty import MOOD_CARDS, MOOD_MAX, MOOD_MIN, Mood
from .resources import resource_path

MOOD_DECK_FILE = ("config", "fiftyfifty", "mood_deck.yaml")


def read_mood_deck(node: Node) -> tuple[Mood, ...]:
    """A parsed mood-deck file: ``cards:`` listing 10 ``{blue: B, yellow: Y}``."""
    cards = node.mapping(["cards"])["cards"].items(MOOD_CARDS, MOOD_CARDS)
    deck = []
    for card in cards:
        numbers = card.mapping(["blue", "yellow"])
        deck.append((numbers["blue"].integer(MOOD_MIN, MOOD_MAX), numbers["yellow"].integer(MOOD_MIN, MOOD_MAX)))
    return tuple(deck)


def load_mood_deck(path: Path | None = None) -> tuple[Mood, ...]:
    """The mood deck in ``path`` (default: the shipped one); a bad file is a one-line ``ConfigError``."""
    if path is None:
        return read_mood_deck(load_yaml(resource_path(*MOOD_DECK_FILE), "/".join(MOOD_DECK_FILE)))
    return read_mood_deck(load_yaml(path))


#: Loaders by the name a game's ``Option.from_file`` uses; each takes the path given.
OPTION_FILE_LOADERS: dict[str, Callable[[Path], Any]] = {
    "mood_deck": load_mood_deck,
}
