"""Take 5 rules, including every worked example of docs/rules/take5.md."""

import pytest

from fiftyfifty_desktop.engine import IllegalMoveError, MoveParseError, OptionError, SetupError
from fiftyfifty_desktop.games.take5 import (
    GAME,
    BULLHEADS,
    CardPlaced,
    Committed,
    Draft,
    LowCard,
    Play,
    Revealed,
    RoundScored,
    RowTaken,
    TakeRow,
    bullheads,
    low_card,
    penalty_points,
    penalty_totals,
)


def start(hands, rows, players=None, **options):
    return GAME.new_game(players or len(hands), options, seed=1, setup={"hands": hands, "rows": rows})[0]


def play_all(state, cards):
    """Every seat commits its card; returns the state and all events."""
    events = []
    for seat, card in enumerate(cards):
        state, new = GAME.apply(state, seat, Play(card))
        events.extend(new)
    return state, events


def test_bullhead_counts_match_the_rules():
    counts = {}
    for card in range(1, 105):
        counts[bullheads(card)] = counts.get(bullheads(card), 0) + 1
    assert counts == {7: 1, 5: 8, 3: 10, 2: 9, 1: 76}
    assert sum(BULLHEADS) == 171


def test_worked_example_lowest_first_closest_lower_end():
    # Rows end on 3, on 40 (17 < X < 58), on 58 and on 96.
    state = start([[4, 50], [17, 51], [90, 52], [93, 53]], [[3], [40], [58], [96]])
    state, events = play_all(state, [4, 17, 90, 93])
    assert [e for e in events if isinstance(e, Revealed)] == [Revealed(((0, 4), (1, 17), (2, 90), (3, 93)))]
    placed = [(e.card, e.row) for e in events if isinstance(e, CardPlaced)]
    assert placed == [(4, 0), (17, 0), (90, 2), (93, 2)]
    assert state.rows == ((3, 4, 17), (40,), (58, 90, 93), (96,))


def test_worked_example_low_card_takes_a_chosen_row():
    state = start([[2, 60], [70, 61], [80, 62]], [[10], [20], [30], [96]])
    state, events = play_all(state, [2, 70, 80])
    assert LowCard(0, 2) in events
    assert GAME.to_move(state) == (0,)
    assert GAME.legal_moves(state, 0) == tuple(TakeRow(r) for r in range(4))
    assert GAME.legal_moves(state, 1) == ()
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, Play(60))
    # The player takes the bottom row ending in 96; the 2 starts it; the rest follow.
    state, events = GAME.apply(state, 0, TakeRow(3))
    assert events[0] == RowTaken(0, 3, (96,), 1)
    assert state.rows[3] == (2,)
    assert state.rows[2] == (30, 70, 80)
    assert GAME.scores(state) == (1, 0, 0)


def test_row_choice_sees_the_cards_placed_before_it():
    # Two low cards: the second chooser sees the first one's new row.
    state = start([[1, 50], [2, 51]], [[10], [20], [30], [40]])
    state, _ = play_all(state, [1, 2])
    state, _ = GAME.apply(state, 0, TakeRow(0))
    # 2 now follows the 1 that was just placed: no second choice is needed.
    assert state.phase == "choose"
    assert state.rows[0] == (1, 2)


def test_worked_example_sixth_card_takes_the_row():
    state = start([[74, 1], [5, 2]], [[69, 70, 71, 72, 73], [80], [90], [3]], players=2)
    state, events = play_all(state, [74, 5])
    taken = [e for e in events if isinstance(e, RowTaken)]
    assert taken == [RowTaken(0, 0, (69, 70, 71, 72, 73), 1 + 3 + 1 + 1 + 1)]
    assert state.rows[0] == (74,)
    assert state.piles[0] == (69, 70, 71, 72, 73)
    assert GAME.scores(state)[0] == 7



def test_every_seat_and_a_spectator_see_who_must_take_a_row_and_the_running_totals():
    state = start([[2, 60], [70, 61], [80, 62]], [[10], [20], [30], [96, 97]])
    assert low_card(GAME.view(state, None)) is None
    state, _ = play_all(state, [2, 70, 80])
    views = [GAME.view(state, seat) for seat in (None, 0, 1, 2)]
    assert {low_card(v) for v in views} == {(0, 2)}
    state, _ = GAME.apply(state, 0, TakeRow(3))
    views = [GAME.view(state, seat) for seat in (None, 0, 1, 2)]
    assert {low_card(v) for v in views} == {None}
    assert {penalty_totals(v) for v in views} == {GAME.scores(state)} == {(penalty_points((96, 97)), 0, 0)}
    assert views[0].hand == () and views[0].chosen is None  # a spectator holds no hand

def test_commitments_are_secret_and_final():
    state = start([[10, 11], [20, 21], [30, 31]], [[1], [2], [3], [4]])
    state, events = GAME.apply(state, 1, Play(21))
    assert events == (Committed(1),)
    assert GAME.to_move(state) == (0, 2)
    other = GAME.view(state, 0)
    assert other.committed == (False, True, False)
    assert other.chosen is None and "21" not in repr(other)
    assert GAME.view(state, 1).chosen == 21
    with pytest.raises(IllegalMoveError, match="already chosen"):
        GAME.apply(state, 1, Play(20))
    with pytest.raises(IllegalMoveError, match="not in this hand"):
        GAME.apply(state, 0, Play(30))


def test_round_ends_scores_and_game_ends_at_target_with_shared_win():
    # One-card hands make one-turn rounds.
    state = start([[12], [13]], [[1, 2, 3, 4, 11], [90], [95], [100]], players=2, target=5)
    state, events = play_all(state, [12, 13])
    # 12 takes the full row (1+1+1+1+5 = 9 bullheads); 13 follows the 12.
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert scored == [RoundScored(1, (9, 0), (9, 0))]
    assert GAME.is_over(state)
    assert GAME.winners(state) == (1,)

    # Both reach the target of 5 in one round with 5 bullheads each: a shared win.
    state = start([[1], [63]], [[44], [56, 57, 58, 59, 62], [70], [80]], players=2, target=5)
    state, _ = play_all(state, [1, 63])
    assert not GAME.is_over(state)
    state, events = GAME.apply(state, 0, TakeRow(0))  # 44 -> 5; then 63 takes the full row -> 5
    assert GAME.is_over(state)
    assert GAME.scores(state) == (5, 5)
    assert GAME.winners(state) == (0, 1)
    assert GAME.to_move(state) == ()


def test_a_new_round_is_dealt_below_the_target():
    state = start([[50], [60]], [[1], [2], [3], [4]], players=2)
    state, events = play_all(state, [50, 60])
    assert state.round == 2 and state.turn == 1
    assert all(len(h) == 10 for h in state.hands)
    assert len(state.rows) == 4 and all(len(r) == 1 for r in state.rows)


def test_professional_draft_is_open_and_uses_ten_per_player_plus_four():
    state = GAME.new_game(3, {"variant": "professional"}, seed=4)[0]
    assert state.phase == "draft"
    assert state.pool == tuple(range(1, 35))
    order = []
    while state.phase == "draft":
        seat = GAME.to_move(state)[0]
        order.append(seat)
        legal = GAME.legal_moves(state, seat)
        assert legal == tuple(Draft(c) for c in state.pool)
        state, _ = GAME.apply(state, seat, legal[-1])  # take the highest open card
    assert order == [0, 1, 2] * 10
    assert [len(h) for h in state.hands] == [10, 10, 10]
    assert state.rows == ((1,), (2,), (3,), (4,))
    view = GAME.view(state, 2)
    assert view.open_hands == state.hands


def test_standard_view_hides_other_hands_and_the_stock():
    state = GAME.new_game(4, {}, seed=8)[0]
    view = GAME.view(state, 2)
    assert view.hand == state.hands[2]
    assert view.open_hands is None
    text = repr(view)
    for seat in (0, 1, 3):
        assert view.hand_sizes[seat] == 10
    assert not hasattr(view, "stock") and not hasattr(view, "rng") and not hasattr(view, "hands")
    assert "stock" not in text


def test_options_and_player_counts_are_checked():
    with pytest.raises(OptionError, match="2 to 10"):
        GAME.new_game(11, {}, 1)[0]
    with pytest.raises(OptionError, match="variant"):
        GAME.new_game(4, {"variant": "fast"}, 1)[0]
    with pytest.raises(OptionError, match="no option"):
        GAME.new_game(4, {"speed": 3}, 1)[0]
    assert GAME.new_game(4, {"target": "100"}, 1)[0].target == 100


@pytest.mark.parametrize(
    "setup, message",
    [
        ({"hands": [[1], [2]]}, "exactly the keys"),
        ({"hands": [[1], [2], [3]], "rows": [[4], [5], [6], [7]]}, "2 hands"),
        ({"hands": [[1], [1]], "rows": [[4], [5], [6], [7]]}, "twice"),
        ({"hands": [[1], [2, 3]], "rows": [[4], [5], [6], [7]]}, "same number"),
        ({"hands": [[1], [2]], "rows": [[9, 5], [5], [6], [7]]}, "rising"),
        ({"hands": [[1], [200]], "rows": [[4], [5], [6], [7]]}, "1 to 104"),
    ],
)
def test_bad_setups_are_refused(setup, message):
    with pytest.raises(SetupError, match=message):
        GAME.new_game(2, {}, 1, setup)[0]


@pytest.mark.parametrize("text", ["p1", "p104", "r1", "r4", "d17"])
def test_move_text_round_trips(text):
    assert GAME.parse_move(text).text() == text


@pytest.mark.parametrize("text", ["", "p", "p0", "p105", "r0", "r5", "x3", "p07", "p 5", "r-1"])
def test_unreadable_moves_are_refused(text):
    with pytest.raises(MoveParseError, match="not a Take 5 move"):
        GAME.parse_move(text)


@pytest.mark.parametrize("players", [7, 10])
def test_the_professional_variant_is_for_two_to_six_players(players):
    # The seed: "da due a sei giocatori".
    with pytest.raises(OptionError) as refused:
        GAME.new_game(players, {"variant": "professional"}, 1)
    assert str(refused.value) == f"the professional variant is for 2 to 6 players, not {players}"
    assert GAME.new_game(6, {"variant": "professional"}, 1)[0].phase == "draft"
