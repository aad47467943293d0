"""What every command shares: the program's name, the one-line usage error, reading a record file and writing
a record a command was asked to write."""

from __future__ import annotations

from pathlib import Path

from .engine import GameError
from .engine.records import Record, parse_record
from .registry import GAMES
from .textfiles import RECORD_LIMIT, read_text, write_atomically

PROG = "fiftyfifty-desktop"


class UsageError(Exception):
    """A problem with what the user asked for; printed as one line, status 2."""


def write_record(path: Path, text: str) -> None:
    """Write a record over ``path`` atomically: a failure leaves a file already there whole."""
    try:
        write_atomically(path, text)
    except OSError as exc:
        raise unwritable(path, exc) from None


def unwritable(path: Path, exc: OSError) -> UsageError:
    return UsageError(f"{path}: cannot be written ({exc.strerror or exc.__class__.__name__})")


def read_record(path: Path) -> Record:
    """A record file, parsed (not yet replayed); one-line errors."""
    try:
        return parse_record(read_text(path, RECORD_LIMIT), GAMES)
    except GameError as exc:
        raise UsageError(f"{path}: {exc}") from None
