"""The table registry: one module per game, each a :class:`TableScene` subclass.

Adding a game's table is one module here and one line in ``_TABLES``.
"""

from __future__ import annotations

from importlib import import_module

#: game id -> "module:class" of its table, imported on first use.
_TABLES = {
    "take5": "take5:Take5Table",
    "fiftyfive": "fiftyfive:FiftyFiveTable",
    "fiftyfifty": "fiftyfifty:FiftyFiftyTable",
}


def table_for(game_id: str):
    """The table class for ``game_id``, or None when the game has no table yet."""
    target = _TABLES.get(game_id)
    if target is None:
        return None
    module, name = target.split(":")
    return getattr(import_module(f"{__name__}.{module}"), name)


def has_table(game_id: str) -> bool:
    return game_id in _TABLES
