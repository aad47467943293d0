"""The shipped folders are found as the package's data, and an install that lost one says so in one line."""

import importlib.resources

import pytest

from fiftyfifty_desktop import resources
from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.textfiles import FileReadError


def test_each_shipped_folder_is_the_data_of_its_package():
    for name in resources.SHIPPED:
        assert resources.shipped_folder(name) == importlib.resources.files(f"fiftyfifty_desktop.resources.{name}")
    assert resources.resource_path(*resources.ICON_FILE).is_file()
    assert all(resources.resource_path(*parts).is_file() for parts in resources.FONT_FILES.values())
    with pytest.raises(ValueError, match="no shipped folder 'docs'"):
        resources.shipped_folder("docs")


@pytest.fixture
def lost_config(monkeypatch):
    """An install whose config package is gone (a stale editable install, a hand-pruned folder)."""
    def files(package):
        if package.endswith(".config"):
            raise ModuleNotFoundError(f"No module named {package!r}", name=package)
        return importlib.resources.files(package)

    monkeypatch.setattr(resources, "files", files)
    resources.shipped_folder.cache_clear()
    yield
    resources.shipped_folder.cache_clear()


def test_a_lost_shipped_folder_is_one_line_at_the_self_check_and_at_every_command(lost_config, capsys, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    with pytest.raises(FileReadError, match=r"^the program's config/ folder is missing; reinstall the game$"):
        resources.resource_path("config", "ai")
    assert run(["--self-check"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "FAIL  files: the program's config/ folder is missing; reinstall the game"]
    assert run(["simulate", "--game", "take5", "--players", "2", "--seats", "rosa,bruno"]) == 2
    assert capsys.readouterr().err.strip().endswith("the program's config/ folder is missing; reinstall the game")
