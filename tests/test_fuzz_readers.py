"""Fuzzing the newer readers: players' names, stored statistics rows, export ids and guided-game files. Each input gives a
valid result or a clean one-line refusal, never another exception. ``FIFTYFIFTY_FUZZ_EXAMPLES`` raises the
number of cases (default 500)."""

import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.config import ConfigError
from fiftyfifty_desktop.engine.text import name_problem
from fiftyfifty_desktop.stats_db import StatsError, open_stats, stored_game
from fiftyfifty_desktop.storage import HOME_VARIABLE
from fiftyfifty_desktop.tutorials import Tutorial, load_tutorial_file, tutorial_games, tutorial_path

from .test_stats_db import played

EXAMPLES = int(os.environ.get("FIFTYFIFTY_FUZZ_EXAMPLES", "500"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
any_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=30)


@FUZZ
@given(any_text)
def test_the_name_rule_answers_every_text_in_one_line(name):
    problem = name_problem(name)
    assert problem is None or (problem and "\n" not in problem)
    if problem is None:
        assert name.strip() and not any(c in name for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@pytest.fixture(scope="module")
def two_games():
    folder = Path(tempfile.mkdtemp(prefix="fiftyfifty-rows-"))
    db, _ = open_stats(folder)
    for seed in (1, 2):
        db.store(stored_game(played("take5", ["human", "random"], seed).record))
    db.close()
    return folder


# What a damaged or edited file can hold: SQLite's own value kinds (its text is UTF-8, so no lone surrogates).
stored_value = (st.none() | st.integers(-2 ** 63, 2 ** 63 - 1) | st.floats(allow_nan=True)
                | st.text(st.characters(codec="utf-8"), max_size=30) | st.binary(max_size=20))
column = st.sampled_from(["game", "options", "number", "finished_at", "duration", "undos", "outcome", "watched"])
seat_column = st.sampled_from(["name", "player", "score", "winner"])


@FUZZ
@given(st.lists(st.tuples(st.booleans(), st.integers(1, 2), column, seat_column, stored_value), max_size=4))
def test_damaged_statistics_rows_are_left_out_with_one_notice(two_games, changes):
    folder = Path(tempfile.mkdtemp(prefix="fiftyfifty-damaged-"))
    shutil.copy(two_games / "statistics.sqlite3", folder / "statistics.sqlite3")
    connection = sqlite3.connect(folder / "statistics.sqlite3")
    for in_seats, game_id, game_column, seat_field, value in changes:
        if in_seats:
            connection.execute(f"UPDATE OR IGNORE seats SET {seat_field} = ? WHERE game_id = ?", (value, game_id))
        else:
            connection.execute(f"UPDATE OR IGNORE games SET {game_column} = ? WHERE id = ?", (value, game_id))
    connection.commit()
    connection.close()
    db, problem = open_stats(folder)
    assert db is not None, problem
    try:
        listed = db.history()
        assert len(listed) + (int(db.skipped.split()[0]) if db.skipped else 0) == 2
        assert db.skipped is None or "\n" not in db.skipped
        db.figures()
        for game in listed:
            game.summary()
    except StatsError as exc:
        assert "\n" not in str(exc)
    finally:
        db.close()
        shutil.rmtree(folder)


@settings(max_examples=min(EXAMPLES, 100), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers() | st.text(max_size=30))
def test_any_export_id_is_a_file_or_one_line(two_games, game_id):
    os.environ[HOME_VARIABLE] = str(two_games.parent)
    try:
        status = run(["history", "--export", str(game_id), str(two_games / "out.json")])
    finally:
        del os.environ[HOME_VARIABLE]
    assert status in (0, 2)


#: Each shipped guided game as data, to be damaged one part at a time.
SCRIPTS = {game_id: yaml.safe_load(tutorial_path(game_id).read_text(encoding="utf-8")) for game_id in tutorial_games()}
#: Values a hand-edited file may hold where another was meant: words the scripts use, numbers around the
#: bounds the reader knows (seats, plates, seeds), and nested lists and mappings.
script_word = st.sampled_from(["p45", "p2", "r2", "x", "row_band", "pile_rect", "plate", "hand_rect", "welcome",
                               "free_play", "look", "moves", "at_my_turn", "rosa", "medium", "human", "", "~"])
yaml_value = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 25) | st.sampled_from([10 ** 9, 10 ** 9 + 1, -(2 ** 63), 2 ** 64])
    | st.floats(allow_nan=True) | script_word | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(script_word, inner, max_size=3),
    max_leaves=8)


def places(data, at=()):
    """The path of every value in ``data``, the whole first."""
    yield at
    children = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, child in children:
        yield from places(child, (*at, key))


def damaged(data, changes):
    """``data`` with each change made: a value replaced, removed, or given a sibling the reader does not know;
    a change ``in_notes`` lands in the notes, where most of a guided game's checks are."""
    for in_notes, where, action, value in changes:
        found = list(places(data))
        if in_notes and any(path[:1] == ("notes",) for path in found):
            found = [path for path in found if path[:1] == ("notes",)]
        path = found[where % len(found)]
        if not path:
            data = value
            continue
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        if action == "replace":
            parent[path[-1]] = value
        elif action == "remove":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[f"extra_{where}"] = value
        else:
            parent.insert(path[-1], value)
    return data


def load_and_check(game_id: str, path: Path) -> None:
    """What "Learn to play" and --self-check do with the file: load it (played through) and try it on the table."""
    from fiftyfifty_desktop.ui.tables import table_for
    from fiftyfifty_desktop.ui.tables.guided import check_against_table

    shown = f"config/tutorials/{game_id}.yaml"
    try:
        tutorial = load_tutorial_file(path, game_id, shown)
        check_against_table(tutorial, table_for(game_id))
    except ConfigError as exc:
        assert str(exc).startswith(f"{shown}: ") and "\n" not in str(exc), str(exc)
    else:
        assert isinstance(tutorial, Tutorial) and tutorial.game == game_id
        from pygame import Rect

        from fiftyfifty_desktop.tutorials import PERSON
        from fiftyfifty_desktop.ui.tables.guided import STANDARD_LAYOUT

        geometry = table_for(game_id).geometry(STANDARD_LAYOUT, tutorial.players, PERSON)
        for note in tutorial.notes:  # what the table does with each note: point at a rectangle of it
            for name, arguments in note.look:
                Rect(getattr(geometry, name)(*arguments))


@settings(max_examples=min(EXAMPLES, 300), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(SCRIPTS)),
       st.lists(st.tuples(st.booleans(), st.integers(0, 10 ** 4), st.sampled_from(["replace", "remove", "add"]),
                          yaml_value), min_size=1, max_size=3))
def test_a_damaged_guided_game_loads_or_is_refused_in_one_line_naming_the_file(tmp_path_factory, game_id, changes):
    import copy

    path = tmp_path_factory.mktemp("tutorial") / f"{game_id}.yaml"
    path.write_text(yaml.safe_dump(damaged(copy.deepcopy(SCRIPTS[game_id]), changes), allow_unicode=True),
                    encoding="utf-8")
    load_and_check(game_id, path)


@settings(max_examples=min(EXAMPLES, 200), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(SCRIPTS)), st.integers(0, 10 ** 5), st.integers(0, 40),
       st.text(st.sampled_from(list("[]{}:,-#&*!|>'\"\n\t 0123456789abp")), max_size=6))
def test_a_guided_game_file_cut_or_spliced_as_text_loads_or_is_refused_in_one_line(tmp_path_factory, game_id, at,
                                                                                  cut, inserted):
    text = tutorial_path(game_id).read_text(encoding="utf-8")
    at %= len(text)
    path = tmp_path_factory.mktemp("tutorial") / f"{game_id}.yaml"
    path.write_text(text[:at] + inserted + text[at + cut:], encoding="utf-8")
    load_and_check(game_id, path)


def table_parts(game_id: str) -> list[str]:
    """What a ``look`` may name: the public parts of the game's table geometry."""
    from fiftyfifty_desktop.ui.tables import table_for

    geometry = table_for(game_id).geometry
    return sorted(name for name in dir(geometry) if not name.startswith("_") and callable(getattr(geometry, name)))


@settings(max_examples=min(EXAMPLES, 300), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(SCRIPTS)), st.data())
def test_a_guided_game_pointing_at_any_part_of_its_table_loads_or_is_refused_in_one_line(tmp_path_factory, game_id,
                                                                                        data):
    """A ``look`` is checked on the table itself: any part with any arguments the file may give (0 to 20)."""
    import copy

    script = copy.deepcopy(SCRIPTS[game_id])
    note = data.draw(st.integers(0, len(script["notes"]) - 1))
    parts = st.tuples(st.sampled_from(table_parts(game_id)), st.lists(st.integers(0, 20), max_size=2))
    script["notes"][note]["look"] = [[name, *arguments] for name, arguments in
                                     data.draw(st.lists(parts, min_size=1, max_size=2))]
    path = tmp_path_factory.mktemp("tutorial") / f"{game_id}.yaml"
    path.write_text(yaml.safe_dump(script, allow_unicode=True), encoding="utf-8")
    load_and_check(game_id, path)
