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
FOUND_AT_960 = {"take5": 0, "rules": 0, "tutorial": 0, "stats": 0, "fiftyfive": 0, "fiftyfifty": 0,
                "thirteen": 0, "setup": 0, "review": 112, "rating": 0}


#: The same at the usual and the largest window.
FOUND_LARGER = {(1280, 720): {"take5": 0, "fiftyfifty": 0, "fiftyfive": 0, "stats": 0, "setup": 0,
                              "thirteen": 0, "tutorial": 0, "rules": 0, "rating": 0},
                (1920, 1080): {"take5": 0, "fiftyfifty": 0, "fiftyfive": 0, "stats": 0, "setup": 0,
                               "thirteen": 0, "tutorial": 0, "rules": 0, "rating": 0}}


def audit_no_worse(game: str, size: tuple[int, int], allowed: int, ratchet: str, tmp_path) -> None:
    combinations, findings = audit_screens(game, size, list(LANGUAGES), list(TEXT_SCALES), tmp_path)
    assert combinations >= len(LANGUAGES) * len(TEXT_SCALES), "no screen was drawn"
    listed = "\n".join(f"{name} {language} {scale}%: {what}" for name, language, scale, what in sorted(findings))
    assert len(findings) <= allowed, f"{len(findings)} findings (at most {allowed}):\n{listed}"
    assert len(findings) == allowed, f"only {len(findings)} findings now: lower {ratchet}"


@pytest.mark.parametrize("game", sorted(FOUND_AT_960))
def test_the_layout_audit_finds_no_more_than_it_did(game, tmp_path):
    audit_no_worse(game, SIZE, FOUND_AT_960[game], f"FOUND_AT_960[{game!r}]", tmp_path)


@pytest.mark.parametrize("size, game", [(size, game) for size, games in FOUND_LARGER.items()
                                        for game in sorted(games)])
def test_the_layout_audit_finds_no_more_than_it_did_in_larger_windows(size, game, tmp_path):
    audit_no_worse(game, size, FOUND_LARGER[size][game], f"FOUND_LARGER[{size}][{game!r}]", tmp_path)
