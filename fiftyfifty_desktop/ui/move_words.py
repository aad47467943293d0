"""A move of a record as a player reads it ("the 55 to row 2", "bid 15", "ask Rosa for a 6½"), for the game
review on the screen and on the command line; the record notation stays in the JSON and the files. How each
game writes a card for a player is here too, for the tables' texts as for the review's, and a reviewed
decision's verdict in words.

It imports no pygame, so the ``review`` command words its lines with it too (in English).
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..ai.consequences import Aftermath
from ..engine import Reason
from ..games import fiftyfifty, take5, thirteen
from ..games.fiftyfive import parts as fiftyfive
from ..games.fiftyfive.rules import FiftyFive
from ..games.fiftyfive.cards import SUIT_NAMES, SYMBOLS, parse_card, show
from ..registry import GAMES
from .i18n import decimal, join_names, tr


def fiftyfive_card(card: str) -> str:
    """``7S`` as the table writes it: ``7♠``."""
    found = parse_card(card)
    return card if found is None else show(found)


def thirteen_card(card: str) -> str:
    """``6.5`` as the table writes it: ``6½``."""
    return "6\u00bd" if card == thirteen.card_text(thirteen.HALF) else card


#: How each game writes a card of its notation for a player (the number itself where no game is named).
CARD_WORDS: dict[str, Callable[[str], str]] = {FiftyFive.id: fiftyfive_card, thirteen.Thirteen.id: thirteen_card}


def card_words(game_id: str) -> Callable[[str], str]:
    return CARD_WORDS.get(game_id, str)


def move_words(game_id: str, text: str, names: Sequence[str], reason: Reason | None = None) -> str:
    """``text`` (a move of ``game_id`` in record notation) in words; a Take 5 card is sent to the row its
    ``reason`` (the hint's reason for that move) names, as the hint says it. Notation that is not a move of
    the game is shown as it stands."""
    card = card_words(game_id)
    try:
        move = GAMES[game_id].parse_move(text)
    except ValueError:
        return text
    if isinstance(move, (take5.Play, fiftyfifty.Play)):
        row = reason.params.get("row") if reason is not None and reason.params.get("card") == move.card else None
        if row is not None:
            return tr("review.move.card_to_row", card=card(str(move.card)), row=row)
        return tr("review.move.card", card=card(str(move.card)))
    if isinstance(move, take5.TakeRow):
        return tr("review.move.take_row", row=move.row + 1)
    if isinstance(move, take5.Draft):
        return tr("review.move.draft", card=card(str(move.card)))
    if isinstance(move, fiftyfive.Play):
        return tr("review.move.card", card=card(move.text()))
    if isinstance(move, fiftyfive.Bid):
        return tr("review.move.bid", bid=move.amount)
    if isinstance(move, (fiftyfive.Pass, thirteen.Pass)):
        return tr("review.move.pass")
    if isinstance(move, fiftyfive.Hold):
        return tr("review.move.hold")
    if isinstance(move, fiftyfive.Discard):
        return tr("review.move.discard", cards=join_names([show(c) for c in move.cards]))
    if isinstance(move, fiftyfive.NameTrump):
        return tr("review.move.trump", suit=SYMBOLS[move.suit],
                  suit_name=tr(f"fiftyfive.suit_{SUIT_NAMES[move.suit]}"))
    if isinstance(move, thirteen.Ask):
        return tr("review.move.ask", name=names[move.target], card=card(thirteen.card_text(move.value)))
    if isinstance(move, thirteen.Draw):
        return tr("review.move.draw")
    return text


def verdict_words(size: str, cost: float, unit: str) -> str:
    """A decision's size in words (``review.size``), a mistake with what it cost in the game's ``unit``: "clear
    mistake (−1.25 bullheads)", "erreur nette (−1,25 tête de bœuf)"."""
    if size == "fine":
        return tr("review.size.fine")
    shown = round(cost, 2)
    return tr("review.verdict", size=tr(f"review.size.{size}"), cost=decimal(-shown, signed=True),
              unit=tr(f"review.unit.{unit}", count=shown))


def aftermath_words(after: Aftermath, move: str, unit: str) -> str:
    """What followed ``move`` (in words) in the review's continuations, its value signed as the chart's (a loss
    below zero): "the 76 to row 4: you take row 2 later this round in 7 of 32 continuations (−6.0 bullheads
    each time)"."""
    event = tr(f"review.after.{after.code}", **after.params)
    if not after.count:
        return tr("review.after_never", move=move, event=event, of=after.of)
    value = round(-after.cost, 1)
    return tr("review.after_some", move=move, event=event, count=after.count, of=after.of,
              value=f"{decimal(value, 1, signed=True)} {tr(f'review.unit.{unit}', count=abs(value))}")
