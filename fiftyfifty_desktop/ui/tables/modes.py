"""What a table is for: a live game, a seat at a table hosted elsewhere, a stored game shown again, or a
guided first game. A table is given one :class:`Mode`; the mode decides who plays the computer seats, whether
people at the screen move, which help the corner offers, what the pause menu says and which keys the help
lists, so one table class serves every use and no class is put together at run time.

Modes know no pygame: :class:`~.controller.TableController` asks them, and a scene that draws something of a
mode's own (the replay viewer's row of controls, a guided game's notes) is given that part beside it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping, Protocol

from ...ai.worker import make_table_agent
from ...engine import Move
from ...engine.game import Game
from ...engine.match import Agent
from ...engine.reason import Reason
from ...engine.records import Record, Seat, replay
from ...registry import GAMES
from ...tutorials import PERSON, Note, Tutorial
from ..i18n import game_title, tr
from ..keys import LOG_KEYS, KeyHelp
from ...engine.port import MatchPort

HUMAN = "human"
#: The player every seat gets in a replayed record: no computer plays it, no human acts.
REPLAYED = "replayed"
#: Seconds between two moves of a replay at normal speed, after the animations of the first.
MOVE_GAP = 0.6

#: The replay viewer's keys, for its help: its own, not a playing table's.
REPLAY_KEYS = (
    KeyHelp("help.key_space", "help.do_replay_play"),
    KeyHelp("help.key_left_right", "help.do_replay_step"),
    KeyHelp("help.key_page", "help.do_replay_round"),
    KeyHelp("help.key_s", "help.do_replay_speed"),
    KeyHelp("help.key_v", "help.do_replay_view"),
    LOG_KEYS[0],
    KeyHelp("help.key_esc", "help.do_replay_close"),
    KeyHelp("help.key_f11", "help.do_fullscreen"),
    KeyHelp("help.key_help_table", "help.do_help"),
)


class RemoteSeats(Protocol):
    """What a seat at a table hosted elsewhere adds to a match: the seats' state, and why the table is gone."""

    seats: list[dict[str, Any]]
    seat: int
    failure: str | None
    ended: str | None

    @property
    def over(self) -> bool: ...

    @property
    def line_lost(self) -> bool: ...

    def hand_over(self, seat: int, computer: bool) -> None: ...

    def take_refusal(self) -> Reason | None: ...


class SeatMatch(MatchPort, RemoteSeats, Protocol):
    """A seat's match at a table hosted elsewhere: the match port and the seats' state."""


class ModeHost(Protocol):
    """What a mode reads of its table's controller, and the move it may submit through it."""

    game: Game
    humans: list[int]
    acting: int | None
    advice: Any

    @property
    def match(self) -> MatchPort: ...

    def submit(self, seat: int, move: Move) -> Any: ...

    def speed_factor(self) -> float: ...


class Mode:
    """A live game at this screen (the other modes change what differs): computer seats play by their
    opponents, people move, the game is saved after every move and stored in the statistics at its end."""

    #: The game is saved after every move and stored in the statistics at the end.
    keeps_record = True
    #: Undo and hints may be offered (to one person against computers, or to people who agreed).
    offers_help = True
    #: The people at the screen make moves (a replay only watches).
    offers_turns = True
    #: The results offer the same game again with a new number.
    plays_again = True
    #: The table plays its own match (a seat at a table hosted elsewhere is sent its steps).
    plays_locally = True

    def watching(self, viewer: int | None) -> int | None:
        """The seat whose view the screen shows, given the one the table would choose."""
        return viewer

    def agents(self, record: Record, personalities: tuple[Any, ...]) -> dict[int, Agent]:
        """The computer player of every seat no person plays."""
        game = GAMES[record.game]
        return {i: make_table_agent(seat.player, game, i, record.seed, personalities)
                for i, seat in enumerate(record.seats) if seat.player != HUMAN}

    def next_move(self, control: ModeHost) -> bool | None:
        """Make a move of the mode's own (True if one was made, False to hold the game), or None to let the
        computer seats play."""
        return None

    def refusal(self, control: ModeHost, seat: int, move: Move) -> str:
        """Words refusing a legal move the mode does not want now (empty: the rules alone decide)."""
        return ""

    def moved(self, control: ModeHost, seat: int, move: Move) -> None:
        """A person's move was made."""

    def tick(self, control: ModeHost, seconds: float, idle: bool) -> None:
        """``seconds`` passed (``idle``: no card is moving)."""

    def finish(self, control: ModeHost) -> bool:
        """The game is over: True when the mode ends it its own way, False for the results screen."""
        return False

    def played_out(self, control: ModeHost) -> bool:
        """Nothing more will be shown though the game may not be over (a replay at the end of its record)."""
        return False

    def resting(self, control: ModeHost, idle: bool) -> bool:
        """Nothing will happen until a person acts or a move decided elsewhere comes (``idle``: no card is
        moving): a computer's answer, a remote seat's move and a hint being thought out wake the window."""
        match = control.match
        return idle and (match.waiting_elsewhere() or (control.acting is not None and not match.thinking()))

    def lost(self, control: ModeHost) -> str | None:
        """Why the table cannot go on before the game ended (None: it can)."""
        return None

    def refusal_heard(self) -> Reason | None:
        """The rules' reason a move of this seat was refused where the game is kept, once (None: none came).
        A game kept here refuses a move before it is made, so only a host elsewhere can."""
        return None

    def help_keys(self, table_keys: tuple[KeyHelp, ...]) -> tuple[KeyHelp, ...]:
        """The keys the help lists, given those of the table at play."""
        return table_keys

    def resign_offered(self, control: ModeHost) -> bool:
        return bool(control.humans) and not control.match.over

    def pause_heading(self, game_id: str) -> str:
        return tr("pause.heading", game=game_title(game_id))

    def pause_note(self, number: int, saved: bool) -> str:
        """The pause menu's line under its heading: the game number, and whether the game is saved (never
        claims it is while it is not)."""
        return tr("pause.number", number=number) + " \u00b7 " + tr("pause.saved" if saved else "pause.not_saved")


class LiveMode(Mode):
    """A game played at this screen."""


class RemoteMode(Mode):
    """A seat at a table hosted elsewhere: the host keeps the record and plays the computer seats."""

    keeps_record = False
    offers_help = False
    plays_again = False
    plays_locally = False

    def __init__(self, seats: RemoteSeats) -> None:
        self.seats = seats

    def agents(self, record: Record, personalities: tuple[Any, ...]) -> dict[int, Agent]:
        return {}

    def lost(self, control: ModeHost) -> str | None:
        return self.seats.failure or (self.seats.ended if not self.seats.over else None)

    def refusal_heard(self) -> Reason | None:
        return self.seats.take_refusal()

    def pause_heading(self, game_id: str) -> str:
        return tr("net.pause_heading")

    def pause_note(self, number: int, saved: bool) -> str:
        return tr("net.pause_saved")


def round_starts(record: Record) -> tuple[int, ...]:
    """Where each round begins, as a number of moves: 0, then after every move that deals again
    (its events repeat the kind of the game's opening deal). That a deal happened is public."""
    dealt = replay(replace(record, moves=()), GAMES).opening
    if not dealt:
        return (0,)
    deal_kind = dealt[0].kind
    deals: list[bool] = []
    replay(record, GAMES, on_step=lambda _state, events: deals.append(any(e.kind == deal_kind for e in events)))
    return (0,) + tuple(i + 1 for i, deal in enumerate(deals) if deal and i + 1 < len(record.moves))


class ReplayMode(Mode):
    """A stored game shown again: every seat is a person to the match and no one acts; while playing, the
    record's next move is submitted once the gap after the last one is over, as its player made it."""

    keeps_record = False
    offers_help = False
    offers_turns = False
    plays_again = False

    def __init__(self, script: Record, seat: int | None = None, playing: bool = True,
                 rounds: tuple[int, ...] | None = None, exit_at_end: bool = False) -> None:
        self.script = script
        self.seat = seat
        self.playing = playing
        self.rounds = rounds if rounds is not None else round_starts(script)
        self.exit_at_end = exit_at_end
        self.wait = 0.0  # seconds until the next move while playing

    def cut(self, at: int) -> Record:
        """The record to build the table from: the script's first ``at`` moves, every seat replayed."""
        return replace(self.script, moves=self.script.moves[:max(0, min(at, len(self.script.moves)))],
                       seats=tuple(Seat(s.name, REPLAYED) for s in self.script.seats))

    def watching(self, viewer: int | None) -> int | None:
        return self.seat

    def agents(self, record: Record, personalities: tuple[Any, ...]) -> dict[int, Agent]:
        return {}

    def next_move(self, control: ModeHost) -> bool:
        if not self.playing or self.wait > 0 or self.at_end(control):
            return False
        self.play_next(control)
        return True

    def play_next(self, control: ModeHost) -> None:
        """Submit the record's next move through the match, as its player did."""
        seat, text = self.script.moves[control.match.moves_made]
        control.submit(seat, control.game.parse_move(text))
        self.wait = MOVE_GAP * control.speed_factor()

    def at_end(self, control: ModeHost) -> bool:
        return control.match.moves_made >= len(self.script.moves)

    def played_out(self, control: ModeHost) -> bool:
        return self.at_end(control)

    def round_index(self, at: int) -> int:
        return max(i for i, start in enumerate(self.rounds) if start <= at)

    def tick(self, control: ModeHost, seconds: float, idle: bool) -> None:
        if self.playing and idle:
            self.wait -= seconds

    def finish(self, control: ModeHost) -> bool:
        """The end of the record: stop and stay on the table (no results screen)."""
        self.playing = False
        return True

    def resting(self, control: ModeHost, idle: bool) -> bool:
        """Paused or at the end, with every card in place."""
        return not self.playing and idle

    def help_keys(self, table_keys: tuple[KeyHelp, ...]) -> tuple[KeyHelp, ...]:
        return REPLAY_KEYS

    def resign_offered(self, control: ModeHost) -> bool:
        return False

    def pause_note(self, number: int, saved: bool) -> str:
        return tr("pause.number", number=number)


class PracticeMode(Mode):
    """A stored game played on from one of its positions (the replay's "Play on from here"): its computer seats
    keep their players and characters, a person takes the seat watched. A practice game: never saved, never in
    the statistics or the rating, and no game to play again."""

    keeps_record = False
    plays_again = False

    def pause_heading(self, game_id: str) -> str:
        return tr("practice.heading", game=game_title(game_id))

    def pause_note(self, number: int, saved: bool) -> str:
        return tr("practice.note", number=number)


class TryAgainMode(PracticeMode):
    """A mistake of a game review tried again: the table at that decision (a practice game), the seat's choice
    judged by the review's values once made, and the game held there; ``next_mistake`` (None: there is no
    other) opens the next one."""

    def __init__(self, decision: Any, game_id: str, seat: int, next_mistake: Callable[[], None] | None) -> None:
        self.decision = decision
        self.game_id = game_id
        self.seat = seat
        self.next_mistake = next_mistake
        self.verdict: str | None = None  # what the new choice is worth, once made

    def moved(self, control: ModeHost, seat: int, move: Move) -> None:
        if seat == self.seat and self.verdict is None:
            self.verdict = choice_words(self.decision, move.text(), self.game_id)

    def next_move(self, control: ModeHost) -> bool | None:
        return False if self.verdict is not None else None

    def refusal(self, control: ModeHost, seat: int, move: Move) -> str:
        """Once the choice is judged the game stays there: the next mistake, or leave."""
        return tr("practice.held") if self.verdict is not None else ""


def choice_words(decision: Any, chosen: str, game_id: str) -> str:
    """Whether ``chosen`` is the review's best move at ``decision`` (a ``DecisionReview``), or what it costs
    against the best, or that the review did not weigh it."""
    from ...ai.review import scale, size_of
    from ..move_words import verdict_words

    values = {w.move: w.value for w in decision.moves}
    if chosen == decision.best or (chosen in values and values[chosen] >= decision.best_value):
        return tr("practice.best")
    if chosen not in values:
        return tr("practice.unweighed")
    cost = decision.best_value - values[chosen]
    return tr("practice.costs", verdict=verdict_words(size_of(game_id, cost), cost, scale(game_id).unit))


def practice_record(script: Record, at: int, seat: int) -> Record:
    """The game of ``script`` after its first ``at`` moves, ``seat`` played by a person and every other seat as
    it was (the same computer players, or people), without what the table kept beside it."""
    seats = tuple(Seat(s.name, HUMAN) if i == seat else s for i, s in enumerate(script.seats))
    return replace(script, moves=script.moves[:max(0, min(at, len(script.moves)))], seats=seats, table=None)


class GuidedMode(Mode):
    """A guided first game: the deal is fixed, the computer seats play their written moves (then their
    opponents play on), and one note at a time says what to look at and what to play; another legal move
    is refused kindly, and a note with nothing to play holds the game until Continue. Not saved, not counted."""

    keeps_record = False
    offers_help = False
    plays_again = False

    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.note_index = 0
        self.waiting_for: list[Move] = list(tutorial.notes[0].moves)

    def agents(self, record: Record, personalities: tuple[Any, ...]) -> dict[int, Agent]:
        """The written moves first; then each seat's opponent plays on."""
        game = GAMES[record.game]
        then: Mapping[int, Agent] = {seat: make_table_agent(record.seats[seat].player, game, seat, record.seed,
                                                            personalities) for seat in range(1, record.players)}
        return dict(self.tutorial.agents(then))

    @property
    def note(self) -> Note | None:
        """The note in force; None once the guided part is over."""
        notes = self.tutorial.notes
        return notes[self.note_index] if self.note_index < len(notes) else None

    def reading(self, control: ModeHost) -> bool:
        """A note with nothing to play is up (or its turn has come): it holds the game until Continue."""
        note = self.note
        return note is not None and not note.moves and (
            not note.at_my_turn or PERSON in control.match.people_to_move())

    def next_note(self) -> None:
        self.note_index += 1
        note = self.note
        self.waiting_for = list(note.moves) if note is not None else []

    def next_move(self, control: ModeHost) -> bool | None:
        """A note with nothing to play holds the game while it is read."""
        return False if self.reading(control) else None

    def refusal(self, control: ModeHost, seat: int, move: Move) -> str:
        """The note's move goes through; another legal move is refused kindly (an illegal one by the rules)."""
        if self.note is not None and seat == PERSON and move not in self.waiting_for:
            if self.reading(control) or move in control.match.legal_moves(seat):
                return tr("tutorial.not_now")
        return ""

    def moved(self, control: ModeHost, seat: int, move: Move) -> None:
        if self.note is not None and move in self.waiting_for:
            self.waiting_for.remove(move)
            if not self.waiting_for:
                self.next_note()

    def resign_offered(self, control: ModeHost) -> bool:
        return False

    def pause_note(self, number: int, saved: bool) -> str:
        return tr("pause.guided")
