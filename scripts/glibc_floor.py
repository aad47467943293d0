"""The oldest Linux the bundle runs on: read the highest C library version each
bundled ELF file needs, and fail when any needs more than the stated floor.

    python scripts/glibc_floor.py [dist/fiftyfifty-desktop] [--floor 2.31]

A program linked on a newer system asks the system's C library (and C++
runtime, which the bundle takes from the system too) for symbol versions that
an older one lacks, and then does not start there at all. The versions are
read from each file's version references (``objdump -p``), the same list the
dynamic loader checks. The floor is Debian 11's (glibc 2.31, GCC 10's
libstdc++): the release workflow builds the Linux downloads there, the README
states it and the .deb's ``Depends`` names the C library version read here.

Prints the highest version each family needs and the file that needs it;
exits 1 if one is above the floor.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The system libraries the bundle leaves to the system, by the prefix of their symbol versions, and the
#: newest version Debian 11 has of each: glibc 2.31, and GCC 10's libstdc++ (GLIBCXX, CXXABI) and libgcc_s.
FLOOR = {"GLIBC": (2, 31), "GLIBCXX": (3, 4, 28), "CXXABI": (1, 3, 12), "GCC": (10, 0, 0)}
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


def bundle_needs(bundle: Path) -> dict[str, tuple[tuple[int, ...], Path]]:
    """Per family, the highest version any file of the bundle needs, and that file."""
    needs: dict[str, tuple[tuple[int, ...], Path]] = {}
    for elf in elf_files(bundle):
        for family, version in required_versions(elf).items():
            if family not in needs or version > needs[family][0]:
                needs[family] = (version, elf)
    return needs


def parse_floor(text: str) -> tuple[int, ...]:
    if not re.fullmatch(r"\d+(\.\d+)+", text):
        raise argparse.ArgumentTypeError(f"not a version like 2.31: {text!r}")
    return tuple(map(int, text.split(".")))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", nargs="?", type=Path, default=ROOT / "dist" / "fiftyfifty-desktop")
    parser.add_argument("--floor", type=parse_floor, default=FLOOR["GLIBC"],
                        help=f"the oldest glibc to run on (default {version_text(FLOOR['GLIBC'])})")
    args = parser.parse_args()
    if not args.bundle.is_dir():
        sys.exit(f"glibc_floor: no bundle at {args.bundle}; build it with: bash scripts/build_linux.sh")
    elves = elf_files(args.bundle)
    if not elves:
        sys.exit(f"glibc_floor: {args.bundle} holds no ELF file, so there is nothing to check")
    floor = {**FLOOR, "GLIBC": args.floor}
    needs = bundle_needs(args.bundle)
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
