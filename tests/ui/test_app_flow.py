"""Title, continue, settings, language, storage problems and window sizes."""

import json

import pygame
import pytest

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.storage import Settings
from fiftyfifty_desktop.ui import i18n
from fiftyfifty_desktop.ui.layout import Layout
from fiftyfifty_desktop.ui.scenes.pause import PauseScene
from fiftyfifty_desktop.ui.scenes.results import ResultsScene, ranking
from fiftyfifty_desktop.ui.scenes.rules import RulesScene
from fiftyfifty_desktop.ui.scenes.settings import SettingsScene
from fiftyfifty_desktop.ui.scenes.setup import SetupScene
from fiftyfifty_desktop.ui.scenes.summary import RoundSummaryScene, ScoreLine
from fiftyfifty_desktop.ui.scenes.title import TitleScene
from fiftyfifty_desktop.ui.tables.take5 import Take5Table

from .drive import Driver
from .test_take5_table import lowest_card_and_cheapest_row, new_game_from_title


def test_keyboard_reaches_every_title_button(driver):
    assert isinstance(driver.top, TitleScene)
    driver.press(pygame.K_RETURN)  # New game has the focus when there is nothing to continue
    assert isinstance(driver.top, SetupScene)
    driver.press(pygame.K_ESCAPE)
    assert isinstance(driver.top, TitleScene)
    driver.press(pygame.K_TAB)
    driver.press(pygame.K_RETURN)
    assert type(driver.top).__name__ == "NetworkMenuScene"
    driver.press(pygame.K_ESCAPE)
    assert isinstance(driver.top, TitleScene)
    driver.press(pygame.K_TAB)  # the focus stayed on the button just used
    driver.press(pygame.K_RETURN)
    assert isinstance(driver.top, RulesScene)


def test_continue_resumes_exactly_after_quitting(driver, storage):
    table = new_game_from_title(driver, "21")
    for _ in range(4):
        driver.settle()
        move, rect = lowest_card_and_cheapest_row(driver.top)
        driver.click(rect.center)
    driver.settle()
    moves, view = table.record.moves, table.game.view(table.match.full_state(), 0)
    driver.frame(pygame.event.Event(pygame.QUIT))
    assert not driver.app.running

    again = Driver.start(storage)
    try:
        assert again.button("Continue Take 5").visible
        saved, problem = storage.load_record(GAMES, "take5")
        assert problem is None and saved.moves == moves
        again.click_button("Continue Take 5")
        resumed = again.top
        assert isinstance(resumed, Take5Table)
        # Computer seats may already have moved on; the human's position is exactly as it was.
        assert resumed.record.moves[:len(moves)] == moves
        again.settle()
        assert resumed.match.view(0).hand == view.hand
        assert resumed.board.hand == list(view.hand)
        assert resumed.match.full_state().banked == table.match.full_state().banked and resumed.match.full_state().turn == table.match.full_state().turn
    finally:
        again.close()


@pytest.mark.parametrize("old", [False, True])
def test_corrupt_save_is_reported_and_kept_aside(storage, old):
    path = storage.record_path if old else storage.slot("thirteen")  # an older version's single save, or a slot
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00not a record")
    driver = Driver.start(storage)
    try:
        assert isinstance(driver.top, TitleScene)
        [notice] = driver.app.notices
        assert "saved game could not be read" in notice and "\n" not in notice
        kept = list(path.parent.glob(f"{path.stem}.unreadable-*.json"))
        assert len(kept) == 1 and kept[0].read_bytes() == b"\x00not a record"
        driver.frame()
        assert driver.button("New game").primary  # New game leads once Continue is gone
        with pytest.raises(AssertionError):
            driver.button("Continue")
    finally:
        driver.close()


def test_corrupt_settings_are_reported_and_kept_aside(storage):
    storage.settings_path.parent.mkdir(parents=True, exist_ok=True)
    storage.settings_path.write_text('{"speed": "warp"}')
    driver = Driver.start(storage)
    try:
        assert driver.app.settings == Settings()
        [notice] = driver.app.notices
        assert "speed must be one of" in notice
        assert list(storage.settings_path.parent.glob("settings.unreadable-*.json"))
    finally:
        driver.close()


def test_a_file_set_aside_is_reported_in_the_players_language(storage):
    storage.save_settings(Settings(language="fr"))
    storage.record_path.parent.mkdir(parents=True, exist_ok=True)
    storage.record_path.write_bytes(b"{}")
    driver = Driver.start(storage)
    try:
        [notice] = driver.app.notices
        assert notice.startswith("La partie enregistrée n'a pas pu être lue (") and "current-game.unreadable-" in notice
    finally:
        driver.close()


def test_settings_round_trip(driver, storage):
    driver.click_button("Settings")
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    driver.click((scene.speed.box.x + 3, scene.speed.rect.centery))  # instant -> fast
    driver.click((scene.volume.box.x + 1, scene.volume.rect.centery))  # the bar's left end: no sound
    driver.click((scene.language.box.right - 3, scene.language.rect.centery))  # en -> de
    assert driver.app.settings.language == "de"
    driver.click_button("Zurück")
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=600, size=(1000, 600)))
    driver.frame(pygame.event.Event(pygame.QUIT))
    loaded, problem = storage.load_settings()
    assert problem is None
    assert loaded.with_changes(window_position=None) == Settings(speed="fast", fullscreen=False, window=(1000, 600),
                                                                 language="de", volume=0)
    assert json.loads(storage.settings_path.read_text())["language"] == "de"


def test_language_switch_changes_every_screen(driver):
    driver.app.change_settings(language="de")
    try:
        driver.frame()
        assert driver.button("Neues Spiel")
        driver.click_button("Regeln")
        assert isinstance(driver.top, RulesScene)
        assert any("Hornochsen" in line for line, *_ in driver.top.lines)
        driver.press(pygame.K_ESCAPE)
        driver.app.change_settings(language="en")
        driver.frame()
        assert driver.button("New game")
    finally:
        i18n.set_language("en")


def test_rules_scroll_and_reach_the_end(driver):
    driver.click_button("Rules")
    rules = driver.top
    assert rules.scroll == 0
    driver.frame(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    assert rules.scroll > 0
    driver.press(pygame.K_END)
    bottom = rules.scroll
    driver.press(pygame.K_DOWN)
    assert rules.scroll == bottom > 0


def test_pause_menu_over_the_table(driver):
    table = new_game_from_title(driver, "9")
    driver.settle()
    driver.press(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    driver.click_button("Rules")
    assert isinstance(driver.top, RulesScene)
    driver.press(pygame.K_ESCAPE)
    driver.click_button("Resume")
    assert driver.top is table
    driver.press(pygame.K_ESCAPE)
    driver.click_button("Leave to title")
    assert isinstance(driver.top, TitleScene) and driver.button("Continue Take 5")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (3840, 2160), (1024, 768)])
def test_every_screen_draws_at_every_size(driver, size):
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    assert driver.app.screen.get_size() == size
    table = new_game_from_title(driver, "4", players=["human", "dice", "random", "dice", "random", "dice"])
    driver.settle()
    screen = driver.app.screen.get_rect()
    for move, rect in table.choices():
        assert screen.contains(rect), f"{move} is off screen at {size}"
    for seat in table.geo.others:
        assert screen.contains(table.geo.plate(seat)) and screen.contains(table.geo.slot(seat))
    lines = [ScoreLine(f"P{i}", i, 10 * i) for i in range(10)]
    scenes = [
        RoundSummaryScene(driver.app, "Round 1 is over", "note", lines),
        ResultsScene(driver.app, "Take 5", ranking([f"P{i}" for i in range(10)], tuple(range(10)), (0,), True),
                     lambda: None),
        PauseScene(driver.app, table), RulesScene(driver.app), SettingsScene(driver.app), SetupScene(driver.app),
    ]
    for scene in scenes:
        driver.app.stack.push(scene)
        driver.frame()
        for widget in scene.form.widgets:
            if widget.visible:
                assert screen.contains(widget.rect), f"{type(scene).__name__}: a widget is off screen at {size}"
        driver.app.stack.pop()
    smallest = Layout(*size)
    assert smallest.font_small >= 14


def test_ranking_shares_places_on_ties():
    placings = ranking(["A", "B", "C", "D"], (10, 5, 10, 20), (1,), True)
    assert [(p.place, p.name) for p in placings] == [(1, "B"), (2, "A"), (2, "C"), (4, "D")]
    assert [p.winner for p in placings] == [True, False, False, False]


def test_f11_toggles_full_screen_and_is_remembered(driver, storage):
    driver.press(pygame.K_F11)
    assert driver.app.settings.fullscreen
    assert storage.load_settings()[0].fullscreen
    driver.press(pygame.K_F11)
    assert not driver.app.settings.fullscreen


def test_continue_appears_for_a_game_saved_while_the_title_is_open(driver, storage):
    record = Record("take5", 2, {"target": 66, "variant": "standard"}, (Seat("A", "human"), Seat("B", "random")), 1)
    storage.save_record(record)
    driver.frame()
    driver.click_button("Continue Take 5")
    assert isinstance(driver.top, Take5Table)


def test_the_setup_screen_offers_every_registered_game_in_the_registrys_order(driver):
    from fiftyfifty_desktop.registry import ENTRY

    driver.click_button("New game")
    setup = driver.top
    shown = []
    for _ in setup.game_chooser.values:
        shown.append((setup.game_chooser.value, setup.game_chooser.shown(setup.game_chooser.value)))
        driver.click((setup.game_chooser.rect.right - 5, setup.game_chooser.rect.centery))
    assert [game for game, _ in shown] == list(ENTRY)
    assert not any("coming soon" in label for _, label in shown)


def test_a_save_naming_an_unknown_opponent_is_reported_not_crashed(driver, storage):
    record = Record("take5", 2, {"target": 66, "variant": "standard"}, (Seat("A", "human"), Seat("B", "ghost")), 1)
    storage.save_record(record)
    driver.frame()
    driver.click_button("Continue Take 5")
    assert isinstance(driver.top, TitleScene)
    assert any("no computer opponent is called 'ghost'" in line for line in driver.app.notices)


def test_a_player_named_vous_is_refused_in_any_language(driver):
    driver.click_button("New game")
    setup = driver.top
    setup.seats[0].name.text = "Vous"
    driver.click_button("Start")
    assert driver.top is setup
    assert setup.problem.startswith("A player cannot be called Vous: the table would say \"Vous plays\".")


def test_text_size_and_volume_stop_at_their_ends(driver):
    driver.click_button("Settings")
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    right = (scene.text_scale.box.right - 3, scene.text_scale.rect.centery)
    for _ in range(7):
        driver.click(right)
    assert driver.app.settings.text_scale == 150  # no wrap round to 90 %
    driver.click((scene.volume.box.right - 2, scene.volume.rect.centery))
    assert driver.app.settings.volume == 100 and driver.app.sounds.volume == 100
    driver.click((scene.volume.box.x + scene.volume.box.w * 3 // 10, scene.volume.rect.centery))
    assert driver.app.settings.volume == 30
    scene.form.focus_on(scene.volume)
    for _ in range(5):
        driver.press(pygame.K_LEFT)
    assert driver.app.settings.volume == 0 and driver.app.sounds.volume == 0
