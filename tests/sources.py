"""Reading the project's own Python source in tests."""

from __future__ import annotations

import ast


def parse(source: str) -> ast.Module:
    """``ast.parse``, tried again on the spurious ``SystemError`` of CPython before 3.11.8 (gh-106905): the
    parser's recursion count is shared between threads, and another thread that formats a traceback (which
    parses the failing line for its carets) while this one parses makes the count disagree."""
    for _ in range(4):
        try:
            return ast.parse(source)
        except SystemError as error:
            if "recursion depth mismatch" not in str(error):
                raise
    return ast.parse(source)
