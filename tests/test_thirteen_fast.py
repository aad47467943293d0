"""The compact Thirteen plays exactly as the rules module, its greedy as the greedy player and its
medium as the medium player, so the searches that roll out on it choose as on the game's own states."""

from __future__ import annotations

import dataclasses
import os
import random

import pytest

from fiftyfifty_desktop.ai import SearchAgent, make_agent
from fiftyfifty_desktop.ai.medium.thirteen import MediumThirteen
from fiftyfifty_desktop.ai.monte_carlo import MonteCarlo
from fiftyfifty_desktop.ai.thirteen_fast import SEARCH, MonteCarloThirteen, Table
from fiftyfifty_desktop.engine.recall import Recall
from fiftyfifty_desktop.games.thirteen import GAME, OVER, Ask, Draw

from .contract import random_moments

POSITIONS = int(os.environ.get("THIRTEEN_FAST_POSITIONS", "400"))


def fields(table):
    return {name: getattr(table, name) for name in Table.__slots__ if name != "deck"}


def random_positions(count, seed):
    """States at ``count`` random moments of random 2- to 8-player games played at random."""
    return random_moments(GAME, count, seed, (2, 8))


def test_every_move_changes_the_compact_table_as_the_rules_change_the_state():
    source = random.Random(7)
    kinds = set()
    for state in random_positions(POSITIONS, 1):
        seat = GAME.to_move(state)[0]
        for move in GAME.legal_moves(state, seat):
            if source.random() < 0.2 or isinstance(move, Draw):
                table = Table.of(state)
                table.play(move)
                after, _ = GAME.apply(state, seat, move)
                assert fields(table) == fields(Table.of(after)), move
                kinds.add((type(move).__name__, after.phase))
    assert {("Ask", "ask"), ("Ask", "draw"), ("Draw", "ask"), ("Ask", OVER)} <= kinds


def test_the_compact_greedy_chooses_as_the_greedy_player_and_plays_the_game_out_the_same():
    for state in random_positions(POSITIONS // 4, 2):
        table = Table.of(state)
        moves = 0
        while state.phase != OVER:
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_moves(state, seat)
            expected = legal[0] if len(legal) == 1 else make_agent("greedy", GAME, seat, 1).choose(
                GAME.view(state, seat), legal, ())
            chosen = table.greedy()
            assert (Draw() if chosen is None else Ask(*chosen)) == expected
            table.play(expected)
            state, _ = GAME.apply(state, seat, expected)
            moves += 1
        assert table.points == list(GAME.scores(state)) and table.phase == OVER


def decisions(seed, players, player, moves):
    """(seat, decision) at each of the first ``moves`` decisions with more than one legal move of a game
    from ``seed`` that ``player`` plays in every seat."""
    state = GAME.new_game(players, {}, seed)[0]
    agents = [make_agent(player, GAME, s, seed) for s in range(players)]
    recall = Recall(GAME, state)
    for _ in range(moves):
        if state.phase == OVER:
            return
        seat = GAME.to_move(state)[0]
        decision = recall.decision(seat)
        if len(decision.legal) > 1:
            yield seat, decision
        state, _ = GAME.apply(state, seat, agents[seat].choose(decision.view, decision.legal, decision.seen))
        recall.observe(state, seat)


def test_thirteens_mc_chooses_as_the_monte_carlo_on_the_games_own_states():
    """The compact rollouts change no choice of ``mc:W``: the same worlds, the same values."""
    checked = 0
    for seed in (1, 2):
        for seat, decision in decisions(seed, 3, "greedy", 12):
            fast = MonteCarloThirteen(GAME, seed, seat, 2)
            slow = MonteCarlo(GAME, seed, seat, 2)
            assert fast.choose(decision.view, decision.legal, decision.seen) == slow.choose(
                decision.view, decision.legal, decision.seen)
            checked += 1
    assert checked >= 8

@pytest.mark.parametrize("lie_rate", [0.0, 0.3, 0.8])
def test_the_compact_medium_chooses_as_the_medium_player_and_draws_its_chance_alike(lie_rate):
    """Whole games played on from random positions: every choice the same, and each player's generator in
    the same state after it (the search's rollouts give each seat one generator for the whole rollout)."""
    asks = 0
    for index, state in enumerate(random_positions(POSITIONS // 4, 3)):
        table = Table.of(state)
        ours, theirs = random.Random(index), random.Random(index)
        while state.phase != OVER:
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_moves(state, seat)
            expected = legal[0] if len(legal) == 1 else MediumThirteen(seat, theirs, {"lie_rate": lie_rate}).choose(
                GAME.view(state, seat), legal)
            chosen = table.medium(lie_rate, ours)
            assert (Draw() if chosen is None else Ask(*chosen)) == expected
            assert ours.getstate() == theirs.getstate()
            asks += isinstance(expected, Ask) and len(legal) > 1
            table.play(expected)
            state, _ = GAME.apply(state, seat, expected)
        assert table.points == list(GAME.scores(state))
    assert asks > POSITIONS


def test_the_hard_search_weighs_every_move_the_same_on_the_compact_table_as_on_the_games_states():
    """The compact rollouts change no value the search finds, so no choice: the same worlds and the same
    means to the last bit, for this seat's knobs and the default ones."""
    compared = 0
    slow_settings = dataclasses.replace(SEARCH, playout=None)
    for seed, knobs in ((1, {}), (2, {"lie_rate": 0.9})):
        for seat, decision in decisions(seed, 4, "medium", 16):
            weighed = [SearchAgent(GAME, seat, seed, MediumThirteen, settings, knobs).weigh(
                decision.view, decision.legal, decision.seen, random.Random(seed), 3,
                lambda before, after: after[seat] - before[seat]) for settings in (SEARCH, slow_settings)]
            assert weighed[0] == weighed[1]
            fast, slow = (SearchAgent(GAME, seat, seed, MediumThirteen, dataclasses.replace(settings, worlds=8), knobs)
                          for settings in (SEARCH, slow_settings))
            assert fast.choose(decision.view, decision.legal, decision.seen) == slow.choose(
                decision.view, decision.legal, decision.seen)
            compared += 1
    assert compared >= 20
