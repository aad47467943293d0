"""One place that finds the files the program ships (``config/`` and ``assets/``).

The repository keeps them at its top; pyproject.toml makes them the packages
``fiftyfifty_desktop.resources.config`` and ``fiftyfifty_desktop.resources.assets``,
so ``importlib.resources`` finds them the same way in an editable install, a
wheel, the PyInstaller bundle and the Flatpak, and no install can leave one out.
"""

from __future__ import annotations

import atexit
from contextlib import ExitStack
from functools import cache
from importlib.resources import as_file, files
from pathlib import Path

from ..textfiles import FileReadError

#: The shipped folders, each a package of data beside this module.
SHIPPED = ("config", "assets")
#: The files the program opens by name (the others it finds by listing their folder): --self-check wants each.
ICON_FILE = ("assets", "icon.png")
FONT_FILES = {False: ("assets", "fonts", "DejaVuSans.ttf"), True: ("assets", "fonts", "DejaVuSans-Bold.ttf")}
#: A folder that is not on disk (a zipped install) is unpacked once and removed at exit.
_unpacked = ExitStack()
atexit.register(_unpacked.close)


@cache
def shipped_folder(name: str) -> Path:
    """The real folder of ``config`` or ``assets``: pygame and the YAML loaders want paths. An install that lost
    one is a one-line ``FileReadError``, which every command shows as it shows an unreadable file."""
    if name not in SHIPPED:
        raise ValueError(f"no shipped folder {name!r}; there are {', '.join(SHIPPED)}")
    try:
        found = files(f"{__name__}.{name}")
    except ModuleNotFoundError:
        raise FileReadError(f"the program's {name}/ folder is missing; reinstall the game") from None
    return _unpacked.enter_context(as_file(found))


def shipped_folders() -> dict[str, Path]:
    """Each shipped folder by its name."""
    return {name: shipped_folder(name) for name in SHIPPED}


def resource_path(*parts: str) -> Path:
    """The path of a shipped file, e.g. ``resource_path("config", "ai", "take5.yaml")``."""
    return shipped_folder(parts[0]).joinpath(*parts[1:])
