"""Thirteen rules: a scenario for every rule of docs/rules/thirteen.md."""

from collections import Counter

import pytest

from fiftyfifty_desktop.engine import IllegalMoveError, MoveParseError, SetupError
from fiftyfifty_desktop.games.thirteen import (
    ASK, DRAW, ELIMINATED, GAME, HALF, IN, OUT, OVER, VALUES,
    Ask, Asked, CameBack, Draw, Drew, Eliminated, GameOver, HandedOver, KindFinished, Laid, Missed, Pass,
    SingleShown, TurnStarted, WentOut, deck_for, group_points, groups_in, one_deck,
)


def start(hands, pile=(), dealer=None):
    """A fixed deal; by default the dealer sits last, so seat 0 plays first."""
    players = len(hands)
    dealer = players - 1 if dealer is None else dealer
    return GAME.new_game(players, {}, seed=1, setup={"dealer": dealer, "hands": hands, "pile": list(pile)})[0]


def play(state, *moves):
    """Play moves written as text by whoever is to move; return the state and all events."""
    events = []
    for text in moves:
        state, new = GAME.apply(state, state.current, GAME.parse_move(text))
        events.extend(new)
    return state, events


# ----- material and set-up ------------------------------------------------
def test_one_deck_has_54_cards_worth_31_points_and_two_decks_108_worth_62():
    deck = one_deck()
    counts = Counter(deck)
    assert len(deck) == 54 and counts[HALF] == 2 and counts[13] == 4
    assert all(counts[v] == 4 for v in range(1, 13))
    assert sum(group_points(g) for g in groups_in(deck)) == 31
    assert len(deck_for(4)) == 54 and len(deck_for(5)) == 108 and len(deck_for(8)) == 108
    assert sum(group_points(g) for g in groups_in(deck_for(5))) == 62


@pytest.mark.parametrize("players, size", [(2, 10), (3, 7), (4, 7), (5, 7), (8, 7)])
def test_deal_gives_seven_cards_each_or_ten_with_two_players(players, size):
    state = GAME.new_game(players, {}, seed=players)[0]
    laid = [sum(len(g) for g in groups) for groups in state.laid]
    assert [len(h) + n for h, n in zip(state.hands, laid)] == [size] * players
    assert len(state.pile) == len(deck_for(players)) - size * players
    assert 0 <= state.dealer < players
    assert all(not groups_in(h) for h in state.hands), "every pair and 13 was laid at the deal"
    first_in_play = next(s for s in ((state.dealer + i) % players for i in range(1, players + 1))
                         if state.status[s] == IN)
    assert state.current == first_in_play and state.turn == 1


def test_pairs_and_13s_are_laid_at_the_deal_and_an_empty_hand_has_gone_out():
    state = start([[1, 12, 13], [2, 5, 8, 5], [3]], pile=[4])
    assert state.laid[0] == ((1, 12), (13,))
    assert state.laid[1] == ((5, 8),) and state.hands[1] == (2, 5)
    assert state.status[0] == OUT and state.left_at[0] == 0 and state.leaving == (0,)
    assert GAME.scores(state) == (2, 1, 0)
    # The dealer is seat 2; seat 0 on its left is out, so seat 1 starts.
    assert state.current == 1


# ----- asking -----------------------------------------------------------
def test_true_ask_hit_lays_the_pair_and_asking_goes_on_then_a_miss_offers_the_draw():
    state = start([[5, 2], [8, 3], [4, 10]], pile=[6, 7])
    state, events = play(state, "a1:8")
    assert events[:3] == [Asked(0, 1, 8), HandedOver(1, 0, 8), Laid(0, (5, 8), 1)]
    assert state.hands[0] == (2,) and state.hands[1] == (3,)
    assert state.current == 0 and state.phase == ASK and not state.lie_used
    state, events = play(state, "a1:11")  # true: pairs with the 2; seat 1 holds a 3 only
    assert events == [Asked(0, 1, 11), Missed(0, 1, 11)]
    assert state.phase == DRAW and GAME.legal_moves(state, 0) == (Draw(), Pass())
    assert state.log[-2:] == ((1, 0, 1, 8, True), (1, 0, 1, 11, False))
    state, events = play(state, "draw")
    assert events[0] == Drew(0, 1) and 6 in state.hands[0]
    assert state.current == 1 and events[1] == TurnStarted(1, 2)


def test_miss_with_an_empty_pile_passes_the_turn_without_a_draw():
    state = start([[5, 2], [8, 3], [4, 10]])
    state, _ = play(state, "a2:8")
    assert state.current == 1 and state.phase == ASK


def test_a_lie_wins_a_single_shown_to_all_and_the_next_ask_must_be_true():
    state = start([[2], [9, 3], [4, 10]], pile=[6])
    assert len(GAME.legal_moves(state, 0)) == 2 * len(VALUES)  # with the lie unspent, any value
    state, events = play(state, "a1:9")  # a lie: seat 0 holds no 4
    assert SingleShown(0, 9) in events
    assert state.singles[0] == (9,) and state.lie_used and state.lie_known
    for seat in range(3):
        assert GAME.view(state, seat).singles[0] == (9,)
    assert GAME.legal_moves(state, 0) == (Ask(1, 4), Ask(1, 11), Ask(2, 4), Ask(2, 11))
    state, events = play(state, "a2:4")  # true: pairs with the single 9
    assert Laid(0, (4, 9), 1) in events
    assert state.singles[0] == () and state.hands[0] == (2,)


def test_a_second_lie_in_one_turn_is_refused_with_a_reason():
    state = start([[2], [9, 3], [4, 10]], pile=[6])
    state, _ = play(state, "a1:9")
    assert Ask(1, 3) not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMoveError, match="already used this turn's lie"):
        GAME.apply(state, 0, Ask(1, 3))
    with pytest.raises(IllegalMoveError, match="already used this turn's lie"):
        GAME.apply(state, 0, Ask(1, 13))


def test_the_lie_recharges_at_the_next_turn():
    state = start([[2, 5], [9, 3]], pile=[6, 7])
    state, _ = play(state, "a1:9", "a1:11", "pass")  # the lie wins a 9, then a true ask misses
    state, _ = play(state, "a0:10", "pass")
    assert state.current == 0 and not state.lie_used
    assert Ask(1, 1) in GAME.legal_moves(state, 0)
    state, _ = play(state, "a1:1")  # a lie again: seat 0 holds no 12
    assert state.phase == DRAW and state.lie_used


def test_asking_for_a_13_is_the_lie_and_a_hit_lays_it():
    state = start([[2, 5], [13, 4]], pile=[6])
    assert state.laid[1] == ((13,),)  # a 13 dealt is laid at once
    state = start([[2, 5], [4, 6]], pile=[13, 7])
    state, _ = play(state, "a1:9", "draw")  # seat 0 draws the 13: it waits
    state, events = play(state, "a0:11", "pass")  # seat 1 misses (a lie)
    begin = events.index(TurnStarted(0, 3))
    assert events[begin + 1] == Laid(0, (13,), 1)
    state = start([[2, 5], [4, 6]], pile=[13, 7])
    state, _ = play(state, "a1:1", "pass", "a0:8", "draw")  # seat 1 draws the 13
    state, events = play(state, "a1:13")
    assert Laid(0, (13,), 1) in events and state.lie_used and state.lie_known
    assert GAME.legal_moves(state, 0) == (Ask(1, 8), Ask(1, 11))


def test_the_two_6_and_a_half_pair_for_three_points_and_the_kind_is_finished():
    state = start([[HALF, 2], ["6½", 3], [4, 10]], pile=[6])
    state, events = play(state, "a1:6.5")  # true: seat 0 holds a 6½
    assert not state.lie_used
    assert Laid(0, (HALF, HALF), 3) in events and KindFinished(HALF) in events
    assert state.finished == (HALF,) and GAME.scores(state)[0] == 3


def test_asking_for_6_and_a_half_without_one_is_the_lie():
    state = start([[2], [HALF, 3], [4, 10]], pile=[6])
    state, events = play(state, "a1:6.5")
    assert SingleShown(0, HALF) in events and state.lie_used
    assert GAME.legal_moves(state, 0) == (Ask(1, HALF), Ask(1, 11), Ask(2, HALF), Ask(2, 11))


def test_finished_kind_when_all_four_pairs_of_it_are_on_the_table():
    full = [1, 12, 1, 12, 1, 3]
    state = start([full, [1, 12, 12, 4], [5, 9]], pile=[6])
    assert state.finished == ()
    state, events = play(state, "a1:12")
    assert KindFinished(1) in events and state.finished == (1,)
    assert sum(1 for groups in state.laid for g in groups if g == (1, 12)) == 4


# ----- waiting pairs ------------------------------------------------------
def test_a_pair_made_by_the_draw_waits_hidden_and_is_laid_first_next_turn():
    state = start([[2, 4], [5, 6]], pile=[11, 1, 3])
    state, _ = play(state, "a1:11", "draw")
    assert GAME.view(state, 0).waiting == ((2, 11),)
    assert GAME.view(state, 1).waiting == () and GAME.view(state, 1).hand_sizes[0] == 3
    assert GAME.scores(state) == (0, 0)
    state, events = play(state, "a0:9", "pass")  # seat 1 (holding no 4) lies for a 9 and misses
    begin = events.index(TurnStarted(0, 3))
    assert events[begin + 1] == Laid(0, (2, 11), 1)
    assert state.hands[0] == (4,) and state.phase == ASK


def test_a_waiting_pair_can_be_broken_by_another_players_ask():
    state = start([[2, 4], [5, 6]], pile=[11, 1, 3])
    state, _ = play(state, "a1:11", "draw")
    state, events = play(state, "a0:11")  # seat 1 lies and takes the 11
    assert HandedOver(0, 1, 11) in events and state.singles[1] == (11,)
    state, events = play(state, "a0:2")  # true: pairs with the single 11
    assert Laid(1, (2, 11), 1) in events
    state, events = play(state, "a0:8", "pass")
    assert Laid not in [type(e) for e in events] and state.hands[0] == (4,)


# ----- going out, coming back, elimination -----------------------------------
def test_going_out_on_your_own_turn():
    state = start([[5], [8, 3], [4, 10, 1]], pile=[6])
    state, events = play(state, "a1:8")
    assert WentOut(0) in events and state.status[0] == OUT and state.leaving == (0,)
    assert state.current == 1 and GAME.scores(state)[0] == 1
    assert all(a.target != 0 for a in GAME.legal_moves(state, 1))


def comeback_table():
    """Seat 1 takes seat 0's last card; seat 2 draws a 13; seat 0 must come back."""
    state = start([[5], [8, 2, 10], [3, 4]], pile=[13, 1, 6], dealer=0)
    assert state.current == 1
    state, _ = play(state, "a0:5")
    assert state.hands[0] == () and state.status[0] == IN
    state, _ = play(state, "a2:11", "pass", "a1:9", "draw")
    assert state.current == 0 and state.phase == ASK and state.hands[2] == (3, 4, 13)
    legal = GAME.legal_moves(state, 0)
    assert legal == tuple(Ask(t, v) for t in (1, 2) for v in VALUES)
    return state


def test_come_back_missed_lie_is_eliminated_keeping_points():
    state = start([[5, 1, 12], [8, 2, 10], [3, 4]], pile=[13, 1, 6], dealer=0)
    state, _ = play(state, "a0:5", "a2:11", "pass", "a1:9", "draw")
    assert GAME.scores(state)[0] == 1
    state, events = play(state, "a1:7")
    assert Missed(0, 1, 7) in events and Eliminated(0) in events
    assert state.status[0] == ELIMINATED and state.leaving == (0,) and GAME.scores(state)[0] == 1
    assert state.current == 1


def test_come_back_hit_then_the_true_pair_goes_out():
    state = comeback_table()
    state, events = play(state, "a2:3")
    assert CameBack(0, 3) in events and SingleShown(0, 3) in events and state.singles[0] == (3,)
    assert GAME.legal_moves(state, 0) == (Ask(1, 10), Ask(2, 10))
    with pytest.raises(IllegalMoveError, match="already used this turn's lie"):
        GAME.apply(state, 0, Ask(1, 2))
    state, events = play(state, "a1:10")
    assert Laid(0, (3, 10), 1) in events and WentOut(0) in events and state.status[0] == OUT


def test_come_back_hit_then_a_deliberate_miss_and_a_draw_plays_on():
    state = comeback_table()
    state, _ = play(state, "a2:3", "a2:10")
    assert state.phase == DRAW
    state, events = play(state, "draw")
    assert state.hands[0] == (1, 3) and state.status[0] == IN and state.current == 1
    assert state.present[0] == (3,)  # the true ask's miss shows the 3 is still held


def test_come_back_hit_on_a_13_lays_it_and_goes_out():
    state = comeback_table()
    state, events = play(state, "a2:13")
    assert CameBack(0, 13) in events and Laid(0, (13,), 1) in events and WentOut(0) in events
    assert state.status[0] == OUT and state.current == 1


def test_come_back_with_no_one_to_ask_is_eliminated():
    # Seat 2 takes both last cards and goes out; seats 0 and 1 are left with nothing to ask for.
    state = start([[5], [2], [8, 11]], pile=[1, 3], dealer=1)
    state, events = play(state, "a0:5", "a1:2")
    assert WentOut(2) in events and Eliminated(0) in events
    assert state.phase == OVER and state.leaving == (2, 0)


def test_turns_go_clockwise_and_skip_players_who_left():
    state = start([[5, 2], [8, 3], [4, 10, 1], [6, 10]], pile=[7, 7], dealer=2)
    order = []
    for _ in range(4):
        order.append(state.current)
        state, _ = play(state, "a" + str((state.current + 1) % 4) + ":13", "pass")
    assert order == [3, 0, 1, 2]


def test_a_hit_that_leaves_no_one_else_with_cards_ends_the_turn():
    state = start([[5, 2], [8]], pile=[1])
    state, events = play(state, "a1:8")
    assert Laid(0, (5, 8), 1) in events
    assert state.current == 1 and state.hands[1] == ()  # seat 1 must now come back
    state, events = play(state, "a0:2")
    assert CameBack(1, 2) in events and state.hands[0] == ()


# ----- the end ----------------------------------------------------------
def test_stalemate_a_whole_round_with_no_card_moving_ends_the_game():
    state = start([[1, 12, 2], [3, 10, 4]])
    state, events = play(state, "a1:11")
    assert not GAME.is_over(state)
    state, events = play(state, "a0:9")
    assert GAME.is_over(state) and GAME.to_move(state) == ()
    assert events[-1] == GameOver((1, 1), (), (0, 1))  # both in play to the end: a shared win
    assert state.hands == ((2,), (4,))  # cards still in hand score nothing


def test_a_quiet_round_while_the_pile_lasts_forces_the_next_miss_to_draw():
    # The example of the rules file: three declined draws no longer end the game with cards in the pile.
    state = GAME.new_game(3, {}, 1, {"dealer": 2, "hands": [[2, 5], [3, 7], [8, 4]], "pile": [1, 6]})[0]
    state, _ = play(state, "a1:11", "pass", "a2:10", "pass", "a0:9", "pass")
    assert not GAME.is_over(state) and state.current == 0 and len(state.pile) == 2
    state, _ = play(state, "a1:1")  # a miss: after a whole quiet round it must draw
    assert state.phase == DRAW and GAME.legal_moves(state, 0) == (Draw(),)
    with pytest.raises(IllegalMoveError, match="must draw"):
        GAME.apply(state, 0, Pass())
    state, events = play(state, "draw")
    assert any(isinstance(e, Drew) for e in events) and state.quiet == 0, "a card moved: passing is allowed again"
    state, _ = play(state, "a2:1")
    assert state.phase == DRAW and GAME.legal_moves(state, 1) == (Draw(), Pass())


def test_a_quiet_round_ends_the_game_once_the_pile_is_empty():
    state = start([[2], [4]], pile=[6])
    state, _ = play(state, "a1:11", "pass", "a0:9", "pass")
    assert not GAME.is_over(state)
    state, _ = play(state, "a1:11", "draw")  # the forced draw empties the pile
    assert not state.pile and not GAME.is_over(state)
    state, _ = play(state, "a0:9", "a1:11")  # a quiet round with nothing left to draw
    assert GAME.is_over(state) and state.hands == ((2, 6), (4,))


def test_a_hit_resets_the_round_count():
    state = start([[2, 5], [4, 8, 1]])
    state, _ = play(state, "a1:11")  # quiet turn
    state, _ = play(state, "a0:5", "a0:12")  # hit, then a miss
    state, _ = play(state, "a1:11")  # quiet again, but seat 1's hit broke the round
    assert not GAME.is_over(state)


def test_every_card_laid_ends_the_game():
    state = start([[5, 2], [8, 11]])
    state, events = play(state, "a1:8", "a1:11")
    assert GAME.is_over(state) and isinstance(events[-1], GameOver)


def test_tie_on_points_goes_to_the_player_who_stayed_in_play_longer():
    state = start([[5], [8, 2], [4, 11, 6]], pile=[1])
    state, _ = play(state, "a1:8")  # seat 0 out, 1 point, turn 1
    state, _ = play(state, "a2:11")  # seat 1 out, 1 point, turn 2
    assert GAME.is_over(state)  # only seat 2 is left in play
    assert GAME.scores(state) == (1, 1, 0) and state.leaving == (0, 1)
    assert GAME.winners(state) == (1,)
    view = GAME.view(state, 2)  # both tables, for the results screen
    assert view.points == (1, 1, 0) and view.leaving == (0, 1) and view.left_at == (1, 2, None)


def test_most_points_wins_even_when_out_early():
    state = start([[5, 1, 12], [8, 2], [4, 11, 6]], pile=[1])
    state, _ = play(state, "a1:8", "a2:11")
    assert GAME.winners(state) == (0,)


# ----- notation and setup ----------------------------------------------------
@pytest.mark.parametrize("text", ["a2:8", "a0:13", "a1:6.5", "a7:1", "draw", "pass"])
def test_move_text_round_trips(text):
    assert GAME.parse_move(text).text() == text


def test_half_can_be_written_with_the_fraction_sign():
    assert GAME.parse_move("a1:6½") == Ask(1, HALF)


@pytest.mark.parametrize("text", ["", "a", "a1", "a1:", "a1:0", "a1:14", "a1:6.6", "a01:5", "a1:05", "b1:5",
                                  "Draw", "a-1:5", "a1:5 "])
def test_unreadable_moves_are_refused(text):
    with pytest.raises(MoveParseError, match="not a Thirteen move"):
        GAME.parse_move(text)


def test_refused_moves_say_why():
    state = start([[5, 2], [8, 3], [4, 10]], pile=[6])
    for move, message in [(Ask(0, 8), "cannot ask yourself"), (Ask(5, 8), "no seat 5"), (Draw(), "only after"),
                          (Pass(), "only after")]:
        with pytest.raises(IllegalMoveError, match=message):
            GAME.apply(state, 0, move)
    with pytest.raises(IllegalMoveError, match="not seat 1's turn"):
        GAME.apply(state, 1, Ask(0, 8))
    state, _ = play(state, "a1:12")
    with pytest.raises(IllegalMoveError, match="draw or pass"):
        GAME.apply(state, 0, Ask(1, 8))
    empty = start([[5, 2], [8], [4, 10]], pile=[6])
    empty, _ = play(empty, "a1:8")
    with pytest.raises(IllegalMoveError, match="holds no cards"):
        GAME.apply(empty, 0, Ask(1, 3))


@pytest.mark.parametrize(
    "setup, message",
    [
        ({"hands": [[1], [2]], "pile": []}, "exactly the keys"),
        ({"dealer": 2, "hands": [[1], [2]], "pile": []}, "dealer must be a seat from 0 to 1"),
        ({"dealer": True, "hands": [[1], [2]], "pile": []}, "dealer"),
        ({"dealer": 0, "hands": [[1]], "pile": []}, "must list 2 hands"),
        ({"dealer": 0, "hands": [[1], 2], "pile": []}, "hand 1 must be a list"),
        ({"dealer": 0, "hands": [[1], [2]], "pile": 3}, "pile must be a list"),
        ({"dealer": 0, "hands": [[1], [14]], "pile": []}, "hand 1: 14 is not a card"),
        ({"dealer": 0, "hands": [[1], [6.4]], "pile": []}, "6.4 is not a card"),
        ({"dealer": 0, "hands": [[1], ["x"]], "pile": []}, "'x' is not a card"),
        ({"dealer": 0, "hands": [[True], [1]], "pile": []}, "True is not a card"),
        ({"dealer": 0, "hands": [[1, 1, 1], [1]], "pile": [1]}, "more 1s than one deck holds"),
        ({"dealer": 0, "hands": [[HALF], [HALF]], "pile": ["6½"]}, "more 6.5s"),
    ],
)
def test_bad_setups_are_refused_in_one_line(setup, message):
    with pytest.raises(SetupError, match=message):
        GAME.new_game(2, {}, 1, setup)[0]


def test_setup_cards_not_named_are_set_aside():
    state = start([[5, 2], [8, 3]], pile=[6])
    assert len(state.aside) == 54 - 5
    assert GAME.view(state, 1).aside == state.aside


def test_a_position_that_repeats_with_no_card_laid_or_drawn_ends_the_game():
    # Seeded rule-based players reach two seats with one card between them, each
    # taking it back by a come-back lie: without the repetition end this never stops.
    from fiftyfifty_desktop.ai import make_agent
    from fiftyfifty_desktop.engine.match import play_out

    from .contract import computer_record

    agents = {seat: make_agent("medium", GAME, seat, 10) for seat in range(4)}
    match = play_out(GAME, computer_record(GAME, 4, 10), agents)
    state = match.full_state()
    assert GAME.is_over(state) and match.moves_made < 200
    assert state.pile and any(state.hands), "it ended by repetition, not by running out of cards"
    assert any(hands == state.hands and singles == state.singles for _, hands, singles in state.positions)
