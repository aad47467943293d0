"""What each Thirteen seat may see, and sampled deals that agree with it."""

import random
from collections import Counter

import pytest

from fiftyfifty_desktop.games.thirteen import (GAME, HALF, Ask, Drew, is_true_ask, must_come_back, pair_count, partner,
                                              true_asks)

from .test_thirteen_playout import invariant
from .test_thirteen_rules import play, start


def samples(state, seat, count=200, seed=0):
    source = random.Random(seed)
    view = GAME.view(state, seat)
    for _ in range(count):
        sample = GAME.determinize(view, source)
        assert GAME.view(sample, seat) == view
        invariant(sample)
        yield sample


def test_a_missed_lie_and_a_missed_true_ask_look_the_same_to_the_others():
    # The same table but for seat 0's 2 (its 11 ask is true) or 10 (the ask is the lie).
    true_ask = start([[2, 4], [5, 6], [1, 3]], pile=[7, 10])
    lie = start([[10, 4], [5, 6], [1, 3]], pile=[7, 2])
    true_ask, true_events = play(true_ask, "a1:11")
    lie, lie_events = play(lie, "a1:11")
    assert true_events == lie_events
    assert not true_ask.lie_used and lie.lie_used
    for seat in (1, 2):
        assert GAME.view(true_ask, seat) == GAME.view(lie, seat)
        assert GAME.view(lie, seat).lie_used is None
    assert GAME.view(lie, 0).lie_used is True and GAME.view(true_ask, 0).lie_used is False
    true_ask, true_events = play(true_ask, "draw")
    lie, lie_events = play(lie, "draw")
    assert true_events == lie_events and Drew(0, 1) in lie_events
    for seat in (1, 2):
        assert GAME.view(true_ask, seat) == GAME.view(lie, seat)


def test_the_view_holds_no_other_hand_nor_the_pile():
    state = GAME.new_game(4, {}, seed=3)[0]
    view = GAME.view(state, 2)
    assert view.hand == state.hands[2] and view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.pile_size == len(state.pile)
    for hidden in ("hands", "pile", "rng"):
        assert not hasattr(view, hidden)


def test_views_differ_only_by_the_own_hand_and_own_lie():
    state = GAME.new_game(3, {}, seed=4)[0]
    state, _ = GAME.apply(state, state.current, GAME.legal_moves(state, state.current)[0])
    views = [GAME.view(state, s) for s in range(3)]
    private = {"seat", "hand", "waiting", "lie_used"}
    for field in views[0].__dataclass_fields__:
        if field not in private:
            assert len({repr(getattr(v, field)) for v in views}) == 1, field


def test_the_true_asks_come_from_the_seats_own_hand_and_a_spectator_has_none():
    assert partner(2) == 11 and partner(11) == 2 and partner(HALF) == HALF and partner(13) is None
    state = start([[2, 4, HALF], [5, 6], [1, 3]], pile=[7, 10])
    own = GAME.view(state, 0)
    assert true_asks(own.hand) == (HALF, 9, 11) and not is_true_ask(own.hand, 13)
    assert true_asks(GAME.view(state, 1).hand) == (7, 8)  # another seat sees only its own
    assert GAME.view(state, None).hand == () and true_asks(GAME.view(state, None).hand) == ()
    state, _ = play(state, "a1:12")  # the lie, and it hits nothing
    state, _ = play(state, "pass", "a0:8", "draw")
    assert GAME.view(state, 2).lie_used is False
    state, _ = play(state, "a0:4")  # seat 2's lie (it holds no 9) wins a single: now it may ask only truly
    assert GAME.view(state, 2).lie_used and GAME.view(state, 0).lie_used is None
    assert true_asks(GAME.view(state, 2).hand) == (9, 10, 12)
    assert {m.value for m in GAME.legal_moves(state, 2)} == {9, 10, 12}


def test_every_seat_and_a_spectator_see_who_must_come_back():
    state = start([[5], [8, 2], [3, 4, 11]], pile=[9, 10, 7, 1], dealer=0)
    assert not any(must_come_back(s, n) for s, n in zip(state.status, (len(h) for h in state.hands)))
    state, _ = play(state, "a0:5", "a2:11")  # seat 1 takes seat 0's only card and goes out; seat 2 has no one to ask
    assert state.current == 0
    for seat in (0, 2, None):
        view = GAME.view(state, seat)
        assert [must_come_back(view.status[s], view.hand_sizes[s]) for s in range(3)] == [True, False, False]


def first_missing_ask(state, asker, target):
    """An ask by ``asker`` of ``target`` that misses (a value ``target`` lacks)."""
    return next(m for m in GAME.legal_moves(state, asker)
                if m.target == target and m.value not in state.hands[target])


def test_a_seat_missed_for_a_value_holds_none_in_any_sample_until_it_draws():
    state = GAME.new_game(4, {}, seed=21)[0]
    asker = state.current
    target = (asker + 1) % 4
    move = first_missing_ask(state, asker, target)
    state, _ = GAME.apply(state, asker, move)
    assert move.value in state.absent[target]
    onlooker = (asker + 2) % 4
    held = Counter()
    for sample in samples(state, onlooker):
        assert move.value not in sample.hands[target]
        held.update(sample.hands[target])
    assert len(held) > 5, "the rest of the hand is still dealt at random"


def test_facts_lapse_at_the_draw_and_hold_again_when_the_drawn_pair_is_laid():
    state = start([[2, 4], [5, 6]], pile=[11, 1, 3], dealer=0)
    state, _ = play(state, "a0:8", "pass")  # seat 1 misses: seat 0 holds no 8
    assert state.absent[0] == (8,)
    state, _ = play(state, "a1:11", "draw")  # seat 0 draws (the 11): it might be an 8
    assert state.absent[0] == () and state.stash[0] == (8,) and state.slack[0] == 1
    state, _ = play(state, "a0:7")
    assert state.absent[0] == (7,)
    state, events = play(state, "pass")  # seat 0's turn starts by laying the drawn pair: the 8 fact holds again
    assert [type(e).__name__ for e in events][:2] == ["TurnStarted", "Laid"]
    assert state.absent[0] == (7, 8) and state.slack[0] == 0 and state.stash[0] == ()
    # Had the drawn pair been broken, nothing shows what the drawn card was.
    broken, _ = play(start([[2, 4], [5, 6]], pile=[11, 1, 3], dealer=0), "a0:8", "pass", "a1:11", "draw",
                     "a0:11", "a0:2", "a0:7", "pass")
    assert broken.absent[0] == (7,) and broken.stash[0] == ()


def test_a_drawn_card_may_make_one_waiting_pair_in_a_sample_but_no_more():
    state = GAME.new_game(3, {}, seed=8)[0]
    while not (state.phase == "draw"):
        seat = state.current
        state, _ = GAME.apply(state, seat, first_missing_ask(state, seat, (seat + 1) % 3))
    drawer = state.current
    state, _ = play(state, "draw")
    assert state.slack[drawer] == 1
    for sample in samples(state, (drawer + 1) % 3, count=300):
        assert pair_count(Counter(sample.hands[drawer])) <= 1


def test_a_true_ask_after_a_known_lie_shows_the_asker_holds_the_pair():
    state = start([[2, 5], [4, 1, 8, 3], [3, 7, 12]], pile=[13, 9, 10], dealer=1)
    state, _ = play(state, "a0:1", "draw")  # seat 2 misses (its ask pairs with the 12) and draws the 13
    state, _ = play(state, "a2:13")  # seat 0 asks for a 13: the lie, plain to all; it hits
    assert state.lie_known
    state, _ = play(state, "a1:11")  # so this ask is true: seat 0 holds a 2
    assert state.present[0] == (2,)
    for sample in samples(state, 1):
        assert 2 in sample.hands[0]


def test_an_ask_for_a_card_whose_pair_the_asker_surely_lacks_is_a_known_lie():
    state = start([[2, 5], [9, 3], [4, 10]], pile=[6, 7, 8], dealer=0)
    state, _ = play(state, "a0:4", "pass")  # seat 1 missed: seat 0 holds no 4
    state, _ = play(state, "a1:12", "pass")
    state, _ = play(state, "a1:9")  # seat 0 asks for a 9: it must be lying
    assert state.lie_known and state.singles[0] == (9,)
    state = start([[2, 5], [9, 3], [4, 10]], pile=[6, 7, 8], dealer=0)
    state, _ = play(state, "a0:4", "pass", "a1:12", "pass", "a2:9")
    assert state.lie_known and state.phase == "draw"


def test_samples_keep_singles_face_up_in_their_hands():
    state = start([[2], [9, 3, 1], [4, 10, 11]], pile=[6, 7, 8])
    state, _ = play(state, "a1:9", "a1:4", "pass")
    for sample in samples(state, 2, count=50):
        assert 9 in sample.hands[0] and sample.singles[0] == (9,)


def test_a_lie_that_hits_always_shows_so_samples_know_whether_it_is_spent():
    state = start([[10, 4], [5, 6, 12], [1, 3]], pile=[7, 2, 8])
    for sample in samples(state, 2, count=5):
        assert not sample.lie_used
    state, _ = play(state, "a1:12")  # a lie (no 1 in hand) that hits: a single for all to see
    assert state.lie_used and state.lie_known and state.singles[0] == (12,)
    for sample in samples(state, 2, count=5):
        assert sample.lie_used


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_legal_moves_of_the_seat_to_move_survive_determinization(seat):
    state = GAME.new_game(4, {}, seed=30 + seat)[0]
    for sample in samples(state, state.current, count=20):
        assert GAME.legal_moves(sample, state.current) == GAME.legal_moves(state, state.current)
        assert sample.hands[state.current] == state.hands[state.current]


def test_the_log_records_a_6_and_a_half_ask():
    state = start([[HALF, 2], [3, 4], [1, 5]], pile=[6])
    state, _ = play(state, "a1:6.5")
    assert Ask(1, HALF).text() == "a1:6.5" and state.log[-1][3] == HALF
