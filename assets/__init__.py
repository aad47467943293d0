"""The shipped assets (fonts, icon, rules pages): data of the package
``fiftyfifty_desktop.resources.assets``, found by ``fiftyfifty_desktop/resources``."""
