"""What the files the program keeps have in common: a problem with one of them is one line, and a write goes
through :func:`~.textfiles.write_atomically`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .textfiles import write_atomically

#: The data folder's folder of games waiting to be counted (``uncounted.py``).
UNCOUNTED_FOLDER = "uncounted"


class StorageError(ValueError):
    """A file the program keeps that could not be read or written (one line).

    ``errno`` is the system's error number when the system refused, so a
    front end can say why in its player's language."""

    def __init__(self, message: str, errno: int | None = None) -> None:
        super().__init__(message)
        self.errno = errno


@dataclass(frozen=True)
class SetAside:
    """A file that could not be read and was renamed beside itself: which one, why, its new name.

    The window words it in the player's language; ``str`` gives the English line."""

    what: str  # "settings", "saved_game" or "joined_seat"
    reason: str
    kept: str

    def __str__(self) -> str:
        if self.what == "settings":
            return f"settings file could not be read ({self.reason}); defaults are used, the file was kept as {self.kept}"
        if self.what == "joined_seat":
            return f"the seat kept at a network table could not be read ({self.reason}); it was kept as {self.kept}"
        return f"the saved game could not be read ({self.reason}); it was kept as {self.kept}"


def write_file(path: Path, text: str, durable: bool = True) -> None:
    """Write through :func:`~.textfiles.write_atomically` (a failure leaves the old file whole), as a one-line
    ``StorageError`` naming the file."""
    try:
        write_atomically(path, text, durable)
    except UnicodeEncodeError as exc:
        raise StorageError(f"{path}: cannot be written (character {exc.start} is not valid text)") from None
    except OSError as exc:
        raise StorageError(f"{path}: cannot be written ({exc.strerror or exc.__class__.__name__})",
                           exc.errno) from None
