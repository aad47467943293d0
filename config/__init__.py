"""The shipped configuration (opponents, texts, guided games, decks): data of the package
``fiftyfifty_desktop.resources.config``, found by ``fiftyfifty_desktop/resources``."""
