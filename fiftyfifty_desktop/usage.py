"""What every command shares: the program's name, the one-line usage error and writing a record a command
was asked to write."""

from __future__ import annotations

from pathlib import Path

from .textfiles import write_atomically

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
