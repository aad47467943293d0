"""Reading a text file a user or the program keeps, within bounds.

Every file the program reads (records, the saved game, settings, YAML,
rules text) goes through :func:`read_text`: only a regular file (never a
device such as ``/dev/zero`` or a pipe, which could be read for ever), no
bigger than a limit the caller names, in UTF-8. A problem is one
:class:`FileReadError` line naming the file.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
import time
from pathlib import Path

#: Size limits by kind of file, in bytes: far above any real file, far below what hurts.
RECORD_LIMIT = 8 * 1024 * 1024  # a 100,000-move game is about 2 MB
SETTINGS_LIMIT = 64 * 1024
CONFIG_LIMIT = 1024 * 1024
RULES_LIMIT = 256 * 1024


class FileReadError(ValueError):
    """A file that cannot be read as bounded UTF-8 text; the message is one line."""


def read_text(path: Path, limit: int, shown_as: str | None = None) -> str:
    """The UTF-8 text of ``path``; raises :class:`FileReadError` naming ``shown_as`` (or the path)."""
    name = shown_as or str(path)
    try:
        # Non-blocking, so opening a named pipe does not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as stream:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise FileReadError(f"{name}: not a regular file")
            data = stream.read(limit + 1)
    except FileNotFoundError:
        raise FileReadError(f"{name}: file not found") from None
    except IsADirectoryError:
        raise FileReadError(f"{name}: not a regular file") from None
    except OSError as exc:
        raise FileReadError(f"{name}: cannot be read ({exc.strerror or exc.__class__.__name__})") from None
    if len(data) > limit:
        raise FileReadError(f"{name}: larger than {limit // 1024:,} KB, so not read")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileReadError(f"{name}: not UTF-8 text (byte {exc.start})") from None


#: Seconds after which a temporary file of the writer is taken as left by a write that never finished (a
#: crash, ``kill -9``): a write takes milliseconds, so this never touches one under way in another window.
STALE_TEMPORARY = 600
_TEMPORARY_SUFFIX = ".tmp"


def write_atomically(path: Path, text: str, durable: bool = True) -> None:
    """Write ``text`` over ``path`` so that a failure at any point leaves the old file whole: a temporary
    file in the same folder, ``fsync``, ``os.replace``, then ``fsync`` of the folder; the temporary file
    never outlives a failure. Without ``durable`` the two ``fsync`` calls are left out: the file is still
    whole after the program crashes, only a power cut may lose the last writes. Every file the program
    writes over (settings, the saved game, records, exports) goes through here.

    A symbolic link is written through: its final target is replaced (in the target's folder, so the
    replacing stays atomic) and the link stays a link, pointing where it pointed. Only a regular file (or
    none yet) is written over: a device, a pipe or a folder, named or linked to, is refused with an
    ``OSError`` saying "not a regular file" and left as it was. The file replaced keeps its permissions.

    Raises ``OSError``, or ``UnicodeEncodeError`` for text that is not valid (a lone surrogate)."""
    path = Path(os.path.realpath(path))
    data = text.encode("utf-8")
    mode = _regular_or_none(path)
    temp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=_TEMPORARY_SUFFIX, dir=path.parent)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            if mode is not None:
                os.chmod(temp, mode)
            if durable:
                os.fsync(out.fileno())
        os.replace(temp, path)
        temp = None
        if durable:
            _sync_folder(path.parent)
    finally:
        if temp is not None:
            try:
                os.unlink(temp)
            except OSError:
                pass  # the folder refuses even this; the next good write replaces the file anyway


def _regular_or_none(path: Path) -> int | None:
    """The permissions of the regular file at ``path`` (links followed), or None when there is none; raises
    ``OSError`` for anything else there."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(found.st_mode):
        raise OSError(errno.EINVAL, "not a regular file", str(path))
    return stat.S_IMODE(found.st_mode)


def remove_stale_temporaries(folder: Path) -> None:
    """Remove the temporary files of :func:`write_atomically` in ``folder`` that a write killed midway left
    (older than :data:`STALE_TEMPORARY`); only regular files named as the writer names them."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    limit = time.time() - STALE_TEMPORARY
    for entry in entries:
        try:
            if (entry.name.endswith(_TEMPORARY_SUFFIX) and entry.is_file(follow_symlinks=False)
                    and entry.stat(follow_symlinks=False).st_mtime < limit):
                os.unlink(entry.path)
        except OSError:
            continue  # gone already, or not ours to remove: left for a later start


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for a renamed file to the disk (where the system allows it)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def keep_aside(path: Path, companions: tuple[str, ...] = ()) -> Path:
    """Rename an unreadable file, and the files named ``path.name + suffix`` for each of
    ``companions``, to an unused name beside it; never delete. ``path`` itself if that fails."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        target = path.with_name(f"{path.stem}.unreadable-{stamp}{f'-{n}' if n else ''}{path.suffix}")
        if not target.exists():
            try:
                os.replace(path, target)
                for suffix in companions:
                    side = path.with_name(path.name + suffix)
                    if side.exists():
                        os.replace(side, target.with_name(target.name + suffix))
            except OSError:
                return path
            return target
    return path


def first_line(exc: BaseException) -> str:
    """An exception as one short line for a notice: its message's first line (or its kind), cut to 160."""
    text = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
    return text[:160]
