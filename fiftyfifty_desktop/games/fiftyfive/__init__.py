"""Fifty-Five (55), the Irish bidding game: ``cards`` holds the deck and its
rankings, ``rules`` the game itself."""

from .rules import GAME

__all__ = ["GAME"]
