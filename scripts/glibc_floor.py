"""The oldest Linux the bundle runs on: read the highest C library version each
bundled ELF file needs, and fail when any needs more than the stated floor.

    python scripts/glibc_floor.py [dist/fiftyfifty-desktop] [--floor 2.28] [--wheels-only]

A program linked on a newer system asks the system's C library (and C++
runtime, which the bundle takes from the system too) for symbol versions that
an older one lacks, and then does not start there at all. The versions are
read from each file's version references (``objdump -p``), the same list the
dynamic loader checks. The floor is manylinux_2_28's (glibc 2.28, GCC 8's
libstdc++, as AlmaLinux 8 has them): the release workflow builds the Linux
downloads in that image, the README states it and the .deb's ``Depends``
names the C library version read here.

``--wheels-only`` checks only the files the bundle takes from wheels (its
licences/components.json tells them apart): a bundle built on another base
(CI's Debian 11 root) still shows whether the wheels keep to the release's floor.

Prints the highest version each family needs and the file that needs it;
exits 1 if one is above the floor.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The system libraries the bundle leaves to the system, by the prefix of their symbol versions, and the
#: newest version manylinux_2_28 allows of each (the manylinux policy, AlmaLinux 8): glibc 2.28, and GCC 8's
#: libstdc++ (GLIBCXX, CXXABI) and libgcc_s.
FLOOR = {"GLIBC": (2, 28), "GLIBCXX": (3, 4, 25), "CXXABI": (1, 3, 11), "GCC": (7, 0, 0)}
#: Where the bundle keeps the notices' component list (build.spec), which says which files come from wheels.
COMPONENTS = Path("_internal/licenses/components.json")
REFERENCE = re.compile(r"^\s+0x[0-9a-f]+ 0x[0-9a-f]+ \d+ (GLIBC|GLIBCXX|CXXABI|GCC)_(\d+(?:\.\d+)*)$", re.M)


def elf_files(folder: Path) -> list[Path]:
    """Every ELF file under ``folder`` (executables and shared libraries), symlinks left out."""
    def is_elf(path: Path) -> bool:
        with path.open("rb") as file:
            return file.read(4) == b"\x7fELF"
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink() and is_elf(p))


def version_text(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def required_versions(elf: Path) -> dict[str, tuple[int, ...]]:
    """The highest version of each family that ``elf`` asks the system for."""
    listing = subprocess.run(["objdump", "-p", str(elf)], check=True, capture_output=True, text=True).stdout
    highest: dict[str, tuple[int, ...]] = {}
    for family, version in REFERENCE.findall(listing):
        wanted = tuple(map(int, version.split(".")))
        highest[family] = max(highest.get(family, wanted), wanted)
    return highest


def wheel_files(bundle: Path) -> set[Path]:
    """The bundle's files that come from wheels, as its components.json lists them (the executable, PyInstaller's
    bootloader, is at the top; the rest under _internal/)."""
    listed = json.loads((bundle / COMPONENTS).read_text(encoding="utf-8"))
    return {bundle / (path if "/" not in path and (bundle / path).is_file() else f"_internal/{path}")
            for component in listed if component.get("origin", "wheel") == "wheel" for path in component["files"]}


def bundle_needs(bundle: Path, only: set[Path] | None = None) -> dict[str, tuple[tuple[int, ...], Path]]:
    """Per family, the highest version any file of the bundle (or of ``only``) needs, and that file."""
    needs: dict[str, tuple[tuple[int, ...], Path]] = {}
    for elf in elf_files(bundle):
        if only is not None and elf not in only:
            continue
        for family, version in required_versions(elf).items():
            if family not in needs or version > needs[family][0]:
                needs[family] = (version, elf)
    return needs


def parse_floor(text: str) -> tuple[int, ...]:
    if not re.fullmatch(r"\d+(\.\d+)+", text):
        raise argparse.ArgumentTypeError(f"not a version like 2.28: {text!r}")
    return tuple(map(int, text.split(".")))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", nargs="?", type=Path, default=ROOT / "dist" / "fiftyfifty-desktop")
    parser.add_argument("--floor", type=parse_floor, default=FLOOR["GLIBC"],
                        help=f"the oldest glibc to run on (default {version_text(FLOOR['GLIBC'])})")
    parser.add_argument("--wheels-only", action="store_true",
                        help="check only the files from wheels, not those of the Python and system that built it")
    args = parser.parse_args()
    if not args.bundle.is_dir():
        sys.exit(f"glibc_floor: no bundle at {args.bundle}; build it with: bash scripts/build_linux.sh")
    elves = elf_files(args.bundle)
    if not elves:
        sys.exit(f"glibc_floor: {args.bundle} holds no ELF file, so there is nothing to check")
    floor = {**FLOOR, "GLIBC": args.floor}
    only = None
    if args.wheels_only:
        if not (args.bundle / COMPONENTS).is_file():
            sys.exit(f"glibc_floor: {args.bundle / COMPONENTS} is missing, so the wheels' files are not known")
        only = wheel_files(args.bundle)
        elves = [elf for elf in elves if elf in only]
        if not elves:
            sys.exit("glibc_floor: components.json names no ELF file from a wheel")
        print(f"(only the {len(elves)} ELF files from wheels)")
    needs = bundle_needs(args.bundle, only)
    if "GLIBC" not in needs:
        sys.exit(f"glibc_floor: none of the {len(elves)} ELF files names a glibc version; objdump misread them")
    above = 0
    for family in FLOOR:
        if family not in needs:
            print(f"ok    {family}: nothing in the bundle needs it")
            continue
        version, elf = needs[family]
        verdict = "ok  " if version <= floor[family] else "FAIL"
        above += verdict == "FAIL"
        print(f"{verdict}  {family}_{version_text(version)} needed at most (floor {version_text(floor[family])}), "
              f"by {elf.relative_to(args.bundle)}")
    print(f"{len(elves)} ELF files read")
    return 1 if above else 0


if __name__ == "__main__":
    sys.exit(main())
