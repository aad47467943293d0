"""The layout audit over every screen the screenshots reach (tables in every phase, their overlays, the menus,
set-up, statistics, rules, guided games, the game review and the rating), each drawn in all four languages at
every text size, in the smallest window the program lays out, the usual one and the largest: it finds nothing.

A finding fails the build with every collision listed (screen, language, text size, the rectangles), so a fix
cannot come undone unnoticed and a new screen cannot collide. Deliberate overlaps (a card over a card) are
declared where they are drawn (``fiftyfifty_desktop/ui/audit.py``), never left out here.
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "scripts"))

from layout_audit import audit_screens  # noqa: E402
from screenshots import SHOOTERS  # noqa: E402

from fiftyfifty_desktop.storage import LANGUAGES, TEXT_SCALES  # noqa: E402

#: The smallest window the program lays out, the usual one and the largest a player is likely to use.
SIZES = ((960, 540), (1280, 720), (1920, 1080))


@pytest.mark.parametrize("size, screens", [(size, screens) for size in SIZES for screens in sorted(SHOOTERS)],
                         ids=lambda value: "x".join(map(str, value)) if isinstance(value, tuple) else value)
def test_the_layout_audit_finds_nothing(size, screens, tmp_path):
    combinations, findings = audit_screens(screens, size, list(LANGUAGES), list(TEXT_SCALES), tmp_path)
    assert combinations >= len(LANGUAGES) * len(TEXT_SCALES), "no screen was drawn"
    listed = "\n".join(f"{name} {language} {scale}%: {what}" for name, language, scale, what in sorted(findings))
    assert not findings, f"{len(findings)} findings:\n{listed}"
