"""Every game, described once.

As in PySolFC's game list, one entry per game names all the program needs
of it: the rules (which carry the id, name, player counts and the options
the set-up screen offers), the table, the card faces, the rule-based
computer player, the search tuning and how the arena measures one deal.
The set-up screen, the command line, the arena, the self-check and the
rules screens read this list, so a new game is one rules module, one table
module, one entry here, and its YAML and rules text.

Parts above the pure layers are named ``"module:attribute"`` and imported
on first use: the command line never loads pygame, and the rules never
import what is built on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable

from .engine import Game, OptionError
from .games import fiftyfifty, fiftyfive, take5, thirteen


@dataclass(frozen=True)
class Deals:
    """How a game is measured deal by deal (``arena --deals``)."""

    first_over: Callable[[Any], bool]  # the first deal of a state's game is over
    played: Callable[[Any], int]  # deals finished in a state


@dataclass(frozen=True)
class GameEntry:
    rules: Game
    table: str  # the table scene
    faces: str  # paints a card's face: painter(surface, card)
    back: str  # paints the back of the game's deck: painter(surface)
    rule_player: str | None = None  # the rule-based player: Player(seat, source, knobs)
    search: str | None = None  # the search's SearchSettings for this game
    deals: Deals | None = None

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


#: The games in the order the set-up screen lists them.
ENTRIES: tuple[GameEntry, ...] = (
    GameEntry(take5.GAME,
              table="fiftyfifty_desktop.ui.tables.take5:Take5Table",
              faces="fiftyfifty_desktop.ui.cards:paint_take5",
              back="fiftyfifty_desktop.ui.cards:paint_take5_back",
              rule_player="fiftyfifty_desktop.ai.medium.take5:MediumTake5",
              search="fiftyfifty_desktop.ai.medium.take5:SEARCH",
              deals=Deals(take5.first_deal_over, take5.deals_played)),
    GameEntry(fiftyfifty.GAME,
              table="fiftyfifty_desktop.ui.tables.fiftyfifty:FiftyFiftyTable",
              faces="fiftyfifty_desktop.ui.tables.fiftyfifty.art:paint_number_card",
              back="fiftyfifty_desktop.ui.tables.fiftyfifty.art:paint_fiftyfifty_back",
              rule_player="fiftyfifty_desktop.ai.medium.fiftyfifty:MediumFiftyFifty",
              search="fiftyfifty_desktop.ai.medium.fiftyfifty:SEARCH"),
    GameEntry(fiftyfive.GAME,
              table="fiftyfifty_desktop.ui.tables.fiftyfive:FiftyFiveTable",
              faces="fiftyfifty_desktop.ui.tables.fiftyfive.faces:paint_fiftyfive",
              back="fiftyfifty_desktop.ui.tables.fiftyfive.faces:paint_fiftyfive_back",
              rule_player="fiftyfifty_desktop.ai.medium.fiftyfive:MediumFiftyFive",
              search="fiftyfifty_desktop.ai.medium.fiftyfive:SEARCH"),
    GameEntry(thirteen.GAME,
              table="fiftyfifty_desktop.ui.tables.thirteen:ThirteenTable",
              faces="fiftyfifty_desktop.ui.tables.thirteen.cards:paint_thirteen",
              back="fiftyfifty_desktop.ui.tables.thirteen.cards:paint_thirteen_back",
              rule_player="fiftyfifty_desktop.ai.medium.thirteen:MediumThirteen",
              search="fiftyfifty_desktop.ai.medium.thirteen:SEARCH"),
)

ENTRY: dict[str, GameEntry] = {entry.id: entry for entry in ENTRIES}
GAMES: dict[str, Game] = {entry.id: entry.rules for entry in ENTRIES}


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
