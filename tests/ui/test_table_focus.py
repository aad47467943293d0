"""The focus at a table: the table holds it, so Enter and Space act on the table (play the card chosen, confirm)
even with a button lit beside it; Tab moves it table → buttons → table, a button acts on Enter or Space only while
it holds the focus, and a gold ring shows where the focus is, in high contrast too."""

import pygame
import pytest

from fiftyfifty_desktop.ui.layout import GOLD
from fiftyfifty_desktop.ui.tables.fiftyfive import FiftyFiveTable
from fiftyfifty_desktop.ui.tables.take5 import Take5Table

from .test_move_log import record


def take5_at_rest(driver, seed=3) -> Take5Table:
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random"), seed)))
    driver.settle()
    assert table.my_turn
    return table


def mine(table) -> int:
    return len([m for seat, m in table.record.moves if seat == 0])


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_SPACE])
def test_enter_and_space_play_the_card_chosen_with_the_hint_lit_beside_the_table(driver, key):
    table = take5_at_rest(driver)
    table.control.ask_hint()
    table.corner.wait_for_hint()
    assert table.corner.shown_hint() is not None  # the hint's button is lit
    driver.press(pygame.K_RIGHT)
    played = mine(table)
    driver.press(key, " " if key == pygame.K_SPACE else "\r")
    assert mine(table) == played + 1


def test_enter_puts_the_last_turn_away_and_plays_the_card_chosen(driver):
    table = take5_at_rest(driver)
    driver.press(pygame.K_1, "1")
    driver.settle()
    driver.press(pygame.K_b, "b")
    assert table.looking
    driver.press(pygame.K_RIGHT)
    assert not table.looking and table.cursor == 0  # the arrow put the turn away and chose a card
    driver.press(pygame.K_b, "b")
    played = mine(table)
    driver.press(pygame.K_RETURN, "\r")
    assert not table.looking and mine(table) == played + 1


def test_tab_goes_from_the_table_to_each_button_and_back_and_shows_a_choice_on_the_table(driver):
    table = take5_at_rest(driver)
    driver.press(pygame.K_1, "1")
    driver.settle()  # now there is a turn to look back at and a move to take back
    buttons = [button.name for button in table.focus.buttons()]
    assert buttons == ["hint", "undo", "look_back", "log"]  # top to bottom, as they stand in the corner
    visited = []
    for _ in buttons:
        driver.press(pygame.K_TAB)
        visited.append(table.focus.name)
    assert visited == buttons
    driver.press(pygame.K_TAB)
    assert table.focus.name is None and table.cursor == 0  # back on the table, its first card chosen
    driver.press(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert table.focus.name == "log"


def test_a_button_acts_on_enter_or_space_only_while_it_holds_the_focus(driver):
    table = take5_at_rest(driver)
    driver.press(pygame.K_TAB)
    assert table.focus.name == "hint"
    driver.press(pygame.K_SPACE, " ")
    table.corner.wait_for_hint()
    assert table.corner.shown_hint() is not None and table.my_turn  # the hint came; no card was played
    driver.press(pygame.K_TAB)  # nothing to take back or look back at yet: the log's button is next
    assert table.focus.name == "log"
    driver.press(pygame.K_RETURN, "\r")
    assert table.log_open
    driver.press(pygame.K_ESCAPE)  # the focus goes back to the table; nothing else happens
    assert table.focus.name is None and table.log_open and driver.top is table
    played = mine(table)
    driver.press(pygame.K_RIGHT)
    driver.press(pygame.K_RETURN, "\r")
    assert mine(table) == played + 1 and table.log_open


def test_a_click_or_another_key_gives_the_focus_back_to_the_table(driver):
    table = take5_at_rest(driver)
    driver.press(pygame.K_TAB)
    driver.click((2, 2))
    assert table.focus.name is None
    driver.press(pygame.K_TAB)
    played = mine(table)
    driver.press(pygame.K_1, "1")
    assert table.focus.name is None and mine(table) == played + 1


def test_the_game_s_own_button_is_visited_first(driver):
    table = driver.app.stack.push(FiftyFiveTable(driver.app, record("fiftyfive", ("human", "random", "random"), 4)))
    driver.settle()
    driver.press(pygame.K_TAB)
    assert table.focus.name == "ranking"
    driver.press(pygame.K_RETURN, "\r")
    assert table.ranking_shown
    driver.press(pygame.K_RETURN, "\r")
    assert not table.ranking_shown


def ring_at(driver, table, rect) -> bool:
    """Whether the focus ring is drawn round ``rect`` (its left edge, half way down)."""
    window = table.window
    gap = max(2, window.px(0.6))
    x = rect.x - gap + max(2, window.px(0.3)) // 2
    return tuple(driver.app.screen.get_at((x, rect.centery)))[:3] == tuple(GOLD)


@pytest.mark.parametrize("high_contrast", [False, True])
def test_the_focus_is_ringed_and_a_lit_button_is_not(driver, high_contrast):
    driver.app.change_settings(high_contrast=high_contrast)
    table = take5_at_rest(driver)
    table.control.ask_hint()
    table.corner.wait_for_hint()
    driver.frame()
    hint, log = table.corner.button("hint"), table.corner.button("log")
    assert not ring_at(driver, table, hint) and not ring_at(driver, table, log)  # lit, not focused
    driver.press(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert table.focus.name == "log"
    driver.frame()
    assert ring_at(driver, table, log) and not ring_at(driver, table, hint)
