"""One match: the record, the current state, the seats and the turn loop.

Every front end plays through a :class:`Match`: the table on screen, the
``simulate`` and ``arena`` commands, the self-check and the tests. Each
asks the same small questions (who is to move, what may a seat do and see)
and changes the game only with :meth:`Match.submit`; computer seats answer
through :meth:`Match.poll`, which is the one turn loop. A front end never
holds the full state: it is shown one seat's view and the steps that seat
may see, so a screen in the room and a screen over the network are fed
alike.

A computer seat keeps no memory of its own: the match hands it, with its
view and legal moves, the views its seat was shown at its earlier decisions
(``engine/recall.py``), worked out from the record, so a match rebuilt from
a saved record decides as one that played straight through.

Computer seats either answer at once in the caller's thread (``threaded``
False: the command line, tests) or think on worker threads while a window
keeps drawing; :meth:`Match.close` cancels those that are still thinking.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence

from .errors import IllegalMoveError
from .reason import Reason
from .game import AnyGame, Event, Move, State
from .recall import Decision, Recall
from .records import Record, replay, start

#: A seat's view: each game has its own view class; the match passes them on unread.
View = Any


class Agent(Protocol):
    """Anything that picks a legal move from a seat's view, its legal moves and
    ``seen``, the seat's views at its earlier decisions this game (oldest first).

    An agent holds nothing that changes its choices from one decision to the
    next: what it needs to remember is in ``seen``, and its chance for a
    decision is drawn afresh from the game seed, its seat and ``len(seen)``.
    So a new agent at a seat's k-th decision decides as the one that made
    the k before. An agent whose ``uses_view`` attribute is False is given
    ``None`` for the view and for each earlier one, which saves building
    views on every move of a fast playout; one with a ``cancel()`` method is
    told to stop when its match closes. One whose ``sees_all`` attribute is
    True (a measuring player, never at a table) is given the full state its
    decision began in for the view.
    """

    def choose(self, view: Any, legal: tuple[Move, ...], seen: Sequence[Any]) -> Move: ...


@dataclass(frozen=True)
class Step:
    """What one move (or the opening deal) did, as one seat may see it.

    ``seat`` and ``move`` are None for the opening deal; ``move`` is also
    None when the move itself is hidden from the seat watching (a card chosen
    face down). ``index`` is the number of moves made before it.
    """

    index: int
    seat: int | None
    move: Move | None
    events: tuple[Event, ...]


class Watcher(Protocol):
    """A front end that follows the match from one seat (None: the public view)."""

    @property
    def watching(self) -> int | None: ...

    def on_step(self, step: Step, view: View) -> None:
        """``step`` as the watched seat may see it, and that seat's view just after it."""


class RecordKeeper(Protocol):
    """Where a match keeps its record: saved after every move, let go at the end."""

    def save(self, record: Record) -> None: ...

    def game_over(self, record: Record) -> None: ...


class ComputerFailed(RuntimeError):
    """A computer player stopped with an error instead of a move."""

    def __init__(self, seat: int, error: BaseException) -> None:
        super().__init__(f"{type(error).__name__}: {error}")
        self.seat = seat
        self.error = error


class _Answer:
    """A computer seat's move in the making: at once, or on a worker thread, which calls ``wake`` when done."""

    def __init__(self, agent: Agent, decision: Decision, pause: float, threaded: bool, name: str,
                 wake: Callable[[], None]) -> None:
        self.pause = pause
        self.move: Move | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._wake = wake
        if threaded:
            threading.Thread(target=self._run, args=(agent, decision), daemon=True, name=name).start()
        else:
            self._run(agent, decision)

    def _run(self, agent: Agent, decision: Decision) -> None:
        try:
            self.move = agent.choose(decision.view, decision.legal, decision.seen)
        except BaseException as exc:  # reported by the match, never lost in a thread
            self.error = exc
        finally:
            self._done.set()
            self._wake()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    @property
    def ready(self) -> bool:
        return self._done.is_set() and self.pause <= 0

    @property
    def worked_out(self) -> bool:
        """Only the worker's answer is awaited: the pause has run out and the move is not in yet."""
        return self.pause <= 0 and not self._done.is_set()


#: The codes ``Match.submit`` refuses with, besides the game's own.
MATCH_REASON_CODES = ("game_closed", "computer_seat")


class Match:
    """A game in play, from its record, with an agent for every computer seat.

    Raises ``RecordError`` for a record that does not replay.

    Seats without an agent are people (at this screen, or later remote);
    :meth:`submit` takes their moves. ``pause(seat)`` gives a computer seat
    a thinking pause in seconds when it starts to think (counted down by
    :meth:`elapse`), so a table can pace the play; ``wake`` is called from a worker thread (``threaded``)
    whenever a computer seat's answer is in, so a window that sleeps meanwhile wakes; ``keeper`` saves the record
    after every move;
    ``trace`` is told every move with the full state after it (headless
    checkers only: tests, replays; never a front end).
    """

    def __init__(self, game: AnyGame, record: Record, agents: Mapping[int, Agent] | None = None, *,
                 threaded: bool = False, pause: Callable[[int], float] | None = None,
                 wake: Callable[[], None] = lambda: None, keeper: RecordKeeper | None = None,
                 trace: Callable[[int, Move, State, tuple[Event, ...]], None] | None = None) -> None:
        self.game = game
        self.agents = dict(agents or {})
        self.threaded = threaded
        self.pause = pause
        self.wake = wake
        self.keeper = keeper
        self.trace = trace
        self._record = record
        self._moves: list[tuple[int, str]] = list(record.moves)
        self._recall = Recall(game, start(game, record)[0])
        movers = iter(seat for seat, _ in record.moves)
        replayed = replay(record, {record.game: game}, lambda state, _events: self._recall.observe(state, next(movers)))
        self._state, self.opening = replayed.state, replayed.opening
        self._movers: tuple[State, tuple[int, ...]] | None = None
        self._answers: dict[int, _Answer] = {}
        self._watchers: list[Watcher] = []
        self._closed = False
        self._finished = False

    # ----- what a front end may ask ---------------------------------------
    @property
    def record(self) -> Record:
        """The whole game so far: its set-up and every move."""
        if len(self._moves) != len(self._record.moves):
            self._record = replace(self._record, moves=tuple(self._moves))
        return self._record

    @property
    def moves_made(self) -> int:
        return len(self._moves)

    def to_move(self) -> tuple[int, ...]:
        """The seats to move now, worked out once per position: a table asks for every seat it tells."""
        known = self._movers
        if known is None or known[0] is not self._state:
            known = self._movers = (self._state, self.game.to_move(self._state))
        return known[1]

    def people_to_move(self) -> tuple[int, ...]:
        """The seats to move that no computer plays."""
        return tuple(seat for seat in self.to_move() if seat not in self.agents)

    def thinking(self) -> tuple[int, ...]:
        """Computer seats choosing a move now."""
        return tuple(sorted(self._answers))

    def waiting_elsewhere(self) -> bool:
        """The game waits only for a computer seat's answer that a worker thread works out (its thinking pause
        over), and ``wake`` is told when it comes: a window may sleep until then."""
        to_move = self.to_move()
        if self._closed or not self.threaded or any(s in self.agents and s not in self._answers for s in to_move):
            return False
        for seat, answer in sorted(self._answers.items()):
            if seat in to_move and not answer.ready:  # the seat ``poll`` plays next
                return answer.worked_out
        return False

    def legal_moves(self, seat: int) -> tuple[Move, ...]:
        return self.game.legal_moves(self._state, seat)

    def why_illegal(self, seat: int, move: Move) -> Reason:
        """Why ``move`` is refused to ``seat`` now: the game's reason code."""
        return self.game.why_illegal(self._state, seat, move)

    def view(self, seat: int | None) -> View:
        """All that ``seat`` may see now; None gives what every seat sees."""
        return self.game.view(self._state, seat)

    def decision(self, seat: int) -> Decision:
        """What ``seat``, to move, decides on, as a computer player there is handed it (a hint asks
        the hard player with it). Raises ``ValueError`` if the seat is not to move."""
        return self._recall.decision(seat)

    @property
    def over(self) -> bool:
        return self.game.is_over(self._state)

    def scores(self) -> tuple[int, ...]:
        return self.game.scores(self._state)

    def winners(self) -> tuple[int, ...]:
        return self.game.winners(self._state)

    # ----- following the match --------------------------------------------
    def watch(self, watcher: Watcher) -> None:
        """Send ``watcher`` every step from now on; the opening deal first if no move was made yet."""
        self._watchers.append(watcher)
        if not self._moves:
            seat = watcher.watching
            watcher.on_step(Step(0, None, None, self._visible(self.opening, seat)), self.view(seat))

    def _visible(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        return tuple(e for e in events if _sees(self.game.event_audience(e), seat))

    def _tell(self, seat: int, move: Move, events: tuple[Event, ...], moved_from: State) -> None:
        index = len(self._moves) - 1
        audience = self.game.move_audience(moved_from, seat, move)
        for watcher in self._watchers:
            watching = watcher.watching
            shown = move if _sees(audience, watching) else None
            watcher.on_step(Step(index, seat, shown, self._visible(events, watching)), self.view(watching))

    # ----- changing the game ----------------------------------------------
    def submit(self, seat: int, move: Move) -> tuple[Event, ...]:
        """Play ``move`` for ``seat``: the one place the game changes.

        Raises ``IllegalMoveError`` (the game's reason) for a move the rules
        refuse, and for a seat a computer plays or a closed match.
        """
        if self._closed:
            raise IllegalMoveError(Reason("game_closed", {}, "the game is closed"))
        if seat in self.agents:
            raise IllegalMoveError(Reason("computer_seat", {"seat": seat}, f"seat {seat} is played by the computer"))
        return self._play(seat, move)

    def _play(self, seat: int, move: Move) -> tuple[Event, ...]:
        before = self._state
        self._state, events = self.game.apply(before, seat, move)
        self._moves.append((seat, move.text()))
        self._recall.observe(self._state, seat)
        if self.trace is not None:
            self.trace(seat, move, self._state, events)
        if self.keeper is not None:
            self.keeper.save(self.record)
        if self._watchers:
            self._tell(seat, move, events, before)
        if self.keeper is not None and not self._finished and self.over:
            self._finished = True
            self.keeper.game_over(self.record)
        return events

    def elapse(self, seconds: float) -> None:
        """Count the computer seats' thinking pauses down by ``seconds``."""
        for answer in self._answers.values():
            answer.pause -= seconds

    def poll(self, wait: float | None = 0.0) -> bool:
        """Play one computer move if one is ready, after starting every computer
        seat that is to move and not yet thinking; True if a move was made.

        Raises :class:`ComputerFailed` when a computer player failed (the game
        stays as it was before its move). ``wait`` is how long to wait for a
        threaded answer that has no pause left to make (None: until it comes).
        """
        if self._closed:
            return False
        to_move = self.to_move()
        started = False
        for seat in to_move:
            if seat in self.agents and seat not in self._answers:
                self._answers[seat] = self._think(seat)
                started = True
        if started and (wait is None or wait > 0):
            first = next((answer for seat, answer in sorted(self._answers.items()) if seat in to_move), None)
            if first is not None and first.pause <= 0:
                first.wait(wait)
        for seat, answer in sorted(self._answers.items()):
            if answer.error is not None:
                del self._answers[seat]
                raise ComputerFailed(seat, answer.error)
            if not answer.ready:
                if seat in to_move:
                    # Computer seats that choose at once (Take 5's hidden cards) move in seat order, so
                    # the record never depends on which of them thinks faster.
                    return False
                continue
            del self._answers[seat]
            if seat not in to_move or answer.move is None:
                continue
            try:
                self._play(seat, answer.move)
            except IllegalMoveError as exc:
                raise ComputerFailed(seat, exc) from None
            return True
        return False

    def _think(self, seat: int) -> _Answer:
        agent = self.agents[seat]
        decision = self._recall.decision(seat, views=getattr(agent, "uses_view", True))
        if getattr(agent, "sees_all", False):
            decision = replace(decision, view=self._recall.began(seat))
        return _Answer(agent, decision, 0.0 if self.pause is None else self.pause(seat), self.threaded, f"seat-{seat}",
                       self.wake)

    def play(self, until: Callable[[State], bool] | None = None, max_moves: int | None = None) -> None:
        """Let the computer seats play until a person is to move, the game ends,
        ``until(state)`` holds (the end of a deal, say) or ``max_moves`` were made."""
        while not self.over and (until is None or not until(self._state)):
            if max_moves is not None and len(self._moves) >= max_moves:
                return
            if not self.poll(wait=None):
                if not self._answers:
                    return
                self.elapse(float("inf"))  # no one watches this loop: no pause to make

    def wait_for_computers(self, timeout: float = 5.0) -> None:
        """Block until every thinking computer seat has chosen (tests and scripts; never a frame loop)."""
        for answer in list(self._answers.values()):
            answer.wait(timeout)

    def close(self) -> None:
        """Stop: cancel the computer seats still thinking; no move is taken after this."""
        self._closed = True
        for seat in self._answers:
            cancel = getattr(self.agents[seat], "cancel", None)
            if cancel is not None:
                cancel()
        self._answers.clear()
        self._watchers.clear()

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def lost(self) -> str | None:
        """A match in this process is never lost: it ends with its game or when it is closed."""
        return None

    # ----- who plays a seat -----------------------------------------------
    def computer_seats(self) -> tuple[int, ...]:
        """The seats a computer plays now."""
        return tuple(sorted(self.agents))

    def give_to_computer(self, seat: int, agent: Agent) -> None:
        """From now on ``agent`` plays ``seat`` (a person who left, say); it starts on the seat's next decision."""
        self._let_go(seat)
        self.agents[seat] = agent

    def give_back(self, seat: int) -> None:
        """A person plays ``seat`` again: its computer stops thinking and is let go (its worker stopped)."""
        self._let_go(seat)

    def _let_go(self, seat: int) -> None:
        agent = self.agents.pop(seat, None)
        if agent is None:
            return
        if self._answers.pop(seat, None) is not None:
            cancel = getattr(agent, "cancel", None)
            if cancel is not None:
                cancel()
        close = getattr(agent, "close", None)
        if close is not None:
            close()

    # ----- for the trusted ------------------------------------------------
    def full_state(self) -> State:
        """The full state, for headless callers that judge the outcome (replay
        checks, the arena); a front end that shows a seat must not use it."""
        return self._state


def _sees(audience: tuple[int, ...] | None, seat: int | None) -> bool:
    return audience is None or (seat is not None and seat in audience)


def play_out(game: AnyGame, record: Record, agents: Mapping[int, Agent],
             until: Callable[[State], bool] | None = None, max_moves: int | None = None,
             trace: Callable[[int, Move, State, tuple[Event, ...]], None] | None = None) -> Match:
    """Play ``record`` on with ``agents`` at every seat, in this thread; the match as it ended."""
    match = Match(game, record, agents, trace=trace)
    match.play(until=until, max_moves=max_moves)
    return match
