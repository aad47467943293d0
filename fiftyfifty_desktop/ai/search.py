"""The ``hard`` player: determinized Monte Carlo search (perfect-information
Monte Carlo) over deals consistent with the seat's view.

For each decision the searcher deals the hidden cards at random with
``game.determinize(view, source)`` (a "world"; a game may deal it as the
others are believed to play instead), tries the legal moves the game's
rule-based player likes best in that world and plays the rest out with the
rule-based player in every seat, up to a horizon (the end of the deal, say);
the other seats may slip to a random legal move now and then (``slip``).
A move's value is how much better its player did than the average opponent
over the rollout. All moves share each world and each rollout's generator,
so they are compared on the same luck; after a few worlds the worse half of
the moves is dropped (successive halving), so the time goes to the close
calls. The move with the best mean is played.

The search stops after ``worlds`` worlds, or at once when cancelled: its
choice depends only on the view, the legal moves, the seat's earlier views
(``seen``, which the game's world dealer reads the others' play from) and
the decision's own generator (``decision_source``), never on the machine's
speed nor on anything kept from an earlier decision. ``budget`` (seconds)
is an opt-in safety cap, off unless a personality sets it; a decision it
cuts short is counted in ``capped``, so a measurement can say that it
fired. It keeps no global state, so several searchers may run on several
threads at once.
"""

from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator, Mapping, Sequence

from ..engine import AnyGame, Event, Move
from ..engine.game import State
from .agents import Policy, Uniform, decision_source

#: What a rollout is worth to the searching seat: (scores before, scores at the rollout's end) -> value.
Measure = Callable[[Sequence[float], Sequence[float]], float]


@dataclass(frozen=True)
class Ending:
    """Where a ``playout``'s rollout stops: the scores there and the searching seat's share of the win as the
    rollout leaves the game, as a rollout on the game's states finds it (``SearchSettings.finish``):
    ``winning_share`` where it ends the game, else the ``outlook``."""

    scores: Sequence[float]
    share: float


@dataclass(frozen=True)
class SearchSettings:
    """How hard to think; each game tunes these, personalities adjust them."""

    worlds: int = 48  # determinizations per decision (the iteration budget)
    budget: float | None = None  # opt-in safety cap in seconds per decision; None: search all the worlds
    depth: int = 400  # most moves a rollout plays
    horizon: Callable[[State], Any] | None = None  # a rollout ends when this value changes (the deal number)
    candidates: int = 12  # search only the rule-based player's favourite moves, this many
    halving: tuple[int, ...] = (6, 12, 24)  # after these many worlds, drop the worse half
    rivalry: float = 1.0  # how much the others' gains count against this seat's (0: play for oneself)
    # How much a rollout is measured by this seat's total against the best other total (what
    # decides who wins: 1) rather than by its gain against the others' average gain (0).
    versus_best: float = 0.0
    standing: float = 0.0  # bonus for leading (on score) at the rollout's end, shared among equals
    # What winning the game is worth: ``finish`` times this seat's share of the win less the fair share
    # (1 / players) when a rollout ends the game, so a move that hands another seat the win counts
    # against, not only by the points it gives away. Where the rollout leaves the game going, the share
    # is ``outlook(state, seat)``, the chance the game's scores so far give this seat (None: the fair
    # share, which adds nothing). A ``playout`` that returns scores adds nothing; one that returns an
    # :class:`Ending` gives the share itself.
    finish: float = 0.0
    outlook: Callable[[State, int], float] | None = None
    # Prepares, once per decision, a dealer of worlds as the others are believed to play, where
    # ``game.determinize`` deals uniformly: (game, view, this seat's views at its decisions this game,
    # the current one last) -> dealer, and
    # dealer(source, seat -> rule-based player) -> (world, picture): the picture is how that world
    # imagines the others play (None: as the rule-based player), handed on to ``playout``.
    believer: Callable[[AnyGame, Any, Sequence[Any]],
                       Callable[[random.Random, Callable[[int], Any]], tuple[State, Any]]] | None = None
    # Plays the candidate moves out on a compact form of the game built for speed, in place of
    # rule-based rollouts on the game's own states: (world, its picture, seat, moves, the rollout's
    # luck, this seat's knobs) -> the scores at the horizon after each move, or for a game played to
    # win (``finish``) an :class:`Ending` of them, with each seat's rule-based player drawing from
    # ``random.Random(luck + seat)`` as in :meth:`SearchAgent._rollout` (an empty list: roll out on the
    # game's states as usual).
    playout: Callable[[State, Any, int, Sequence[Move], int, Mapping[str, float]],
                      Sequence[Sequence[float] | Ending]] | None = None
    # The chance that another seat's rule-based player, at each of its moves in a rollout, plays a legal move
    # drawn uniformly from its generator instead: the search then weighs a move against the players the
    # others might be rather than against exact copies of its own rule-based player (rollouts on the game's
    # states only).
    slip: float = 0.0

    def __post_init__(self) -> None:
        if not 0.0 <= self.slip <= 1.0:
            raise ValueError(f"slip must lie between 0 and 1, not {self.slip}")
        if self.slip and self.playout is not None:
            raise ValueError("slip needs rollouts on the game's states; a playout would ignore it")


class SearchAgent:
    """Plays the move with the best mean rollout over sampled worlds."""

    def __init__(self, game: AnyGame, seat: int, seed: int, medium: Callable[..., Any],
                 settings: SearchSettings, knobs: Mapping[str, float] | None = None) -> None:
        self._game = game
        self._seat = seat
        self._seed = seed
        self._medium = medium
        self._knobs = dict(knobs or {})
        self.settings = settings
        self._cancelled = threading.Event()
        self.clock: Callable[[], float] = time.perf_counter  # read only under a time cap (``budget``)
        self.last_worlds = 0  # worlds searched for the last decision (for benchmarks and tests)
        self.capped = 0  # decisions the safety cap (``budget``) cut short

    def cancel(self) -> None:
        """Make the running (or the next) ``choose`` return its best move so far at once."""
        self._cancelled.set()

    def choose(self, view: Any, legal: tuple[Move, ...], seen: Sequence[Any],
               cancel: threading.Event | None = None) -> Move:
        """The best move found within the budget; ``cancel`` (or :meth:`cancel`) cuts it short."""
        try:
            return self._search(view, legal, seen, cancel)
        finally:
            self._cancelled.clear()

    def _search(self, view: Any, legal: tuple[Move, ...], seen: Sequence[Any], cancel: threading.Event | None) -> Move:
        self.last_worlds = 0
        if len(legal) == 1:
            return legal[0]
        settings = self.settings
        source = decision_source(self._seed, self._seat, len(seen))
        ranker = self._medium(self._seat, random.Random(source.getrandbits(64)), self._knobs)
        ranked: Sequence[Move] = ranker.rank(view, legal)
        fallback = ranked[0]
        candidates = tuple(ranked[:settings.candidates])
        deadline = None if settings.budget is None else self.clock() + settings.budget
        cuts = list(settings.halving)
        game, seat = self._game, self._seat
        totals = [0.0] * len(candidates)
        alive = list(range(len(candidates)))  # the moves still in the race, best-liked first
        worlds = 0
        deal = None if settings.believer is None else settings.believer(game, view, (*seen, view))
        capped = False

        def measure(before: Sequence[float], after: Sequence[float]) -> float:
            return rollout_value(settings, before, after, seat, game.lower_score_wins)

        def stopped() -> bool:
            nonlocal capped
            if deadline is not None and self.clock() > deadline:
                capped = True
            return capped or self._cancelled.is_set() or (cancel is not None and cancel.is_set())

        while worlds < settings.worlds and not stopped():
            values = self._world_values(view, deal, [candidates[i] for i in alive], source, measure, stopped)
            if len(values) < len(alive):
                break  # an unfinished world would favour the moves tried first
            for index, value in zip(alive, values):
                totals[index] += value
            worlds += 1
            if cuts and worlds >= cuts[0]:
                del cuts[0]
                if len(alive) > 2:
                    # Successive halving: the worse half has had its chance; spend the rest on the better.
                    alive = sorted(sorted(alive, key=lambda i: -totals[i])[:(len(alive) + 1) // 2])
        self.capped += capped
        self.last_worlds = worlds
        if worlds == 0:
            return fallback
        best = max(alive, key=lambda i: totals[i])  # the first (best-liked) among equals
        return candidates[best]

    def _world_values(self, view: Any, deal: Any, moves: Sequence[Move], source: random.Random, measure: Measure,
                      stopped: Callable[[], bool]) -> list[float]:
        """One world dealt from ``source``: the value of each of ``moves`` in it, all on the same rollout luck
        (fewer values when ``stopped`` cuts the world short)."""
        game, settings, seat = self._game, self.settings, self._seat
        luck = source.getrandbits(64)
        if deal is None:
            world, picture = game.determinize(view, source), None
        else:
            world, picture = deal(source, lambda other: self._medium(other, random.Random(luck + other), {}))
        before = game.scores(world)
        values: list[float] = []
        if settings.playout is not None:
            for final in settings.playout(world, picture, seat, moves, luck, self._knobs):
                if isinstance(final, Ending):
                    values.append(measure(before, final.scores) + self._reward(final.share, game.players(world)))
                else:
                    values.append(measure(before, final))
        for move in moves[len(values):]:
            if values and stopped():
                break
            after, _ = game.apply(world, seat, move)
            end = self._rollout(world, after, luck)
            values.append(measure(before, game.scores(end)) + self._result(end))
        return values

    def _result(self, state: State) -> float:
        """What winning the game from ``state`` is worth to this seat (``SearchSettings.finish``): its share of the
        win at the game's end, else its ``outlook``, less the fair share."""
        game, settings = self._game, self.settings
        if not settings.finish:
            return 0.0
        players = game.players(state)
        if game.is_over(state):
            share = winning_share(game.winners(state), self._seat)
        else:
            share = 1.0 / players if settings.outlook is None else settings.outlook(state, self._seat)
        return self._reward(share, players)

    def _reward(self, share: float, players: int) -> float:
        """``finish`` times this seat's ``share`` of the win less the fair share (1 / ``players``)."""
        finish = self.settings.finish
        return finish * (share - 1.0 / players) if finish else 0.0

    def weigh(self, view: Any, legal: tuple[Move, ...], seen: Sequence[Any], source: random.Random, worlds: int,
              measure: Measure, include: Sequence[Move] = (), cancel: threading.Event | None = None
              ) -> list[tuple[Move, float]] | None:
        """Each move's mean ``measure`` (scores before, scores at the rollout's end) over ``worlds`` worlds dealt
        from ``source``, as the search weighs them but with no halving, so every mean is over every world: the
        rule-based player's favourite ``settings.candidates`` moves (all of ``legal`` when there are no more) and
        the moves of ``include``, best-liked first. None when ``cancel`` is set before the end."""
        ranker = self._medium(self._seat, random.Random(source.getrandbits(64)), self._knobs)
        ranked: Sequence[Move] = ranker.rank(view, legal)
        moves = list(ranked[:self.settings.candidates])
        moves += [move for move in include if move not in moves]
        deal = None if self.settings.believer is None else self.settings.believer(self._game, view, (*seen, view))
        totals = [0.0] * len(moves)
        for _ in range(worlds):  # a world is weighed whole; a cancel is looked at between worlds
            if cancel is not None and cancel.is_set():
                return None
            for index, value in enumerate(self._world_values(view, deal, moves, source, measure, _never)):
                totals[index] += value
        return [(move, total / worlds) for move, total in zip(moves, totals)]

    def continuations(self, view: Any, seen: Sequence[Any], moves: Sequence[Move], source: random.Random,
                      worlds: int) -> list[tuple[State, list[list[tuple[State, int, tuple[Event, ...]]]]]]:
        """What the search's rollouts play after each of ``moves`` in each of ``worlds`` worlds dealt from
        ``source`` as :meth:`weigh` deals them (a generator seeded alike deals the same worlds, on the same luck),
        step by step: the state after, the seat that moved and the public events its move told, the move itself
        first. Each world comes with its continuations. A review reads them to say why one move is worth more."""
        game, seat = self._game, self._seat
        deal = None if self.settings.believer is None else self.settings.believer(game, view, (*seen, view))
        source.getrandbits(64)  # what :meth:`weigh` draws for its ranker
        found = []
        for _ in range(worlds):
            luck = source.getrandbits(64)
            if deal is None:
                world = game.determinize(view, source)
            else:
                world, _ = deal(source, lambda other: self._medium(other, random.Random(luck + other), {}))
            lines = []
            for move in moves:
                after, told = game.apply(world, seat, move)
                lines.append([(after, seat, told), *self._play_on(world, after, luck)])
            found.append((world, lines))
        return found

    def _rollout(self, start: State, state: State, luck: int) -> State:
        """Play on with the rule-based player in every seat to the horizon; return the state there."""
        for state, _, _ in self._play_on(start, state, luck):
            pass
        return state

    def _play_on(self, start: State, state: State, luck: int) -> Iterator[tuple[State, int, tuple[Event, ...]]]:
        """The rollout from ``state`` to the horizon, move by move: the state after, the seat that moved and the
        events it told."""
        game, settings = self._game, self.settings
        policies = self._policies(game.players(start), luck)
        horizon = settings.horizon
        mark = horizon(start) if horizon is not None else None
        for _ in range(settings.depth):
            seats = game.to_move(state)
            if not seats or (horizon is not None and horizon(state) != mark):
                break
            seat = seats[0]
            legal = game.legal_moves(state, seat)
            move = legal[0] if len(legal) == 1 else policies[seat].choose(game.view(state, seat), legal)
            state, events = game.apply(state, seat, move)
            yield state, seat, events

    def _policies(self, players: int, luck: int) -> list[Any]:
        """The rule-based player of every seat, drawing on the rollout's generator; the others slip
        (``SearchSettings.slip``)."""
        policies: list[Any] = []
        for seat in range(players):
            source = random.Random(luck + seat)
            player = self._medium(seat, source, self._knobs if seat == self._seat else {})
            if seat != self._seat and self.settings.slip:
                player = Slipping(player, source, self.settings.slip)
            policies.append(player)
        return policies


class Slipping:
    """A rollout's player of another seat that, with chance ``slip`` at each move, plays a legal move drawn
    uniformly from ``source`` instead of its rule-based player's."""

    def __init__(self, player: Policy, source: random.Random, slip: float) -> None:
        self._player = player
        self._source = source
        self._slip = slip
        self._uniform = Uniform(source)

    def choose(self, view: Any, legal: tuple[Move, ...]) -> Move:
        if self._source.random() < self._slip:
            return self._uniform.choose(view, legal)
        return self._player.choose(view, legal)


def _never() -> bool:
    return False


def winning_share(winners: Sequence[int], seat: int) -> float:
    """``seat``'s share of a finished game's win: 1/k if it is one of the k ``winners``, else 0."""
    return 1.0 / len(winners) if seat in winners else 0.0


def chance_to_lead(scores: Sequence[float], seat: int, spread: float) -> float:
    """The chance that ``seat`` ends ahead of every other seat (the highest score) when each seat's score
    still moves by an independent normal amount of standard deviation ``spread`` (> 0): the mean over this
    seat's move of the chance that each other seat's ends below it."""
    mine = scores[seat]
    gaps = [(mine - other) / spread for s, other in enumerate(scores) if s != seat]
    chance = 0.0
    for node, weight in _NORMAL_NODES:
        product = weight
        for gap in gaps:
            product *= 0.5 * (1.0 + math.erf((gap + node) / _ROOT_TWO))
        chance += product
    return chance


def _normal_nodes(count: int, reach: float) -> tuple[tuple[float, float], ...]:
    """``count`` evenly spaced points over [-reach, reach] with the standard normal's weights, summing to 1."""
    points = [-reach + 2.0 * reach * i / (count - 1) for i in range(count)]
    weights = [math.exp(-0.5 * x * x) for x in points]
    total = sum(weights)
    return tuple((x, w / total) for x, w in zip(points, weights))


_NORMAL_NODES = _normal_nodes(41, 5.0)
_ROOT_TWO = math.sqrt(2.0)


def relative_gain(before: Sequence[float], after: Sequence[float], seat: int, rivalry: float,
                  lower_wins: bool) -> float:
    """How much more ``seat`` gained from scores ``before`` to ``after`` than ``rivalry``
    times the average other seat (penalties count against)."""
    gains = [a - b for a, b in zip(after, before)]
    others = (sum(gains) - gains[seat]) / (len(gains) - 1)
    value = gains[seat] - rivalry * others
    return -value if lower_wins else value


def margin(scores: Sequence[float], seat: int, lower_wins: bool) -> float:
    """How far ``seat`` is ahead of the best other seat (negative when behind)."""
    others = list(scores[:seat]) + list(scores[seat + 1:])
    value = scores[seat] - (min(others) if lower_wins else max(others))
    return -value if lower_wins else value


def leading_share(scores: Sequence[float], seat: int, lower_wins: bool) -> float:
    """1/k if ``seat`` is among the k seats with the best score, else 0."""
    best = min(scores) if lower_wins else max(scores)
    return 1.0 / list(scores).count(best) if scores[seat] == best else 0.0


def rollout_value(settings: SearchSettings, before: Sequence[float], after: Sequence[float], seat: int,
                  lower_wins: bool) -> float:
    """What a rollout from scores ``before`` to ``after`` is worth to ``seat``, as ``settings`` measure it."""
    share = settings.versus_best
    value = share * margin(after, seat, lower_wins) if share else 0.0
    if share < 1.0:
        value += (1.0 - share) * relative_gain(before, after, seat, settings.rivalry, lower_wins)
    if settings.standing:
        value += settings.standing * leading_share(after, seat, lower_wins)
    return value


def tuned(settings: SearchSettings, knobs: Mapping[str, float]) -> SearchSettings:
    """The game's settings with a personality's ``budget`` (safety cap), ``worlds`` and
    ``ambition`` (how much it plays to beat the best other seat: ``versus_best``) knobs applied."""
    changes: dict[str, Any] = {}
    if "budget" in knobs:
        changes["budget"] = knobs["budget"]
    if "worlds" in knobs:
        changes["worlds"] = int(knobs["worlds"])
    if "ambition" in knobs:
        changes["versus_best"] = knobs["ambition"]
    return replace(settings, **changes)
