"""Play on from here: the replay viewer sets the game at its position for the person in the seat watched, against
the same computer players, as a practice game that is never saved nor counted."""

import pygame

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui.i18n import tr
from fiftyfifty_desktop.ui.scenes.pause import PauseScene
from fiftyfifty_desktop.ui.tables.modes import PracticeMode
from fiftyfifty_desktop.ui.tables.replay import PracticeMark
from fiftyfifty_desktop.ui.widgets import label_text


def finished_game() -> Record:
    game = GAMES["take5"]
    seats = (Seat("Ann", "human"), Seat("Rosa", "medium"), Seat("Max", "random"))
    record = Record("take5", 3, game.resolve_options(3, {"target": 10}), seats, 11)
    players = {0: make_agent("random", game, 0, 11, ()), 1: make_agent("medium", game, 1, 11, ()),
               2: make_agent("random", game, 2, 11, ())}
    return play_out(game, record, players).record


def test_play_on_from_a_position_of_the_replay_is_a_practice_game_never_counted(driver):
    record = finished_game()
    viewer = driver.app.stack.open("replay", record=record, at=6, seat=0, playing=False)
    driver.frame()
    [play_on] = [b for b in viewer.overlay.buttons if label_text(b.label) == tr("replay.play_on")]
    driver.click(play_on.rect.center)
    table = driver.top
    assert table is not viewer and isinstance(table.mode, PracticeMode) and isinstance(table.overlay, PracticeMark)
    assert table.record.moves[:6] == record.moves[:6] and table.record.table is None  # then the computers play on
    assert [s.player for s in table.record.seats] == ["human", "medium", "random"]  # the same computer players
    assert table.humans == [0] and not table.keeps_record
    counted = driver.app.stats.count()
    table.control.save(table.record)
    table.control.game_over(table.record)
    assert driver.app.stats.count() == counted and driver.app.storage.load_record(GAMES, "take5")[0] is None
    driver.settle()
    driver.press(pygame.K_ESCAPE)
    pause = driver.top
    assert isinstance(pause, PauseScene) and pause.subheading() == tr("practice.note", number=record.seed)
