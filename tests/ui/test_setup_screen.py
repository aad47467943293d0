"""The set-up screen as a newcomer meets it: steppers over the values each game offers, presets,
notes in the player's language, the list of opponents, text editing, the remembered setup."""

import json

import pygame
import pytest

from fiftyfifty_desktop.ai import load_personalities
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.storage import LANGUAGES, Settings
from fiftyfifty_desktop.ui import i18n
from fiftyfifty_desktop.ui.players import choice_strength
from fiftyfifty_desktop.ui.scenes.pick_player import PickPlayerScene
from fiftyfifty_desktop.ui.scenes.setup import SetupScene
from fiftyfifty_desktop.ui.scenes.title import TitleScene
from fiftyfifty_desktop.ui.tables.base import TableScene
from fiftyfifty_desktop.ui.widgets import Chooser, TextInput

from .drive import Driver


def open_setup(driver, game: str) -> SetupScene:
    """The set-up screen (opened from the title when that is on top) showing ``game``."""
    if isinstance(driver.top, TitleScene):
        driver.click(driver.top.new_button.rect.center)
    setup = driver.top
    assert isinstance(setup, SetupScene)
    while setup.game_chooser.value != game:
        driver.click((setup.game_chooser.rect.right - 5, setup.game_chooser.rect.centery))
    return setup


def step(driver, chooser, delta: int = 1) -> None:
    box = chooser.box
    driver.click((box.right - 5, box.centery) if delta > 0 else (box.x + 5, box.centery))


def option(setup: SetupScene, name: str) -> Chooser:
    [widget] = [w for o, w in setup.option_widgets if o.name == name]
    return widget


def preset(setup: SetupScene, ident: str):
    [button] = [b for p, b in setup.preset_buttons if p.id == ident]
    return button


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_option_is_a_stepper_over_what_the_game_offers(driver, game_id):
    setup = open_setup(driver, game_id)
    typed = [w for w in setup.form.widgets if isinstance(w, TextInput) and w.visible]
    assert set(typed) == {setup.seed} | {row.name for row in setup.seated()}  # no number is typed
    for count in setup.players.values:
        while setup.players.value != count:
            step(driver, setup.players)
        for opt, widget in setup.option_widgets:
            assert isinstance(widget, Chooser)
            for _ in range(len(widget.values)):
                step(driver, widget)  # a full round: a value the count refuses is left behind
            assert widget.values == list(opt.offered_values(count)), (count, opt.name)
        assert setup.notes == {}
    driver.click_button("Start")
    assert isinstance(driver.top, TableScene)


def test_take5_target_steps_between_offered_values_and_never_to_one(driver):
    setup = open_setup(driver, "take5")
    target = option(setup, "target")
    assert target.value == 66 and 1 not in target.values
    step(driver, target)
    assert target.value == 77
    step(driver, target, -1)
    step(driver, target, -1)
    assert target.value == 55
    driver.click_button("Start")
    assert driver.table().record.options["target"] == 55


def test_presets_set_several_options_at_once_and_mark_the_one_chosen(driver):
    setup = open_setup(driver, "take5")
    assert preset(setup, "standard").primary
    driver.click(preset(setup, "long").rect.center)
    assert option(setup, "target").value == 99 and option(setup, "variant").value == "standard"
    assert preset(setup, "long").primary and not preset(setup, "standard").primary
    assert driver.button("\u2713 Long game (99)")  # the tick says which, not only the colour
    driver.click(preset(setup, "professional").rect.center)
    assert option(setup, "variant").value == "professional"
    while setup.players.value != 8:
        step(driver, setup.players)
    assert not preset(setup, "professional").enabled  # the open draft is for 2 to 6 players


def test_a_preset_may_set_the_player_count_too(driver):
    setup = open_setup(driver, "fiftyfive")
    driver.click(preset(setup, "partners").rect.center)
    assert setup.players.value == 4 and option(setup, "teams").value == 2
    driver.click_button("Start")
    table = driver.table()
    assert table.record.players == 4 and table.record.options["teams"] == 2


def test_a_count_that_refuses_a_value_says_so_next_to_the_field_in_the_players_language(driver):
    i18n.set_language("de")
    try:
        setup = open_setup(driver, "fiftyfive")
        driver.click(preset(setup, "partners").rect.center)
        step(driver, setup.players)  # 5 players cannot sit as 2 teams
        teams = option(setup, "teams")
        assert teams.value == 2
        assert setup.notes == {teams: "5 Spieler können nicht in 2 Teams spielen "
                                      "(2 Teams bei 4 Spielern, 2 oder 3 bei 6, 4 bei 8, 3 bei 9)"}
        assert setup.seed.rect.y >= teams.rect.bottom + driver.app.stack.top.layout.px(3)  # room for the note
        driver.click(setup.start.rect.center)
        assert driver.top is setup and setup.problem.startswith("Teams: 5 Spieler können nicht")
        step(driver, teams)  # stepping leaves the refused value for good
        assert teams.values == [1] and setup.notes == {}
        driver.click(setup.start.rect.center)
        assert driver.table().record.options["teams"] == 1
    finally:
        i18n.set_language("en")


def test_opponents_are_picked_from_a_list_that_says_how_they_play(driver):
    setup = open_setup(driver, "take5")
    assert [row.player.value for row in setup.seated()] == ["human", "dice", "rosa", "bruno"]
    driver.click(setup.seats[1].player.rect.center)
    picker = driver.top
    assert isinstance(picker, PickPlayerScene)
    shown = {e.choice.value: e.choice for e in picker.entries}
    assert list(shown) == ["human", "dice", "rosa", "bruno", "vera", "kit", "random", "medium", "hard"]
    assert shown["vera"].name == "Professor Vera" and shown["vera"].strength == "hard"
    assert shown["vera"].about == "Thinks ahead through many possible deals."
    assert shown["rosa"].elsewhere == 2 and shown["vera"].elsewhere is None
    names = [choice.name for choice in shown.values()]
    assert len(set(names)) == len(names)  # each told apart by its name, not by dots alone
    assert shown["medium"].name == "Computer · steady" and choice_strength(shown["medium"]) == "●●○"
    assert choice_strength(shown["vera"]) == "●●● expert"
    driver.click([e for e in picker.entries if e.choice.value == "vera"][0].rect.center)
    assert driver.top is setup
    assert setup.seats[1].player.value == "vera" and setup.seats[1].name.text == "Professor Vera"


def test_picking_an_opponent_seated_elsewhere_swaps_the_seats_unless_twice_is_asked(driver):
    setup = open_setup(driver, "take5")
    driver.seat(setup, 1, "rosa")
    assert [row.player.value for row in setup.seated()] == ["human", "rosa", "dice", "bruno"]
    assert [row.name.text for row in setup.seated()][1:] == ["Rosa the Careful", "Dice", "Bruno the Bold"]
    driver.click(setup.allow_twice.rect.center)
    driver.seat(setup, 3, "rosa")
    assert [row.player.value for row in setup.seated()] == ["human", "rosa", "dice", "rosa"]
    assert setup.seats[3].name.text == "Rosa the Careful 4"
    driver.click(setup.allow_twice.rect.center)  # asked no more: the second Rosa gives way
    assert [row.player.value for row in setup.seated()] == ["human", "rosa", "dice", "bruno"]


def test_a_full_table_is_filled_with_distinct_opponents(driver):
    setup = open_setup(driver, "take5")
    while setup.players.value != 10:
        step(driver, setup.players)
    players = [row.player.value for row in setup.seated()]
    named = [p for p in players if p in ("dice", "rosa", "bruno", "vera", "kit")]
    assert len(named) == 5 == len(set(named))
    names = [row.name.text for row in setup.seated()]
    assert len(set(names)) == 10


def test_names_are_edited_with_a_cursor_select_all_and_paste(driver, monkeypatch):
    setup = open_setup(driver, "take5")
    name = setup.seats[0].name
    driver.click(name.rect.center)
    driver.press(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.type("Ana")
    assert name.text == "Ana"
    driver.press(pygame.K_LEFT)
    driver.press(pygame.K_LEFT)
    driver.type("n")
    assert name.text == "Anna"
    driver.press(pygame.K_HOME)
    driver.press(pygame.K_DELETE)
    driver.type("H")
    driver.press(pygame.K_END)
    driver.press(pygame.K_BACKSPACE)
    assert name.text == "Hnn"
    pygame.scrap.put_text("a\tlong\nname pasted in")
    driver.press(pygame.K_v, mod=pygame.KMOD_CTRL)
    assert name.text == "Hnna long name p"  # on one line, control characters left out, cut at 16
    driver.press(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.press(pygame.K_BACKSPACE)
    assert name.text == ""

    def no_clipboard():
        raise pygame.error("no clipboard")

    monkeypatch.setattr(pygame.scrap, "get_text", no_clipboard)
    driver.type("Bo")
    driver.press(pygame.K_v, mod=pygame.KMOD_CTRL)
    assert name.text == "Bo" and setup.problem == ""


def test_default_seat_names_are_in_the_players_language(driver):
    i18n.set_language("de")
    try:
        setup = open_setup(driver, "thirteen")
        assert setup.seats[0].name.text == "Spieler 1"
        driver.seat(setup, 1, "medium")
        assert setup.seats[1].name.text == "Computer 2"
        driver.seat(setup, 1, "human")
        assert setup.seats[1].name.text == "Spieler 2"
    finally:
        i18n.set_language("en")


def test_the_last_setup_of_each_game_comes_back(driver, storage):
    setup = open_setup(driver, "fiftyfive")
    driver.click(preset(setup, "long").rect.center)
    driver.seat(setup, 2, "declan")
    driver.click(setup.seats[0].name.rect.center)
    driver.press(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.type("Ann")
    driver.click_button("Start")
    driver.table()
    kept = storage.load_settings()[0].setups["fiftyfive"]
    assert kept.players == 4 and kept.options == {"target": 220, "teams": 1}
    assert [p for _, p in kept.seats] == ["human", "seamus", "declan", "maeve"]

    driver.app.stack.restart("title")
    setup = open_setup(driver, "take5")  # another game keeps its own (none yet)
    assert option(setup, "target").value == 66
    setup = open_setup(driver, "fiftyfive")
    assert option(setup, "target").value == 220
    assert [row.player.value for row in setup.seated()] == ["human", "seamus", "declan", "maeve"]
    assert [row.name.text for row in setup.seated()] == ["Ann", "Seamus", "Declan", "Maeve the Bold"]


def test_a_remembered_setup_the_game_no_longer_accepts_is_dropped_with_a_notice(storage):
    setup = {"players": 3, "options": {"target": 66, "variant": "standard"},
             "seats": [{"name": "Ann", "player": "human"}, {"name": "G", "player": "ghost"},
                       {"name": "Dice", "player": "dice"}]}
    storage.save_settings(Settings(speed="instant"))
    data = json.loads(storage.settings_path.read_text())
    data["setups"] = {"take5": setup}
    storage.settings_path.write_text(json.dumps(data))
    driver = Driver.start(storage)
    try:
        setup_scene = open_setup(driver, "take5")
        assert setup_scene.problem == ("The last setup of Take 5 could not be restored (seat 2: no computer opponent "
                                       "is called 'ghost' for this game); the usual one is shown.")
        assert setup_scene.players.value == 4 and setup_scene.seats[0].name.text == "Player 1"
        assert "take5" not in storage.load_settings()[0].setups
    finally:
        driver.close()


def test_a_malformed_remembered_setup_costs_only_itself(storage):
    storage.save_settings(Settings(speed="slow", language="fr"))
    data = json.loads(storage.settings_path.read_text())
    data["setups"] = {"take5": {"players": "four", "options": {}, "seats": []}}
    storage.settings_path.write_text(json.dumps(data))
    driver = Driver.start(storage)
    try:
        assert driver.app.settings.speed == "slow" and driver.app.settings.setups == {}
        assert driver.app.notices == ["La dernière configuration de 6 qui prend ! n'a pas pu être lue (players must be "
                                      "a whole number from 1 to 10, not 'four') ; elle a été oubliée."]
    finally:
        i18n.set_language("en")
        driver.close()


@pytest.mark.parametrize("typed", ["\u200b\u200b", "\ufeff", "Bob\u202e"])
def test_a_name_of_zero_width_characters_or_with_a_bidi_override_is_refused_at_the_start(driver, typed):
    setup = open_setup(driver, "take5")
    setup.seats[0].name.text = typed
    setup.start_game()
    assert driver.top is setup and setup.problem.startswith("Seat 1 cannot be called that: the name ")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_list_of_opponents_says_how_each_plays_in_the_language_chosen(driver, language):
    people = {p.id: p for p in load_personalities()}
    setup = open_setup(driver, "thirteen")
    try:
        i18n.set_language(language)
        driver.click(setup.seats[1].player.rect.center)
        shown = {e.choice.value: e.choice.about for e in driver.top.entries}
        opponents = [value for value in shown if value in people]
        assert opponents and all(shown[value] == people[value].about[language] for value in opponents)
    finally:
        i18n.set_language("en")
