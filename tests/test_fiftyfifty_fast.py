"""The compact Fifty Fifty plays exactly as the rules module and its medium as the medium player, so the
hard search, whose rollouts run on it, weighs and chooses as it would on the game's own states."""

from __future__ import annotations

import dataclasses
import random

from fiftyfifty_desktop.ai import SearchAgent
from fiftyfifty_desktop.ai.fiftyfifty_fast import SEARCH, Trickster, scores_after
from fiftyfifty_desktop.ai.medium import fiftyfifty as medium
from fiftyfifty_desktop.ai.medium.fiftyfifty import MediumFiftyFifty, caution
from fiftyfifty_desktop.engine.recall import Recall
from fiftyfifty_desktop.games.fiftyfifty import GAME, Play

from .contract import random_moments


def test_the_compact_hand_and_medium_player_play_a_hand_out_as_the_rules_and_the_medium_player_do():
    """From random positions of 3 to 5 players, each seat the medium player of its own caution: every
    card the same, the halves the same after every trick, and the same scores once the hand is scored
    (balanced seats striking)."""
    cards = strikes = 0
    for index, state in enumerate(random_moments(GAME, 150, 1, (3, 5))):
        risks = [random.Random(index).choice((0.0, 0.5, 1.0)) for _ in range(state.players)]
        table, hand_no = Trickster.of(state), state.hand_no
        start = state
        while state.hand_no == hand_no and not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            assert table.to_move() == seat
            legal = GAME.legal_moves(state, seat)
            expected = MediumFiftyFifty(seat, random.Random(0), {"risk": risks[seat]}).choose(
                GAME.view(state, seat), legal)
            if len(legal) > 1:
                assert table.medium_card(seat, caution({"risk": risks[seat]})) == expected.card
                cards += 1
            table.play(seat, expected.card)
            state, _ = GAME.apply(state, seat, expected)
            if state.hand_no == hand_no and not GAME.is_over(state):
                assert table.held == [blue - yellow for blue, yellow in state.halves]
                assert table.hands == [list(hand) for hand in state.hands] and table.mood == state.mood
        assert scores_after(start, table.held) == GAME.scores(state)
        strikes += any(any(row) for row in state.struck)
    assert cards > 1000 and strikes > 10


def decisions(seed, players, moves):
    """(seat, decision) at each of the first ``moves`` decisions with more than one legal move of a game
    from ``seed`` that medium players play."""
    state = GAME.new_game(players, {}, seed)[0]
    recall = Recall(GAME, state)
    for _ in range(moves):
        seat = GAME.to_move(state)[0]
        decision = recall.decision(seat)
        if len(decision.legal) > 1:
            yield seat, decision
        move = MediumFiftyFifty(seat, random.Random(0), {}).choose(decision.view, decision.legal)
        state, _ = GAME.apply(state, seat, move)
        recall.observe(state, seat)


def test_the_hard_search_weighs_every_move_the_same_on_the_compact_hand_as_on_the_games_states():
    """The compact rollouts, slips included, change no value the search finds, so no choice: the same worlds
    and the same means to the last bit, for this seat's knobs and the default ones."""
    assert medium.SEARCH.slip > 0 and SEARCH.playout is not None
    compared = 0
    for seed, players, knobs in ((1, 4, {}), (2, 3, {"risk": 0.8}), (3, 5, {})):
        for seat, decision in decisions(seed, players, 30):
            if compared % 3 == 0:
                weighed = [SearchAgent(GAME, seat, seed, MediumFiftyFifty, settings, knobs).weigh(
                    decision.view, decision.legal, decision.seen, random.Random(seed), 3,
                    lambda before, after: after[seat] - before[seat]) for settings in (SEARCH, medium.SEARCH)]
                assert weighed[0] == weighed[1]
            fast, slow = (SearchAgent(GAME, seat, seed, MediumFiftyFifty, dataclasses.replace(settings, worlds=8),
                                      knobs) for settings in (SEARCH, medium.SEARCH))
            assert fast.choose(decision.view, decision.legal, decision.seen) == slow.choose(
                decision.view, decision.legal, decision.seen)
            compared += 1
    assert compared >= 60


def test_a_playout_ends_the_hand_from_any_card_of_the_searchers_hand():
    state = GAME.new_game(4, {}, 5)[0]
    seat = GAME.to_move(state)[0]
    moves = [Play(card) for card in state.hands[seat]]
    finals = SEARCH.playout(state, None, seat, moves, 17, {})
    assert len(finals) == len(moves) and len(set(finals)) > 1
    assert all(sum(final) < 0 for final in finals)  # nobody balances every hand
