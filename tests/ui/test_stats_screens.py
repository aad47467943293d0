"""Games played in the window are stored; the statistics, history and replay viewer show them."""

import ast
import sqlite3
from pathlib import Path

import pygame
import pytest

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.selfcheck import short_options
from fiftyfifty_desktop.stats_db import FILE_NAME, FINISHED, RESIGNED, StatsError, open_stats
from fiftyfifty_desktop.stats_figures import PlayerFigures
from fiftyfifty_desktop.ui import paint
from fiftyfifty_desktop.ui.tables import replay as replay_module
from fiftyfifty_desktop.ui.scenes.history import HistoryScene
from fiftyfifty_desktop.ui.scenes.pause import PauseScene
from fiftyfifty_desktop.ui.scenes.stats import StatsScene
from fiftyfifty_desktop.ui.scenes.title import TitleScene
from fiftyfifty_desktop.ui.tables import table_for
from fiftyfifty_desktop.ui.tables import modes as modes_module
from fiftyfifty_desktop.ui.tables.modes import ReplayMode, round_starts
from ..sources import parse
from .test_file_chooser import listed

GAMES_TABLES = {game_id: table_for(game_id) for game_id in GAMES}


def short_record(game_id, players, seed=3, short=True):
    game = GAMES[game_id]
    options = game.resolve_options(len(players), short_options(game) if short else {})
    names = iter(("Ann", "Bob", "Cid", "Dee"))
    return Record(game_id, len(players), options, tuple(Seat(next(names), p) for p in players), seed)


def played(game_id, players, seed=3, short=True):
    """A finished game, the computer playing every seat (``human`` seats too)."""
    game = GAMES[game_id]
    record = short_record(game_id, players, seed, short)
    agents = {i: make_agent("medium", game, i, seed, ()) for i in range(len(players))}
    return play_out(game, record, agents)


def stored(storage):
    db, problem = open_stats(storage.data_dir)
    assert problem is None
    return db


def first_choice(table):
    return table.choices()[0]


def test_a_hot_seat_game_at_the_table_is_stored_for_both_humans(driver, storage):
    table = driver.app.stack.open("table", record=short_record("take5", ["human", "human", "medium"]))
    driver.play_to_end(first_choice)
    db = stored(storage)
    [game] = db.history()
    assert (game.outcome, game.watched, game.duration >= 0) == (FINISHED, False, True)
    assert [s.score for s in game.seats] == list(table.match.scores())
    players = db.figures()["take5"].players
    assert set(players) == {"Ann", "Bob"}
    assert all(players[name].played == 1 for name in ("Ann", "Bob"))
    assert db.game(game.id).record == table.record


def test_a_game_left_stays_in_progress_beside_a_new_one_of_its_kind(driver, storage):
    driver.app.stack.open("table", record=short_record("take5", ["human", "medium"], seed=1))
    driver.settle()
    driver.click(first_choice(driver.top)[1].center)
    driver.settle()
    driver.app.stack.restart("title")
    driver.click_button("Continue Take 5")  # the same game continued is not abandoned
    driver.settle()
    assert stored(storage).count() == 0
    driver.app.stack.restart("title")
    driver.app.stack.open("table", record=short_record("thirteen", ["human", "medium"], seed=2))
    assert stored(storage).count() == 0  # a game of another kind sits beside it
    driver.app.stack.restart("title")
    driver.app.stack.open("table", record=short_record("take5", ["human", "medium"], seed=2))
    assert stored(storage).count() == 0  # nothing is abandoned: each game has a slot of its own
    assert [saved.record.seed for saved in storage.saved_games(GAMES)[0] if saved.record.game == "take5"] == [2, 1]


def test_resigning_counts_as_a_lost_game_and_forgets_the_save(driver, storage):
    driver.app.stack.open("table", record=short_record("take5", ["human", "medium"], seed=4))
    driver.settle()
    driver.press(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    driver.click_button("Resign")
    driver.click_button("Really resign? Click again")
    assert isinstance(driver.top, TitleScene) and not storage.has_record()
    [game] = stored(storage).history()
    assert game.outcome == RESIGNED
    assert stored(storage).figures()["take5"].players["Ann"].won == 0


def test_a_computer_only_game_in_the_window_is_watched(driver, storage):
    driver.app.stack.open("table", record=short_record("fiftyfive", ["medium", "medium"]))
    driver.play_to_end(first_choice)
    [game] = stored(storage).history()
    assert game.watched and stored(storage).figures()["fiftyfive"].players == {}


def test_a_corrupt_database_is_set_aside_with_a_notice_and_the_game_still_plays(driver, storage):
    storage.data_dir.mkdir(parents=True, exist_ok=True)
    (storage.data_dir / FILE_NAME).write_bytes(b"garbage" * 1000)
    driver.app.stack.open("table", record=short_record("take5", ["human", "medium"]))
    driver.play_to_end(first_choice)
    assert any("could not be read" in line for line in driver.app.notices)
    assert list(storage.data_dir.glob("statistics.unreadable-*"))
    assert stored(storage).count() == 1


def test_a_locked_database_gives_a_notice_and_the_game_still_plays(driver, storage):
    storage.data_dir.mkdir(parents=True, exist_ok=True)
    holder = sqlite3.connect(storage.data_dir / FILE_NAME, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        driver.app.stack.open("table", record=short_record("take5", ["human", "medium"]))
        seen = driver.play_to_end(first_choice)
        assert seen[-1] == "ResultsScene"
        assert any("in use by another program" in line for line in driver.app.notices)
        assert not list(storage.data_dir.glob("*unreadable*"))
    finally:
        holder.close()


def step_to_end(driver, viewer):
    """Step forward move by move, closing round summaries, until the record's end."""
    for _ in range(5000):
        top = driver.top
        if top is not viewer:
            driver.press(pygame.K_RETURN)
            continue
        if viewer.mode.at_end(viewer.control) and not viewer.busy:
            return
        driver.press(pygame.K_RIGHT)
    raise AssertionError("the viewer did not reach the end")


@pytest.mark.parametrize("game_id, players", [
    ("take5", ["human", "medium", "medium"]), ("fiftyfifty", ["human", "medium", "medium"]),
    ("fiftyfive", ["human", "medium"]), ("thirteen", ["human", "medium", "medium"])])
def test_the_viewer_steps_through_each_game_to_its_stored_result(driver, storage, game_id, players):
    match = played(game_id, players)
    driver.app.record_game(match.record, FINISHED)
    [game] = stored(storage).history()
    history = driver.app.stack.open("history")
    assert isinstance(history, HistoryScene) and history.chosen.id == game.id
    driver.click_button("Watch")
    viewer = driver.top
    assert isinstance(viewer.mode, ReplayMode) and type(viewer) is GAMES_TABLES[game_id]
    step_to_end(driver, viewer)
    assert viewer.match.moves_made == len(match.record.moves)
    assert [s.score for s in game.seats] == list(viewer.match.scores())
    assert list(viewer.match.winners()) == [i for i, s in enumerate(game.seats) if s.winner]
    assert not storage.has_record() and stored(storage).count() == 1  # watching saves and stores nothing


def test_step_back_jump_view_and_speed_rebuild_the_table_at_the_move(driver):
    match = played("take5", ["human", "medium", "medium"], short=False)
    viewer = driver.app.stack.open("replay", record=match.record, playing=False)
    for _ in range(5):
        driver.press(pygame.K_RIGHT)
    assert viewer.match.moves_made == 5 and viewer.viewer is None
    driver.press(pygame.K_LEFT)
    back = driver.top
    assert back is not viewer and isinstance(back.mode, ReplayMode) and back.match.moves_made == 4
    assert back.match.record.moves == match.record.moves[:4]
    driver.press(pygame.K_v)
    mine = driver.top
    assert (mine.match.moves_made, mine.viewer, mine.control.watching) == (4, 0, 0)
    assert mine.view == mine.match.view(0)  # the seat's own view, as the table always draws
    driver.press(pygame.K_PAGEDOWN)
    rounds = round_starts(match.record)
    assert len(rounds) > 1 and driver.top.match.moves_made == rounds[1] and driver.top.viewer == 0
    driver.press(pygame.K_PAGEUP)
    assert driver.top.match.moves_made == 0
    before = driver.app.speed
    driver.press(pygame.K_s)
    assert driver.app.speed != before
    driver.press(pygame.K_ESCAPE)
    assert driver.app.speed == before  # the viewer's speed is not kept for play
    assert not isinstance(getattr(driver.top, "mode", None), ReplayMode)


def test_play_runs_the_record_by_itself_and_stops_at_its_end(driver):
    match = played("thirteen", ["human", "medium"])
    viewer = driver.app.stack.open("replay", record=match.record)
    for _ in range(20000):
        if driver.top is not viewer:
            driver.press(pygame.K_RETURN)
        elif viewer.mode.at_end(viewer.control) and viewer.finished:
            break
        driver.frame(dt=0.1)
    assert viewer.match.moves_made == len(match.record.moves) and not viewer.mode.playing
    assert viewer.match.scores() == match.scores()
    assert viewer.resting()  # at its end the viewer lets the window sleep


@pytest.mark.parametrize("module", [replay_module, modes_module])
def test_the_viewer_takes_moves_only_through_the_match_and_never_reads_the_full_state(module):
    source = Path(module.__file__).read_text(encoding="utf-8")
    names = {node.attr for node in ast.walk(parse(source)) if isinstance(node, ast.Attribute)}
    assert not names & {"full_state", "state", "_state", "_play"}


def test_export_and_open_a_record_file_from_the_history_with_the_keyboard_only(driver, storage, tmp_path):
    match = played("fiftyfive", ["human", "medium"])
    driver.app.record_game(match.record, FINISHED)
    history = driver.app.stack.open("history")
    for _ in range(3):
        driver.press(pygame.K_TAB)
    assert history.form.focused is history.export_button
    driver.press(pygame.K_RETURN)
    chooser = listed(driver)
    assert chooser.folder == storage.data_dir / "records" and chooser.name.text.startswith("fiftyfive-")
    driver.press(pygame.K_RETURN)  # the name offered, in the records folder
    [target] = (storage.data_dir / "records").iterdir()
    assert driver.top is history and target.read_text(encoding="utf-8") == match.record.to_json()
    assert history.message == f"Record written to {target}"
    driver.press(pygame.K_TAB)
    driver.press(pygame.K_RETURN)
    chooser = listed(driver)
    assert chooser.folder == target.parent  # where the last file went
    driver.type(target.name[:6])
    driver.press(pygame.K_RETURN)
    viewer = driver.app.stack.find_by(lambda scene: scene.is_table)
    assert isinstance(viewer.mode, ReplayMode) and viewer.mode.script == match.record
    driver.app.stack.restart("history")
    history = driver.top
    (tmp_path / "bad.json").write_text("{}", encoding="utf-8")
    history.read(tmp_path / "bad.json")
    assert driver.top is history and history.message_is_problem and "\n" not in history.message


def test_the_statistics_screen_shows_the_figures_and_resets_after_asking(driver, storage):
    for seed in range(3):
        driver.app.record_game(played("take5", ["human", "medium"], seed).record, FINISHED)
    driver.click_button("Statistics")
    screen = driver.top
    assert isinstance(screen, StatsScene) and screen.game == "take5"
    figures = stored(storage).figures()["take5"].players["Ann"]
    assert screen.player == figures and screen.player.played == 3
    driver.click_button("Reset this game's statistics")
    assert stored(storage).count() == 3  # asked first
    driver.click_button("Forget every Take 5 game? Click again")
    assert stored(storage).count() == 0 and screen.player is None


def test_a_database_that_fails_after_opening_never_stops_a_game_or_a_screen(driver, storage, monkeypatch):
    db = driver.app.stats
    db.connection.execute("PRAGMA query_only = ON")  # writes now fail, as on a full disk
    driver.app.stack.open("table", record=short_record("take5", ["human", "medium"]))
    assert driver.play_to_end(first_choice)[-1] == "ResultsScene"
    assert any("readonly" in line for line in driver.app.notices)

    def broken(*args, **kwargs):
        raise StatsError("database disk image is malformed")

    monkeypatch.setattr(db, "figures", broken)
    monkeypatch.setattr(db, "history", broken)
    driver.app.stack.restart("title")
    driver.click_button("Statistics")
    assert isinstance(driver.top, StatsScene) and "malformed" in driver.top.problem
    driver.click_button("History")
    assert isinstance(driver.top, HistoryScene) and driver.top.message_is_problem
    assert "malformed" in driver.top.message and driver.top.games == []
    driver.frame()


def test_a_record_file_gone_once_chosen_is_named_in_one_line(driver, tmp_path):
    history = driver.app.stack.open("history")
    history.read(tmp_path / "gone.json")
    assert driver.top is history and history.message_is_problem
    assert history.message == f"{tmp_path / 'gone.json'}: file not found"


def test_a_record_that_cannot_be_written_is_named_in_one_line(driver, tmp_path):
    history = driver.app.stack.open("history")
    (tmp_path / "taken").write_text("a file, not a folder", encoding="utf-8")
    history.write(played("take5", ["human", "medium"]).record, tmp_path / "taken" / "x.json")
    assert history.message_is_problem and history.message.startswith(f"{tmp_path / 'taken' / 'x.json'} cannot be")


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_a_long_figure_leaves_its_label_readable_beside_it(driver, monkeypatch, size):
    driver.app.resize(*size)
    driver.click_button("Statistics")
    screen = driver.top
    assert isinstance(screen, StatsScene)
    drawn: list[pygame.Rect] = []
    real = paint.text
    monkeypatch.setattr(paint, "text", lambda *args, **kwargs: drawn.append(real(*args, **kwargs)) or drawn[-1])
    person = PlayerFigures("take5", "Ann", played=18, won=10, best=6, total=1006, streak=-1, best_streak=4)
    screen.draw_figures(pygame.Surface(driver.app.screen.get_size()), person)
    assert len(drawn) == 16  # a label and its figure on each of eight rows
    assert not [(a, b) for i, a in enumerate(drawn) for b in drawn[i + 1:] if a.colliderect(b)]
    assert all(screen.figures_panel.contains(rect) for rect in drawn)
