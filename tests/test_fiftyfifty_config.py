"""The mood deck as data: the shipped file, bad files, the ``deck`` option and the command line."""

import json

import pytest

from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.config import ConfigError
from fiftyfifty_desktop.engine import OptionError, RecordError
from fiftyfifty_desktop.engine.records import parse_record, replay
from fiftyfifty_desktop.game_config import OPTION_FILE_LOADERS, load_mood_deck
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.games.fiftyfifty import DEFAULT_MOOD_DECK, GAME

CARDS = [(1, 3), (2, 5), (3, 1), (3, 6), (4, 2), (4, 4), (5, 2), (5, 7), (6, 3), (7, 5)]


def deck_text(cards=CARDS, extra=""):
    return "cards:\n" + "".join(f"  - {{blue: {b}, yellow: {y}}}\n" for b, y in cards) + extra


def test_shipped_deck_is_the_default_deck_of_the_rules():
    assert load_mood_deck() == DEFAULT_MOOD_DECK == tuple(CARDS)
    assert GAME.resolve_options(4)["deck"] == DEFAULT_MOOD_DECK


def test_every_file_option_has_a_loader():
    for game in GAMES.values():
        for option in game.options:
            assert option.from_file is None or option.from_file in OPTION_FILE_LOADERS


def test_a_good_file_loads(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text(deck_text([(7, 7)] * 10), encoding="utf-8")
    assert load_mood_deck(path) == ((7, 7),) * 10


@pytest.mark.parametrize(
    "text, message",
    [
        (deck_text(CARDS[:9]), "line 2: cards: must hold exactly 10 entries, not 9"),
        (deck_text(CARDS + [(1, 1)]), "line 2: cards: must hold exactly 10 entries, not 11"),
        (deck_text([(0, 3)] + CARDS[1:]), "line 2: cards[0].blue: must be a whole number from 1 to 7, not 0"),
        (deck_text(CARDS[:3] + [(4, 8)] + CARDS[4:]), "line 5: cards[3].yellow: must be a whole number from 1 to 7, not 8"),
        (deck_text(CARDS[:4] + [("x", 2)] + CARDS[5:]), "line 6: cards[4].blue: must be a whole number from 1 to 7, not 'x'"),
        (deck_text(CARDS[:1] + [(2.5, 2)] + CARDS[2:]), "cards[1].blue: must be a whole number"),
        (deck_text().replace("{blue: 4, yellow: 4}", "{blue: 4, yellow: 4, green: 1}"),
         "line 7: cards[5].green: unknown key (allowed: blue, yellow)"),
        (deck_text().replace("{blue: 1, yellow: 3}", "{blue: 1}"), "line 2: cards[0]: missing key 'yellow'"),
        (deck_text(extra="colour: red\n"), "line 12: colour: unknown key (allowed: cards)"),
        ("cards: 10\n", "line 1: cards: must be a list"),
        ("cards:\n  - [1, 3]\n" * 1, "must hold exactly 10"),
        ("- {blue: 1, yellow: 3}\n", "line 1: must be a mapping"),
        ("cards: [\n", "not valid YAML"),
        ("", "the file is empty"),
    ],
)
def test_bad_mood_deck_files_are_refused_in_one_line(tmp_path, text, message):
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_mood_deck(path)
    assert str(caught.value).startswith(f"{path}: ")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_card_given_as_a_pair_is_refused_with_its_key(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("cards:\n" + "  - [1, 3]\n" * 10, encoding="utf-8")
    with pytest.raises(ConfigError, match="line 2: cards\\[0\\]: must be a mapping"):
        load_mood_deck(path)


def test_deck_option_from_json_is_a_tuple_of_pairs():
    state = GAME.new_game(3, {"deck": [[2, 2]] * 10}, 1)[0]
    assert state.deck == ((2, 2),) * 10
    assert state.mood == (2, 2)


@pytest.mark.parametrize(
    "value, message",
    [
        ([[1, 3]] * 9, "expected a list of 10 mood cards \\[blue, yellow\\], got 9$"),
        ([[1, 3]] * 11, "expected a list of 10 mood cards \\[blue, yellow\\], got 11$"),
        ("decks.yaml", "expected a list of 10 mood cards .*'decks.yaml'"),
        ({"cards": []}, "expected a list of 10 mood cards"),
        ([[1, 3]] * 9 + [[0, 3]], "card 10 must be \\[blue, yellow\\]"),
        ([[1, 8]] + [[1, 3]] * 9, "card 1 must be"),
        ([[True, 3]] + [[1, 3]] * 9, "card 1 must be"),
        ([[1, 3, 5]] + [[1, 3]] * 9, "card 1 must be"),
        ([["1", "3"]] + [[1, 3]] * 9, "card 1 must be"),
        ([3] * 10, "card 1 must be"),
    ],
)
def test_bad_deck_options_are_refused(value, message):
    with pytest.raises(OptionError, match=f"option deck: {message}"):
        GAME.new_game(3, {"deck": value}, 1)[0]


def test_a_record_with_a_bad_deck_is_refused():
    text = json.dumps({"format": "fiftyfifty-record", "version": 1, "game": "fiftyfifty", "players": 3,
                       "options": {"deck": [[9, 9]] * 10}, "seed": 1, "moves": [],
                       "seats": [{"name": "x", "player": "random"}] * 3})
    with pytest.raises(RecordError, match="option deck: card 1"):
        replay(parse_record(text, GAMES), GAMES)


def cli(capsys, *argv):
    status = run(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_simulate_prints_a_full_game_and_replay_agrees(capsys, tmp_path):
    path = tmp_path / "game.json"
    status, out, err = cli(capsys, "simulate", "--game", "fiftyfifty", "--players", "4", "--seed", "1", "--json",
                           "--record", str(path))
    assert status == 0 and err == ""
    data = json.loads(out)
    [game] = data["games"]
    assert data["options"]["deck"] == [list(card) for card in CARDS]
    assert len(game["scores"]) == 4 and all(s <= 0 for s in game["scores"])
    assert all(game["scores"][w] == max(game["scores"]) for w in game["winners"])
    assert len(json.loads(path.read_text())["moves"]) == 4 * 4 * 9
    status, replayed, err = cli(capsys, "replay", str(path), "--json")
    assert status == 0 and err == ""
    assert json.loads(replayed) == data


def test_deck_option_reads_a_yaml_file(capsys, tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text(deck_text([(1, 2)] * 10), encoding="utf-8")
    record = tmp_path / "game.json"
    status, out, _ = cli(capsys, "simulate", "--game", "fiftyfifty", "--players", "3", "--seed", "2", "--json",
                         "--option", f"deck={deck}", "--record", str(record))
    assert status == 0
    assert json.loads(out)["options"]["deck"] == [[1, 2]] * 10
    assert json.loads(record.read_text())["options"]["deck"] == [[1, 2]] * 10
    _, replayed, _ = cli(capsys, "replay", str(record), "--json")
    assert json.loads(replayed)["games"] == json.loads(out)["games"]


@pytest.mark.parametrize(
    "text, message",
    [(deck_text(CARDS[:9]), "line 2: cards: must hold exactly 10 entries"), ("", "the file is empty")],
)
def test_a_bad_deck_file_on_the_command_line_exits_2_with_one_line(capsys, tmp_path, text, message):
    deck = tmp_path / "deck.yaml"
    deck.write_text(text, encoding="utf-8")
    status, out, err = cli(capsys, "simulate", "--game", "fiftyfifty", "--players", "3", "--option", f"deck={deck}")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and str(deck) in err and message in err


def test_a_missing_deck_file_exits_2_with_one_line(capsys, tmp_path):
    status, out, err = cli(capsys, "simulate", "--game", "fiftyfifty", "--players", "3",
                           "--option", f"deck={tmp_path / 'none.yaml'}")
    assert status == 2 and err.count("\n") == 1 and "none.yaml: file not found" in err
