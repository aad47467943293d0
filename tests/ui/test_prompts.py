"""The line over the table says it is your turn only when your move is taken, and names exactly the moves the rules
offer: Fifty-Five's calls and Thirteen's draw are worded from the legal moves, never from a second copy of the
rules."""

import re

import pygame

from fiftyfifty_desktop.games.fiftyfive.parts import BIDS, Bid, Hold
from fiftyfifty_desktop.games.fiftyfive.rules import legal_calls
from fiftyfifty_desktop.ui.i18n import tr
from fiftyfifty_desktop.ui.tables.fiftyfive.table import call_prompt
from fiftyfifty_desktop.ui.tables.take5 import Take5Table

from .test_move_log import record

TURN_WORDS = ("your turn", "choose a card to play", "Choose the row you take")


def test_take5_says_your_turn_only_once_the_cards_are_at_rest(driver):
    table = driver.app.stack.push(Take5Table(driver.app, record("take5", ("human", "medium", "medium"), 8)))
    driver.app.change_settings(speed="normal")
    driver.settle()
    said_while_busy = said_at_rest = 0
    for _ in range(3):  # three turns, each watched past the others' face-down cards coming while the player chooses
        assert table.my_turn
        driver.press(pygame.K_1, "1")
        for _ in range(400):
            table.match.wait_for_computers()
            driver.frame()
            names_turn = any(words in table.prompt() for words in TURN_WORDS)
            said_while_busy += names_turn and not table.my_turn
            said_at_rest += names_turn and table.my_turn
    assert said_while_busy == 0 and said_at_rest > 0


def test_fifty_five_names_exactly_the_calls_open():
    seen = set()
    for bid in (0,) + BIDS:
        for dealer in (False, True):
            legal = legal_calls(bid, dealer)
            words = call_prompt("Ann", legal, bid)
            amounts = sorted(m.amount for m in legal if isinstance(m, Bid))
            assert "pass (P)" in words
            assert ("(H)" in words) == (Hold() in legal), words
            assert ("or higher" in words) == (len(amounts) > 1), words
            named = {int(n) for n in re.findall(r"\d+", words)}
            assert named == ({bid} if Hold() in legal or not amounts else set()) | set(amounts[:1]), words
            if amounts:
                assert f"bid {amounts[0]}" in words
            else:
                assert "bid" not in words, words
            seen.add(re.sub(r"\d+", "#", words))
    assert call_prompt("Ann", legal_calls(60, True), 60) == "Ann, you deal: hold the 60 (H) or pass (P)."
    assert call_prompt("Ann", legal_calls(60, False), 60) == "Ann, nothing is higher than 60: you can only pass (P)."
    assert len(seen) == 6  # every wording is met: bid from, the one bid, pass only, and the dealer's three


def test_thirteen_offers_passing_after_a_miss_only_when_the_rules_do():
    assert "pass (P)" in tr("thirteen.prompt_draw", name="Ann", pile=3)
    assert "pass" not in tr("thirteen.prompt_draw_only", name="Ann", pile=3)


def test_the_heading_over_fifty_five_s_calls_names_no_call_of_its_own():
    """The calls open are the buttons and the prompt's words; the heading says only who bid what, or what the top
    bid means (never "bid higher" when only a hold of the 60 is open, never a list of bids of its own)."""
    assert tr("fiftyfive.your_bid", bid=60, name="Bo") == "High bid: 60 by Bo."
    opening = tr("fiftyfive.first_bid", all=60)
    assert "60" in opening and not any(str(b) in opening for b in BIDS if b != 60)
