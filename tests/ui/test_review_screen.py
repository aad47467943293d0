"""The review screen: opened from the results and the History, weighed in a worker behind a progress bar with
Cancel, kept for a second look, its marks opening the replay viewer with the two moves ringed."""

import pygame
import pytest

from fiftyfifty_desktop.ai.review import review_game, rounded
from fiftyfifty_desktop.review_store import keep_review, stored_review
from fiftyfifty_desktop.ui.i18n import decimal, tr
from fiftyfifty_desktop.ui.layout import DANGER, HINT, Layout
from fiftyfifty_desktop.ui.move_words import verdict_words
from fiftyfifty_desktop.ui.scenes.results import ResultsScene
from fiftyfifty_desktop.ui.scenes.review import ReviewScene, chart_points, mark_shape
from fiftyfifty_desktop.ui.tables.base import TableScene

from .test_stats_screens import first_choice, played, short_record


class FakeJob:
    """A worker that tells what the test says, when it says it."""

    def __init__(self, record, seat):
        self.record, self.seat = record, seat
        self.done, self.total, self.review, self.error = 0, 0, None, None
        self.closed = False

    @property
    def finished(self):
        return self.review is not None or self.error is not None

    def poll(self):
        return self.finished

    def close(self):
        self.closed = True


@pytest.fixture
def record():
    return played("take5", ["human", "random", "medium"], seed=4).record


def open_review(driver, record, seat=0):
    jobs = []

    def make(rec, s):
        jobs.append(FakeJob(rec, s))
        return jobs[-1]

    scene = driver.app.stack.push(ReviewScene(driver.app, record, seat, make_job=make))
    driver.frame()
    return scene, jobs


def test_the_results_offer_a_review_of_the_person_at_the_table(driver):
    driver.app.stack.open("table", record=short_record("take5", ["human", "medium"]))
    driver.play_to_end(first_choice)
    results = driver.top
    assert isinstance(results, ResultsScene) and results.seat == 0
    driver.click(driver.button("Review").rect.center)
    assert isinstance(driver.top, ReviewScene) and driver.top.record == results.record
    driver.top.cancel()


def test_a_review_is_weighed_behind_a_progress_bar_then_kept(driver, record):
    scene, [job] = open_review(driver, record)
    assert job.record == record and job.seat == 0
    assert driver.button("Cancel").visible
    shown = scene.picture_key()
    job.done, job.total = 1, 4
    driver.frame()
    assert scene.picture_key() != shown  # the resting window paints the progress it was told
    shown = scene.picture_key()
    job.review = rounded(review_game(record, 0, worlds=2))
    driver.frame()
    assert scene.review == job.review and scene.picture_key() != shown
    assert stored_review(driver.app.stats, record, 0) == job.review
    assert scene.selected == max(range(len(scene.decisions)), key=lambda i: scene.decisions[i].cost)
    driver.button("Show it in the replay")
    again, jobs = open_review(driver, record)
    assert jobs == [] and again.review == job.review  # the second look is the kept review, at once


def test_cancel_stops_the_worker_and_leaves(driver, record):
    scene, [job] = open_review(driver, record)
    driver.click(driver.button("Cancel").rect.center)
    assert job.closed and driver.top is not scene


def test_a_failed_review_says_why(driver, record):
    scene, [job] = open_review(driver, record)
    job.error = "RuntimeError: no"
    driver.frame()
    assert "no" in scene.problem and scene.review is None


def test_a_mark_opens_the_replay_at_the_decision_with_both_moves_ringed(driver, record):
    review = review_game(record, 0, worlds=2)
    keep_review(driver.app.stats, record, 0, review)
    scene, _ = open_review(driver, record)
    mistake = next(i for i, d in enumerate(scene.decisions) if d.played != d.best)
    decision = scene.decisions[mistake]
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.points[mistake], rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.selected == mistake
    driver.click(scene.points[mistake])
    table = driver.top
    assert isinstance(table, TableScene) and table.match.moves_made == decision.index and table.viewer == 0
    for _ in range(200):
        driver.frame()
    assert [colour for _, colour in table.overlay.rings] == [HINT, DANGER]  # the best move first
    legend = [words for _, words in table.overlay.legend()]
    best, played = (f"{value:+.2f}".replace("-", "\u2212") for value in (decision.best_value, decision.played_value))
    assert legend == [f"Best: {scene.move_words(decision.best, decision.reason)} ({best})",
                      f"Played: {scene.move_words(decision.played, decision.played_reason)} ({played}), "
                      f"{verdict_words(decision.size, decision.cost, 'bullheads')}"]
    table.overlay.step_forward()
    for _ in range(200):
        driver.frame()
    assert driver.top.overlay.rings == [] and driver.top.acting is None  # past the decision: nothing offered


def test_a_decision_that_played_the_best_move_is_ringed_once(driver, record):
    keep_review(driver.app.stats, record, 0, review_game(record, 0, worlds=2))
    scene, _ = open_review(driver, record)
    decision = next(d for d in scene.decisions if d.played == d.best)
    scene.open_decision(decision)
    table = driver.top
    for _ in range(200):
        driver.frame()
    assert [colour for _, colour in table.overlay.rings] == [HINT]
    assert [words for _, words in table.overlay.legend()] == [
        f"Played, and best: {scene.move_words(decision.played, decision.played_reason)} "
        f"({decision.played_value:+.2f})".replace("-", "\u2212")]


def test_left_and_right_go_from_mistake_to_mistake(driver, record):
    keep_review(driver.app.stats, record, 0, review_game(record, 0, worlds=2))
    scene, _ = open_review(driver, record)
    mistakes = [i for i, d in enumerate(scene.decisions) if d.size != "fine"]
    assert len(mistakes) > 1
    scene.selected = None
    driver.press(pygame.K_RIGHT)
    assert scene.selected == mistakes[0]
    driver.press(pygame.K_RIGHT)
    assert scene.selected == mistakes[1]
    driver.press(pygame.K_LEFT)
    driver.press(pygame.K_LEFT)
    assert scene.selected == mistakes[-1]  # round to the last


def test_the_moves_of_a_decision_take_a_second_line_where_one_would_shrink_them(driver, record):
    keep_review(driver.app.stats, record, 0, review_game(record, 0, worlds=2))
    scene, _ = open_review(driver, record)
    scene.resize(Layout(1920, 1080))
    assert scene.decision_rows == 1
    tall = scene.detail.h
    driver.app.change_settings(text_scale=150)
    scene.resize(Layout(960, 540))
    assert scene.decision_rows == 2 and scene.detail.h > tall * 540 // 1080
    driver.app.change_settings(text_scale=100)


def test_the_history_reviews_the_chosen_game(driver, record):
    driver.app.record_game(record, "finished", 10.0)
    driver.app.stack.open("history")
    driver.click(driver.button("Review").rect.center)
    assert isinstance(driver.top, ReviewScene) and driver.top.record == record and driver.top.seat == 0
    driver.top.cancel()


def test_marks_differ_in_shape_and_the_chart_takes_in_zero():
    shapes = {len(mark_shape(shape, (50, 50), 10)) for shape in ("triangle", "square", "diamond")}
    assert shapes == {3, 4} and mark_shape("triangle", (0, 0), 4) != mark_shape("dot", (0, 0), 4)
    assert mark_shape("square", (50, 50), 10) != mark_shape("diamond", (50, 50), 10)
    points, low, high = chart_points([2.0, 3.0], pygame.Rect(0, 0, 100, 50))
    assert (low, high) == (0.0, 3.0) and points == [(0, 17), (100, 0)]


def settle(driver, frames=200):
    for _ in range(frames):
        driver.frame()


def test_a_newcomer_reviews_a_finished_game_and_sees_the_better_move_then_comes_back(driver):
    """The whole path with the real worker: finish a game, Review on the results, the chart and its marks, a
    mistake clicked, the replay at that position with the best move ringed on the seat's own card, back to the
    review, back to the results."""
    driver.app.stack.open("table", record=short_record("take5", ["human", "medium"]))
    driver.play_to_end(first_choice)
    results = driver.top
    driver.click(driver.button("Review").rect.center)
    scene = driver.top
    assert isinstance(scene, ReviewScene) and scene.job is not None
    assert scene.job.wait(120)  # a hang guard: the worker weighs a short game in a few seconds
    driver.frame()
    assert scene.job is None and scene.review is not None and len(scene.points) == len(scene.decisions) > 0
    assert scene.review == rounded(review_game(results.record, 0))  # what the review command says
    mistake = next(i for i, d in enumerate(scene.decisions) if d.best != d.played)
    driver.click(scene.points[mistake])
    table = driver.top
    assert isinstance(table, TableScene) and table.match.moves_made == scene.decisions[mistake].index
    settle(driver)
    best = table.hint_rects(table.game.parse_move(scene.decisions[mistake].best))
    ringed = {colour: rect for rect, colour in table.overlay.rings}
    assert set(ringed) == {HINT, DANGER} and ringed[HINT] in best
    # on the screen, where the player can see it
    assert pygame.Rect(0, 0, table.layout.width, table.layout.height).contains(ringed[HINT])
    driver.press(pygame.K_ESCAPE)
    settle(driver, 5)
    assert driver.top is scene and scene.selected == mistake
    driver.click(driver.button("Back").rect.center)
    assert driver.top is results


def test_the_screen_and_the_command_say_the_same_of_one_record(driver, record, capsys, tmp_path):
    """The detail of every decision on the screen names the moves and values the command's line names."""
    from fiftyfifty_desktop.cli import run

    review = rounded(review_game(record, 0))
    keep_review(driver.app.stats, record, 0, review)
    scene, _ = open_review(driver, record)
    path = tmp_path / "reviewed.json"
    path.write_text(record.to_json())
    assert run(["review", str(path), "--seat", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [row for row in out if not row.startswith(" ")]
    assert len(rows) == len(scene.decisions) + 2
    assert rows[0] == tr(f"review.chart.{scene.review.unit}")  # what a value means, as the chart's heading says
    # the explanations of a mistake, under its line, are the screen's two lines
    notes = [row.strip() for row in out if row.startswith(" ")]
    explained = [d for d in scene.decisions if d.played_after is not None]
    assert explained
    assert [tuple(words for words, _ in scene.explanation(d)) for d in explained] == \
        list(zip(notes[::2], notes[1::2]))
    for d, row in zip(scene.decisions, rows[1:]):
        played, best = scene.decision_parts(d)
        assert f"played {scene.move_words(d.played, d.played_reason)} ({decimal(d.played_value, signed=True)})" in row
        assert played.endswith(f"({decimal(d.played_value, signed=True)})")
        assert verdict_words(d.size, d.cost, scene.review.unit) in row
        if d.size != "fine":
            assert f"best {scene.move_words(d.best, d.reason)} ({decimal(d.best_value, signed=True)})" in row


SCREEN_DAMAGE = {
    "a reason no language words": lambda d: d.__setitem__("reason", {"code": "no_such_reason", "params": {},
                                                                     "text": ""}),
    "a reason without the values its words need": lambda d: d.__setitem__(
        "played_reason", {"code": (d["played_reason"] or d["reason"] or {"code": "take5_low"})["code"], "params": {},
                          "text": ""}),
    "a size no review gives": lambda d: d.__setitem__("size", "huge"),
    "a value that is text": lambda d: d.__setitem__("played_value", "abc"),
    "a decision without its moves": lambda d: d.pop("moves"),
}


@pytest.mark.parametrize("damage", SCREEN_DAMAGE, ids=list(SCREEN_DAMAGE))
def test_a_damaged_kept_review_is_weighed_again_and_the_screen_draws(driver, record, damage):
    import json
    import zlib

    review = rounded(review_game(record, 0, worlds=2))
    keep_review(driver.app.stats, record, 0, review)
    data = review.to_json()
    for decision in data["decisions"]:
        SCREEN_DAMAGE[damage](decision)
    driver.app.stats.connection.execute("UPDATE reviews SET data = ?",
                                        (zlib.compress(json.dumps(data).encode("utf-8")),))
    scene, jobs = open_review(driver, record)
    assert len(jobs) == 1 and scene.review is None  # set aside, and weighed again
    assert any("review" in line for line in driver.app.notices)
    jobs[0].review = review
    for _ in range(3):
        driver.frame()
    assert scene.review == review and stored_review(driver.app.stats, record, 0) == review
