"""The reasons a hint gives: facts read from the seat's view, for each game."""

from __future__ import annotations

from dataclasses import replace

from fiftyfifty_desktop.ai.hints import fiftyfifty_reason, fiftyfive_reason, thirteen_reason
from fiftyfifty_desktop.games import fiftyfifty as ff
from fiftyfifty_desktop.games import thirteen
from fiftyfifty_desktop.games.fiftyfive import parts as ff5
from fiftyfifty_desktop.games.fiftyfive.rules import GAME as FIFTYFIVE
from fiftyfifty_desktop.games.fiftyfive.cards import card


def fiftyfifty_view(trick):
    state = ff.GAME.new_game(3, ff.GAME.resolve_options(3), 1, setup={
        "hands": [[10, 20, 30], [11, 21, 31], [12, 22, 32]], "moods": [[2, 5], [3, 1], [1, 3]], "dealer": 2})[0]
    return replace(ff.GAME.view(state, 0), trick=trick, mood=(2, 5))


def test_fiftyfifty_says_where_the_card_stands_in_the_trick():
    assert fiftyfifty_reason(fiftyfifty_view(((1, 11), (2, 32))), ff.Play(20)).code == "fiftyfifty_between"
    highest = fiftyfifty_reason(fiftyfifty_view(((1, 11), (2, 12))), ff.Play(30))
    assert highest.code == "fiftyfifty_highest" and highest.params["count"] == 2  # the last card: it is final
    assert fiftyfifty_reason(fiftyfifty_view(((1, 21),)), ff.Play(10)).code == "fiftyfifty_below"
    lead = fiftyfifty_reason(fiftyfifty_view(()), ff.Play(20))
    assert lead.params == {"card": 20, "higher": 29, "lower": 18}  # the 47 cards not in the hand, around 20


def test_fiftyfive_rates_a_trump_among_those_still_out_and_a_card_against_the_trick():
    state = FIFTYFIVE.new_game(3, FIFTYFIVE.resolve_options(3), 1)[0]
    jack, five = card("J", "H"), card("5", "H")
    view = replace(FIFTYFIVE.view(state, 0), phase=ff5.PLAYING, trump=0, cards=(jack, card("2", "C")), trick=(),
                   tricks=())
    assert fiftyfive_reason(view, ff5.Play(jack)).params == {"card": "JH", "count": 1}  # only the 5♥ beats it
    gone = replace(view, tricks=(((1, five), (2, card("3", "C")), (0, card("4", "C"))),))
    assert fiftyfive_reason(gone, ff5.Play(jack)).code == "fiftyfive_top_trump"
    led = replace(view, trick=((1, card("K", "C")), (2, card("Q", "C"))))
    assert fiftyfive_reason(led, ff5.Play(jack)).code == "fiftyfive_wins"
    assert fiftyfive_reason(led, ff5.Play(card("2", "C"))).code == "fiftyfive_cannot_win"


def test_thirteen_reads_the_ask_log():
    state = thirteen.GAME.new_game(3, thirteen.GAME.resolve_options(3), 1)[0]
    view = replace(thirteen.GAME.view(state, 0), hand=(5, 9), log=((1, 1, 2, 8, False),),
                   singles=((), (), ()), present=((), (), ()), absent=((), (), ()))
    asked = thirteen_reason(view, thirteen.Ask(1, 5))
    assert asked.code == "thirteen_asked" and asked.params == {"seat": 1, "asked": "8", "card": "5"}
    assert thirteen_reason(view, thirteen.Ask(2, 4)).code == "thirteen_pairs"  # 4 + 9; seat 2 asked for nothing
    missed = replace(view, absent=((), (5,), ()))
    assert thirteen_reason(missed, thirteen.Ask(1, 5)) is None  # a miss showed seat 1 holds no 5 now
