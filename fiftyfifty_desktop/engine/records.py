"""Game records: the whole game as game id, options, seats, seed and moves.

A record is the save file, the replay file and the bug report at once. This
module turns records into JSON text and back and replays them; it reads and
writes no files itself. ``docs/records.md`` documents the format.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .errors import GameError, MoveParseError, RecordError, brief, quoted
from .game import AnyGame, Event, Move, State
from .strict_json import JsonError, loads
from .text import bad_character, name_problem

FORMAT = "fiftyfifty-record"
#: How a record file's name ends (the text is JSON); the window offers files so named to open.
FILE_SUFFIX = ".json"
#: The version written; every version from ``OLDEST_VERSION`` on is read (the game upgrades older moves).
VERSION = 2
OLDEST_VERSION = 1
_FIELDS = {"format", "version", "game", "players", "options", "seats", "seed", "setup", "moves", "table"}
_REQUIRED = _FIELDS - {"setup", "table"}
#: What a record's ``table`` may hold: counts of moves taken back and hints shown, and whether the
#: people at a shared screen agreed to hints.
TABLE_COUNTS = ("undos", "hints")
TABLE_FLAGS = ("hints_agreed",)
#: Longest seat name or player id a record may hold (the setup screen allows 20 characters).
NAME_LIMIT = 40


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a name and ``human`` or a computer opponent id."""

    name: str
    player: str = "random"


@dataclass(frozen=True)
class Record:
    game: str
    players: int
    options: Mapping[str, Any]
    seats: tuple[Seat, ...]
    seed: int
    moves: tuple[tuple[int, str], ...] = ()
    setup: Mapping[str, Any] | None = None
    #: What the table keeps beside the game (see ``TABLE_COUNTS``, ``TABLE_FLAGS``); it never changes play.
    table: Mapping[str, Any] | None = None

    def with_move(self, seat: int, move: Move) -> Record:
        return Record(self.game, self.players, self.options, self.seats, self.seed,
                      self.moves + ((seat, move.text()),), self.setup, self.table)

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seats": [{"name": s.name, "player": s.player} for s in self.seats],
            "seed": self.seed,
        }
        if self.setup is not None:
            data["setup"] = self.setup
        if self.table:
            data["table"] = dict(self.table)
        data["moves"] = [[seat, text] for seat, text in self.moves]
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def parse_record(text: str, games: Mapping[str, AnyGame]) -> Record:
    """Read and check a record's JSON text; raises ``RecordError``.

    Only the shape is checked here; :func:`replay` checks every move.
    """
    try:
        data = loads(text)
    except JsonError as exc:
        raise RecordError(f"not a readable record: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError("not a readable record: the top level must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a {FORMAT} file (format is {brief(data.get('format'))})")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordError("record version must be a whole number")
    if not OLDEST_VERSION <= version <= VERSION:
        raise RecordError(f"record version {version} is not supported (this program reads versions "
                          f"{OLDEST_VERSION} to {VERSION})")
    missing = sorted(_REQUIRED - set(data))
    if missing:
        raise RecordError(f"record is missing the field {brief(missing[0])}")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise RecordError(f"record has an unknown field {brief(unknown[0])}")
    game_id = data["game"]
    if not isinstance(game_id, str) or game_id not in games:
        raise RecordError(f"record names an unknown game {brief(game_id)}")
    players = data["players"]
    if isinstance(players, bool) or not isinstance(players, int):
        raise RecordError("record field 'players' must be a whole number")
    if not isinstance(data["options"], dict):
        raise RecordError("record field 'options' must be an object")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise RecordError("record field 'seed' must be a whole number, 0 or more")
    seats = _parse_seats(data["seats"], players)
    try:
        moves = games[game_id].upgrade_moves(_parse_moves(data["moves"], players), version)
    except MoveParseError as exc:
        raise RecordError(f"record version {version}: {exc}") from None
    setup = data.get("setup")
    if setup is not None and not isinstance(setup, dict):
        raise RecordError("record field 'setup' must be an object")
    return Record(game_id, players, data["options"], seats, seed, moves, setup, _parse_table(data.get("table")))


def _parse_table(raw: Any) -> dict[str, Any] | None:
    """The optional ``table`` object: whole counts from 0 and yes/no flags, nothing else."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise RecordError("record field 'table' must be an object")
    for key, value in raw.items():
        if key in TABLE_COUNTS:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise RecordError(f"record table {brief(key)} must be a whole number, 0 or more")
        elif key in TABLE_FLAGS:
            if not isinstance(value, bool):
                raise RecordError(f"record table {brief(key)} must be true or false")
        else:
            raise RecordError(f"record table has an unknown field {brief(key)}")
    return dict(raw)


def _parse_seats(raw: Any, players: int) -> tuple[Seat, ...]:
    if not isinstance(raw, list) or len(raw) != players:
        raise RecordError(f"record field 'seats' must list {players} seats")
    seats = []
    for i, seat in enumerate(raw):
        if (not isinstance(seat, dict) or set(seat) != {"name", "player"}
                or not all(isinstance(v, str) and v for v in seat.values())):
            raise RecordError(f"record seat {i} must be an object with a 'name' and a 'player' text")
        for field_name in ("name", "player"):
            value = seat[field_name]
            if len(value) > NAME_LIMIT:
                raise RecordError(f"record seat {i} {field_name} is longer than {NAME_LIMIT} characters")
            bad = bad_character(value)
            if bad is not None:
                raise RecordError(f"record seat {i} {field_name} holds {bad}, which cannot be shown")
        problem = name_problem(seat["name"])
        if problem is not None:
            raise RecordError(f"record seat {i} name: {problem}")
        seats.append(Seat(seat["name"], seat["player"]))
    return tuple(seats)


def _parse_moves(raw: Any, players: int) -> tuple[tuple[int, str], ...]:
    if not isinstance(raw, list):
        raise RecordError("record field 'moves' must be a list")
    moves = []
    for i, entry in enumerate(raw):
        ok = (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int)
              and not isinstance(entry[0], bool) and 0 <= entry[0] < players and isinstance(entry[1], str))
        if not ok:
            raise RecordError(f"move {i}: must be [seat, \"move\"] with a seat from 0 to {players - 1}, got {brief(entry)}")
        moves.append((entry[0], entry[1]))
    return tuple(moves)


@dataclass
class Replay:
    """The outcome of replaying a record: the final state, the deal's events and every move's."""

    state: State
    opening: tuple[Event, ...] = ()
    events: list[Event] = field(default_factory=list)


def start(game: AnyGame, record: Record) -> tuple[State, tuple[Event, ...]]:
    """The record's first state and the events of its deal; raises ``RecordError``
    for bad options or setup."""
    try:
        return game.new_game(record.players, record.options, record.seed, record.setup)
    except GameError as exc:
        raise RecordError(str(exc)) from None


def replay(
    record: Record,
    games: Mapping[str, AnyGame],
    on_step: Callable[[State, tuple[Event, ...]], None] | None = None,
) -> Replay:
    """Replay every move of ``record``; raises ``RecordError`` at the first bad one.

    The message names the move's index and text, and says whether the text
    is not a move at all or a move that the rules refuse.
    """
    game = games[record.game]
    state, opening = start(game, record)
    result = Replay(state, opening)
    for index, (seat, text) in enumerate(record.moves):
        try:
            move = game.parse_move(text)
        except MoveParseError as exc:
            raise RecordError(f"move {index} ({seat}: {quoted(text)}) cannot be read: {exc}") from None
        try:
            state, events = game.apply(state, seat, move)
        except GameError as exc:
            raise RecordError(f"move {index} ({seat}: {quoted(text)}) is illegal: {exc}") from None
        result.events.extend(events)
        if on_step is not None:
            on_step(state, events)
    result.state = state
    return result


def finished(record: Record, games: Mapping[str, AnyGame]) -> bool:
    """Whether the game ``record`` holds is over; raises ``RecordError`` as :func:`replay` does."""
    return games[record.game].is_over(replay(record, games).state)
