"""What a folder holds, for choosing a file in the window: read on a thread of its own and bounded.

A folder may be huge (a download folder of a hundred thousand files), slow (a network share) or refuse to
be read; none of that may hold up the window or end in a traceback. :func:`read_folder` reads at most
:data:`SCANNED` entries and keeps at most :data:`LISTED` of them, sorted as a person looks for them (folders
first, then files, each by name whatever the case); a folder that cannot be read is a :class:`Listing` with
a problem code, never an exception. :class:`FolderReader` runs it on a daemon thread, so the window keeps
drawing while a listing takes its time, and only the newest request counts.
"""

from __future__ import annotations

import errno
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

#: The most entries of one folder read (their names only: about 0.2 s for all of them on a local disk), and the
#: most of those listed, the first in the order shown.
SCANNED = 50_000
LISTED = 1000

#: Why a folder was not read: it is not there, it may not be read, it is a file, or the system said otherwise.
GONE, NOT_ALLOWED, NOT_FOLDER, UNREADABLE = "gone", "not_allowed", "not_folder", "unreadable"
_PROBLEMS = {errno.ENOENT: GONE, errno.EACCES: NOT_ALLOWED, errno.EPERM: NOT_ALLOWED, errno.ENOTDIR: NOT_FOLDER}


@dataclass(frozen=True)
class Entry:
    name: str  # as the system gives it (it may hold characters that cannot be shown)
    is_folder: bool


@dataclass(frozen=True)
class Listing:
    """A folder's folders and wanted files in the order shown, or why it could not be read."""

    folder: Path
    entries: tuple[Entry, ...] = ()
    #: True when the folder holds more than the entries listed.
    more: bool = False
    problem: str | None = None  # one of GONE, NOT_ALLOWED, NOT_FOLDER, UNREADABLE
    reason: str = ""  # the system's words for UNREADABLE


def sort_key(entry: Entry) -> tuple[bool, str, str]:
    """Folders before files, then by name as a person reads it (case does not count, ties by the exact name)."""
    return (not entry.is_folder, entry.name.casefold(), entry.name)


def problem_of(exc: OSError) -> tuple[str, str]:
    """The problem code of a refusal, and the system's words for it."""
    return _PROBLEMS.get(exc.errno or 0, UNREADABLE), exc.strerror or type(exc).__name__


def read_folder(folder: Path, wanted: Callable[[str], bool], scanned: int = SCANNED,
                listed: int = LISTED) -> Listing:
    """The folders and the files ``wanted`` (by name) in ``folder``; hidden ones (a name starting with ".")
    are left out. Reads at most ``scanned`` entries and keeps the first ``listed`` of them in the order shown."""
    found: list[Entry] = []
    more = False
    try:
        with os.scandir(folder) as entries:
            for count, entry in enumerate(entries):
                if count >= scanned:
                    more = True
                    break
                if entry.name.startswith("."):
                    continue
                try:
                    is_folder = entry.is_dir()  # through a link, as opening it would go
                except OSError:
                    continue  # gone or refused between the listing and the look: not offered
                if is_folder or wanted(entry.name):
                    found.append(Entry(entry.name, is_folder))
    except OSError as exc:
        code, reason = problem_of(exc)
        return Listing(folder, problem=code, reason=reason)
    found.sort(key=sort_key)
    return Listing(folder, tuple(found[:listed]), more or len(found) > listed)


class FolderReader:
    """Reads one folder at a time on a daemon thread; asking for another folder forgets the one still read.

    ``take()`` hands over the newest listing once, when it is ready; a thread held up by a slow folder
    finishes (or not) on its own and its listing is dropped."""

    def __init__(self, wanted: Callable[[str], bool]) -> None:
        self.wanted = wanted
        self._lock = threading.Lock()
        self._asked = 0  # how many folders were asked for: the number of the newest request
        self._ready: Listing | None = None
        self.waiting_for: Path | None = None

    def read(self, folder: Path) -> None:
        with self._lock:
            self._asked += 1
            number = self._asked
            self._ready = None
        self.waiting_for = folder
        threading.Thread(target=self._work, args=(folder, number), name="folder", daemon=True).start()

    def _work(self, folder: Path, number: int) -> None:
        listing = read_folder(folder, self.wanted)
        with self._lock:
            if number == self._asked:
                self._ready = listing

    @property
    def busy(self) -> bool:
        return self.waiting_for is not None

    def take(self) -> Listing | None:
        """The newest listing when it has come, once; else None."""
        with self._lock:
            listing, self._ready = self._ready, None
        if listing is not None:
            self.waiting_for = None
        return listing
