"""The download is named after the version the package reports."""

import tomllib
from pathlib import Path

import fiftyfifty_desktop

ROOT = Path(__file__).resolve().parent.parent


def test_package_version_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert fiftyfifty_desktop.__version__ == project["version"]
