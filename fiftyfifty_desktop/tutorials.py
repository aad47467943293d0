"""Guided first games, written as data: the file under ``config/tutorials/``
that the game's registry entry names (``<game>.yaml``).

A guided game is a fixed deal (an explicit setup, as in a record), the
moves every computer seat plays, and the notes the person at seat 0 reads
one after another. A note with ``moves`` waits for the person to make
exactly those moves (in any order); a
note without waits for Continue while the game holds still (with
``at_my_turn: true``, the others play on up to the person's turn first). ``look`` names
parts of the table to point at, as the table's geometry calls them
(``[row_band, 3]``). Notes name their text by a key under
``tutorial.<game>.`` in every catalogue, so one script serves every
language. When the notes run out the game goes on freely: each computer
seat is then played by the opponent named in ``opponents``.

Loading replays the whole script through the rules, so a script whose
moves do not fit its deal is refused in one line naming the note.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from .ai.personalities import load_personalities
from .ai.scripted import ScriptedAgent, ScriptEnded
from .config import ConfigError, Node, load_yaml
from .engine import GameError
from .engine.game import Move
from .engine.match import ComputerFailed, Match
from .engine.records import Record, Seat
from .registry import ENTRY, GAMES, entry
from .resources import resource_path

PERSON = 0  # the seat of the person who learns
LOOK_NAME = re.compile(r"^[a-z][a-z_]{0,30}$")


@dataclass(frozen=True)
class Note:
    text: str  # key under tutorial.<game>.
    moves: tuple[Move, ...]  # what the person is to play now (empty: read, then Continue)
    look: tuple[tuple[str, tuple[int, ...]], ...]  # parts of the table to point at
    at_my_turn: bool = False  # a note to read once the others have played up to the person's turn


@dataclass(frozen=True)
class Tutorial:
    game: str
    players: int
    options: Mapping[str, Any]
    seed: int
    setup: Mapping[str, Any]
    opponents: tuple[str, ...]  # who plays seats 1.. once the script has run out
    computer_moves: tuple[tuple[Move, ...], ...]  # the written moves of seats 1..
    notes: tuple[Note, ...]

    def key(self, note: Note) -> str:
        return f"tutorial.{self.game}.{note.text}"

    def record(self, names: tuple[str, ...]) -> Record:
        """The guided game's record, seat 0 the person and the others the opponents, named ``names``."""
        seats = (Seat(names[0], "human"),) + tuple(Seat(n, o) for n, o in zip(names[1:], self.opponents))
        return Record(self.game, self.players, dict(self.options), seats, self.seed, (), dict(self.setup))

    def agents(self, then: Mapping[int, Any] | None = None) -> dict[int, ScriptedAgent]:
        """The computer seats: their written moves, then ``then[seat]`` (none: the script must not run out)."""
        return {seat: ScriptedAgent(seat, moves, (then or {}).get(seat))
                for seat, moves in enumerate(self.computer_moves, start=1)}


def tutorial_games() -> list[str]:
    """The registered games that have a guided first game, in the registry's order."""
    return [game_id for game_id, known in ENTRY.items() if known.tutorial is not None]


def tutorial_path(game_id: str) -> Path | None:
    """The file of ``game_id``'s guided first game, as its registry entry names it; None for a game without one."""
    name = entry(game_id).tutorial
    return None if name is None else resource_path("config", "tutorials", name)


def load_tutorial(game_id: str) -> Tutorial:
    """The guided game of ``game_id``, checked by playing it through; a bad file is a one-line ``ConfigError``."""
    path = tutorial_path(game_id)
    if path is None:
        raise ConfigError(f"{GAMES[game_id].name} has no guided first game")
    return load_tutorial_file(path, game_id, f"config/tutorials/{path.name}")


def load_tutorial_file(path: Path, game_id: str, shown: str | None = None) -> Tutorial:
    """The guided game of ``game_id`` in ``path``, checked by playing it through."""
    shown = shown or str(path)
    tutorial = read_tutorial(game_id, load_yaml(path, shown))
    rehearse(tutorial, shown)
    return tutorial


def _move(game, node: Node) -> Move:
    try:
        return game.parse_move(node.text())
    except GameError as exc:
        raise node.fail(str(exc)) from None


def read_tutorial(game_id: str, node: Node) -> Tutorial:
    game = GAMES[game_id]
    top = node.mapping(["players", "seed", "setup", "opponents", "computer_moves", "notes"], ["options"])
    players = top["players"].integer(game.min_players, game.max_players)
    try:
        options = game.resolve_options(players, top["options"].plain() if "options" in top else {})
    except GameError as exc:
        raise (top.get("options") or node).fail(str(exc)) from None
    known = [p.id for p in load_personalities() if game_id in p.games]
    opponents = tuple(o.text(known) for o in top["opponents"].items(players - 1, players - 1))
    computer_moves = tuple(tuple(_move(game, m) for m in seat.items())
                           for seat in top["computer_moves"].items(players - 1, players - 1))
    notes = []
    for note in top["notes"].items(1):
        fields = note.mapping(["text"], ["moves", "look", "at_my_turn"])
        text = fields["text"].text()
        if not LOOK_NAME.match(text):
            raise fields["text"].fail("must be a key of lower-case letters and _")
        moves = tuple(_move(game, m) for m in fields["moves"].items(1)) if "moves" in fields else ()
        looks = []
        for part in fields["look"].items(1) if "look" in fields else ():
            bits = part.items(1, 3)
            name = bits[0].text()
            if not LOOK_NAME.match(name):
                raise bits[0].fail("must name a part of the table in lower-case letters and _")
            looks.append((name, tuple(b.integer(0, 20) for b in bits[1:])))
        at_my_turn = fields["at_my_turn"].boolean() if "at_my_turn" in fields else False
        if at_my_turn and moves:
            raise fields["at_my_turn"].fail("is for a note without moves (a note with moves waits for them anyway)")
        notes.append(Note(text, moves, tuple(looks), at_my_turn))
    setup = top["setup"]
    if not isinstance(setup.value, dict):
        raise setup.fail("must be a mapping: the first deal, as in a record")
    return Tutorial(game_id, players, options, top["seed"].integer(0, 10**9), setup.plain(), opponents,
                    computer_moves, tuple(notes))


def rehearse(tutorial: Tutorial, shown: str) -> None:
    """Play the script through the rules with no one at the screen; the first misfit is a ``ConfigError``."""
    game = GAMES[tutorial.game]
    names = tuple(f"seat {i}" for i in range(tutorial.players))
    note_number = 0
    try:
        agents = tutorial.agents()
        match = Match(game, tutorial.record(names), agents)
        for note_number, note in enumerate(tutorial.notes, start=1):
            for move in note.moves:
                match.play()
                if PERSON not in match.people_to_move():
                    raise ConfigError(f"{shown}: note {note_number} ({note.text}): seat 0 is not to move "
                                      f"when it should play {move.text()}")
                if move not in match.legal_moves(PERSON):
                    raise ConfigError(f"{shown}: note {note_number} ({note.text}): {move.text()} is not "
                                      f"legal for seat 0 then")
                match.submit(PERSON, move)
        def written_left() -> list[int]:
            """The seats that have not played all their written moves yet (one move per decision)."""
            made = Counter(seat for seat, _ in match.record.moves)
            return [seat for seat, agent in agents.items() if made[seat] < len(agent.moves)]

        match.play(until=lambda _state: not written_left())
        left = written_left()
        if left:
            raise ConfigError(f"{shown}: seat {left[0]} still has written moves when the game comes to seat 0 "
                              "after the last note")
    except (GameError, ScriptEnded) as exc:
        raise ConfigError(f"{shown}: note {note_number}: {exc}") from None
    except ComputerFailed as failed:
        raise ConfigError(f"{shown}: note {note_number}: {failed.error}") from None
