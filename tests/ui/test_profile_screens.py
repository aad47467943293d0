"""One player across games, in the window: every game's set-up offers the profile's names, the statistics
join an earlier name to the profile (asking first, and back again), the results show the rating before and
after, "New game" offers the same table again, and the opponents' list holds everyone met and scrolls."""

import json

import pygame

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.opponent_ratings import load_opponent_ratings, person_ratings
from fiftyfifty_desktop.profile import Profile
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.stats_db import FINISHED, open_stats
from fiftyfifty_desktop.storage import Settings, Storage
from fiftyfifty_desktop.ui.scenes.pause import PauseScene
from fiftyfifty_desktop.ui.scenes.results import ResultsScene
from fiftyfifty_desktop.ui.scenes.setup import SetupScene
from fiftyfifty_desktop.ui.scenes.stats import StatsScene
from fiftyfifty_desktop.ui.scenes.title import TitleScene

from .drive import Driver


def store_take5(driver, name, seed, opponents=(("Rosa", "rosa"), ("Dice", "dice"), ("Vera", "vera"))):
    """A finished Take 5 game of ``name`` against ``opponents`` (quick players at every seat), kept as the
    window keeps one."""
    game = GAMES["take5"]
    seats = (Seat(name, "human"),) + tuple(Seat(*seat) for seat in opponents)
    record = Record("take5", len(seats), game.resolve_options(len(seats), {}), seats, seed)
    match = play_out(game, record, {i: make_agent("medium", game, i, seed, ()) for i in range(len(seats))})
    assert driver.app.record_game(match.record, FINISHED)
    return match


def names(setup: SetupScene) -> list[str]:
    return [row.name.text for row in setup.seated()]


def test_every_games_set_up_offers_the_profiles_names(driver, storage):
    table = driver.new_game("take5", players=["human", "medium", "human"], names=("Ann", "Dice", "Ben"))
    assert [seat.name for seat in table.record.seats] == ["Ann", "Dice", "Ben"]
    assert storage.load_settings()[0].profile == Profile("Ann", ("Ben",))
    driver.app.stack.restart("title")
    driver.click_button("New game")
    setup = driver.top
    while setup.game_chooser.value != "fiftyfive":
        driver.click((setup.game_chooser.rect.right - 5, setup.game_chooser.rect.centery))
    assert names(setup)[0] == "Ann"
    driver.seat(setup, 2, "human")  # the next person's seat is named after the other person who played here
    assert names(setup)[2] == "Ben"
    driver.click(setup.seats[0].name.rect.center)
    driver.press(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.type("Anna")
    driver.click_button("Start")
    assert driver.table().record.seats[0].name == "Anna"
    assert driver.app.settings.profile == Profile("Anna", ("Ben", "Ann"))


def test_a_default_name_is_not_kept_in_the_profile(driver, storage):
    driver.new_game("take5")
    assert storage.load_settings()[0].profile == Profile()
    driver.app.change_settings(profile=Profile("Zoe"))
    driver.app.stack.restart("title")
    driver.click_button("New game")
    assert names(driver.top)[0] == "Zoe"


def test_these_games_are_mine_joins_a_stored_name_after_asking_and_takes_it_back(driver, storage):
    for seed, name in enumerate(["Player 1", "Ann", "Player 1"], 1):
        store_take5(driver, name, seed)
    driver.app.change_settings(profile=Profile("Ann"))
    screen = driver.app.stack.open("stats", game_id="take5")
    driver.frame()
    assert isinstance(screen, StatsScene) and screen.player_chooser.value == "Ann"  # the profile first
    assert screen.player.played == 1 and not screen.mine_button.visible
    driver.click((screen.player_chooser.rect.right - 5, screen.player_chooser.rect.centery))
    assert screen.player_chooser.value == "Player 1"
    driver.click_button("These games are mine")
    driver.click_button("Count Player 1 as you? Click again")
    assert storage.load_settings()[0].profile == Profile("Ann", (), ("Player 1",))
    assert screen.player_chooser.values == ["Ann"] and screen.player.played == 3 and screen.rated.games == 3
    driver.frame()
    driver.click_button("Not mine: Player 1")
    driver.click(screen.figures_panel.center)  # a press elsewhere takes the question back
    driver.click_button("Not mine: Player 1")
    driver.click_button("Count Player 1 apart? Click again")
    assert storage.load_settings()[0].profile == Profile("Ann")
    assert sorted(screen.player_chooser.values) == ["Ann", "Player 1"] and screen.player.played == 1


def play_fiftyfive(driver) -> ResultsScene:
    game = GAMES["fiftyfive"]
    seats = (Seat("Ann", "human"), Seat("Seamus", "seamus"), Seat("Rand", "random"), Seat("Med", "medium"))
    record = Record("fiftyfive", 4, game.resolve_options(4, {"target": 55}), seats, 3)
    driver.app.change_settings(profile=Profile("Ann"))
    driver.app.stack.open("table", record=record)
    driver.play_to_end(lambda table: table.choices()[0])
    results = driver.top
    assert isinstance(results, ResultsScene)
    return results


def test_the_results_show_the_rating_and_new_game_offers_the_same_table(driver, storage, fixed_game_number):
    results = play_fiftyfive(driver)
    db, _ = open_stats(storage.data_dir)
    rated = person_ratings(db, load_opponent_ratings(), "fiftyfive")["fiftyfive"]["Ann"]
    assert rated.games == 1
    assert results.rating == f"Rating 1500 \u2192 {round(rated.current.rating)}"
    driver.frame()
    driver.click_button("New game")
    setup = driver.top
    assert isinstance(setup, SetupScene) and setup.game_chooser.value == "fiftyfive" and not setup.problem
    assert [(row.name.text, row.player.value) for row in setup.seated()] == [
        ("Ann", "human"), ("Seamus", "seamus"), ("Rand", "random"), ("Med", "medium")]
    assert setup.given_options() == {"target": 55, "teams": 1} and setup.seed.text == ""  # a new game number
    driver.click_button("Start")
    table = driver.table()
    assert (table.record.game, table.record.seed) == ("fiftyfive", fixed_game_number)
    driver.settle()
    driver.press(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    driver.click_button("New game")
    setup = driver.top
    assert isinstance(setup, SetupScene) and setup.game_chooser.value == "fiftyfive"
    assert [row.player.value for row in setup.seated()] == ["human", "seamus", "random", "medium"]
    assert driver.app.storage.has_record("fiftyfive")  # the game left stays saved until a new one replaces it


def test_a_table_the_set_up_cannot_show_is_one_line_and_the_usual_setup(driver):
    game = GAMES["take5"]
    record = Record("take5", 2, game.resolve_options(2, {"target": 1}), (Seat("Ann", "human"), Seat("D", "dice")), 3)
    setup = driver.app.stack.open("setup", like=record)
    assert setup.game_chooser.value == "take5" and setup.players.value == 4
    assert setup.problem == ("That table cannot be laid again (target 1 is not offered for 2 players); "
                             "the usual setup is shown.")


def test_the_opponents_list_holds_everyone_met_and_scrolls(driver):
    match = store_take5(driver, "Ann", 1)
    assert [seat.player for i, seat in enumerate(match.record.seats) if i in match.winners()] == ["vera"]
    store_take5(driver, "Ann", 2, (("Kit", "kit"), ("Bruno", "bruno"), ("Med", "medium")))
    screen = driver.app.stack.open("stats", game_id="take5")
    driver.frame()
    met = [against.opponent for against in screen.opponents]
    assert sorted(met) == ["bruno", "dice", "kit", "medium", "rosa", "vera"]
    rows = screen.opponent_list
    assert rows.count == 6 and 0 < rows.page < 6 and rows.bar() is not None
    over = rows.rect.center
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(0, 0, 0)),
                 pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert rows.top == 1
    driver.press(pygame.K_END)
    assert rows.in_view()[-1] == 5
    driver.press(pygame.K_HOME)
    thumb = rows.bar()[1]
    driver.drag(thumb.center, (thumb.centerx, rows.rect.bottom + 40))
    assert rows.top == rows.last_top
    seen = set()
    for top in range(rows.last_top + 1):
        rows.scroll_to(top)
        seen.update(rows.in_view())
    assert seen == set(range(6))
    driver.frame()


def test_a_damaged_profile_is_one_notice_and_the_other_settings_stay(storage):
    storage.save_settings(Settings(speed="instant", language="de"))
    data = json.loads(storage.settings_path.read_text())
    data["profile"] = {"name": 12}
    storage.settings_path.write_text(json.dumps(data))
    driver = Driver.start(storage)
    try:
        assert driver.app.settings.language == "de" and driver.app.settings.profile == Profile()
        assert driver.app.notices == ["Dein Spielername war nicht lesbar (profile name must be a name, not 12); "
                                      "er wurde verworfen."]
        assert isinstance(driver.top, TitleScene)
    finally:
        from fiftyfifty_desktop.ui import i18n

        i18n.set_language("en")
        driver.close()


def test_a_table_opened_from_the_command_line_seats_the_profile_too(storage, monkeypatch):
    from fiftyfifty_desktop.app import App
    from fiftyfifty_desktop.cli import run

    monkeypatch.setenv("FIFTYFIFTY_HOME", str(storage.settings_path.parent.parent))
    Storage().save_settings(Settings(speed="instant", profile=Profile("Ann", ("Ben",))))
    opened = []
    monkeypatch.setattr(App, "run", lambda app, first=None: opened.append(first) or app.quit() or 0)
    assert run(["play", "--game", "take5", "--seats", "random,human,human,human", "--seed", "4"]) == 0
    [table] = opened
    assert [seat.name for seat in table.record.seats] == ["Computer 1", "Ann", "Ben", "Player 4"]


def test_the_opponents_suggested_at_the_set_up_read_the_joined_games_too(driver):
    store_take5(driver, "Player 1", 1)
    driver.app.change_settings(profile=Profile("Ann", (), ("Player 1",)))
    setup = driver.app.stack.open("setup", game_id="take5")
    assert names(setup)[0] == "Ann"
    driver.click(setup.seats[1].player.rect.center)
    assert "Ann is rated" in driver.top.level
