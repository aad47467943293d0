"""Every broken file reported on the reliability issue, as a test: each gives a
clean one-line refusal (exit 2 on the command line), or the program goes on
with the file set aside, never a traceback, a hang or a silent default."""

import json

import pytest

from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.config import ConfigError, parse_yaml
from fiftyfifty_desktop.engine import RecordError
from fiftyfifty_desktop.engine.records import Record, Seat, parse_record
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.storage import LANGUAGES, Settings, Storage, StorageError
from fiftyfifty_desktop.ui.i18n import load_translations
from fiftyfifty_desktop.resources import resource_path


def record_text(**changes):
    data = {"format": "fiftyfifty-record", "version": 1, "game": "take5", "players": 2,
            "options": {"target": 66, "variant": "standard"},
            "seats": [{"name": "A", "player": "human"}, {"name": "B", "player": "random"}],
            "seed": 4, "moves": []}
    data.update(changes)
    return json.dumps(data)


def cli(capsys, *argv):
    status = run(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def one_line_refusal(capsys, argv, words):
    status, out, err = cli(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and len(err) < 300, err
    assert words in err, err


DEEP = "[" * 1000 + "]" * 1000
LONG_NUMBER = "1" * 5000


@pytest.mark.parametrize("text, words", [
    (record_text(seed=0).replace('"seed": 0', '"seed": ' + DEEP), "nest 1001 deep"),
    (record_text(seed=0).replace('"seed": 0', '"seed": ' + LONG_NUMBER), "too long"),
    (record_text()[:-1] + ', "moves": []}', "appears twice"),
    (record_text(seats=[{"name": "A\u0000", "player": "human"}, {"name": "B", "player": "random"}]), "U+0000"),
    (record_text(seats=[{"name": "\ud800x", "player": "human"}, {"name": "B", "player": "random"}]), "U+D800"),
    (record_text(seats=[{"name": "A" * 41, "player": "human"}, {"name": "B", "player": "random"}]), "longer"),
])
def test_hostile_records_are_refused_in_one_line(tmp_path, capsys, text, words):
    with pytest.raises(RecordError) as caught:
        parse_record(text, GAMES)
    assert words in str(caught.value)
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    one_line_refusal(capsys, ["replay", str(path)], words)


@pytest.mark.parametrize("move", ["p²", "b¹⁵", "p¹⁰", "p" + "9" * 5000])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_odd_digits_in_a_move_are_a_clean_refusal(tmp_path, capsys, game, move):
    players = 4
    seats = [{"name": f"S{i}", "player": "random"} for i in range(players)]
    options = GAMES[game].resolve_options(players, {})
    text = record_text(game=game, players=players, seats=seats, options=options, moves=[[0, move]])
    path = tmp_path / "r.json"
    path.write_text(text)
    one_line_refusal(capsys, ["replay", str(path)], "cannot be read")


def test_a_device_or_an_oversized_record_is_not_read(tmp_path, capsys):
    one_line_refusal(capsys, ["replay", "/dev/zero"], "not a regular file")
    big = tmp_path / "big.json"
    with open(big, "wb") as out:
        out.truncate(9 * 1024 * 1024)
    one_line_refusal(capsys, ["replay", str(big)], "larger than")  # refused by its size, before reading


def test_option_file_from_a_device_is_refused(capsys):
    one_line_refusal(capsys, ["simulate", "--game", "fiftyfifty", "--players", "3", "--seed", "1",
                              "--option", "deck=/dev/zero"], "not a regular file")


def test_games_has_a_maximum(capsys):
    one_line_refusal(capsys, ["simulate", "--game", "take5", "--players", "3", "--games", "1000000000"],
                     "from 1 to 1,000,000")
    one_line_refusal(capsys, ["simulate", "--game", "take5", "--players", "3", "--seed", "1" * 5000],
                     "at most 18 digits")


def test_an_unfinished_game_says_so(tmp_path, capsys):
    path = tmp_path / "r.json"
    path.write_text(record_text())
    status, out, err = cli(capsys, "replay", str(path))
    assert status == 0 and "not finished" in out and "winner \n" not in out


# ----- the saved game and the settings at start -----------------------------
@pytest.mark.parametrize("text", [DEEP, '{"speed": ' + LONG_NUMBER + "}", '{"speed": "slow", "speed": "fast"}',
                                  "\ud800", '{"window": [1' + "0" * 400 + ", 2]}"])
def test_bad_settings_are_set_aside_and_defaults_used(tmp_path, text):
    storage = Storage(tmp_path, tmp_path)
    storage.settings_path.write_text(text, encoding="utf-8", errors="surrogatepass")
    settings, problem = storage.load_settings()
    assert settings == Settings() and problem and "\n" not in str(problem) and len(str(problem)) < 300
    assert len(list(tmp_path.glob("settings.unreadable-*.json"))) == 1 and not storage.settings_path.exists()


@pytest.mark.parametrize("text", [DEEP, record_text(seed=0).replace('"seed": 0', '"seed": ' + LONG_NUMBER),
                                  record_text()[:-1] + ', "moves": []}',
                                  record_text(seats=[{"name": "A\u0000", "player": "human"},
                                                     {"name": "B", "player": "random"}])])
def test_a_bad_saved_game_is_set_aside(tmp_path, text):
    storage = Storage(tmp_path, tmp_path)
    storage.saves_dir.mkdir()
    storage.slot("take5").write_text(text)
    record, problem = storage.load_record(GAMES, "take5")
    assert record is None and problem and "\n" not in str(problem)
    assert len(list(storage.saves_dir.glob("take5.unreadable-*.json"))) == 1 and not storage.has_record()


def test_a_name_that_cannot_be_written_leaves_no_temporary_file(tmp_path):
    storage = Storage(tmp_path, tmp_path)
    bad = Record("take5", 2, {"target": 66, "variant": "standard"}, (Seat("\ud800x", "human"), Seat("B", "random")), 4)
    with pytest.raises(StorageError, match="cannot be written"):
        storage.save_record(bad)
    assert [p.name for p in storage.saves_dir.iterdir()] == ["take5.lock"] and storage.unsaved is not None
    storage.leave()  # the window lets go of its slot: nothing is left
    assert list(storage.saves_dir.iterdir()) == []


# ----- YAML ------------------------------------------------------------------
def billion_laughs() -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("text, words", [
    (billion_laughs(), "aliases are expanded"),
    ("&c [*c]", "deep"),
    ("x: " + "[" * 3000 + "]" * 3000, "deep"),
    ("x: !!python/object/apply:os.system ['true']", "is not allowed"),
    ("x: !!python/name:os.system", "is not allowed"),
    ("x: !custom 3", "is not allowed"),
    ("x: " + LONG_NUMBER, "too long"),
    ("x: 1\nx: 2", "appears twice"),
])
def test_hostile_yaml_is_refused_in_one_line(text, words):
    with pytest.raises(ConfigError, match=words) as caught:
        parse_yaml(text, "deck.yaml")  # the guard's own words: refused before anything was expanded
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


def test_yaml_through_the_command_line_is_one_line(tmp_path, capsys):
    deck = tmp_path / "deck.yaml"
    deck.write_text(billion_laughs())
    one_line_refusal(capsys, ["simulate", "--game", "fiftyfifty", "--players", "3", "--seed", "1",
                              "--option", f"deck={deck}"], "aliases are expanded")
    deck.write_text("cards: " + "{a: [" + "x, " * 25_000 + "]}")
    status, out, err = cli(capsys, "simulate", "--game", "fiftyfifty", "--players", "3", "--seed", "1",
                           "--option", f"deck={deck}")
    assert status == 2 and "Node(" not in err and len(err) < 300


def test_a_misspelt_placeholder_is_caught_at_load_time(tmp_path):
    folder = tmp_path / "i18n"
    folder.mkdir()
    for lang in LANGUAGES:
        text = (resource_path("config", "i18n") / f"{lang}.yaml").read_text(encoding="utf-8")
        if lang == "de":
            assert "{name}" in text
            text = text.replace("{name}", "{nam}", 1)
        (folder / f"{lang}.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=r"placeholder \{nam\}"):
        load_translations(folder)


def test_self_check_reports_a_misspelt_placeholder(tmp_path, capsys, monkeypatch):
    from fiftyfifty_desktop import selfcheck

    folder = tmp_path / "i18n"
    folder.mkdir()
    for lang in LANGUAGES:
        text = (resource_path("config", "i18n") / f"{lang}.yaml").read_text(encoding="utf-8")
        (folder / f"{lang}.yaml").write_text(text.replace("{name}", "{nam}", 1) if lang == "de" else text,
                                            encoding="utf-8")
    with pytest.raises(ConfigError, match="nam"):
        selfcheck.read_translations(folder)


def test_rules_text_is_read_within_bounds(monkeypatch, tmp_path):
    from fiftyfifty_desktop.ui.scenes import rules

    huge = tmp_path / "assets" / "rules"
    huge.mkdir(parents=True)
    (huge / "take5.en.md").write_bytes(b"x" * (1024 * 1024))
    monkeypatch.setattr(rules, "resource_path", lambda *parts: tmp_path.joinpath(*parts))
    monkeypatch.setattr(rules, "tr", lambda key, **fmt: f"{key} {fmt}")
    assert rules.rules_text("take5", "en").startswith("rules.missing")


def test_a_long_plain_list_is_refused_without_speaking_of_aliases():
    with pytest.raises(ConfigError) as caught:
        parse_yaml("x: [" + ", ".join(["1"] * 25_000) + "]\n", "long.yaml")
    assert "values" in str(caught.value) and "alias" not in str(caught.value)
