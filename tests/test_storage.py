"""Settings and saves on disk: defaults, round trips, atomic writes, bad files kept aside."""

import json
import os

import pytest

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.storage import HOME_VARIABLE, SavedSetup, Settings, Storage, StorageError, _settings_from


def record(moves=()):
    return Record("take5", 2, {"target": 66, "variant": "standard"}, (Seat("A", "human"), Seat("B", "random")), 4,
                  tuple(moves))


def test_home_variable_puts_both_files_under_one_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path))
    storage = Storage()
    assert storage.settings_path == tmp_path / "config" / "settings.json"
    assert storage.record_path == tmp_path / "data" / "current-game.json"


def test_missing_settings_give_defaults_without_a_problem(tmp_path):
    assert Storage(tmp_path, tmp_path).load_settings() == (Settings(), None)


def test_settings_round_trip(tmp_path):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    chosen = Settings(speed="slow", fullscreen=True, window=(1600, 900), language="de", volume=0)
    storage.save_settings(chosen)
    assert storage.load_settings() == (chosen, None)
    assert [p.name for p in (tmp_path / "c").iterdir()] == ["settings.json"]  # no temporary file left behind


def test_new_settings_round_trip(tmp_path):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    chosen = Settings(window_position=(-40, 12), volume=30, confirm_move=True, play_forced=True, text_scale=150)
    storage.save_settings(chosen)
    assert storage.load_settings() == (chosen, None)


@pytest.mark.parametrize(("old", "volume"), [(False, 0), (True, 80)])
def test_the_old_sound_switch_becomes_a_volume(tmp_path, old, volume):
    storage = Storage(tmp_path, tmp_path)
    storage.settings_path.write_text(json.dumps({"sound": old, "language": "it"}))
    settings, problem = storage.load_settings()
    assert problem is None and (settings.volume, settings.language) == (volume, "it")
    storage.save_settings(settings)
    saved = json.loads(storage.settings_path.read_text())
    assert saved["volume"] == volume and "sound" not in saved


@pytest.mark.parametrize(("field", "value", "says"), [
    ("volume", 55, "volume must be one of 0, 10, 20"), ("volume", True, "volume must be one of"),
    ("window_position", [1, "2"], "window_position must be [x, y]"),
    ("window_position", [10**9, 0], "window_position must be [x, y]"),
    ("confirm_move", "yes", "confirm_move must be true or false"),
    ("play_forced", 1, "play_forced must be true or false"),
])
def test_bad_new_settings_are_one_line(tmp_path, field, value, says):
    storage = Storage(tmp_path, tmp_path)
    storage.settings_path.write_text(json.dumps({field: value}))
    settings, problem = storage.load_settings()
    assert settings == Settings() and says in str(problem) and "\n" not in str(problem)


def test_window_size_is_kept_within_what_the_table_can_lay_out(tmp_path):
    storage = Storage(tmp_path, tmp_path)
    storage.settings_path.write_text(json.dumps({"window": [100, 50000]}))
    assert storage.load_settings()[0].window == (960, 4320)


def test_unreadable_settings_are_renamed_and_reported_in_one_line(tmp_path):
    storage = Storage(tmp_path, tmp_path)
    storage.settings_path.write_text('{"language": "es"}')
    settings, problem = storage.load_settings()
    assert settings == Settings()
    assert "language must be one of en, de, fr, it" in str(problem) and "\n" not in str(problem)
    [kept] = tmp_path.glob("settings.unreadable-*.json")
    assert kept.read_text() == '{"language": "es"}' and not storage.settings_path.exists()


def test_record_round_trip_and_clear(tmp_path):
    storage = Storage(tmp_path, tmp_path)
    assert storage.load_record(GAMES, "take5") == (None, None)
    saved = record([(0, "p1")])
    game = GAMES["take5"]
    state = game.new_game(2, saved.options, saved.seed)[0]
    card = state.hands[0][0]
    saved = record([(0, f"p{card}")])
    storage.save_record(saved)
    assert storage.has_record() and storage.has_record("take5") and not storage.has_record("thirteen")
    assert storage.load_record(GAMES, "take5") == (saved, None)
    storage.clear_record("take5")
    assert not storage.has_record()


def test_a_save_that_does_not_replay_is_kept_aside(tmp_path):
    storage = Storage(tmp_path, tmp_path)
    storage.save_record(record([(0, "p200")]))
    text = storage.slot("take5").read_text()
    loaded, problem = storage.load_record(GAMES, "take5")
    assert loaded is None and "could not be read" in str(problem) and "\n" not in str(problem)
    [kept] = storage.saves_dir.glob("take5.unreadable-*.json")
    assert kept.read_text() == text


def test_two_bad_files_in_the_same_second_are_both_kept(tmp_path):
    storage = Storage(tmp_path, tmp_path)
    storage.saves_dir.mkdir()
    for content in ("first", "second"):
        storage.slot("take5").write_text(content)
        storage.load_record(GAMES, "take5")
    kept = sorted(p.read_text() for p in storage.saves_dir.glob("take5.unreadable-*.json"))
    assert kept == ["first", "second"]


def test_remembered_setups_round_trip(tmp_path):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    setup = SavedSetup(3, {"target": 99, "variant": "standard"}, (("Ann", "human"), ("Dice", "dice"), ("Kit", "kit")),
                       allow_twice=True)
    chosen = Settings(language="it", setups={"take5": setup})
    storage.save_settings(chosen)
    assert storage.load_settings() == (chosen, None) and storage.dropped_setups == ()


@pytest.mark.parametrize("setup, reason", [
    ({"players": 2, "options": {}}, "the setup lacks 'seats'"),
    ({"players": True, "options": {}, "seats": []}, "players must be a whole number from 1 to 10, not True"),
    ({"players": 1, "options": {"target": 1.5}, "seats": [{"name": "A", "player": "human"}]},
     "option 'target' must be a short text, a whole number or true/false, not 1.5"),
    ({"players": 2, "options": {}, "seats": [{"name": "A", "player": "human"}]}, "seats must be a list of 2 seats"),
    ({"players": 1, "options": {}, "seats": [{"name": "A\u0000", "player": "human"}]},
     "seat 0 name holds the character U+0000 at position 1, which cannot be shown"),
    ({"players": 1, "options": {}, "seats": [{"name": "\u200b\ufeff", "player": "human"}]},
     "seat 0 name: the name has no visible character"),
    ({"players": 1, "options": {}, "seats": [{"name": "A", "player": "human"}], "colour": "red"},
     "unknown setup field 'colour'"),
    ({"players": 1, "options": {}, "seats": [{"name": "A", "player": "human"}], "allow_twice": "yes"},
     "allow_twice must be true or false, not 'yes'"),
])
def test_a_bad_remembered_setup_is_dropped_alone_with_its_reason(tmp_path, setup, reason):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    good = {"players": 1, "options": {}, "seats": [{"name": "A", "player": "human"}]}
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text(json.dumps({"speed": "fast", "setups": {"take5": setup, "thirteen": good}}))
    settings, set_aside = storage.load_settings()
    assert set_aside is None and settings.speed == "fast" and list(settings.setups) == ["thirteen"]
    [dropped] = storage.dropped_setups
    assert dropped.game == "take5" and dropped.reason.startswith(reason)
    assert str(dropped).startswith("the last setup of take5 could not be read (")


def test_setups_that_are_not_an_object_set_the_settings_aside(tmp_path):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text('{"setups": []}')
    settings, set_aside = storage.load_settings()
    assert settings == Settings() and "setups must be a JSON object" in set_aside.reason


def thirteen_record() -> Record:
    return Record("thirteen", 2, GAMES["thirteen"].resolve_options(2), (Seat("Ann", "human"), Seat("Bo", "random")), 7)


def test_a_game_of_each_type_is_kept_side_by_side_newest_first(tmp_path):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    assert storage.saved_games(GAMES) == ([], [])
    storage.save_record(record())
    os.utime(storage.slot("take5"), (1_000_000, 1_000_000))
    other = thirteen_record()
    storage.save_record(other)
    found, problems = storage.saved_games(GAMES)
    assert problems == [] and [saved.record for saved in found] == [other, record()]
    assert GAMES["take5"].stage(found[1].state) == ("round", 1) and found[1].saved_at == 1_000_000
    storage.clear_record("thirteen")
    assert [saved.record.game for saved in storage.saved_games(GAMES)[0]] == ["take5"]


def test_an_unreadable_save_is_set_aside_in_one_line_and_the_others_stay(tmp_path):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    storage.save_record(record())
    storage.slot("thirteen").write_text("not json")
    storage.slot("take5.unreadable-20260101-000000").write_text("an older one")
    found, [problem] = storage.saved_games(GAMES)
    assert [saved.record for saved in found] == [record()]
    assert "\n" not in str(problem) and problem.kept.startswith("thirteen.unreadable-")
    assert (storage.saves_dir / problem.kept).read_text() == "not json"


def test_a_save_holding_another_game_than_its_name_is_set_aside(tmp_path):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    storage.save_record(record())
    os.replace(storage.slot("take5"), storage.slot("thirteen"))
    found, [problem] = storage.saved_games(GAMES)
    assert found == [] and "holds a game of take5" in problem.reason


def test_the_single_save_of_older_versions_moves_to_its_slot(tmp_path):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    storage.record_path.parent.mkdir(parents=True)
    storage.record_path.write_text(record().to_json())
    assert storage.has_record()
    found, problems = storage.saved_games(GAMES)
    assert problems == [] and [saved.record for saved in found] == [record()]
    assert not storage.record_path.exists() and storage.slot("take5").exists()


def test_an_unreadable_old_save_is_set_aside_not_lost(tmp_path):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    storage.record_path.parent.mkdir(parents=True)
    storage.record_path.write_text("{}")
    problem = storage.migrate(GAMES)
    assert problem is not None and problem.kept.startswith("current-game.unreadable-") and "\n" not in str(problem)
    assert (storage.data_dir / problem.kept).read_text() == "{}" and not storage.has_record()


def test_an_old_save_whose_game_is_in_progress_again_moves_to_a_slot_of_its_own(tmp_path):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    storage.save_record(record())
    storage.record_path.write_text(record([(0, "p1")]).to_json())
    assert storage.migrate(GAMES) is None and not storage.record_path.exists()
    assert storage.load_record(GAMES, "take5-2") == (record([(0, "p1")]), None)
    assert storage.load_record(GAMES, "take5") == (record(), None)


def test_the_last_folder_is_kept_in_the_settings_and_checked_when_read(tmp_path):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    storage.save_settings(Settings(file_folder=str(tmp_path)))
    assert storage.load_settings()[0].file_folder == str(tmp_path)
    storage.settings_path.write_text('{"file_folder": 7}', encoding="utf-8")
    settings, set_aside = storage.load_settings()
    assert settings.file_folder == "" and set_aside is not None and "file_folder" in set_aside.reason
    with pytest.raises(StorageError):
        _settings_from({"file_folder": "bad\x00path"})
