"""The seer (the ceiling of the hard search): measuring only, handed the true state, and replayable."""

from __future__ import annotations

import random

import pytest

from fiftyfifty_desktop.ai import LADDER, PlayerError, load_personalities, make_agent
from fiftyfifty_desktop.ai.seer import Seer
from fiftyfifty_desktop.ai.worker import make_table_agent
from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES


def test_no_table_offers_the_seer():
    people = load_personalities()
    assert "seer" not in LADDER and all(p.id != "seer" and p.strength in LADDER for p in people)
    for game_id in GAMES:
        assert isinstance(make_agent("seer", GAMES[game_id], 0, 1), Seer)
        with pytest.raises(PlayerError, match="not for a table"):
            make_table_agent("seer", GAMES[game_id], 0, 1, people)


class Watcher:
    """Records what a match hands a player that sees every hidden card, and plays its first legal move."""

    sees_all = True

    def __init__(self) -> None:
        self.given: list[object] = []

    def choose(self, view, legal, seen):
        self.given.append(view)
        return legal[0]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seer_is_handed_the_full_state_its_decision_began_in(game_id):
    game = GAMES[game_id]
    watcher = Watcher()
    record = Record(game_id, 3, {}, tuple(Seat(str(s), str(s)) for s in range(3)), 5)
    play_out(game, record, {0: watcher, 1: make_agent("greedy", game, 1, 5), 2: make_agent("greedy", game, 2, 5)},
             max_moves=30)
    state_type = type(game.new_game(3, {}, 5)[0])
    assert watcher.given and all(isinstance(given, state_type) for given in watcher.given)
    assert all(len(given.hands) == 3 for given in watcher.given)  # every hand, not one seat's


def test_every_world_the_seer_searches_is_the_true_state():
    game = GAMES["fiftyfifty"]
    state = game.new_game(4, {}, 3)[0]
    seer = Seer(game, 0, 3)
    believer = seer._settings.believer
    from fiftyfifty_desktop.ai.seer import _true_worlds
    deal = _true_worlds(state, believer)(game, game.view(state, 0), (game.view(state, 0),))
    assert all(deal(random.Random(k), lambda seat: None)[0] is state for k in range(3))


def test_the_same_arena_with_a_seer_prints_the_same_twice(capsys):
    argv = ["arena", "--game", "take5", "--seats", "seer,greedy,greedy", "--deals", "1", "--seed", "4"]
    outputs = []
    for _ in range(2):
        assert run(argv) == 0
        outputs.append(capsys.readouterr())
    assert outputs[0] == outputs[1] and "seer" in outputs[0].out
