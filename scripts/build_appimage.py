"""Pack the built bundle as an AppImage:
``dist/fiftyfifty-desktop-<version>-<arch>.AppImage``.

    python scripts/build_appimage.py --runtime runtime-x86_64 [--bundle dist/fiftyfifty-desktop] [--out dist]
    python scripts/build_appimage.py --check-appdir [--bundle dist/fiftyfifty-desktop]

Run it with the build environment's Python (scripts/build_linux.sh does). The
AppImage is the AppImage type 2 runtime (an ELF program, given with
--runtime) followed by a squashfs image of this AppDir:

- ``usr/lib/fiftyfifty-desktop/``: the bundle, as in the .tar.gz;
- ``AppRun``: starts the bundle's executable;
- the desktop entry, the metadata and the icons (scripts/desktop_files.py),
  and at the top the desktop entry and icon that AppImage tools read.

The image is made with every file dated SOURCE_DATE_EPOCH and owned by root,
so the same bundle gives the same AppImage.

``--check-appdir`` needs no runtime (which no package manager has, so CI's
machines cannot fetch it): it lays out the AppDir and packs its squashfs image
as the AppImage would hold them, validates the top desktop entry, checks the
icon links, and runs ``AppRun --version`` from the AppDir.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from build_deb import source_date  # noqa: E402
from desktop_files import PACKAGE, write, write_desktop_files  # noqa: E402

from fiftyfifty_desktop import APP_ID, __version__  # noqa: E402

APP_RUN = f"""#!/bin/sh
# The AppImage's entry: the game's files stay beside its executable.
here=$(dirname "$(readlink -f "$0")")
exec "$here/usr/lib/{PACKAGE}/{PACKAGE}" "$@"
"""


def app_dir(bundle: Path, folder: Path) -> None:
    """Lay out the AppDir under ``folder``."""
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(bundle, folder / "usr/lib" / PACKAGE, symlinks=True)
    write(folder / "AppRun", APP_RUN, 0o755)
    write_desktop_files(folder / "usr/share")
    shutil.copyfile(folder / f"usr/share/applications/{APP_ID}.desktop", folder / f"{APP_ID}.desktop")
    shutil.copyfile(folder / f"usr/share/icons/hicolor/256x256/apps/{APP_ID}.png", folder / f"{APP_ID}.png")
    (folder / ".DirIcon").symlink_to(f"{APP_ID}.png")


def check_app_dir(folder: Path) -> list[str]:
    """What is wrong with a laid-out AppDir, one line each (none: it is what the AppImage runtime expects)."""
    problems = []
    entry = folder / f"{APP_ID}.desktop"
    validated = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
    if validated.returncode != 0 or validated.stdout.strip():
        problems.append(f"{entry.name}: {validated.stdout.strip() or validated.stderr.strip()}")
    if not os.access(folder / "AppRun", os.X_OK):
        problems.append("AppRun is not executable")
    if (folder / ".DirIcon").resolve() != (folder / f"{APP_ID}.png").resolve() or not (folder / ".DirIcon").exists():
        problems.append(".DirIcon does not lead to the top icon")
    shown = subprocess.run([str(folder / "AppRun"), "--version"], capture_output=True, text=True,
                           env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}).stdout.strip()
    if shown != f"{PACKAGE} {__version__}":
        problems.append(f"AppRun --version printed {shown!r}, not '{PACKAGE} {__version__}'")
    return problems


def squashfs_image(folder: Path, image: Path) -> None:
    # mksquashfs (4.4 and later) dates the image and every file in it SOURCE_DATE_EPOCH itself.
    subprocess.run(["mksquashfs", str(folder), str(image), "-noappend", "-root-owned", "-no-xattrs", "-comp", "gzip",
                    "-quiet"], check=True, stdout=subprocess.DEVNULL, env={**os.environ, "SOURCE_DATE_EPOCH":
                                                                           str(source_date())})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runtime", type=Path, help="the AppImage type 2 runtime for this machine")
    parser.add_argument("--check-appdir", action="store_true",
                        help="lay out, pack and check the AppDir without a runtime, and make no AppImage")
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / PACKAGE)
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "appimage", help="staging folder (emptied first)")
    args = parser.parse_args()
    if not (args.bundle / PACKAGE).is_file():
        sys.exit(f"build_appimage: no bundle at {args.bundle}; build it with: bash scripts/build_linux.sh")
    if args.check_appdir:
        folder = args.work / "AppDir"
        app_dir(args.bundle, folder)
        squashfs_image(folder, args.work / "image.squashfs")
        problems = check_app_dir(folder)
        for line in problems:
            print(f"FAIL  AppDir: {line}")
        if not problems:
            print(f"ok    AppDir: desktop entry valid, icon linked, AppRun --version, squashfs image "
                  f"{(args.work / 'image.squashfs').stat().st_size // 2**20} MiB (no runtime here: no AppImage)")
        return 1 if problems else 0
    if args.runtime is None:
        sys.exit("build_appimage: give --runtime (the AppImage type 2 runtime), or --check-appdir")
    if args.runtime.read_bytes()[:4] != b"\x7fELF":
        sys.exit(f"build_appimage: {args.runtime} is not an AppImage runtime (not an ELF program)")
    folder = args.work / "AppDir"
    app_dir(args.bundle, folder)
    image = args.work / "image.squashfs"
    squashfs_image(folder, image)
    appimage = args.out / f"{PACKAGE}-{__version__}-{platform.machine()}.AppImage"
    with appimage.open("wb") as out:
        out.write(args.runtime.read_bytes())
        out.write(image.read_bytes())
    os.chmod(appimage, 0o755)
    print(appimage)
    return 0


if __name__ == "__main__":
    sys.exit(main())
