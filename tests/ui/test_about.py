"""The About screen: reached from the title, shows version and folders, opens a folder or says why not."""

import sys

import pytest

from fiftyfifty_desktop import __license__, __version__, opener
from fiftyfifty_desktop.ui.scenes.about import AboutScene


@pytest.fixture
def about(driver):
    driver.click_button("About")
    assert isinstance(driver.top, AboutScene)
    return driver.top


def test_the_title_screen_opens_about_showing_version_licence_and_both_folders(driver, about, storage):
    values = [value for _, value in about.lines()]
    assert values[0] == __version__ and values[1].startswith(__license__)
    assert [folder for _, folder in about.places] == [storage.settings_path.parent, storage.record_path.parent]
    driver.click_button("Back")
    assert type(driver.top).__name__ == "TitleScene"


def wait_for_opener(driver, about):
    for _ in range(500):
        driver.frame()
        if about.opening is None:
            return
        about.opening[1].wait(timeout=5)
    raise AssertionError("the opener did not end")


def test_a_working_opener_gets_the_folder_made_and_shows_no_notice(driver, about, storage, monkeypatch):
    monkeypatch.setattr(opener, "opener_command", lambda: [sys.executable, "-c", "pass"])
    assert not storage.record_path.parent.exists()
    driver.click(about.open_buttons[1].rect.center)
    wait_for_opener(driver, about)
    assert storage.record_path.parent.is_dir() and about.problem is None


def test_an_opener_that_fails_gives_one_line_naming_the_folder(driver, about, storage, monkeypatch):
    monkeypatch.setattr(opener, "opener_command", lambda: [sys.executable, "-c", "raise SystemExit(4)"])
    driver.click(about.open_buttons[0].rect.center)
    wait_for_opener(driver, about)
    assert about.problem == f"Could not open {storage.settings_path.parent}: the file manager ended with status 4"


def test_a_missing_opener_gives_one_line_at_once(driver, about, monkeypatch):
    monkeypatch.setattr(opener, "opener_command", lambda: ["no-such-opener-for-this-test"])
    driver.click(about.open_buttons[0].rect.center)
    assert about.problem is not None and about.problem.startswith("Could not open ")
    assert "\n" not in about.problem


def test_settings_and_games_in_one_folder_get_one_button(tmp_path):
    from fiftyfifty_desktop.storage import Storage
    from tests.ui.drive import Driver

    driver = Driver.start(Storage(tmp_path, tmp_path))
    try:
        driver.click_button("About")
        assert [key for key, _ in driver.top.places] == ["about.settings_and_games"]
        assert len(driver.top.open_buttons) == 1
    finally:
        driver.close()


def test_a_download_shows_its_third_party_licences_folder_with_a_button(tmp_path, monkeypatch):
    from fiftyfifty_desktop.storage import Storage
    from tests.ui.drive import Driver

    (tmp_path / "bundle" / "licenses").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
    monkeypatch.setattr(opener, "opener_command", lambda: [sys.executable, "-c", "pass"])
    driver = Driver.start(Storage(tmp_path / "home", tmp_path / "home"))
    try:
        driver.click_button("About")
        about = driver.top
        assert about.places[-1] == ("about.licences", tmp_path / "bundle" / "licenses")
        driver.click(about.open_buttons[-1].rect.center)
        wait_for_opener(driver, about)
        assert about.problem is None
    finally:
        driver.close()


def test_from_source_no_licences_folder_is_offered(driver, about):
    assert "about.licences" not in [key for key, _ in about.places]
