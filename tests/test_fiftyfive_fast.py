"""The compact Fifty-Five plays exactly as the rules module and its medium as the medium player, so the
hard search, whose rollouts run on it, weighs and chooses as it would on the game's own states."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter

from fiftyfifty_desktop.ai import SearchAgent
from fiftyfifty_desktop.ai.fiftyfive_fast import (
    SEARCH, Trickster, bid_out, ending, hands_played, playout, settle, thrown_in,
)
from fiftyfifty_desktop.ai.medium.fiftyfive import (
    MediumFiftyFive, best_suit, boldness, call_to_make, keep_value, outlook,
)
from fiftyfifty_desktop.ai.search import rollout_value, winning_share
from fiftyfifty_desktop.engine.recall import Recall
from fiftyfifty_desktop.games.fiftyfive import GAME
from fiftyfifty_desktop.games.fiftyfive.parts import BIDDING, DISCARDING, NAMING, OVER, PLAYING, Pass, side_of
from fiftyfifty_desktop.games.fiftyfive.rules import Bidding, after_call, legal_calls

from .contract import random_moments

#: (fewest, most players, options) of the random positions: 2 to 9 players, and every team seating the rules allow.
TABLES = ((2, 9, {}), (4, 4, {"teams": 2}), (6, 6, {"teams": 2}), (6, 6, {"teams": 3}), (8, 8, {"teams": 4}),
          (9, 9, {"teams": 3}))
#: The searching seat's knobs in the random rollouts: the medium player's default, a timid and a bold bidder.
KNOBS = ({}, {"boldness": 0.2}, {"boldness": 0.9})


def positions(count, phases):
    """Random positions in ``phases`` of every kind of table, ``count`` per kind; one in two has its totals moved
    near the target, so that the hand may end the game (and several sides may reach the target in it)."""
    source = random.Random(3)
    for seed, (fewest, most, options) in enumerate(TABLES):
        for state in random_moments(GAME, count, seed, (fewest, most), options,
                                    keep=lambda state: state.phase in phases):
            if source.random() < 0.5:
                totals = tuple(state.target - 1 - source.randrange(30) for _ in state.totals)
                state = dataclasses.replace(state, totals=totals)
            yield state


def play_positions(count):
    return positions(count, (PLAYING,))


def dealers_to_speak(count):
    """The dealer to speak after every other seat has passed, in the first hand of ``count`` games of every kind
    of table: the one place where medium players let a hand be thrown in (with any hand they bid first)."""
    source = random.Random(4)
    for fewest, most, options in TABLES:
        for seed in range(count):
            state = GAME.new_game(source.randint(fewest, most), options, seed)[0]
            while state.speaker != state.dealer:
                state, _ = GAME.apply(state, state.speaker, Pass())
            yield state


def the_hand_played(state):
    """The hand of ``state`` as played so far, as the compact form holds it."""
    return (list(state.hands), state.trick, [side_of(state, seat) for seat in state.trick_winners], state.leader,
            state.best_trump)


def the_compact_hand(table):
    return table.hands, table.trick, table.taken, table.leader, table.best


def share_from_the_state(state, seat):
    """This seat's share of the win where a rollout on the game's states stops, as ``SearchAgent`` finds it."""
    return winning_share(GAME.winners(state), seat) if GAME.is_over(state) else outlook(state, seat)


def test_the_compact_tricks_play_every_card_and_score_the_hand_as_the_rules_do():
    """Random cards from random positions: the same hands, trick, leader, trick takers and best trump after every
    card, and at the hand's end the same totals, the same winner of the game and the same ending for every
    seat (its side's total and its share of the win)."""
    source = random.Random(11)
    cards = hands = game_ends = close_races = 0
    for state in play_positions(100):
        start, table, hand = state, Trickster.of(state), state.hand
        while state.phase == PLAYING and state.hand == hand:
            seat = GAME.to_move(state)[0]
            assert table.to_move() == seat
            legal = GAME.legal_moves(state, seat)
            move = legal[source.randrange(len(legal))]
            table.play(seat, move.card)
            state, _ = GAME.apply(state, seat, move)
            cards += 1
            if state.hand == hand and state.phase == PLAYING:
                assert the_compact_hand(table) == the_hand_played(state)
        totals, reached = settle(start, table)
        assert totals == list(state.totals)
        assert (reached[0] if reached else -1) == state.winner and bool(reached) == GAME.is_over(state)
        for seat in range(start.players):
            end = ending(start, table, seat)
            assert (end.scores, end.share) == (GAME.scores(state), share_from_the_state(state, seat))
        hands += 1
        game_ends += GAME.is_over(state)
        close_races += len(reached) > 1
    assert cards > 10000 and hands == 600 and game_ends > 100 and close_races > 8


def test_the_compact_medium_chooses_every_card_as_the_medium_player_and_draws_no_chance():
    """Hands played out from random positions by the medium player in every seat: the compact medium's card is
    the medium player's on every decision, and neither touches its generator."""
    choices = 0
    for index, state in enumerate(play_positions(100)):
        table, hand = Trickster.of(state), state.hand
        ours, theirs = random.Random(index), random.Random(index)
        while state.phase == PLAYING and state.hand == hand:
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_moves(state, seat)
            expected = MediumFiftyFive(seat, theirs, {"boldness": 0.9}).choose(GAME.view(state, seat), legal)
            assert table.medium_card(seat) == expected.card
            choices += len(legal) > 1
            table.play(seat, expected.card)
            state, _ = GAME.apply(state, seat, expected)
        assert ours.getstate() == theirs.getstate() == random.Random(index).getstate()
    assert choices > 5000


def rolled_out_on_the_states(state, seat, move, knobs):
    """The state where the search's rollout on the game's states stops once ``seat`` has made ``move``: the
    medium player in every seat, this one with ``knobs``, plays to the end of the hand (a new hand dealt, or the
    game over)."""
    hand = state.hand
    players = [MediumFiftyFive(other, random.Random(other), knobs if other == seat else {})
               for other in range(state.players)]
    state, _ = GAME.apply(state, seat, move)
    while not GAME.is_over(state) and state.hand == hand:
        mover = GAME.to_move(state)[0]
        legal = GAME.legal_moves(state, mover)
        move = legal[0] if len(legal) == 1 else players[mover].choose(GAME.view(state, mover), legal)
        state, _ = GAME.apply(state, mover, move)
    return state


def test_the_compact_form_plays_a_hand_out_from_the_bidding_the_discard_and_the_trump_as_the_states_do():
    """A random move from random positions before the play, and the hand played out by the medium player in every
    seat: the same contract, trumps and best trump, the same totals and winner of the game, and the same ending
    for every seat (its side's total and its share of the win); where every seat passes, the hand is thrown in on
    both and the totals stand."""
    source = random.Random(12)
    phases, thrown, game_ends = Counter(), 0, 0
    for state in itertools.chain(*(positions(60, (phase,)) for phase in (BIDDING, DISCARDING, NAMING)),
                                 dealers_to_speak(12)):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_moves(state, seat)
        move, knobs = legal[source.randrange(len(legal))], KNOBS[source.randrange(len(KNOBS))]
        if state.bid == 0 and seat == state.dealer and source.random() < 0.5:
            move = Pass()
        end = rolled_out_on_the_states(state, seat, move, knobs)
        [table] = hands_played(state, seat, [move], knobs)
        result = end.history[-1]
        if table is None:
            assert result.bidder == -1 and end.hand == state.hand + 1 and end.totals == state.totals
            thrown += 1
        else:
            assert (table.bidder, table.bid, table.trump, table.best) == (result.bidder, result.bid, result.trump,
                                                                          result.best_trump)
            totals, reached = settle(state, table)
            assert totals == list(end.totals) and (reached[0] if reached else -1) == end.winner
        for viewer in range(state.players):
            fast = thrown_in(state, viewer) if table is None else ending(state, table, viewer)
            assert (fast.scores, fast.share) == (GAME.scores(end), share_from_the_state(end, viewer))
        assert playout(state, None, seat, [move], 5, knobs) == [
            thrown_in(state, seat) if table is None else ending(state, table, seat)]
        phases[state.phase] += 1
        game_ends += GAME.is_over(end)
    assert phases == {BIDDING: 360 + 72, DISCARDING: 360, NAMING: 360} and thrown > 30 and game_ends > 100


def test_the_compact_bidding_calls_as_the_rules_and_the_medium_player_do():
    """The bidding from random positions, with the medium player in every seat: the same calls offered, the same
    call chosen (and no chance drawn), the same speaker, duel, high bid and bidder after every call, and the end
    of the bidding at the same call, in a thrown-in hand exactly when every seat passed."""
    source = random.Random(13)
    calls = duels = thrown = 0
    for index, state in enumerate(itertools.chain(positions(80, (BIDDING,)), dealers_to_speak(20))):
        knobs = KNOBS[source.randrange(len(KNOBS))]
        searcher, hand = GAME.to_move(state)[0], state.hand
        boldness_of = [boldness(knobs if seat == searcher else {}) for seat in range(state.players)]
        sources = [random.Random(index) for _ in range(state.players)]
        players = [MediumFiftyFive(seat, sources[seat], knobs if seat == searcher else {})
                   for seat in range(state.players)]
        bidding = Bidding(state.speaker, state.duel, state.bid, state.bidder)
        if state.speaker == state.dealer and not state.bid and source.random() < 0.5:  # the dealer throws it in
            bidding = after_call(bidding, state.dealer, Pass(), state.players, state.dealer)
            state, _ = GAME.apply(state, state.dealer, Pass())
            calls += 1
        start, world = bidding, state
        while not bidding.over:
            speaker = GAME.to_move(state)[0]
            assert state.phase == BIDDING and speaker == bidding.speaker
            offered = legal_calls(bidding.bid, speaker == state.dealer)
            assert offered == GAME.legal_moves(state, speaker)
            call = call_to_make(state.hands[speaker], bidding.bid, offered, boldness_of[speaker])
            assert call == players[speaker].choose(GAME.view(state, speaker), offered)
            bidding = after_call(bidding, speaker, call, state.players, state.dealer)
            state, _ = GAME.apply(state, speaker, call)
            if state.hand == hand:
                assert (bidding.speaker, bidding.duel, bidding.bid, bidding.bidder) == (
                    state.speaker, state.duel, state.bid, state.bidder)
            assert bidding.over == (state.phase != BIDDING or state.hand != hand)
            calls += 1
            duels += bidding.duel >= 0 and not bidding.over
        assert bid_out(world, start, boldness_of) == bidding
        if bidding.bidder < 0:
            assert state.hand == hand + 1 and state.history[-1].bidder == -1
            thrown += 1
        else:
            assert state.phase == DISCARDING and (state.bid, state.bidder) == (bidding.bid, bidding.bidder)
        assert all(source.getstate() == random.Random(index).getstate() for source in sources)
    assert calls > 2000 and duels > 50 and thrown > 40


def test_the_medium_players_discard_is_the_least_worth_keeping_of_all_those_offered_the_first_among_equals():
    """At random discards: the medium player's discard is the first (in the rules' order) of the discards whose
    cards are worth least for the hand's best suit, as it ranks them, and it draws no chance."""
    ties = 0
    for index, state in enumerate(positions(100, (DISCARDING,))):
        seat = GAME.to_move(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_moves(state, seat)
        source = random.Random(index)
        player = MediumFiftyFive(seat, source, {})
        trump, _ = best_suit(view.cards)
        worths = [sum(keep_value(c, trump) for c in move.cards) for move in legal]
        least = min(worths)
        assert player.choose(view, legal) == legal[worths.index(least)] == player.rank(view, legal)[0]
        assert source.getstate() == random.Random(index).getstate()
        ties += worths.count(least) > 1
    assert ties > 20


def decisions(seed, players, options):
    """(seat, decision) at every decision with more than one legal move of a game from ``seed`` that medium
    players play to its end, but that in every other hand every seat before the dealer passes, so that the
    dealer may throw the hand in."""
    state = GAME.new_game(players, options, seed)[0]
    recall = Recall(GAME, state)
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        decision = recall.decision(seat)
        if len(decision.legal) > 1:
            yield seat, decision
        if state.phase == BIDDING and not state.bid and seat != state.dealer and state.hand % 2 == 0:
            move = Pass()
        else:
            move = MediumFiftyFive(seat, random.Random(0), {}).choose(decision.view, decision.legal)
        state, _ = GAME.apply(state, seat, move)
        recall.observe(state, seat)


def test_the_hard_search_weighs_every_move_the_same_on_the_compact_form_as_on_the_games_states():
    """The compact rollouts change no value the search finds, the result of the game included, so no choice: the
    same worlds and the same means to the last bit, at decisions of every phase (the bidding, the discard, the
    trump, the play), in whole games to the target, with and without teams."""
    assert SEARCH.playout is playout and SEARCH.finish and SEARCH.outlook is outlook
    rolled_out = Counter()  # the worlds the search rolled out on the compact form, by phase

    def counted(world, *args):
        endings = playout(world, *args)
        assert len(endings) == len(args[2])
        rolled_out[world.phase] += 1
        return endings

    fast_settings = dataclasses.replace(SEARCH, playout=counted)
    slow_settings = dataclasses.replace(SEARCH, playout=None)
    compared, seen = Counter(), Counter()
    near_the_end = rollouts_ending_the_game = thrown = 0
    for seed, players, options, knobs in ((1, 4, {}, {}), (2, 3, {}, {"boldness": 0.9}), (3, 4, {"teams": 2}, {}),
                                          (4, 6, {"teams": 3}, {"boldness": 0.2}), (5, 2, {}, {}), (6, 9, {}, {})):
        for seat, decision in decisions(seed, players, options):
            view = decision.view
            seen[view.phase] += 1
            may_throw_in = view.phase == BIDDING and not view.bid and seat == view.dealer
            if view.phase in (PLAYING, BIDDING) and seen[view.phase] % 3 and not may_throw_in:
                continue  # a third of them: enough to compare, in a few seconds
            weighed = [SearchAgent(GAME, seat, seed, MediumFiftyFive, settings, knobs).weigh(
                view, decision.legal, decision.seen, random.Random(seed), 3,
                lambda before, after: rollout_value(SEARCH, before, after, seat, False))
                for settings in (fast_settings, slow_settings)]
            assert weighed[0] is not None and weighed[0] == weighed[1]
            fast, slow = (SearchAgent(GAME, seat, seed, MediumFiftyFive, dataclasses.replace(settings, worlds=8), knobs)
                          for settings in (fast_settings, slow_settings))
            assert fast.choose(view, decision.legal, decision.seen) == slow.choose(view, decision.legal, decision.seen)
            compared[view.phase] += 1
            world = GAME.determinize(view, random.Random(seed))
            tables = hands_played(world, seat, decision.legal[:12], knobs)
            thrown += tables.count(None)
            if max(view.totals) + 30 >= view.target:
                near_the_end += 1
                rollouts_ending_the_game += sum(bool(settle(world, table)[1]) for table in tables if table)
    assert compared[PLAYING] >= 150 and compared[BIDDING] >= 50 and min(compared.values()) >= 20
    assert near_the_end >= 100 and rollouts_ending_the_game >= 60 and thrown >= 10
    assert all(rolled_out[phase] >= compared[phase] * (3 + 8) for phase in compared)


def test_the_playout_plays_out_every_phase_a_decision_is_made_in():
    """Every move weighed gets its ending, at a decision of any phase: only a finished game, where no decision is
    made, gets none."""
    phases = Counter()
    for state in itertools.chain(*(positions(10, (phase,)) for phase in (BIDDING, DISCARDING, NAMING, PLAYING))):
        seat = GAME.to_move(state)[0]
        moves = GAME.legal_moves(state, seat)[:12]
        endings = playout(state, None, seat, moves, 17, {})
        assert len(endings) == len(moves) and all(len(end.scores) == state.players for end in endings)
        phases[state.phase] += 1
    assert phases == dict.fromkeys((BIDDING, DISCARDING, NAMING, PLAYING), 60)
    over = dataclasses.replace(state, phase=OVER)
    assert playout(over, None, seat, moves, 17, {}) == []
