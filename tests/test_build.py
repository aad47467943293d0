"""The download is named after the version the package reports; startup can be timed."""

import os
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import fiftyfifty_desktop

ROOT = Path(__file__).resolve().parent.parent


def test_package_version_and_licence_match_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert fiftyfifty_desktop.__version__ == project["version"]
    assert fiftyfifty_desktop.__license__ == project["license"]["text"]


def test_version_option_prints_the_version():
    done = subprocess.run([sys.executable, "-m", "fiftyfifty_desktop", "--version"], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert done.returncode == 0 and done.stdout == f"fiftyfifty-desktop {fiftyfifty_desktop.__version__}\n"


def test_first_frame_variable_prints_the_time_of_the_first_frame_and_quits(tmp_path):
    env = {**os.environ, "FIFTYFIFTY_FIRST_FRAME": "1", "FIFTYFIFTY_HOME": str(tmp_path),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    before = time.time()
    done = subprocess.run([sys.executable, "-m", "fiftyfifty_desktop"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    [line] = [line for line in done.stdout.splitlines() if line.startswith("first frame at ")]
    assert before < float(line.split()[-1]) < time.time()


def readme_setup_commands() -> list[str]:
    """The indented command lines of the README's "Set up" section."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines() if line.startswith("    ")]


def test_ci_runs_the_readmes_set_up_commands_exactly_as_written():
    commands = readme_setup_commands()
    assert len(commands) == 2 and all(c.startswith("python3 -m venv .venv && ") for c in commands)
    ci_lines = [line.strip().strip("()") for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    for command in commands:
        assert command in ci_lines, f".ci/run does not run the README's {command!r}"


def test_the_debian_packages_desktop_entry_and_metadata_carry_every_language():
    import importlib.util
    import xml.etree.ElementTree as ET

    from fiftyfifty_desktop.ui.i18n import load_translations

    spec = importlib.util.spec_from_file_location("build_deb", ROOT / "scripts" / "build_deb.py")
    build_deb = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_deb)
    tables = build_deb.translations()
    assert set(tables) == set(load_translations()) and next(iter(tables)) == "en"
    entry = build_deb.desktop_entry(tables).splitlines()
    assert entry[0] == "[Desktop Entry]" and "Categories=Game;CardGame;" in entry
    for lang, table in tables.items():
        suffix = "" if lang == "en" else f"[{lang}]"
        assert f"Name{suffix}={table['title.heading']}" in entry
        assert f"Comment{suffix}={table['about.summary']}" in entry
    component = ET.fromstring(build_deb.metainfo(tables))
    lang_attr = "{http://www.w3.org/XML/1998/namespace}lang"
    assert {n.get(lang_attr, "en") for n in component.findall("name")} == set(tables)
    assert component.find("launchable").text == f"{fiftyfifty_desktop.APP_ID}.desktop"
    assert component.find("releases/release").get("version") == fiftyfifty_desktop.__version__


def test_the_bundle_keeps_what_network_play_imports() -> None:
    """websockets imports ssl and hashlib even for plain ws:// tables: the bundle must not leave them out."""
    spec = (Path(__file__).resolve().parent.parent / "build.spec").read_text()
    excludes = spec.split("EXCLUDES = [", 1)[1].split("]", 1)[0]
    for module in ("ssl", "_ssl", "hashlib", "_hashlib", "asyncio", "websockets"):
        assert f'"{module}"' not in excludes
