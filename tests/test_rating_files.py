"""The opponents' ratings file, ``stats`` with ratings, and the self-check's entry for them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fiftyfifty_desktop import opponent_ratings
from fiftyfifty_desktop.ai import LADDER, load_personalities, make_agent
from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.config import ConfigError
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.opponent_ratings import RATINGS_PATH, load_opponent_ratings, person_ratings, ratings_yaml
from fiftyfifty_desktop.rating import START_RD, Rating
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.selfcheck import CheckFailed, read_ratings
from fiftyfifty_desktop.stats_db import open_stats, stored_game
from fiftyfifty_desktop.storage import HOME_VARIABLE, Storage


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path))
    return tmp_path


def test_the_shipped_file_rates_every_opponent_of_every_game():
    rated = load_opponent_ratings()
    assert set(rated) == set(GAMES)
    people = load_personalities()
    for game_id, players in rated.items():
        assert set(players) == {p.id for p in people if p.plays(game_id)} | set(LADDER)
        assert all(0 < r.rd <= START_RD for r in players.values())
        assert players["random"].rating < players["hard"].rating  # the ladder's ends in order


def test_the_file_the_script_writes_reads_back(tmp_path):
    rated = {"take5": {"dice": Rating(1200.5, 80.0), "vera": Rating(1750.0, 60.2)}}
    text = ratings_yaml(rated, "python scripts/rate_opponents.py", 3, 1)
    assert text.index("vera") < text.index("dice")  # strongest first
    (tmp_path / "r.yaml").write_text(text, encoding="utf-8")
    assert load_opponent_ratings(tmp_path / "r.yaml") == rated


@pytest.mark.parametrize("text, problem", [
    ("measured: {tables: 1, seed: 1}\ngames:\n  take5:\n    dice: {rating: lots, rd: 50}\n",
     "x.yaml: line 4: games.take5.dice.rating: must be a number from 0.0 to 3000.0, not 'lots'"),
    ("measured: {tables: 1, seed: 1}\ngames:\n  chess:\n    dice: {rating: 1, rd: 50}\n",
     "x.yaml: line 4: games.chess: unknown key (allowed: fiftyfifty"),
    ("measured: {tables: 1, seed: 1}\ngames:\n  take5:\n    dice: {rating: 1500, rd: 0}\n",
     "x.yaml: line 4: games.take5.dice.rd: must be a number from 1.0 to 350.0, not 0"),
    ("measured: {tables: 1, seed: 1}\ngames:\n  take5: [1, 2]\n",
     "x.yaml: line 3: games.take5: must be a mapping of opponents' ids to their ratings"),
    ("measured: {tables: 1, seed: 1}\ngames:\n  take5:\n    Dice!: {rating: 1500, rd: 50}\n",
     "x.yaml: line 4: games.take5.Dice!: must be an opponent's id"),
    ("games: {}\n", "x.yaml: line 1: missing key 'measured'"),
    ("measured: [\n", "x.yaml: line 2: not valid YAML"),
])
def test_a_damaged_file_is_one_line_naming_the_place(tmp_path, text, problem):
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_opponent_ratings(path)
    message = str(caught.value).replace(str(tmp_path) + "/", "")
    assert message.startswith(problem) and "\n" not in message


def store_take5(home, seeds=(1, 2)):
    db, _ = open_stats(Storage().data_dir)
    game = GAMES["take5"]
    for seed in seeds:
        record = Record("take5", 2, game.resolve_options(2, {}), (Seat("Ann", "human"), Seat("C", "medium")), seed)
        db.store(stored_game(play_out(game, record, {i: make_agent("medium", game, i, seed, ()) for i in range(2)}).record))
    return db


def test_stats_prints_the_rating_after_the_first_game(home, capsys):
    assert run(["stats"]) == 0
    assert "rating" not in capsys.readouterr().out
    db = store_take5(home, seeds=(1,))
    assert run(["stats", "--json"]) == 0
    [ann] = json.loads(capsys.readouterr().out)["games"]["take5"]["players"]
    expected = person_ratings(db, load_opponent_ratings())["take5"]["Ann"]
    assert ann["rating"]["games"] == 1 and ann["rating"]["rd"] < START_RD
    assert ann["rating"]["shown"] == expected.current.shown()
    assert run(["stats"]) == 0
    assert f"rating {expected.current.shown()} (1 rated)" in capsys.readouterr().out


def test_stats_with_a_damaged_ratings_file_says_so_in_one_line(home, tmp_path, monkeypatch, capsys):
    store_take5(home, seeds=(1,))
    bad = tmp_path / "ratings.yaml"
    bad.write_text("measured: {tables: 1, seed: 1}\ngames: 3\n", encoding="utf-8")
    monkeypatch.setattr(opponent_ratings, "RATINGS_PATH", bad)
    assert run(["stats"]) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "config/ai/ratings.yaml: line 2: games: must be a mapping" in err
    assert "ratings are not shown" in err and "Traceback" not in err
    assert "not yet rated" in out and "played 1" in out


def test_the_self_check_reads_the_ratings_and_computes_one(tmp_path):
    assert "a newcomer beating the best" in read_ratings(RATINGS_PATH)
    copy = tmp_path / "ai"
    copy.mkdir()
    for path in RATINGS_PATH.parent.glob("*.yaml"):
        (copy / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    text = (copy / "ratings.yaml").read_text(encoding="utf-8")
    (copy / "ratings.yaml").write_text(text.replace("    dice:", "    nobody:"), encoding="utf-8")
    with pytest.raises(CheckFailed, match="'nobody' is no opponent who plays take5"):
        read_ratings(copy / "ratings.yaml")


def test_the_opponents_are_still_read_beside_the_ratings():
    assert {p.id for p in load_personalities(Path(RATINGS_PATH).parent)} >= {"dice", "vera"}
