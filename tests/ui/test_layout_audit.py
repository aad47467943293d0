"""The layout audit over every screen the screenshots reach (tables in every phase, their overlays, the menus,
set-up, statistics, rules and guided games), each drawn in all four languages at every text size, in the
smallest window the program lays out: what it finds may only come down.

``FOUND_AT_960`` holds what each set of screens still shows; a change that adds a collision fails here, and
one that removes some must lower the number, so a fix cannot come undone unnoticed. The aim is none.
``FOUND_LARGER`` does the same at the larger windows a player is likely to use, for the sets audited there
(each set at each size costs about as long as at 960x540, so not every set is drawn at every size).
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "scripts"))

from layout_audit import audit_screens  # noqa: E402

from fiftyfifty_desktop.storage import LANGUAGES, TEXT_SCALES  # noqa: E402

SIZE = (960, 540)
#: Findings still seen per set of screens at 960x540, every language and text size.
FOUND_AT_960 = {"take5": 54, "rules": 0, "tutorial": 40, "stats": 16, "fiftyfive": 32, "fiftyfifty": 2,
                "thirteen": 10, "setup": 47}
#: Findings still seen per window size and set of screens, every language and text size.
FOUND_LARGER = {(1280, 720): {"thirteen": 10, "tutorial": 0},
                (1920, 1080): {"thirteen": 15, "tutorial": 0}}


def check_audit(game: str, size: tuple[int, int], allowed: int, out: Path) -> None:
    combinations, findings = audit_screens(game, size, list(LANGUAGES), list(TEXT_SCALES), out)
    assert combinations >= len(LANGUAGES) * len(TEXT_SCALES), "no screen was drawn"
    listed = "\n".join(f"{name} {language} {scale}%: {what}" for name, language, scale, what in sorted(findings))
    at = f"{size[0]}x{size[1]}"
    assert len(findings) <= allowed, f"{len(findings)} findings at {at} (at most {allowed}):\n{listed}"
    assert len(findings) == allowed, f"only {len(findings)} findings at {at} now: lower the number for {game!r}"


@pytest.mark.parametrize("game", sorted(FOUND_AT_960))
def test_the_layout_audit_finds_no_more_than_it_did(game, tmp_path):
    check_audit(game, SIZE, FOUND_AT_960[game], tmp_path)


@pytest.mark.parametrize(("size", "game"),
                         [(size, game) for size, found in FOUND_LARGER.items() for game in sorted(found)])
def test_the_layout_audit_at_larger_windows_finds_no_more_than_it_did(size, game, tmp_path):
    check_audit(game, size, FOUND_LARGER[size][game], tmp_path)
