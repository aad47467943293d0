"""The registry of games: adding a game is one module and one line here."""

from __future__ import annotations

from ..engine import Game, OptionError
from . import fiftyfifty, fiftyfive, take5, thirteen

GAMES: dict[str, Game] = {
    game.id: game for game in (take5.GAME, fiftyfifty.GAME, fiftyfive.GAME, thirteen.GAME)
}


def get_game(game_id: str) -> Game:
    """The game registered as ``game_id``; raises ``OptionError`` naming the known ones."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise OptionError(f"unknown game {game_id!r} (known games: {known})") from None
