"""What a front end may ask of a game in play and do to it: :class:`MatchPort`.

A table on screen, the replay viewer and the guided game play through a
port and nothing else: a local :class:`~fiftyfifty_desktop.engine.match.Match`
or a seat at a table served elsewhere
(:class:`~fiftyfifty_desktop.net.client.RemoteMatch`). Both give the same
answers to the same questions, which ``tests/test_match_port.py`` checks
against a local match and a match over a loopback server alike. This module
imports nothing of the network, so a front end can name the port without it.

A refusal is always a :class:`~fiftyfifty_desktop.engine.reason.Reason`
(a code with parameters): the front end words it in its player's language,
whichever side of a network found it.
"""

from __future__ import annotations

from typing import Protocol

from .game import Event, Move
from .match import View, Watcher
from .reason import Reason
from .records import Record

class MatchPort(Protocol):
    """One game in play as a front end sees it: who moves, what a seat may do and see, and the one way to move."""

    @property
    def record(self) -> Record:
        """The game's set-up and the moves this side knows of (a remote seat knows no moves)."""

    @property
    def moves_made(self) -> int: ...

    def to_move(self) -> tuple[int, ...]:
        """Every seat the game waits for."""

    def people_to_move(self) -> tuple[int, ...]:
        """The seats to move whose move this front end submits (no computer plays them, none is on its way)."""

    def thinking(self) -> tuple[int, ...]:
        """The seats to move that others decide for: computers here, or players and computers elsewhere."""

    def waiting_elsewhere(self) -> bool:
        """The seats thinking decide on another thread or machine, which wakes the front end when their move
        comes (no thinking pause is left to count down here): a window may sleep until then."""

    def legal_moves(self, seat: int) -> tuple[Move, ...]:
        """What ``seat`` may play now (empty when it is not this front end's to play)."""

    def why_illegal(self, seat: int, move: Move) -> Reason:
        """Why ``move`` is refused to ``seat`` now, as the game's reason code with its parameters."""

    def view(self, seat: int | None) -> View:
        """All that ``seat`` may see now; None: what every seat sees."""

    @property
    def over(self) -> bool: ...

    def scores(self) -> tuple[int, ...]: ...

    def winners(self) -> tuple[int, ...]: ...

    def watch(self, watcher: Watcher) -> None:
        """Send ``watcher`` every step from now on (and the opening deal, if no move was made yet)."""

    def submit(self, seat: int, move: Move) -> tuple[Event, ...]:
        """Play ``move`` for ``seat``; raises ``IllegalMoveError`` with the reason for a refused one.

        The watchers are told the step when it is made: at once here, or when a server confirms it.
        """

    def poll(self, wait: float | None = 0.0) -> bool:
        """Let the game go on: a computer move made or a step that came handed on; True if one was."""

    def elapse(self, seconds: float) -> None:
        """Count thinking pauses down by ``seconds`` (the frame time)."""

    def wait_for_computers(self, timeout: float = 5.0) -> None:
        """Block until the seats others decide for have answered (tests and scripts; never a frame loop)."""

    @property
    def lost(self) -> str | None:
        """Why the match ended before its game did (a table that closed or could not be read); None while it plays."""

    def close(self) -> None:
        """Stop: no move is taken after this."""

    @property
    def closed(self) -> bool: ...
