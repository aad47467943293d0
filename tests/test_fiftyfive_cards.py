"""The Fifty-Five deck: notation and every ranking of the rules file, table-driven."""

import pytest

from fiftyfifty_desktop.games.fiftyfive.cards import (
    ACE_OF_HEARTS, DECK, PLAIN_ORDER, TOP_TRUMPS, TRUMP_ORDER, follow_suit, is_trump, parse_card, show, text,
    trick_winner,
)


def cards(line):
    return tuple(parse_card(c) for c in line.split())


# Exactly the lists of docs/rules/fiftyfive.md, "Card ranking", highest first.
TRUMPS = {
    "H": "5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H",
    "D": "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D",
    "C": "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C 10C",
    "S": "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S 10S",
}
PLAIN = {
    "H": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    "D": "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD",
    "C": "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
    "S": "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
}
SUITS = "HDCS"


def test_notation_round_trips_for_every_card():
    assert [parse_card(text(c)) for c in DECK] == list(DECK)
    assert text(parse_card("10d")) == "10D" and show(parse_card("10D")) == "10♦" and show(ACE_OF_HEARTS) == "A♥"
    for bad in ("", "1H", "11S", "5X", "H5", "JOKER"):
        assert parse_card(bad) is None


@pytest.mark.parametrize("trump", SUITS)
def test_trump_order_is_the_rules_files(trump):
    order = cards(TRUMPS[trump])
    assert TRUMP_ORDER[SUITS.index(trump)] == order
    assert TOP_TRUMPS[SUITS.index(trump)] == order[:3]
    assert {c for c in DECK if is_trump(c, SUITS.index(trump))} == set(order)


@pytest.mark.parametrize("trump", SUITS)
def test_each_trump_beats_every_lower_trump_whoever_leads(trump):
    order = cards(TRUMPS[trump])
    t = SUITS.index(trump)
    for i, high in enumerate(order):
        for low in order[i + 1:]:
            assert trick_winner((low, high), t) == 1
            assert trick_winner((high, low), t) == 0


@pytest.mark.parametrize("trump, suit", [(t, s) for t in SUITS for s in SUITS if s != t])
def test_plain_suits_rank_high_in_red_low_in_black(trump, suit):
    order = cards(PLAIN[suit])
    assert PLAIN_ORDER[SUITS.index(suit)] == cards(PLAIN[suit])
    t = SUITS.index(trump)
    for i, high in enumerate(order):
        for low in order[i + 1:]:
            assert trick_winner((low, high), t) == 1
            assert trick_winner((high, low), t) == 0


def test_a_card_off_the_led_suit_never_wins_without_trumps():
    # Spades trumps, clubs led: the K♦ is higher in its suit but cannot win.
    assert trick_winner(cards("10C KD KH"), SUITS.index("S")) == 0


def test_any_trump_beats_the_best_plain_card():
    assert trick_winner(cards("KC 10S"), SUITS.index("S")) == 1
    assert trick_winner(cards("KH 2D"), SUITS.index("D")) == 1


@pytest.mark.parametrize("trump", SUITS)
def test_the_ace_of_hearts_is_always_a_trump_never_a_heart(trump):
    t = SUITS.index(trump)
    assert is_trump(ACE_OF_HEARTS, t)
    assert follow_suit(ACE_OF_HEARTS, t) == t
    # On a heart lead it wins as a trump, even against the K♥.
    assert trick_winner(cards("KH AH"), t) == 1
