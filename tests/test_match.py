"""The match controller: one turn loop, steps filtered per seat, saving and cancelling."""

from __future__ import annotations

import threading

import pytest

from fiftyfifty_desktop.ai import RandomAgent, make_agent
from fiftyfifty_desktop.engine import IllegalMoveError
from fiftyfifty_desktop.engine.match import ComputerFailed, Match, play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES

TAKE5 = GAMES["take5"]


def take5_record(players: int = 3, seed: int = 4) -> Record:
    seats = tuple(Seat(f"P{s}", "human" if s == 0 else "random") for s in range(players))
    return Record("take5", players, TAKE5.resolve_options(players, {}), seats, seed)


class Screen:
    """A front end watching from one seat, keeping what it was shown."""

    def __init__(self, watching):
        self.watching = watching
        self.steps = []
        self.views = []

    def on_step(self, step, view):
        self.steps.append(step)
        self.views.append(view)


class Keeper:
    def __init__(self):
        self.saved = []
        self.ended = []

    def save(self, record):
        self.saved.append(record)

    def game_over(self, record):
        self.ended.append(record)


class Gate:
    """An agent that waits until the test lets it answer, then plays the first legal move."""

    uses_view = True

    def __init__(self):
        self.go = threading.Event()
        self.cancelled = False

    def choose(self, view, legal, seen):
        self.go.wait(5)
        return legal[0]

    def cancel(self):
        self.cancelled = True
        self.go.set()


def computers(players, seed):
    return {s: RandomAgent(seed, s) for s in range(1, players)}


def test_people_submit_and_computers_are_refused_through_submit():
    match = Match(TAKE5, take5_record(), computers(3, 4))
    assert match.people_to_move() == (0,)
    with pytest.raises(IllegalMoveError):
        match.submit(1, match.legal_moves(1)[0])
    not_held = next(m for m in match.legal_moves(1) if m not in match.legal_moves(0))
    with pytest.raises(IllegalMoveError):
        match.submit(0, not_held)
    match.submit(0, match.legal_moves(0)[0])
    assert match.moves_made == 1 and match.record.moves[0][0] == 0


def test_a_card_chosen_face_down_is_shown_to_its_seat_only():
    match = Match(TAKE5, take5_record(), computers(3, 4))
    mine, theirs, public = Screen(0), Screen(1), Screen(None)
    for screen in (mine, theirs, public):
        match.watch(screen)
    assert [s.seat for s in mine.steps] == [None], "the deal comes first"
    assert mine.steps[0].events and mine.views[0].hand and not public.views[0].hand
    move = match.legal_moves(0)[0]
    match.submit(0, move)
    assert mine.steps[-1].move == move and theirs.steps[-1].move is None and public.steps[-1].move is None
    assert mine.steps[-1].seat == theirs.steps[-1].seat == 0
    assert theirs.views[-1].hand != mine.views[-1].hand


def test_a_match_resumed_from_moves_does_not_deal_again():
    match = Match(TAKE5, take5_record(), computers(3, 4))
    match.submit(0, match.legal_moves(0)[0])
    again = Match(TAKE5, match.record, computers(3, 4))
    screen = Screen(0)
    again.watch(screen)
    assert screen.steps == [] and again.view(0) == match.view(0)


def test_the_keeper_saves_every_move_and_hears_the_end_once():
    keeper = Keeper()
    players = 3
    agents = {s: RandomAgent(7, s) for s in range(players)}
    seats = tuple(Seat(f"C{s}", "random") for s in range(players))
    match = Match(TAKE5, Record("take5", players, TAKE5.resolve_options(players, {"target": 10}), seats, 7),
                  agents, keeper=keeper)
    match.play()
    assert match.over and match.winners()
    assert len(keeper.saved) == match.moves_made and keeper.saved[-1] == match.record
    assert keeper.ended == [match.record]
    assert not match.poll(), "a finished match makes no move"


def test_play_stops_at_a_person_a_budget_or_a_condition():
    match = Match(TAKE5, take5_record(), computers(3, 4))
    match.play()
    assert match.moves_made == 2 and match.people_to_move() == (0,), "the computers chose; the person is next"
    record = Record("take5", 3, TAKE5.resolve_options(3, {}), (Seat("a"), Seat("b"), Seat("c")), 5)
    whole = play_out(TAKE5, record, {s: RandomAgent(5, s) for s in range(3)}, max_moves=10)
    assert whole.moves_made == 10 and not whole.over
    deal = play_out(TAKE5, record, {s: RandomAgent(5, s) for s in range(3)}, until=lambda state: state.round > 1)
    assert deal.full_state().round == 2 and not deal.over


def test_the_same_record_and_agents_play_the_same_game_threaded_or_not():
    record = Record("thirteen", 3, {}, (Seat("a"), Seat("b"), Seat("c")), 9)
    inline = play_out(GAMES["thirteen"], record, {s: make_agent("medium", GAMES["thirteen"], s, 9) for s in range(3)})
    threaded = Match(GAMES["thirteen"], record, {s: make_agent("medium", GAMES["thirteen"], s, 9) for s in range(3)},
                     threaded=True)
    while not threaded.over:
        threaded.poll(wait=None)
    assert threaded.record == inline.record


def test_a_thinking_pause_holds_the_move_until_time_has_passed():
    agents = computers(3, 4)
    match = Match(TAKE5, take5_record(), agents, threaded=True, pause=lambda seat: 1.0)
    assert not match.poll(wait=0.5) and set(match.thinking()) == {1, 2}
    match.wait_for_computers()
    assert not match.poll(), "answers are ready but the pause is not over"
    match.elapse(1.0)
    assert match.poll() and match.poll() and match.moves_made == 2


def test_a_window_may_sleep_only_while_a_workers_answer_is_all_it_waits_for_and_the_answer_wakes_it():
    gate, woken = Gate(), threading.Event()
    match = Match(TAKE5, take5_record(2), {1: gate}, threaded=True, pause=lambda seat: 0.5, wake=woken.set)
    assert not match.waiting_elsewhere()  # no computer has started thinking yet
    assert not match.poll()
    assert not match.waiting_elsewhere()  # its thinking pause counts down with the frames
    match.elapse(0.5)
    assert match.waiting_elsewhere() and not woken.is_set()
    gate.go.set()
    assert woken.wait(5) and not match.waiting_elsewhere()  # the answer is in, and the next frame plays it
    assert match.poll() and match.moves_made == 1


def test_closing_cancels_the_computers_still_thinking_and_takes_no_move_after():
    gate = Gate()
    match = Match(TAKE5, take5_record(2), {1: gate}, threaded=True)
    assert not match.poll() and match.thinking() == (1,)
    match.close()
    assert gate.cancelled and match.closed and match.thinking() == ()
    assert not match.poll()
    with pytest.raises(IllegalMoveError):
        match.submit(0, match.legal_moves(0)[0])
    assert match.moves_made == 0


def test_a_failing_computer_is_reported_and_the_game_kept_as_it_was():
    class Broken:
        def choose(self, view, legal, seen):
            raise RuntimeError("lost its cards")

    class Cheat:
        def choose(self, view, legal, seen):
            return next(m for m in (TAKE5.parse_move(f"p{card}") for card in range(1, 105)) if m not in legal)

    for agent, words in ((Broken(), "RuntimeError: lost its cards"), (Cheat(), "IllegalMoveError")):
        match = Match(TAKE5, take5_record(2), {1: agent})
        with pytest.raises(ComputerFailed) as failed:
            match.poll()
        assert failed.value.seat == 1 and words in str(failed.value)
        assert match.moves_made == 0 and match.thinking() == ()


def test_a_computer_thinking_while_a_person_commits_still_plays_its_card():
    gate = Gate()
    match = Match(TAKE5, take5_record(2), {1: gate}, threaded=True)
    assert not match.poll() and match.thinking() == (1,)
    match.submit(0, match.legal_moves(0)[0])
    gate.go.set()
    match.wait_for_computers()
    assert match.poll() and match.moves_made == 2 and match.full_state().reveals, "both cards were revealed"
