"""The ``mc:W`` baseline of every game but Take 5: perfect-information Monte Carlo as
published, over the game interface, so one player serves every game.

For each decision it deals W worlds with ``game.determinize`` (the unseen cards at
random, kept only to what the rules show: Fifty-Five's shown voids, Thirteen's public
facts; no picture of how the others play), plays every legal move in each world and
the rest of the deal out with the game's ``greedy`` baseline in every seat, scores a
move by its seat's gain minus the mean of the others' gains (penalties counting
against), and plays the best mean, the first legal move among equals: as Take 5's
``mc:W`` (``baselines.MonteCarloTake5``), which plays the same on Take 5's compact form.
All moves share each world and its chance. A decision with more legal moves than
:data:`WIDEST` (Fifty-Five's discard, 252 ways) is the greedy player's, as Take 5's
row and draft choices are. The deal ends where the game's search says
(``SearchSettings.horizon``); Thirteen, dealt once, plays to its end. It draws
chance only from the decision's own generator (``decision_source``). Thirteen's
rollouts run on a compact form of the game (``ai.thirteen_fast``), with the same
choices.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..engine import AnyGame, Move
from ..engine.game import State
from ..registry import entry
from .agents import decision_source
from .search import relative_gain

#: The most legal moves a decision may have to be searched; wider ones are left to greedy.
WIDEST = 64
#: The most moves a rollout plays (a safety bound far above any deal's length).
DEPTH = 2000


class MonteCarlo:
    """Perfect-information Monte Carlo over ``worlds`` worlds with greedy rollouts (see the module docstring)."""

    uses_view = True

    def __init__(self, game: AnyGame, seed: int, seat: int, worlds: int) -> None:
        self._game = game
        self._seed = seed
        self._seat = seat
        self.worlds = worlds
        game_entry = entry(game.id)
        self._greedy = game_entry.load("greedy")
        search = game_entry.load("search")
        self._horizon = search.horizon if search is not None else None

    def choose(self, view: Any, legal: tuple[Move, ...], seen: Sequence[Any]) -> Move:
        if len(legal) == 1 or len(legal) > WIDEST:
            move: Move = self._greedy(self._seed, self._seat).choose(view, legal, seen)
            return move
        game, seat = self._game, self._seat
        source = decision_source(self._seed, seat, len(seen))
        totals = [0.0] * len(legal)
        for _ in range(self.worlds):
            world = game.determinize(view, source)
            before = game.scores(world)
            final_scores = self.playouts(world)
            for index, move in enumerate(legal):
                totals[index] += relative_gain(before, final_scores(move), seat, 1.0, game.lower_score_wins)
        best = max(range(len(legal)), key=totals.__getitem__)  # the first among equals
        return legal[best]

    def playouts(self, world: State) -> Callable[[Move], Sequence[float]]:
        """The playout hook: for one world, the scores at the end of a greedy rollout after each move.

        A world is prepared once for all its moves, so a game with a faster form of its
        rules (Thirteen's compact table) overrides this alone and keeps the same choices."""
        game, seat = self._game, self._seat

        def final_scores(move: Move) -> Sequence[float]:
            after, _ = game.apply(world, seat, move)
            return game.scores(self._play_out(world, after))

        return final_scores

    def _play_out(self, start: State, state: State) -> State:
        """The state at the end of ``start``'s deal, every seat playing greedy."""
        game, horizon = self._game, self._horizon
        players = [self._greedy(self._seed, s) for s in range(game.players(start))]
        mark = horizon(start) if horizon is not None else None
        for _ in range(DEPTH):
            seats = game.to_move(state)
            if not seats or (horizon is not None and horizon(state) != mark):
                break
            seat = seats[0]
            legal = game.legal_moves(state, seat)
            move = legal[0] if len(legal) == 1 else players[seat].choose(game.view(state, seat), legal, ())
            state, _ = game.apply(state, seat, move)
        return state
