"""Worlds dealt from the others' play stay consistent with the seat's view."""

from __future__ import annotations

import dataclasses
import random

import pytest

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.ai.medium import take5, thirteen
from fiftyfifty_desktop.engine.recall import Recall
from fiftyfifty_desktop.registry import ENTRY, GAMES
from fiftyfifty_desktop.games.thirteen import deck_for


@pytest.mark.parametrize("game_id", ["take5", "fiftyfifty"])
def test_believed_worlds_match_the_view_and_explain_the_play(game_id):
    game = GAMES[game_id]
    believer = ENTRY[game_id].load("search").believer
    state = game.new_game(4, {}, 21)[0]
    agents = [make_agent("medium", game, s, 21) for s in range(4)]
    recall = Recall(game, state)
    source = random.Random(5)
    checked = 0
    for _ in range(30):
        seat = game.to_move(state)[0]
        decision = recall.decision(seat)
        view, legal = decision.view, decision.legal
        if seat == 0:
            history = (*decision.seen, view)
            world, _ = believer(game, view, history)(source, lambda s: ENTRY[game_id].load("rule_player")(s, random.Random(s), {}))
            assert game.view(world, 0) == view
            dealt = [c for hand in world.hands for c in hand]
            assert len(dealt) == len(set(dealt)) == sum(len(h) for h in state.hands)
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            checked += 1
        state, _ = game.apply(state, seat, agents[seat].choose(view, legal, decision.seen))
        recall.observe(state, seat)
    assert checked >= 5


def test_thirteen_worlds_keep_the_view_and_deal_the_asked_for_complements():
    game = GAMES["thirteen"]
    believer = ENTRY["thirteen"].load("search").believer
    state = game.new_game(4, {}, 21)[0]
    agents = [make_agent("medium", game, s, 21) for s in range(4)]
    recall = Recall(game, state)
    believed = dealt = 0
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        decision = recall.decision(seat)
        view, legal = decision.view, decision.legal
        if seat == 0:
            deal = believer(game, view, [view])
            world, _ = deal(random.Random(len(view.log)), None)
            assert world == deal(random.Random(len(view.log)), None)[0]  # same seed, same world
            assert game.view(world, 0) == view
            cards = [c for hand in world.hands for c in hand] + list(world.pile) + list(world.aside)
            cards += [c for groups in world.laid for group in groups for c in group]
            assert sorted(cards) == sorted(deck_for(4))
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            for other, values in enumerate(thirteen.logged_holdings(view)):
                for value in values - set(view.present[other]) if other != 0 else ():
                    if value not in view.absent[other]:
                        believed += 1
                        dealt += value in world.hands[other]
        state, _ = game.apply(state, seat, agents[seat].choose(view, legal, decision.seen))
        recall.observe(state, seat)
    assert believed >= 5 and dealt >= 0.6 * believed  # dealt with the chance LOGGED, where the facts allow


def test_logged_holdings_follow_the_cards_through_the_log():
    view = GAMES["thirteen"].view(GAMES["thirteen"].new_game(3, {}, 1)[0], 0)
    log = ((1, 1, 2, 4, False),  # seat 1 holds a 9
           (1, 2, 1, 13, False),  # a 13 pairs with nothing
           (2, 2, 0, 5, False),  # seat 2 holds an 8 ...
           (3, 0, 2, 8, True),  # ... until seat 0 takes it
           (3, 0, 1, 3, False),  # seat 1 holds no 3
           (4, 1, 0, 10, False))  # seat 1 holds a 3 after all: it asked for a 10
    holdings = thirteen.logged_holdings(dataclasses.replace(view, log=log))
    assert holdings == [set(), {9, 3}, set()]


def test_logged_holdings_drop_a_card_a_draw_paired():
    view = GAMES["thirteen"].view(GAMES["thirteen"].new_game(3, {}, 1)[0], 0)
    asked = dataclasses.replace(view, log=((1, 1, 2, 4, False),))  # seat 1 holds a 9
    laid = tuple(groups + ((4, 9),) if seat == 1 else groups for seat, groups in enumerate(view.laid))
    later = dataclasses.replace(asked, laid=laid, log=asked.log + ((2, 1, 0, 2, False),))  # laid 4+9, asked no 4
    assert thirteen.logged_holdings(later) == [set(), {9, 11}, set()]
    assert thirteen.logged_holdings(later, [asked, later]) == [set(), {11}, set()]


def test_take5_reads_from_the_play_who_plays_greedy_and_who_plays_medium():
    """Late in a deal the reading leans the right way for each kind of player it pictures."""
    game = GAMES["take5"]
    kinds = ("medium", "greedy", "medium", "greedy")
    chances: dict[str, list[float]] = {"greedy": [], "medium": []}
    for seed in (1, 2, 3):
        state = game.new_game(4, {}, seed)[0]
        agents = [make_agent(kind, game, s, seed) for s, kind in enumerate(kinds)]
        recall = Recall(game, state)
        while not game.is_over(state) and state.round == 1:
            seat = game.to_move(state)[0]
            decision = recall.decision(seat)
            view, legal = decision.view, decision.legal
            if seat == 0 and view.phase == "choose":
                history = (*decision.seen, view)
                if view.turn >= 6:
                    unseen = take5.unseen_cards(view)
                    by_model = {greedy: take5._held_by_play(view, history, unseen, greedy) for greedy in (False, True)}
                    reading = take5.greedy_chances(view, by_model)
                    for other in (1, 2, 3):
                        chances[kinds[other]].append(reading[other])
            state, _ = game.apply(state, seat, agents[seat].choose(view, legal, decision.seen))
            recall.observe(state, seat)
    assert sum(chances["greedy"]) / len(chances["greedy"]) > 0.7
    assert sum(chances["medium"]) / len(chances["medium"]) < 0.25
    assert min(chances["medium"] + chances["greedy"]) >= take5.PICTURE_FLOOR
