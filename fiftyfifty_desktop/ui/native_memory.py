"""Give freed native memory back to the system at quiet moments.

Pygame's surfaces and fonts live in C memory from glibc's ``malloc``. Once a
large picture was freed (the old size's felt after a resize, the backdrop of a
table left) glibc keeps the freed pages in its heap for later, so the
process's resident memory only ever grows over an evening of games. On glibc
Linux :func:`trim` asks ``malloc_trim(0)`` to return those free pages; on any
other system, or when the call cannot be found, it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from typing import Callable


def _find_malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where there is no such call (not Linux, musl, ...)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        function = libc.malloc_trim
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_size_t]
    function.restype = ctypes.c_int
    return function


_malloc_trim = _find_malloc_trim()


def trim() -> bool:
    """Return the heap's free pages to the system; True when some were returned."""
    if _malloc_trim is None:
        return False
    return bool(_malloc_trim(0))


def collect_and_trim() -> None:
    """Free what only refers to itself (a table left before, its animations and its geometry refer to each
    other, so only the cycle collector frees them) and give the freed memory back, before a new table fills it."""
    gc.collect()
    trim()
