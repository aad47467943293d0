"""Learn to play: choose the game whose guided first game to start."""

from __future__ import annotations

from functools import partial

from ...config import ConfigError
from ...tutorials import tutorial_games
from ..i18n import tr
from ..widgets import Button
from .menu import MenuScene


def start_tutorial(app, game_id: str) -> bool:
    """Put the guided first game of ``game_id`` in place of the top screen; a bad script is a notice."""
    try:
        app.stack.switch("tutorial", game_id=game_id)
    except ConfigError as exc:
        app.notice(str(exc))
        return False
    return True


class LearnScene(MenuScene):
    escape_closes = True

    def heading(self) -> str:
        return tr("learn.heading")

    def subheading(self) -> str:
        return tr("learn.tagline")

    def buttons(self) -> list[Button]:
        games = [Button(partial(tr, f"game.{g}"), partial(start_tutorial, self.app, g))
                 for g in tutorial_games()]
        return games + [Button("common.back", self.close)]
