"""The table's flow without a window: ``TableController`` and its modes import no pygame and play a game,
take a move back, refuse moves, save, store the ending and hand the results over, driven headless."""

import subprocess
import sys
from dataclasses import dataclass, field, replace

import pytest

from fiftyfifty_desktop.ai import load_personalities
from fiftyfifty_desktop.engine.reason import Reason
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.stats_db import FINISHED
from fiftyfifty_desktop.tutorials import PERSON, load_tutorial
from fiftyfifty_desktop.ui.i18n import tr
from fiftyfifty_desktop.ui.tables.controller import PrivateMove, TableController
from fiftyfifty_desktop.ui.tables.modes import GuidedMode, LiveMode, ReplayMode, REPLAYED


@dataclass
class Storage:
    cleared: int = 0

    def clear_record(self, game: str) -> None:
        self.cleared += 1


@dataclass
class App:
    """What the controller asks of the application, written down."""

    speed: str = "instant"
    storage: Storage = field(default_factory=Storage)
    kept: list = field(default_factory=list)
    stored: list = field(default_factory=list)
    notices: list = field(default_factory=list)

    def keep_game(self, record):
        self.kept.append(record)

    def record_game(self, record, outcome, duration=0.0, undos=0):
        self.stored.append((record, outcome, duration, undos))
        return True

    def notice(self, line):
        self.notices.append(line)

    def wake(self):
        """Nothing sleeps here: the tests step the controller themselves."""


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def take5(*players: str, seed: int = 7) -> Record:
    return Record("take5", len(players), {}, tuple(Seat(f"P{i}", p) for i, p in enumerate(players)), seed)


def controller(record, mode=None, app=None, clock=None, logged=None):
    control = TableController(GAMES[record.game], record, mode or LiveMode(), app or App(), load_personalities(),
                              private_line=lambda seat, move: f"{seat} chose {move.text()}",
                              clock=clock or Clock())
    control.follow(lambda step, view: logged.append(step) if logged is not None else None)
    return control


def play_until_offered(control, limit=500):
    """The computer seats' moves until the screen is offered a person's move (the table's ``advance``)."""
    for _ in range(limit):
        control.pending.clear()
        if control.match.over:
            return None
        if control.take_computer_move():
            continue
        seat = control.seat_to_offer()
        if seat is None:
            control.match.wait_for_computers(5.0)
            continue
        control.offer(seat)
        return seat
    raise AssertionError("no person was offered a move")


def test_the_controller_and_its_modes_import_no_pygame():
    code = ("import sys; import fiftyfifty_desktop.ui.tables.controller, fiftyfifty_desktop.ui.tables.modes; "
            "print('pygame' in sys.modules)")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "False"


def test_a_live_game_plays_saves_takes_a_move_back_and_hands_the_ending_over():
    app, clock = App(), Clock()
    control = controller(take5("human", "random", "random"), app=app, clock=clock)
    try:
        assert control.viewer == 0 and control.undo_offered and control.hints_offered
        assert control.pending, "the opening deal waits to be animated"
        seat = play_until_offered(control)
        assert seat == 0 and control.legal == control.match.legal_moves(0)
        move = control.legal[0]
        assert control.submit(0, move) is None
        assert control.acting is None and control.legal == ()
        assert any(isinstance(event, PrivateMove) and event.text == f"0 chose {move.text()}"
                   for _, event in control.pending), "a move only its seat may see is logged for it alone"
        assert app.kept and app.kept[-1].moves[-1] == (0, move.text())  # saved after the move
        moves = control.record.moves
        mine = max(i for i, (mover, _) in enumerate(moves) if mover == 0)
        cut = control.undo()
        assert cut is not None and cut.moves == moves[:mine], "cut before the person's last move"
        control.start_from(cut, lambda step, view: None)
        assert control.match.record.moves == moves[:mine] and control.undos == 1
        assert app.kept[-1].table == {"undos": 1}  # the count is kept with the saved game
        clock.now += 42.0
        while not control.match.over:
            seat = play_until_offered(control)
            if seat is not None:
                assert control.submit(seat, control.legal[0]) is None
        [(record, outcome, seconds, undos)] = app.stored
        assert outcome == FINISHED and seconds == 42.0  # the match's end is stored by the controller and undos == 1 and record.table == {"undos": 1}
        assert app.storage.cleared == 1
        assert control.finish() and not control.finish(), "the results are handed over once"
        again = control.again(12345)
        assert again is not None and again.seed == 12345 and again.seats == record.seats and not again.moves
    finally:
        control.close()


def test_a_refused_move_comes_back_as_the_rules_reason_and_changes_nothing():
    control = controller(take5("human", "random", "random"))
    try:
        play_until_offered(control)
        made = control.match.moves_made
        hand = control.view.hand
        not_mine = next(card for card in range(1, 105) if card not in hand)
        refused = control.submit(0, type(control.legal[0])(not_mine))
        assert isinstance(refused, Reason) and control.acting == 0 and control.match.moves_made == made
        assert control.why_illegal(type(control.legal[0])(not_mine)) == refused
    finally:
        control.close()


def test_people_sharing_a_screen_get_no_undo_and_hints_only_when_agreed():
    shared = controller(take5("human", "human", "random"))
    agreed = controller(replace(take5("human", "human", "random"), table={"hints_agreed": True}))
    try:
        assert shared.viewer is None and not shared.undo_offered and not shared.hints_offered
        assert agreed.hints_offered and not agreed.undo_offered
    finally:
        shared.close()
        agreed.close()


def test_a_replay_submits_the_records_moves_after_each_gap_and_ends_without_results():
    source = controller(take5("random", "random", "random"))
    while not source.match.over:
        source.pending.clear()
        source.match.poll(wait=5.0)
    script = source.record
    source.close()
    mode = ReplayMode(script, seat=1, playing=True)
    app = App(speed="normal")
    control = controller(mode.cut(0), mode=mode, app=app)
    try:
        assert all(seat.player == REPLAYED for seat in control.record.seats)
        assert control.viewer == 1 and not control.undo_offered and not control.hints_offered
        assert control.take_computer_move() and control.match.moves_made == 1
        assert not control.take_computer_move(), "the next move waits for the gap after the last"
        control.elapse(mode.wait / 2, idle=False)
        assert not control.take_computer_move(), "the gap counts only while no card moves"
        control.elapse(mode.wait, idle=True)
        assert control.take_computer_move() and control.match.moves_made == 2
        assert control.seat_to_offer() is None, "no one acts in a replay"
        app.speed = "instant"
        control.elapse(1.0, idle=True)
        while control.take_computer_move():
            pass
        assert mode.at_end(control) and control.match.over and control.match.record.moves == script.moves
        assert not control.finish(), "a replay stays on its last move: no results screen"
        assert not mode.playing and control.resting(idle=True)
        assert not app.kept and not app.stored, "a replay saves and stores nothing"
    finally:
        control.close()


def test_a_guided_game_refuses_another_move_kindly_and_holds_while_a_note_is_read():
    tutorial = load_tutorial("take5")
    mode = GuidedMode(tutorial)
    app = App()
    names = ("You",) + tuple(tutorial.opponents)
    control = controller(tutorial.record(names), mode=mode, app=app)
    try:
        assert not control.keeps_record and not control.undo_offered and not control.hints_offered
        assert not mode.resign_offered(control)
        while mode.note is not None:
            if mode.reading(control):
                assert control.take_computer_move() is False, "a note that is read holds the game"
                mode.next_note()
                continue
            seat = play_until_offered(control)
            assert seat == PERSON
            if mode.reading(control):  # a note to read once the others played up to the person's turn
                continue
            others = [move for move in control.legal if move not in mode.waiting_for]
            if others:
                note = mode.note_index
                assert control.submit(PERSON, others[0]) == tr("tutorial.not_now")
                assert mode.note_index == note and control.acting == PERSON
            assert control.submit(PERSON, mode.waiting_for[0]) is None
        assert not app.kept and not app.stored, "a guided game is neither saved nor counted"
    finally:
        control.close()


@pytest.mark.parametrize("mode", [GuidedMode(load_tutorial("take5")), ReplayMode(take5("random", "random"))])
def test_the_pause_words_of_a_guided_game_and_a_replay_never_say_it_is_saved(mode):
    for saved in (True, False):
        note = mode.pause_note(3, saved)
        assert tr("pause.saved") not in note and tr("pause.not_saved") not in note
    assert LiveMode().pause_note(3, True).endswith(tr("pause.saved"))
