"""One place that finds the files the program ships (``config/``, ``assets/``).

They sit beside the package in a source checkout or editable install, under
``sys._MEIPASS`` in the PyInstaller bundle, and under
``<prefix>/share/fiftyfifty_desktop`` after a regular ``pip install``.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


@cache
def resource_root() -> Path:
    """The folder that holds ``config/`` and ``assets/``."""
    candidates = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle))
    candidates.append(Path(__file__).resolve().parent.parent)
    candidates.append(Path(sys.prefix) / "share" / "fiftyfifty_desktop")
    for root in candidates:
        if (root / "config").is_dir() and (root / "assets").is_dir():
            return root
    raise FileNotFoundError("the program's config/ and assets/ folders are missing; reinstall the game")


def resource_path(*parts: str) -> Path:
    """The path of a shipped file, e.g. ``resource_path("config", "ai", "take5.yaml")``."""
    return resource_root().joinpath(*parts)
