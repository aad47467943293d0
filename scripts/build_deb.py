"""Pack the built bundle as a Debian package:
``dist/fiftyfifty-desktop_<version>_<arch>.deb``.

    python scripts/build_deb.py [--bundle dist/fiftyfifty-desktop] [--out dist]

Run it with the build environment's Python (scripts/build_linux.sh does), as
it draws the icons with pygame and reads the catalogues. The package holds:

- the bundle under ``/opt/fiftyfifty-desktop/`` and a launcher
  ``/usr/bin/fiftyfifty-desktop``;
- a desktop entry whose name and comment come from every catalogue in
  ``config/i18n``, and icons at the hicolor sizes, drawn by scripts/make_icon.py;
- AppStream metadata, and the licences under ``/usr/share/doc``.

``Depends`` names the packages of the system libraries the bundle loads
(found with ldd and dpkg -S, libc6 at the newest glibc version any file
asks for) and those SDL opens at run time to show a window. No maintainer
scripts: the desktop and icon caches are refreshed by dpkg triggers.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from make_icon import SIZE as DRAWN_SIZE, draw_icon  # noqa: E402  (it chooses the dummy video driver)
import pygame  # noqa: E402

from fiftyfifty_desktop import APP_ID, __license__, __version__  # noqa: E402
from fiftyfifty_desktop.ui.i18n import load_translations  # noqa: E402

PACKAGE = "fiftyfifty-desktop"
INSTALL_DIR = f"/opt/{PACKAGE}"
#: The hicolor theme's usual fixed sizes; each is drawn down from the 256-pixel icon.
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256)
#: Libraries SDL loads only at run time (dlopen) to open a window on X11: ldd cannot see them.
RUNTIME_DEPENDS = ("libx11-6", "libxext6")
#: Sound: without it the game runs silently.
RECOMMENDS = "libasound2 | libpulse0"
MAINTAINER = os.environ.get("DEB_MAINTAINER", "fiftyfifty_desktop maintainers <maintainers@fiftyfifty.invalid>")


def run(*command: str, **kwargs) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs).stdout


def elf_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*")
                  if p.is_file() and not p.is_symlink() and p.open("rb").read(4) == b"\x7fELF")


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
        owner = run("dpkg", "-S", library).split(":")[0]  # "libc6:amd64: /lib/..." -> "libc6"
        packages.add(owner)
    glibc = max((tuple(map(int, v.split("."))) for elf in elves
                 for v in re.findall(r"\(GLIBC_(\d+(?:\.\d+)+)\)", run("objdump", "-T", str(elf)))),
                default=None)
    depends = []
    for package in sorted(packages):
        if package == "libc6" and glibc:
            depends.append(f"libc6 (>= {'.'.join(map(str, glibc))})")
        else:
            depends.append(package)
    return depends + list(RUNTIME_DEPENDS)


def translations() -> dict[str, dict[str, str]]:
    """Every catalogue, English first: the source of each translated name and comment."""
    tables = load_translations(ROOT / "config" / "i18n")
    return dict(sorted(tables.items(), key=lambda item: item[0] != "en"))


def desktop_entry(tables: dict[str, dict[str, str]]) -> str:
    lines = ["[Desktop Entry]", "Type=Application"]
    for field, key in (("Name", "title.heading"), ("Comment", "about.summary")):
        for lang, table in tables.items():
            lines.append(f"{field}{'' if lang == 'en' else f'[{lang}]'}={table[key]}")
    lines += [f"Exec={PACKAGE}", f"Icon={APP_ID}", "Terminal=false", "Categories=Game;CardGame;",
              f"StartupWMClass={PACKAGE}"]
    return "\n".join(lines) + "\n"


def release_date() -> str:
    """The date of the commit being built (so a rebuild gives the same metadata), else today."""
    try:
        return run("git", "-C", str(ROOT), "log", "-1", "--format=%cs").strip() or time.strftime("%Y-%m-%d")
    except (OSError, subprocess.CalledProcessError):
        return time.strftime("%Y-%m-%d")


def metainfo(tables: dict[str, dict[str, str]]) -> str:
    def translated(tag: str, key: str, indent: str) -> list[str]:
        return [f"{indent}<{tag}{'' if lang == 'en' else f' xml:lang={quoteattr(lang)}'}>"
                f"{escape(table[key])}</{tag}>" for lang, table in tables.items()]

    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<component type="desktop-application">',
        f"  <id>{APP_ID}</id>",
        "  <metadata_license>CC0-1.0</metadata_license>",
        f"  <project_license>{__license__}</project_license>",
        *translated("name", "title.heading", "  "),
        *translated("summary", "about.summary", "  "),
        "  <description>",
        *translated("p", "about.description", "    "),
        "  </description>",
        f'  <launchable type="desktop-id">{APP_ID}.desktop</launchable>',
        "  <categories>",
        "    <category>Game</category>",
        "    <category>CardGame</category>",
        "  </categories>",
        "  <provides>",
        f"    <binary>{PACKAGE}</binary>",
        "  </provides>",
        '  <content_rating type="oars-1.1"/>',
        "  <releases>",
        f'    <release version="{__version__}" date="{release_date()}"/>',
        "  </releases>",
        "</component>",
    ]) + "\n"


def write(path: Path, text: str, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(mode)


def stage(bundle: Path, root: Path) -> None:
    """Lay out every file of the package under ``root``."""
    shutil.copytree(bundle, root / INSTALL_DIR.lstrip("/"), symlinks=True)
    write(root / "usr/bin" / PACKAGE,
          "#!/bin/sh\n# The game lives in %s; its files must stay beside the executable.\nexec %s/%s \"$@\"\n"
          % (INSTALL_DIR, INSTALL_DIR, PACKAGE), 0o755)
    tables = translations()
    write(root / "usr/share/applications" / f"{APP_ID}.desktop", desktop_entry(tables))
    write(root / "usr/share/metainfo" / f"{APP_ID}.metainfo.xml", metainfo(tables))
    icon = draw_icon()
    for size in ICON_SIZES:
        target = root / f"usr/share/icons/hicolor/{size}x{size}/apps/{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        image = icon if size == DRAWN_SIZE else pygame.transform.smoothscale(icon, (size, size))
        pygame.image.save(image, str(target))
    copyright_text = ((ROOT / "LICENSE").read_text(encoding="utf-8") + "\n\nThe bundled DejaVu fonts "
                      "(assets/fonts) come with this licence:\n\n"
                      + (ROOT / "assets/fonts/LICENSE").read_text(encoding="utf-8"))
    write(root / "usr/share/doc" / PACKAGE / "copyright", copyright_text)


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
    pygame.font.init()
    shutil.rmtree(args.work, ignore_errors=True)
    root = args.work / "root"
    stage(args.bundle, root)
    (root / "DEBIAN").mkdir()
    write(root / "DEBIAN/control", control(root, args.bundle))
    arch = run("dpkg", "--print-architecture").strip()
    deb = args.out / f"{PACKAGE}_{__version__}_{arch}.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(deb)], check=True,
                   stdout=subprocess.DEVNULL)
    print(deb)
    return 0


if __name__ == "__main__":
    sys.exit(main())
