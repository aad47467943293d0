"""The ceiling: the hard player's search with every hidden card in sight.

A measuring player only (``seer`` in ``arena`` and ``simulate``; a table refuses
it, ``worker.make_table_agent``). It searches exactly as ``hard`` does, with the
same settings, rollouts and picture of how the others play, but every world it
searches is the true state its decision began in (the match hands it that state
for the view, ``sees_all``), so its result against the same opponents says how
much of hard's gap to them is what the cards hide. It draws from the decision's
generator as hard does (the game's own dealer still deals each world and its
picture; only the dealt cards are replaced by the true ones).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable, Sequence

from ..engine import AnyGame, Move
from ..engine.game import State
from ..registry import entry
from .search import SearchAgent, SearchSettings


class Seer:
    """``hard``'s search on the true state (see the module docstring)."""

    uses_view = True
    sees_all = True

    def __init__(self, game: AnyGame, seat: int, seed: int) -> None:
        self._game = game
        self._seat = seat
        self._seed = seed
        game_entry = entry(game.id)
        self._rules = game_entry.load("rule_player")
        self._settings: SearchSettings = game_entry.load("search")

    def choose(self, state: State, legal: tuple[Move, ...], seen: Sequence[Any]) -> Move:
        view = self._game.view(state, self._seat)
        settings = replace(self._settings, believer=_true_worlds(state, self._settings.believer))
        search = SearchAgent(self._game, self._seat, self._seed, self._rules, settings)
        move: Move = search.choose(view, legal, seen)
        return move


def _true_worlds(state: State, dealer: Any) -> Callable[..., Callable[[random.Random, Any], tuple[State, Any]]]:
    """A world dealer (``SearchSettings.believer``) that answers ``state`` for every world,
    with the picture the game's own dealer (``dealer``; None: uniform worlds) would give."""
    def believer(game: AnyGame, view: Any, history: Sequence[Any]) -> Callable[[random.Random, Any], tuple[State, Any]]:
        deal = None if dealer is None else dealer(game, view, history)

        def dealt(source: random.Random, player: Any) -> tuple[State, Any]:
            if deal is None:
                game.determinize(view, source)  # the same draws as hard's uniform worlds
                return state, None
            return state, deal(source, player)[1]

        return dealt

    return believer
