"""The end of a game through the real scenes: a pause, the final summary, the results with the game's history."""

from __future__ import annotations

import pygame

from fiftyfifty_desktop.ui.scenes.results import ResultsScene
from fiftyfifty_desktop.ui.scenes.summary import RoundSummaryScene
from fiftyfifty_desktop.ui.tables.base import TableScene
from fiftyfifty_desktop.ui.tables.ending import SUMMARY_PAUSE
from fiftyfifty_desktop.ui.tables.fiftyfifty import FiftyFiftyTable
from fiftyfifty_desktop.ui.tables.take5 import Take5Table
from fiftyfifty_desktop.ui.widgets import label_text

from .test_move_log import events_of, record


def play_to_results(driver, table) -> list[str]:
    """Play the human's first legal choice until the results; the labels of the summaries' buttons, in order."""
    labels = []
    for _ in range(3000):
        driver.settle()
        top = driver.top
        if isinstance(top, ResultsScene):
            return labels
        if isinstance(top, RoundSummaryScene):
            labels.append(label_text(top.next.label))
            driver.click(top.next.rect.center)
        elif isinstance(top, TableScene):
            driver.click(table.choices()[0][1].center)
        else:
            driver.press(pygame.K_RETURN)
    raise AssertionError("the game did not end")


def test_the_last_summary_leads_to_results_with_every_round(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random", "random"), 12)))
    labels = play_to_results(driver, table)
    assert labels[-1] == "See the results" and set(labels[:-1]) == {"Next round"}
    results = driver.top
    scored = [e for e in events_of(table) if e.kind == "round_scored"]
    assert results.scores.columns == tuple(table.names)
    assert [row.cells for row in results.scores.rows] == [e.penalties for e in scored]
    assert [label_text(w.label) for w in results.form.widgets][:3] == ["Play again (same seats)", "Review",
                                                                      "New game"]
    driver.click_button("Play again (same seats)")
    again = driver.table()
    assert again is not table and again.record.seats == table.record.seats and again.record.seed != table.record.seed


def test_a_struck_fiftyfifty_hand_is_crossed_out_on_the_results(driver):
    for seed in range(1, 40):
        table = driver.app.stack.push(FiftyFiftyTable(driver.app, record("fiftyfifty", ("random",) * 3, seed)))
        for _ in range(3000):
            if isinstance(driver.top, ResultsScene):
                break
            table.match.wait_for_computers()
            driver.frame()
        struck = [e for e in events_of(table) if e.kind == "hand_struck"]
        if struck:
            rows = driver.top.scores.rows
            assert {(e.hand, e.seat) for e in struck} == {(h + 1, s) for h, row in enumerate(rows)
                                                          for s, crossed in enumerate(row.struck) if crossed}
            return
        driver.app.stack.restart("title")
    raise AssertionError("no game struck a hand")


def test_the_summary_waits_a_moment_after_the_last_card_and_a_key_skips_the_wait(driver):
    def last_turn(table):
        for _ in range(200):
            driver.settle()
            if len(table.board.hand) == 1 and table.view.phase == "choose":
                return
            driver.click(table.choices()[-1][1].center)

    def moving(table) -> bool:
        return any(a.draw is not None and a.started and not a.finished for a in table.queue.running())

    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random"), 4)))
    last_turn(table)
    driver.app.change_settings(speed="normal")
    driver.click(table.choices()[-1][1].center)
    frames, last_move = 0, 0
    while not isinstance(driver.top, RoundSummaryScene) and frames < 2000:
        table.match.wait_for_computers()
        if table.my_turn:  # a row to take for a card lower than every row
            driver.click(table.choices()[0][1].center)
        driver.frame()
        frames += 1
        if moving(table):
            last_move = frames
    assert isinstance(driver.top, RoundSummaryScene)
    assert (frames - last_move) / 60 >= SUMMARY_PAUSE * 0.9  # the cards rest a moment first

    driver.top.close()
    driver.app.change_settings(speed="instant")
    last_turn(table)
    driver.app.change_settings(speed="normal")
    round_before = table.view.round
    driver.click(table.choices()[-1][1].center)
    for _ in range(600):
        table.match.wait_for_computers()
        if table.my_turn:
            driver.click(table.choices()[0][1].center)
        driver.frame()
        if table.view.round > round_before:  # the round's last move is made; its cards are still moving
            break
    assert table.busy and not isinstance(driver.top, RoundSummaryScene)
    driver.press(pygame.K_SPACE, " ")  # hurries the cards and the pause after them
    assert isinstance(driver.top, RoundSummaryScene)


def test_a_summary_and_the_results_switch_language_while_they_are_open(driver):
    def words(scene) -> list[str]:
        return [str(scene.heading), str(scene.note)]

    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "random", "random"), 12)))
    for _ in range(3000):
        driver.settle()
        if isinstance(driver.top, (RoundSummaryScene, ResultsScene)):
            english = words(driver.top)
            driver.app.change_settings(language="fr")
            french = words(driver.top)
            assert all(f != e for f, e in zip(french, english)), (french, english)
            driver.app.change_settings(language="en")
            assert words(driver.top) == english
            if isinstance(driver.top, ResultsScene):
                return
            driver.click(driver.top.next.rect.center)
        elif isinstance(driver.top, TableScene):
            driver.click(table.choices()[0][1].center)
        else:
            driver.press(pygame.K_RETURN)
    raise AssertionError("the game did not end")
