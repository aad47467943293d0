"""Fuzzing every reader of outside text: records, the saved game, settings, YAML and move
notation. Each input gives a valid result or a clean one-line error, never another
exception. ``FIFTYFIFTY_FUZZ_EXAMPLES`` raises the number of cases per reader (default 500)."""

import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fiftyfifty_desktop.config import ConfigError, parse_yaml
from fiftyfifty_desktop.engine import MoveParseError, RecordError
from fiftyfifty_desktop.engine.records import parse_record, replay
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.storage import Settings, Storage

EXAMPLES = int(os.environ.get("FIFTYFIFTY_FUZZ_EXAMPLES", "500"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))


def one_line(error: BaseException) -> None:
    text = str(error)
    assert text and "\n" not in text and len(text) < 400, text


# JSON values of every shape, with the odd characters and numbers files really hold.
odd_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=12) | st.sampled_from(
    ["", "\u0000", "\ud800", "²", "١", "p45", "r2", "human", "random", "take5", "fiftyfifty-record"])
scalars = (st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False) | odd_text)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(odd_text, inner, max_size=4), max_leaves=20)

FIELDS = ("format", "version", "game", "players", "options", "seats", "seed", "setup", "moves")


def base_record(game_id: str) -> dict:
    game = GAMES[game_id]
    players = max(game.min_players, min(3, game.max_players))
    return {"format": "fiftyfifty-record", "version": 1, "game": game_id, "players": players,
            "options": game.resolve_options(players, {}),
            "seats": [{"name": f"S{i}", "player": "random"} for i in range(players)], "seed": 3, "moves": []}


@st.composite
def record_texts(draw) -> str:
    """A valid record with a few fields replaced, moves added, and sometimes the text cut or spliced."""
    data = base_record(draw(st.sampled_from(sorted(GAMES))))
    for field in draw(st.lists(st.sampled_from(FIELDS), max_size=3)):
        data[field] = draw(json_values)
    if isinstance(data.get("moves"), list):
        data["moves"] = draw(st.lists(st.tuples(st.integers(-1, 5), odd_text).map(list), max_size=6))
    text = json.dumps(data, ensure_ascii=draw(st.booleans()))
    how = draw(st.sampled_from(["keep", "cut", "splice", "nest"]))
    if how == "cut":
        text = text[:draw(st.integers(0, len(text)))]
    elif how == "splice":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(['"moves": [],', "[" * 50, "9" * 5000, "}", '"', "\\u"])) + text[at:]
    elif how == "nest":
        depth = draw(st.integers(1, 2000))
        text = text.replace('"seed": 3', '"seed": ' + "[" * depth + "]" * depth)
    return text


def check_record(text: str) -> None:
    try:
        record = parse_record(text, GAMES)
        replay(record, GAMES)
    except RecordError as exc:
        one_line(exc)


@FUZZ
@given(record_texts())
def test_records_parse_or_fail_in_one_line(text):
    check_record(text)


@FUZZ
@given(st.text(max_size=300))
def test_any_text_as_a_record_fails_in_one_line(text):
    check_record(text)


_home = tempfile.TemporaryDirectory()
_storage = Storage(Path(_home.name) / "config", Path(_home.name) / "data")


@FUZZ
@given(record_texts() | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_the_saved_game_loads_or_is_set_aside(text):
    _storage.saves_dir.mkdir(parents=True, exist_ok=True)
    _storage.slot("take5").write_bytes(text.encode("utf-8", "surrogatepass"))
    record, problem = _storage.load_record(GAMES, "take5")
    assert (record is None) != (problem is None)
    if problem is not None:
        one_line(ValueError(str(problem)))
        assert not _storage.slot("take5").exists()


settings_values = st.fixed_dictionaries({}, optional={
    "speed": st.sampled_from(["slow", "normal", "fast", "instant"]) | json_values,
    "fullscreen": st.booleans() | json_values, "sound": st.booleans() | json_values,
    "language": st.sampled_from(["en", "de"]) | json_values,
    "window": st.lists(st.integers(-10**6, 10**40), min_size=2, max_size=2) | json_values,
})


@FUZZ
@given(settings_values.map(json.dumps) | json_values.map(json.dumps) | st.text(max_size=100))
def test_settings_load_or_fall_back_to_defaults(text):
    _storage.settings_path.parent.mkdir(parents=True, exist_ok=True)
    _storage.settings_path.write_bytes(text.encode("utf-8", "surrogatepass"))
    loaded, problem = _storage.load_settings()
    assert isinstance(loaded, Settings)
    if problem is not None:
        one_line(ValueError(str(problem)))
        assert loaded == Settings() and not _storage.settings_path.exists()


yaml_pieces = st.sampled_from(["a: 1\n", "- x\n", "&a [1, 2]\n", "*a\n", "b: *a\n", "!!python/object:os.system {}\n",
                               "c: !!set {x}\n", "d: [" * 40 + "\n", "e: {f: [1, {g: 2}]}\n", "  h: 3\n", "'\\0'\n",
                               "x: 2001-01-01\n", "y: " + "9" * 100 + "\n", "k: 1\nk: 2\n", "? [1]\n: 2\n", "%YAML 1.1\n---\n"])


@FUZZ
@given(st.lists(yaml_pieces, max_size=8).map("".join) | st.text(max_size=200))
def test_yaml_parses_or_fails_in_one_line(text):
    try:
        parse_yaml(text, "fuzz.yaml").plain()
    except ConfigError as exc:
        one_line(exc)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_move_text_parses_or_fails_in_one_line(game_id):
    game = GAMES[game_id]

    @FUZZ
    @given(st.text(st.characters(codec=None), max_size=12) | st.from_regex(r"[a-z]{0,2}[0-9²¹٣]{0,6}(:[0-9]{0,3})?",
                                                                           fullmatch=True))
    def check(text):
        try:
            move = game.parse_move(text)
        except MoveParseError as exc:
            one_line(exc)
            return
        assert game.parse_move(move.text()) == move

    check()
