"""Settings and saves on disk: defaults, round trips, atomic writes, bad files kept aside."""

import json

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.storage import HOME_VARIABLE, Settings, Storage


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
    chosen = Settings(speed="slow", fullscreen=True, window=(1600, 900), language="de", sound=False)
    storage.save_settings(chosen)
    assert storage.load_settings() == (chosen, None)
    assert [p.name for p in (tmp_path / "c").iterdir()] == ["settings.json"]  # no temporary file left behind


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
    assert storage.load_record(GAMES) == (None, None)
    saved = record([(0, "p1")])
    game = GAMES["take5"]
    state = game.new_game(2, saved.options, saved.seed)[0]
    card = state.hands[0][0]
    saved = record([(0, f"p{card}")])
    storage.save_record(saved)
    assert storage.has_record()
    assert storage.load_record(GAMES) == (saved, None)
    storage.clear_record()
    assert not storage.has_record()


def test_a_save_that_does_not_replay_is_kept_aside(tmp_path):
    storage = Storage(tmp_path, tmp_path)
    storage.save_record(record([(0, "p200")]))
    text = storage.record_path.read_text()
    loaded, problem = storage.load_record(GAMES)
    assert loaded is None and "could not be read" in str(problem) and "\n" not in str(problem)
    [kept] = tmp_path.glob("current-game.unreadable-*.json")
    assert kept.read_text() == text


def test_two_bad_files_in_the_same_second_are_both_kept(tmp_path):
    storage = Storage(tmp_path, tmp_path)
    for content in ("first", "second"):
        storage.record_path.write_text(content)
        storage.load_record(GAMES)
    kept = sorted(p.read_text() for p in tmp_path.glob("current-game.unreadable-*.json"))
    assert kept == ["first", "second"]
