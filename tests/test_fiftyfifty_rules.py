"""Fifty Fifty rules, including the worked example of docs/rules/fiftyfifty.md."""

import pytest

from fiftyfifty_desktop.engine import IllegalMoveError, MoveParseError, OptionError, SetupError, evolve
from fiftyfifty_desktop.games.fiftyfifty import (
    CARDS,
    DEFAULT_MOOD_DECK,
    GAME,
    CardPlayed,
    GameOver,
    HalvesCancelled,
    HalvesTaken,
    HandDealt,
    HandScored,
    HandStruck,
    MoodTurned,
    Play,
    TrickWon,
)


def start(hands, moods, dealer, **options):
    return GAME.new_game(len(hands), options, seed=1, setup={"hands": hands, "moods": moods, "dealer": dealer})[0]


def play(state, cards):
    """The seats to move play ``cards`` in turn; returns the state and all events."""
    events = []
    for card in cards:
        [seat] = GAME.to_move(state)
        state, new = GAME.apply(state, seat, Play(card))
        events.extend(new)
    return state, events


def rig(state, hands, moods):
    """Replace a freshly dealt hand by chosen cards and mood cards (to script later hands)."""
    assert not state.trick and not state.past_tricks
    used = {c for hand in hands for c in hand}
    rest = list(DEFAULT_MOOD_DECK)
    for mood in moods:
        rest.remove(mood)
    return evolve(state, hands=tuple(tuple(sorted(h)) for h in hands),
                  undealt=tuple(c for c in CARDS if c not in used), mood=moods[0], moods=tuple(moods[1:]) + tuple(rest))


def test_worked_example_nora_cancels_yellow_then_turns_blue():
    # Nora is seat 0; the dealer is seat 2, so Nora leads the first trick.
    state = start([[1, 50, 49, 10], [20, 5, 11, 12], [30, 6, 13, 14]], [[2, 5], [3, 1], [6, 3], [1, 3]], dealer=2)
    assert GAME.to_move(state) == (0,)
    state, _ = play(state, [1, 20, 30])  # Nora plays the lowest card under (2 blue, 5 yellow)
    assert state.halves[0] == (0, 5)
    assert GAME.to_move(state) == (2,)  # the highest card (30) leads next
    state, events = play(state, [6, 50, 5])  # Nora plays the highest card under 3 blue
    assert HalvesTaken(0, "blue", 3) in events and HalvesCancelled(0, 3) in events
    assert state.halves[0] == (0, 2)  # she keeps 2 yellow
    state, events = play(state, [49, 11, 13])  # again the highest, under 6 blue
    assert HalvesTaken(0, "blue", 6) in events and HalvesCancelled(0, 2) in events
    assert state.halves[0] == (4, 0)  # she keeps 4 blue


def test_cancelling_works_from_blue_too_and_can_balance_exactly():
    state = start([[50, 1, 2], [10, 40, 3], [20, 30, 4]], [[2, 5], [5, 2], [4, 4]], dealer=2)
    state, _ = play(state, [50, 10, 20])  # seat 0 high: 2 blue; seat 1 low: 5 yellow
    assert state.halves == ((2, 0), (0, 5), (0, 0))
    state, events = play(state, [1, 40, 30])  # seat 0 low: 2 yellow cancel its 2 blue; seat 1 high: 5 blue
    assert [e for e in events if isinstance(e, HalvesCancelled)] == [HalvesCancelled(1, 5), HalvesCancelled(0, 2)]
    assert state.halves == ((0, 0), (0, 0), (0, 0))
    state, events = play(state, [3, 4, 2])  # seat 1 leads; seat 2 high: 4 blue; seat 0 low: 4 yellow
    assert HandScored(1, (-4, 0, -4)) in events


def test_only_the_highest_and_lowest_take_halves():
    state = start([[25, 1], [50, 2], [3, 4]], [[7, 5], [1, 3]], dealer=0)
    assert GAME.to_move(state) == (1,)  # left of the dealer leads
    state, events = play(state, [50, 3, 25])
    assert [e for e in events if isinstance(e, HalvesTaken)] == [HalvesTaken(1, "blue", 7), HalvesTaken(2, "yellow", 5)]
    assert state.halves == ((0, 0), (7, 0), (0, 5))
    assert TrickWon(1, 1, 50) in events
    assert GAME.to_move(state) == (1,)


def test_the_mood_card_is_face_up_before_the_leader_chooses():
    state = start([[10, 11], [20, 21], [30, 31]], [[4, 2], [6, 3]], dealer=1)
    leader = GAME.to_move(state)[0]
    assert leader == 2
    assert GAME.view(state, leader).mood == (4, 2)
    state, events = play(state, [30, 10, 20])
    assert events[-1] == MoodTurned(1, 2, 2, 6, 3)
    view = GAME.view(state, 2)
    assert view.mood == (6, 3) and view.past_moods == ((4, 2),)
    assert view.past_tricks == (((2, 30), (0, 10), (1, 20)),)


def test_players_follow_clockwise_and_see_the_cards_already_played():
    state = start([[10, 11], [20, 21], [30, 31], [40, 41]], [[4, 2], [6, 3]], dealer=1)
    order = []
    for card in (30, 40, 10, 20):
        [seat] = GAME.to_move(state)
        order.append(seat)
        assert [c for _, c in GAME.view(state, seat).trick] == [30, 40, 10, 20][:len(order) - 1]
        state, _ = GAME.apply(state, seat, Play(card))
    assert order == [2, 3, 0, 1]


def test_a_hand_lasts_nine_tricks_and_leaves_one_mood_card_unused():
    state = GAME.new_game(4, {}, seed=3)[0]
    dealer = state.dealer
    assert all(len(h) == 9 for h in state.hands) and len(state.undealt) == 50 - 36
    assert GAME.to_move(state) == ((dealer + 1) % 4,)
    for trick in range(1, 10):
        assert state.hand_no == 1 and len(state.past_tricks) == trick - 1
        assert len(state.moods) == 10 - trick  # the 9th trick leaves one face down
        for _ in range(4):
            [seat] = GAME.to_move(state)
            state, events = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    assert state.hand_no == 2 and len(state.results) == 1
    assert [e for e in events if isinstance(e, HandDealt)] == [HandDealt(2, (dealer + 1) % 4, (9, 9, 9, 9))]


def test_strikes_the_worst_earlier_hand_and_struck_hands_count_zero():
    # Hand 1, dealer 0: seat 1 high (5 blue), seat 2 low (2 yellow), seat 0 balanced with nothing to strike.
    state = start([[25], [50], [1]], [[5, 2]], dealer=0)
    state, events = play(state, [50, 1, 25])
    assert HandScored(1, (0, -5, -2)) in events
    assert not [e for e in events if isinstance(e, HandStruck)]
    # Hand 2, dealer 1: seat 0 balanced again, but no earlier hand of its is non-zero.
    state = rig(state, [[30], [2], [40]], [(1, 3)])
    state, events = play(state, [40, 30, 2])
    assert HandScored(2, (0, -3, -1)) in events
    assert not [e for e in events if isinstance(e, HandStruck)]
    # Hand 3, dealer 2: seat 1 balanced strikes its worst earlier hand (-5, not -3).
    state = rig(state, [[10], [20], [45]], [(4, 4)])
    state, events = play(state, [10, 20, 45])
    assert HandStruck(1, 1, -5) in events
    assert state.struck == ((False, True, False), (False, False, False), (False, False, False))
    assert GAME.is_over(state)
    assert GAME.scores(state) == (-4, -3, -7)
    assert events[-1] == GameOver((-4, -3, -7), (1,))


def test_a_hand_is_never_struck_twice():
    # Seat 3 takes 5 blue in hand 1, then is balanced in hands 2, 3 and 4.
    state = start([[10], [20], [30], [50]], [[5, 2]], dealer=3)  # seat 0 leads
    state, _ = play(state, [10, 20, 30, 50])
    state = rig(state, [[1], [40], [2], [3]], [(3, 1)])  # dealer 0, seat 1 leads
    state, events = play(state, [40, 2, 3, 1])
    assert HandStruck(3, 1, -5) in events
    state = rig(state, [[4], [5], [45], [6]], [(2, 5)])
    state, events = play(state, [45, 6, 4, 5])
    assert not [e for e in events if isinstance(e, HandStruck) and e.seat == 3]
    state = rig(state, [[7], [8], [9], [11]], [(1, 3)])
    state, events = play(state, [11, 7, 8, 9])  # seat 3 leads
    assert not [e for e in events if isinstance(e, HandStruck) and e.seat == 3]
    assert [r[3] for r in state.results] == [-5, 0, 0, -1]
    assert [k[3] for k in state.struck] == [True, False, False, False]
    assert GAME.scores(state)[3] == -1


def test_ties_share_the_win():
    state = start([[50], [1], [25]], [[4, 4]], dealer=2)  # seat 0 leads
    state, _ = play(state, [50, 1, 25])  # (-4, -4, 0)
    state = rig(state, [[2], [30], [40]], [(4, 4)])  # seat 1 balanced strikes hand 1
    state, _ = play(state, [30, 40, 2])  # seat 1 leads -> (-4, 0, -4)
    state = rig(state, [[15], [48], [3]], [(4, 4)])  # seat 0 balanced strikes hand 1 (the earlier of two -4s)
    state, events = play(state, [3, 15, 48])  # seat 2 leads -> (0, -4, -4)
    assert HandStruck(0, 1, -4) in events
    assert state.struck == ((True, True, False), (False, False, False), (False, False, False))
    assert GAME.scores(state) == (-4, -4, -8)
    assert GAME.winners(state) == (0, 1)


def test_dealer_moves_clockwise_for_as_many_hands_as_players():
    for players in (3, 4, 5):
        state = GAME.new_game(players, {}, seed=players)[0]
        first = state.dealer
        dealers, hands = [first], 1
        while not GAME.is_over(state):
            [seat] = GAME.to_move(state)
            state, events = GAME.apply(state, seat, GAME.legal_moves(state, seat)[-1])
            for event in events:
                if isinstance(event, HandDealt):
                    dealers.append(event.dealer)
                    hands += 1
                if isinstance(event, MoodTurned) and event.trick == 1:
                    assert event.leader == (dealers[-1] + 1) % players
        assert hands == players == len(state.results)
        assert dealers == [(first + i) % players for i in range(players)]


def test_first_dealer_comes_from_the_seed():
    assert {GAME.new_game(4, {}, seed=s)[0].dealer for s in range(40)} == {0, 1, 2, 3}


def test_illegal_moves_are_refused_with_a_reason():
    state = start([[10, 11], [20, 21], [30, 31]], [[4, 2], [6, 3]], dealer=0)
    with pytest.raises(IllegalMoveError, match="not seat 0's turn"):
        GAME.apply(state, 0, Play(10))
    with pytest.raises(IllegalMoveError, match="the card 10 is not in this hand"):
        GAME.apply(state, 1, Play(10))
    assert GAME.legal_moves(state, 0) == ()
    assert GAME.legal_moves(state, 1) == (Play(20), Play(21))


def test_events_say_what_happened_in_order():
    state = start([[10, 11], [20, 21], [30, 31]], [[4, 2], [6, 3]], dealer=0)
    state, events = play(state, [20, 30, 10])
    assert [e.kind for e in events] == [
        "card_played", "card_played", "card_played", "halves_taken", "halves_taken", "trick_won", "mood_turned"]
    assert events[0] == CardPlayed(1, 20)


def test_player_counts_and_options_are_checked():
    with pytest.raises(OptionError, match="3 to 5 players"):
        GAME.new_game(2, {}, 1)[0]
    with pytest.raises(OptionError, match="3 to 5 players"):
        GAME.new_game(6, {}, 1)[0]
    with pytest.raises(OptionError, match="no option"):
        GAME.new_game(4, {"target": 3}, 1)[0]


@pytest.mark.parametrize(
    "setup, message",
    [
        ({"hands": [[1], [2], [3]], "moods": [[1, 3]]}, "exactly the keys"),
        ({"hands": [[1], [2]], "moods": [[1, 3]], "dealer": 0}, "3 hands"),
        ({"hands": [[1], [1], [3]], "moods": [[1, 3]], "dealer": 0}, "twice"),
        ({"hands": [[1], [2, 4], [3]], "moods": [[1, 3]], "dealer": 0}, "same number"),
        ({"hands": [[1], [2], [51]], "moods": [[1, 3]], "dealer": 0}, "from 1 to 50"),
        ({"hands": [[1], [2], "x"], "moods": [[1, 3]], "dealer": 0}, "hand 2"),
        ({"hands": [[1] * 10, [2], [3]], "moods": [[1, 3]], "dealer": 0}, "same number"),
        ({"hands": [[1], [2], [3]], "moods": [], "dealer": 0}, "one mood card per trick"),
        ({"hands": [[1], [2], [3]], "moods": [[0, 3]], "dealer": 0}, "from 1 to 7"),
        ({"hands": [[1], [2], [3]], "moods": [[1, 1]], "dealer": 0}, "cards of the mood deck"),
        ({"hands": [[1], [2], [3]], "moods": [[1, 3], [1, 3]], "dealer": 0}, "at most as often"),
        ({"hands": [[1], [2], [3]], "moods": [[1, 3]], "dealer": 3}, "dealer must be a seat from 0 to 2"),
        ({"hands": [[1], [2], [3]], "moods": [[1, 3]], "dealer": True}, "dealer"),
    ],
)
def test_bad_setups_are_refused_in_one_line(setup, message):
    with pytest.raises(SetupError, match=message) as caught:
        GAME.new_game(3, {}, 1, setup)[0]
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("text", ["p1", "p23", "p50"])
def test_move_text_round_trips(text):
    assert GAME.parse_move(text).text() == text


@pytest.mark.parametrize("text", ["", "p", "p0", "p51", "p07", "p 5", "x3", "P3", "p-1"])
def test_unreadable_moves_are_refused(text):
    with pytest.raises(MoveParseError, match="not a Fifty Fifty move"):
        GAME.parse_move(text)
