"""The table's flow without a window: the match, the steps waiting to be animated, whose turn the screen
offers, undo, hints, saving and what the results screen is handed.

:class:`TableController` imports no pygame, so the flow is tested headless (``tests/ui/test_controller.py``).
The scene (:class:`~.base.TableScene`) turns input into calls here and draws the game's picture; the
controller is the match's watcher and record keeper, and asks its :class:`~.modes.Mode` wherever a live game,
a network seat, a replay and a guided game differ.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, replace
from typing import Any, Callable, Protocol

from ...ai.hints import HINT_PLAYER, hint_reason
from ...ai.personalities import Personality
from ...ai.worker import Advice
from ...engine import Event, GameError, IllegalMoveError, Move
from ...engine.game import Game
from ...engine.match import Match, Step
from ...engine.reason import Reason
from ...engine.records import Record
from ...stats_db import FINISHED
from ...storage import StorageError
from ..tween import SPEED_FACTORS
from .modes import HUMAN, Mode
from ...engine.port import MatchPort

#: Seconds a frame may wait for a computer seat's answer before drawing on.
QUICK_ANSWER = 0.002


class SavedGame(Protocol):
    def clear_record(self, game: str) -> None: ...


class TableApp(Protocol):
    """What the controller asks of the application: the speed, saving, the statistics and a notice."""

    @property
    def speed(self) -> str: ...

    @property
    def storage(self) -> SavedGame: ...

    def keep_game(self, record: Record) -> None: ...

    def record_game(self, record: Record, outcome: str, duration: float = 0.0, undos: int = 0) -> bool: ...

    def notice(self, line: str) -> None: ...

    def wake(self) -> None:
        """Called from another thread when something to show has come (a hint): the resting window paints."""


@dataclass(frozen=True)
class MoveContext:
    """What an event's animation may need beyond the event: who moved, how, and
    the watching seat's view just after the move."""

    seat: int | None  # None for the opening deal
    move: Move | None  # None for the deal, and for a move the watching seat may not see
    view: Any


@dataclass(frozen=True)
class PrivateMove(Event):
    """Not a game's event: the log's line for a move only the seat that made it may see, queued with
    the step's events so it takes its place among them."""

    text: str


@dataclass(frozen=True)
class Hint:
    """The hard player's move for a seat's decision (``at``: the seat and how many moves it had made),
    and the rules' reason for it (None when there is none worth saying)."""

    at: tuple[int, int]
    move: Move
    reason: Reason | None


@dataclass(frozen=True)
class _Reader:
    """Follows a match only to hand its steps to ``on_step`` (see :meth:`TableController.read_back`)."""

    watching: int | None
    on_step: Callable[[Step, Any], None]


class TableController:
    """One table's game: its match (made here unless a seat's match is given), the steps the watching seat
    was shown and the table has not animated yet (``pending``), whose move the screen takes, undo, hints and
    the record kept beside the game. ``private_line(seat, move)`` is the log's line for a move only its seat
    may see (empty: its events say it all); ``on_step`` is told of every step as it arrives (a sound)."""

    def __init__(self, game: Game, record: Record, mode: Mode, app: TableApp,
                 personalities: tuple[Personality, ...] = (), match: MatchPort | None = None,
                 private_line: Callable[[int, Move], str] = lambda seat, move: "",
                 on_step: Callable[[Step], None] = lambda step: None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.game = game
        self.mode = mode
        self.app = app
        self.personalities = personalities
        self.think = {p.id: p.think for p in personalities}
        self.clock = clock
        self.started = clock()  # for the time played, kept in the statistics
        self.humans = [i for i, seat in enumerate(record.seats) if seat.player == HUMAN]
        self.viewer: int | None = mode.watching(self.humans[0] if len(self.humans) == 1 else None)
        self.pending: deque[tuple[MoveContext, Event]] = deque()
        self.acting: int | None = None  # the person's seat whose move the table waits for
        self.legal: tuple[Move, ...] = ()
        self.finished = False
        self.synced = False  # the picture shows ``view`` (the table rebuilds it when not)
        kept = dict(record.table or {})  # what the table keeps with the saved game (see ``kept_record``)
        self.undos: int = kept.get("undos", 0)  # moves taken back, kept with the game in the statistics
        self.hints: int = kept.get("hints", 0)  # hints shown, counted like the moves taken back
        self.hints_agreed: bool = kept.get("hints_agreed", False)  # the people at a shared screen allow hints
        self.hint: Hint | None = None  # the last hint, shown while its decision is open
        self.hint_open = False  # the hint is on screen (its key puts it away and back)
        self.advice: tuple[tuple[int, int], Advice] | None = None  # a hint being thought out, for that decision
        self.private_line = private_line
        self._on_step = on_step
        self.match: MatchPort = match if match is not None else self.new_match(record)
        self.view: Any = self.match.view(self.viewer)  # what the seat at the screen sees now

    @property
    def record(self) -> Record:
        return self.match.record

    @property
    def keeps_record(self) -> bool:
        return self.mode.keeps_record

    @property
    def private(self) -> bool:
        """Several people take turns at this screen in a live game: a menu over the table hides their hands."""
        return self.keeps_record and len(self.humans) > 1

    # ----- the match --------------------------------------------------------
    def new_match(self, record: Record) -> Match:
        return Match(self.game, record, self.mode.agents(record, self.personalities), threaded=True,
                     pause=self.thinking_pause, wake=self.app.wake, keeper=self)

    def follow(self, log_step: Callable[[Step, Any], None]) -> None:
        """Start following the match: a continued game's past is handed to ``log_step`` first (as the screen's
        seat saw it; a seat at a table hosted elsewhere is sent its steps by the host instead)."""
        if self.record.moves and self.mode.plays_locally:
            self.read_back(self.record, log_step)
        self.match.watch(self)

    def read_back(self, record: Record, log_step: Callable[[Step, Any], None]) -> None:
        """``record`` played again from its start, each step handed to ``log_step`` with no animation."""
        reader = Match(self.game, replace(record, moves=()))
        reader.watch(_Reader(self.watching, log_step))
        for seat, text in record.moves:
            reader.submit(seat, self.game.parse_move(text))

    @property
    def watching(self) -> int | None:
        """The seat whose view the screen shows (None: what every seat sees)."""
        return self.viewer

    def on_step(self, step: Step, view: Any) -> None:
        """The match made a move (or dealt): its events wait to be animated."""
        ctx = MoveContext(step.seat, step.move, view)
        self.pending.extend((ctx, event) for event in step.events)
        if step.seat is not None and step.move is not None:
            private = self.private_line(step.seat, step.move)
            if private:
                self.pending.append((ctx, PrivateMove(private)))
        self.view = view
        self.synced = False
        self._on_step(step)

    def speed_factor(self) -> float:
        return SPEED_FACTORS[self.app.speed]

    def thinking_pause(self, seat: int) -> float:
        """How long a computer seat seems to think, at the current animation speed."""
        return self.think.get(self.record.seats[seat].player, 0.5) * self.speed_factor()

    def elapse(self, seconds: float, idle: bool) -> None:
        self.match.elapse(seconds)
        self.mode.tick(self, seconds, idle)

    def take_computer_move(self) -> bool:
        """Make the mode's move, or let the computer seats to move think and play one ready move. True if a
        move was made; raises ``ComputerFailed`` for a computer player that failed."""
        made = self.mode.next_move(self)
        if made is not None:
            return made
        return self.match.poll(wait=QUICK_ANSWER)

    def seat_to_offer(self) -> int | None:
        """The person's seat whose move the screen takes next: the one looking, else the first to move."""
        to_move = self.match.people_to_move() if self.mode.offers_turns else ()
        if not to_move:
            return None
        return self.viewer if self.viewer in to_move else to_move[0]

    def look(self, seat: int | None) -> None:
        """``seat`` now sits at the screen."""
        self.viewer = seat
        self.view = self.match.view(seat)

    def offer(self, seat: int | None) -> None:
        """The screen takes ``seat``'s move now (None: nobody's)."""
        self.acting = seat
        self.legal = self.match.legal_moves(seat) if seat is not None else ()

    def submit(self, seat: int, move: Move) -> Reason | str | None:
        """Play a person's move through the match: the single place a table changes the game. Returns None
        when it was made, else the rules' reason or the words refusing it."""
        refused = self.mode.refusal(self, seat, move)
        if refused:
            return refused
        try:
            self.match.submit(seat, move)
        except IllegalMoveError as exc:
            return exc.reason
        except GameError as exc:
            return str(exc)
        if seat == self.acting:
            self.offer(None)
        self.mode.moved(self, seat, move)
        return None

    def why_illegal(self, move: Move) -> Reason | None:
        """Why the rules refuse ``move`` to the seat acting now."""
        return self.match.why_illegal(self.acting, move) if self.acting is not None else None

    def resting(self, idle: bool) -> bool:
        return self.mode.resting(self, idle)

    def close(self) -> None:
        """Stop the computer seats still thinking and a hint being thought out."""
        self.match.close()
        self.forget_hint()

    # ----- the record keeper of the match -------------------------------
    def save(self, record: Record) -> None:
        """After every move; a failed save is kept and shown by the app until one succeeds."""
        if self.keeps_record:
            self.app.keep_game(self.kept_record(record))

    def game_over(self, record: Record) -> None:
        """The game is over: store it in the statistics and forget the saved game, only once the game is
        kept (stored, or waiting to be counted); else Continue still has it."""
        if not self.keeps_record:
            return
        if self.app.record_game(self.kept_record(record), FINISHED, self.clock() - self.started, self.undos):
            self.forget_saved()

    def forget_saved(self) -> None:
        try:
            self.app.storage.clear_record(self.game.id)
        except StorageError as exc:
            self.app.notice(str(exc))

    def kept_record(self, record: Record | None = None) -> Record:
        """``record`` (the match's, unless given) with what the table keeps beside the game: the moves taken
        back, the hints shown and whether hints were agreed, so a continued game goes on counting."""
        kept = {"undos": self.undos, "hints": self.hints, "hints_agreed": self.hints_agreed}
        return replace(record or self.record, table={k: v for k, v in kept.items() if v} or None)

    def finish(self) -> bool:
        """The game is over: True when the results screen is to open now (once; not in a replay)."""
        if self.finished:
            return False
        self.offer(None)
        ended_by_mode = self.mode.finish(self)
        self.finished = True
        return not ended_by_mode

    def again(self, number: int) -> Record | None:
        """The same seats and options with game number ``number`` (None where the results offer no new game)."""
        if not self.mode.plays_again:
            return None
        record = self.record
        return Record(record.game, record.players, record.options, record.seats, number,
                      table={"hints_agreed": True} if self.hints_agreed else None)

    # ----- undo against the computer ----------------------------------------
    @property
    def undo_offered(self) -> bool:
        """Only one person plays, against computers: no one else's move is ever taken back."""
        return self.mode.offers_help and self.keeps_record and len(self.humans) == 1

    def undo_point(self) -> int | None:
        """How many moves stay when the player's last move (and the computers' replies) are taken back."""
        if not self.undo_offered or self.finished:
            return None
        mine = [i for i, (seat, _) in enumerate(self.record.moves) if seat == self.humans[0]]
        return mine[-1] if mine else None

    def undo(self) -> Record | None:
        """Take back the player's last move and everything after it: the record cut there, which the table
        follows again (``start_from``); None when there is nothing to take back."""
        cut = self.undo_point()
        if cut is None:
            return None
        self.undos += 1
        return replace(self.record, moves=self.record.moves[:cut])

    def start_from(self, record: Record, log_step: Callable[[Step, Any], None]) -> None:
        """Follow a new match of ``record`` (the same game, rewound), its past handed to ``log_step``."""
        self.close()
        self.pending.clear()
        self.offer(None)
        self.match = self.new_match(record)
        self.view = self.match.view(self.viewer)
        self.synced = False
        self.follow(log_step)
        self.save(self.record)

    # ----- hints ------------------------------------------------------------
    @property
    def hints_offered(self) -> bool:
        """One person against computers, or people at a shared screen who all agreed to hints in the set-up;
        never at a table hosted elsewhere, a replay or a guided game."""
        return (self.mode.offers_help and self.keeps_record and bool(self.humans)
                and (len(self.humans) == 1 or self.hints_agreed))

    def decision(self) -> tuple[int, int] | None:
        """The decision a person at the screen faces: their seat and how many moves that seat made before it
        (other seats' moves meanwhile, such as Take 5's hidden choices, leave it the same decision)."""
        seat = self.acting
        if seat is None:
            return None
        return seat, sum(1 for mover, _ in self.record.moves if mover == seat)

    def ask_hint(self) -> None:
        """Show the hint for the decision at hand, or put it away; a new one is thought out by the hard player
        of the acting seat, from what the match hands a computer player there, in the background (``take_hint``
        takes it when it comes). The table asks only while the cards are at rest."""
        at = self.decision()
        if at is None or not self.hints_offered or not isinstance(self.match, Match):  # hints are for games here
            return
        if self.hint is not None and self.hint.at == at:
            self.hint_open = not self.hint_open
            return
        if self.advice is not None and self.advice[0] == at:
            return
        self.forget_hint()
        self.advice = (at, Advice(HINT_PLAYER, self.game, self.record.seed, self.match.decision(at[0]),
                                  self.personalities, wake=self.app.wake))

    def take_hint(self) -> Hint | BaseException | None:
        """A hint thought out, if its decision is still open: counted, the count saved with the game, and
        returned (the error when the player failed; None when nothing came or it came too late)."""
        if self.advice is None or not self.advice[1].done:
            return None
        at, advice = self.advice
        self.advice = None
        if advice.error is not None:
            return advice.error
        if advice.move is None or at != self.decision():
            return None
        self.hint = Hint(at, advice.move, hint_reason(self.game.id, self.match.view(at[0]), advice.move))
        self.hint_open = True
        self.hints += 1
        self.save(self.record)
        return self.hint

    def wait_for_hint(self, timeout: float = 30.0) -> None:
        """Block until the hint being thought out has come (tests and scripts; never a frame)."""
        if self.advice is not None:
            self.advice[1].wait(timeout)

    def forget_hint(self) -> None:
        """Drop the hint and stop one being thought out (the game was rewound, or the table closes)."""
        if self.advice is not None:
            self.advice[1].cancel()
        self.advice, self.hint, self.hint_open = None, None, False

    def shown_hint(self, at_rest: bool) -> Hint | None:
        """The hint to show: only while its decision is open and (``at_rest``) the cards are still."""
        hint = self.hint
        if hint is None or not self.hint_open or not at_rest or hint.at != self.decision():
            return None
        return hint
