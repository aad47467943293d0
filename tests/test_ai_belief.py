"""Worlds dealt from the others' play stay consistent with the seat's view."""

from __future__ import annotations

import dataclasses
import random

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.ai import take5_family
from fiftyfifty_desktop.ai.medium import take5, thirteen
from fiftyfifty_desktop.engine.recall import Recall
from fiftyfifty_desktop.registry import ENTRY, GAMES
from fiftyfifty_desktop.games.thirteen import deck_for


def test_take5_believed_worlds_match_the_view():
    game_id = "take5"
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


def _take5_readings(kinds, turns=range(7, 11)):
    """Seat 0's readings of the others late in the first deal of a few games, one per turn."""
    game = GAMES["take5"]
    for seed in (1, 2, 3):
        state = game.new_game(4, {}, seed)[0]
        agents = [make_agent(kind, game, s, seed) for s, kind in enumerate(kinds)]
        recall = Recall(game, state)
        while not game.is_over(state) and state.round == 1:
            seat = game.to_move(state)[0]
            decision = recall.decision(seat)
            view, legal = decision.view, decision.legal
            if seat == 0 and view.phase == "choose" and view.turn in turns:
                yield view, state, take5_family.Reading(view, (*decision.seen, view), take5.unseen_cards(view),
                                                        take5.rated_from_outside)
            state, _ = game.apply(state, seat, agents[seat].choose(view, legal, decision.seen))
            recall.observe(state, seat)


def test_take5_reads_more_foresight_in_careful_players_than_in_greedy_ones():
    """The seats' foresight, drawn from each one's posterior, leans the right way for each kind of player."""
    kinds = ("medium", "greedy", "medium", "greedy")
    drawn: dict[str, list[float]] = {"greedy": [], "medium": []}
    source = random.Random(3)
    for view, _, reading in _take5_readings(kinds):
        for _ in range(20):
            _, members = reading.deal(GAMES["take5"].determinize(view, source), source)
            for other in (1, 2, 3):
                drawn[kinds[other]].append(members[other].foresight)
    mean = {kind: sum(values) / len(values) for kind, values in drawn.items()}
    assert mean["medium"] > mean["greedy"] + 0.15, mean


def test_take5_reading_favours_the_hands_the_others_really_hold():
    """The family makes a seat's real hand more likely than hands dealt at random."""
    game = GAMES["take5"]
    source = random.Random(4)
    better = total = 0
    for view, state, reading in _take5_readings(("medium", "medium", "greedy", "mc:8"), turns=range(5, 10)):
        for other in (1, 2, 3):
            real = sum(reading.likelihoods(other, state.hands[other]))
            for _ in range(10):
                dealt = game.determinize(view, source).hands[other]
                better += real > sum(reading.likelihoods(other, dealt))
                total += 1
    assert better > 0.65 * total, (better, total)  # about half if the play told nothing


def test_take5_reading_finds_sharp_players_and_keeps_their_real_hands():
    """Careful players are read as members that play sharply, more than noisy ones are, and
    the cards a sharp careful member may still hold include the careful player's real hand."""
    sharp = [k for k, member in enumerate(take5_family.FAMILY) if member.temperature < 0.1]
    careful = take5_family.FAMILY.index(take5_family.Member(1.0, 0.02))
    share = {"medium": [], "mc:8": []}
    kept_real = checked = 0
    kinds = ("medium", "medium", "medium", "mc:8")
    for view, state, reading in _take5_readings(kinds, turns=range(5, 10)):
        posterior = reading.weigh(random.Random(view.turn))
        for other in (1, 2, 3):
            weights = posterior[other]
            share[kinds[other]].append(sum(weights[k] for k in sharp) / sum(weights))
            kept = reading.kept.get((other, careful))
            if kinds[other] == "medium" and kept is not None:  # the plays ruled cards out
                checked += 1
                kept_real += set(state.hands[other]) <= kept
    mean = {kind: sum(values) / len(values) for kind, values in share.items()}
    assert mean["medium"] > 0.5 and mean["medium"] > mean["mc:8"] + 0.2, mean
    assert checked >= 10 and kept_real >= 0.9 * checked, (kept_real, checked)


def test_take5_reading_pins_strict_players_and_keeps_their_real_hands():
    """A player that always plays the card it rates cheapest on the rows as they lie, the lowest of equal
    ones (the greedy baseline is one), is read mostly as the strict member without foresight; the cards that
    member may still hold always include the real hand, and are fewer than a merely sharp member keeps."""
    strict = take5_family.FAMILY.index(take5_family.Member(0.0, take5_family.STRICT))
    sharp = take5_family.FAMILY.index(take5_family.Member(0.0, 0.02))
    shares, kept_real, checked, narrower = [], 0, 0, 0
    for view, state, reading in _take5_readings(("medium", "greedy", "greedy", "greedy"), turns=range(4, 10)):
        posterior = reading.weigh(random.Random(view.turn))
        for other in (1, 2, 3):
            shares.append(posterior[other][strict] / sum(posterior[other]))
            kept = reading.kept.get((other, strict))
            if kept is not None:
                checked += 1
                kept_real += set(state.hands[other]) <= kept
                narrower += len(kept) < len(reading.kept.get((other, sharp)) or reading.unseen)
    assert sum(shares) / len(shares) > 0.5, sum(shares) / len(shares)
    assert checked >= 30 and kept_real == checked and narrower > 0.8 * checked, (kept_real, narrower, checked)
