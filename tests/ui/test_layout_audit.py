"""The layout audit over every screen the screenshots reach (tables in every phase, their overlays, the menus,
set-up, statistics, rules and guided games), each drawn in all four languages at every text size, in the
smallest window the program lays out: what it finds may only come down.

``FOUND_AT_960`` holds what each set of screens still shows; a change that adds a collision fails here, and
one that removes some must lower the number, so a fix cannot come undone unnoticed. The aim is none.
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "scripts"))

from layout_audit import audit_screens  # noqa: E402

from fiftyfifty_desktop.storage import LANGUAGES, TEXT_SCALES  # noqa: E402

SIZE = (960, 540)
#: Findings still seen per set of screens at 960x540, every language and text size.
FOUND_AT_960 = {"take5": 54, "rules": 0, "tutorial": 199, "stats": 16, "fiftyfive": 32, "fiftyfifty": 46,
                "thirteen": 151, "setup": 47, "review": 118, "rating": 104}


@pytest.mark.parametrize("game", sorted(FOUND_AT_960))
def test_the_layout_audit_finds_no_more_than_it_did(game, tmp_path):
    combinations, findings = audit_screens(game, SIZE, list(LANGUAGES), list(TEXT_SCALES), tmp_path)
    assert combinations >= len(LANGUAGES) * len(TEXT_SCALES), "no screen was drawn"
    listed = "\n".join(f"{name} {language} {scale}%: {what}" for name, language, scale, what in sorted(findings))
    assert len(findings) <= FOUND_AT_960[game], f"{len(findings)} findings (at most {FOUND_AT_960[game]}):\n{listed}"
    assert len(findings) == FOUND_AT_960[game], f"only {len(findings)} findings now: lower FOUND_AT_960[{game!r}]"
