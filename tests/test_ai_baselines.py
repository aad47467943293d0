"""The outside baselines play as their descriptions say, on fixed positions."""

from __future__ import annotations

import pytest

from fiftyfifty_desktop.ai import PlayerError, decision_source, make_agent
from fiftyfifty_desktop.engine import evolve
from fiftyfifty_desktop.games.take5 import Play, TakeRow
from fiftyfifty_desktop.registry import GAMES

TAKE5 = GAMES["take5"]
#: Row ends 10, 20, 30 (3 bullheads each) and a full row 40..44 (11 bullheads).
ROWS = [[10], [20], [30], [40, 41, 42, 43, 44]]


def take5_view(hand, rows=ROWS, players=4):
    others = [c for c in range(60, 105)]
    hands = [hand] + [others[i * len(hand):(i + 1) * len(hand)] for i in range(players - 1)]
    state = TAKE5.new_game(players, {}, 1, setup={"hands": hands, "rows": rows})[0]
    return TAKE5.view(state, 0), TAKE5.legal_moves(state, 0)


@pytest.mark.parametrize("hand, card", [
    ([5, 11, 25, 45], 11),  # 11 and 25 cost nothing now: the lower
    ([5, 45], 5),  # a low card costs the cheapest row (3), the full row costs 11
    ([45, 46], 45),  # equal costs: the lower card
    ([1, 2, 3], 1),
])
def test_take5_greedy_plays_the_least_immediate_penalty(hand, card):
    view, legal = take5_view(hand)
    assert make_agent("greedy", TAKE5, 0, 1).choose(view, legal, ()) == Play(card)


def test_take5_greedy_takes_the_cheapest_row_the_first_of_equals():
    rows = [[40, 41, 42, 43, 44], [20], [30], [10]]
    state = TAKE5.new_game(2, {}, 1, setup={"hands": [[5, 50], [60, 70]], "rows": rows})[0]
    state, _ = TAKE5.apply(state, 0, Play(5))
    state, _ = TAKE5.apply(state, 1, Play(60))
    legal = TAKE5.legal_moves(state, 0)
    assert make_agent("greedy", TAKE5, 0, 1).choose(TAKE5.view(state, 0), legal, ()) == TakeRow(1)


def test_take5_mc_sees_past_the_immediate_penalty():
    # 24 and 31 are both free now (greedy: the lower); but 24 makes its row five long,
    # so the next card there takes it. The mc player plays the deal out and keeps 24.
    rows = [[10, 11, 12, 13], [20, 21, 22, 23], [30], [90]]
    view, legal = take5_view([5, 24, 31, 95], rows)
    assert make_agent("greedy", TAKE5, 0, 1).choose(view, legal, ()) == Play(24)
    chosen = [make_agent("mc:32", TAKE5, 0, seed).choose(view, legal, ()) for seed in (1, 2)]
    assert chosen == [Play(31), Play(31)]
    assert make_agent("mc:32", TAKE5, 0, 1).choose(view, legal, ()) == chosen[0]  # the same seed, the same card


def test_fiftyfifty_greedy_avoids_halves_and_keeps_to_the_middle():
    game = GAMES["fiftyfifty"]
    state = game.new_game(4, {}, 5)[0]
    view = evolve(game.view(state, 2), seat=2, hand=(2, 11, 21, 24, 30, 36, 37, 40, 50), mood=(6, 3),
                  trick=((1, 47),))
    legal = tuple(game.parse_move(f"p{c}") for c in view.hand)
    # 50 takes 6 blue; every lower card takes 3 yellow as things lie: the one nearest 25.5.
    assert make_agent("greedy", game, 2, 1).choose(view, legal, ()).text() == "p24"
    holding_blue = evolve(view, halves=((0, 0), (0, 0), (3, 0), (0, 0)))
    assert make_agent("greedy", game, 2, 1).choose(holding_blue, legal, ()).text() == "p24"  # 3 blue - 3 yellow = 0


def test_fiftyfive_greedy_wins_the_trick_as_cheaply_as_it_can():
    game = GAMES["fiftyfive"]
    agent = make_agent("greedy", game, 1, 1)
    state = game.new_game(4, {}, 5)[0]
    base = evolve(game.view(state, 1), seat=1, phase="play", trump=0, cards=(0, 6, 11, 40, 48))
    legal = tuple(game.parse_move(t) for t in ("AH", "7H", "QH", "2S", "10S"))
    assert agent.choose(base, legal, ()).text() == "AH"  # leading: its most powerful card
    spades = tuple(m for m in legal if m.text() in ("2S", "10S"))
    led = evolve(base, trick=((0, game.parse_move("5S").card),))
    assert agent.choose(led, spades, ()).text() == "2S"  # in a black suit the 2 beats the 5, the 10 does not
    kings = evolve(base, trick=((0, game.parse_move("KS").card),))
    assert agent.choose(kings, spades, ()).text() == "10S"  # nothing wins: the least valuable card


def test_thirteen_greedy_asks_for_the_surest_pair():
    game = GAMES["thirteen"]
    state = game.new_game(4, {}, 5)[0]
    agent = make_agent("greedy", game, 1, 1)
    view = game.view(state, 1)
    legal = game.legal_moves(state, 1)
    first = agent.choose(view, legal, ())
    assert first.text() == "a3:7"  # no one known to hold anything: the largest hand, the first true ask
    single = evolve(view, singles=((), (), (11,), ()))
    assert agent.choose(single, legal, ()).text() == "a2:11"  # a face-up single pairs its 2 for certain


@pytest.mark.parametrize("name, message", [
    ("mc:0", "mc needs a number of worlds from 1"), ("mc:x", "like mc:64"), ("mc:", "like mc:64"),
])
def test_bad_mc_names_are_one_line_errors(name, message):
    with pytest.raises(PlayerError, match=message):
        make_agent(name, TAKE5, 0, 1)
    with pytest.raises(PlayerError, match=message):
        make_agent(name, GAMES["thirteen"], 0, 1)


def greedy_position(game_id, seed, decisions):
    """A game played ``decisions`` moves on by greedy players, with the seat to move, its legal moves and its earlier views."""
    game = GAMES[game_id]
    state = game.new_game(4, {}, seed)[0]
    seen = [[] for _ in range(4)]
    for _ in range(decisions):
        seat = game.to_move(state)[0]
        legal = game.legal_moves(state, seat)
        view = game.view(state, seat)
        state, _ = game.apply(state, seat, make_agent("greedy", game, seat, seed).choose(view, legal, ()))
        seen[seat].append(view)
    seat = game.to_move(state)[0]
    return game, state, seat, game.legal_moves(state, seat), tuple(seen[seat])


def best_mean_by_hand(game, view, legal, seat, seed, seen, worlds, horizon):
    """mc:W's move worked out step by step: every legal move in each world, greedy seats to the deal's end,
    its gain minus the others' mean gain, the first best mean."""
    source = decision_source(seed, seat, len(seen))
    totals = [0.0] * len(legal)
    for _ in range(worlds):
        world = game.determinize(view, source)
        for index, move in enumerate(legal):
            state, _ = game.apply(world, seat, move)
            while game.to_move(state) and horizon(state) == horizon(world):
                mover = game.to_move(state)[0]
                moves = game.legal_moves(state, mover)
                greedy = make_agent("greedy", game, mover, seed)
                move_now = moves[0] if len(moves) == 1 else greedy.choose(game.view(state, mover), moves, ())
                state, _ = game.apply(state, mover, move_now)
            gains = [a - b for a, b in zip(game.scores(state), game.scores(world))]
            sign = -1 if game.lower_score_wins else 1
            totals[index] += sign * (gains[seat] - (sum(gains) - gains[seat]) / (len(gains) - 1))
    return legal[max(range(len(legal)), key=totals.__getitem__)], totals


@pytest.mark.parametrize("game_id, decisions, horizon", [
    ("fiftyfifty", 9, lambda state: state.hand_no),
    ("fiftyfive", 14, lambda state: state.hand),
])
def test_mc_plays_the_best_mean_of_greedy_rollouts_in_uniform_worlds(game_id, decisions, horizon):
    game, state, seat, legal, seen = greedy_position(game_id, 4, decisions)
    view = game.view(state, seat)
    expected, totals = best_mean_by_hand(game, view, legal, seat, 4, seen, 6, horizon)
    assert len(legal) > 1 and len(set(totals)) > 1  # a real choice
    assert make_agent("mc:6", game, seat, 4).choose(view, legal, seen) == expected


@pytest.mark.parametrize("game_id", ["fiftyfifty", "fiftyfive", "thirteen"])
def test_mc_is_deterministic_and_reads_only_the_view(game_id):
    game, state, seat, legal, seen = greedy_position(game_id, 2, 5)
    view = game.view(state, seat)
    others = [s for s in range(4) if s != seat]
    # The others' hidden cards changed between them: the same view, so the same move.
    a, b = others[0], others[1]
    if len(state.hands[a]) == len(state.hands[b]) and game_id != "thirteen":
        hands = list(state.hands)
        hands[a], hands[b] = hands[b], hands[a]
        swapped = evolve(state, hands=tuple(hands))
        assert game.view(swapped, seat) == view
    chosen = {make_agent("mc:3", game, seat, 9).choose(view, legal, seen) for _ in range(2)}
    assert len(chosen) == 1 and chosen <= set(legal)


def test_mc_leaves_a_fifty_five_discard_to_greedy():
    game = GAMES["fiftyfive"]
    state = game.new_game(4, {}, 1)[0]
    for _ in range(400):
        if state.phase == "discard":
            break
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, seat, make_agent("greedy", game, seat, 1).choose(
            game.view(state, seat), game.legal_moves(state, seat), ()))
    assert state.phase == "discard"
    seat = game.to_move(state)[0]
    view, legal = game.view(state, seat), game.legal_moves(state, seat)
    assert make_agent("mc:2", game, seat, 1).choose(view, legal, ()) == \
        make_agent("greedy", game, seat, 1).choose(view, legal, ())


#: mc:4's moves at fixed positions (seeds 1–3, after 2, 11, 19 and 28 greedy moves; None: a single legal
#: move), as the Monte Carlo chose them when its world loop was written twice (once for Thirteen's compact
#: rollouts): its single loop with a playout hook must choose the same.
MC_PINNED = {
    "fiftyfifty": ["Play(card=30)", "Play(card=41)", "Play(card=48)", "Play(card=48)", "Play(card=29)",
                   "Play(card=2)", "Play(card=37)", "Play(card=42)", "Play(card=41)", "Play(card=8)",
                   "Play(card=39)", "Play(card=43)"],
    "fiftyfive": ["Bid(amount=10)", "Bid(amount=10)", "Bid(amount=10)", "Bid(amount=10)", "Bid(amount=15)",
                  "Pass()", None, "Play(card=23)", "Bid(amount=10)", "Play(card=44)", "Play(card=1)", None],
    "thirteen": ["Ask(target=1, value=5)", "Ask(target=0, value=2)", "Ask(target=1, value=1)", "Draw()",
                 "Ask(target=2, value=4)", "Pass()", "Draw()", "Ask(target=0, value=13)",
                 "Ask(target=3, value=3)", "Draw()", "Pass()", "Ask(target=2, value=2)"],
}


@pytest.mark.parametrize("game_id", sorted(MC_PINNED))
def test_mc_chooses_as_it_always_did_at_fixed_positions(game_id):
    chosen = []
    for seed in (1, 2, 3):
        for decisions in (2, 11, 19, 28):
            game, state, seat, legal, seen = greedy_position(game_id, seed, decisions)
            move = make_agent("mc:4", game, seat, seed).choose(game.view(state, seat), legal, seen)
            chosen.append(repr(move) if len(legal) > 1 else None)
    assert chosen == MC_PINNED[game_id]
