"""1,000+ seeded Fifty-Five games with random play, invariants after every move."""

import pytest

from fiftyfifty_desktop.ai import decision_source
from fiftyfifty_desktop.engine.records import parse_record, replay
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.games.fiftyfive import GAME
from fiftyfifty_desktop.games.fiftyfive.parts import ALL_TRICKS_BID, HAND_SIZE, Bid, Pass, TEAM_SEATINGS

from .contract import random_playout


class CarefulRandomAgent:
    """Plays, discards and names trumps uniformly at random, but bids with care.

    Random card play makes almost every bid fail, so uniform bidding sends
    every score down and the game never reaches its target. This agent
    passes most of the time, otherwise holds or makes the lowest bid, and
    bids 60 only now and then, so every kind of call still occurs.
    """

    def __init__(self, seed: int, seat: int) -> None:
        self._seed, self._seat = seed, seat

    def choose(self, view, legal, seen):
        self._source = decision_source(self._seed, self._seat, len(seen))
        if legal[0] != Pass():
            return legal[int(self._source.random() * len(legal))]
        roll = self._source.random()
        if roll < 0.01 and Bid(ALL_TRICKS_BID) in legal:
            return Bid(ALL_TRICKS_BID)
        modest = [m for m in legal[1:3] if m != Bid(ALL_TRICKS_BID)]
        if roll < 0.2 and modest:
            return modest[int(self._source.random() * len(modest))]
        return legal[0]


def invariant(state):
    played = [c for trick in state.tricks + (state.trick,) for _, c in trick]
    every = [c for group in (*state.hands, state.kitty, state.discards, state.stock, played) for c in group]
    assert sorted(every) == list(range(52)), "every card is in a hand, the kitty, the discards, a trick or the stock"
    assert len(state.discards) <= HAND_SIZE and len(state.stock) == 52 - HAND_SIZE * (state.players + 1)
    settled = [0] * len(state.totals)
    for hand in state.history:
        if hand.bidder < 0:
            assert hand.points == hand.settlement == (0,) * len(state.totals)
            continue
        assert sum(hand.points) == (30 if hand.best_trump is not None else 25), "30 points are out (25 without a trump)"
        bidder_side = GAME.side(state, hand.bidder)
        for side, (points, change) in enumerate(zip(hand.points, hand.settlement)):
            if side != bidder_side:
                assert change == points
            elif hand.bid == ALL_TRICKS_BID:
                assert change == (60 if hand.made else -60)
            else:
                assert change == (points if points >= hand.bid else -hand.bid)
                assert hand.made == (points >= hand.bid)
            settled[side] += change
    assert list(state.totals) == settled, "the totals are the sum of the settlements"
    if GAME.is_over(state):
        assert state.totals[state.winner] >= state.target
        assert not any(state.hands)


#: Seeds per table size: a game lasts about players² moves, so large tables get fewer.
SEEDS = {2: 160, 3: 160, 4: 160, 5: 70, 6: 70, 7: 25, 8: 25, 9: 25}
CASES = [(players, teams) for players in range(2, 10) for teams in (1, *TEAM_SEATINGS.get(players, ()))]


@pytest.mark.parametrize("players, teams", CASES)
def test_random_games_keep_every_invariant(players, teams):
    for seed in range(SEEDS[players]):
        state, record = random_playout(GAME, players, seed, {"teams": teams}, invariant, CarefulRandomAgent)
        assert GAME.is_over(state)
        assert GAME.winners(state)
        again = replay(parse_record(record.to_json(), GAMES), GAMES).state
        assert again == state


def test_playout_covers_a_thousand_games():
    assert sum(SEEDS[players] for players, _ in CASES) >= 1000
