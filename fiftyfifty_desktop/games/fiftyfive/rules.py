"""Fifty-Five (55): the rules of ``docs/rules/fiftyfive.md``.

A hand runs through phases: ``bid`` (round one, then the dealer's duel),
``discard`` (the bidder, holding 10 cards with the kitty, lays 5 away in one
move: the player decides them as one act, so no front end depends on being
offered the rest after the first), ``trump`` (the bidder names the suit),
``play`` (5 tricks) and, at the end of the game, ``over``.

Scores are kept per side: a side is one seat, or with the ``teams`` option
one team (team k holds seats k, k+T, k+2T, ...). Every seat's score is its
side's total.

**Decision** (the rules file's "30 points are out each hand" assumes a trump
is played): in a hand where no trump is played at all, nobody played "the
highest trump of the hand", so there is no best-trump bonus and only the
25 trick points are out.
"""


from __future__ import annotations

import random
from itertools import combinations
from typing import Any, Mapping, NamedTuple

from ...engine import evolve, Event, Game, Move, MoveParseError, Option, OptionError, Preset, Reason, Rng, SetupError
from ...engine.errors import brief, quoted
from ...engine.rng import shuffle_with
from ...engine.viewcheck import NUMBER_BOUND, ViewCheck, ViewError, check_event
from .cards import (
    DECK, SUIT_NAMES, SUITS, TOP_TRUMPS, TRUMP_POWER, follow_suit, is_trump, parse_card, show, text,
    trick_winner,
)
from .parts import (
    _BID, _BID_NOTATION, _CALLS, _HOLD, _PASS, _PLAY, _TRUMP, ALL_TRICKS_BID, BEST_TRUMP_POINTS, BIDDING, BIDS,
    DISCARDING, HAND_SIZE, KITTY, KITTY_SIZE, NAMING, OVER, PACKETS, PLAYING, TARGETS, TEAM_SEATINGS, TRICK_POINTS, TRICKS,
    BestTrump, Bid, BidMade, CardPlayed, Discard, Discarded, FiftyFiveMove, FiftyFiveState, FiftyFiveView, GameWon,
    HandDealt, HandResult, HandScored, Held, Hold, KittyTaken, NameTrump, Pass, Passed, Play, ThrownIn, TrickWon,
    TrumpNamed, discards_due, side_of, side_seats,
)
from .tricks import _match, best_trump_after, hand_credits, race, shown_voids


def playable(hand: tuple[int, ...], trick: tuple[tuple[int, int], ...], trump: int) -> tuple[int, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (rules file, "Play")."""
    if not trick:
        return hand
    led = trick[0][1]
    led_suit = follow_suit(led, trump)
    if led_suit == trump:
        power = TRUMP_POWER[trump]
        trumps = tuple(c for c in hand if is_trump(c, trump))
        if any(c not in TOP_TRUMPS[trump] or power[c] < power[led] for c in trumps):
            return trumps
        return hand  # no trumps, or every one may be held back
    if any(follow_suit(c, trump) == led_suit for c in hand):
        return tuple(c for c in hand if follow_suit(c, trump) in (led_suit, trump))
    return hand


def legal_calls(bid: int, dealer: bool) -> tuple[FiftyFiveMove, ...]:
    """The calls a seat may make when the high bid is ``bid`` (0: none yet): pass, a higher bid, and for the
    ``dealer`` a hold of the bid (rules file, "Bidding")."""
    calls: list[FiftyFiveMove] = [_PASS]
    if dealer and bid:
        calls.append(_HOLD)
    calls.extend(_BID[b] for b in BIDS if b > bid)
    return tuple(calls)


class Bidding(NamedTuple):
    """Where a hand's bidding stands: who speaks next, the dealer's opponent once the duel starts (else -1), the
    high bid and the high bidder (0 and -1: none yet), and whether it is over (the high bidder then takes the
    kitty; with none, the hand is thrown in)."""

    speaker: int
    duel: int
    bid: int
    bidder: int
    over: bool = False


def after_call(bidding: Bidding, seat: int, call: Move, players: int, dealer: int) -> Bidding:
    """The bidding once ``seat`` has made ``call``: round one clockwise to the dealer, then the dealer's duel (rules
    file, "Bidding"). A call that ends the bidding leaves the speaker and the duel as they were."""
    if isinstance(call, Pass):
        if bidding.duel >= 0 or seat == dealer:  # the duel or round one ends: the high bidder, if any, stands
            return bidding._replace(over=True)
        return bidding._replace(speaker=(seat + 1) % players)
    if isinstance(call, Hold):
        amount = bidding.bid
    else:
        assert isinstance(call, Bid)
        amount = call.amount
    if seat != dealer:  # round one before the dealer, or the dealer's opponent raising in the duel
        speaker = dealer if bidding.duel >= 0 else (seat + 1) % players
        return bidding._replace(speaker=speaker, bid=amount, bidder=seat)
    opponent = bidding.duel if bidding.duel >= 0 else bidding.bidder
    if opponent < 0 or amount == ALL_TRICKS_BID:
        return bidding._replace(bid=amount, bidder=seat, over=True)
    return Bidding(opponent, opponent, amount, seat)


def _cards_text(cards: list[int]) -> str:
    names = [show(c) for c in cards]
    return "the " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])


def _unplayable_reason(hand: tuple[int, ...], trick: tuple[tuple[int, int], ...], trump: int) -> Reason:
    """Why a card of ``hand`` outside ``playable`` may not go on ``trick``."""
    led = trick[0][1]
    power = TRUMP_POWER[trump]
    if power[led]:
        trumps = [c for c in hand if power[c]]
        held = [c for c in trumps if c in TOP_TRUMPS[trump] and power[c] > power[led]]
        forced_tops = [c for c in trumps if c in TOP_TRUMPS[trump] and power[c] < power[led]]
        english = f"must play a trump: the {show(led)} was led"
        if held:
            others = [c for c in trumps if c not in held]
            return Reason("must_trump_held_back",
                          {"led": text(led), "held_back": tuple(map(text, held)), "others": tuple(map(text, others))},
                          english + f" ({_cards_text(held)} may be held back, but not {_cards_text(others)})")
        if forced_tops:
            return Reason("must_trump_forced", {"led": text(led), "forced": tuple(map(text, forced_tops))},
                          english + f", a higher trump, which forces out {_cards_text(forced_tops)}")
        return Reason("must_trump", {"led": text(led)}, english)
    return Reason("must_follow", {"led": text(led)},
                  f"must follow {SUIT_NAMES[led // 13]} or play a trump: the {show(led)} was led")


def _card_list(written: str) -> tuple[int, ...] | None:
    """Cards joined by commas (``2H,7D,10C``), each once; None when that is not what ``written`` is."""
    cards = tuple(parse_card(part) for part in written.split(","))
    if not cards or None in cards or len(set(cards)) != len(cards):
        return None
    return tuple(c for c in cards if c is not None)


def _packets(dealer: int, players: int) -> tuple[tuple[int, int], ...]:
    """The packets of a deal in order, as (seat, cards): 2 each, then 3, clockwise from
    the dealer's left, the kitty (seat -1) last in each round."""
    recipients = [(dealer + 1 + i) % players for i in range(players)] + [KITTY]
    return tuple((r, size) for size in PACKETS for r in recipients)


def _stray(index: int, seat: int, text: str, why: str) -> MoveParseError:
    return MoveParseError(f"move {index} ({seat}: {quoted(text)}) cannot be read: {why}")


class FiftyFive(Game[FiftyFiveState, FiftyFiveView, FiftyFiveMove]):
    id = "fiftyfive"
    name = "Fifty-Five"
    min_players = 2
    max_players = 9
    reason_codes = Game.reason_codes + (
        "nothing_above_60", "nothing_above_60_hold", "bid_too_low", "only_dealer_holds", "nothing_to_hold",
        "bidding_on", "not_in_hand", "discard_first", "discard_count", "name_trumps", "play_a_card",
        "must_trump", "must_trump_held_back", "must_trump_forced", "must_follow", "team_seating")
    options = (
        Option("target", 55, "the game ends after a hand in which a player or team reaches this", choices=TARGETS),
        Option("teams", 1, "number of teams (1: no teams); 4 players: 2, 6: 2 or 3, 8: 4, 9: 3",
               minimum=1, maximum=4, offered=lambda players: (1,) + TEAM_SEATINGS.get(players, ())),
    )
    #: The targets the rules name (55, 110 or 220), and partners for four.
    presets = (
        Preset("short", {"target": 55, "teams": 1}),
        Preset("standard", {"target": 110, "teams": 1}),
        Preset("long", {"target": 220, "teams": 1}),
        Preset("partners", {"target": 110, "teams": 2}, players=4),
    )

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        if HAND_SIZE * (players + 1) > len(DECK):
            raise OptionError(f"{self.name}: {players} hands and the kitty need more than {len(DECK)} cards")
        teams = options["teams"]
        if teams != 1 and teams not in TEAM_SEATINGS.get(players, ()):
            raise OptionError(
                f"{self.name}: {players} players cannot play as {teams} teams "
                "(teams=2 for 4 players, 2 or 3 for 6, 4 for 8, 3 for 9)",
                Reason("team_seating", {"count": players, "teams": teams, "option": "teams"}),
            )

    # ----- set-up ------------------------------------------------------
    def _new_game(self, players: int, options: dict[str, Any], seed: int,
                  setup: Mapping[str, Any] | None) -> tuple[FiftyFiveState, tuple[Event, ...]]:
        sides = options["teams"] if options["teams"] > 1 else players
        state = FiftyFiveState(
            players=players, teams=options["teams"], target=options["target"], rng=Rng(seed), hand=0, dealer=0,
            phase=BIDDING, hands=((),) * players, kitty=(), stock=(), discards=(), calls=(), speaker=0, duel=-1,
            bid=0, bidder=-1, trump=-1, leader=0, trick=(), tricks=(), trick_winners=(), best_trump=None,
            totals=(0,) * sides, history=(), winner=-1,
        )
        events: list[Event] = []
        if setup is None:
            dealer, rng = state.rng.below(players)
            return self._deal(evolve(state, rng=rng, dealer=dealer), events), tuple(events)
        dealer, hands, kitty = _read_setup(players, setup)
        used = {c for group in hands + (kitty,) for c in group}
        events.append(HandDealt(1, dealer, _packets(dealer, players), (HAND_SIZE,) * players, KITTY_SIZE))
        return self._start_bidding(evolve(state, hand=1, dealer=dealer, hands=hands, kitty=kitty,
                                          stock=tuple(c for c in DECK if c not in used))), tuple(events)

    def _deal(self, state: FiftyFiveState, events: list[Event]) -> FiftyFiveState:
        """Shuffle and deal the hand: packets of 2, then of 3, clockwise from the dealer's left, kitty last."""
        deck, rng = state.rng.shuffled(DECK)
        n = state.players
        packets = _packets(state.dealer, n)
        hands: dict[int, list[int]] = {r: [] for r, _ in packets}
        position = 0
        for r, size in packets:
            hands[r].extend(deck[position:position + size])
            position += size
        state = evolve(state, rng=rng, hand=state.hand + 1,
                       hands=tuple(tuple(sorted(hands[s])) for s in range(n)),
                       kitty=tuple(sorted(hands[KITTY])), stock=tuple(sorted(deck[position:])))
        events.append(HandDealt(state.hand, state.dealer, packets, (HAND_SIZE,) * n, KITTY_SIZE))
        return self._start_bidding(state)

    def _start_bidding(self, state: FiftyFiveState) -> FiftyFiveState:
        return evolve(state, phase=BIDDING, discards=(), calls=(), speaker=(state.dealer + 1) % state.players,
                      duel=-1, bid=0, bidder=-1, trump=-1, leader=(state.dealer + 1) % state.players, trick=(),
                      tricks=(), trick_winners=(), best_trump=None)

    # ----- play --------------------------------------------------------
    def players(self, state: FiftyFiveState) -> int:
        return state.players

    def stage(self, state: FiftyFiveState) -> tuple[str, int]:
        return "hand", max(1, state.hand)

    def side(self, state: FiftyFiveState, seat: int) -> int:
        return side_of(state, seat)

    def to_move(self, state: FiftyFiveState) -> tuple[int, ...]:
        if state.phase == BIDDING:
            return (state.speaker,)
        if state.phase in (DISCARDING, NAMING):
            return (state.bidder,)
        if state.phase == PLAYING:
            return ((state.leader + len(state.trick)) % state.players,)
        return ()

    def legal_moves(self, state: FiftyFiveState, seat: int) -> tuple[FiftyFiveMove, ...]:
        if seat not in self.to_move(state):
            return ()
        if state.phase == BIDDING:
            return legal_calls(state.bid, seat == state.dealer)
        if state.phase == DISCARDING:
            hand = state.hands[seat]  # 10 cards: C(10, 5) = 252 ways to lay 5 away, in a fixed order
            return tuple(Discard(cards) for cards in combinations(hand, len(hand) - HAND_SIZE))
        if state.phase == NAMING:
            return _TRUMP
        return tuple(_PLAY[c] for c in playable(state.hands[seat], state.trick, state.trump))

    def is_legal(self, state: FiftyFiveState, seat: int, move: FiftyFiveMove) -> bool:
        """A discard is judged without listing every set of cards that may be laid away."""
        if isinstance(move, Discard) and state.phase == DISCARDING and seat in self.to_move(state):
            hand = state.hands[seat]
            return (len(move.cards) == len(hand) - HAND_SIZE and len(set(move.cards)) == len(move.cards)
                    and set(move.cards) <= set(hand))
        return super().is_legal(state, seat, move)

    def why_illegal(self, state: FiftyFiveState, seat: int, move: FiftyFiveMove) -> Reason:
        if self.is_over(state) or seat not in self.to_move(state):
            return super().why_illegal(state, seat, move)
        if state.phase == BIDDING:
            if isinstance(move, Bid):
                if state.bid == ALL_TRICKS_BID:
                    if seat == state.dealer:
                        return Reason("nothing_above_60_hold", {}, "nothing is higher than a bid of 60: pass or hold")
                    return Reason("nothing_above_60", {}, "nothing is higher than a bid of 60: pass")
                return Reason("bid_too_low", {"bid": state.bid}, f"a bid must be higher than the bid of {state.bid}")
            if isinstance(move, Hold):
                if seat != state.dealer:
                    return Reason("only_dealer_holds", {}, "only the dealer may hold")
                return Reason("nothing_to_hold", {}, "there is no bid to hold yet")
            return Reason("bidding_on", {},
                          f"{move} cannot be made now: the bidding is on (pass, or bid b10, b15, b20, b25 or b60)")
        hand = state.hands[seat]
        if state.phase == DISCARDING:
            left = discards_due(self.view(state, seat))
            if isinstance(move, Discard):
                missing = next((c for c in move.cards if c not in hand), None)
                if missing is not None:
                    return Reason("not_in_hand", {"card": text(missing)}, f"the {show(missing)} is not in your hand")
                return Reason("discard_count", {"count": left},
                              f"discard exactly {left} different cards at once (x2H,7D,10C,QC,KS lays those five away)")
            return Reason("discard_first", {"count": left},
                          f"{move} cannot be made now: discard {left} more card{'s' if left > 1 else ''} first "
                          "(x2H,7D,10C,QC,KS lays those five away)")
        if state.phase == NAMING:
            return Reason("name_trumps", {}, f"{move} cannot be made now: name trumps (tH, tD, tC or tS)")
        if isinstance(move, Play):
            if move.card not in hand:
                return Reason("not_in_hand", {"card": text(move.card)}, f"the {show(move.card)} is not in your hand")
            return _unplayable_reason(hand, state.trick, state.trump)
        return Reason("play_a_card", {}, f"{move} cannot be made now: play a card from your hand")

    def _apply(self, state: FiftyFiveState, seat: int, move: FiftyFiveMove) -> tuple[FiftyFiveState, tuple[Event, ...]]:
        events: list[Event] = []
        if state.phase == BIDDING:
            state = self._call(state, seat, move, events)
        elif isinstance(move, Discard):
            laid = set(move.cards)
            hand = tuple(c for c in state.hands[seat] if c not in laid)
            discards = tuple(sorted(state.discards + move.cards))
            events.append(Discarded(seat, len(discards)))
            state = evolve(state, hands=_replace(state.hands, seat, hand), discards=discards, phase=NAMING)
        elif isinstance(move, NameTrump):
            events.append(TrumpNamed(seat, move.suit))
            state = evolve(state, trump=move.suit, phase=PLAYING)
        else:
            assert isinstance(move, Play)
            state = self._play(state, seat, move.card, events)
        return state, tuple(events)

    def _call(self, state: FiftyFiveState, seat: int, move: FiftyFiveMove, events: list[Event]) -> FiftyFiveState:
        """One call of the bidding (``after_call``); once the bidding is over the high bidder takes the kitty, or
        with none the hand is thrown in."""
        if isinstance(move, Pass):
            events.append(Passed(seat))
        elif isinstance(move, Hold):
            events.append(Held(seat, state.bid))
        else:
            assert isinstance(move, Bid)
            events.append(BidMade(seat, move.amount))
        bidding = after_call(Bidding(state.speaker, state.duel, state.bid, state.bidder), seat, move, state.players,
                             state.dealer)
        state = evolve(state, calls=state.calls + ((seat, move.text()),), speaker=bidding.speaker, duel=bidding.duel,
                       bid=bidding.bid, bidder=bidding.bidder)
        if not bidding.over:
            return state
        if bidding.bidder < 0:
            events.append(ThrownIn(state.hand, state.dealer))
            return self._throw_in(state, events)
        return self._win_bidding(state, events)

    def _win_bidding(self, state: FiftyFiveState, events: list[Event]) -> FiftyFiveState:
        bidder = state.bidder
        events.append(KittyTaken(bidder, state.bid, len(state.kitty)))
        hand = tuple(sorted(state.hands[bidder] + state.kitty))
        return evolve(state, hands=_replace(state.hands, bidder, hand), kitty=(), phase=DISCARDING)

    def _throw_in(self, state: FiftyFiveState, events: list[Event]) -> FiftyFiveState:
        sides = len(state.totals)
        result = HandResult(state.hand, state.dealer, -1, 0, -1, False, (0,) * sides, (0,) * sides, None)
        state = evolve(state, history=state.history + (result,), dealer=(state.dealer + 1) % state.players)
        return self._deal(state, events)

    def _play(self, state: FiftyFiveState, seat: int, card: int, events: list[Event]) -> FiftyFiveState:
        events.append(CardPlayed(seat, card))
        hands = _replace(state.hands, seat, tuple(c for c in state.hands[seat] if c != card))
        trick = state.trick + ((seat, card),)
        best = best_trump_after(state.best_trump, seat, card, state.trump)
        state = evolve(state, hands=hands, trick=trick, best_trump=best)
        if len(trick) < state.players:
            return state
        winner = trick[trick_winner(tuple(c for _, c in trick), state.trump)][0]
        events.append(TrickWon(winner, len(state.tricks) + 1, trick))
        state = evolve(state, trick=(), tricks=state.tricks + (trick,), trick_winners=state.trick_winners + (winner,),
                       leader=winner)
        if len(state.tricks) < TRICKS:
            return state
        return self._score_hand(state, events)

    def _score_hand(self, state: FiftyFiveState, events: list[Event]) -> FiftyFiveState:
        """Settle the hand and run the race to the target in the order points arise."""
        if state.best_trump is not None:
            events.append(BestTrump(*state.best_trump))
        credits = hand_credits(state)
        sides = len(state.totals)
        bidder_side = self.side(state, state.bidder)
        points = [0] * sides
        for seat in state.trick_winners:
            points[self.side(state, seat)] += TRICK_POINTS
        if state.best_trump is not None:
            points[self.side(state, state.best_trump[0])] += BEST_TRUMP_POINTS
        running, reached = race(state.totals, credits, state.target)
        settlement = [after - before for after, before in zip(running, state.totals)]
        winner = reached[0] if reached else -1
        made = settlement[bidder_side] > 0
        totals = tuple(running)
        result = HandResult(state.hand, state.dealer, state.bidder, state.bid, state.trump, made, tuple(points),
                            tuple(settlement), state.best_trump)
        events.append(HandScored(state.hand, state.bidder, state.bid, made, tuple(points), tuple(settlement), totals))
        state = evolve(state, totals=totals, history=state.history + (result,))
        if winner >= 0:
            events.append(GameWon(winner, side_seats(state, winner), totals))
            return evolve(state, phase=OVER, winner=winner)
        return self._deal(evolve(state, dealer=(state.dealer + 1) % state.players), events)

    def parse_move(self, move_text: str) -> FiftyFiveMove:
        raw = move_text.strip()
        lower = raw.lower()
        if lower == "pass":
            return _PASS
        if lower == "hold":
            return _HOLD
        if (bid := _BID_NOTATION.fullmatch(lower)) and int(bid[1]) in _BID:
            return _BID[int(bid[1])]
        if lower[:1] == "t" and len(raw) == 2 and raw[1].upper() in SUITS:
            return _TRUMP[SUITS.index(raw[1].upper())]
        if lower[:1] == "x" and (cards := _card_list(raw[1:])) is not None:
            return Discard(cards)
        if (c := parse_card(raw[1:] if lower[:1] == "p" else raw)) is not None:
            return _PLAY[c]
        raise MoveParseError(
            f"{quoted(move_text)} is not a Fifty-Five move (write pass, hold, b15 to bid 15, x2H,7D,10C,QC,KS to "
            "discard those five, "
            "tH to name hearts trumps, 10D to play the 10♦)"
        )

    def upgrade_moves(self, moves: tuple[tuple[int, str], ...], version: int) -> tuple[tuple[int, str], ...]:
        """Records before version 2 laid a discard away one card per move (``x7C`` five times): each bidder's run
        of them is one discard now. A run the record stops in the middle of is left out: the bidder chooses the
        discard again, from the same ten cards. A run broken off by another move, or joined by another seat, is
        no discard any version wrote: a ``MoveParseError`` naming the entry."""
        if version >= 2:
            return moves
        upgraded: list[tuple[int, str]] = []
        run: list[tuple[int, int, str]] = []  # (index, seat, text) of the discard being laid away
        for index, (seat, move_text) in enumerate(moves):
            written = move_text.strip()
            if not written.lower().startswith("x"):
                if run:
                    raise _stray(*run[0], f"its discard is broken off by move {index}")
                upgraded.append((seat, move_text))
                continue
            if run and run[0][1] != seat:
                raise _stray(index, seat, move_text, f"seat {run[0][1]} is laying its discard away then")
            run.append((index, seat, move_text))
            if len(run) == KITTY_SIZE:
                upgraded.append((seat, "x" + ",".join(text.strip()[1:] for _, _, text in run)))
                run = []
        return tuple(upgraded)

    def move_audience(self, state: FiftyFiveState, seat: int, move: Move) -> tuple[int, ...] | None:
        """The bidder's discards go face down."""
        return (seat,) if isinstance(move, Discard) else None

    # ----- information -------------------------------------------------
    def view(self, state: FiftyFiveState, seat: int | None) -> FiftyFiveView:
        return FiftyFiveView(
            seat=seat, players=state.players, teams=state.teams, target=state.target, hand=state.hand,
            dealer=state.dealer, phase=state.phase, cards=() if seat is None else state.hands[seat],
            own_discards=state.discards if seat is not None and seat == state.bidder else (),
            hand_sizes=tuple(len(h) for h in state.hands), kitty_size=len(state.kitty),
            discard_count=len(state.discards), calls=state.calls, speaker=state.speaker, duel=state.duel,
            bid=state.bid, bidder=state.bidder, trump=state.trump, leader=state.leader, trick=state.trick,
            tricks=state.tricks, trick_winners=state.trick_winners, best_trump=state.best_trump,
            totals=state.totals, history=state.history, winner=state.winner,
        )

    def deck(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        return DECK

    fixed_view_fields = ("seat", "players", "teams", "target")

    def check_view(self, view: FiftyFiveView, players: int, options: Mapping[str, Any]) -> None:
        check = ViewCheck(view, players, DECK)
        seat = check.seat("seat", none=True)
        check.equal("players", players), check.equal("teams", options["teams"])
        check.equal("target", options["target"])
        sides = options["teams"] if options["teams"] > 1 else players
        check.number("hand", 1, NUMBER_BOUND), check.seat("dealer")
        check.one_of("phase", (BIDDING, DISCARDING, NAMING, PLAYING, OVER))
        sizes = check.per_seat("hand_sizes", 0, HAND_SIZE + KITTY_SIZE)
        check.cards("cards", most=HAND_SIZE + KITTY_SIZE), check.cards("own_discards", most=KITTY_SIZE)
        if seat is not None and len(view.cards) != sizes[seat]:
            raise check.fail("cards", "are not as many as hand_sizes says")
        check.number("kitty_size", 0, KITTY_SIZE)
        check.number("discard_count", len(view.own_discards), KITTY_SIZE)
        check.most("calls", view.calls, 4 * players)
        check.seats_in("calls", tuple(s for s, _ in view.calls), distinct=False)
        if any(call not in _CALLS for _, call in view.calls):
            raise check.fail("calls", "holds a call no player can make")
        check.seat("speaker"), check.seat("duel", also=(-1,)), check.seat("bidder", also=(-1,))
        check.one_of("bid", (0, *BIDS)), check.number("trump", -1, 3), check.seat("leader")
        check.seat_cards("trick", most=players)
        check.most("tricks", view.tricks, TRICKS)
        for trick in view.tricks:
            check.seat_cards("tricks", most=players, values=trick)
        check.seats_in("trick_winners", view.trick_winners, distinct=False)
        check.length("trick_winners", view.trick_winners, len(view.tricks))
        if view.best_trump is not None:
            check.seat_cards("best_trump", most=1, counted=False, values=(view.best_trump,))
        check.per_seat("totals", -NUMBER_BOUND, NUMBER_BOUND, length=sides)
        check.length("history", view.history, view.hand - (view.phase != OVER))  # the hands finished
        for number, result in enumerate(view.history, 1):  # a hand thrown in has no bidder (-1)
            if result.hand != number:
                raise check.fail("history", f"tells of hand {brief(result.hand)} in place of hand {number}")
            try:
                check_event(result, players, DECK, self.seat_fields, self.card_fields)
            except ViewError as exc:
                raise check.fail("history", str(exc)) from None
            check.seats_in("history", tuple(s for s in (result.bidder,) if s != -1))
            check.length("history", result.points, sides), check.length("history", result.settlement, sides)
        check.number("winner", -1, sides - 1)
        hidden = sum(sizes) - len(view.cards) + view.kitty_size + view.discard_count - len(view.own_discards)
        check.room("hand_sizes", hidden)

    def determinize(self, view: FiftyFiveView, source: random.Random) -> FiftyFiveState:
        """Deal every card the seat has not seen at random to the other hands, the kitty, the discards and
        the stock, keeping the voids the play has shown (``shown_voids``)."""
        played = {c for trick in view.tricks + (view.trick,) for _, c in trick}
        seen = set(view.cards) | set(view.own_discards) | played
        unseen = shuffle_with(source, [c for c in DECK if c not in seen])
        voids = shown_voids(view.tricks + (view.trick,), view.trump, view.players)
        slots = [s for s, size in enumerate(view.hand_sizes) if s != view.seat for _ in range(size)]
        matched = _match(slots, unseen, voids)
        hand_lists: list[list[int]] = [[] for _ in range(view.players)]
        for slot, c in matched.items():
            hand_lists[slots[slot]].append(c)
        dealt = set(matched.values())
        rest = [c for c in unseen if c not in dealt]
        hands = tuple(view.cards if s == view.seat else tuple(sorted(h)) for s, h in enumerate(hand_lists))
        kitty, rest = tuple(sorted(rest[:view.kitty_size])), rest[view.kitty_size:]
        if view.seat == view.bidder:
            discards = view.own_discards
        else:
            discards, rest = tuple(sorted(rest[:view.discard_count])), rest[view.discard_count:]
        return FiftyFiveState(
            players=view.players, teams=view.teams, target=view.target, rng=Rng(source.getrandbits(48)),
            hand=view.hand, dealer=view.dealer, phase=view.phase, hands=hands, kitty=kitty,
            stock=tuple(sorted(rest)), discards=discards, calls=view.calls, speaker=view.speaker, duel=view.duel,
            bid=view.bid, bidder=view.bidder, trump=view.trump, leader=view.leader, trick=view.trick,
            tricks=view.tricks, trick_winners=view.trick_winners, best_trump=view.best_trump, totals=view.totals,
            history=view.history, winner=view.winner,
        )

    def scores(self, state: FiftyFiveState) -> tuple[int, ...]:
        """Each seat's total after the finished hands (with teams, its team's total)."""
        return tuple(state.totals[self.side(state, s)] for s in range(state.players))

    def is_over(self, state: FiftyFiveState) -> bool:
        return state.phase == OVER

    def winners(self, state: FiftyFiveState) -> tuple[int, ...]:
        """The seats of the side that reached the target first (not simply the highest total)."""
        if state.phase != OVER:
            return ()
        return side_seats(state, state.winner)


def _replace(hands: tuple[tuple[int, ...], ...], seat: int, hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return hands[:seat] + (hand,) + hands[seat + 1:]


def _read_setup(players: int, setup: Mapping[str, Any]) -> tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Check an explicit first deal: ``{"dealer": n, "hands": [[...] per seat], "kitty": [...]}``."""
    if not isinstance(setup, Mapping) or set(setup) != {"dealer", "hands", "kitty"}:
        raise SetupError("a Fifty-Five setup has exactly the keys 'dealer', 'hands' and 'kitty'")
    dealer = setup["dealer"]
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise SetupError(f"setup dealer must be a seat from 0 to {players - 1}")

    def cards(group: Any, what: str) -> tuple[int, ...]:
        if not isinstance(group, list) or len(group) != HAND_SIZE:
            raise SetupError(f"setup {what} must be a list of {HAND_SIZE} cards")
        parsed = []
        for item in group:
            c = parse_card(item) if isinstance(item, str) else None
            if c is None:
                raise SetupError(f"setup {what}: {item!r} is not a card (write 5H, 10D, JS, AH, ...)")
            parsed.append(c)
        return tuple(sorted(parsed))

    if not isinstance(setup["hands"], list) or len(setup["hands"]) != players:
        raise SetupError(f"setup hands must list {players} hands")
    hands = tuple(cards(h, f"hand {i}") for i, h in enumerate(setup["hands"]))
    kitty = cards(setup["kitty"], "kitty")
    every = [c for group in hands + (kitty,) for c in group]
    if len(every) != len(set(every)):
        twice = next(c for c in every if every.count(c) > 1)
        raise SetupError(f"setup uses the {text(twice)} twice")
    return dealer, hands, kitty



GAME = FiftyFive()
