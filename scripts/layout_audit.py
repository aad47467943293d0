"""Draw every screen the screenshots reach at each language and text size, and list what collides.

    python scripts/layout_audit.py --size 1280x720 [--game take5 ...] [--language fr] [--text-size 150]

For every screen `scripts/screenshots.py` stops at (each game's table phases and overlays, the menus),
the screen is laid out again and drawn at each asked language and text size, with the layout audit
recording (`fiftyfifty_desktop/ui/audit.py`); each collision is printed once per (screen, language, text
size) with the rectangles, and the last line counts the combinations drawn and the findings. The exit
status is 1 when something collides, 2 when nothing was drawn.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import screenshots  # noqa: E402

from fiftyfifty_desktop.storage import LANGUAGES, TEXT_SCALES  # noqa: E402
from fiftyfifty_desktop.ui import audit  # noqa: E402
from fiftyfifty_desktop.ui.layout import Layout  # noqa: E402


def audit_screen(app, languages, scales) -> list[tuple[str, int, audit.Finding]]:
    """The open screen drawn at each language and text size, and what collides in each, what is below the
    smallest text and what is smaller than at the text size before; the settings are put back afterwards."""
    size = app.screen.get_size()
    before = app.settings
    found = []
    for language in languages:
        smaller: audit.Recorder | None = None  # the same screen at the text size before
        for scale in sorted(scales):
            app.change_settings(language=language, text_scale=scale)
            app.stack.resize(Layout(*size))
            for scene in list(app.stack._scenes):
                backdrop = getattr(scene, "backdrop", None)
                if backdrop is not None:
                    backdrop.drop()  # painted again, so its text is recorded too
            with audit.recording(size) as recorder:
                app.paint()
            if not recorder.drawn:
                raise RuntimeError("a screen drew nothing the audit could see")
            minimum = Layout(*size).font_min
            found += [(language, scale, f) for f in audit.findings(recorder) + audit.outside_panels(recorder)
                      + audit.below_minimum(recorder, minimum)]
            if smaller is not None:
                found += [(language, scale, f) for f in audit.smaller_when_larger(smaller, recorder)]
            smaller = recorder
    app.change_settings(language=before.language, text_scale=before.text_scale)
    app.stack.resize(Layout(*size))
    return found


def cards_moved_by_a_note(app) -> list[audit.Finding]:
    """On a table waiting for a person, the choices' places without a note and with the reminder of a move
    held for confirming (the note every playing table can show): each card that moved or changed size."""
    table = app.stack.top
    if not getattr(table, "is_table", False) or not table.my_turn or not table.choices():
        return []
    kept = table.picker.held, app.settings.confirm_move
    app.change_settings(confirm_move=True)
    table.prepare_frame()
    before = list(table.choices())
    table.picker.held = before[0][0]
    table.prepare_frame()
    after = dict(table.choices())
    table.picker.held = kept[0]
    app.change_settings(confirm_move=kept[1])
    table.prepare_frame()
    return [audit.Finding("a card moved when a note appeared",
                          audit.Drawn(audit.CONTROL, tuple(rect), str(move), 0),
                          audit.Drawn(audit.CONTROL, tuple(after[move]), str(move), 0))
            for move, rect in before if move in after and after[move] != rect]


def audit_screens(game: str, size: tuple[int, int], languages, scales, out: Path) -> tuple[int, Counter]:
    """Every screen ``game``'s screenshots reach, audited at each language and text size: the number of
    combinations drawn and each finding, by (screen, language, text size, what)."""
    shooter = screenshots.SHOOTERS[game](size, out, "en")
    shot, combinations, findings = shooter.shot, 0, Counter()

    def audited(name: str, step: bool = True) -> None:
        nonlocal combinations
        shot(name, step)
        for language, scale, finding in audit_screen(shooter.app, languages, scales):
            findings[(name, language, scale, str(finding))] += 1
        for finding in cards_moved_by_a_note(shooter.app):
            findings[(name, shooter.app.settings.language, shooter.app.settings.text_scale, str(finding))] += 1
        combinations += len(languages) * len(scales)

    shooter.shot = audited
    out.mkdir(parents=True, exist_ok=True)
    shooter.run()
    return combinations, findings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=screenshots.size_arg, default=(1280, 720))
    parser.add_argument("--game", action="append", choices=tuple(screenshots.SHOOTERS),
                        help="whose screens (default: all)")
    parser.add_argument("--language", action="append", choices=LANGUAGES, help="default: all four")
    parser.add_argument("--text-size", action="append", type=int, choices=TEXT_SCALES, help="default: all")
    parser.add_argument("--out", type=Path, default=Path("/tmp/layout-audit"))
    args = parser.parse_args()
    languages, scales = args.language or list(LANGUAGES), args.text_size or list(TEXT_SCALES)
    combinations, findings = 0, Counter()
    for game in args.game or list(screenshots.SHOOTERS):
        drawn, found = audit_screens(game, args.size, languages, scales, args.out)
        combinations += drawn
        findings += found
    for (name, language, scale, finding) in sorted(findings):
        print(f"{name} {language} {scale}%: {finding}")
    print(f"{combinations} combinations of (screen, language, text size) at {args.size[0]}x{args.size[1]}; "
          f"{len(findings)} findings")
    return 2 if not combinations else 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
