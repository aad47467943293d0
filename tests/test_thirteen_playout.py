"""1,000+ seeded random Thirteen games for 2 to 8 players, with invariants after every move."""

import random
from collections import Counter

import pytest

from fiftyfifty_desktop.engine.records import parse_record, replay
from fiftyfifty_desktop.games.thirteen import hidden
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.games.thirteen import (
    ASK, GAME, HALF, IN, KINDS, OVER, VALUES, Ask, Draw, Pass, deck_for, group_kind, group_points, pair_count,
)
from fiftyfifty_desktop.games.thirteen.rules import _groups_possible

from .contract import random_playout


def check_hands_against_facts(state):
    """Every public fact the state records is true of the hands."""
    for seat, hand in enumerate(state.hands):
        assert list(hand) == sorted(hand)
        face_down = list(hand)
        for card in state.singles[seat]:
            assert card in face_down, "a single is not in its hand"
            face_down.remove(card)
        assert not set(face_down) & set(state.absent[seat]), "a face-down card was deduced absent"
        assert set(state.present[seat]) <= set(hand), "a card deduced present is not there"
        assert pair_count(Counter(hand)) <= state.slack[seat], "the hand holds more groups than one draw can make"


def invariant(state):
    deck = deck_for(state.players)
    laid = [c for groups in state.laid for g in groups for c in g]
    held = [c for hand in state.hands for c in hand] + laid + list(state.pile) + list(state.aside)
    assert sorted(held) == sorted(deck), "every card is in a hand, laid, in the pile or set aside"
    for groups in state.laid:
        for g in groups:
            assert g in ((HALF, HALF), (13,)) or (len(g) == 2 and g[0] + g[1] == 13 and g[0] < g[1])
    points = GAME.scores(state)
    assert points == tuple(sum(group_points(g) for g in groups) for groups in state.laid)
    assert sum(points) <= (62 if state.players >= 5 else 31)
    assert sum(points) == sum(1 for groups in state.laid for g in groups) + 2 * sum(
        1 for groups in state.laid for g in groups if g == (HALF, HALF))
    check_hands_against_facts(state)
    for seat, status in enumerate(state.status):
        assert (status == IN) == (state.left_at[seat] is None) == (seat not in state.leaving)
        if status != IN:
            assert not state.hands[seat]
    all_groups = [g for groups in state.laid for g in groups]
    done = tuple(k for k in KINDS if _groups_possible(state, k)
                 and sum(1 for g in all_groups if group_kind(g) == k) == _groups_possible(state, k))
    assert sorted(state.finished) == sorted(done)
    assert not state.lie_known or state.lie_used
    if state.phase == ASK:
        assert state.lie_used == state.lie_known, "a lie that hits always shows"
    if state.phase != OVER:
        assert state.status[state.current] == IN
        assert sum(1 for s in state.status if s == IN) >= 2


GAMES_PER_COUNT = {2: 400, 3: 260, 4: 180, 5: 40, 6: 40, 7: 40, 8: 40}  # two decks make long games
CASES = [(players, seed) for players, games in GAMES_PER_COUNT.items() for seed in range(games)]


@pytest.mark.parametrize("players", range(2, 9))
def test_random_games_keep_every_invariant_and_replay(players):
    for p, seed in CASES:
        if p != players:
            continue
        state, record = random_playout(GAME, players, seed, {}, invariant)
        assert GAME.is_over(state)
        again = replay(parse_record(record.to_json(), GAMES), GAMES).state
        assert again == state


def test_playout_covers_a_thousand_games():
    assert len(CASES) >= 1000


def _walk(players, seed):
    """Every state of one random game."""
    state = GAME.new_game(players, {}, seed)[0]
    chooser = random.Random(seed)
    states = [state]
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, seat, chooser.choice(GAME.legal_moves(state, seat)))
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 3, 4, 5, 8])
def test_determinized_states_never_contradict_the_view(players):
    """Every state of a few games, seen from the seat to move and one other seat."""
    source = random.Random(players)
    for seed in range(3):
        for state in _walk(players, seed):
            for seat in {state.current, source.randrange(players)}:
                view = GAME.view(state, seat)
                sample = GAME.determinize(view, source)
                assert GAME.view(sample, seat) == view
                invariant(sample)
                assert GAME.legal_moves(sample, seat) == GAME.legal_moves(state, seat)


@pytest.mark.parametrize("players", [2, 5])
def test_the_quick_legality_check_agrees_with_the_legal_move_list(players):
    candidates = [Ask(t, v) for t in range(players + 1) for v in VALUES + (0, 14)] + [Draw(), Pass()]
    for state in _walk(players, 1)[::3]:
        for seat in range(players):
            legal = set(GAME.legal_moves(state, seat))
            for move in candidates:
                assert GAME.is_legal(state, seat, move) == (move in legal), (seat, move)


def test_the_complete_search_deals_consistently_when_the_quick_tries_are_skipped(monkeypatch):
    monkeypatch.setattr(hidden, "QUICK_TRIES", 0)
    source = random.Random(5)
    for players in (3, 6):
        states = _walk(players, 2)
        for state in states[::max(1, len(states) // 10)] + states[-3:]:
            view = GAME.view(state, state.current)
            sample = GAME.determinize(view, source)
            assert GAME.view(sample, state.current) == view
            invariant(sample)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_where_everyone_always_draws_reach_the_empty_pile(players):
    """Random agents often decline the draw, which ends short games early; these play the pile out."""
    emptied = 0
    for seed in range(40):
        state = GAME.new_game(players, {}, seed)[0]
        chooser = random.Random(seed)
        while not GAME.is_over(state):
            invariant(state)
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_moves(state, seat)
            state, _ = GAME.apply(state, seat, Draw() if Draw() in legal else chooser.choice(legal))
        invariant(state)
        emptied += not state.pile
    assert emptied >= 20, "most games play the whole pile out"
