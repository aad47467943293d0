"""Worlds dealt from the others' play stay consistent with the seat's view."""

from __future__ import annotations

import random

import pytest

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.ai.medium import MEDIUM
from fiftyfifty_desktop.ai.search import TUNING
from fiftyfifty_desktop.games import GAMES


@pytest.mark.parametrize("game_id", ["take5", "fiftyfifty"])
def test_believed_worlds_match_the_view_and_explain_the_play(game_id):
    game = GAMES[game_id]
    believer = TUNING[game_id].believer
    state = game.new_game(4, {}, 21)
    agents = [make_agent("medium", game, s, 21) for s in range(4)]
    history = []
    source = random.Random(5)
    checked = 0
    for _ in range(30):
        seat = game.to_move(state)[0]
        view = game.view(state, seat)
        legal = game.legal_moves(state, seat)
        if seat == 0:
            history.append(view)
            world = believer(game, view, history)(source, lambda s: MEDIUM[game_id](s, random.Random(s), {}))
            assert game.view(world, 0) == view
            dealt = [c for hand in world.hands for c in hand]
            assert len(dealt) == len(set(dealt)) == sum(len(h) for h in state.hands)
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            checked += 1
        state, _ = game.apply(state, seat, agents[seat].choose(view, legal))
    assert checked >= 5
