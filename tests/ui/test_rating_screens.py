"""The rating in the window: the statistics screen shows it after the first game, the list of opponents marks
the ones near it, and a damaged ratings file is one line on each."""

from __future__ import annotations

import pygame

from fiftyfifty_desktop import opponent_ratings
from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.opponent_ratings import load_opponent_ratings
from fiftyfifty_desktop.rating import Rating, near_level
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.stats_db import FINISHED
from fiftyfifty_desktop.ui.scenes.pick_player import PickPlayerScene
from fiftyfifty_desktop.ui.scenes.setup import SetupScene
from fiftyfifty_desktop.ui.scenes.stats import StatsScene


def play_take5(driver, seed: int) -> None:
    game = GAMES["take5"]
    record = Record("take5", 3, game.resolve_options(3, {}), (Seat("Ann", "human"), Seat("Rosa", "rosa"),
                                                            Seat("Dice", "dice")), seed)
    match = play_out(game, record, {i: make_agent("medium", game, i, seed, ()) for i in range(3)})
    driver.app.record_game(match.record, FINISHED)


def test_the_statistics_screen_shows_the_rating_after_the_first_game_and_its_course(driver):
    screen = driver.app.stack.open("stats", game_id="take5")
    assert isinstance(screen, StatsScene) and screen.rated is None
    driver.frame()
    driver.app.stack.pop()
    play_take5(driver, 1)
    screen = driver.app.stack.open("stats", game_id="take5")
    assert screen.rated is not None and screen.rated.games == 1 and len(screen.rated.course) == 1
    driver.frame()
    driver.app.stack.pop()
    for seed in range(2, 6):
        play_take5(driver, seed)
    screen = driver.app.stack.open("stats", game_id="take5")
    deviations = [r.rd for _, r in screen.rated.course]
    assert len(deviations) == 5 and deviations == sorted(deviations, reverse=True)
    driver.frame()  # the chart draws


def test_the_list_of_opponents_marks_those_near_the_players_level(driver):
    play_take5(driver, 1)
    setup = driver.app.stack.push(SetupScene(driver.app, "take5"))
    setup.seats[0].name.text = "Ann"
    setup.seats[0].edited = True
    driver.click(setup.seats[1].player.rect.center)
    picker = driver.top
    assert isinstance(picker, PickPlayerScene)
    ratings = load_opponent_ratings()["take5"]
    stats = driver.app.stack.open("stats", game_id="take5")
    ann = stats.rated.current
    driver.app.stack.pop()
    marked = {e.choice.value for e in picker.entries if e.choice.near}
    assert marked == set(near_level(ann, ratings)) and marked
    shown = {e.choice.value: e.choice.rating for e in picker.entries}
    assert shown["vera"] == ratings["vera"].rating and shown["human"] is None
    assert "Ann is rated" in picker.level and ann.shown() in picker.level
    driver.frame()


def test_a_newcomer_is_offered_the_opponents_near_the_start(driver):
    setup = driver.app.stack.push(SetupScene(driver.app, "take5"))
    setup.seats[0].name.text = "Zoe"
    setup.seats[0].edited = True
    driver.click(setup.seats[1].player.rect.center)
    picker = driver.top
    marked = {e.choice.value for e in picker.entries if e.choice.near}
    assert marked == set(near_level(Rating(), load_opponent_ratings()["take5"]))
    assert "Zoe has no rating at Take 5 yet" in picker.level


def test_a_damaged_ratings_file_is_one_line_on_both_screens(driver, tmp_path, monkeypatch):
    bad = tmp_path / "ratings.yaml"
    bad.write_text("measured: {tables: 1, seed: 1}\ngames:\n  take5:\n    dice: {rating: high, rd: 9}\n",
                   encoding="utf-8")
    monkeypatch.setattr(opponent_ratings, "RATINGS_PATH", bad)
    play_take5(driver, 1)
    screen = driver.app.stack.open("stats", game_id="take5")
    assert screen.rating_problem.startswith("config/ai/ratings.yaml: line 4: games.take5.dice.rating: must be")
    assert screen.rated is None and screen.player is not None  # the figures are still shown
    driver.frame()
    driver.app.stack.pop()
    setup = driver.app.stack.push(SetupScene(driver.app, "take5"))
    driver.click(setup.seats[1].player.rect.center)
    picker = driver.top
    assert picker.level.startswith("config/ai/ratings.yaml: line 4:") and "\n" not in picker.level
    assert not any(e.choice.near for e in picker.entries)
    driver.press(pygame.K_ESCAPE)
    assert driver.top is setup
