"""Two windows on one data folder, each a real ``App`` in a process of its own: neither loses the other's game in
progress, a game open in one is neither listed nor continued in the other until that one closes it (or dies), and
a window that quits last does not write its old settings over the other's changes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.stats_db import open_stats
from fiftyfifty_desktop.storage import HOME_VARIABLE, Settings, Storage
from fiftyfifty_desktop.ui.continuing import open_saved, saved_games
from fiftyfifty_desktop.ui.scenes import make_scene

from ..test_uncounted import finished_game
from .drive import Driver

ROOT = Path(__file__).resolve().parents[2]


def take5(seed: int) -> Record:
    game = GAMES["take5"]
    options = game.resolve_options(2)
    card = game.new_game(2, options, seed)[0].hands[0][0]
    return Record("take5", 2, options, (Seat("Ann", "human"), Seat("Bo", "random")), seed, ((0, f"p{card}"),))


def one_line(record: Record) -> str:
    return json.dumps(json.loads(record.to_json()))


class Window:
    """The other window: ``tests/window_process.py`` on the same data folder."""

    def __init__(self, home: Path) -> None:
        env = dict(os.environ, **{HOME_VARIABLE: str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
        self.process = subprocess.Popen([sys.executable, "-m", "tests.window_process"], cwd=ROOT, env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, line: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def quit(self) -> None:
        assert self.ask("quit") == "quit"
        assert self.process.wait(timeout=60) == 0

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=60)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path))
    Storage().save_settings(Settings(speed="instant"))
    return tmp_path


@pytest.fixture
def other(home):
    window = Window(home)
    yield window
    if window.process.poll() is None:
        window.kill()


def seeds_on_disk(home: Path) -> list[int]:
    """The seeds of the games in progress on disk, whoever holds them."""
    storage = Storage()
    from fiftyfifty_desktop.engine.records import parse_record

    return sorted(parse_record(path.read_text(encoding="utf-8"), GAMES).seed
                  for path in storage.saves_dir.glob("*.json"))


def test_a_window_that_finishes_a_game_leaves_the_other_windows_game_of_that_kind_alone(home, other):
    assert other.ask(f"play {one_line(take5(4))}") == "playing"
    here = Driver.start(Storage())
    try:
        table = make_scene(here.app, "table", record=take5(5))
        here.app.stack.push(table)
        here.frame()
        assert seeds_on_disk(home) == [4, 5]  # each game in a slot of its own
        table.control.game_over(finished_game(5))  # this window's game ends, and is stored
        assert seeds_on_disk(home) == [4]
        assert saved_games(here.app) == []  # the other window's game is open there: not offered here
        other.quit()
        [offered] = saved_games(here.app)
        assert offered.record.seed == 4 and open_saved(here.app, offered.slot)
        assert here.top.record.moves[:1] == take5(4).moves
    finally:
        here.close()
    db, _ = open_stats(home / "data")
    assert db is not None and [game.number for game in db.history()] == [5]
    db.close()


def test_a_game_open_in_a_window_is_not_continued_in_another_until_that_one_is_gone(home, other):
    assert other.ask(f"play {one_line(take5(4))}") == "playing"
    here = Driver.start(Storage())
    try:
        assert saved_games(here.app) == [] and seeds_on_disk(home) == [4]
        assert not open_saved(here.app, "take5")  # asked for by name all the same: refused, with a notice
        assert here.app.notices == ["This game of Take 5 is open in another window."]
        other.kill()  # a window that crashes lets go of its game with it
        [offered] = saved_games(here.app)
        assert offered.record.seed == 4 and open_saved(here.app, offered.slot)
    finally:
        here.close()
    assert seeds_on_disk(home) == [4]


def test_a_window_that_quits_last_keeps_the_other_windows_settings(home, other):
    assert other.ask("continue") == "none"  # the other window is up, with the settings read at its start
    here = Driver.start(Storage())
    try:
        here.app.change_settings(language="de", text_scale=130)
    finally:
        here.close()
    other.quit()
    settings, problem = Storage().load_settings()
    assert problem is None and (settings.language, settings.text_scale, settings.speed) == ("de", 130, "instant")
