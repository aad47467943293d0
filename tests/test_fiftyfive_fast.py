"""The compact Fifty-Five plays exactly as the rules module and its medium as the medium player, so the
hard search, whose play-phase rollouts run on it, weighs and chooses as it would on the game's own states."""

from __future__ import annotations

import dataclasses
import random

from fiftyfifty_desktop.ai import SearchAgent
from fiftyfifty_desktop.ai.fiftyfive_fast import SEARCH, Trickster, ending, playout, settle
from fiftyfifty_desktop.ai.medium.fiftyfive import MediumFiftyFive, outlook
from fiftyfifty_desktop.ai.search import rollout_value, winning_share
from fiftyfifty_desktop.engine.recall import Recall
from fiftyfifty_desktop.games.fiftyfive import GAME
from fiftyfifty_desktop.games.fiftyfive.parts import PLAYING, Play, side_of

from .contract import random_moments

#: (fewest, most players, options) of the random positions: 2 to 9 players, and every team seating the rules allow.
TABLES = ((2, 9, {}), (4, 4, {"teams": 2}), (6, 6, {"teams": 2}), (6, 6, {"teams": 3}), (8, 8, {"teams": 4}),
          (9, 9, {"teams": 3}))


def play_positions(count):
    """Random play-phase positions of every kind of table; one in two has its totals moved near the target,
    so that the hand may end the game (and several sides may reach the target in it)."""
    source = random.Random(3)
    for seed, (fewest, most, options) in enumerate(TABLES):
        for state in random_moments(GAME, count, seed, (fewest, most), options,
                                    keep=lambda state: state.phase == PLAYING):
            if source.random() < 0.5:
                totals = tuple(state.target - 1 - source.randrange(30) for _ in state.totals)
                state = dataclasses.replace(state, totals=totals)
            yield state


def the_hand_played(state):
    """The hand of ``state`` as played so far, as the compact form holds it."""
    return (list(state.hands), state.trick, [side_of(state, seat) for seat in state.trick_winners], state.leader,
            state.best_trump)


def the_compact_hand(table):
    return table.hands, table.trick, table.taken, table.leader, table.best


def share_from_the_state(state, seat):
    """This seat's share of the win where a rollout on the game's states stops, as ``SearchAgent`` finds it."""
    return winning_share(GAME.winners(state), seat) if GAME.is_over(state) else outlook(state, seat)


def test_the_compact_tricks_play_every_card_and_score_the_hand_as_the_rules_do():
    """Random cards from random positions: the same hands, trick, leader, trick takers and best trump after every
    card, and at the hand's end the same totals, the same winner of the game and the same ending for every
    seat (its side's total and its share of the win)."""
    source = random.Random(11)
    cards = hands = game_ends = close_races = 0
    for state in play_positions(100):
        start, table, hand = state, Trickster.of(state), state.hand
        while state.phase == PLAYING and state.hand == hand:
            seat = GAME.to_move(state)[0]
            assert table.to_move() == seat
            legal = GAME.legal_moves(state, seat)
            move = legal[source.randrange(len(legal))]
            table.play(seat, move.card)
            state, _ = GAME.apply(state, seat, move)
            cards += 1
            if state.hand == hand and state.phase == PLAYING:
                assert the_compact_hand(table) == the_hand_played(state)
        totals, reached = settle(start, table)
        assert totals == list(state.totals)
        assert (reached[0] if reached else -1) == state.winner and bool(reached) == GAME.is_over(state)
        for seat in range(start.players):
            end = ending(start, table, seat)
            assert (end.scores, end.share) == (GAME.scores(state), share_from_the_state(state, seat))
        hands += 1
        game_ends += GAME.is_over(state)
        close_races += len(reached) > 1
    assert cards > 10000 and hands == 600 and game_ends > 100 and close_races > 8


def test_the_compact_medium_chooses_every_card_as_the_medium_player_and_draws_no_chance():
    """Hands played out from random positions by the medium player in every seat: the compact medium's card is
    the medium player's on every decision, and neither touches its generator."""
    choices = 0
    for index, state in enumerate(play_positions(100)):
        table, hand = Trickster.of(state), state.hand
        ours, theirs = random.Random(index), random.Random(index)
        while state.phase == PLAYING and state.hand == hand:
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_moves(state, seat)
            expected = MediumFiftyFive(seat, theirs, {"boldness": 0.9}).choose(GAME.view(state, seat), legal)
            assert table.medium_card(seat) == expected.card
            choices += len(legal) > 1
            table.play(seat, expected.card)
            state, _ = GAME.apply(state, seat, expected)
        assert ours.getstate() == theirs.getstate() == random.Random(index).getstate()
    assert choices > 5000


def decisions(seed, players, options):
    """(seat, decision) at every play-phase decision with more than one legal move of a game from ``seed`` that
    medium players play to its end."""
    state = GAME.new_game(players, options, seed)[0]
    recall = Recall(GAME, state)
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        decision = recall.decision(seat)
        if state.phase == PLAYING and len(decision.legal) > 1:
            yield seat, decision
        move = MediumFiftyFive(seat, random.Random(0), {}).choose(decision.view, decision.legal)
        state, _ = GAME.apply(state, seat, move)
        recall.observe(state, seat)


def test_the_hard_search_weighs_every_move_the_same_on_the_compact_tricks_as_on_the_games_states():
    """The compact rollouts change no value the search finds, the result of the game included, so no choice: the
    same worlds and the same means to the last bit, in whole games to the target, with and without teams."""
    assert SEARCH.playout is playout and SEARCH.finish and SEARCH.outlook is outlook
    rolled_out = []  # per world the search rolled out on the compact tricks: how many moves

    def counted(*args):
        endings = playout(*args)
        rolled_out.append(len(endings))
        return endings

    fast_settings = dataclasses.replace(SEARCH, playout=counted)
    slow_settings = dataclasses.replace(SEARCH, playout=None)
    compared = near_the_end = rollouts_ending_the_game = 0
    for seed, players, options, knobs in ((1, 4, {}, {}), (2, 3, {}, {"boldness": 0.9}), (3, 4, {"teams": 2}, {}),
                                          (4, 6, {"teams": 3}, {}), (5, 2, {}, {}), (6, 9, {}, {})):
        for number, (seat, decision) in enumerate(decisions(seed, players, options)):
            if number % 3:
                continue  # a third of them: enough to compare, in a few seconds
            view = decision.view
            weighed = [SearchAgent(GAME, seat, seed, MediumFiftyFive, settings, knobs).weigh(
                view, decision.legal, decision.seen, random.Random(seed), 3,
                lambda before, after: rollout_value(SEARCH, before, after, seat, False))
                for settings in (fast_settings, slow_settings)]
            assert weighed[0] is not None and weighed[0] == weighed[1]
            fast, slow = (SearchAgent(GAME, seat, seed, MediumFiftyFive, dataclasses.replace(settings, worlds=8), knobs)
                          for settings in (fast_settings, slow_settings))
            assert fast.choose(view, decision.legal, decision.seen) == slow.choose(view, decision.legal, decision.seen)
            compared += 1
            if max(view.totals) + 30 >= view.target:
                near_the_end += 1
                world = GAME.determinize(view, random.Random(seed))
                for move in decision.legal:
                    table = Trickster.of(world)
                    table.play(seat, move.card)
                    table.finish_hand()
                    rollouts_ending_the_game += bool(settle(world, table)[1])
    assert compared >= 150 and near_the_end >= 100 and rollouts_ending_the_game >= 60
    assert len(rolled_out) >= compared * (3 + 8) and all(rolled_out)


def test_the_playout_plays_every_card_of_a_hand_and_leaves_the_other_phases_to_the_games_states():
    state = next(random_moments(GAME, 1, 5, (4, 4), keep=lambda state: state.phase == PLAYING and not state.trick))
    seat = GAME.to_move(state)[0]
    moves = [Play(card) for card in state.hands[seat]]
    endings = playout(state, None, seat, moves, 17, {})
    assert len(endings) == len(moves) == 5 and all(len(end.scores) == 4 for end in endings)
    phases = set()
    for state in random_moments(GAME, 60, 6, (2, 9), keep=lambda state: state.phase != PLAYING):
        seat = GAME.to_move(state)[0]
        assert playout(state, None, seat, GAME.legal_moves(state, seat)[:3], 17, {}) == []
        phases.add(state.phase)
    assert phases == {"bid", "discard", "trump"}
