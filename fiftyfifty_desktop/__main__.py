"""``fiftyfifty-desktop`` and ``python -m fiftyfifty_desktop``."""

from __future__ import annotations

import sys
from typing import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    import multiprocessing

    from .cli import run

    multiprocessing.freeze_support()  # arena --jobs in the bundled program starts copies of it

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
