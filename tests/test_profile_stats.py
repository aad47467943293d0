"""The statistics and the ratings follow the profile: a name joined to it counts as its own; the rating a game
gave is its before and after; every opponent met is counted, the ones who won too."""

import pytest

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.opponent_ratings import load_opponent_ratings, person_ratings, rating_change
from fiftyfifty_desktop.rating import Rating
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.stats_db import open_stats, stored_game
from fiftyfifty_desktop.stats_figures import Result

OPPONENTS = (Seat("Rosa", "rosa"), Seat("Dice", "dice"), Seat("Vera", "vera"))


def played(name, seed):
    """A Take 5 game of a person called ``name`` against Rosa, Dice and Vera (quick players at every seat)."""
    game = GAMES["take5"]
    record = Record("take5", 4, game.resolve_options(4, {}), (Seat(name, "human"),) + OPPONENTS, seed)
    return play_out(game, record, {i: make_agent("medium", game, i, seed, ()) for i in range(4)}).record


@pytest.fixture
def db(tmp_path):
    opened, problem = open_stats(tmp_path)
    assert problem is None and opened is not None
    yield opened
    opened.close()


def test_a_joined_name_counts_in_the_figures_as_the_profiles_in_the_order_played(db):
    names = ["Player 1", "Ann", "Player 1", "Ann"]
    for seed, name in enumerate(names, 1):
        db.store(stored_game(played(name, seed)))
    apart = db.figures()["take5"].players
    assert (apart["Ann"].played, apart["Player 1"].played) == (2, 2)
    together = db.figures(aliases={"Player 1": "Ann"})["take5"].players
    assert list(together) == ["Ann"]
    ann = together["Ann"]
    assert (ann.played, ann.won) == (4, apart["Ann"].won + apart["Player 1"].won)
    each = {name: [r.score for r in apart[name].recent] for name in apart}
    assert [r.score for r in ann.recent] == [each["Player 1"][0], each["Ann"][0], each["Player 1"][1], each["Ann"][1]]


def test_a_game_where_the_profiles_name_and_a_joined_one_both_sat_counts_once(db):
    game = GAMES["take5"]
    seats = (Seat("Player 1", "human"), Seat("Ann", "human")) + OPPONENTS[:2]
    record = Record("take5", 4, game.resolve_options(4, {}), seats, 5)
    record = play_out(game, record, {i: make_agent("medium", game, i, 5, ()) for i in range(4)}).record
    stored = stored_game(record)
    db.store(stored)
    db.store(stored_game(played("Ann", 6)))
    apart = db.figures()["take5"].players
    assert (apart["Ann"].played, apart["Player 1"].played) == (2, 1)
    ann = db.figures(aliases={"Player 1": "Ann"})["take5"].players["Ann"]
    first_seat = stored.seats[0]  # the person's first seat at that table stands for them
    alone = apart["Ann"].recent[1]
    assert ann.played == 2 and list(ann.recent) == [Result(first_seat.score, first_seat.winner), alone]
    assert ann.won == sum(r.won for r in ann.recent) and ann.total == first_seat.score + alone.score


def test_the_rating_reads_the_same_names_as_the_figures(db):
    for seed, name in enumerate(["Player 1", "Ann", "Player 1"], 1):
        db.store(stored_game(played(name, seed)))
    opponents = load_opponent_ratings()
    apart = person_ratings(db, opponents)["take5"]
    together = person_ratings(db, opponents, aliases={"Player 1": "Ann"})["take5"]
    assert (apart["Ann"].games, apart["Player 1"].games) == (1, 2)
    assert list(together) == ["Ann"] and together["Ann"].games == 3


def test_the_rating_change_of_a_game_is_its_rating_before_and_after(db):
    opponents = load_opponent_ratings()
    first, second = played("Ann", 1), played("Ann", 2)
    db.store(stored_game(first))
    [(before, after)] = rating_change(db, opponents, first).values()
    assert before == Rating() and after == person_ratings(db, opponents)["take5"]["Ann"].current
    db.store(stored_game(second))
    change = rating_change(db, opponents, second)
    assert change == {"Ann": (after, person_ratings(db, opponents)["take5"]["Ann"].current)}
    assert rating_change(db, opponents, first) == {}  # no longer the newest stored game: nothing to say
    assert rating_change(db, opponents, played("Ann", 3)) == {}  # not stored at all


def test_every_opponent_met_is_counted_the_one_who_won_too(db):
    record = played("Ann", 1)
    stored = stored_game(record)
    [winner] = [seat.player for seat in stored.seats if seat.winner]
    assert winner == "vera"  # the deal where Professor Vera wins
    db.store(stored)
    opponents = db.figures()["take5"].opponents
    assert sorted(opponents) == ["dice", "rosa", "vera"]
    assert (opponents["vera"].games, opponents["vera"].opponent_won, opponents["vera"].people_won) == (1, 1, 0)
