"""Thirteen: ``cards`` holds the deck and the helpers on cards and hands,
``parts`` the moves, events, state and view, ``rules`` the game itself and
``hidden`` the dealing of the cards a seat cannot see. The names the rest of
the program uses are here."""

from .cards import (ASK, DRAW, ELIMINATED, HALF, IN, KINDS, OUT, OVER, THIRTEEN, VALUES, Card, card_text, deck_for,
                    group_kind, group_points, groups_in, is_true_ask, must_come_back, one_deck, pair_count, parse_card,
                    partner, true_asks)
from .hidden import unseen_counts
from .parts import (EVENTS, Ask, Asked, CameBack, Dealt, Draw, Drew, Eliminated, GameOver, HandedOver, KindFinished,
                    Laid, Missed, Pass, SingleShown, ThirteenState, ThirteenView, TurnStarted, WentOut)
from .rules import GAME, Thirteen

__all__ = [
    "ASK", "DRAW", "ELIMINATED", "HALF", "IN", "KINDS", "OUT", "OVER", "THIRTEEN", "VALUES", "Card", "card_text",
    "deck_for", "group_kind", "group_points", "groups_in", "is_true_ask", "must_come_back", "one_deck", "pair_count",
    "parse_card", "partner", "true_asks", "unseen_counts", "EVENTS", "Ask", "Asked", "CameBack", "Dealt", "Draw",
    "Drew", "Eliminated", "GameOver", "HandedOver", "KindFinished", "Laid", "Missed", "Pass", "SingleShown",
    "ThirteenState", "ThirteenView", "TurnStarted", "WentOut", "GAME", "Thirteen",
]
