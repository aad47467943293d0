"""The computer players: legal, reproducible, within budget, cancellable."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fiftyfifty_desktop.ai import LADDER, SearchAgent, make_agent
from fiftyfifty_desktop.ai.search import SearchSettings, Slipping, chance_to_lead
from fiftyfifty_desktop.engine.recall import Recall
from fiftyfifty_desktop.registry import ENTRY, GAMES

PLAYABLE = sorted(game_id for game_id in GAMES if ENTRY[game_id].rule_player is not None)
FOUR = 4


def quick_hard(game, seat, seed, worlds=2):
    """A hard player held to a few worlds so tests stay fast and exact."""
    agent = make_agent("hard", game, seat, seed)
    agent.settings = dataclasses.replace(agent.settings, worlds=worlds)
    return agent


def play(game, seed, agents, limit=None):
    """Play a whole game (or its first ``limit`` moves), each seat handed its decisions as a match
    hands them, checking every choice is legal; return the moves."""
    state = game.new_game(len(agents), {}, seed)[0]
    recall = Recall(game, state)
    moves = []
    for _ in range(limit or 20_000):
        seats = game.to_move(state)
        if not seats:
            return moves
        seat = seats[0]
        decision = recall.decision(seat)
        move = agents[seat].choose(decision.view, decision.legal, decision.seen)
        assert move in decision.legal, f"{game.id}: seat {seat} chose {move} outside {decision.legal}"
        state, _ = game.apply(state, seat, move)
        recall.observe(state, seat)
        moves.append((seat, move.text()))
    assert limit is not None, "the game did not end"
    return moves


def test_every_game_has_every_strength():
    assert set(LADDER) == {"random", "medium", "hard"}
    assert set(PLAYABLE) == set(GAMES)
    assert all(ENTRY[game_id].load("search") is not None for game_id in GAMES)


@pytest.mark.parametrize("game_id", PLAYABLE)
@pytest.mark.parametrize("seed", range(6))
def test_medium_plays_only_legal_moves(game_id, seed):
    game = GAMES[game_id]
    play(game, seed, [make_agent("medium" if s % 2 == 0 else "random", game, s, seed) for s in range(FOUR)])


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_hard_plays_only_legal_moves(game_id):
    game = GAMES[game_id]
    play(game, 3, [quick_hard(game, 0, 3)] + [make_agent("medium", game, s, 3) for s in range(1, FOUR)], limit=150)


@pytest.mark.parametrize("game_id", PLAYABLE)
@pytest.mark.parametrize("player", ["medium", "hard"])
def test_same_seed_same_choices(game_id, player):
    game = GAMES[game_id]

    def agents():
        return [quick_hard(game, 0, 11) if player == "hard" else make_agent(player, game, 0, 11)] + [
            make_agent("medium", game, s, 11) for s in range(1, FOUR)]

    assert play(game, 11, agents(), limit=100) == play(game, 11, agents(), limit=100)


def a_decision(game_id, seed=5):
    """A view with several legal moves for seat 0, early in a game."""
    game = GAMES[game_id]
    state = game.new_game(FOUR, {}, seed)[0]
    random_agents = [make_agent("random", game, s, seed) for s in range(FOUR)]
    while True:
        seat = game.to_move(state)[0]
        legal = game.legal_moves(state, seat)
        if len(legal) > 2:
            return game, seat, game.view(state, seat), legal
        state, _ = game.apply(state, seat, random_agents[seat].choose(None, legal, ()))


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_hard_has_no_time_limit_unless_asked(game_id):
    assert make_agent("hard", GAMES[game_id], 0, 1).settings.budget is None


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_an_opt_in_time_cap_stops_the_search_and_says_so(game_id):
    game, seat, view, legal = a_decision(game_id)
    agent = make_agent("hard", game, seat, 1)
    agent.settings = dataclasses.replace(agent.settings, worlds=100_000, budget=0.02)
    readings = iter(range(1_000_000))
    agent.clock = lambda: next(readings) * 0.001  # a millisecond passes at each reading
    assert agent.choose(view, legal, ()) in legal
    assert 0 < agent.last_worlds < 100_000 and agent.capped == 1
    assert next(readings) < 100  # stopped within a few readings past the cap


def test_a_slow_clock_does_not_change_the_choice(monkeypatch):
    """Without a cap the clock is never read: the choice is the same on any machine."""
    game, seat, view, legal = a_decision("take5")
    first = quick_hard(game, seat, 1, worlds=6)
    first.settings = dataclasses.replace(first.settings, budget=None)
    chosen = first.choose(view, legal, ())
    monkeypatch.setattr("fiftyfifty_desktop.ai.search.time.perf_counter", lambda: 1 / 0)
    again = quick_hard(game, seat, 1, worlds=6)
    again.settings = dataclasses.replace(again.settings, budget=None)
    assert again.choose(view, legal, ()) == chosen and again.last_worlds == 6 and again.capped == 0


class AskedCancel(threading.Event):
    """A cancel that notes when the search first asks about it (it has begun) and, given ``asks``, is set by
    itself once asked that many times: a cancel mid-search on any machine, with no sleep."""

    def __init__(self, asks: int | None = None) -> None:
        super().__init__()
        self.asks = asks
        self.asked = threading.Event()

    def is_set(self) -> bool:
        self.asked.set()
        if self.asks is not None:
            self.asks -= 1
            if self.asks < 0:
                return True
        return super().is_set()


def test_hard_is_cancelled_in_the_middle_of_its_search():
    game, seat, view, legal = a_decision("take5")
    agent = make_agent("hard", game, seat, 1)
    agent.settings = dataclasses.replace(agent.settings, worlds=100_000)
    assert agent.choose(view, legal, (), cancel=AskedCancel(40)) in legal
    assert 0 < agent.last_worlds <= 40  # it was searching, and stopped when told (one question a world at most)


def test_hard_is_cancelled_from_another_thread():
    """``cancel()`` from another thread stops the search under way: it is called once the search has begun."""
    game, seat, view, legal = a_decision("take5")
    agent = make_agent("hard", game, seat, 1)
    agent.settings = dataclasses.replace(agent.settings, worlds=100_000)
    watched = AskedCancel()
    chosen = []
    worker = threading.Thread(target=lambda: chosen.append(agent.choose(view, legal, (), cancel=watched)))
    worker.start()
    assert watched.asked.wait(timeout=30.0), "the search never began"
    agent.cancel()
    worker.join(timeout=30.0)
    assert not worker.is_alive() and chosen[0] in legal and agent.last_worlds < 100_000


def test_a_cancelled_event_returns_the_rule_based_move_at_once():
    game, seat, view, legal = a_decision("take5")
    agent = make_agent("hard", game, seat, 1)
    stop = threading.Event()
    stop.set()
    medium = make_agent("medium", game, seat, 1)
    assert agent.choose(view, legal, (), cancel=stop) in legal
    assert agent.last_worlds == 0
    # The cancel flag applies to one decision only.
    agent.settings = dataclasses.replace(agent.settings, worlds=2)
    agent.choose(view, legal, ())
    assert agent.last_worlds == 2
    assert medium.choose(view, legal, ()) in legal


def test_agents_on_two_threads_choose_as_they_do_alone():
    game, seat, view, legal = a_decision("take5")
    alone = [quick_hard(game, seat, s, worlds=4).choose(view, legal, ()) for s in (1, 2)]
    together: dict[int, object] = {}
    threads = [threading.Thread(target=lambda s=s: together.__setitem__(s, quick_hard(game, seat, s, 4).choose(view, legal, ())))
               for s in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [together[1], together[2]] == alone


def test_hard_is_a_search_agent_with_the_games_settings():
    agent = make_agent("hard", GAMES["take5"], 0, 1)
    assert isinstance(agent, SearchAgent)
    assert agent.settings == ENTRY["take5"].load("search")


def _last_two_tricks(points):
    """High Card with every card but the four in hand gone, so each world is the same deal: seat 0 leads
    holding 10 and 20, seat 1 holds 5 and 15; each wins one of the two tricks left whatever is played."""
    from .highcard import GAME, HighCardState
    hands = ((10, 20), (5, 15))
    gone = tuple(c for c in range(1, 21) if c not in hands[0] + hands[1])
    return GAME, HighCardState(hands, 0, (), gone, points)


@pytest.mark.parametrize("points, result", [((2, 1), 0.5), ((1, 2), -0.5), ((1, 1), 0.0)])
def test_a_rollout_that_ends_the_game_adds_the_result_times_finish(points, result):
    from .highcard import HighCardPlayer
    game, state = _last_two_tricks(points)
    view, legal = game.view(state, 0), game.legal_moves(state, 0)

    def weighed(**changes):
        settings = SearchSettings(worlds=3, halving=(), **changes)
        agent = SearchAgent(game, 0, 1, HighCardPlayer, settings)
        values = agent.weigh(view, legal, [], random.Random(7), 3, lambda before, after: after[0] - before[0])
        return dict(values)

    plain, finished = weighed(), weighed(finish=8.0)
    assert set(plain) == set(finished) == set(legal)
    # Won (share 1), lost (0) or shared (1/2) against the fair share 1/2, times 8.
    assert {move: finished[move] - plain[move] for move in legal} == {move: 8.0 * result for move in legal}
    # A rollout cut off before the end (one move deep) leaves the game going: with no outlook the share is the
    # fair one and adds nothing; with an outlook, its chance less the fair share, times ``finish``.
    assert weighed(finish=8.0, depth=1) == weighed(depth=1)
    cut, hopeful = weighed(depth=1), weighed(finish=8.0, depth=1, outlook=lambda state, seat: 0.75)
    assert {move: hopeful[move] - cut[move] for move in legal} == {move: 8.0 * 0.25 for move in legal}


@given(st.lists(st.integers(-60, 0), min_size=2, max_size=5), st.floats(0.5, 20.0))
def test_the_chances_to_lead_are_a_share_of_one_and_follow_the_scores(scores, spread):
    chances = [chance_to_lead(scores, seat, spread) for seat in range(len(scores))]
    assert sum(chances) == pytest.approx(1.0, abs=1e-6)
    for a, b in itertools.combinations(range(len(scores)), 2):
        if scores[a] > scores[b]:
            assert chances[a] >= chances[b] and (chances[a] > chances[b] or chances[a] < 1e-9)
        elif scores[a] == scores[b]:
            assert chances[a] == pytest.approx(chances[b], abs=1e-12)


@pytest.mark.parametrize("gap", [0.0, 1.0, 2.5])
def test_the_chance_to_lead_of_two_seats_is_the_normal_chance_of_their_difference(gap):
    # Each score moves by N(0, 1): their difference by N(0, 2), so the leader by ``gap`` stays ahead with
    # the chance Phi(gap / sqrt 2).
    expected = 0.5 * (1.0 + math.erf(gap / 2.0))
    assert chance_to_lead([gap, 0.0], 0, 1.0) == pytest.approx(expected, abs=1e-6)


def test_fifty_fives_outlook_favours_the_leader_more_near_the_target_and_counts_a_team_as_one():
    from fiftyfifty_desktop.ai.medium.fiftyfive import outlook
    from fiftyfifty_desktop.games.fiftyfive import GAME as FIFTY_FIVE

    state = FIFTY_FIVE.new_game(4, {}, 1)[0]
    early, late = (dataclasses.replace(state, totals=totals) for totals in ((20, 0, 0, 0), (50, 30, 30, 30)))
    assert 0.25 < outlook(early, 0) < outlook(late, 0) < 1.0
    assert sum(outlook(early, seat) for seat in range(4)) == pytest.approx(1.0, abs=1e-6)
    teams = dataclasses.replace(FIFTY_FIVE.new_game(4, {"teams": 2}, 1)[0], totals=(30, 10))
    assert outlook(teams, 0) == outlook(teams, 2) > 0.5 > outlook(teams, 1) == outlook(teams, 3)
    assert outlook(teams, 0) + outlook(teams, 1) == pytest.approx(1.0, abs=1e-6)


@pytest.mark.parametrize("slip, own_share", [(0.0, 1.0), (0.3, 0.7 + 0.3 / 3), (1.0, 1 / 3)])
def test_a_slipping_player_plays_a_uniformly_drawn_move_as_often_as_its_slip(slip, own_share):
    from .highcard import GAME, HighCardPlayer
    state = GAME.new_game(2, {}, 4)[0]
    view, legal = GAME.view(state, 0), GAME.legal_moves(state, 0)
    own = HighCardPlayer(0, random.Random(0), {}).choose(view, legal)
    player = Slipping(HighCardPlayer(0, random.Random(0), {}), random.Random(9), slip)
    counts = {move: 0 for move in legal}
    draws = 6000
    for _ in range(draws):
        counts[player.choose(view, legal)] += 1
    assert counts[own] / draws == pytest.approx(own_share, abs=0.02)
    others = [counts[move] / draws for move in legal if move != own]
    assert others == pytest.approx([(1 - own_share) / 2] * 2, abs=0.02)


@pytest.mark.parametrize("slip", [0.0, 1.0])
def test_in_a_rollout_only_the_other_seats_slip(slip):
    from .highcard import GAME, HighCardPlayer

    asked = {seat: 0 for seat in range(3)}

    class Counted(HighCardPlayer):
        def __init__(self, seat, source, knobs):
            super().__init__(seat, source, knobs)
            self._seat = seat

        def choose(self, view, legal):
            asked[self._seat] += 1
            return super().choose(view, legal)

    state = GAME.new_game(3, {}, 2)[0]
    agent = SearchAgent(GAME, 0, 1, Counted, SearchSettings(worlds=4, halving=(), slip=slip))
    agent.weigh(GAME.view(state, 0), GAME.legal_moves(state, 0), [], random.Random(5), 4,
                lambda before, after: after[0] - before[0])
    assert asked[0] > 0
    # A seat that always slips never asks its own player; a seat that never slips always does.
    assert (asked[1] + asked[2] == 0) == (slip == 1.0)


@pytest.mark.parametrize("changes, words", [({"slip": 1.5}, "between 0 and 1"), ({"slip": -0.1}, "between 0 and 1"),
                                            ({"slip": 0.2, "playout": lambda *args: []}, "playout")])
def test_search_settings_refuse_a_slip_they_cannot_honour(changes, words):
    with pytest.raises(ValueError, match=words):
        SearchSettings(**changes)


def test_fifty_fiftys_slipping_rollouts_change_its_choices_and_repeat_them(monkeypatch):
    """Its rollouts run on the compact hand (``ai.fiftyfifty_fast``), which slips as ``SLIP`` says."""
    game = GAMES["fiftyfifty"]

    def choices(slip):
        monkeypatch.setattr("fiftyfifty_desktop.ai.fiftyfifty_fast.SLIP", slip)
        agent = make_agent("hard", game, 0, 3)
        agent.settings = dataclasses.replace(agent.settings, worlds=6)
        agents = [agent] + [make_agent("medium", game, s, 3) for s in range(1, FOUR)]
        return [move for seat, move in play(game, 3, agents, limit=120) if seat == 0]

    slipping = choices(0.2)
    assert slipping == choices(0.2)
    assert slipping != choices(0.0)
