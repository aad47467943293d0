"""Play on from here: the replay viewer sets the game at its position for the person in the seat watched, against
the same computer players, as a practice game that is never saved nor counted."""

import pygame

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui.i18n import tr
from fiftyfifty_desktop.ui.scenes.pause import PauseScene
from fiftyfifty_desktop.ui.tables.modes import PracticeMode
from fiftyfifty_desktop.ui.tables.replay import PracticeMark
from fiftyfifty_desktop.ui.widgets import label_text


def finished_game() -> Record:
    game = GAMES["take5"]
    seats = (Seat("Ann", "human"), Seat("Rosa", "medium"), Seat("Max", "random"))
    record = Record("take5", 3, game.resolve_options(3, {"target": 10}), seats, 11)
    players = {0: make_agent("random", game, 0, 11, ()), 1: make_agent("medium", game, 1, 11, ()),
               2: make_agent("random", game, 2, 11, ())}
    return play_out(game, record, players).record


def test_play_on_from_a_position_of_the_replay_is_a_practice_game_never_counted(driver):
    record = finished_game()
    viewer = driver.app.stack.open("replay", record=record, at=6, seat=0, playing=False)
    driver.frame()
    [play_on] = [b for b in viewer.overlay.buttons if label_text(b.label) == tr("replay.play_on")]
    driver.click(play_on.rect.center)
    table = driver.top
    assert table is not viewer and isinstance(table.mode, PracticeMode) and isinstance(table.overlay, PracticeMark)
    assert table.record.moves[:6] == record.moves[:6] and table.record.table is None  # then the computers play on
    assert [s.player for s in table.record.seats] == ["human", "medium", "random"]  # the same computer players
    assert table.humans == [0] and not table.keeps_record
    counted = driver.app.stats.count()
    table.control.save(table.record)
    table.control.game_over(table.record)
    assert driver.app.stats.count() == counted and driver.app.storage.load_record(GAMES, "take5")[0] is None
    driver.settle()
    driver.press(pygame.K_ESCAPE)
    pause = driver.top
    assert isinstance(pause, PauseScene) and pause.subheading() == tr("practice.note", number=record.seed)


def test_a_mistake_tried_again_is_judged_by_the_review_and_leads_to_the_next(driver):
    from fiftyfifty_desktop.ai.review import review_game, rounded
    from fiftyfifty_desktop.review_store import keep_review
    from fiftyfifty_desktop.ui.scenes.review import ReviewScene
    from fiftyfifty_desktop.ui.tables.modes import TryAgainMode

    record = finished_game()
    review = rounded(review_game(record, 0, worlds=4))
    keep_review(driver.app.stats, record, 0, review)
    scene = driver.app.stack.push(ReviewScene(driver.app, record, 0))
    mistakes = [i for i, d in enumerate(scene.decisions) if d.size != "fine"]
    assert len(mistakes) >= 2
    scene.selected = mistakes[0]
    scene.show_buttons()
    driver.frame()
    driver.click_button(tr("review.try_again"))
    table = driver.top
    d = scene.decisions[mistakes[0]]
    assert isinstance(table.mode, TryAgainMode) and not table.keeps_record
    assert table.record.moves[:d.index] == record.moves[:d.index] and table.humans == [0]
    driver.settle()
    assert table.acting == 0 and table.viewer == 0  # the seat's view at that decision: no other hand shown
    counted = driver.app.stats.count()
    best = table.game.parse_move(d.best)
    assert table.control.submit(0, best) is None
    assert table.mode.verdict == tr("practice.best")
    for _ in range(5):
        driver.frame()
    assert table.record.moves[-1] == (0, d.best)  # held at the choice while its verdict is read
    if table.legal:
        assert table.control.submit(0, table.legal[0]) == tr("practice.held")
    [next_button] = [b for b in table.overlay.form.widgets if b.visible]
    driver.click(next_button.rect.center)
    again = driver.top
    assert isinstance(again.mode, TryAgainMode) and again.mode.decision == scene.decisions[mistakes[1]]
    assert driver.app.stats.count() == counted


def test_a_worse_choice_is_told_what_it_costs():
    from fiftyfifty_desktop.ai.review import DecisionReview, Weighed
    from fiftyfifty_desktop.ui.move_words import verdict_words
    from fiftyfifty_desktop.ui.tables.modes import choice_words

    d = DecisionReview(0, 3, "p40", "p9", -4.0, 2.0, "big", None, None, 0.0, 0.0,
                       (Weighed("p9", 2.0), Weighed("p40", -4.0), Weighed("p50", 1.5)))
    assert choice_words(d, "p40", "take5") == tr("practice.costs", verdict=verdict_words("big", 6.0, "bullheads"))
    assert choice_words(d, "p50", "take5") == tr("practice.costs", verdict=tr("review.size.fine"))
    assert choice_words(d, "p9", "take5") == tr("practice.best")
    assert choice_words(d, "p77", "take5") == tr("practice.unweighed")
