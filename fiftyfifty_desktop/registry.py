"""Every game, described once.

As in PySolFC's game list, one entry per game names everything the program
has of it, and nothing elsewhere is looked up by a game's id: the rules
(which carry the id, name, player counts and the options the set-up screen
offers), the kinds of event they tell, how a card is written, the table, the
card faces and back, the rule-based computer player, the search tuning, the
greedy and Monte Carlo baselines, the hint reasons, the guided first game,
how the arena measures one deal and how a review sizes a mistake. Every part is given, or given as None:
a game without it. ``tests/test_registry.py`` checks each part of each entry.

Parts above the pure layers are named ``"module:attribute"`` and imported on
first use (:meth:`GameEntry.load`): the command line never loads pygame, and
the rules never import what is built on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable, Iterator, Mapping

from .engine import Event, Game, OptionError
from .games import fiftyfifty, fiftyfive, take5, thirteen
from .games.fiftyfive import cards as fiftyfive_cards
from .games.fiftyfive import parts as fiftyfive_parts


@dataclass(frozen=True)
class Deals:
    """How a game is measured deal by deal (``arena --deals``)."""

    first_over: Callable[[Any], bool]  # the first deal of a state's game is over
    played: Callable[[Any], int]  # deals finished in a state


@dataclass(frozen=True)
class Scale:
    """How a game review (``ai/review.py``) words a game: the unit its values are in (a catalogue key
    ``review.unit.<unit>``) and the least cost of a small, a clear and a big mistake in it (docs/review.md)."""

    unit: str
    small: float
    clear: float
    big: float


@dataclass(frozen=True)
class GameEntry:
    """One game's parts. Named parts (``"module:attribute"``) are read with :meth:`load`."""

    rules: Game
    events: tuple[type[Event], ...]  # every kind of event the rules tell: all the network codec may send
    card_reader: Callable[[str], Any] | None  # a card as the rules pages write it ("55", "5H"), or None
    table: str | None  # the table scene
    faces: str | None  # paints a card's face: painter(surface, card)
    back: str | None  # paints the back of the game's deck: painter(surface)
    rule_player: str | None  # the rule-based player: Player(seat, source, knobs)
    beginner: str | None  # the random rung as a personality's knobs shape it: Player(seat, source, knobs)
    search: str | None  # the search's SearchSettings for this game
    greedy: str | None  # the greedy baseline (arena, simulate): Baseline(seed, seat)
    monte_carlo: str | None  # the ``mc:W`` baseline: Baseline(game, seed, seat, worlds)
    hint_reasons: str | None  # one short fact for a hinted move: reason(view, move) -> Reason | None
    consequences: str | None  # a review's costly events of a rollout step (``ai/consequences.py``)
    tutorial: str | None  # the guided first game: its file under config/tutorials/
    deals: Deals | None  # how the arena measures single deals
    review: Scale | None  # the unit and mistake sizes of a game review

    @property
    def id(self) -> str:
        return self.rules.id

    def load(self, part: str) -> Any:
        """The part named by field ``part`` (``"table"``, ``"faces"``...), imported now; None if the game has none."""
        target = getattr(self, part)
        if target is None:
            return None
        module, name = target.split(":")
        return getattr(import_module(module), name)


_UI = "fiftyfifty_desktop.ui"
_AI = "fiftyfifty_desktop.ai"

#: Every game by id, in the order the set-up screen lists them.
ENTRY: dict[str, GameEntry] = {entry.id: entry for entry in (
    GameEntry(take5.GAME, events=take5.EVENTS, card_reader=take5.parse_card,
              table=f"{_UI}.tables.take5:Take5Table",
              faces=f"{_UI}.cards:paint_take5",
              back=f"{_UI}.cards:paint_take5_back",
              rule_player=f"{_AI}.medium.take5:MediumTake5",
              beginner=None,
              search=f"{_AI}.medium.take5:SEARCH",
              greedy=f"{_AI}.baselines:GreedyTake5",
              monte_carlo=f"{_AI}.baselines:MonteCarloTake5",
              hint_reasons=f"{_AI}.hints:take5_reason",
              consequences=f"{_AI}.consequences:take5_facts",
              tutorial="take5.yaml",
              deals=Deals(take5.first_deal_over, take5.deals_played),
              review=Scale("bullheads", 1.0, 3.0, 6.0)),
    GameEntry(fiftyfifty.GAME, events=fiftyfifty.EVENTS, card_reader=fiftyfifty.parse_card,
              table=f"{_UI}.tables.fiftyfifty:FiftyFiftyTable",
              faces=f"{_UI}.tables.fiftyfifty.art:paint_number_card",
              back=f"{_UI}.tables.fiftyfifty.art:paint_fiftyfifty_back",
              rule_player=f"{_AI}.medium.fiftyfifty:MediumFiftyFifty",
              beginner=None,
              search=f"{_AI}.fiftyfifty_fast:SEARCH",
              greedy=f"{_AI}.baselines:GreedyFiftyFifty",
              monte_carlo=f"{_AI}.monte_carlo:MonteCarlo",
              hint_reasons=f"{_AI}.hints:fiftyfifty_reason",
              consequences=f"{_AI}.consequences:fiftyfifty_facts",
              tutorial="fiftyfifty.yaml",
              deals=None,
              review=Scale("halves", 1.0, 3.0, 6.0)),
    GameEntry(fiftyfive.GAME, events=fiftyfive_parts.EVENTS, card_reader=fiftyfive_cards.parse_card,
              table=f"{_UI}.tables.fiftyfive:FiftyFiveTable",
              faces=f"{_UI}.tables.fiftyfive.faces:paint_fiftyfive",
              back=f"{_UI}.tables.fiftyfive.faces:paint_fiftyfive_back",
              rule_player=f"{_AI}.medium.fiftyfive:MediumFiftyFive",
              beginner=f"{_AI}.medium.fiftyfive:BeginnerFiftyFive",
              search=f"{_AI}.fiftyfive_fast:SEARCH",
              greedy=f"{_AI}.baselines:GreedyFiftyFive",
              monte_carlo=f"{_AI}.monte_carlo:MonteCarlo",
              hint_reasons=f"{_AI}.hints:fiftyfive_reason",
              consequences=f"{_AI}.consequences:fiftyfive_facts",
              tutorial="fiftyfive.yaml",
              deals=None,
              review=Scale("points", 2.0, 5.0, 10.0)),
    GameEntry(thirteen.GAME, events=thirteen.EVENTS, card_reader=thirteen.parse_card,
              table=f"{_UI}.tables.thirteen:ThirteenTable",
              faces=f"{_UI}.tables.thirteen.cards:paint_thirteen",
              back=f"{_UI}.tables.thirteen.cards:paint_thirteen_back",
              rule_player=f"{_AI}.medium.thirteen:MediumThirteen",
              beginner=None,
              search=f"{_AI}.thirteen_fast:SEARCH",
              greedy=f"{_AI}.baselines:GreedyThirteen",
              monte_carlo=f"{_AI}.thirteen_fast:MonteCarloThirteen",
              hint_reasons=f"{_AI}.hints:thirteen_reason",
              consequences=f"{_AI}.consequences:thirteen_facts",
              tutorial="thirteen.yaml",
              deals=None,
              review=Scale("points", 0.3, 0.75, 1.5)),
)}


class _Rules(Mapping[str, Game]):
    """Each registered game's rules by id: a live view of :data:`ENTRY`, so a game is registered in one place."""

    def __getitem__(self, game_id: str) -> Game:
        return ENTRY[game_id].rules

    def __iter__(self) -> Iterator[str]:
        return iter(ENTRY)

    def __len__(self) -> int:
        return len(ENTRY)


GAMES: Mapping[str, Game] = _Rules()


def get_game(game_id: str) -> Game:
    """The game registered as ``game_id``; raises ``OptionError`` naming the known ones."""
    return entry(game_id).rules


def entry(game_id: str) -> GameEntry:
    """The entry of ``game_id``; raises ``OptionError`` naming the known games."""
    try:
        return ENTRY[game_id]
    except KeyError:
        known = ", ".join(ENTRY)
        raise OptionError(f"unknown game {game_id!r} (known games: {known})") from None
