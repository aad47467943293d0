"""``fiftyfifty-desktop`` and ``python -m fiftyfifty_desktop``."""

from __future__ import annotations

import sys
from typing import Sequence


def name_windows_taskbar_entry() -> None:
    """Group the window under the Start-menu shortcut's id (the setup program gives the shortcut the same)."""
    import ctypes

    from . import APP_ID

    ctypes.windll.shell32.SetCurrentProcessExplicitAppUserModelID(APP_ID)  # type: ignore[attr-defined]


def main(argv: Sequence[str] | None = None) -> int:
    import multiprocessing

    from .cli import run

    multiprocessing.freeze_support()  # arena --jobs in the bundled program starts copies of it
    if sys.platform == "win32":
        name_windows_taskbar_entry()

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
