"""The game review: deterministic, weighed from the seat's information only, sized by the game's thresholds,
and the ``review`` command's output and one-line errors."""

import json
from dataclasses import replace

import pytest

from fiftyfifty_desktop.ai.review import (SIZES, GameReview, scale, review_from_json, review_game, rounded,
                                          size_of, weighed_decisions)
from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import ENTRY
from fiftyfifty_desktop.usage import read_record


def recorded(capsys, tmp_path, game, seats, *options, seed=5):
    path = tmp_path / f"{game}.json"
    status = run(["simulate", "--game", game, "--players", str(len(seats)), "--seed", str(seed), "--seats",
                  ",".join(seats), "--record", str(path), *[a for o in options for a in ("--option", o)]])
    capsys.readouterr()
    assert status == 0
    return path


@pytest.fixture
def take5_path(capsys, tmp_path):
    """One round of Take 5 (target 10) with a random seat 1 that makes mistakes."""
    return recorded(capsys, tmp_path, "take5", ["medium", "random", "medium"], "target=10")


def test_same_record_same_review(take5_path):
    record = read_record(take5_path)
    first, second = review_game(record, 1, worlds=4), review_game(record, 1, worlds=4)
    assert first is not None and first == second
    assert len(first.decisions) == weighed_decisions(record, 1) > 0


def test_every_decision_weighs_the_move_played_and_costs_the_gap_to_the_best(take5_path):
    review = review_game(read_record(take5_path), 1, worlds=4)
    assert review is not None
    for d in review.decisions:
        values = {w.move: w.value for w in d.moves}
        assert values[d.played] == d.played_value and max(values.values()) == d.best_value == values[d.best]
        assert d.cost >= 0 and d.size == size_of("take5", d.cost)
    assert any(d.size != "fine" for d in review.decisions)  # a random seat errs somewhere


def test_a_decision_is_weighed_from_what_the_seat_knew_then(take5_path):
    """A record cut after a decision gives that decision the same verdict: nothing later is read."""
    record = read_record(take5_path)
    whole = review_game(record, 1, worlds=4)
    assert whole is not None
    cut = whole.decisions[3].index + 1
    early = review_game(replace(record, moves=record.moves[:cut]), 1, worlds=4)
    assert early is not None
    assert _weighed_only(early.decisions) == _weighed_only(whole.decisions[:4])


def _weighed_only(decisions):
    """The decisions without their outcome, which is what came after."""
    return [replace(d, outcome=0.0) for d in decisions]


def test_worlds_change_the_weights(take5_path):
    record = read_record(take5_path)
    assert review_game(record, 1, worlds=2) != review_game(record, 1, worlds=4)


def test_json_round_trips_and_other_versions_are_refused(take5_path):
    review = rounded(review_game(read_record(take5_path), 1, worlds=2))
    data = json.loads(json.dumps(review.to_json()))
    assert review_from_json(data) == review
    assert review_from_json({**data, "version": 0}) is None
    assert data["summary"]["decisions"] == len(review.decisions)
    assert sum(data["summary"]["mistakes"].values()) == len(review.decisions)


@pytest.mark.parametrize("game", list(ENTRY))
def test_sizes_follow_the_thresholds(game):
    small, clear, big = scale(game).small, scale(game).clear, scale(game).big
    assert small < clear < big
    assert [size_of(game, cost) for cost in (0.0, small * 0.99, small, clear, big, big * 10)] == \
        ["fine", "fine", "small", "clear", "big", "big"]
    assert SIZES == ("fine", "small", "clear", "big")


def test_a_cancelled_review_gives_nothing(take5_path):
    import threading

    cancel = threading.Event()
    cancel.set()
    assert review_game(read_record(take5_path), 1, worlds=2, cancel=cancel) is None


def test_progress_counts_every_decision(take5_path):
    record = read_record(take5_path)
    told = []
    review_game(record, 0, worlds=1, progress=lambda done, total: told.append((done, total)))
    total = weighed_decisions(record, 0)
    assert told == [(n, total) for n in range(1, total + 1)]


def test_the_command_prints_a_line_per_decision_and_a_summary(capsys, take5_path):
    status = run(["review", str(take5_path), "--seat", "1"])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    rows = [row for row in out.splitlines() if not row.startswith(" ")]
    assert rows[0].startswith("Expected bullheads ahead of the average other player")
    assert len(rows) == weighed_decisions(read_record(take5_path), 1) + 2
    assert "bullheads lost per decision" in rows[-1] and "big" in rows[-1]


def test_the_command_json_is_the_review(capsys, take5_path):
    assert run(["review", str(take5_path), "--seat", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    review = review_game(read_record(take5_path), 1)
    assert isinstance(review, GameReview) and data == json.loads(json.dumps(review.to_json()))


def test_the_command_reviews_a_trick_game(capsys, tmp_path):
    path = recorded(capsys, tmp_path, "thirteen", ["medium", "random", "medium"], seed=2)
    assert run(["review", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "thirteen" and data["seat"] == 0 and data["unit"] == "points"


@pytest.mark.parametrize("argv, message", [
    (["--seat", "3"], "seat 3 is not in this game: its seats are 0 to 2"),
    (["--seat", "-1"], "seat -1 is not in this game"),
    (["--seat", "one"], "invalid int value"),
])
def test_bad_input_is_one_line_and_status_2(capsys, take5_path, argv, message):
    status = run(["review", str(take5_path), *argv])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and message in err and err.count("\n") == 1


def test_a_missing_or_broken_record_is_one_line(capsys, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "fiftyfifty-record"')
    for path, message in ((tmp_path / "none.json", "file not found"), (broken, "not a readable record")):
        assert run(["review", str(path)]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1


def test_the_worker_gives_the_review_the_command_gives(take5_path):
    from fiftyfifty_desktop.ai.review_worker import ReviewJob

    record = read_record(take5_path)
    job = ReviewJob(record, 1)
    assert job.wait(120)  # a hang guard: the worker tells each decision far sooner
    assert job.error is None and job.review == rounded(review_game(record, 1))
    assert job.done == job.total == weighed_decisions(record, 1)


def test_a_cancelled_worker_is_stopped_and_gives_nothing(take5_path):
    from fiftyfifty_desktop.ai.review_worker import ReviewJob

    job = ReviewJob(read_record(take5_path), 1)
    job.close()
    assert not job.poll() and job.review is None and job.error is None
    assert not job.wait(0.01)


def test_a_worker_that_fails_says_why(tmp_path):
    from fiftyfifty_desktop.ai.review_worker import ReviewJob

    record = Record("take5", 2, {}, (Seat("A", "human"), Seat("B", "random")), 1, ((0, "p999"),))
    job = ReviewJob(record, 0)
    assert job.wait(120) and job.review is None
    assert "move 0" in job.error and "\n" not in job.error
