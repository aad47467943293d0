"""The one contract every registered game passes, run over the whole registry.

A game added to the registry is checked here without a line of test code:
its deal and every move keep the turn contract (``contract.ContractChecker``),
every seat's view is a stable value that determinize agrees with, the
spectator's view holds no hand, secret moves are shown to their own seat,
every event told is of a kind the game's registry entry lists, and the
record replays to the same state through JSON.
"""

from __future__ import annotations

import random

import pytest

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine import Event
from fiftyfifty_desktop.engine.match import Match
from fiftyfifty_desktop.engine.records import parse_record, replay
from fiftyfifty_desktop.registry import ENTRY, GAMES

from .contract import ContractChecker, computer_record

#: Views and determinize are checked on every this many moves (each check deals several worlds).
VIEW_EVERY = 7
WORLDS = 2
MOVE_BUDGET = 1500

CASES = [(game_id, players, seed)
         for game_id, game in GAMES.items()
         for players, seed in ((game.min_players, 1), (min(game.max_players, 5), 2))]


def assert_listed(game, events) -> None:
    """Every event told is of a kind the game's registry entry lists (all the network may send)."""
    unlisted = {type(e) for e in events} - set(ENTRY[game.id].events)
    assert not unlisted, f"{game.name} tells events its registry entry does not list: {sorted(c.__name__ for c in unlisted)}"


class ViewChecker(ContractChecker):
    """The turn contract, plus views, determinize and move audiences after moves."""

    def __init__(self, game, players: int, seed: int) -> None:
        super().__init__(game)
        self.players = players
        self.source = random.Random(seed)

    def after_move(self, seat, move, state, events) -> None:
        audience = self.game.move_audience(self.before, seat, move)
        assert audience is None or seat in audience, "a seat always sees its own move"
        assert_listed(self.game, events)
        super().after_move(seat, move, state, events)
        if self.moves % VIEW_EVERY == 0:
            self.check_views(state)

    def check_views(self, state) -> None:
        game = self.game
        for seat in [None, *range(self.players)]:
            view = game.view(state, seat)
            assert view == game.view(state, seat) and hash(view) == hash(game.view(state, seat)), \
                "a view is a stable, hashable value"
        for seat in range(self.players):
            view = game.view(state, seat)
            for _ in range(WORLDS):
                world = game.determinize(view, self.source)
                assert game.view(world, seat) == view, f"determinize contradicts seat {seat}'s view"
                assert game.legal_moves(world, seat) == game.legal_moves(state, seat)


@pytest.mark.parametrize("game_id, players, seed", CASES)
def test_every_game_keeps_the_contract_from_deal_to_end(game_id, players, seed):
    game = GAMES[game_id]
    record = computer_record(game, players, seed)
    checker = ViewChecker(game, players, seed)
    agents = {s: make_agent("medium", game, s, seed) for s in range(players)}
    match = Match(game, record, agents, trace=checker.after_move)
    assert match.opening and all(isinstance(e, Event) for e in match.opening), "the deal is told in events"
    assert_listed(game, match.opening)
    checker.check(match.full_state())
    checker.check_views(match.full_state())
    match.play(max_moves=MOVE_BUDGET)
    assert match.over, f"{game_id} with rule-based players did not end in {MOVE_BUDGET} moves"
    again = replay(parse_record(match.record.to_json(), GAMES), GAMES)
    assert again.state == match.full_state() and again.opening == match.opening


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_spectator_sees_no_hand(game_id):
    game = GAMES[game_id]
    state, _ = game.new_game(game.min_players, {}, 5)
    public = game.view(state, None)
    assert public.seat is None
    for seat in range(game.min_players):
        private = game.view(state, seat)
        hidden = {name for name in type(public).__dataclass_fields__
                  if getattr(public, name) != getattr(private, name) and name != "seat"}
        assert hidden, "a seat's own view shows something the spectator does not"
        for name in hidden:
            assert not getattr(public, name), f"the spectator's {name} is not empty"
