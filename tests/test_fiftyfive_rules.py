"""Fifty-Five rules: bidding, kitty, following and reneging, scoring, the race."""

import json

import pytest

from fiftyfifty_desktop.ai import make_agent

from fiftyfifty_desktop.engine import IllegalMoveError, MoveParseError, OptionError, SetupError, evolve
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.errors import RecordError, quoted
from fiftyfifty_desktop.engine.records import Record, Seat, parse_record, replay
from fiftyfifty_desktop.games.fiftyfive import GAME
from fiftyfifty_desktop.games.fiftyfive.cards import parse_card
from fiftyfifty_desktop.games.fiftyfive.parts import (
    BestTrump, BidMade, Discarded, GameWon, HandDealt, HandScored, Held, KittyTaken, Passed, ThrownIn, TrickWon,
    TrumpNamed,
)

KITTY = ["8C", "9C", "10C", "JC", "QC"]


def start(hands, kitty=KITTY, dealer=None, **options):
    dealer = len(hands) - 1 if dealer is None else dealer
    return GAME.new_game(len(hands), options, seed=1, setup={"dealer": dealer, "hands": hands, "kitty": kitty})[0]


def do(state, *moves):
    """Play the moves (in notation) for whoever is to move; return the state and all events."""
    events = []
    for text in moves:
        seat = GAME.to_move(state)[0]
        state, new = GAME.apply(state, seat, GAME.parse_move(text))
        events.extend(new)
    return state, events


def playing(hands, trump, bid=10, kitty=KITTY, totals=None, **options):
    """Seat 0 wins the bidding at ``bid``, discards the kitty's cards and names ``trump``; seat 0 leads."""
    state = start(hands, kitty, **options)
    state, _ = do(state, f"b{bid}", *["pass"] * (len(hands) - 1), "x" + ",".join(kitty), f"t{trump}")
    assert GAME.to_move(state) == (0,) and state.hands[0] == tuple(sorted(parse_card(c) for c in hands[0]))
    return evolve(state, totals=totals) if totals is not None else state


def legal_cards(state, seat):
    return {m.text() for m in GAME.legal_moves(state, seat)}


def refused(state, seat, text):
    with pytest.raises(IllegalMoveError) as info:
        GAME.apply(state, seat, GAME.parse_move(text))
    return str(info.value)


FILL = [["2D", "3D", "4D", "6D", "7D"], ["2H", "3H", "4H", "6H", "7H"], ["KD", "QD", "JD", "10D", "9D"]]


# ----- following and reneging (spades trumps unless said) ---------------
def test_a_trump_may_always_be_played_on_a_plain_lead():
    state = playing([["KH", "2C", "3C", "4C", "6C"], ["2H", "3S", "5D", "6D", "7D"], FILL[2]], "S")
    state, _ = do(state, "KH")
    assert legal_cards(state, 1) == {"2H", "3S"}
    assert refused(state, 1, "6D") == "must follow hearts or play a trump: the K♥ was led"


def test_unable_to_follow_any_card_may_be_played():
    state = playing([["KC", "2C", "3C", "4C", "6C"], FILL[0], FILL[1]], "S")
    state, _ = do(state, "KC")
    assert legal_cards(state, 1) == {"2D", "3D", "4D", "6D", "7D"}


def test_on_a_trump_lead_trumps_must_be_played():
    state = playing([["7S", "2C", "3C", "4C", "6C"], ["3S", "9S", "KD", "QD", "JD"], FILL[1]], "S")
    state, _ = do(state, "7S")
    assert legal_cards(state, 1) == {"3S", "9S"}
    assert refused(state, 1, "KD") == "must play a trump: the 7♠ was led"


def test_a_top_trump_may_be_held_back_on_a_lower_trump_lead():
    state = playing([["7S", "2C", "3C", "4C", "6C"], ["JS", "3S", "KD", "QD", "JD"], FILL[1]], "S")
    state, _ = do(state, "7S")
    # A trump is still owed (the 3♠), but it may be the J♠ or the 3♠.
    assert legal_cards(state, 1) == {"JS", "3S"}
    assert refused(state, 1, "KD") == "must play a trump: the 7♠ was led (the J♠ may be held back, but not the 3♠)"


def test_when_every_trump_held_may_be_held_back_any_card_may_be_played():
    state = playing([["7S", "2C", "3C", "4C", "6C"], ["5S", "AH", "KD", "QD", "JD"], FILL[1]], "S")
    state, _ = do(state, "7S")
    assert legal_cards(state, 1) == {"5S", "AH", "KD", "QD", "JD"}


def test_a_top_trump_is_forced_out_by_a_higher_trump_lead():
    hands = [["5S", "2C", "3C", "4C", "6C"], ["JS", "KD", "QD", "JD", "10D"], ["AH", "2H", "3H", "4H", "6H"]]
    state = playing(hands, "S")
    state, _ = do(state, "5S")
    assert legal_cards(state, 1) == {"JS"}
    assert refused(state, 1, "KD") == "must play a trump: the 5♠ was led, a higher trump, which forces out the J♠"
    state, _ = do(state, "JS")
    assert legal_cards(state, 2) == {"AH"}


def test_the_jack_led_forces_the_ace_of_hearts_but_not_the_five():
    hands = [["JS", "2C", "3C", "4C", "6C"], ["5S", "KD", "QD", "JD", "10D"], ["AH", "2H", "3H", "4H", "6H"]]
    state, _ = do(playing(hands, "S"), "JS")
    assert legal_cards(state, 1) == {"5S", "KD", "QD", "JD", "10D"}
    state, _ = do(state, "KD")
    assert legal_cards(state, 2) == {"AH"}


def test_the_ace_of_hearts_never_follows_hearts():
    # Spades trumps, hearts led: the A♥ is a trump, so a hand whose only "heart" is the A♥ cannot follow.
    hands = [["KH", "2C", "3C", "4C", "6C"], ["AH", "KD", "QD", "JD", "10D"], ["AH", "2H", "3H", "4H", "6H"]]
    hands[2] = ["2H", "AD", "3D", "4D", "5D"]
    state, _ = do(playing(hands, "S"), "KH")
    assert legal_cards(state, 1) == {"AH", "KD", "QD", "JD", "10D"}
    state, _ = do(state, "AH")
    assert legal_cards(state, 2) == {"2H"}


def test_the_ace_of_hearts_led_is_a_trump_lead():
    # Diamonds trumps: the A♥ leads trumps, so diamonds must be played, not hearts.
    hands = [["AH", "2C", "3C", "4C", "6C"], ["KH", "2D", "QS", "JS", "10S"], ["QH", "5D", "3S", "4S", "6S"]]
    state, _ = do(playing(hands, "D"), "AH")
    assert legal_cards(state, 1) == {"2D"}
    assert refused(state, 1, "KH") == "must play a trump: the A♥ was led"
    state, _ = do(state, "2D")
    assert legal_cards(state, 2) == {"QH", "5D", "3S", "4S", "6S"}  # the 5♦ may be held back from the A♥


def test_a_card_not_in_hand_is_refused():
    state = playing([["KH", "2C", "3C", "4C", "6C"], FILL[0], FILL[1]], "S")
    assert refused(state, 0, "9S") == "the 9♠ is not in your hand"
    assert refused(state, 1, "2D") == "it is not seat 1's turn"


# ----- tricks ---------------------------------------------------------
def test_the_winner_of_a_trick_leads_the_next():
    hands = [["2C", "3C", "4C", "6C", "7C"], ["KC", "KD", "QD", "JD", "10D"], FILL[1]]
    state, events = do(playing(hands, "S"), "2C", "KC", "2H")
    assert TrickWon(1, 1, ((0, parse_card("2C")), (1, parse_card("KC")), (2, parse_card("2H")))) in events
    assert GAME.to_move(state) == (1,)


# ----- bidding ----------------------------------------------------------
FOUR = [["2H", "3H", "4H", "6H", "7H"], ["2D", "3D", "4D", "6D", "7D"], ["2S", "3S", "4S", "6S", "7S"],
        ["KH", "KD", "KS", "QH", "QD"]]


def test_round_one_runs_clockwise_from_the_dealers_left_and_a_pass_is_final():
    state = start(FOUR, dealer=1)
    assert GAME.to_move(state) == (2,)
    assert legal_cards(state, 2) == {"pass", "b10", "b15", "b20", "b25", "b60"}
    state, events = do(state, "pass", "b15")
    assert events == [Passed(2), BidMade(3, 15)]
    assert GAME.to_move(state) == (0,)
    assert legal_cards(state, 0) == {"pass", "b20", "b25", "b60"}
    assert refused(state, 0, "b15") == "a bid must be higher than the bid of 15"
    assert refused(state, 0, "hold") == "only the dealer may hold"
    state, _ = do(state, "pass")
    assert GAME.to_move(state) == (1,)
    assert legal_cards(state, 1) == {"pass", "hold", "b20", "b25", "b60"}


def test_the_dealer_holds_and_duels_the_best_earlier_bidder():
    state = start(FOUR)  # dealer 3
    state, events = do(state, "b10", "b15", "pass", "hold")
    assert events[-1] == Held(3, 15)
    # The duel is between the dealer and seat 1 (the best bid before the dealer's); seat 0 is out.
    assert GAME.to_move(state) == (1,)
    assert legal_cards(state, 1) == {"pass", "b20", "b25", "b60"}
    state, _ = do(state, "b20")
    assert GAME.to_move(state) == (3,) and legal_cards(state, 3) == {"pass", "hold", "b25", "b60"}
    state, _ = do(state, "hold", "b25", "hold")
    assert GAME.to_move(state) == (1,)
    state, events = do(state, "pass")
    assert events == [Passed(1), KittyTaken(3, 25, 5)]
    assert state.bidder == 3 and state.bid == 25 and len(state.hands[3]) == 10 and state.kitty == ()


def test_the_duel_ends_when_the_dealer_passes():
    state, events = do(start(FOUR), "b10", "pass", "pass", "b15", "b20", "pass")
    assert events[-1] == KittyTaken(0, 20, 5)


def test_a_dealer_hold_of_sixty_ends_the_bidding():
    state = start(FOUR)
    state, _ = do(state, "pass", "b60")
    assert legal_cards(state, 2) == {"pass"}
    assert legal_cards(state, 3) == set()
    state, _ = do(state, "pass")
    assert legal_cards(state, 3) == {"pass", "hold"}
    state, events = do(state, "hold")
    assert events == [Held(3, 60), KittyTaken(3, 60, 5)]


def test_a_dealer_bid_of_sixty_ends_the_duel():
    state, events = do(start(FOUR), "b25", "pass", "pass", "b60")
    assert events[-1] == KittyTaken(3, 60, 5)


def test_a_dealer_bid_over_nobody_wins_at_once_and_cannot_hold():
    state, _ = do(start(FOUR), "pass", "pass", "pass")
    assert legal_cards(state, 3) == {"pass", "b10", "b15", "b20", "b25", "b60"}
    assert refused(state, 3, "hold") == "there is no bid to hold yet"
    state, events = do(state, "b10")
    assert events[-1] == KittyTaken(3, 10, 5)


def test_the_dealer_passing_leaves_the_high_bidder():
    state, events = do(start(FOUR), "pass", "b20", "pass", "pass")
    assert events[-1] == KittyTaken(1, 20, 5)


def test_all_pass_throws_the_hand_in_and_the_next_dealer_deals_anew():
    state = start(FOUR)
    state, events = do(state, "pass", "pass", "pass", "pass")
    assert events[4] == ThrownIn(1, 3)
    dealt = events[5]
    assert isinstance(dealt, HandDealt) and dealt.hand == 2 and dealt.dealer == 0
    assert dealt.packets == ((1, 2), (2, 2), (3, 2), (0, 2), (-1, 2), (1, 3), (2, 3), (3, 3), (0, 3), (-1, 3))
    assert state.dealer == 0 and GAME.to_move(state) == (1,)
    assert all(len(h) == 5 for h in state.hands) and len(state.kitty) == 5 and len(state.stock) == 27
    assert state.history[-1].bidder == -1 and state.totals == (0, 0, 0, 0)


def test_the_first_dealer_is_drawn_at_random_and_the_deal_moves_left():
    dealers = {GAME.new_game(4, {}, seed)[0].dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}


# ----- kitty, discards, trumps -------------------------------------------
def test_the_bidder_discards_five_then_names_trumps():
    state, _ = do(start(FOUR), "b10", "pass", "pass", "pass")
    legal = GAME.legal_moves(state, 0)
    assert GAME.to_move(state) == (0,) and len(legal) == 252 == len(set(legal))  # every 5 of the 10 cards, once
    assert all(len(m.cards) == 5 and set(m.cards) <= set(state.hands[0]) for m in legal)
    assert refused(state, 0, "tS") == ("tS cannot be made now: discard 5 more cards first "
                                       "(x2H,7D,10C,QC,KS lays those five away)")
    assert refused(state, 0, "x2H,KS") == "the K♠ is not in your hand"
    assert refused(state, 0, "x2H,3H,4H,6H").startswith("discard exactly 5 different cards at once")
    assert GAME.is_legal(state, 0, GAME.parse_move("x8C,2H,3H,4H,6H"))
    state, events = do(state, "x8C,2H,3H,4H,6H")
    assert events == [Discarded(0, 5)] and state.discards == tuple(sorted(parse_card(c) for c in "2H 3H 4H 6H 8C".split()))
    assert state.phase == "trump" and legal_cards(state, 0) == {"tH", "tD", "tC", "tS"}
    assert refused(state, 0, "7H") == "7H cannot be made now: name trumps (tH, tD, tC or tS)"
    state, events = do(state, "tC")
    assert events == [TrumpNamed(0, 2)]
    # The dealer's left leads the first trick.
    assert GAME.to_move(state) == (0,) and len(state.hands[0]) == 5 and len(state.discards) == 5


# ----- scoring ----------------------------------------------------------
STRONG = ["5S", "JS", "AH", "AS", "KS"]
WEAK = ["2H", "3H", "4H", "6H", "7H"]


def play_tricks(state, *cards):
    return do(state, *cards)


def scored(events):
    [hand] = [e for e in events if isinstance(e, HandScored)]
    return hand


def test_all_tricks_without_bidding_sixty_score_only_thirty():
    state = playing([STRONG, WEAK], "S", bid=10)
    state, events = play_tricks(state, "5S", "2H", "JS", "3H", "AH", "4H", "AS", "6H", "KS", "7H")
    assert BestTrump(0, parse_card("5S")) in events
    assert scored(events).settlement == (30, 0) and scored(events).made


def test_sixty_made_scores_sixty():
    state = playing([STRONG, WEAK], "S", bid=60)
    state, events = play_tricks(state, "5S", "2H", "JS", "3H", "AH", "4H", "AS", "6H", "KS", "7H")
    assert scored(events).settlement == (60, 0)


@pytest.mark.parametrize("bid", [10, 60])
def test_a_failed_bid_loses_the_bid_and_the_others_score(bid):
    state = playing([WEAK, STRONG], "S", bid=bid)
    state, events = play_tricks(state, "2H", "5S", "JS", "3H", "AH", "4H", "AS", "6H", "KS", "7H")
    hand = scored(events)
    assert hand.points == (0, 30) and hand.settlement == (-bid, 30) and not hand.made
    assert GAME.scores(state) == (-bid, 30)


# Seat 0 wins tricks 1, 2 with the 5♠ and J♠ (best trump); seat 1 wins three heart tricks: 15 points each.
SPLIT = [["5S", "JS", "2H", "3H", "4H"], ["AH", "KS", "6H", "7H", "8H"]]
SPLIT_PLAY = ("5S", "KS", "JS", "AH", "2H", "6H", "7H", "3H", "8H", "4H")


@pytest.mark.parametrize("bid, settlement", [(15, (15, 15)), (20, (-20, 15)), (25, (-25, 15))])
def test_the_bidder_scores_only_on_reaching_the_bid(bid, settlement):
    state = playing(SPLIT, "S", bid=bid)
    state, events = play_tricks(state, *SPLIT_PLAY)
    assert scored(events).points == (15, 15)
    assert scored(events).settlement == settlement


def test_a_sixty_bid_that_misses_a_trick_loses_sixty_whatever_it_won():
    state = playing(SPLIT, "S", bid=60)
    state, events = play_tricks(state, *SPLIT_PLAY)
    assert scored(events).settlement == (-60, 15)


def test_without_any_trump_played_there_is_no_best_trump_bonus():
    # Decision: nobody played a trump, so only the 25 trick points are out.
    hands = [["KH", "QH", "JH", "10H", "9H"], ["2H", "3H", "4H", "6H", "7H"]]
    state = playing(hands, "S", bid=10)
    state, events = play_tricks(state, "KH", "2H", "QH", "3H", "JH", "4H", "10H", "6H", "9H", "7H")
    assert not any(isinstance(e, BestTrump) for e in events)
    assert scored(events).points == (25, 0) and scored(events).settlement == (25, 0)


def test_a_new_hand_is_dealt_by_the_next_dealer_after_scoring():
    state = playing([STRONG, WEAK], "S", bid=10)
    state, events = play_tricks(state, "5S", "2H", "JS", "3H", "AH", "4H", "AS", "6H", "KS", "7H")
    assert isinstance(events[-1], HandDealt) and state.dealer == 0 and state.hand == 2
    assert state.phase == "bid" and GAME.to_move(state) == (1,)


# ----- the race to the target --------------------------------------------
RACE = [["2H", "3H", "4H", "6H", "7H"], ["KH", "8D", "9D", "10D", "QD"], ["5S", "JS", "AS", "KS", "2D"]]
RACE_PLAY = ("2H", "KH", "2D", "8D", "5S", "3H", "JS", "4H", "9D", "AS", "6H", "10D", "KS", "7H", "QD")


def test_when_two_players_cross_the_target_the_first_to_reach_it_wins():
    state = playing(RACE, "S", totals=(0, 50, 50))
    state, events = play_tricks(state, *RACE_PLAY)
    # Seat 1 reaches 55 with the first trick; seat 2 ends higher (75) but later.
    assert GAME.scores(state) == (-10, 55, 75)
    assert events[-1] == GameWon(1, (1,), (-10, 55, 75))
    assert GAME.is_over(state) and GAME.winners(state) == (1,)
    assert GAME.to_move(state) == () and GAME.legal_moves(state, 1) == ()


RACE2 = [["5S", "KH", "2C", "3C", "4C"], ["KD", "QD", "JD", "KC", "9D"], ["2H", "3H", "4H", "6H", "7H"]]
RACE2_PLAY = ("KH", "9D", "2H", "2C", "KC", "3H", "KD", "4H", "5S", "3C", "JD", "6H", "4C", "QD", "7H")


def test_the_bidders_points_count_only_from_the_trick_that_reaches_the_bid():
    # The bidder (45, bid 10) has 5 after trick 1 but it counts only at trick 3;
    # seat 1 (50) reaches 55 at trick 2 and wins, though the bidder ends at 70.
    state = playing(RACE2, "S", bid=10, totals=(45, 50, 0))
    state, events = play_tricks(state, *RACE2_PLAY)
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [0, 1, 0, 0, 0]
    assert GAME.scores(state) == (70, 55, 0) and GAME.winners(state) == (1,)


def test_a_failing_bidder_never_wins_the_race():
    state = playing(RACE2, "S", bid=60, totals=(50, 0, 0))
    state, events = play_tricks(state, *RACE2_PLAY)
    assert scored(events).settlement == (-60, 5, 0)
    assert not GAME.is_over(state) and GAME.scores(state) == (-10, 5, 0)


def test_the_best_trump_bonus_counts_last_in_the_race():
    # The bidder (40, bid 15) reaches its bid only with the best-trump bonus at the end of the
    # hand; seat 1 (40) reaches 55 with the fifth trick, before that.
    state = playing(SPLIT, "S", bid=15, totals=(40, 40))
    state, events = play_tricks(state, *SPLIT_PLAY)
    assert GAME.scores(state) == (55, 55) and GAME.winners(state) == (1,)


def test_the_target_option_sets_the_race():
    state = playing(RACE, "S", totals=(0, 50, 50), target=110)
    state, _ = play_tricks(state, *RACE_PLAY)
    assert not GAME.is_over(state)


# ----- teams --------------------------------------------------------------
TEAM_HANDS = [WEAK, ["2D", "3D", "4D", "6D", "7D"], ["5S", "JS", "AS", "KS", "QS"], ["2C", "3C", "4C", "6C", "7C"]]


def test_the_bidders_team_counts_together_and_partners_share_the_score():
    state = playing(TEAM_HANDS, "S", bid=25, kitty=["8H", "9H", "10H", "JH", "KH"], teams=2)
    state, events = play_tricks(state, "2H", "2D", "5S", "2C", *("JS", "3C", "3H", "3D"),
                                *("AS", "4C", "4H", "4D"), *("KS", "6C", "6H", "6D"), *("QS", "7C", "7H", "7D"))
    # Seat 2 won every trick for the bidder's team (seats 0 and 2).
    assert scored(events).points == (30, 0) and scored(events).settlement == (30, 0)
    assert GAME.scores(state) == (30, 0, 30, 0)


def test_a_team_wins_together():
    state = playing(TEAM_HANDS, "S", bid=25, kitty=["8H", "9H", "10H", "JH", "KH"], teams=2, totals=(30, 50))
    state, events = play_tricks(state, "2H", "2D", "5S", "2C", *("JS", "3C", "3H", "3D"),
                                *("AS", "4C", "4H", "4D"), *("KS", "6C", "6H", "6D"), *("QS", "7C", "7H", "7D"))
    assert events[-1] == GameWon(0, (0, 2), (60, 50))
    assert GAME.winners(state) == (0, 2) and GAME.scores(state) == (60, 50, 60, 50)


def test_team_seatings_follow_the_rules():
    assert GAME.resolve_options(9, {"teams": "3"})["teams"] == 3
    for players, teams in ((4, 2), (6, 2), (6, 3), (8, 4), (9, 3)):
        GAME.resolve_options(players, {"teams": teams})
    state = GAME.new_game(6, {"teams": 3}, seed=2)[0]
    assert [GAME.side(state, s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    for players, teams in ((5, 2), (4, 3), (8, 2), (2, 2), (9, 2)):
        with pytest.raises(OptionError) as info:
            GAME.resolve_options(players, {"teams": teams})
        assert "\n" not in str(info.value) and f"{players} players cannot play as {teams} teams" in str(info.value)


@pytest.mark.parametrize("options, message", [
    ({"target": 60}, "option target: 60 is not one of 55, 110, 165, 220, 275, 330, 385, 440, 495, 550"),
    ({"target": 605}, "option target: 605 is not one of 55, 110, 165"),
    ({"teams": 0}, "option teams: 0 is below 1"),
    ({"teams": "two"}, "option teams: expected a whole number, got 'two'"),
])
def test_bad_options_are_refused_in_one_line(options, message):
    with pytest.raises(OptionError, match=message):
        GAME.resolve_options(4, options)


def test_player_counts_are_two_to_nine():
    for players in (1, 10):
        with pytest.raises(OptionError):
            GAME.new_game(players, {}, 1)[0]


# ----- setup and notation -------------------------------------------------
@pytest.mark.parametrize("setup, message", [
    ({"hands": [], "kitty": []}, "exactly the keys 'dealer', 'hands' and 'kitty'"),
    ({"dealer": 2, "hands": [WEAK, STRONG], "kitty": KITTY}, "setup dealer must be a seat from 0 to 1"),
    ({"dealer": 0, "hands": [WEAK], "kitty": KITTY}, "setup hands must list 2 hands"),
    ({"dealer": 0, "hands": [WEAK, STRONG[:4]], "kitty": KITTY}, "setup hand 1 must be a list of 5 cards"),
    ({"dealer": 0, "hands": [WEAK, STRONG], "kitty": ["8C", "9C", "10C", "JC", "1C"]},
     "setup kitty: '1C' is not a card"),
    ({"dealer": 0, "hands": [WEAK, WEAK], "kitty": KITTY}, "setup uses the 2H twice"),
])
def test_bad_setups_are_refused_in_one_line(setup, message):
    with pytest.raises(SetupError, match=message):
        GAME.new_game(2, {}, 1, setup)[0]


def test_every_move_notation_round_trips():
    for text in ("pass", "hold", "b10", "b60", "x7C", "x10D", "x2H,7D,10C,QC,KS", "tH", "tS", "5H", "AH", "10D", "KC"):
        assert GAME.parse_move(text).text() == text
    assert GAME.parse_move("xks, 2h,10C").text() == "x2H,10C,KS"  # one set of cards is one move, in deck order
    assert GAME.parse_move("p5H") == GAME.parse_move("5h") == GAME.parse_move("5H")
    assert GAME.parse_move("PASS").text() == "pass"


@pytest.mark.parametrize("text", ["", "b12", "b015", "x", "xZZ", "x7C,7C", "x7C,", "x,7C", "x7C;8H", "t", "tX", "11H",
                                  "bid", "p"])
def test_unreadable_moves_get_one_helpful_line(text):
    with pytest.raises(MoveParseError, match="is not a Fifty-Five move"):
        GAME.parse_move(text)


def test_any_multiple_of_55_up_to_550_is_a_target():
    # The seed: "55, 110 or 220 points or more".
    assert GAME.resolve_options(4, {"target": 330})["target"] == 330
    assert GAME.resolve_options(4, {"target": "550"})["target"] == 550


# ----- records of the first format ----------------------------------------
def _first_format(record) -> str:
    """``record`` as version 1 wrote it: each discard as one move per card."""
    data = json.loads(record.to_json())
    data["version"] = 1
    moves: list = []
    for seat, text in data["moves"]:
        moves += [[seat, "x" + card] for card in text[1:].split(",")] if text.startswith("x") else [[seat, text]]
    data["moves"] = moves
    return json.dumps(data)


def test_a_record_of_the_first_format_reads_and_replays_to_the_same_state():
    """Version 1 laid a discard away one card per move: such a record is read with each run of five as one move,
    and ends in the same state, hand after hand."""
    record = play_out(GAME, Record("fiftyfive", 3, GAME.resolve_options(3, {}), tuple(Seat(f"S{s}") for s in range(3)),
                                   4), {s: make_agent("medium", GAME, s, 4) for s in range(3)}).record
    old = _first_format(record)
    assert sum(text.startswith("x") for _, text in json.loads(old)["moves"]) >= 10  # two hands' discards at least
    read = parse_record(old, {"fiftyfive": GAME})
    assert read.moves == record.moves
    assert replay(read, {"fiftyfive": GAME}).state == replay(record, {"fiftyfive": GAME}).state


def test_a_record_of_the_first_format_saved_mid_discard_goes_back_to_the_choice():
    state, _ = do(start(FOUR), "b10", "pass", "pass", "pass")
    record = Record("fiftyfive", 4, GAME.resolve_options(4, {}), tuple(Seat(f"S{s}") for s in range(4)), 1,
                    ((0, "b10"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "x2H"), (0, "x3H")),
                    setup={"dealer": 3, "hands": FOUR, "kitty": KITTY})
    data = json.loads(record.to_json())
    data["version"] = 1
    read = parse_record(json.dumps(data), {"fiftyfive": GAME})
    assert read.moves == record.moves[:4]
    assert replay(read, {"fiftyfive": GAME}).state == state


@pytest.mark.parametrize("stray, index", [
    (((0, "x2H"), (1, "pass")), 4),  # a discard broken off by another move
    (((0, "x2H"), (1, "x3H")), 5),  # a discard laid away by a seat that is not the bidder laying away
])
def test_a_record_of_the_first_format_with_a_stray_discard_entry_is_refused_naming_it(stray, index):
    record = Record("fiftyfive", 4, GAME.resolve_options(4, {}), tuple(Seat(f"S{s}") for s in range(4)), 1,
                    ((0, "b10"), (1, "pass"), (2, "pass"), (3, "pass")) + stray,
                    setup={"dealer": 3, "hands": FOUR, "kitty": KITTY})
    data = json.loads(record.to_json())
    data["version"] = 1
    with pytest.raises(RecordError) as caught:
        parse_record(json.dumps(data), {"fiftyfive": GAME})
    seat, text = record.moves[index]
    assert f"move {index} ({seat}: {quoted(text)})" in str(caught.value) and "\n" not in str(caught.value)
