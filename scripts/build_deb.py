"""Pack the built bundle as a Debian package:
``dist/fiftyfifty-desktop_<version>_<arch>.deb``.

    python scripts/build_deb.py [--bundle dist/fiftyfifty-desktop] [--out dist]

Run it with the build environment's Python (scripts/build_linux.sh does), as
it draws the icons with pygame and reads the catalogues. The package holds:

- the bundle under ``/opt/fiftyfifty-desktop/`` and a launcher
  ``/usr/games/fiftyfifty-desktop``, with a manual page made from its
  ``--help`` (help2man);
- the desktop entry, AppStream metadata and icons (scripts/desktop_files.py);
- under ``/usr/share/doc``: the changelog (from packaging/releases.yaml) and a
  machine-readable copyright file naming every bundled component and its
  licence (from the notices scripts/third_party_notices.py wrote for the bundle);
- the DejaVu fonts once: the game's copies are links to Debian's fonts-dejavu-core.

``Depends`` names the packages of the system libraries the bundle loads
(found with ldd and dpkg -S; libc6 at the floor scripts/glibc_floor.py
checks, or at the newest glibc version a file asks for when that is newer) and those SDL opens at run time to
show a window. No maintainer scripts: the desktop and icon caches are
refreshed by dpkg triggers. Every file is dated SOURCE_DATE_EPOCH, so the
same bundle gives the same package.
"""

from __future__ import annotations

import argparse
import datetime
import email.utils
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from desktop_files import PACKAGE, releases, translations, write, write_desktop_files  # noqa: E402
from glibc_floor import FLOOR, bundle_needs, elf_files  # noqa: E402
from third_party_notices import SPDX_TEXTS, debian_package, spdx_identifiers  # noqa: E402

from fiftyfifty_desktop import BUG_TRACKER, HOMEPAGE, __license__, __version__  # noqa: E402

INSTALL_DIR = f"/opt/{PACKAGE}"
#: Where Debian puts the commands of games (policy 11.11), on every user's PATH.
LAUNCHER = f"/usr/games/{PACKAGE}"
#: Libraries SDL loads only at run time (dlopen) to open a window on X11: ldd cannot see them.
RUNTIME_DEPENDS = ("libx11-6", "libxext6")
#: Sound: without it the game runs silently.
RECOMMENDS = "libasound2 | libpulse0"
#: The maintainer's name and address (dpkg needs an e-mail address; DEB_MAINTAINER names another). The project
#: is reached through its issue tracker, which the copyright file names as its Upstream-Contact (a Bugs field
#: is for Debian's own tracker: lintian warns of any other).
MAINTAINER = os.environ.get("DEB_MAINTAINER",
                            "fiftyfifty_desktop maintainers <fiftyfifty-desktop@users.noreply.github.com>")
#: The game's fonts, as Debian ships them (fonts-dejavu-core): the package links to these instead of a copy.
SYSTEM_FONTS = {"DejaVuSans.ttf": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                "DejaVuSans-Bold.ttf": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"}
FONTS_PACKAGE = "fonts-dejavu-core"
#: Where the bundle keeps its third-party notices (build.spec puts them there), components.json among them.
NOTICES = "_internal/licenses"
#: Where the bundle keeps the game's fonts (build.spec puts assets/ where a wheel does, inside the package).
BUNDLED_FONTS = "_internal/fiftyfifty_desktop/resources/assets/fonts"
#: What lintian says of any application that brings its own libraries in one folder under /opt, and why
#: each stays (usr/share/lintian/overrides: lintian then shows them as overridden, not as problems).
LINTIAN_OVERRIDES = f"""\
# The game is one PyInstaller bundle: its executable finds its Python and libraries beside it, so they
# live together in /opt (like other self-contained downloads), not spread over /usr.
{PACKAGE}: dir-or-file-in-opt [opt/{PACKAGE}/*]
# The bundle carries its own copies (from the pygame-ce and PyYAML wheels and the build's Python), so the
# same files run on every distribution from the glibc floor on; the licences are in the copyright file.
{PACKAGE}: embedded-library * [opt/{PACKAGE}/_internal/*]
# Python extension modules get the C library through the interpreter that loads them.
{PACKAGE}: library-not-linked-against-libc [opt/{PACKAGE}/_internal/*]
{PACKAGE}: shared-library-lacks-prerequisites [opt/{PACKAGE}/_internal/*]
# PyInstaller's prebuilt start-up program (the bootloader) is not position-independent.
{PACKAGE}: hardening-no-pie [opt/{PACKAGE}/{PACKAGE}]
"""


def run(*command: str, **kwargs) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs).stdout


def source_date() -> int:
    """SOURCE_DATE_EPOCH (scripts/build_linux.sh sets it to the commit's time): every date in the package."""
    try:
        return int(os.environ["SOURCE_DATE_EPOCH"])
    except (KeyError, ValueError):
        sys.exit("build_deb: set SOURCE_DATE_EPOCH (seconds since 1970) to date the package; "
                 "scripts/build_linux.sh sets it to the commit's time")


def system_library_packages(bundle: Path) -> list[str]:
    """``Depends`` entries for the system libraries the bundle's files link against (not those it ships)."""
    elves = elf_files(bundle)
    library_dirs = sorted({str(p.parent) for p in elves})
    env = {**os.environ, "LD_LIBRARY_PATH": ":".join(library_dirs)}
    outside: set[str] = set()
    for elf in elves:
        listing = subprocess.run(["ldd", str(elf)], capture_output=True, text=True, env=env).stdout
        for match in re.finditer(r"=> (/\S+)", listing):
            path = os.path.realpath(match.group(1))
            if not path.startswith(str(bundle.resolve())):
                outside.add(match.group(1))
    packages: set[str] = set()
    for library in sorted(outside):
        packages.add(debian_package(Path(library)))
    needs = bundle_needs(bundle)
    depends = []
    for package in sorted(packages):
        if package == "libc6" and "GLIBC" in needs:
            # The floor the README states, or what this build needs if that is more (a build on a newer system).
            glibc = max(needs["GLIBC"][0], FLOOR["GLIBC"])
            depends.append(f"libc6 (>= {'.'.join(map(str, glibc))})")
        else:
            depends.append(package)
    return depends + list(RUNTIME_DEPENDS) + [FONTS_PACKAGE]


def gzipped(path: Path, text: str) -> None:
    """``path`` as gzip -9n would write it: no name and no date inside, so a rebuild is byte for byte the same."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", filename="", mtime=0, compresslevel=9) as out:
        out.write(text.encode("utf-8"))
    path.chmod(0o644)


def changelog() -> str:
    """The Debian changelog of a native package, from packaging/releases.yaml (English notes)."""
    entries = []
    for release in releases():
        day = release["date"]  # YAML reads 2026-12-02 as a date
        date = email.utils.format_datetime(datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.UTC))
        notes = "\n".join(textwrap.fill(note, 78, initial_indent="  * ", subsequent_indent="    ")
                          for note in release["notes"]["en"])
        entries.append(f"{PACKAGE} ({release['version']}) unstable; urgency=medium\n\n{notes}\n\n"
                       f" -- {MAINTAINER}  {date}\n")
    return "\n".join(entries)


def manual_page(executable: Path) -> str:
    """The manual page, made by help2man from the program's own --help and --version."""
    return run("help2man", "--no-info", "--section=6", "--name=card games at one table: Take 5, Fifty Fifty, "
               "Fifty-Five and Thirteen", "--version-string", __version__, str(executable),
               env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})


#: Licences Debian keeps in /usr/share/common-licenses, by the lines that open their full text: a copyright
#: file refers to those instead of repeating them (a bundled component's own file may carry them whole).
COMMON_LICENCE_OPENINGS = {
    "GPL-2": re.compile(r"^[ \t]*GNU GENERAL PUBLIC LICENSE[ \t]*\n[ \t]*Version 2, June 1991", re.M),
    "Apache-2.0": re.compile(r"^[ \t]*Apache License[ \t]*\n[ \t]*Version 2\.0, January 2004", re.M),
}


def with_common_licences_referred_to(text: str) -> str:
    """``text`` up to the first full GPL-2 or Apache-2.0 text in it, then where Debian keeps those."""
    found = {name: match.start() for name, opening in COMMON_LICENCE_OPENINGS.items()
             if (match := opening.search(text))}
    if not found:
        return text
    kept = text[:min(found.values())].rstrip()
    return kept + "".join(f"\n\nThe full text of the {name} licence is in /usr/share/common-licenses/{name}."
                          for name in sorted(found))


#: Licence names of the Python packages' metadata (their classifiers) and SPDX identifiers, as the Debian
#: copyright format writes them (its short names where it has one; others as the projects name them).
DEP5_NAMES = {
    "MIT License": "Expat", "MIT": "Expat", "BSD-3-Clause": "BSD-3-clause", "BSD-2-Clause": "BSD-2-clause",
    "GNU Library or Lesser General Public License (LGPL)": "LGPL-2.1+",
    # PyInstaller's COPYING.txt: GPL 2 or later, with the exception that lets its bootloader start any program.
    "GNU General Public License v2 (GPLv2)": "GPL-2+ with Bootloader exception",
    "GPL-2.0-only": "GPL-2", "LGPL-2.1": "LGPL-2.1", "IJG and BSD-3-Clause": "IJG and BSD-3-clause",
}


def dep5_licence(licence: str) -> str:
    """A component's licence as a Debian copyright ``License:`` line: a known name, or an SPDX expression with
    ``and``/``or`` (``MPL-2.0 AND (Apache-2.0 OR MIT)`` -> ``MPL-2.0, and Apache-2.0 or Expat``). A name with
    spaces that is neither stops the build: the copyright file must name a licence, not describe one."""
    licence = licence.strip()
    if licence in DEP5_NAMES:
        return DEP5_NAMES[licence]
    terms = []
    for term in re.split(r"\s+AND\s+", licence):
        term = term.strip()
        if term.startswith("(") and term.endswith(")"):
            term = term[1:-1]
        names = [name.strip() for name in re.split(r"\s+OR\s+", term)]
        for name in names:
            base = name.split(" WITH ")[0]
            if not re.fullmatch(r"[A-Za-z0-9.+-]+", base) and name not in DEP5_NAMES or "(" in name:
                raise SystemExit(f"build_deb: no Debian licence name for {licence!r}; add it to DEP5_NAMES")
        terms.append(" or ".join(sorted(DEP5_NAMES.get(name, name).replace(" WITH ", " with ")
                                        + (" exception" if " WITH " in name else "") for name in names)))
    return ", and ".join(dict.fromkeys(terms))


def copyright_file(components: list[dict], notices: Path) -> str:
    """The machine-readable (DEP-5) copyright file: the game, its fonts, each bundled component with the parts
    built into it (from the bundle's notices in ``notices``), and a paragraph for each licence those parts use."""
    def field_text(text: str) -> str:
        return "\n".join(" " + line if line.strip() else " ." for line in text.rstrip().splitlines())

    paragraphs = [
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        f"Upstream-Name: fiftyfifty_desktop\nUpstream-Contact: {BUG_TRACKER}\nSource: {HOMEPAGE}",
        f"Files: *\nCopyright: The fiftyfifty_desktop developers\nLicense: {dep5_licence(__license__)}\n"
        + field_text((ROOT / "LICENSE").read_text(encoding="utf-8")),
        f"Files: {INSTALL_DIR.lstrip('/')}/{BUNDLED_FONTS}/*\nCopyright: Bitstream, Inc.; DejaVu changes "
        "in the public domain\nLicense: Bitstream-Vera\n"
        + field_text((ROOT / "assets" / "fonts" / "LICENSE").read_text(encoding="utf-8")),
    ]
    standalone: dict[str, str] = {}
    for component in components:
        files = " ".join(f"{INSTALL_DIR.lstrip('/')}/{'' if path == PACKAGE else '_internal/'}{path}"
                         for path in sorted(component["files"]))
        if not files or component.get("inside"):
            continue
        parts = [part for part in components if part.get("inside") == component["name"]]
        licence = ", and ".join(dict.fromkeys(term for c in [component, *parts]
                                              for term in dep5_licence(c["licence"]).split(", and ")))
        comment = f"{component['name']} {component['version']}"
        if parts:
            comment += ("; built into it, as its wheel's SBOM lists them: "
                        + ", ".join(f"{part['name']} {part['version']} ({dep5_licence(part['licence'])})"
                                    for part in parts))
        for part in parts:
            for name in spdx_identifiers(part["licence"]):
                standalone.setdefault(DEP5_NAMES.get(name, name), SPDX_TEXTS[name])
        holder = component["copyright"] if component["copyright"] not in ("", "UNKNOWN") else \
            f"the {component['name']} authors"
        paragraphs.append(f"Files: {files}\nCopyright: {holder}\n"
                          f"Comment: {field_text(comment).lstrip()}\nLicense: {licence}\n"
                          + field_text(with_common_licences_referred_to(
                              (notices / component["text"]).read_text(encoding="utf-8"))))
    for name, text in sorted(standalone.items()):
        paragraphs.append(f"License: {name}\n" + field_text(with_common_licences_referred_to(
            (notices / text).read_text(encoding="utf-8"))))
    return "\n\n".join(paragraphs) + "\n"


def stage(bundle: Path, root: Path) -> None:
    """Lay out every file of the package under ``root``."""
    installed = root / INSTALL_DIR.lstrip("/")
    shutil.copytree(bundle, installed, symlinks=True)
    for library in installed.rglob("*.so*"):
        if library.is_file() and not library.is_symlink():
            library.chmod(0o644)  # a library is loaded, not run
    for font, system_font in SYSTEM_FONTS.items():
        copy = installed / BUNDLED_FONTS / font
        copy.unlink()
        copy.symlink_to(system_font)
    write(root / LAUNCHER.lstrip("/"),
          "#!/bin/sh\n# The game lives in %s; its files must stay beside the executable.\nexec %s/%s \"$@\"\n"
          % (INSTALL_DIR, INSTALL_DIR, PACKAGE), 0o755)
    write_desktop_files(root / "usr/share")
    doc = root / "usr/share/doc" / PACKAGE
    notices = bundle / NOTICES
    components = json.loads((notices / "components.json").read_text(encoding="utf-8"))
    write(doc / "copyright", copyright_file(components, notices))
    write(root / "usr/share/lintian/overrides" / PACKAGE, LINTIAN_OVERRIDES)
    gzipped(doc / "changelog.gz", changelog())
    gzipped(root / f"usr/share/man/man6/{PACKAGE}.6.gz", manual_page(bundle / PACKAGE))


def md5sums(root: Path) -> str:
    """DEBIAN/md5sums: every file's checksum, as dpkg --verify reads it."""
    lines = []
    for path in sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()):
        relative = path.relative_to(root).as_posix()
        if not relative.startswith("DEBIAN/"):
            lines.append(f"{hashlib.md5(path.read_bytes()).hexdigest()}  {relative}")
    return "\n".join(lines) + "\n"


def control(root: Path, bundle: Path) -> str:
    installed_kib = sum(p.lstat().st_size for p in root.rglob("*") if not p.is_dir()) // 1024 + 1
    tables = translations()
    description = "\n".join(" " + line for line in textwrap.wrap(tables["en"]["about.description"], 78))
    return "\n".join([
        f"Package: {PACKAGE}",
        f"Version: {__version__}",
        f"Architecture: {run('dpkg', '--print-architecture').strip()}",
        f"Maintainer: {MAINTAINER}",
        f"Installed-Size: {installed_kib}",
        f"Depends: {', '.join(system_library_packages(bundle))}",
        f"Recommends: {RECOMMENDS}",
        "Section: games",
        f"Homepage: {HOMEPAGE}",
        "Priority: optional",
        f"Description: {tables['en']['title.heading']}: Take 5, Fifty Fifty, Fifty-Five and Thirteen",
        description,
    ]) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / PACKAGE)
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "deb", help="staging folder (emptied first)")
    args = parser.parse_args()
    if not (args.bundle / PACKAGE).is_file():
        sys.exit(f"build_deb: no bundle at {args.bundle}; build it with: bash scripts/build_linux.sh")
    shutil.rmtree(args.work, ignore_errors=True)
    root = args.work / "root"
    stage(args.bundle, root)
    (root / "DEBIAN").mkdir()
    write(root / "DEBIAN/control", control(root, args.bundle))
    write(root / "DEBIAN/md5sums", md5sums(root))
    epoch = source_date()
    for path in root.rglob("*"):
        os.utime(path, (epoch, epoch), follow_symlinks=False)
    arch = run("dpkg", "--print-architecture").strip()
    deb = args.out / f"{PACKAGE}_{__version__}_{arch}.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(deb)], check=True,
                   stdout=subprocess.DEVNULL)
    print(deb)
    return 0


if __name__ == "__main__":
    sys.exit(main())
