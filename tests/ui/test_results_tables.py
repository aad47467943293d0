"""The results screen's game-particular tables: Fifty-Five's race to the target, Thirteen's order of leaving."""

from __future__ import annotations

from dataclasses import replace

from fiftyfifty_desktop.games.fiftyfive.cards import card
from fiftyfifty_desktop.games.fiftyfive.parts import OVER, HandResult
from fiftyfifty_desktop.games.fiftyfive.rules import GAME as FIFTYFIVE
from fiftyfifty_desktop.games.fiftyfive.tricks import race_order
from fiftyfifty_desktop.ui.scenes.results import ResultsScene, ranking
from fiftyfifty_desktop.ui.tables.fiftyfive import FiftyFiveTable
from fiftyfifty_desktop.ui.tables.thirteen import ThirteenTable

from .test_endings import play_to_results
from .test_move_log import record


def test_the_race_runs_in_the_order_points_arise_and_ranks_ahead_of_the_totals():
    """Three players cross 55 in one hand: 0 with the first trick, 1 with the second, then the bidder 2 when
    the fifth trick makes the bid. 2 ends highest, yet ranks third."""
    start = FIFTYFIVE.view(FIFTYFIVE.new_game(3, FIFTYFIVE.resolve_options(3), 1)[0], 0)
    best = card("5", "S")
    final = replace(start, phase=OVER, target=55, totals=(55, 56, 65), bidder=2, bid=15, trump=3,
                    trick_winners=(0, 1, 2, 2, 2), best_trump=(2, best), winner=0,
                    history=(HandResult(1, 0, 2, 15, 3, True, (5, 5, 20), (5, 5, 20), (2, best)),))
    assert race_order(final) == (0, 1, 2)
    placings = ranking(["A", "B", "C"], final.totals, (0,), False, race=((0,), (1,), (2,)))
    assert [(p.place, p.name) for p in placings] == [(1, "A"), (2, "B"), (3, "C")]
    by_score = ranking(["A", "B", "C"], final.totals, (0,), False)
    assert [p.name for p in by_score] == ["A", "C", "B"]  # what the race order changes


def test_fiftyfive_results_rank_the_race_and_say_who_reached_the_target_when(driver):
    table = driver.app.stack.push(FiftyFiveTable(driver.app, record("fiftyfive", ("human", "random", "random"), 4)))
    play_to_results(driver, table)
    results = driver.top
    assert isinstance(results, ResultsScene)
    race = race_order(table.game.view(table.match.full_state(), None))
    assert race and race[0] == table.match.full_state().winner
    reached = [(p.name, p.detail) for p in results.placings[:len(race)]]
    assert reached == [(table.names[side], f"#{i + 1} to reach 55") for i, side in enumerate(race)]
    assert all(not p.detail for p in results.placings[len(race):])


def test_thirteen_results_show_the_points_and_the_order_of_leaving(driver):
    table = driver.app.stack.push(ThirteenTable(driver.app, record("thirteen", ("human", "random", "random"), 8)))
    play_to_results(driver, table)
    results = driver.top
    assert isinstance(results, ResultsScene) and results.table_panel is not None
    state = table.match.full_state()
    assert [p.score for p in results.placings] == sorted(table.game.scores(state), reverse=True)
    order = results.order
    assert order.heading == "Order of leaving"
    left = list(state.leaving)
    stayed = [s for s in range(3) if s not in left]
    assert [name for name, _ in order.rows] == [table.names[s] for s in left + stayed]
    assert [how for _, how in order.rows][len(left):] == ["in play at the end"] * len(stayed)
