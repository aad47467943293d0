"""A game that cannot be saved: the moves stay in memory, the window says so plainly and
all the time, nothing claims the game is saved, leaving asks first, and the next good
save writes every move."""

import shutil

import pygame

from fiftyfifty_desktop.engine.records import parse_record
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui import i18n
from fiftyfifty_desktop.ui.scenes.pause import PauseScene
from fiftyfifty_desktop.ui.scenes.title import TitleScene
from fiftyfifty_desktop.ui.scenes.unsaved import UnsavedScene

from .test_take5_table import lowest_card_and_cheapest_row, new_game_from_title


def play_moves(driver, count):
    for _ in range(count):
        driver.settle()
        _, rect = lowest_card_and_cheapest_row(driver.top)
        driver.click(rect.center)
    driver.settle()


def break_folder(storage):
    """Put a plain file where the saved games' folder was: every save now fails with a real OSError."""
    shutil.rmtree(storage.saves_dir)
    storage.saves_dir.write_text("not a folder")


def mend_folder(storage):
    storage.saves_dir.unlink()


def saved_moves(storage):
    return parse_record(storage.slot("take5").read_text(encoding="utf-8"), GAMES).moves


def test_moves_made_while_saving_fails_are_kept_and_written_later(driver, storage):
    table = new_game_from_title(driver, "21")
    play_moves(driver, 2)
    assert saved_moves(storage) == table.record.moves
    break_folder(storage)
    play_moves(driver, 3)
    unsaved = storage.unsaved
    assert unsaved is not None and unsaved.record == table.record and "cannot be written" in unsaved.problem
    # Shown on every frame, on the table and over it, and the pause never says "saved".
    banner = i18n.tr("unsaved.banner", problem=i18n.tr("unsaved.blocked"))
    assert banner == "The game is NOT being saved. A file stands where the folder should be."
    assert any(banner in line for line in drawn_lines(driver))
    driver.press(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    assert driver.top.subheading().endswith(i18n.tr("pause.not_saved")) and i18n.tr("pause.saved") not in driver.top.subheading()
    driver.click_button("Resume")
    mend_folder(storage)
    play_moves(driver, 1)
    assert storage.unsaved is None and saved_moves(storage) == table.record.moves
    assert sorted(p.name for p in storage.saves_dir.iterdir()) == ["take5.json"]


def test_leaving_an_unsaved_game_asks_first(driver, storage):
    table = new_game_from_title(driver, "22")
    play_moves(driver, 1)
    break_folder(storage)
    play_moves(driver, 1)
    driver.frame(pygame.event.Event(pygame.QUIT))
    assert driver.app.running and isinstance(driver.top, UnsavedScene)
    driver.frame(pygame.event.Event(pygame.QUIT))  # asked once, not twice
    assert len([s for s in driver.app.stack._scenes if isinstance(s, UnsavedScene)]) == 1
    driver.click_button("Back to the game")
    assert driver.top is table
    driver.press(pygame.K_ESCAPE)
    driver.click_button("Leave to title")
    assert isinstance(driver.top, UnsavedScene)
    driver.click_button("Try saving again")  # still failing: stays, nothing lost
    assert isinstance(driver.top, UnsavedScene) and storage.unsaved.record == table.record
    mend_folder(storage)
    driver.click_button("Try saving again")
    assert isinstance(driver.top, TitleScene) and saved_moves(storage) == table.record.moves


def test_leaving_without_saving_is_a_choice_the_player_makes(driver, storage):
    new_game_from_title(driver, "23")
    play_moves(driver, 1)
    break_folder(storage)
    play_moves(driver, 1)
    driver.frame(pygame.event.Event(pygame.QUIT))
    driver.click_button("Leave without saving")
    assert not driver.app.running


def drawn_lines(driver):
    """Every text rendered while drawing one frame."""
    from fiftyfifty_desktop.ui import fonts

    seen = []
    original = fonts.text

    def spy(content, *args, **kwargs):
        seen.append(content)
        return original(content, *args, **kwargs)

    fonts.text = spy
    try:
        driver.frame()
    finally:
        fonts.text = original
    return seen
