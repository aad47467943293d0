"""The bundled executable's entry point (PyInstaller runs a script, not a package)."""

import sys

from fiftyfifty_desktop.__main__ import main

sys.exit(main())
