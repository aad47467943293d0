"""Glicko-2 ratings: a rating per person per game, and the fit of the computer opponents' ratings.

The algorithm is Glickman's, as published in "Example of the Glicko-2 system"
(steps 1 to 8, the volatility found by the Illinois method); the tests pin it
with the paper's worked example. See docs/rating.md for how games become
results:

* A game of several seats counts as one result against each other seat whose
  rating is known (a computer opponent with a measured rating, or another
  person at this screen): a win, a draw or a loss by final rank. The winners
  rank first (the game's own rule: Fifty-Five's side that reached the target,
  Thirteen's tie-break), then the others by score, ``lower_score_wins``
  respected; equal ranks draw.
* Each finished game is one rating period; each whole day without a game of
  that person at that game in between is one empty period, in which only the
  uncertainty grows (never beyond a newcomer's). The volatility is kept under
  :data:`MAX_VOLATILITY`, which single-game periods need.

Pure: no files, no clock, no pygame. The same games in the same order give the
same ratings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime
from typing import Iterable, Mapping, Protocol, Sequence

#: A newcomer's rating, rating deviation (RD) and volatility (the paper's suggested start).
START_RATING, START_RD, START_VOLATILITY = 1500.0, 350.0, 0.06
#: The system constant: how much the volatility may change (the paper suggests 0.3 to 1.2; its example uses 0.5).
TAU = 0.5
#: Glicko-2's scale: rating points per unit of mu.
SCALE = 173.7178
#: The volatility iteration stops when its bracket is this narrow (the paper's value).
EPSILON = 0.000001
#: The most volatility a rating may reach. With one game a period, a long run of erratic results raises the
#: volatility a little each game, which widens the deviation, which makes the next result more surprising:
#: without a ceiling the rating runs away after a few thousand such games.
MAX_VOLATILITY = 0.1
#: An opponent rated within this many points of a person is "near their level" (about a 64 % / 36 % game).
NEAR = 100.0
FINISHED, RESIGNED = "finished", "resigned"
HUMAN = "human"


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the familiar scale: rating, rating deviation (the uncertainty) and volatility."""

    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    def shown(self) -> str:
        """As the screens and the command line write it: ``1540 ± 120`` (the ± is one RD)."""
        return f"{round(self.rating)} ± {round(self.rd)}"

    def to_json(self) -> dict[str, float]:
        return {"rating": round(self.rating, 2), "rd": round(self.rd, 2), "volatility": round(self.volatility, 6)}


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The expected score of ``player`` against ``opponent`` (0 to 1)."""
    return _expected((player.rating - START_RATING) / SCALE, (opponent.rating - START_RATING) / SCALE,
                     opponent.rd / SCALE)


def update(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player`` after one rating period of ``results`` (opponent's rating before the period, score 1, 0.5 or 0).

    No results: only the deviation grows, by the volatility (step 6 alone).
    """
    mu, phi, sigma = (player.rating - START_RATING) / SCALE, player.rd / SCALE, player.volatility
    if not results:
        return Rating(player.rating, min(START_RD, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    terms = []
    for opponent, score in results:
        mu_j, phi_j = (opponent.rating - START_RATING) / SCALE, opponent.rd / SCALE
        terms.append((_g(phi_j), _expected(mu, mu_j, phi_j), score))
    information = sum(g * g * e * (1.0 - e) for g, e, _ in terms)
    if information < 1e-12:  # every result was certain (ratings thousands apart): nothing to learn
        return update(player, (), tau)
    v = 1.0 / information
    gains = sum(g * (s - e) for g, e, s in terms)
    delta = v * gains
    sigma_new = min(MAX_VOLATILITY, _volatility(delta, phi, v, sigma, tau))
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gains
    return Rating(mu_new * SCALE + START_RATING, phi_new * SCALE, sigma_new)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the new volatility, the root of f found by the Illinois (regula falsi) method."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


# ----- games as results -----------------------------------------------------
class SeatLike(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def player(self) -> str: ...
    @property
    def score(self) -> int: ...
    @property
    def winner(self) -> bool: ...


class GameLike(Protocol):
    """What a stored game (``stats_db.StoredGame``) gives the ratings."""

    @property
    def game(self) -> str: ...
    @property
    def outcome(self) -> str: ...
    @property
    def finished_at(self) -> str: ...
    @property
    def seats(self) -> Sequence[SeatLike]: ...


def pair_score(a: SeatLike, b: SeatLike, lower_score_wins: bool) -> float:
    """Seat ``a``'s result against seat ``b`` by final rank: 1 a win, 0.5 a draw, 0 a loss."""
    def rank(seat: SeatLike) -> tuple[bool, int]:
        return seat.winner, -seat.score if lower_score_wins else seat.score

    return 1.0 if rank(a) > rank(b) else 0.5 if rank(a) == rank(b) else 0.0


@dataclass
class PersonRating:
    """One person's rating at one game, with its course: the rating after each counted game."""

    game: str
    name: str
    current: Rating = field(default_factory=Rating)
    games: int = 0
    course: list[tuple[str, Rating]] = field(default_factory=list)  # (finished_at, rating after that game)

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "games": self.games, **self.current.to_json(), "shown": self.current.shown(),
                "course": [{"date": when, "rating": round(r.rating, 2), "rd": round(r.rd, 2)}
                           for when, r in self.course]}


def idle_days(before: str, after: str) -> int:
    """Whole days between two games' finishing dates with no game of them in between (0 if either is unreadable)."""
    try:
        days = (datetime.fromisoformat(after).date() - datetime.fromisoformat(before).date()).days
    except (TypeError, ValueError):
        return 0
    return max(0, days - 1)


def rate_people(games: Iterable[GameLike], opponents: Mapping[str, Mapping[str, Rating]],
                lower_score_wins: Mapping[str, bool]) -> dict[str, dict[str, PersonRating]]:
    """Per game, each person's rating after folding ``games`` (oldest first).

    ``opponents`` holds each game's computer ratings by player id. Finished games
    count by final rank; a resigned one (given up by its people) as a loss to
    every computer seat and a draw between the people, as the statistics count
    it lost; an abandoned one not at all. A person is a human seat's name (as in
    the statistics); seats of one name at a table are one person, who plays no
    result against itself.
    Results against seats of unknown strength (a player across the network, a
    computer without a measured rating) are left out. People at one screen rate
    each other, each against the other's rating before the game.
    """
    out: dict[str, dict[str, PersonRating]] = {}
    for game in games:
        if game.outcome not in (FINISHED, RESIGNED) or game.game not in lower_score_wins:
            continue
        people = out.setdefault(game.game, {})
        fixed = opponents.get(game.game, {})
        names = {seat.name for seat in game.seats if seat.player == HUMAN}
        before = {}
        for name in names:
            person = people.setdefault(name, PersonRating(game.game, name))
            since = idle_days(person.course[-1][0], game.finished_at) if person.course else 0
            before[name] = idle(person.current, since)
        for name in sorted(names):
            results: list[tuple[Rating, float]] = []
            for own in (seat for seat in game.seats if seat.player == HUMAN and seat.name == name):
                for other in game.seats:
                    rated = before.get(other.name) if other.player == HUMAN else fixed.get(other.player)
                    if rated is None or (other.player == HUMAN and other.name == name):
                        continue
                    if game.outcome == RESIGNED:
                        results.append((rated, 0.5 if other.player == HUMAN else 0.0))
                    else:
                        results.append((rated, pair_score(own, other, lower_score_wins[game.game])))
            if not results:
                continue
            person = people[name]
            person.current = update(before[name], results)
            person.games += 1
            person.course.append((game.finished_at, person.current))
    for game_id in list(out):
        out[game_id] = {name: p for name, p in sorted(out[game_id].items()) if p.games}
        if not out[game_id]:
            del out[game_id]
    return out


def idle(player: Rating, periods: int) -> Rating:
    """``player`` after ``periods`` rating periods without a game."""
    for _ in range(periods):
        if player.rd >= START_RD:
            break
        player = update(player, ())
    return player


def near_level(person: Rating, opponents: Mapping[str, Rating], margin: float = NEAR) -> list[str]:
    """The opponents rated within ``margin`` of ``person``, nearest first (the nearest one if none is that near)."""
    ranked = sorted(opponents, key=lambda o: (abs(opponents[o].rating - person.rating), o))
    near = [o for o in ranked if abs(opponents[o].rating - person.rating) <= margin]
    return near or ranked[:1]


# ----- the computer opponents' fit ------------------------------------------
def fit(results: Sequence[tuple[str, str, float]], rounds: int = 500) -> dict[str, Rating]:
    """Fixed ratings for players who met each other: the most likely ratings under Glicko-2's model.

    ``results`` are (player, opponent, score) for every pair of every game, each
    pair once from each side. Every player starts as a newcomer (1500 ± 350), so
    the fit is the maximum a posteriori of that start and the results: it stays
    finite for a player who never lost, and a person's start sits among the
    opponents. Solved by Newton steps (Glicko-2's own update with the opponents'
    deviations taken as 0) until no rating moves; each deviation is one over the
    square root of the start's and the results' information.
    """
    names = sorted({a for a, _, _ in results} | {b for _, b, _ in results})
    mu = {n: 0.0 for n in names}
    prior = (SCALE / START_RD) ** 2  # the start's information, 1 / phi0^2
    against: dict[str, list[tuple[str, float]]] = {n: [] for n in names}
    for a, b, s in results:
        against[a].append((b, s))

    def information(name: str) -> float:
        return prior + sum(e * (1.0 - e) for e in (_expected(mu[name], mu[b], 0.0) for b, _ in against[name]))

    for _ in range(rounds):
        moved = 0.0
        for name in names:
            gains = sum(s - _expected(mu[name], mu[b], 0.0) for b, s in against[name]) - prior * mu[name]
            step = max(-1.0, min(1.0, gains / information(name)))
            mu[name] += step
            moved = max(moved, abs(step))
        if moved < 1e-10:
            break
    return {name: Rating(round(mu[name] * SCALE + START_RATING, 1), round(SCALE / math.sqrt(information(name)), 1))
            for name in names}
