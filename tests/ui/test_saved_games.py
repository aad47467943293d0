"""The games in progress, each in a slot of its own: listed on Continue, never dropped by starting another, and
abandoned only after a question that says what the statistics keep."""

import os
import time

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.stats_db import ABANDONED, FINISHED, open_stats
from fiftyfifty_desktop.storage import Settings
from fiftyfifty_desktop.ui.scenes.confirm import ConfirmScene
from fiftyfifty_desktop.ui.scenes.saved import SavedGamesScene
from fiftyfifty_desktop.ui.scenes.setup import SetupScene
from fiftyfifty_desktop.ui.scenes.title import TitleScene
from fiftyfifty_desktop.ui.tables.base import TableScene

from ..test_uncounted import finished_game
from .drive import Driver


def take5(first_move: bool = True) -> Record:
    game = GAMES["take5"]
    options = game.resolve_options(2)
    base = Record("take5", 2, options, (Seat("Ann", "human"), Seat("Bo", "random")), 4)
    if not first_move:
        return base
    card = game.new_game(2, options, 4)[0].hands[0][0]
    return Record(base.game, 2, options, base.seats, 4, ((0, f"p{card}"),))


def thirteen() -> Record:
    return Record("thirteen", 2, GAMES["thirteen"].resolve_options(2), (Seat("Cleo", "human"), Seat("Dan", "random")),
                  9)


def start(storage, *records: Record) -> Driver:
    storage.save_settings(Settings(speed="instant"))
    for i, record in enumerate(records):  # saved a minute apart, in this order
        storage.save_record(record)
        os.utime(storage.slot(record.game), (1_700_000_000 + 60 * i, 1_700_000_000 + 60 * i))
    return Driver.start(storage)


def abandoned(storage) -> list[str]:
    db, problem = open_stats(storage.data_dir)
    assert problem is None
    try:
        return [game.game for game in db.history() if game.outcome == ABANDONED]
    finally:
        db.close()


def test_several_games_are_listed_with_game_players_round_and_date(storage):
    driver = start(storage, take5(), thirteen())
    try:
        driver.click_button("Continue (2 games)")
        listing = driver.top
        assert isinstance(listing, SavedGamesScene)
        labels = [row.label() for _, row, _ in listing.rows]
        assert len(labels) == 2 and labels[0].startswith("Thirteen: Cleo and Dan")  # the newest first
        saved_at = time.strftime("%Y-%m-%d %H:%M", time.localtime(1_700_000_000))
        assert labels[1] == f"Take 5: Ann and Bo \u00b7 round\u00a01 \u00b7 {saved_at}"  # ... and when it was saved
        driver.click(listing.rows[1][1].rect.center)
        table = driver.top
        assert isinstance(table, TableScene) and table.record.game == "take5" and table.record.moves[:1] == take5().moves
        assert storage.has_record("thirteen")  # the other one is still there
    finally:
        driver.close()


def test_one_game_in_progress_opens_at_once(storage):
    driver = start(storage, thirteen())
    try:
        driver.click_button("Continue Thirteen")
        assert isinstance(driver.top, TableScene) and driver.top.record.game == "thirteen"
    finally:
        driver.close()


def test_a_new_game_of_another_type_leaves_the_game_in_progress_alone(storage):
    driver = start(storage, take5())
    try:
        table = driver.new_game("thirteen")
        assert table.record.game == "thirteen"
        assert storage.load_record(GAMES, "take5")[0] == take5() and abandoned(storage) == []
    finally:
        driver.close()


def test_a_new_game_of_the_same_type_is_kept_beside_the_game_in_progress(storage):
    driver = start(storage, take5())
    try:
        driver.click_button("New game")
        setup = driver.top
        assert isinstance(setup, SetupScene) and setup.game_chooser.value == "take5"
        driver.click_button("Start")
        table = driver.table()
        assert table.record.game == "take5" and table.record.seed != take5().seed
        assert storage.load_record(GAMES, "take5")[0] == take5() and abandoned(storage) == []
        assert storage.load_record(GAMES, "take5-2")[0].seed == table.record.seed  # a slot of its own
    finally:
        driver.close()


def test_abandoning_asks_and_says_what_the_statistics_keep(storage):
    driver = start(storage, take5(), thirteen())
    try:
        driver.click_button("Continue (2 games)")
        listing = driver.top
        [take5_row] = [row for row in listing.rows if row[0].record.game == "take5"]
        driver.click(take5_row[2].rect.center)
        question = driver.top
        assert isinstance(question, ConfirmScene) and question.heading() == "Abandon this game of Take 5?"
        assert question.subheading() == ("The statistics keep it as left unfinished: "
                                         "it counts as neither played nor won.")
        driver.click_button("Keep it")
        assert driver.top is listing and storage.has_record("take5")
        driver.click(take5_row[2].rect.center)
        driver.click_button("Abandon it")
        assert driver.top is listing and [saved.record.game for saved, _, _ in listing.rows] == ["thirteen"]
        assert not storage.has_record("take5") and abandoned(storage) == ["take5"]
        driver.click(listing.rows[0][2].rect.center)
        driver.click_button("Abandon it")  # the last one: back to the title, which offers no Continue
        assert isinstance(driver.top, TitleScene) and driver.button("New game").primary
        assert abandoned(storage) == ["take5"] and not storage.has_record()  # one with no move is simply forgotten
    finally:
        driver.close()


def test_a_game_over_left_in_its_slot_is_stored_at_the_next_start_and_its_slot_cleared(storage):
    over = finished_game(3)  # the statistics could not take it as it ended (a full disk), so it stayed
    driver = start(storage, over, thirteen())
    try:
        assert driver.button("Continue Thirteen").visible  # only the game still in progress is offered
        db, _ = open_stats(storage.data_dir)
        assert db is not None and [(game.number, game.outcome) for game in db.history()] == [(3, FINISHED)]
        db.close()
        assert not storage.has_record("take5") and storage.has_record("thirteen")
    finally:
        driver.close()
