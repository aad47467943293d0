"""The game tables: one package per game, each a :class:`TableScene` subclass,
named by the game's registry entry and imported on first use."""

from __future__ import annotations

from ...registry import ENTRY


def table_for(game_id: str):
    """The table class for ``game_id``, or None for a game the registry does not know or that has no table."""
    known = ENTRY.get(game_id)
    return None if known is None else known.load("table")
