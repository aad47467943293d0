"""The layout audit over a representative part of what the screenshots reach: the title, set-up, rules, settings,
about, the network screens, a whole Take 5 game (table phases, hint, look back, pause, summaries, results) in the
smallest window the program lays out in German and French at 100% and 150% text, and in the usual window in
English and Italian at 90% and 130%, and Fifty Fifty's table in French in the smallest window: nothing collides,
no text is below the smallest text, none is smaller at a larger text size, and no card moves when a note
appears.

A finding fails the build with every one listed (screen, language, text size, the rectangles), so a fix cannot
come undone unnoticed. Deliberate overlaps (a card over a card) are declared where they are drawn
(``fiftyfifty_desktop/ui/audit.py``), never left out here. The whole audit (every screen set, the three window
sizes, the four languages, every text size) takes minutes; it is a script:

    python scripts/layout_audit.py --size 960x540     (and 1280x720, 1920x1080)
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "scripts"))

from layout_audit import audit_screens, cards_moved_by_a_note  # noqa: E402

from fiftyfifty_desktop.engine.records import Record, Seat  # noqa: E402
from fiftyfifty_desktop.ui.tables import corner  # noqa: E402
from fiftyfifty_desktop.ui.tables.take5 import Take5Table  # noqa: E402

from .test_undo import to_my_turn  # noqa: E402

#: (window, screens, languages, text sizes): the longest words at the largest text in the smallest window, and
#: the usual window at the other sizes.
REPRESENTATIVE = (((960, 540), "take5", ("de", "fr"), (100, 150)),
                  ((1280, 720), "take5", ("en", "it"), (90, 130)),
                  ((960, 540), "fiftyfifty", ("fr",), (100, 150)))


@pytest.mark.parametrize("size, screens, languages, scales", REPRESENTATIVE,
                         ids=lambda value: "x".join(map(str, value)) if isinstance(value, tuple) else value)
def test_the_layout_audit_finds_nothing(size, screens, languages, scales, tmp_path):
    combinations, findings = audit_screens(screens, size, list(languages), list(scales), tmp_path)
    assert combinations >= 10 * len(languages) * len(scales), "too few screens were drawn"
    listed = "\n".join(f"{name} {language} {scale}%: {what}" for name, language, scale, what in sorted(findings))
    assert not findings, f"{len(findings)} findings:\n{listed}"


def test_a_card_moved_by_a_note_is_a_finding(driver, monkeypatch):
    seats = (Seat("Ann", "human"), Seat("Bob", "random"), Seat("Cid", "random"))
    table = driver.app.stack.push(Take5Table(driver.app, Record("take5", 3, {"target": 66}, seats, 5)))
    to_my_turn(driver, table)
    assert cards_moved_by_a_note(driver.app) == []
    # A table that made room for the note only when it came would move every card of the hand.
    monkeypatch.setattr(corner.Corner, "notes_offered", lambda self: bool(self.note()))
    moved = cards_moved_by_a_note(driver.app)
    assert len(moved) == len(table.choices()) and moved[0].what == "a card moved when a note appeared"
