"""Two storages on one folder merge their settings, and a data folder an older version left loads as it is."""

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.storage import SavedSetup, Settings, Storage


def record(moves=()):
    return Record("take5", 2, {"target": 66, "variant": "standard"}, (Seat("A", "human"), Seat("B", "random")), 4,
                  tuple(moves))


def test_two_storages_on_one_folder_merge_their_settings_setup_by_setup(tmp_path):
    """Each writes only what it changed since it read the file: the remembered setups of both games stay."""
    first, second = (Storage(tmp_path / "c", tmp_path / "d") for _ in range(2))
    first.save_settings(Settings(volume=50))
    mine, theirs = first.load_settings()[0], second.load_settings()[0]
    take5 = SavedSetup(2, {}, (("Ann", "human"), ("Bo", "random")))
    thirteen = SavedSetup(2, {}, (("Cleo", "human"), ("Dan", "random")))
    second.save_settings(theirs.with_changes(setups={"thirteen": thirteen}, language="fr"))
    written = first.save_settings(mine.with_changes(setups={"take5": take5}, speed="fast"))
    assert written == Storage(tmp_path / "c", tmp_path / "d").load_settings()[0]
    assert (written.language, written.speed, written.volume) == ("fr", "fast", 50)
    assert written.setups == {"take5": take5, "thirteen": thirteen}


def test_a_data_folder_of_one_slot_per_game_type_loads_as_it_is_and_new_games_go_beside(tmp_path):
    """An older version kept one ``<game>.json`` per game type, with no lock files: each is a slot as it stands."""
    older = tmp_path / "d" / "saved-games"
    older.mkdir(parents=True)
    (older / "take5.json").write_text(record().to_json(), encoding="utf-8")
    storage = Storage(tmp_path / "c", tmp_path / "d")
    [saved], problems = storage.saved_games(GAMES)
    assert problems == [] and (saved.slot, saved.record) == ("take5", record())
    storage.save_record(record([(0, "p1")]))  # a new game of the same type
    assert sorted(p.name for p in older.glob("*.json")) == ["take5-2.json", "take5.json"]
    assert storage.take("take5") and storage.load_record(GAMES, "take5") == (record(), None)
