"""The review screen: opened from the results and the History, weighed in a worker behind a progress bar with
Cancel, kept for a second look, its marks opening the replay viewer with the two moves ringed."""

import pygame
import pytest

from fiftyfifty_desktop.ai.review import review_game, rounded
from fiftyfifty_desktop.review_store import keep_review, stored_review
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
    assert driver.button("Cancel").visible and not scene.resting()
    job.done, job.total = 1, 4
    driver.frame()
    job.review = rounded(review_game(record, 0, worlds=2))
    driver.frame()
    assert scene.review == job.review and scene.resting()
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
    tags = sorted(words for _, _, words in table.overlay.rings)
    assert tags == ["best", "played"]
    table.overlay.step_forward()
    for _ in range(200):
        driver.frame()
    assert driver.top.overlay.rings == [] and driver.top.acting is None  # past the decision: nothing offered


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
