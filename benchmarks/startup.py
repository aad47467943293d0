"""Sizes of the downloads and time from launching the program to its first
drawn frame.

    python benchmarks/startup.py [--runs N] [--bundle dist/fiftyfifty-desktop]
    python benchmarks/startup.py --launcher /usr/games/fiftyfifty-desktop

Build the downloads first (bash scripts/build_linux.sh): the sizes of the
bundle folder, the archive, the .deb and the AppImage beside it are printed. The runs
time the bundle's executable, or with --launcher the installed program (after
dpkg -i of the .deb: its /usr/games launcher). Each run starts the
executable with FIFTYFIFTY_FIRST_FRAME=1, which makes the program print the
clock time of its first drawn frame and quit; the figure is that time minus
the moment just before launch; the source install (this checkout, run by
--source-python, default the Python running this script) is timed the same
way, run for run, and the difference of the medians printed: the download
should start within 0.2 s of it. Runs go under Xvfb (a real X server without
a screen, on a display no one else holds) when it is installed, and under
SDL's dummy driver. A fresh temporary home is used for every run, so no saved
settings or game are read. The figures are wall-clock times on a shared
machine: expect noise.
"""

from __future__ import annotations

import argparse
import os
import select
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


def first_frame_seconds(command: list[str], extra_env: dict[str, str]) -> float:
    """Launch once; return seconds from launch to the first drawn frame."""
    with tempfile.TemporaryDirectory() as home:
        env = {"PATH": "/usr/bin:/bin", "HOME": home, "FIFTYFIFTY_HOME": home, "FIFTYFIFTY_FIRST_FRAME": "1",
               "SDL_AUDIODRIVER": "dummy", **extra_env}
        launched = time.time()
        done = subprocess.run(command, env=env, cwd=home, capture_output=True, text=True, timeout=60)
    lines = [line for line in done.stdout.splitlines() if line.startswith("first frame at ")]
    if done.returncode != 0 or not lines:
        sys.exit(f"startup: {' '.join(command)} did not report a first frame (exit {done.returncode}): "
                 f"{(done.stderr.strip().splitlines() or [''])[-1]}")
    return float(lines[0].split()[-1]) - launched


@contextmanager
def xvfb() -> Iterator[dict[str, str] | None]:
    """A private X server for the runs, or None when Xvfb is not installed.

    Xvfb picks a display no other server holds and says which (-displayfd) once it accepts clients,
    so the runs neither take over another program's display nor wait a guessed time.
    """
    if shutil.which("Xvfb") is None:
        yield None
        return
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    try:
        with os.fdopen(read_end) as told:
            ready, _, _ = select.select([told], [], [], 30)
            number = told.readline().strip() if ready else ""
        if not number.isdigit():
            sys.exit("startup: Xvfb did not start (no display number within 30 s)")
        yield {"DISPLAY": f":{number}", "SDL_VIDEODRIVER": "x11"}
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
                        "e.g. /usr/games/fiftyfifty-desktop after installing the .deb")
    parser.add_argument("--source-python", type=Path, default=Path(sys.executable),
                        help="the Python that runs the source install (default: this one)")
    args = parser.parse_args()
    if args.bundle.is_dir():
        print(f"bundle folder: {folder_size(args.bundle) / 1e6:.1f} MB ({args.bundle})")
    kinds = {".deb": "Debian package", ".AppImage": "AppImage", ".gz": "archive"}
    for download in sorted(p for p in args.bundle.parent.glob(f"{NAME}[-_]*") if p.suffix in kinds):
        kind = kinds[download.suffix]
        print(f"{kind}: {download.stat().st_size / 1e6:.1f} MB ({download.name})")
    executable = args.launcher or args.bundle / NAME
    if not executable.is_file():
        sys.exit(f"startup: no program at {executable}; build it with: bash scripts/build_linux.sh"
                 + (" and install the .deb" if args.launcher else ""))
    # The source install: this checkout's package, run by the given Python (with the game's dependencies).
    source = [os.path.abspath(args.source_python), "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
              "from fiftyfifty_desktop.__main__ import main; sys.exit(main([]))", str(ROOT)]
    print(f"timing: {executable}, and the source with {args.source_python}")
    with xvfb() as display:
        drivers = ([("Xvfb", display)] if display is not None else []) + [("SDL dummy driver", {"SDL_VIDEODRIVER": "dummy"})]
        for label, driver in drivers:
            # Alternate the two so that a busy moment of a shared machine falls on both alike.
            bundled, from_source = [], []
            for _ in range(args.runs):
                bundled.append(first_frame_seconds([str(executable)], driver))
                from_source.append(first_frame_seconds(source, driver))
            report(f"{label}, download", bundled)
            report(f"{label}, source", from_source)
            print(f"first frame, {label}: the download is {statistics.median(bundled) - statistics.median(from_source):+.2f} s "
                  "from the source install (median against median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
