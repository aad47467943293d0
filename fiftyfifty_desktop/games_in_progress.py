"""The games in progress on disk, a file (a slot) per game, each owned by the one window that has it open.

``saved-games/`` holds ``<game>.json`` and ``<game>-<n>.json`` (n = 2, 3, ...): one slot per game in progress,
as many of a kind as there are games. A window takes a slot's lock (``<slot>.lock``, see ``slot_locks.py``) when
it starts a game or continues one, saves only into that slot, and removes only that slot, once the game is over or
abandoned; it lets go of the lock when it leaves the table or ends. A slot another running window holds is neither
listed, continued, set aside nor removed here. The layouts of older versions load as they are: their one
``<game>.json`` per kind is a slot like any other, and the single ``current-game.json`` of the oldest moves into a
free slot of its game at the first look (:meth:`GamesInProgress.migrate`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from .engine import GameError
from .engine.records import Record, parse_record, replay
from .slot_locks import SlotLocks
from .storage_files import SetAside, StorageError, write_file
from .textfiles import RECORD_LIMIT, FileReadError, first_line, keep_aside, read_text

#: A slot's name: the game's id, then ``-<n>`` for the second game of that kind and on.
SLOT_NAME = re.compile(r"(?P<game>[a-z0-9_]+)(?:-(?P<n>[1-9][0-9]{0,5}))?")


def slot_game(slot: str) -> str | None:
    """The game a slot's name says it holds, or None for a name that is no slot's."""
    found = SLOT_NAME.fullmatch(slot)
    return found["game"] if found else None


@dataclass(frozen=True)
class SavedGame:
    """A game in progress as Continue lists it: its slot, its record, the position it reached, when it was last
    saved, and whether it is over (left behind when the game could not be stored as it ended)."""

    slot: str
    record: Record
    state: Any
    saved_at: float  # seconds since the epoch (the file's modification time)
    over: bool = False

    @property
    def stage(self) -> tuple[str, int]:
        """How far the game came (its round, hand or turn), as its rules say, for the list to word."""
        from .registry import GAMES

        kind, number = GAMES[self.record.game].stage(self.state)
        return kind, number


@dataclass(frozen=True)
class Unsaved:
    """The newest game record that could not be written, and why (one line)."""

    record: Record
    problem: str
    folder: Path
    errno: int | None = None


class GamesInProgress:
    """The slots in ``saved-games/`` and the one this window plays in (:attr:`playing`)."""

    def __init__(self, data_dir: Path) -> None:
        self.saves_dir = data_dir / "saved-games"
        self.record_path = data_dir / "current-game.json"  # the single save of older versions: migrate()
        self.locks = SlotLocks(self.saves_dir)
        #: The slot this window's game in progress is saved in (its lock held), None before its first save.
        self.playing: str | None = None
        #: Set while the game in progress is not on disk; cleared by the next good save.
        self.unsaved: Unsaved | None = None

    def slot(self, name: str) -> Path:
        """The file of the slot ``name`` (``take5``, ``take5-2``, ...)."""
        return self.saves_dir / f"{name}.json"

    def has_record(self, game: str | None = None) -> bool:
        """Whether a game is in progress on disk (of type ``game``, or of any type; an old single save counts),
        in this window or another."""
        if game is None and self.record_path.exists():
            return True
        return any(game is None or slot_game(path.stem) == game for path in self._slots())

    def _slots(self) -> list[Path]:
        try:
            return sorted(p for p in self.saves_dir.glob("*.json") if slot_game(p.stem) is not None)
        except OSError:
            return []

    def migrate(self, games: Mapping[str, Any]) -> SetAside | None:
        """Move the single save of older versions (``current-game.json``) into a free slot of its game. One that
        cannot be read is renamed aside (never lost) and reported."""
        if not self.record_path.exists():
            return None
        try:
            record = parse_record(read_text(self.record_path, RECORD_LIMIT, self.record_path.name), games)
            replay(record, games)
            slot = self._new_slot(record.game)
            try:
                write_file(self.slot(slot), record.to_json())
                self.record_path.unlink()
            finally:
                self.locks.release(slot)
            return None
        except (FileReadError, GameError, StorageError, OSError) as exc:
            kept = keep_aside(self.record_path)
            return SetAside("saved_game", first_line(exc), kept.name)

    def saved_games(self, games: Mapping[str, Any]) -> tuple[list[SavedGame], list[SetAside]]:
        """Every game in progress not open in another window, with the position it reached and when it was last
        saved, newest first; a file that cannot be read (or holds a game other than its name says) is renamed
        aside and reported."""
        found, problems = [], []
        moved = self.migrate(games)
        if moved is not None:
            problems.append(moved)
        for path in self._slots():
            if slot_game(path.stem) not in games or self.locks.open_elsewhere(path.stem):
                continue  # a game this version does not know (left for the version that does), or another's
            played, problem = self._read_slot(games, path.stem)
            if problem is not None:
                problems.append(problem)
            if played is not None:
                record, state = played
                try:
                    saved_at = path.stat().st_mtime
                except OSError:
                    continue  # gone since: continued, finished or abandoned in another window
                found.append(SavedGame(path.stem, record, state, saved_at, games[record.game].is_over(state)))
        found.sort(key=lambda saved: -saved.saved_at)
        return found, problems

    def load_record(self, games: Mapping[str, Any], slot: str) -> tuple[Record | None, SetAside | None]:
        """The saved game in ``slot``, checked by replaying it; a bad file is kept aside and reported."""
        played, problem = self._read_slot(games, slot)
        return (played[0] if played is not None else None), problem

    def _read_slot(self, games: Mapping[str, Any], slot: str) -> tuple[tuple[Record, Any] | None, SetAside | None]:
        """The record in ``slot`` and the position it reaches; a bad file is kept aside and reported."""
        path = self.slot(slot)
        if not path.exists():
            return None, None
        try:
            record = parse_record(read_text(path, RECORD_LIMIT, path.name), games)
            if record.game != slot_game(slot):
                raise GameError(f"it holds a game of {record.game}")
            return (record, replay(record, games).state), None
        except (FileReadError, GameError) as exc:
            kept = keep_aside(path)
            return None, SetAside("saved_game", first_line(exc), kept.name)

    # ----- the slot this window plays in -----------------------------------
    def take(self, slot: str) -> bool:
        """Make ``slot`` the one this window plays in, to continue or abandon its game: False when another window
        has it open. Raises a one-line ``StorageError`` when its lock file cannot be made."""
        try:
            if not self.locks.take(slot):
                return False
        except OSError as exc:
            raise StorageError(f"{self.locks.path(slot)}: cannot be written "
                               f"({exc.strerror or exc.__class__.__name__})", exc.errno) from None
        if self.playing not in (None, slot):
            self.locks.release(self.playing)
        self.playing = slot
        return True

    def leave(self) -> None:
        """This window no longer has its game open (the table closed): another window may continue it now."""
        if self.playing is not None:
            self.locks.release(self.playing)
            self.playing = None

    def _new_slot(self, game: str) -> str:
        """The first free slot for a new game of ``game``, its lock taken; raises ``OSError``."""
        for n in range(1, 1_000_000):
            slot = game if n == 1 else f"{game}-{n}"
            if not self.slot(slot).exists() and self.locks.take(slot):
                if not self.slot(slot).exists():  # not saved by another window between the two looks
                    return slot
                self.locks.release(slot)
        raise OSError(0, f"no free slot for a game of {game}")

    def save_record(self, record: Record) -> None:
        """Write the game in progress to this window's slot (a new one for a new game); on failure keep it in
        :attr:`unsaved` and raise ``StorageError``."""
        try:
            if self.playing is None or slot_game(self.playing) != record.game:
                self.leave()
                self.playing = self._new_slot(record.game)
            write_file(self.slot(self.playing), record.to_json())
        except OSError as exc:
            self.unsaved = Unsaved(record, exc.strerror or str(exc), self.saves_dir, exc.errno)
            raise StorageError(f"{self.saves_dir}: cannot be written ({exc.strerror or exc.__class__.__name__})",
                               exc.errno) from None
        except StorageError as exc:
            self.unsaved = Unsaved(record, str(exc), self.saves_dir, exc.errno)
            raise
        self.unsaved = None

    def retry_save(self) -> bool:
        """Try again to write the record kept in :attr:`unsaved`; True once nothing is unsaved."""
        if self.unsaved is not None:
            try:
                self.save_record(self.unsaved.record)
            except StorageError:
                return False
        return True

    def discard_unsaved(self) -> None:
        """The player chose to leave a game that could not be saved."""
        self.unsaved = None

    def clear_record(self, game: str) -> None:
        """Forget this window's game in progress of type ``game`` once it is over or abandoned; a slot of another
        window is never removed."""
        if self.unsaved is not None and self.unsaved.record.game == game:
            self.unsaved = None
        if self.playing is None or slot_game(self.playing) != game:
            return
        path = self.slot(self.playing)
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise StorageError(f"{path}: cannot be removed ({exc.strerror or exc.__class__.__name__})") from None
        self.leave()
