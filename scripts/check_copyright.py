"""Check a built .deb's copyright file as a Debian maintainer reads it.

    python scripts/check_copyright.py dist/fiftyfifty-desktop_<version>_<arch>.deb

Needs python-debian (.ci/requirements-tools.txt pins it). The file must be
machine-readable (the Debian copyright format, parsed strictly), reach the
project (Upstream-Contact is the issue tracker pyproject.toml names), give
every bundled library and program a paragraph of its own with a real
``License:`` (licence names, each with its text there or in a License
paragraph; never "see the text"), and name what is built into cryptography and
orjson (the OpenSSL and Rust crates their wheels' SBOMs list). Prints one line
per check and exits 1 if any fails.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from debian.copyright import Copyright

ROOT = Path(__file__).resolve().parent.parent
#: The bundled files whose paragraph must name what their wheel builds into them, and one part each must name.
BUILT_IN = {"cryptography/hazmat/bindings/_rust": "OpenSSL ", "orjson/orjson.": ""}


def licence_names(synopsis: str) -> list[str]:
    """The licence names of a ``License:`` line: ``Apache-2.0 or Expat, and GPL-2+ with Bootloader exception``
    gives Apache-2.0, Expat and GPL-2+."""
    names = re.split(r",?\s+(?:and|or)\s+", synopsis.strip())
    return [re.sub(r"\s+with\s+\S+\s+exception$", "", name) for name in names if name]


def bundled_binaries(root: Path) -> list[str]:
    """Every shared library, extension module and the executable of the bundle in the unpacked package."""
    found = []
    for path in sorted((root / "opt").rglob("*")):
        if path.is_file() and not path.is_symlink() and path.read_bytes()[:4] == b"\x7fELF":
            found.append(path.relative_to(root).as_posix())
    return found


def problems(copyright_text: str, binaries: list[str], contact: str) -> list[str]:
    """What is wrong with the copyright file, one line each (none: it passes)."""
    try:
        parsed = Copyright(copyright_text.splitlines(keepends=True), strict=True)
    except Exception as error:  # python-debian raises several types for a malformed file
        return [f"not machine-readable: {error}"]
    found = []
    if parsed.header.upstream_contact != (contact,):
        found.append(f"Upstream-Contact is {parsed.header.upstream_contact}, not the issue tracker {contact}")
    standalone = {paragraph.license.synopsis for paragraph in parsed.all_license_paragraphs()}
    for paragraph in parsed.all_files_paragraphs():
        synopsis = paragraph.license.synopsis if paragraph.license else ""
        if not synopsis or re.search(r"\bsee\b|\btext\b", synopsis, re.I):
            found.append(f"{paragraph.files[0]}: License {synopsis!r} names no licence")
            continue
        missing = [name for name in licence_names(synopsis) if name not in standalone]
        if missing and not paragraph.license.text.strip():
            found.append(f"{paragraph.files[0]}: no text for {', '.join(missing)}")
    for binary in binaries:
        paragraph = parsed.find_files_paragraph(binary)
        if paragraph is None or paragraph.files == ("*",):
            found.append(f"{binary}: no paragraph of its own (only the game's Files: *)")
            continue
        for marker, part in BUILT_IN.items():
            comment = paragraph.comment or ""
            if marker in binary and ("built into it" not in comment or part not in comment):
                found.append(f"{binary}: its Comment names no parts built into it{' (' + part.strip() + ')' if part else ''}")
    return found


def main() -> int:
    if len(sys.argv) != 2 or not sys.argv[1].endswith(".deb"):
        sys.exit("usage: python scripts/check_copyright.py PACKAGE.deb")
    deb = Path(sys.argv[1])
    contact = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]["Issues"]
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        subprocess.run(["dpkg-deb", "-x", str(deb), folder], check=True)
        package = subprocess.run(["dpkg-deb", "-f", str(deb), "Package"], check=True, capture_output=True,
                                 text=True).stdout.strip()
        text = (root / "usr/share/doc" / package / "copyright").read_text(encoding="utf-8")
        binaries = bundled_binaries(root)
    if not binaries:
        sys.exit(f"check_copyright: {deb} holds no bundled library, so there is nothing to check")
    found = problems(text, binaries, contact)
    for line in found:
        print(f"FAIL  copyright: {line}")
    if not found:
        print(f"ok    copyright: machine-readable, Upstream-Contact {contact}, {len(binaries)} bundled binaries "
              "each under a named licence, the parts built into cryptography and orjson named")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
