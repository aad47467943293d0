"""Tables draw from a seat's view and the events only, never from the full state.

Two checks: the window code's source names no state and calls no rule on
one, and every game's table plays whole games while the rules refuse any
call that comes straight from the window code (only the match may ask them).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from fiftyfifty_desktop.engine.match import Match
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui.tables import table_for
from ..sources import parse

UI = Path(__file__).resolve().parents[2] / "fiftyfifty_desktop" / "ui"
#: The rules' questions that take a full state: only the match asks them.
STATE_METHODS = ("view", "to_move", "legal_moves", "apply", "is_legal", "why_illegal", "scores", "winners",
                 "is_over", "players", "side", "move_audience")


def test_the_window_code_names_no_full_state():
    found = []
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(UI.parent)}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Attribute) and node.attr in ("state", "full_state", "_state"):
                found.append(f"{where} .{node.attr}")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in STATE_METHODS and isinstance(node.func.value, ast.Attribute)
                    and node.func.value.attr == "game"):
                found.append(f"{where} game.{node.func.attr}()")
    assert not found, "the window code reads the full state:\n" + "\n".join(found)


class RulesGuard:
    """Wraps a game's state-taking methods so a call straight from the window code fails."""

    def __init__(self, monkeypatch) -> None:
        self.refused: list[str] = []
        for game in GAMES.values():
            for name in STATE_METHODS:
                method = getattr(game, name, None)
                if method is not None:
                    monkeypatch.setattr(game, name, self._guarded(game.id, name, method))
        monkeypatch.setattr(Match, "full_state", self._no_full_state)

    def _guarded(self, game_id, name, method):
        def guarded(*args, **kwargs):
            caller = sys._getframe(1).f_globals.get("__name__", "")
            if caller.startswith("fiftyfifty_desktop.ui"):
                self.refused.append(f"{caller} called {game_id}.{name}")
            return method(*args, **kwargs)
        return guarded

    def _no_full_state(self, match):
        caller = sys._getframe(1).f_globals.get("__name__", "")
        if caller.startswith("fiftyfifty_desktop.ui"):
            self.refused.append(f"{caller} asked for the full state")
        return match._state


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("people", [0, 1])
def test_every_table_plays_a_whole_game_without_the_full_state(game_id, people, driver, monkeypatch):
    guard = RulesGuard(monkeypatch)
    game = GAMES[game_id]
    players = min(game.max_players, 4)
    seats = tuple(Seat(f"P{s}", "human" if s < people else "medium") for s in range(players))
    options = {"target": 55} if game_id in ("take5", "fiftyfive") else {}
    record = Record(game_id, players, game.resolve_options(players, options), seats, 7)
    table = driver.app.stack.push(table_for(game_id)(driver.app, record))
    driver.play_to_end(lambda table: table.choices()[0])
    assert table.finished, f"{game_id} did not end"
    assert not guard.refused, "\n".join(sorted(set(guard.refused)))
