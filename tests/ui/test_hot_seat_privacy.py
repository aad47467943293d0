"""Several people at one screen: no overlay shows a hand, and the screens name the game they are about."""

import pygame

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat, replay
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui import i18n, paint
from fiftyfifty_desktop.ui.scenes.handover import HandoverScene
from fiftyfifty_desktop.ui.scenes.pause import PauseScene
from fiftyfifty_desktop.ui.scenes.title import TitleScene
from fiftyfifty_desktop.ui.tables.base import TableScene

SEATS = (Seat("Ann", "human"), Seat("Bob", "human"), Seat("Rosa the Careful", "rosa"))
OPTIONS = {"target": 66, "variant": "standard"}


def at_the_table(driver, seats=SEATS) -> TableScene:
    table = driver.app.stack.open("table", record=Record("take5", len(seats), OPTIONS, seats, 12))
    driver.settle()
    while isinstance(driver.top, HandoverScene):
        driver.press(pygame.K_RETURN)
        driver.settle()
    assert driver.top is table and table.acting is not None
    return table


def shown_over_felt(driver, overlay) -> bytes:
    """The picture of ``overlay`` drawn over bare felt, as the screen should show it."""
    expected = pygame.Surface(driver.app.screen.get_size())
    paint.background(expected)
    overlay.draw(expected)
    return pygame.image.tobytes(expected, "RGB")


def test_any_overlay_over_a_hot_seat_table_hides_the_hands(driver):
    table = at_the_table(driver)
    assert table.private
    driver.press(pygame.K_ESCAPE)
    pause = driver.top
    assert isinstance(pause, PauseScene)
    assert pygame.image.tobytes(driver.app.screen, "RGB") == shown_over_felt(driver, pause)
    warning = driver.app.stack.open("unsaved", then=lambda: None)  # another overlay, over the pause
    driver.frame()
    expected = pygame.Surface(driver.app.screen.get_size())
    paint.background(expected)
    pause.draw(expected)
    warning.draw(expected)
    assert pygame.image.tobytes(driver.app.screen, "RGB") == pygame.image.tobytes(expected, "RGB")
    driver.app.stack.pop()
    driver.click_button("Resume")
    assert driver.top is table
    bare = pygame.Surface(driver.app.screen.get_size())
    paint.background(bare)
    assert pygame.image.tobytes(driver.app.screen, "RGB") != pygame.image.tobytes(bare, "RGB")  # the table again


def test_a_table_with_one_person_stays_in_view_under_the_pause(driver):
    table = at_the_table(driver, (Seat("Ann", "human"), Seat("Rosa the Careful", "rosa")))
    assert not table.private
    driver.press(pygame.K_ESCAPE)
    assert pygame.image.tobytes(driver.app.screen, "RGB") != shown_over_felt(driver, driver.top)


def test_the_pause_names_the_game_and_keeps_its_number(driver):
    at_the_table(driver)
    driver.press(pygame.K_ESCAPE)
    pause = driver.top
    assert pause.heading() == "Take 5 paused"
    assert pause.subheading() == "Game number 12 \u00b7 Your game is saved after every move."
    i18n.set_language("de")
    try:
        assert pause.heading() == "6 nimmt! pausiert"
    finally:
        i18n.set_language("en")


def test_continue_names_the_game_the_players_and_the_round(storage, driver):
    game = GAMES["take5"]
    record = Record("take5", 3, OPTIONS, SEATS, 12)
    agents = {i: make_agent("medium", game, i, 12, ()) for i in range(3)}
    whole = play_out(game, record, agents).record
    record = Record("take5", 3, OPTIONS, SEATS, 12, whole.moves[:45])
    round_now = replay(record, GAMES).state.round
    assert round_now > 1
    storage.save_record(record)
    driver.frame()
    title = driver.top
    assert isinstance(title, TitleScene)
    assert driver.button("Continue Take 5").visible
    assert title.subheading() == f"Ann, Bob and Rosa the Careful \u00b7 round\u00a0{round_now}"
    i18n.set_language("fr")
    try:
        assert title.subheading() == f"Ann, Bob et Rosa la Prudente \u00b7 manche\u00a0{round_now}"
        assert driver.button("Reprendre 6 qui prend !")
    finally:
        i18n.set_language("en")
    driver.click_button("Continue Take 5")
    assert driver.table().record.moves[:len(record.moves)] == record.moves


def test_a_save_that_cannot_be_read_is_set_aside_and_not_offered(storage, driver):
    storage.saves_dir.mkdir(parents=True, exist_ok=True)
    storage.slot("take5").write_text("{}")
    driver.frame()  # the title looks again when a save comes or goes
    assert driver.button("New game").primary and driver.top.subheading() == "Take 5 \u00b7 Fifty Fifty \u00b7 Fifty-Five \u00b7 Thirteen"
    [kept] = storage.saves_dir.glob("take5.unreadable-*.json")
    assert kept.read_text() == "{}" and not storage.has_record() and len(driver.app.notices) == 1
