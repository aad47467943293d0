"""The download is named after the version the package reports; startup can be timed."""

import os
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import fiftyfifty_desktop

ROOT = Path(__file__).resolve().parent.parent


def test_package_version_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert fiftyfifty_desktop.__version__ == project["version"]


def test_first_frame_variable_prints_the_time_of_the_first_frame_and_quits(tmp_path):
    env = {**os.environ, "FIFTYFIFTY_FIRST_FRAME": "1", "FIFTYFIFTY_HOME": str(tmp_path),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    before = time.time()
    done = subprocess.run([sys.executable, "-m", "fiftyfifty_desktop"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    [line] = [line for line in done.stdout.splitlines() if line.startswith("first frame at ")]
    assert before < float(line.split()[-1]) < time.time()
