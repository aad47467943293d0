"""No module of the window is over 600 lines: one that grows past it is split by job first."""

from pathlib import Path

import pytest

UI = Path(__file__).resolve().parent.parent / "fiftyfifty_desktop" / "ui"
MOST_LINES = 600


@pytest.mark.parametrize("path", sorted(UI.rglob("*.py")), ids=lambda path: str(path.relative_to(UI)))
def test_no_window_module_is_over_600_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{path.relative_to(UI)} has {lines} lines"
