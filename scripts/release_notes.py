"""Check that a release tag names the version being built, and print that
version's notes (from packaging/releases.yaml) for the release page.

    python scripts/release_notes.py --tag v0.1.0 > notes.md

Fails, saying why, when the tag is not ``v`` + ``fiftyfifty_desktop.__version__``
or when packaging/releases.yaml does not begin with that version: a ``v0.2.0``
tag on a tree that still says 0.1.0 would otherwise publish 0.1.0 files as 0.2.0.
Without --tag it checks only the release notes (a dry run of the workflow).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fiftyfifty_desktop import __version__  # noqa: E402  (the package has no imports of its own)


def release_problem(tag: str | None, releases: list[dict]) -> str | None:
    """Why this tree cannot be released under ``tag`` (None when it can)."""
    if tag is not None and tag != f"v{__version__}":
        return f"the tag {tag} does not name the version being built, {__version__} (expected v{__version__})"
    if not releases or str(releases[0].get("version")) != __version__:
        newest = releases[0].get("version") if releases else "nothing"
        return f"packaging/releases.yaml begins with {newest}, not with the version being built, {__version__}"
    return None


def notes_text(release: dict) -> str:
    return "\n".join(f"- {note}" for note in release["notes"]["en"]) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tag", help="the tag being released, e.g. v1.2.3")
    args = parser.parse_args()
    releases = yaml.safe_load((ROOT / "packaging" / "releases.yaml").read_text(encoding="utf-8"))
    problem = release_problem(args.tag, releases)
    if problem:
        sys.exit(f"release_notes: {problem}")
    sys.stdout.write(notes_text(releases[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
