"""A desktop table for four card games on one pure, deterministic engine."""

import os

# Every way in (the program, ``python -m``, the scripts, the tests) imports this package before pygame, so
# pygame's greeting never reaches the terminal; a value already set is left alone.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
#: The program's licence, as pyproject.toml states it (a test keeps them equal); the About screen shows it.
__license__ = "MIT"
#: The one application id: the desktop entry, AppStream metadata, icons, the Flatpak, the Windows
#: AppUserModelID and the macOS bundle id are all named after it. Reverse-DNS under the project's
#: own GitHub name (Flathub's rule: io.github.<owner>.<name>, a hyphen in the owner written as "_").
APP_ID = "io.github.fiftyfifty_desktop.CardTable"
#: The project's home and its issue tracker, as pyproject.toml's [project.urls] state them (a test keeps them equal).
HOMEPAGE = "https://github.com/fiftyfifty-desktop/fiftyfifty_desktop"
BUG_TRACKER = f"{HOMEPAGE}/issues"
