"""1,000+ seeded random Fifty Fifty games with invariants after every move;
replay, determinize and the view's secrecy."""

import random
import pytest

from fiftyfifty_desktop.engine import evolve
from fiftyfifty_desktop.engine.records import parse_record, replay
from fiftyfifty_desktop.games.fiftyfifty import CARDS, GAME, HAND_SIZE, highest_and_lowest
from fiftyfifty_desktop.registry import GAMES

from .contract import random_playout

GAMES_PER_COUNT = 334  # x 3 player counts = 1,002 games


def halves_after(tricks, moods, players):
    """Each seat's (blue, yellow) after ``tricks``, recomputed as net blue minus yellow."""
    net = [0] * players
    for trick, (blue, yellow) in zip(tricks, moods):
        net[max(trick, key=lambda sc: sc[1])[0]] += blue
        net[min(trick, key=lambda sc: sc[1])[0]] -= yellow
    return tuple((max(n, 0), max(-n, 0)) for n in net)


def strikes_for(results, players):
    """Which hands balanced hands strike, recomputed from the hand results."""
    struck = [[False] * players for _ in results]
    for k, result in enumerate(results):
        for seat in range(players):
            if result[seat] == 0:
                earlier = [i for i in range(k) if results[i][seat] < 0 and not struck[i][seat]]
                if earlier:
                    struck[min(earlier, key=lambda i: (results[i][seat], i))][seat] = True
    return tuple(tuple(row) for row in struck)


class Invariant:
    """Checks one game's states in order; remembers the last one to check each hand's score."""

    def __init__(self, first_dealer=None):
        self.previous = None
        self.first_dealer = first_dealer

    def __call__(self, state):
        n = state.players
        if self.first_dealer is None:
            self.first_dealer = state.dealer
        played = [c for trick in state.past_tricks + (state.trick,) for _, c in trick]
        assert sorted([*[c for h in state.hands for c in h], *played, *state.undealt]) == list(CARDS)
        assert all(min(h) == 0 for h in state.halves), "a player never holds both colours"
        assert state.halves == halves_after(state.past_tricks, state.past_moods, n)
        turned = state.past_moods + ((state.mood,) if state.mood else ())
        assert sorted(turned + state.moods) == sorted(state.deck), "the mood deck is conserved"
        assert state.dealer == (self.first_dealer + state.hand_no - 1) % n
        expected_leader = max(state.past_tricks[-1], key=lambda sc: sc[1])[0] if state.past_tricks else (
            (state.dealer + 1) % n)
        assert state.leader == expected_leader
        if GAME.is_over(state):
            assert len(state.results) == n and state.hand_no == n, "as many hands as players"
        else:
            assert len(state.results) == state.hand_no - 1
            assert state.mood is not None, "the leader sees the mood card before choosing"
        assert state.struck == strikes_for(state.results, n)
        assert GAME.scores(state) == tuple(
            sum(r[s] for r, k in zip(state.results, state.struck) if not k[s]) for s in range(n))
        previous = self.previous
        if previous is not None and len(state.results) > len(previous.results):
            # The hand just ended with the last card of the seat to move.
            [seat] = GAME.to_move(previous)
            last = previous.trick + ((seat, previous.hands[seat][0]),)
            held = halves_after(previous.past_tricks + (last,), previous.past_moods + (previous.mood,), n)
            assert state.results[-1] == tuple(-(b + y) for b, y in held), "hand score = minus the halves held"
        self.previous = state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_every_invariant(players):
    for seed in range(GAMES_PER_COUNT):
        state, _ = random_playout(GAME, players, seed, invariant=Invariant())
        assert GAME.is_over(state)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_records_replay_to_the_same_state(players):
    for seed in range(5):
        state, record = random_playout(GAME, players, seed)
        again = replay(parse_record(record.to_json(), GAMES), GAMES).state
        assert again == state
        assert GAME.scores(again) == GAME.scores(state)


def test_a_record_with_its_own_deck_replays_with_that_deck():
    deck = ((1, 1),) * 5 + ((7, 7),) * 5
    state, record = random_playout(GAME, 4, 2, {"deck": [list(card) for card in deck]})
    assert state.deck == deck
    assert replay(parse_record(record.to_json(), GAMES), GAMES).state == state


def states_along_a_game(players, seed):
    state = GAME.new_game(players, {}, seed)[0]
    source = random.Random(seed)
    while not GAME.is_over(state):
        yield state
        [seat] = GAME.to_move(state)
        state, _ = GAME.apply(state, seat, source.choice(GAME.legal_moves(state, seat)))
    yield state


@pytest.mark.parametrize("players", [3, 5])
def test_determinize_agrees_with_the_view_and_plays_on(players):
    source = random.Random(1)
    for number, state in enumerate(states_along_a_game(players, 7)):
        if number % 5:
            continue
        for seat in range(players):
            view = GAME.view(state, seat)
            guess = GAME.determinize(view, source)
            assert GAME.view(guess, seat) == view
            assert GAME.to_move(guess) == GAME.to_move(state)
            assert GAME.legal_moves(guess, seat) == GAME.legal_moves(state, seat)
            Invariant(first_dealer=(state.dealer - state.hand_no + 1) % players)(guess)


def test_view_shows_the_public_table_and_hides_hands_undealt_and_mood_order():
    state = GAME.new_game(4, {}, seed=5)[0]
    [leader] = GAME.to_move(state)
    state, _ = GAME.apply(state, leader, GAME.legal_moves(state, leader)[0])
    seat = (leader + 2) % 4
    view = GAME.view(state, seat)
    assert view.hand == state.hands[seat]
    assert view.hand_sizes == tuple(8 if s == leader else 9 for s in range(4))
    assert view.trick == state.trick and view.mood == state.mood
    assert view.halves == state.halves and view.dealer == state.dealer and view.leader == state.leader
    for hidden in ("hands", "undealt", "moods", "rng", "deck"):
        assert not hasattr(view, hidden)
    others = {c for s in range(4) if s != seat for c in state.hands[s]} | set(state.undealt)
    shown = {c for c in view.hand} | {c for _, c in view.trick}
    assert not others & shown
    # Another order of the face-down mood cards, other hidden hands: the same view.
    shuffled = evolve(state, moods=tuple(reversed(state.moods)), deck=tuple(reversed(state.deck)),
                      undealt=state.hands[(seat + 1) % 4][:1] + state.undealt[1:],
                      hands=tuple(h if s != (seat + 1) % 4 else state.undealt[:1] + h[1:]
                                  for s, h in enumerate(state.hands)))
    assert GAME.view(shuffled, seat) == view


@pytest.mark.parametrize("players", [3, 4])
def test_trick_number_and_face_down_moods_are_public_and_right(players):
    """Every seat and a spectator see the same counts, the ones the table shows."""
    for state in states_along_a_game(players, 4):
        views = [GAME.view(state, seat) for seat in (*range(players), None)]
        assert {(v.trick_no, v.moods_left) for v in views} == {(views[0].trick_no, views[0].moods_left)}
        view = views[-1]
        assert view.seat is None and view.hand == ()
        assert view.moods_left == len(state.moods)
        assert view.moods_left == len(view.mood_cards) - len(view.past_moods) - (view.mood is not None)
        if GAME.is_over(state):
            assert view.trick_no == HAND_SIZE and view.moods_left == 1
        else:
            assert view.trick_no == len(state.past_tricks) + 1 <= HAND_SIZE


def test_highest_and_lowest_name_the_seats_that_take_halves():
    assert highest_and_lowest(((2, 30), (0, 10), (1, 20))) == ((2, 30), (0, 10))
    assert highest_and_lowest(((1, 7),)) == ((1, 7), (1, 7))
