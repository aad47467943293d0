"""The atomic writer respects what it writes over: through a symbolic link to its target (the link stays a link),
never over anything but a regular file (a device, a pipe, a folder: refused with one line, left as it was), the
permissions of the file it replaces kept; and temporary files a killed write left behind go at the next start."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fiftyfifty_desktop.storage import Settings, Storage, StorageError
from fiftyfifty_desktop.textfiles import STALE_TEMPORARY, remove_stale_temporaries, write_atomically

TEXT = '{"new": true}\n'


def no_temporary_files(folder: Path) -> bool:
    return not [p for p in folder.rglob("*") if p.name.endswith(".tmp")]


def test_settings_written_through_a_link_update_its_target_and_the_link_stays(tmp_path):
    target = tmp_path / "dotfiles" / "fiftyfifty.json"
    target.parent.mkdir()
    storage = Storage(tmp_path / "config", tmp_path / "data")
    storage.save_settings(Settings(language="fr"))
    os.replace(storage.settings_path, target)
    storage.settings_path.symlink_to(target)
    storage.save_settings(Settings(language="it"))
    assert storage.settings_path.is_symlink() and os.readlink(storage.settings_path) == str(target)
    assert '"it"' in target.read_text() and Storage(tmp_path / "config", tmp_path / "data").load_settings()[0].language == "it"


@pytest.mark.parametrize("kind", ["fifo", "folder", "link to a device", "link to a fifo"])
def test_a_target_that_is_not_a_regular_file_is_refused_with_one_line_and_left_alone(tmp_path, kind):
    target = tmp_path / "target"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    elif kind == "link to a device":
        target.symlink_to(os.devnull)
    else:
        os.mkfifo(tmp_path / "pipe")
        target.symlink_to(tmp_path / "pipe")
    before = os.lstat(target)
    with pytest.raises(OSError, match="not a regular file"):
        write_atomically(target, TEXT)
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino) and no_temporary_files(tmp_path)
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_a_saved_game_aimed_at_a_device_is_one_line_that_names_the_file(tmp_path):
    storage = Storage(tmp_path / "config", tmp_path / "data")
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.symlink_to(os.devnull)
    with pytest.raises(StorageError, match=r"settings\.json: cannot be written \(not a regular file\)$"):
        storage.save_settings(Settings())
    assert storage.settings_path.is_symlink()


def test_the_permissions_of_the_file_replaced_are_kept(tmp_path):
    target = tmp_path / "export.json"
    target.write_text("old")
    os.chmod(target, 0o644)
    write_atomically(target, TEXT)
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o644 and target.read_text() == TEXT


def test_temporary_files_a_killed_write_left_are_removed_at_the_next_start(tmp_path):
    storage = Storage(tmp_path / "config", tmp_path / "data")
    storage.save_settings(Settings())
    old = time.time() - STALE_TEMPORARY - 60
    left = [storage.settings_path.with_name(".settings.json.k1l2.tmp"), storage.saves_dir / "take5.jsonab12.tmp",
            storage.data_dir / "uncounted" / ".game-00000000.json.x.tmp"]
    recent = storage.data_dir / ".joined-table.json.now.tmp"  # perhaps another window's write under way
    for path in [*left, recent]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("half")
    for path in left:
        os.utime(path, (old, old))
    storage.remove_stale_temporaries()
    assert [path.exists() for path in left] == [False, False, False] and recent.exists()
    assert storage.settings_path.exists()


# ----- fuzz: every kind of target, and what is left of it --------------------
KINDS = ("missing", "regular", "link", "link to a link", "dangling link", "fifo", "folder", "link to a device",
         "link to a folder")


def make_target(folder: Path, kind: str) -> Path:
    target = folder / "target.json"
    real = folder / "real.json"
    if kind == "regular":
        target.write_text("old")
    elif kind in ("link", "link to a link"):
        real.write_text("old")
        if kind == "link":
            target.symlink_to(real)
        else:
            (folder / "middle").symlink_to(real)
            target.symlink_to(folder / "middle")
    elif kind == "dangling link":
        target.symlink_to(real)
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    elif kind == "link to a device":
        target.symlink_to(os.devnull)
    elif kind == "link to a folder":
        (folder / "sub").mkdir()
        target.symlink_to(folder / "sub")
    return target


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(KINDS), text=st.text(max_size=200), durable=st.booleans())
def test_any_target_is_written_through_or_refused_and_nothing_else_changes(tmp_path_factory, kind, text, durable):
    folder = tmp_path_factory.mktemp("target")
    target = make_target(folder, kind)
    before = {p.name: (os.lstat(p).st_mode, os.lstat(p).st_ino) for p in folder.iterdir()}
    writable = kind in ("missing", "regular", "link", "link to a link", "dangling link")
    try:
        write_atomically(target, text, durable)
    except OSError as exc:
        assert not writable and "not a regular file" in str(exc)
        assert {p.name: (os.lstat(p).st_mode, os.lstat(p).st_ino) for p in folder.iterdir()} == before
    else:
        assert writable and target.read_bytes().decode("utf-8") == text
        assert target.is_symlink() == kind.endswith("link") or kind == "link to a link"
        assert os.path.realpath(target) == str((folder / ("real.json" if "link" in kind else "target.json")).resolve())
    assert no_temporary_files(folder)
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_stale_temporaries_are_only_the_programs_own(tmp_path):
    old = time.time() - STALE_TEMPORARY - 60
    mine, other, folder = tmp_path / ".a.json.x.tmp", tmp_path / "notes.txt", tmp_path / "d.tmp"
    mine.write_text("")
    other.write_text("")
    folder.mkdir()
    for path in (mine, other, folder):
        os.utime(path, (old, old))
    remove_stale_temporaries(tmp_path)
    assert not mine.exists() and other.exists() and folder.is_dir()
