"""The self-check passes on the shipped files and names what is broken."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.resources import SHIPPED, shipped_folder
from fiftyfifty_desktop.selfcheck import CONFIG_READERS, self_check


@pytest.fixture
def headless(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def copy(tmp_path, headless):
    """A private copy of the shipped config/ and assets/ to break."""
    for folder in SHIPPED:
        shutil.copytree(shipped_folder(folder), tmp_path / folder)
    return tmp_path


ROOT = Path(__file__).resolve().parent.parent

#: The checks of broken files play one game only, to stay quick.
ONE_GAME = [GAMES["take5"]]


def lines_of(capsys):
    return capsys.readouterr().out.splitlines()


def test_shipped_files_pass_with_a_line_per_asset_reader_and_game(capsys, headless):
    assert run(["--self-check"]) == 0
    lines = lines_of(capsys)
    assert lines[-1] == "self-check: all passed"
    assert all(line.startswith("ok    ") for line in lines[:-1])
    assets = shipped_folder("assets")
    shipped = [path for path in assets.rglob("*") if path.is_file() and path.suffix in {".ttf", ".png", ".md", ""}]
    assert len(shipped) > 15
    for path in shipped:
        assert any(line.startswith(f"ok    assets/{path.relative_to(assets).as_posix()}: ") for line in lines)
    assert not any("__init__" in line for line in lines)  # the marker that makes a folder a package is no asset
    assert any(line.startswith("ok    config/tutorials: 4 guided games, ") for line in lines)
    for key in CONFIG_READERS:
        assert any(line.startswith(f"ok    {key}: ") for line in lines)
    assert any(line.startswith("ok    title screen: ") for line in lines)
    assert any(line.startswith("ok    review: ") and "the same in a worker and here" in line for line in lines)
    assert any(line.startswith("ok    statistics database: ") and "stored and read back" in line for line in lines)
    for game_id in GAMES:
        [line] = [line for line in lines if line.startswith(f"ok    game {game_id}: ")]
        assert "at the table" in line
        [line] = [line for line in lines if line.startswith(f"ok    network table {game_id}: ")]
        assert "every seat told the same scores" in line


def test_corrupt_yaml_fails_with_file_and_line_and_the_rest_still_runs(capsys, copy):
    (copy / "config" / "ai" / "take5.yaml").write_text("opponents:\n  - id: [unclosed\n", encoding="utf-8")
    assert self_check(copy, ONE_GAME) == 1
    lines = lines_of(capsys)
    [failure] = [line for line in lines if line.startswith("FAIL")]
    assert failure.startswith("FAIL  config/ai: ")
    assert failure.endswith("config/ai/take5.yaml: line 3: not valid YAML: expected ',' or ']', but got '<stream end>'")
    assert any(line.startswith("ok    game take5: ") for line in lines)
    assert lines[-1] == "self-check: 1 failed"


def test_a_bad_field_is_named_with_its_line(capsys, copy):
    path = copy / "config" / "ai" / "take5.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("think: 0.4", "think: slow"), encoding="utf-8")
    assert self_check(copy, ONE_GAME) == 1
    assert any(line.startswith("FAIL  config/ai: ") and "opponents[0].think: must be a number" in line
               for line in lines_of(capsys))


def test_a_file_no_reader_takes_and_a_broken_image_fail(capsys, copy):
    (copy / "config" / "stray.yaml").write_text("a: 1\n", encoding="utf-8")
    (copy / "assets" / "broken.png").write_bytes(b"not a picture")
    shutil.copy(copy / "config" / "tutorials" / "take5.yaml", copy / "config" / "tutorials" / "chess.yaml")
    assert self_check(copy, ONE_GAME) == 1
    lines = lines_of(capsys)
    assert "FAIL  config/stray.yaml: no reader in selfcheck.CONFIG_READERS takes this file" in lines
    assert any(line.startswith("FAIL  assets/broken.png: ") for line in lines)
    assert "FAIL  config/tutorials: config/tutorials/chess.yaml is the guided game of no registered game" in lines
    assert lines[-1] == "self-check: 3 failed"


def test_a_missing_file_fails(capsys, copy):
    (copy / "config" / "fiftyfifty" / "mood_deck.yaml").unlink()
    assert self_check(copy, ONE_GAME) == 1
    assert any(line.startswith("FAIL  config/fiftyfifty/mood_deck.yaml: ") and "file not found" in line
               for line in lines_of(capsys))


def test_a_bundle_without_sqlite3_fails_the_statistics_check():
    code = ("import sys; sys.modules['sqlite3'] = None\n"
            "from fiftyfifty_desktop.selfcheck import run_checks, statistics_database\n"
            "sys.exit(run_checks([('statistics database', statistics_database)], print))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 1
    assert done.stdout.startswith("FAIL  statistics database: ") and "sqlite3" in done.stdout


def test_the_build_keeps_sqlite3_in_the_bundle():
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    excludes = spec[spec.index("EXCLUDES = ["):spec.index("]", spec.index("EXCLUDES = ["))]
    assert '"sqlite3"' not in excludes and '"_sqlite3"' not in excludes


def test_a_guided_game_whose_note_has_no_text_or_a_look_without_its_argument_fails(capsys, copy):
    path = copy / "config" / "tutorials" / "take5.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("look: [[row_band, 1]]", "look: [[row_band]]", 1), encoding="utf-8")
    assert self_check(copy, ONE_GAME) == 1
    assert any(line.startswith("FAIL  config/tutorials: ") and "row_band takes other arguments than []" in line
               for line in lines_of(capsys))


def test_a_shipped_collection_smaller_than_the_program_knows_fails(capsys, copy):
    """A folder that lost files still passes every check of the files it has: each collection is counted
    against what the program knows it ships (the guided games the registry declares, an opponent at every
    strength, the languages, the files opened by name, the rules' mood deck)."""
    for path in (copy / "config" / "tutorials").glob("*.yaml"):
        path.unlink()
    opponents = copy / "config" / "ai" / "take5.yaml"
    opponents.write_text(opponents.read_text(encoding="utf-8").replace("strength: hard", "strength: medium"),
                         encoding="utf-8")
    shutil.copy(copy / "config" / "i18n" / "en.yaml", copy / "config" / "i18n" / "es.yaml")
    (copy / "assets" / "fonts" / "DejaVuSans-Bold.ttf").unlink()
    deck = copy / "config" / "fiftyfifty" / "mood_deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("blue: 1", "blue: 2", 1), encoding="utf-8")
    assert self_check(copy, ONE_GAME) == 1
    failures = [line for line in lines_of(capsys) if line.startswith("FAIL")]
    assert failures[0] == "FAIL  named files: assets/fonts/DejaVuSans-Bold.ttf is missing"
    assert "FAIL  config/ai: no opponent plays Take 5 at the strength 'hard'" in failures
    assert ("FAIL  config/i18n: config/i18n/es.yaml is the catalogue of no language the program offers "
            "(en, de, fr, it)") in failures
    assert ("FAIL  config/fiftyfifty/mood_deck.yaml: the cards are not the rules' default mood deck "
            "(games/fiftyfifty.py)") in failures
    assert any(line.startswith("FAIL  config/tutorials: config/tutorials/") and "file not found" in line
               for line in failures)
    assert len(failures) == 5


def test_a_review_that_is_not_the_same_twice_fails_the_check(monkeypatch):
    from dataclasses import replace

    from fiftyfifty_desktop.ai import review
    from fiftyfifty_desktop.selfcheck import CheckFailed, review_of_a_game

    weigh = review.review_game
    monkeypatch.setattr(review, "review_game", lambda record, seat: replace(weigh(record, seat), worlds=1))
    with pytest.raises(CheckFailed, match="must be deterministic"):
        review_of_a_game(GAMES.values())
