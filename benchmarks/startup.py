"""Sizes of the downloads and time from launching the program to its first
drawn frame.

    python benchmarks/startup.py [--runs N] [--bundle dist/fiftyfifty-desktop]
    python benchmarks/startup.py --launcher /usr/bin/fiftyfifty-desktop

Build the downloads first (bash scripts/build_linux.sh): the sizes of the
bundle folder, the archives and the .deb beside it are printed. The runs
time the bundle's executable, or with --launcher the installed program (after
dpkg -i of the .deb: its /usr/bin launcher). Each run starts the
executable with FIFTYFIFTY_FIRST_FRAME=1, which makes the program print the
clock time of its first drawn frame and quit; the figure is that time minus
the moment just before launch. Runs go under Xvfb (a real X server without a
screen) when it is installed, and under SDL's dummy driver. A fresh temporary
home is used for every run, so no saved settings or game are read. The
figures are wall-clock times on a shared machine: expect noise.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
NAME = "fiftyfifty-desktop"


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def first_frame_seconds(executable: Path, extra_env: dict[str, str]) -> float:
    """Launch once; return seconds from launch to the first drawn frame."""
    with tempfile.TemporaryDirectory() as home:
        env = {"PATH": "/usr/bin:/bin", "HOME": home, "FIFTYFIFTY_HOME": home, "FIFTYFIFTY_FIRST_FRAME": "1",
               "SDL_AUDIODRIVER": "dummy", **extra_env}
        launched = time.time()
        done = subprocess.run([str(executable)], env=env, cwd=home, capture_output=True, text=True, timeout=60)
    lines = [line for line in done.stdout.splitlines() if line.startswith("first frame at ")]
    if done.returncode != 0 or not lines:
        sys.exit(f"startup: {executable} did not report a first frame (exit {done.returncode}): "
                 f"{(done.stderr.strip().splitlines() or [''])[-1]}")
    return float(lines[0].split()[-1]) - launched


@contextmanager
def xvfb() -> Iterator[dict[str, str] | None]:
    """A private X server for the runs, or None when Xvfb is not installed."""
    if shutil.which("Xvfb") is None:
        yield None
        return
    display = f":{90 + os.getpid() % 100}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        yield {"DISPLAY": display, "SDL_VIDEODRIVER": "x11"}
    finally:
        server.terminate()
        server.wait()


def report(label: str, times: list[float]) -> None:
    shown = " ".join(f"{t:.2f}" for t in times)
    print(f"first frame, {label}: median {statistics.median(times):.2f} s, "
          f"min {min(times):.2f}, max {max(times):.2f}  (runs: {shown})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / NAME)
    parser.add_argument("--launcher", type=Path, help="time this program instead of the bundle's executable, "
                        "e.g. /usr/bin/fiftyfifty-desktop after installing the .deb")
    args = parser.parse_args()
    if args.bundle.is_dir():
        print(f"bundle folder: {folder_size(args.bundle) / 1e6:.1f} MB ({args.bundle})")
    for download in sorted([*args.bundle.parent.glob(f"{NAME}-*.tar.gz"), *args.bundle.parent.glob(f"{NAME}_*.deb")]):
        kind = "Debian package" if download.suffix == ".deb" else "archive"
        print(f"{kind}: {download.stat().st_size / 1e6:.1f} MB ({download.name})")
    executable = args.launcher or args.bundle / NAME
    if not executable.is_file():
        sys.exit(f"startup: no program at {executable}; build it with: bash scripts/build_linux.sh"
                 + (" and install the .deb" if args.launcher else ""))
    print(f"timing: {executable}")
    with xvfb() as display:
        if display is not None:
            report("Xvfb", [first_frame_seconds(executable, display) for _ in range(args.runs)])
    report("SDL dummy driver", [first_frame_seconds(executable, {"SDL_VIDEODRIVER": "dummy"})
                                for _ in range(args.runs)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
