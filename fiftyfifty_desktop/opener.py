"""Show a folder in the system's file manager (the About screen's button).

Linux uses ``xdg-open``, macOS ``open`` and Windows ``os.startfile``. The
opener runs on its own; the caller polls the returned process to learn
whether it failed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def opener_command() -> list[str] | None:
    """The command that opens a folder here, or None where ``os.startfile`` does it (Windows)."""
    if sys.platform == "win32":
        return None
    return ["open"] if sys.platform == "darwin" else ["xdg-open"]


def child_environment() -> dict[str, str]:
    """The environment for the opener: in the bundled program, without the bundle's library path,
    so the file manager loads the system's libraries rather than the game's copies."""
    env = dict(os.environ)
    if getattr(sys, "frozen", False):
        original = env.pop("LD_LIBRARY_PATH_ORIG", None)
        if original is not None:
            env["LD_LIBRARY_PATH"] = original
        else:
            env.pop("LD_LIBRARY_PATH", None)
    return env


def open_folder(folder: Path) -> subprocess.Popen[bytes] | None:
    """Start the platform's opener on ``folder`` (made first, as it may not exist yet).

    Returns the opener's process to poll for its exit status, or None when the
    system took the request at once. Raises ``OSError`` when the folder cannot
    be made or the opener cannot be started.
    """
    folder.mkdir(parents=True, exist_ok=True)
    command = opener_command()
    if command is None:
        os.startfile(folder)  # type: ignore[attr-defined]  # Windows only
        return None
    return subprocess.Popen([*command, str(folder)], env=child_environment(), stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
