"""Every file the program writes over goes through one atomic writer: a failure at any point of the write
leaves the old file whole and no temporary file behind."""

import errno
import os

import pytest

from fiftyfifty_desktop import textfiles
from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.storage import HOME_VARIABLE, Settings, Storage, StorageError

from .test_stats_cli import store_games

OLD = '{"old": "whole"}\n'


def full_disk_after(calls_allowed: int):
    """An ``os.write``-level failure: the data is cut short, as on a disk that fills while writing."""
    real = os.fsync
    count = {"n": 0}

    def fsync(fd):
        count["n"] += 1
        if count["n"] > calls_allowed:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd)
    return fsync


@pytest.mark.parametrize("step", ["write", "fsync", "replace"])
def test_a_write_failing_midway_leaves_the_old_file_whole(tmp_path, monkeypatch, step):
    target = tmp_path / "file.json"
    target.write_text(OLD, encoding="utf-8")

    def fail(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    if step == "write":
        real_fdopen = os.fdopen

        class HalfWriter:
            def __init__(self, fd, mode):
                self.stream = real_fdopen(fd, mode)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.stream.close()

            def write(self, data):
                self.stream.write(data[:len(data) // 2])
                self.stream.flush()
                fail()

        monkeypatch.setattr(textfiles.os, "fdopen", HalfWriter)
    elif step == "fsync":
        monkeypatch.setattr(textfiles.os, "fsync", full_disk_after(0))
    else:
        monkeypatch.setattr(textfiles.os, "replace", fail)
    with pytest.raises(OSError):
        textfiles.write_atomically(target, '{"new": "' + "x" * 10_000 + '"}\n')
    assert target.read_text(encoding="utf-8") == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.json"]


def test_settings_and_the_saved_game_keep_the_old_file_when_the_write_fails(tmp_path, monkeypatch):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    storage.save_settings(Settings(language="fr"))
    before = storage.settings_path.read_bytes()
    monkeypatch.setattr(textfiles.os, "fsync", full_disk_after(0))
    with pytest.raises(StorageError, match="cannot be written"):
        storage.save_settings(Settings(language="de"))
    assert storage.settings_path.read_bytes() == before


def test_history_export_over_an_existing_file_keeps_it_whole_when_the_write_fails(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path))
    store_games(tmp_path)
    target = tmp_path / "kept.json"
    target.write_text(OLD, encoding="utf-8")
    monkeypatch.setattr(textfiles.os, "fsync", full_disk_after(0))
    assert run(["history", "--export", "1", str(target)]) == 2
    assert target.read_text(encoding="utf-8") == OLD
    assert "cannot be written" in capsys.readouterr().err


@pytest.mark.parametrize("game_id", [str(2 ** 63), str(-(2 ** 63) - 1), str(2 ** 64), "9" * 400])
def test_an_export_id_sqlite_cannot_hold_is_one_line(tmp_path, monkeypatch, capsys, game_id):
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path))
    assert run(["history", "--export", game_id, str(tmp_path / "x.json")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "no stored game has the id" in err
