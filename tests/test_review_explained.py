"""A review's explanation of a mistake: the kind of event that makes the difference between the move played and
the best, from the search's own continuations, worded per game, never calling the better move the costlier."""

import pytest

from fiftyfifty_desktop.ai.consequences import Aftermath, explain, fault
from fiftyfifty_desktop.ai.review import review_from_json, review_game
from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.ui.i18n import has
from fiftyfifty_desktop.ui.move_words import aftermath_words
from fiftyfifty_desktop.usage import read_record

from .test_review import recorded

TAKE = "take5_take_later"


def test_the_kind_that_costs_more_after_the_move_played_explains_both_moves():
    played = [[(TAKE, {"row": 2}, 6.0)], [(TAKE, {"row": 2}, 6.0)], [], [("take5_other_takes", {}, -3.0)]]
    best = [[], [(TAKE, {"row": 2}, 5.0)], [], [("take5_other_takes", {}, -1.0)]]
    after_played, after_best = explain(played, best)
    assert after_played == Aftermath(TAKE, 2, 4, 6.0, {"row": 2})
    assert after_best == Aftermath(TAKE, 1, 4, 5.0, {"row": 2})
    assert fault(after_played, after_best) is None


def test_a_gain_that_follows_the_best_move_more_often_explains_it():
    played = [[("thirteen_you_lay", {}, -1.0)], []]
    best = [[("thirteen_you_lay", {}, -1.0)], [("thirteen_you_lay", {}, -2.0)]]
    after_played, after_best = explain(played, best)
    assert (after_played.count, after_best.count, after_best.cost) == (1, 2, -1.5)
    assert fault(after_played, after_best) is None


def test_nothing_is_said_when_no_kind_of_event_costs_more_after_the_move_played():
    same = [[(TAKE, {"row": 1}, 4.0)]]
    assert explain(same, same) == (None, None)
    assert fault(None, None) == "no explanation"


def test_a_fault_is_found_where_the_better_move_would_seem_costlier():
    worse = Aftermath(TAKE, 8, 10, 6.0, {"row": 2})
    assert "costing more" in fault(Aftermath(TAKE, 2, 10, 6.0, {"row": 2}), worse)
    assert "same" in fault(worse, worse)


def test_the_words_name_the_event_its_frequency_and_its_value_as_a_loss():
    words = aftermath_words(Aftermath(TAKE, 7, 32, 6.25, {"row": 2}), "the 76 to row 4", "bullheads")
    assert words == ("the 76 to row 4: you take row 2 later this round in 7 of 32 continuations "
                     "(\u22126.2 bullheads each time)")
    never = aftermath_words(Aftermath(TAKE, 0, 32, 0.0, {"row": 2}), "the 102 to row 4", "bullheads")
    assert never == "the 102 to row 4: you take row 2 later this round in none of 32 continuations"


@pytest.mark.parametrize("game, seats, options", [
    ("take5", ["medium", "random", "medium"], ["target=10"]),
    ("fiftyfifty", ["random", "medium", "medium"], []),
    ("fiftyfive", ["random", "medium", "medium"], []),
    ("thirteen", ["random", "medium", "medium"], []),
])
def test_every_clear_or_big_mistake_is_explained_without_contradiction(capsys, tmp_path, game, seats, options):
    record = read_record(recorded(capsys, tmp_path, game, seats, *options, seed=3))
    review = review_game(record, 0, worlds=6)
    mistakes = [d for d in review.decisions if d.size in ("clear", "big")]
    assert mistakes, f"{game}: the random seat made no clear mistake to explain"
    for d in mistakes:
        assert fault(d.played_after, d.best_after) is None, d
        assert has(f"review.after.{d.played_after.code}")
    back = review_from_json(review.to_json())
    assert [(d.played_after.code, d.best_after.count) for d in back.decisions if d.size in ("clear", "big")] == \
        [(d.played_after.code, d.best_after.count) for d in mistakes]


def test_the_command_writes_the_explanation_under_a_mistake(capsys, tmp_path):
    path = recorded(capsys, tmp_path, "take5", ["random", "medium", "medium"], "target=10")
    assert run(["review", str(path), "--seat", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    notes = [row.strip() for row in out if row.startswith(" ")]
    assert notes and all("continuations" in note for note in notes)
