"""The list of keys (F1, and ? at a table): what the screen below declares, in the player's language,
over bare felt at a hot-seat table; and the keys it lists do what it says."""

import re

import pygame
import pytest

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import ENTRY, GAMES
from fiftyfifty_desktop.storage import LANGUAGES
from fiftyfifty_desktop.ui import i18n, paint
from fiftyfifty_desktop.ui.keys import MENU_KEYS
from fiftyfifty_desktop.ui.layout import GOLD
from fiftyfifty_desktop.ui.scenes.help import HelpScene
from fiftyfifty_desktop.ui.scenes.setup import SetupScene
from fiftyfifty_desktop.ui.tables import table_for
from fiftyfifty_desktop.ui.tables.fiftyfive import FiftyFiveTable

from .test_hot_seat_privacy import at_the_table, shown_over_felt


def test_f1_at_the_title_and_the_setup_lists_the_menu_keys_and_closes_again(driver):
    title = driver.top
    driver.press(pygame.K_F1)
    shown = driver.top
    assert isinstance(shown, HelpScene) and set(shown.keys) < set(MENU_KEYS) and shown.heading == "Keys"
    assert ("Tab / Shift+Tab", "move to the next field (with Shift: the one before)") in shown.rows()
    assert "Ctrl+A, Ctrl+V" not in dict(shown.rows())  # the title has no text to type in
    driver.press(pygame.K_F1)
    assert driver.top is title
    driver.click_button("New game")
    assert isinstance(driver.top, SetupScene)
    driver.press(pygame.K_F1)
    assert isinstance(driver.top, HelpScene)
    driver.press(pygame.K_ESCAPE)  # closes the list only, not the set-up screen under it
    assert isinstance(driver.top, SetupScene)


def test_a_question_mark_at_the_table_lists_its_own_keys_in_the_players_language(driver):
    table = driver.app.stack.push(FiftyFiveTable(driver.app, Record(
        "fiftyfive", 4, {"target": 55, "teams": 1}, (Seat("You", "human"),) + (Seat("C", "random"),) * 3, 149)))
    driver.settle()
    driver.press(pygame.K_SLASH, unicode="?", mod=pygame.KMOD_SHIFT)
    shown = driver.top
    assert isinstance(shown, HelpScene) and shown.heading == "Keys at the table: Fifty-Five"
    rows = dict(shown.rows())
    assert rows["T"] == "show or hide the ranking of the trumps" and rows["P"] == "pass in the bidding"
    assert rows["Ctrl+Z"] == "take back your last move"  # one person against computers: undo is offered
    driver.click((5, 5))
    assert driver.top is table
    try:
        i18n.set_language("de")
        driver.press(pygame.K_F1)
        rows = dict(driver.top.rows())
        assert driver.top.heading == "Tasten am Tisch: Fünfundfünfzig"
        assert rows["T"] == "die Rangfolge der Trümpfe zeigen oder verbergen" and rows["Strg+Z"]
    finally:
        i18n.set_language("en")


def test_the_list_over_a_hot_seat_table_shows_no_hand(driver):
    table = at_the_table(driver)
    assert table.private
    driver.press(pygame.K_F1)
    shown = driver.top
    assert isinstance(shown, HelpScene)
    assert pygame.image.tobytes(driver.app.screen, "RGB") == shown_over_felt(driver, shown)
    rows = dict(shown.rows())
    assert "Ctrl+Z" not in rows  # two people at the screen: no undo, so none is listed
    driver.press(pygame.K_ESCAPE)
    assert driver.top is table
    bare = pygame.Surface(driver.app.screen.get_size())
    paint.background(bare)
    assert pygame.image.tobytes(driver.app.screen, "RGB") != pygame.image.tobytes(bare, "RGB")


def test_every_table_lists_its_own_keys_with_words_of_each_language(driver):
    for entry in ENTRY.values():
        table_class = entry.load("table")
        assert table_class.table_keys, entry.id
        for key in table_class.table_keys:
            assert len(i18n.in_every_language(key.does)) == len(LANGUAGES)  # a real translation in each


def test_the_focused_field_of_a_form_has_a_ring_around_it(driver):
    driver.click_button("New game")
    setup = driver.top
    driver.press(pygame.K_TAB)
    focused = setup.form.focused
    screen = driver.app.screen
    gap = setup.layout.px(0.6)

    def ring_at(widget):
        box = getattr(widget, "box", widget.rect)
        return tuple(screen.get_at((box.x - gap, box.centery)))[:3] == GOLD

    assert ring_at(focused)
    assert not any(ring_at(w) for w in setup.form.widgets if w.visible and w is not focused)


@pytest.mark.parametrize("game_id", ["take5", "fiftyfifty", "thirteen"])  # Fifty-Five's H and Enter vary by phase
def test_a_tables_key_list_names_each_key_once(driver, game_id):
    driver.app.stack.push(table_for(game_id)(driver.app, Record(
        game_id, 3, GAMES[game_id].resolve_options(3), (Seat("You", "human"),) + (Seat("C", "random"),) * 2, 5)))
    driver.settle()
    driver.press(pygame.K_SLASH, unicode="?", mod=pygame.KMOD_SHIFT)
    named = [key for keys, _ in driver.top.rows() for key in re.split(r" or | / |, ", keys)]
    named = [key for keys in named for key in (keys.split() if set(keys) <= set("←→↑↓ ") else [keys])]
    assert len(named) == len(set(named)), named


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_tables_key_list_says_a_card_is_dragged_and_a_right_click_puts_it_back(driver, game_id):
    table = driver.app.stack.push(table_for(game_id)(driver.app, Record(
        game_id, 3, GAMES[game_id].resolve_options(3), (Seat("You", "human"),) + (Seat("C", "random"),) * 2, 5)))
    driver.settle()
    own = {"thirteen": "help.thirteen_drag", "fiftyfive": "help.fiftyfive_drag"}.get(game_id, "help.do_drag")
    for key in ("help.key_drag", "help.key_right_click", own, "help.do_put_back"):
        assert len(i18n.in_every_language(key)) == len(LANGUAGES), key  # worded anew in each language
    try:
        for language in LANGUAGES:
            i18n.set_language(language)
            driver.press(pygame.K_F1)
            rows = dict(driver.top.rows())
            assert rows[i18n.tr("help.key_drag")] == i18n.tr(own)
            assert rows[i18n.tr("help.key_right_click")] == i18n.tr("help.do_put_back")
            driver.press(pygame.K_F1)
            assert driver.top is table
    finally:
        i18n.set_language("en")
