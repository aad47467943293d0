"""Which window has a game in progress open: a lock file beside its saved game.

A window that opens a saved game (or starts one) takes ``<slot>.lock`` with a lock of the operating system
(``flock``, or a byte lock on Windows) and writes its process id into it for a person who looks. The system drops
the lock when the process ends however it ends, so a window that crashed leaves a file that the next window simply
takes; another window meanwhile sees the game as open elsewhere and neither lists, continues nor removes it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class SlotLocks:
    """The lock files this process holds in one folder, by slot name."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._held: dict[str, int] = {}

    def path(self, slot: str) -> Path:
        return self.folder / f"{slot}.lock"

    def holds(self, slot: str) -> bool:
        return slot in self._held

    def take(self, slot: str) -> bool:
        """Lock ``slot`` for this process (True), or False when another window holds it. Raises ``OSError`` when
        the folder refuses the file."""
        if slot in self._held:
            return True
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.path(slot)
        for _ in range(10):  # the file may be removed by its last owner between opening and locking it
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            if not _try_lock(fd):
                os.close(fd)
                return False
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except FileNotFoundError:
                same = False
            if same:
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)
                os.write(fd, f"{os.getpid()}\n".encode("ascii"))
                self._held[slot] = fd
                return True
            _unlock(fd)
            os.close(fd)
        return False

    def open_elsewhere(self, slot: str) -> bool:
        """Whether another window (another process, or another storage of this one) holds ``slot`` now."""
        if slot in self._held:
            return False
        try:
            fd = os.open(self.path(slot), os.O_RDWR)
        except OSError:
            return False  # no lock file (or none this user may open): nobody holds it
        try:
            if not _try_lock(fd):
                return True
            _unlock(fd)
            return False
        finally:
            os.close(fd)

    def release(self, slot: str) -> None:
        """Let go of ``slot`` and remove its lock file (a game closed, finished or abandoned)."""
        fd = self._held.pop(slot, None)
        if fd is None:
            return
        try:
            os.unlink(self.path(slot))  # while still locked, so nobody takes a file that is going
        except OSError:
            pass  # left behind, it is taken by the next window that opens the game
        try:
            _unlock(fd)
        finally:
            os.close(fd)

    def release_all(self) -> None:
        for slot in list(self._held):
            self.release(slot)
