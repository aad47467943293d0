"""The record file chooser, driven with the keyboard and the mouse on a folder made for each test: it lists
folders before record files, goes into and up out of folders, chooses, cancels, asks before saving over a
file, says in one line why a folder cannot be shown, lists a huge folder only in part without holding up the
window, and starts the next time in the folder used last."""

from __future__ import annotations

import errno
import os
import threading
import time
from pathlib import Path

import pygame
import pytest

from fiftyfifty_desktop import folders
from fiftyfifty_desktop.folders import LISTED, read_folder
from fiftyfifty_desktop.storage import Settings, Storage
from fiftyfifty_desktop.ui import paint
from fiftyfifty_desktop.ui.scenes.confirm import ConfirmScene
from fiftyfifty_desktop.ui.scenes.files import FileChooserScene, is_record_name

from .drive import Driver


@pytest.fixture
def tree(tmp_path):
    """Folders and files in mixed case, some of them not records."""
    root = tmp_path / "tree"
    for name in ("beta", "Alpha", "zeta"):
        (root / name).mkdir(parents=True)
    for name in ("b.json", "A.JSON", "notes.txt", "c.json", ".hidden.json"):
        (root / name).write_text("{}", encoding="utf-8")
    (root / "Alpha" / "inner.json").write_text("{}", encoding="utf-8")
    return root


@pytest.fixture
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    return folder


def start_in(storage: Storage, folder: Path | None) -> Driver:
    storage.save_settings(Settings(speed="instant", file_folder=str(folder) if folder else ""))
    return Driver.start(storage)


@pytest.fixture
def chosen():
    return []


def listed(driver: Driver) -> FileChooserScene:
    """The chooser on top, once the folder asked for has been read (the reading runs on its own thread)."""
    chooser = driver.top
    assert isinstance(chooser, FileChooserScene)
    for _ in range(2000):
        driver.frame()
        if not chooser.reader.busy:
            return chooser
        time.sleep(0.001)
    raise AssertionError("the folder was never read")


def open_chooser(driver: Driver, chosen: list, saving: bool = False, name: str = "") -> FileChooserScene:
    driver.app.stack.open("file_chooser", saving=saving, name=name, then=chosen.append)
    return listed(driver)


def rows(chooser: FileChooserScene) -> list[str]:
    return [row.text for row in chooser.list.rows]


def test_folders_come_first_then_record_files_each_by_name_whatever_the_case(driver, tree, chosen, storage):
    driver.app.change_settings(file_folder=str(tree))
    chooser = open_chooser(driver, chosen)
    assert chooser.folder == tree
    assert rows(chooser) == ["..", "Alpha", "beta", "zeta", "A.JSON", "b.json", "c.json"]
    assert is_record_name("X.Json") and not is_record_name("notes.txt")


def test_enter_opens_a_folder_backspace_goes_up_and_dot_dot_too(driver, tree, chosen):
    driver.app.change_settings(file_folder=str(tree))
    chooser = open_chooser(driver, chosen)
    assert driver.app.stack.top.form.focused is chooser.list
    driver.press(pygame.K_END)
    assert chooser.name.text == "c.json"  # a file chosen in the list is the one named
    driver.press(pygame.K_HOME)
    driver.press(pygame.K_DOWN)
    driver.press(pygame.K_RETURN)
    listed(driver)
    assert chooser.folder == tree / "Alpha" and rows(chooser) == ["..", "inner.json"]
    assert chooser.name.text == ""  # which is not in this folder
    driver.press(pygame.K_BACKSPACE)
    listed(driver)
    assert chooser.folder == tree and rows(chooser)[chooser.list.chosen] == "Alpha"  # where one came from
    driver.press(pygame.K_HOME)
    driver.press(pygame.K_RETURN)  # ".."
    listed(driver)
    assert chooser.folder == tree.parent and rows(chooser)[chooser.list.chosen] == "tree"
    assert chosen == []


def test_a_double_click_on_a_file_chooses_it_and_its_folder_is_remembered(driver, tree, chosen, storage):
    driver.app.change_settings(file_folder=str(tree / "Alpha"))
    chooser = open_chooser(driver, chosen)
    point = chooser.list.row_rect(rows(chooser).index("inner.json")).center
    driver.click(point)
    assert chosen == [] and chooser.name.text == "inner.json"  # one click chooses the row only
    driver.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    assert chosen == [tree / "Alpha" / "inner.json"] and driver.top is not chooser
    assert storage.load_settings()[0].file_folder == str(tree / "Alpha")


def test_escape_and_cancel_choose_nothing(driver, tree, chosen, home):
    open_chooser(driver, chosen)
    driver.press(pygame.K_ESCAPE)
    assert not isinstance(driver.top, FileChooserScene)
    open_chooser(driver, chosen, saving=True, name="x.json")
    driver.click_button("Cancel")
    assert not isinstance(driver.top, FileChooserScene) and chosen == []
    assert driver.app.settings.file_folder == ""  # a cancel remembers no folder


def test_saving_over_a_file_asks_first(driver, tree, chosen):
    driver.app.change_settings(file_folder=str(tree))
    chooser = open_chooser(driver, chosen, saving=True, name="b.json")
    assert driver.top.form.focused is chooser.name  # the suggested name, ready to be saved or changed
    driver.press(pygame.K_RETURN)
    question = driver.top
    assert isinstance(question, ConfirmScene) and "b.json" in question.heading_text and chosen == []
    driver.click_button("Choose another name")
    assert driver.top is chooser and chosen == []
    driver.press(pygame.K_RETURN)
    driver.click_button("Replace it")
    assert chosen == [tree / "b.json"] and not isinstance(driver.top, FileChooserScene)


def test_a_typed_name_gets_the_record_ending_and_a_typed_folder_is_gone_into(driver, tree, chosen):
    driver.app.change_settings(file_folder=str(tree))
    chooser = open_chooser(driver, chosen, saving=True, name="suggested.json")
    driver.press(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.type("zeta")
    driver.press(pygame.K_RETURN)
    listed(driver)
    assert chooser.folder == tree / "zeta" and chooser.name.text == "suggested.json"
    driver.press(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.type("new game")
    driver.press(pygame.K_RETURN)
    assert chosen == [tree / "zeta" / "new game.json"]


def test_typing_in_the_list_jumps_to_a_name(driver, tree, chosen):
    driver.app.change_settings(file_folder=str(tree))
    chooser = open_chooser(driver, chosen)
    driver.type("c")
    assert rows(chooser)[chooser.list.chosen] == "c.json"
    driver.type("z")
    assert rows(chooser)[chooser.list.chosen] == "zeta"
    driver.frame(dt=2.0)  # a pause: the next letters start a new name
    driver.type("b.")
    assert rows(chooser)[chooser.list.chosen] == "b.json"


def test_a_folder_that_may_not_be_read_is_one_line_and_the_last_one_stays(driver, tree, chosen, monkeypatch):
    real = os.scandir
    locked = tree / "beta"

    def scandir(path):
        if Path(path) == locked:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(folders.os, "scandir", scandir)
    driver.app.change_settings(file_folder=str(tree))
    chooser = open_chooser(driver, chosen)
    driver.type("beta")
    driver.press(pygame.K_RETURN)
    listed(driver)
    assert chooser.folder == tree and chooser.problem
    assert chooser.message == f"The folder {locked} may not be read."


def test_a_vanished_folder_is_one_line(driver, tree, chosen):
    driver.app.change_settings(file_folder=str(tree))
    chooser = open_chooser(driver, chosen)
    (tree / "zeta").rmdir()
    driver.type("zeta")
    driver.press(pygame.K_RETURN)
    listed(driver)
    assert chooser.folder == tree and chooser.message == f"The folder {tree / 'zeta'} is not there."
    assert "zeta" not in rows(chooser) and rows(chooser)[chooser.list.chosen] == "A.JSON"  # read again, in place
    driver.press(pygame.K_END)
    (tree / "c.json").unlink()
    driver.press(pygame.K_RETURN)
    assert chosen == [] and chooser.message == f"There is no file {tree / 'c.json'}."


def test_a_remembered_folder_that_is_gone_starts_in_the_records_folder_and_says_why(storage, tree, chosen, home):
    driver = start_in(storage, tree / "gone")
    try:
        chooser = open_chooser(driver, chosen)
        assert chooser.folder == home  # nothing was exported yet, so no records folder either
        assert chooser.message == f"The folder {tree / 'gone'} is not there."
    finally:
        driver.close()


def test_odd_names_are_listed_shown_and_chosen_as_they_are(driver, tmp_path, chosen):
    folder = tmp_path / "odd"
    folder.mkdir()
    names = ["line\nbreak.json", "é ü ß 中.json", os.fsdecode(b"bytes \xff.json")]
    for name in names:
        (folder / name).write_text("{}", encoding="utf-8")
    driver.app.change_settings(file_folder=str(folder))
    chooser = open_chooser(driver, chosen)
    assert sorted(rows(chooser)[1:]) == sorted(names)
    driver.frame()  # drawn without a complaint
    driver.press(pygame.K_END)
    driver.press(pygame.K_RETURN)
    assert len(chosen) == 1 and chosen[0].exists()


def test_a_huge_folder_is_listed_in_part_with_a_line_saying_so(driver, tmp_path, chosen):
    folder = tmp_path / "huge"
    folder.mkdir()
    for i in range(LISTED + 5):
        (folder / f"game-{i:05}.json").touch()
    driver.app.change_settings(file_folder=str(folder))
    chooser = open_chooser(driver, chosen)
    assert len(rows(chooser)) == LISTED + 1 and chooser.listing.more
    assert chooser.status() == f"Only the first {LISTED} entries are listed; type a name in the field below to " \
                               "reach another."
    driver.press(pygame.K_END)
    assert chooser.list.top == len(rows(chooser)) - chooser.list.page  # the last row is in view
    driver.press(pygame.K_PAGEUP)
    assert chooser.list.chosen == len(rows(chooser)) - 1 - chooser.list.page
    driver.click_button("Open")  # the field is empty: the row chosen is opened
    assert chosen == [folder / f"game-{LISTED - 1 - chooser.list.page:05}.json"]


def test_reading_stops_at_its_bounds(tmp_path):
    for i in range(30):
        (tmp_path / f"{i:02}.json").touch()
    part = read_folder(tmp_path, is_record_name, scanned=100, listed=10)
    assert [e.name for e in part.entries] == [f"{i:02}.json" for i in range(10)] and part.more
    scanned = read_folder(tmp_path, is_record_name, scanned=12, listed=100)
    assert len(scanned.entries) == 12 and scanned.more
    whole = read_folder(tmp_path, is_record_name)
    assert len(whole.entries) == 30 and not whole.more


def test_a_slow_folder_never_holds_up_the_window(driver, tree, chosen, monkeypatch):
    real, release = os.scandir, threading.Event()

    def scandir(path):
        if Path(path) == tree / "zeta":
            release.wait()
        return real(path)

    monkeypatch.setattr(folders.os, "scandir", scandir)
    driver.app.change_settings(file_folder=str(tree))
    chooser = open_chooser(driver, chosen)
    driver.type("zeta")
    driver.press(pygame.K_RETURN)
    try:
        for _ in range(30):  # half a second of frames: each one comes back while the folder is still read
            driver.frame()
        assert chooser.reader.busy and not chooser.resting() and chooser.folder == tree
        assert chooser.status() == f"Reading {tree / 'zeta'} …"
        driver.press(pygame.K_ESCAPE)  # and it can be left meanwhile
        assert not isinstance(driver.top, FileChooserScene)
    finally:
        release.set()


def test_the_wheel_and_the_scroll_bar_scroll_the_list(driver, tmp_path, chosen):
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(60):
        (folder / f"{i:02}.json").touch()
    driver.app.change_settings(file_folder=str(folder))
    chooser = open_chooser(driver, chosen)
    scroll = chooser.list
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=scroll.rect.center, rel=(0, 0), buttons=(0, 0, 0)),
                 pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))
    assert scroll.top == 6 and scroll.chosen == 0
    track, thumb = scroll.bar()
    driver.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom + 50), rel=(0, 0),
                                    buttons=(1, 0, 0)))
    driver.frame(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, track.bottom + 50), button=1))
    assert scroll.top == len(scroll.rows) - scroll.page and scroll.dragging is None
    driver.click((track.centerx, track.y + 2))  # above the thumb: a page up
    assert scroll.top == len(scroll.rows) - 2 * scroll.page


def test_the_places_go_home_to_the_records_and_to_the_last_folder(storage, tree, chosen, home):
    driver = start_in(storage, None)
    try:
        chooser = open_chooser(driver, chosen, saving=True, name="x.json")
        assert chooser.folder == storage.data_dir / "records"  # made for an export, and where it starts
        assert not driver.button("Last folder").enabled
        driver.click_button("Home folder")
        listed(driver)
        assert chooser.folder == home
        driver.press(pygame.K_ESCAPE)
        driver.app.change_settings(file_folder=str(tree))
        chooser = open_chooser(driver, chosen)
        driver.click_button("Home folder")
        listed(driver)
        driver.click_button("Last folder")
        listed(driver)
        assert chooser.folder == tree
    finally:
        driver.close()


def test_f1_lists_the_choosers_own_keys(driver, tree, chosen):
    driver.app.change_settings(file_folder=str(tree))
    open_chooser(driver, chosen)
    driver.press(pygame.K_F1)
    assert [key.does for key in driver.top.keys][:5] == ["files.do_move", "files.do_page", "files.do_ends",
                                                         "files.do_open", "files.do_up"]


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_a_long_line_under_the_list_wraps_and_is_cut_short_never_drawn_smaller(driver, tree, chosen, monkeypatch,
                                                                               size):
    driver.app.resize(*size)
    driver.app.change_settings(file_folder=str(tree), text_scale=150, language="de")
    chooser = open_chooser(driver, chosen)
    chooser.say("/" + "x/" * 400, True)  # a path far wider than the window, with no space to wrap at
    drawn = []
    real = paint.text

    def text(surface, content, size, *args, **kwargs):
        drawn.append((content, size, real(surface, content, size, *args, **kwargs)))
        return drawn[-1][2]

    monkeypatch.setattr(paint, "text", text)
    chooser.draw(pygame.Surface(size))
    below = [(content, font, rect) for content, font, rect in drawn if chooser.message_rect.colliderect(rect)]
    assert below and all(font == chooser.layout.font_small for _, font, _ in below)
    assert all(chooser.message_rect.contains(rect) for _, _, rect in below) and below[-1][0].endswith("…")


def test_tab_goes_from_the_list_to_the_name_field_the_buttons_and_the_places(driver, tree, chosen):
    driver.app.change_settings(file_folder=str(tree))
    chooser = open_chooser(driver, chosen)
    order = []
    for _ in range(7):
        order.append(chooser.form.focused)
        driver.press(pygame.K_TAB)
    assert order == [chooser.list, chooser.name, chooser.choose_button, chooser.cancel_button, *chooser.places]
    assert chooser.form.focused is chooser.list
    driver.press(pygame.K_TAB)
    driver.press(pygame.K_TAB)
    driver.press(pygame.K_TAB)  # Cancel, pressed with Enter
    driver.press(pygame.K_RETURN)
    assert not isinstance(driver.top, FileChooserScene) and chosen == []


@pytest.mark.parametrize("typed", ["~nobody-here-at-all/x.json", "x" * 300, "x" * 252, "a\x00b"])
def test_a_name_that_cannot_be_a_file_is_one_line(driver, tree, chosen, typed):
    driver.app.change_settings(file_folder=str(tree))
    chooser = open_chooser(driver, chosen, saving=True, name="x.json")
    chooser.name.text = typed
    driver.press(pygame.K_RETURN)
    assert driver.top is chooser and chosen == [] and chooser.problem
    assert chooser.message.endswith("cannot be a file's name.") and "\n" not in chooser.message
