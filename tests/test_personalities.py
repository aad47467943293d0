"""Opponents as data: the shipped files load, bad files are refused in one line."""

import pytest

from fiftyfifty_desktop.ai import load_personalities, make_agent
from fiftyfifty_desktop.config import ConfigError
from fiftyfifty_desktop.registry import GAMES


def test_shipped_opponents_load_and_build_agents():
    people = load_personalities()
    assert people
    for person in people:
        for game_id in person.games:
            assert make_agent(person.id, GAMES[game_id], 0, 1) is not None


GOOD = ("opponents:\n  - id: ann\n    name: Ann\n    games: [take5]\n    strength: random\n    think: 0.5\n"
        "    about:\n      en: Plays.\n      de: Spielt.\n      fr: Joue.\n      it: Gioca.\n")


@pytest.mark.parametrize(
    "text, message",
    [
        (GOOD.replace("think: 0.5", "think: slow"), "line 6: opponents[0].think: must be a number from 0.0 to 5.0"),
        (GOOD.replace("strength: random", "strength: genius"), "line 5: opponents[0].strength: must be one of"),
        (GOOD.replace("games: [take5]", "games: [chess]"), "line 4: opponents[0].games[0]: must be one of"),
        (GOOD + "    colour: red\n", "line 12: opponents[0].colour: unknown key"),
        (GOOD[:GOOD.index("    about:")], "opponents[0]: missing key 'about'"),
        (GOOD.replace("de: Spielt.", "de: " + "x" * 91),
         "line 9: opponents[0].about.de: must be one line of at most 90"),
        (GOOD.replace("      fr: Joue.\n", ""),
         "line 8: opponents[0].about: has no line in 'fr' (one is needed in each of en, de, fr, it)"),
        (GOOD.replace("it: Gioca.", "es: Juega."),
         "line 11: opponents[0].about.es: unknown key (allowed: de, en, fr, it)"),
        (GOOD[:GOOD.index("    about:")] + "    about: Plays.\n",
         "line 7: opponents[0].about: must give one line in each language (en, de, fr, it), not 'Plays.'"),
        (GOOD.replace("en: Plays.", "en: ''"), "opponents[0].about.en: must be a text"),
        (GOOD.replace("    think: 0.5\n", ""), "opponents[0]: missing key 'think'"),
        (GOOD + "    knobs: {risk: 2}\n", "opponents[0].knobs.risk: must be a number from 0.0 to 1.0"),
        (GOOD + "    knobs: {speed: 2}\n", "opponents[0].knobs.speed: unknown key"),
        (GOOD.replace("id: ann", "id: Ann Smith"), "opponents[0].id: must be lower-case"),
        (GOOD.replace("id: ann", "id: hard"), "reserved word"),
        ("opponents: [\n", "not valid YAML"),
        ("", "the file is empty"),
    ],
)
def test_bad_opponent_files_are_refused_in_one_line(tmp_path, text, message):
    (tmp_path / "bad.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_personalities(tmp_path)
    assert message in str(caught.value)
    assert str(caught.value).startswith(str(tmp_path / "bad.yaml"))
    assert "\n" not in str(caught.value)


def test_an_id_used_twice_is_refused(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(ConfigError, match="already used"):
        load_personalities(tmp_path)


def test_unknown_opponent_names_are_refused():
    with pytest.raises(ValueError, match="no computer opponent is called 'zed'"):
        make_agent("zed", GAMES["take5"], 0, 1)
