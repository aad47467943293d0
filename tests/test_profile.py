"""The profile: the person at this screen across games, kept in the settings; older settings files still load,
and a damaged profile costs only itself, in one line."""

import json

import pytest

from fiftyfifty_desktop.profile import JOINED_KEPT, OTHERS_KEPT, Profile, ProfileError, profile_from
from fiftyfifty_desktop.storage import Settings, Storage


def test_a_game_begun_keeps_the_first_persons_name_and_the_others_most_recent_first():
    profile = Profile().seated("Ann", ["Ben"])
    assert profile == Profile("Ann", ("Ben",))
    assert profile.seated(None, ["Cid", "Ben"]) == Profile("Ann", ("Cid", "Ben"))  # a default name changes nothing
    moved = profile.seated("Ben", ["Ann"])  # they swapped seats: nobody is forgotten or listed twice
    assert moved == Profile("Ben", ("Ann",))
    renamed = Profile("Ann", ("Ben",)).seated("Anna", [])
    assert renamed.people() == ("Anna", "Ann", "Ben")
    many = Profile("Ann").seated("Ann", [f"P{i}" for i in range(OTHERS_KEPT + 3)])
    assert len(many.others) == OTHERS_KEPT and many.others[0] == "P0"


def test_a_joined_name_counts_as_the_profiles_and_can_be_taken_back():
    profile = Profile("Ann", ("Ben",)).join("Player 1")
    assert profile.person("Player 1") == "Ann" and profile.person("Ben") == "Ben"
    assert profile.aliases() == {"Player 1": "Ann"}
    assert profile.join("Player 1") == profile and profile.join("Ann") == profile
    assert profile.part("Player 1") == Profile("Ann", ("Ben",))
    assert Profile(others=("Ben",)).join("Ben") == Profile("Ben")  # with no name yet, the joined one becomes it
    assert len(Profile("Ann").join("a").join("b").joined) == 2
    full = Profile("Ann", (), tuple(f"N{i}" for i in range(JOINED_KEPT)))
    assert full.join("New").joined[-1] == "New" and len(full.join("New").joined) == JOINED_KEPT


def test_the_profile_round_trips_through_the_settings_file(tmp_path):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    chosen = Settings(language="de", profile=Profile("Anna", ("Ben", "Cid"), ("Spieler 1",)))
    storage.save_settings(chosen)
    assert json.loads(storage.settings_path.read_text())["profile"] == {
        "name": "Anna", "others": ["Ben", "Cid"], "joined": ["Spieler 1"]}
    assert storage.load_settings() == (chosen, None) and storage.dropped_profile is None


def test_an_older_settings_file_without_a_profile_still_loads(tmp_path):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text(json.dumps({
        "speed": "fast", "fullscreen": False, "window": [1280, 720], "language": "fr", "sound": True,
        "setups": {"take5": {"players": 2, "options": {}, "seats": [{"name": "Ann", "player": "human"},
                                                                     {"name": "Dice", "player": "dice"}]}}}))
    settings, set_aside = storage.load_settings()
    assert set_aside is None and storage.dropped_profile is None
    assert (settings.speed, settings.language, settings.profile) == ("fast", "fr", Profile())
    assert list(settings.setups) == ["take5"]


@pytest.mark.parametrize(("profile", "says"), [
    ("Ann", "the profile must be a JSON object, not 'Ann'"),
    ({"name": 7}, "profile name must be a name, not 7"),
    ({"name": "A\u202e"}, "profile name: the name holds"),
    ({"name": "Ann", "others": "Ben"}, "profile others must be a list of at most 8 names, not 'Ben'"),
    ({"name": "Ann", "joined": [""]}, "profile joined: the name is empty"),
    ({"name": "Ann", "others": ["B"] * 9}, "profile others must be a list of at most 8 names"),
    ({"name": "Ann", "colour": "red"}, "unknown profile field 'colour'"),
])
def test_a_damaged_profile_is_dropped_alone_in_one_line(tmp_path, profile, says):
    storage = Storage(tmp_path / "c", tmp_path / "d")
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text(json.dumps({"speed": "slow", "language": "it", "profile": profile}))
    settings, set_aside = storage.load_settings()
    assert set_aside is None and (settings.speed, settings.language, settings.profile) == ("slow", "it", Profile())
    assert storage.dropped_profile is not None and storage.dropped_profile.startswith(says)
    assert "\n" not in storage.dropped_profile
    with pytest.raises(ProfileError):
        profile_from(profile)
