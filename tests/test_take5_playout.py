"""1,000+ seeded random Take 5 games, with invariants after every move."""

import pytest

from fiftyfifty_desktop.engine.records import parse_record, replay
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.games.take5 import BULLHEADS, GAME, ROW_LIMIT, deck_for

from .contract import random_playout


def invariant(state):
    if state.phase == "over":
        assert not any(state.hands) and not any(state.piles), "the last round was scored and cleared"
        return
    deck = deck_for(state.players, state.variant)
    placing = tuple(card for _, card in state.placing)
    held = [c for group in (*state.hands, *state.rows, *state.piles, state.stock, state.pool, placing) for c in group]
    assert sorted(held) == list(deck), "every card is in a hand, a row, a pile, the stock, the draft or being placed"
    assert all(len(row) <= ROW_LIMIT for row in state.rows)
    assert all(list(row) == sorted(row) for row in state.rows)
    assert all(list(h) == sorted(h) for h in state.hands)
    assert len({len(h) for h in state.hands}) == 1 or state.phase == "draft" or state.placing
    totals = tuple(sum(r[s] for r in state.history) for s in range(state.players))
    assert state.banked == totals, "banked totals are the sum of the finished rounds"
    assert GAME.scores(state) == tuple(b + sum(BULLHEADS[c] for c in p) for b, p in zip(state.banked, state.piles))
    for seat, card in state.placing:
        assert card not in state.hands[seat]


CASES = [(players, variant, seed) for players in range(2, 11) for variant in ("standard", "professional")
         if variant == "standard" or players <= 6 for seed in range(72)]


@pytest.mark.parametrize("players, variant", sorted({(p, v) for p, v, _ in CASES}))
def test_random_games_keep_every_invariant(players, variant):
    seeds = [seed for p, v, seed in CASES if (p, v) == (players, variant)]
    for seed in seeds:
        state, record = random_playout(GAME, players, seed, {"variant": variant}, invariant)
        assert GAME.is_over(state)
        assert max(GAME.scores(state)) >= state.target
        again = replay(parse_record(record.to_json(), GAMES), GAMES).state
        assert again == state


def test_playout_covers_a_thousand_games():
    assert len(CASES) >= 1000
