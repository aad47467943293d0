"""Hints: the move the hard player would make for a seat, and one short reason for it.

The hard player is asked with what the match hands a computer player in
that seat (``Match.decision``: the seat's view, legal moves and its views at
its earlier decisions), so a hint can never tell what the seat may not know.
It is built for the game's seed and that seat and draws the decision's own
chance (``agents.decision_source``), so a hint is the move the hard player
in that seat would make there, and a position always gets the same hint. A reason is a fact about the view and the move
that the player can check on the table; it is a :class:`Reason` (a code and
its cards), worded by the front end under ``hint.<code>``. A seat named in
a reason is the parameter ``seat``.
"""

from __future__ import annotations

from typing import Any, Callable

from ..engine import Move, Reason
from ..games import fiftyfifty as ff
from ..games import take5
from ..games import thirteen
from ..games.fiftyfive import cards as ff5_cards
from ..games.fiftyfive import parts as ff5
from ..registry import entry

#: The strength of the player a hint asks.
HINT_PLAYER = "hard"


# ----- Take 5 ---------------------------------------------------------------
def _row_cost(row: tuple[int, ...]) -> int:
    return sum(take5.bullheads(card) for card in row)


def take5_reason(view: take5.Take5View, move: Move) -> Reason | None:
    """Which row the card goes to now (and whether that row is full), or which row is taken and what it costs."""
    rows = view.rows
    if isinstance(move, take5.TakeRow):
        costs = [_row_cost(row) for row in rows]
        code = "take5_cheapest_row" if costs[move.row] == min(costs) else "take5_row"
        return Reason(code, {"row": move.row + 1, "count": costs[move.row]},
                      f"takes row {move.row + 1} ({costs[move.row]} bullheads)")
    if not isinstance(move, take5.Play):
        return None
    card = move.card
    below = [i for i, row in enumerate(rows) if row[-1] < card]
    if not below:
        return Reason("take5_low", {"card": card}, f"{card} is lower than every row: you choose a row to take")
    row = max(below, key=lambda i: rows[i][-1])
    if len(rows[row]) >= take5.ROW_LIMIT:
        cost = _row_cost(rows[row])
        return Reason("take5_sixth", {"card": card, "row": row + 1, "count": cost},
                      f"{card} would be the sixth card of row {row + 1} ({cost} bullheads)")
    return Reason("take5_room", {"card": card, "row": row + 1}, f"{card} lands on row {row + 1}, which has room")


# ----- Fifty Fifty ------------------------------------------------------------
def fiftyfifty_reason(view: ff.FiftyView, move: Move) -> Reason | None:
    """Where the card stands in the trick so far, or, for a lead, how many unseen cards lie above and below it."""
    if not isinstance(move, ff.Play):
        return None
    card, trick = move.card, view.trick
    if not trick:
        seen = set(view.hand) | {c for past in view.past_tricks for _, c in past}
        unseen = [c for c in ff.CARDS if c not in seen]
        higher = sum(1 for c in unseen if c > card)
        return Reason("fiftyfifty_lead", {"card": card, "higher": higher, "lower": len(unseen) - higher},
                      f"{card}: {higher} unseen cards are higher, {len(unseen) - higher} lower")
    (_, high), (_, low) = ff.highest_and_lowest(trick)
    last = len(trick) == view.players - 1
    blue, yellow = view.mood if view.mood is not None else (0, 0)
    if low < card < high:
        return Reason("fiftyfifty_between", {"card": card, "low": low, "high": high},
                      f"{card} lies between {low} and {high}: it takes no halves")
    if card > high:
        if last:
            return Reason("fiftyfifty_highest", {"card": card, "count": blue}, f"{card} is highest: {blue} blue halves")
        return Reason("fiftyfifty_above", {"card": card, "high": high}, f"{card} beats {high}, the highest so far")
    if last:
        return Reason("fiftyfifty_lowest", {"card": card, "count": yellow}, f"{card} is lowest: {yellow} yellow halves")
    return Reason("fiftyfifty_below", {"card": card, "low": low}, f"{card} is under {low}, the lowest so far")


# ----- Fifty-Five -------------------------------------------------------------
def _trumps_in(cards: tuple[int, ...], suit: int) -> int:
    return sum(1 for c in cards if ff5_cards.is_trump(c, suit))


def _best_suit(cards: tuple[int, ...]) -> int:
    """The suit in which most of ``cards`` would be trumps (the first of equals)."""
    return max(range(4), key=lambda suit: (_trumps_in(cards, suit), -suit))


def fiftyfive_reason(view: ff5.FiftyFiveView, move: Move) -> Reason | None:
    """Bids and trumps: how many trumps the hand holds; discards: not a trump in the best suit; cards: whether
    the card wins the trick so far, or how good a trump it is among those still out."""
    hand = view.cards
    if isinstance(move, (ff5.Bid, ff5.Hold, ff5.Pass)):
        suit = _best_suit(hand)
        params: dict[str, int | str] = {"count": _trumps_in(hand, suit), "suit": ff5_cards.SYMBOLS[suit]}
        if isinstance(move, ff5.Pass):
            return Reason("fiftyfive_pass", params, f"at most {params['count']} trumps in any suit")
        return Reason("fiftyfive_bid", params, f"{params['count']} trumps if {params['suit']} is trumps")
    if isinstance(move, ff5.NameTrump):
        count = _trumps_in(hand, move.suit)
        return Reason("fiftyfive_trump", {"count": count, "suit": ff5_cards.SYMBOLS[move.suit]},
                      f"{count} of your cards are trumps in {ff5_cards.SYMBOLS[move.suit]}")
    if isinstance(move, ff5.Discard):
        suit = _best_suit(hand)
        if any(ff5_cards.is_trump(c, suit) for c in move.cards):
            return None
        cards = tuple(ff5_cards.text(c) for c in move.cards)
        return Reason("fiftyfive_discard", {"cards": cards, "suit": ff5_cards.SYMBOLS[suit]},
                      f"none of {', '.join(cards)} is a trump in {ff5_cards.SYMBOLS[suit]}, your best suit")
    if not isinstance(move, ff5.Play):
        return None
    card, trump, trick = move.card, view.trump, view.trick
    name = ff5_cards.text(card)
    if trick:
        played = tuple(c for _, c in trick) + (card,)
        if ff5_cards.trick_winner(played, trump) == len(trick):
            code = "fiftyfive_wins" if len(trick) == view.players - 1 else "fiftyfive_leads_trick"
            return Reason(code, {"card": name}, f"{name} wins the trick" + ("" if code == "fiftyfive_wins" else " so far"))
        return Reason("fiftyfive_cannot_win", {"card": name}, f"{name} cannot win this trick")
    if not ff5_cards.is_trump(card, trump):
        return None
    gone = {c for past in view.tricks for _, c in past} | set(hand) | set(view.own_discards)
    power = ff5_cards.TRUMP_POWER[trump]
    above = sum(1 for c in ff5_cards.TRUMP_ORDER[trump] if power[c] > power[card] and c not in gone)
    if above == 0:
        return Reason("fiftyfive_top_trump", {"card": name}, f"your {name} is the best trump still out")
    return Reason("fiftyfive_trumps_above", {"card": name, "count": above},
                  f"only {above} trumps still out beat your {name}")


# ----- Thirteen ---------------------------------------------------------------
def thirteen_reason(view: thirteen.ThirteenView, move: Move) -> Reason | None:
    """What the ask log, the singles and the hand say about the card asked for."""
    if not isinstance(move, thirteen.Ask):
        return None
    target, value = move.target, move.value
    shown = thirteen.card_text(value)
    if value in view.singles[target]:
        return Reason("thirteen_single", {"seat": target, "card": shown}, f"seat {target} shows a {shown}")
    if value in view.present[target]:
        return Reason("thirteen_holds", {"seat": target, "card": shown}, f"seat {target} surely holds a {shown}")
    pair = thirteen.partner(value)
    if pair is not None and value not in view.absent[target]:
        asked = [entry for entry in view.log if entry[1] == target and entry[3] == pair]
        if asked:
            return Reason("thirteen_asked", {"seat": target, "asked": thirteen.card_text(pair), "card": shown},
                          f"seat {target} asked for {thirteen.card_text(pair)}s, so likely holds a {shown}")
    if thirteen.is_true_ask(view.hand, value):
        return Reason("thirteen_pairs", {"card": shown, "own": thirteen.card_text(pair) if pair is not None else shown},
                      f"a {shown} pairs with your {thirteen.card_text(pair) if pair is not None else shown}")
    return None


def hint_reason(game_id: str, view: Any, move: Move) -> Reason | None:
    """One short fact for ``move`` from ``view`` (None when there is none worth saying), by the reasons
    the game's registry entry names (a game without them gives none)."""
    reason: Callable[[Any, Move], Reason | None] | None = entry(game_id).load("hint_reasons")
    return reason(view, move) if reason is not None else None
