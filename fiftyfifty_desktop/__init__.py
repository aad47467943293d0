"""A desktop table for four card games on one pure, deterministic engine."""

__version__ = "0.1.0"
#: The program's licence, as pyproject.toml states it (a test keeps them equal); the About screen shows it.
__license__ = "MIT"
#: The id of the desktop entry, the AppStream metadata and the macOS app bundle.
APP_ID = "org.fiftyfifty.desktop"
