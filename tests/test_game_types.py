"""The type parameters each game names (``Game[State, View, Move]``) are the
classes it really uses, so the type checker is told the truth."""

import typing

import pytest

from fiftyfifty_desktop.engine import Game
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.games.thirteen import rules as thirteen_rules

from .contract import random_playout


def _type_arguments(game):
    [base] = [b for b in type(game).__orig_bases__ if typing.get_origin(b) is Game]
    return typing.get_args(base)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_states_views_and_moves_are_of_the_named_types(game_id):
    game = GAMES[game_id]
    state_type, view_type, move_type = _type_arguments(game)
    seen_moves = set()

    def check(state):
        assert isinstance(state, state_type)
        for seat in game.to_move(state):
            assert isinstance(game.view(state, seat), view_type)
            for move in game.legal_moves(state, seat):
                assert isinstance(move, move_type) and isinstance(game.parse_move(move.text()), move_type)
                seen_moves.add(type(move))

    players = max(game.min_players, 3)
    random_playout(game, players, 1, invariant=check)
    assert seen_moves <= set(typing.get_args(move_type) or (move_type,))


def test_the_thirteen_working_copy_declares_every_field_it_copies():
    assert set(thirteen_rules._Table.__annotations__) == set(thirteen_rules._LISTS) | set(thirteen_rules._VALUES)
