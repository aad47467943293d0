"""The Glicko-2 ratings: the published example, results folded from games, and the opponents' fit."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import pytest

from fiftyfifty_desktop.rating import (MAX_VOLATILITY, START_RD, Rating, expected, fit, idle, idle_days, near_level, pair_score,
                                       rate_people, update)


@dataclass(frozen=True)
class Seat:
    name: str
    player: str
    score: int
    winner: bool


@dataclass(frozen=True)
class Game:
    game: str
    outcome: str
    finished_at: str
    seats: tuple[Seat, ...]


LOWER = {"take5": True, "thirteen": False}
VERA, DICE = Rating(1700, 60), Rating(1300, 60)
OPPONENTS = {"take5": {"vera": VERA, "dice": DICE}}


def take5(day: int, you: int, vera: int, dice: int, outcome: str = "finished", name: str = "Ann") -> Game:
    best = min(you, vera, dice)
    when = (datetime(2026, 3, 1, 12, tzinfo=timezone.utc) + timedelta(days=day)).isoformat()
    return Game("take5", outcome, when,
                (Seat(name, "human", you, you == best), Seat("Vera", "vera", vera, vera == best),
                 Seat("Dice", "dice", dice, dice == best)))


def test_the_papers_worked_example():
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30, 1550/100, 1700/300, tau 0.5."""
    after = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation():
    after = update(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500
    assert after.rd == pytest.approx((200 ** 2 + (0.06 * 173.7178) ** 2) ** 0.5)
    assert idle(Rating(1500, 340), 1000).rd == START_RD  # never beyond a newcomer's


def test_rank_decides_each_pair_and_lower_scores_win_where_the_game_says_so():
    low, high = Seat("a", "human", 3, True), Seat("b", "x", 9, False)
    assert pair_score(low, high, lower_score_wins=True) == 1.0
    assert pair_score(high, low, lower_score_wins=True) == 0.0
    a, b = Seat("a", "human", 9, False), Seat("b", "x", 3, False)
    assert pair_score(a, b, lower_score_wins=False) == 1.0
    assert pair_score(a, replace_score(a, 9), lower_score_wins=False) == 0.5
    # The game's own winners rank first even against a better score (Thirteen's tie-break, Fifty-Five's target).
    assert pair_score(Seat("a", "human", 5, True), Seat("b", "x", 7, False), lower_score_wins=False) == 1.0


def replace_score(seat: Seat, score: int) -> Seat:
    return Seat("other", seat.player, score, seat.winner)


def test_a_resigned_game_is_lost_to_every_computer_and_an_abandoned_one_is_left_out():
    assert rate_people([take5(1, 30, 20, 40, outcome="abandoned")], OPPONENTS, LOWER) == {}
    resigned = rate_people([take5(1, 5, 20, 40, outcome="resigned")], OPPONENTS, LOWER)["take5"]["Ann"]
    lost = rate_people([take5(1, 50, 20, 40)], OPPONENTS, LOWER)["take5"]["Ann"]
    assert resigned.current == lost.current  # ahead on points when giving up, but given up


def test_the_rating_appears_after_the_first_finished_game():
    rated = rate_people([take5(1, 10, 20, 40)], OPPONENTS, LOWER)
    ann = rated["take5"]["Ann"]
    assert ann.games == 1 and len(ann.course) == 1
    assert ann.current.rating > 1500 and ann.current.rd < START_RD
    assert ann.current.shown() == f"{round(ann.current.rating)} ± {round(ann.current.rd)}"


def test_twenty_scripted_results_move_the_rating_sensibly():
    """Ten games lost to Vera and beating Dice, then ten beating both; a week away, then one more."""
    games = [take5(1 + i, 30, 20, 40) for i in range(10)] + [take5(11 + i, 10, 20, 40) for i in range(10)]
    course = rate_people(games, OPPONENTS, LOWER)["take5"]["Ann"].course
    ratings = [r.rating for _, r in course]
    deviations = [r.rd for _, r in course]
    assert len(course) == 20
    assert all(later < earlier for earlier, later in zip(deviations, deviations[1:]))  # one game a day: RD shrinks
    assert 1300 < ratings[9] < 1700  # between the two opponents while losing to one and beating the other
    assert all(later > earlier for earlier, later in zip(ratings[10:], ratings[11:]))  # beating the stronger one
    assert ratings[-1] > VERA.rating - 100
    assert idle(course[-1][1], 30).rd > deviations[-1]  # time away widens the uncertainty
    after_a_month = rate_people(games + [take5(50, 10, 20, 40)], OPPONENTS, LOWER)["take5"]["Ann"].course
    next_day = rate_people(games + [take5(21, 10, 20, 40)], OPPONENTS, LOWER)["take5"]["Ann"].course
    assert after_a_month[-1][1].rd > next_day[-1][1].rd


def test_a_long_erratic_run_keeps_the_rating_bounded():
    """Five thousand games alternating between beating everyone and losing to the weakest: the volatility's
    ceiling keeps the rating among the opponents' (without it, it ran away to a million)."""
    games = [take5(i // 3, 0 if i % 3 == 0 else 50, 20, 40 if i % 3 == 1 else 10) for i in range(5000)]
    ann = rate_people(games, OPPONENTS, LOWER)["take5"]["Ann"]
    assert all(1000 < r.rating < 2000 and r.volatility <= MAX_VOLATILITY for _, r in ann.course)


def test_losing_to_the_weaker_opponent_costs_more_than_to_the_stronger():
    def lost_to(player: str) -> Rating:
        game = Game("take5", "finished", "2026-03-01T12:00:00+00:00",
                    (Seat("Ann", "human", 30, False), Seat("X", player, 10, True)))
        return rate_people([game], OPPONENTS, LOWER)["take5"]["Ann"].current

    assert lost_to("dice").rating < lost_to("vera").rating < 1500


def test_people_at_one_screen_rate_each_other_and_not_themselves():
    two = Game("take5", "finished", "2026-03-01T12:00:00+00:00",
               (Seat("Ann", "human", 5, True), Seat("Bob", "human", 20, False), Seat("Dice", "dice", 30, False)))
    rated = rate_people([two], OPPONENTS, LOWER)["take5"]
    assert rated["Ann"].current.rating > rated["Bob"].current.rating
    assert rated["Bob"].current.rating > 1500 - 200  # Bob beat Dice and lost to Ann
    alone = Game("take5", "finished", "2026-03-01T12:00:00+00:00",
                 (Seat("Ann", "human", 5, True), Seat("Ann", "human", 20, False)))
    assert rate_people([alone], OPPONENTS, LOWER) == {}  # one person at two seats plays no result


def test_seats_of_unknown_strength_are_left_out():
    remote = Game("take5", "finished", "2026-03-01T12:00:00+00:00",
                  (Seat("Ann", "human", 5, True), Seat("Zed", "remote", 20, False), Seat("M", "mc:64", 30, False)))
    assert rate_people([remote], OPPONENTS, LOWER) == {}


def test_idle_days_read_the_stored_dates():
    assert idle_days("2026-03-01T23:00:00+00:00", "2026-03-02T01:00:00+00:00") == 0
    assert idle_days("2026-03-01T12:00:00+00:00", "2026-03-09T12:00:00+00:00") == 7
    assert idle_days("garbled", "2026-03-09T12:00:00+00:00") == 0


def test_near_level_picks_the_opponents_close_to_the_person():
    ladder = {"dice": Rating(1200, 50), "rosa": Rating(1480, 50), "bruno": Rating(1560, 50), "vera": Rating(1800, 50)}
    assert near_level(Rating(1500, 100), ladder) == ["rosa", "bruno"]
    assert near_level(Rating(2400, 100), ladder) == ["vera"]


def test_the_fit_orders_players_by_their_results_and_centres_them():
    results = []
    for strong, weak, wins in (("a", "b", 7), ("b", "c", 7), ("a", "c", 9)):
        for i in range(10):
            s = 1.0 if i < wins else 0.0
            results += [(strong, weak, s), (weak, strong, 1.0 - s)]
    rated = fit(results)
    assert rated["a"].rating > rated["b"].rating > rated["c"].rating
    assert sum(r.rating for r in rated.values()) / 3 == pytest.approx(1500, abs=5)  # a newcomer starts among them
    assert expected(rated["a"], Rating(rated["b"].rating, 0)) == pytest.approx(0.7, abs=0.1)
    unbeaten = fit([("a", "b", 1.0), ("b", "a", 0.0)])
    assert 1500 < unbeaten["a"].rating < 2000 and unbeaten["a"].rd < START_RD  # finite: the start weighs in
    more = fit(results * 4)
    assert all(more[n].rd < rated[n].rd for n in rated)  # more games, less uncertainty
    assert fit(results) == rated  # deterministic
