"""Fifty-Five (55), the Irish bidding game: ``cards`` holds the deck and its
rankings, ``parts`` the moves, events, state and view, ``tricks`` what a hand's
tricks tell (the points as they arise, the voids shown), ``rules`` the game itself."""

from .rules import GAME

__all__ = ["GAME"]
