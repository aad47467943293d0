"""The compact Take 5 of the search agrees with the rules module and with the medium player.

Random positions are played through both. The default suite plays a few
hundred turns; set ``TAKE5_FAST_POSITIONS`` (say to 5000) for thousands.
"""

from __future__ import annotations

import os
import random

import pytest

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.ai.take5_fast import (
    Deal, Seen, cheapest_row, greedy_card, immediate_cost, medium_card, medium_row, play_turn,
)
from fiftyfifty_desktop.ai.medium.take5 import MediumTake5, caution, pull, turn_costs
from fiftyfifty_desktop.games.take5 import BULLHEADS, GAME, Play, TakeRow, deck_for

from .contract import random_moments

POSITIONS = int(os.environ.get("TAKE5_FAST_POSITIONS", "300"))


def random_positions(count, seed):
    """(state) at the start of ``count`` random turns of random 2- to 10-player games."""
    return random_moments(GAME, count, seed, (2, 10), {"target": 30},
                          keep=lambda state: state.phase == "choose" and not any(c is not None for c in state.chosen))


def test_a_turn_is_placed_as_the_rules_place_it():
    source = random.Random(7)
    for state in random_positions(POSITIONS, 1):
        cards = [hand[source.randrange(len(hand))] for hand in state.hands]
        deal = Deal.of(state)
        rows, bulls = deal.rows, deal.bulls
        play_turn(rows, bulls, deal.penalties, deal.hands, cards, lambda seat, card: cheapest_row(bulls))
        after = state
        for seat, card in enumerate(cards):
            after, _ = GAME.apply(after, seat, Play(card))
        while after.phase == "row":
            rows_now = [sum(BULLHEADS[c] for c in row) for row in after.rows]
            after, _ = GAME.apply(after, after.placing[0][0], TakeRow(cheapest_row(rows_now)))
        if after.round != state.round or after.phase == "over":  # the deal ended: compare the banked totals
            assert tuple(deal.penalties) == after.banked
            continue
        assert [tuple(r) for r in deal.rows] == list(after.rows)
        assert deal.bulls == [sum(BULLHEADS[c] for c in row) for row in after.rows]
        assert tuple(deal.penalties) == GAME.scores(after)
        assert [tuple(h) for h in deal.hands] == list(after.hands)


@pytest.mark.parametrize("risk", [0.0, 0.7])
def test_the_compact_medium_chooses_as_the_medium_player(risk):
    checked = 0
    for state in random_positions(POSITIONS // 2, 2):
        seen = Seen([c for row in state.rows for c in row] + [c for pile in state.piles for c in pile])
        deck = len(deck_for(state.players, state.variant))
        bulls = Deal.of(state).bulls
        for seat in range(state.players):
            medium = MediumTake5(seat, random.Random(1), {"risk": risk})
            view, legal = GAME.view(state, seat), GAME.legal_moves(state, seat)
            card = medium_card(list(state.hands[seat]), state.rows, bulls, seen, deck, state.players - 1,
                               caution({"risk": risk}), pull=pull({"risk": risk}))
            assert Play(card) == medium.choose(view, legal)
            checked += 1
        assert medium_row(state.rows, bulls) == min(range(4), key=lambda r: (bulls[r], len(state.rows[r])))
    assert checked >= POSITIONS


def test_the_compact_greedy_chooses_as_the_greedy_player():
    for state in random_positions(POSITIONS // 2, 3):
        bulls = Deal.of(state).bulls
        for seat in range(state.players):
            chosen = make_agent("greedy", GAME, seat, 1).choose(GAME.view(state, seat), GAME.legal_moves(state, seat), ())
            assert chosen == Play(greedy_card(state.hands[seat], state.rows, bulls))


def test_the_search_chooses_the_same_with_compact_rollouts(monkeypatch):
    """Rollouts by the medium player on the compact form value moves as rollouts on the game's states."""
    import dataclasses

    from fiftyfifty_desktop.ai.take5_family import Member
    monkeypatch.setattr("fiftyfifty_desktop.ai.take5_family.FAMILY", (Member(1.0, 1.0),))  # the others all as medium

    phases = set()
    for seed in (1, 2, 3):
        state = GAME.new_game(4, {}, seed)[0]
        for _ in range(12):
            seat = GAME.to_move(state)[0]
            view, legal = GAME.view(state, seat), GAME.legal_moves(state, seat)
            if len(legal) > 1 and seat < 2:
                fast, slow = make_agent("hard", GAME, seat, seed), make_agent("hard", GAME, seat, seed)
                fast.settings = dataclasses.replace(fast.settings, worlds=4)
                slow.settings = dataclasses.replace(slow.settings, worlds=4, playout=None)
                assert fast.settings.playout is not None and fast.choose(view, legal, ()) == slow.choose(view, legal, ())
                phases.add(state.phase)
            state, _ = GAME.apply(state, seat, legal[0])  # the lowest card: rows are soon taken
    assert phases == {"choose", "row"}


def test_the_greedy_card_is_the_cheapest_on_the_rows_as_they_lie():
    for state in random_positions(POSITIONS // 2, 3):
        bulls = Deal.of(state).bulls
        for hand in state.hands:
            expected = min(hand, key=lambda card: (immediate_cost(state.rows, bulls, card), card))
            assert greedy_card(list(hand), state.rows, bulls) == expected


@pytest.mark.parametrize("foresight", [0.0, 0.5, 1.25])
def test_the_compact_family_player_plays_its_cheapest_card(foresight):
    """With foresight f the compact player plays a card cheapest by immediate + f * (estimate - immediate)."""
    for state in random_positions(POSITIONS // 3, 5):
        seen = Seen([c for row in state.rows for c in row] + [c for pile in state.piles for c in pile])
        deck = len(deck_for(state.players, state.variant))
        bulls = Deal.of(state).bulls
        for seat in range(state.players):
            hand = state.hands[seat]
            estimates = turn_costs(GAME.view(state, seat), hand)
            rating = {card: immediate_cost(state.rows, bulls, card) * (1 - foresight) + foresight * estimate
                      for card, estimate in zip(hand, estimates)}
            card = medium_card(list(hand), state.rows, bulls, seen, deck, state.players - 1, 1.0, foresight)
            assert rating[card] <= min(rating.values()) + 1e-9


def test_rollout_members_slip_as_often_as_their_member_says():
    """A member with slip 0 is rolled out as its cheapest card, one with slip 1 as a uniformly drawn card
    of its hand; the draws come from the rollout's luck, so the same luck gives the same rollout."""
    from fiftyfifty_desktop.ai.medium.take5 import playout
    from fiftyfifty_desktop.ai.take5_family import Member

    sharp, loose = Member(1.0, 0.02, 0.0), Member(1.0, 0.02, 1.0)
    differ = 0
    for seed in range(1, 9):
        state = GAME.new_game(4, {}, seed)[0]
        moves = GAME.legal_moves(state, 0)[:3]
        as_medium = playout(state, None, 0, moves, 7, {})
        assert playout(state, (None, sharp, sharp, sharp), 0, moves, 7, {}) == as_medium
        slipping = playout(state, (None, loose, loose, loose), 0, moves, 7, {})
        assert slipping == playout(state, (None, loose, loose, loose), 0, moves, 7, {})
        differ += slipping != as_medium
    assert differ >= 6
