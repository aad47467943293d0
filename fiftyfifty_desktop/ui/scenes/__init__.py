"""The screens around the table: title, setup, settings, rules, about, pause,
hand-over, round summary, results, statistics, history, the record file chooser, a game's review,
the replay viewer, the network screens and the guided first games, each registered by name.

Screens open one another by name (``app.stack.open("rules", game_id=...)``),
never by class, so no screen imports another and the modules load on first
use. Adding a screen is one module here and one line in ``_SCENES``.
``"table"`` is the table of a record's game, from the table registry
(``ui/tables``).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

#: scene name -> "module:class" in this package, imported on first use.
_SCENES = {
    "title": "title:TitleScene",
    "setup": "setup:SetupScene",
    "pick_player": "pick_player:PickPlayerScene",
    "rules": "rules:RulesScene",
    "settings": "settings:SettingsScene",
    "about": "about:AboutScene",
    "pause": "pause:PauseScene",
    "handover": "handover:HandoverScene",
    "summary": "summary:RoundSummaryScene",
    "results": "results:ResultsScene",
    "unsaved": "unsaved:UnsavedScene",
    "confirm": "confirm:ConfirmScene",
    "saved_games": "saved:SavedGamesScene",
    "network": "network:NetworkMenuScene",
    "host_table": "network:HostScene",
    "join_table": "network:JoinScene",
    "net_lobby": "network:LobbyScene",
    "stats": "stats:StatsScene",
    "history": "history:HistoryScene",
    "file_chooser": "files:FileChooserScene",
    "review": "review:ReviewScene",
    "learn": "learn:LearnScene",
    "help": "help:HelpScene",
}
#: scene name -> "module:function" in ``ui/tables`` building a game's table in a mode of its own.
_BUILDERS = {
    "replay": "replay:open_replay",  # the viewer: the record's game's table replaying it, with its controls
    "tutorial": "guided:open_tutorial",  # a guided first game: the game's table with notes (game_id=)
    "try_again": "practice:open_try_again",  # a reviewed mistake chosen again, as practice (record=, decision=)
}


class UnknownScene(LookupError):
    """No scene is registered under a name, or a record's game has no table."""


def import_named(package: str, target: str) -> Any:
    """``target`` ("module:name") from a module of ``package``, imported now."""
    module, name = target.split(":")
    return getattr(import_module(f"{package}.{module}"), name)


def make_scene(app: Any, name: str, /, **kwargs: Any) -> Any:
    """A new scene (a ``ui.scene.Scene``, which this loader by name does not import) registered as ``name``,
    built with ``app`` and ``kwargs`` (which may hold a ``name`` of their own).

    ``"table"`` takes ``record`` (and optionally ``exit_at_end``) and builds
    the table of ``record.game``; ``"replay"`` takes ``record`` and builds the
    replay viewer on that table.
    """
    if name == "table":
        from ..tables import table_for

        table = table_for(kwargs["record"].game)
        if table is None:
            raise UnknownScene(f"no table for {kwargs['record'].game!r}")
        return table(app, **kwargs)
    if name in _BUILDERS:
        return import_named(__name__.rsplit(".", 1)[0] + ".tables", _BUILDERS[name])(app, **kwargs)
    if name not in _SCENES:
        raise UnknownScene(f"no scene called {name!r}")
    return import_named(__name__, _SCENES[name])(app, **kwargs)
