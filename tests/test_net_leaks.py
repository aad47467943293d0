"""What each seat is sent at a network table, judged against the full state the server's record replays to.

Hypothesis picks the game, the number of players and the game number; every seat is a remote player (a
medium client), so every step of the game crosses the network. The record the server kept is then replayed
move by move, and every message a seat received is searched for cards: none may be one the rules hide from
that seat at that moment (another seat's hand, the stock, the draw pile, the kitty, the discards, the
face-down mood cards).

What is hidden is listed here from the full state, game by game, from the rules files
(``docs/rules/*.md``, "What each player may see"), and the messages are searched by walking their JSON:
the test leans neither on ``Game.view`` nor on ``Match``, the code that decides what a seat is sent.

A step spans a move. Its view and legal moves are the position after the move, so they are judged on it
alone. Its events happen on the way, so a card they show may be public at some moment of the move and
hidden at both ends: the last cards of a Take 5 round are revealed and placed, then shuffled into the new
deal. The cards a move shows on its way are listed from the rules too (``revealed``), and an event may show
a card public before the move, after it, or so revealed. A record of a finished deal (Fifty-Five's best
trump of an earlier hand) names a card that was public then and may sit in a hidden hand now: such a card
must have been public to that seat at some earlier moment.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from fiftyfifty_desktop.engine import Move
from fiftyfifty_desktop.engine.records import Record, Seat, start
from fiftyfifty_desktop.games import fiftyfifty, fiftyfive, take5, thirteen
from fiftyfifty_desktop.net.codec import codec_for
from fiftyfifty_desktop.net.protocol import REMOTE
from fiftyfifty_desktop.registry import GAMES

from .test_net_play import play_table

Cards = Counter  # card -> how many: Thirteen has four cards of a value, the other games' cards are all different


def _flat(groups) -> list:
    return [card for group in groups for card in group]


def _played(pairs) -> list:
    """The cards of (seat, card) pairs: a trick, a turn's reveal."""
    return [card for _, card in pairs]


@dataclass(frozen=True)
class Spec:
    """One game's cards, as its rules file tells what each seat may see."""

    deck: Callable[[Any], Cards]  # every card in the game
    hidden: Callable[[Any, int], Cards]  # the cards hidden from a seat in a full state
    revealed: Callable[[Any, int, Move], Cards]  # the cards hidden before a move that it shows on its way
    move_cards: Callable[[Move], list]  # the cards a move's text names
    places: dict[str, Callable[[dict, int], list[list]]]  # per class: groups of cards it shows where they are now
    past: dict[str, Callable[[dict], list]]  # per class: cards it names from a finished deal
    nothing: frozenset[str]  # classes that show no card
    distinct: bool = True  # every card is one of a kind

    def visible(self, state: Any, seat: int) -> Cards:
        return self.deck(state) - self.hidden(state, seat)


# ----- Take 5: other hands (open in the professional variant) and the unused stock ----------------------
def _take5_hidden(state: take5.Take5State, seat: int) -> Cards:
    hands = [] if state.variant == take5.PROFESSIONAL else _flat(h for s, h in enumerate(state.hands) if s != seat)
    return Counter(hands + list(state.stock))


def _take5_revealed(state: take5.Take5State, seat: int, move: Move) -> Cards:
    """The last card chosen in a turn turns every chosen card up."""
    if isinstance(move, take5.Play) and all(c is not None for s, c in enumerate(state.chosen) if s != seat):
        return Counter([c for c in state.chosen if c is not None] + [move.card])
    return Counter()


TAKE5 = Spec(
    deck=lambda state: Counter(take5.deck_for(state.players, state.variant)),
    hidden=_take5_hidden,
    revealed=_take5_revealed,
    move_cards=lambda move: [move.card] if isinstance(move, (take5.Play, take5.Draft)) else [],
    places={
        "Take5View": lambda v, seat: [v["hand"] + ([v["chosen"]] if v["chosen"] is not None else [])
                                      + _flat(v["open_hands"] or ()) + v["pool"] + _flat(v["rows"])
                                      + _played(v["placing"]) + _flat(v["piles"]) + _flat(map(_played, v["reveals"]))],
        "RoundDealt": lambda e, seat: [_flat(e["rows"])],
        "DraftOpened": lambda e, seat: [e["cards"]],
        "Drafted": lambda e, seat: [[e["card"]]],
        "Revealed": lambda e, seat: [_played(e["cards"])],
        "LowCard": lambda e, seat: [[e["card"]]],
        "RowTaken": lambda e, seat: [e["cards"]],
        "CardPlaced": lambda e, seat: [[e["card"]]],
    },
    past={},
    nothing=frozenset({"Committed", "RoundScored", "GameOver"}),
)


# ----- Fifty Fifty: other hands, the undealt cards and the face-down mood cards ---------------------------
def _fifty(card) -> tuple:
    return ("card", card)


def _mood(mood) -> tuple:
    return ("mood", tuple(mood))


FIFTYFIFTY = Spec(
    deck=lambda state: Counter([_fifty(c) for c in fiftyfifty.CARDS] + [_mood(m) for m in state.deck]),
    hidden=lambda state, seat: Counter(
        [_fifty(c) for s, hand in enumerate(state.hands) if s != seat for c in hand]
        + [_fifty(c) for c in state.undealt] + [_mood(m) for m in state.moods]),
    revealed=lambda state, seat, move: Counter([_fifty(move.card)]),
    move_cards=lambda move: [_fifty(move.card)],
    places={
        # Not ``mood_cards``: every mood card of the deck, face down or not, sorted; which cards the deck
        # holds is public (it is the game's option), only their order is hidden.
        "FiftyView": lambda v, seat: [[_fifty(c) for c in v["hand"] + _played(v["trick"])
                                       + _flat(map(_played, v["past_tricks"]))]
                                      + [_mood(m) for m in v["past_moods"] + ([v["mood"]] if v["mood"] else [])]],
        "CardPlayed": lambda e, seat: [[_fifty(e["card"])]],
        "TrickWon": lambda e, seat: [[_fifty(e["card"])]],
        "MoodTurned": lambda e, seat: [[_mood((e["blue"], e["yellow"]))]],
    },
    past={},
    nothing=frozenset({"HandDealt", "HalvesTaken", "HalvesCancelled", "HandScored", "HandStruck", "GameOver"}),
)


# ----- Fifty-Five: other hands, the kitty, the undealt stock and the bidder's discards ---------------------
FIFTYFIVE = Spec(
    deck=lambda state: Counter(fiftyfive.cards.DECK),
    hidden=lambda state, seat: Counter(
        _flat(h for s, h in enumerate(state.hands) if s != seat) + list(state.kitty) + list(state.stock)
        + (list(state.discards) if seat != state.bidder else [])),
    revealed=lambda state, seat, move: Counter([move.card] if isinstance(move, fiftyfive.parts.Play) else []),
    move_cards=lambda move: ([move.card] if isinstance(move, fiftyfive.parts.Play)
                             else list(move.cards) if isinstance(move, fiftyfive.parts.Discard) else []),
    places={
        "FiftyFiveView": lambda v, seat: [v["cards"] + v["own_discards"] + _played(v["trick"])
                                          + _flat(map(_played, v["tricks"]))
                                          + ([v["best_trump"][1]] if v["best_trump"] else [])],
        "CardPlayed": lambda e, seat: [[e["card"]]],
        "TrickWon": lambda e, seat: [_played(e["cards"])],
        "BestTrump": lambda e, seat: [[e["card"]]],
    },
    past={"HandResult": lambda r: [r["best_trump"][1]] if r["best_trump"] else []},
    nothing=frozenset({"HandDealt", "BidMade", "Passed", "Held", "KittyTaken", "Discarded", "TrumpNamed",
                       "HandScored", "ThrownIn", "GameWon"}),
)


# ----- Thirteen: the face-down cards of other hands (their singles are face up) and the draw pile ----------
def _thirteen_hidden(state: thirteen.ThirteenState, seat: int) -> Cards:
    hidden = Counter(state.pile)
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden += Counter(hand) - Counter(state.singles[s])
    return hidden


THIRTEEN = Spec(
    deck=lambda state: Counter(thirteen.deck_for(state.players)),
    hidden=_thirteen_hidden,
    revealed=lambda state, seat, move: Counter(),  # a card handed over is laid or shown as a single: public after
    move_cards=lambda move: [],  # an ask names the value wanted, not a card anyone holds
    places={
        # A seat's own singles are in its hand: counted once. ``waiting`` is made of the hand's cards, so it is
        # a group of its own. The ask log, ``absent``, ``present`` and ``stash`` are public facts about values.
        "ThirteenView": lambda v, seat: [v["hand"] + _flat(_flat(v["laid"])) + v["aside"]
                                         + _flat(singles for s, singles in enumerate(v["singles"]) if s != seat),
                                         _flat(v["waiting"])],
        "Laid": lambda e, seat: [e["cards"]],
        "HandedOver": lambda e, seat: [[e["value"]]],
        "SingleShown": lambda e, seat: [[e["value"]]],
        "CameBack": lambda e, seat: [[e["value"]]],
    },
    past={},
    nothing=frozenset({"Dealt", "TurnStarted", "Asked", "Missed", "Drew", "KindFinished", "WentOut",
                       "Eliminated", "GameOver"}),
    distinct=False,
)

SPECS = {"take5": TAKE5, "fiftyfifty": FIFTYFIFTY, "fiftyfive": FIFTYFIVE, "thirteen": THIRTEEN}


def test_every_class_a_seat_can_be_sent_is_sorted_into_shows_cards_or_not() -> None:
    """A new view or event class (or a renamed one) must be placed here before the leak test passes."""
    assert set(SPECS) == set(GAMES)
    for game_id, spec in SPECS.items():
        known = set(spec.places) | set(spec.past) | spec.nothing
        assert known == set(codec_for(GAMES[game_id]).classes), game_id


# ----- searching the messages -------------------------------------------------------------------------------
def _tagged(value) -> Iterator[dict]:
    """Every encoded dataclass anywhere in a JSON value, outermost first."""
    if isinstance(value, dict):
        if isinstance(value.get("@"), str):
            yield value
        for inner in value.values():
            yield from _tagged(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _tagged(inner)


def _beyond(spec: Spec, groups, allowed: Cards) -> list:
    """The cards of ``groups`` shown more often than ``allowed`` lets (for one-of-a-kind cards: at all)."""
    bad = []
    for group in groups:
        counts = Counter(set(group)) if spec.distinct else Counter(group)
        bad += [card for card, n in counts.items() if n > allowed[card]]
    return bad


def _judge(spec: Spec, part, seat: int, allowed: Cards, seen: set, where: str) -> list[str]:
    problems = []
    for value in _tagged(part):
        name = value["@"]
        if name in spec.places:
            bad = _beyond(spec, spec.places[name](value, seat), allowed)
        elif name in spec.past:
            bad = [card for card in spec.past[name](value) if card not in seen]
        elif name in spec.nothing:
            continue
        else:
            problems.append(f"{where}: a {name} is no view or event of this game")
            continue
        if bad:
            problems.append(f"{where}: a {name} shows {bad}, hidden from seat {seat}")
    return problems


def judge_seat(game_id: str, record: Record, seat: int, messages: list[dict]) -> list[str]:
    """Every way the messages seat ``seat`` received show it a card hidden from it when it got them."""
    spec, game = SPECS[game_id], GAMES[game_id]
    state, _ = start(game, record)
    states: list[Any] = [state]
    moves: list[tuple[int, Move]] = []
    for mover, text in record.moves:
        move = game.parse_move(text)
        state, _ = game.apply(state, mover, move)
        states.append(state)
        moves.append((mover, move))
    steps = [m for m in messages if m["type"] == "step"]
    assert len(steps) == len(moves) + 1, "a seat at a table of remote seats is sent the deal and every move"
    problems: list[str] = []
    seen: set = set()  # every card public to this seat at some moment so far
    for k, message in enumerate(steps):
        after = states[k]
        now = spec.visible(after, seat)
        if k == 0:
            assert message["seat"] is None and message["index"] == 0
            during = now
        else:
            mover, move = moves[k - 1]
            assert message["index"] == k - 1 and message["seat"] == mover
            before = states[k - 1]
            during = (spec.visible(before, seat) | now) + spec.revealed(before, mover, move)
        seen.update(card for card, n in during.items() if n > 0)
        where = f"seat {seat}, step {k}"
        problems += _judge(spec, message["events"], seat, during, seen, f"{where}, events")
        rest = {key: value for key, value in message.items() if key != "events"}  # the view, and anything else
        problems += _judge(spec, rest, seat, now, seen, f"{where}, view")
        if message["move"] is not None:
            bad = _beyond(spec, [spec.move_cards(game.parse_move(message["move"]))], during)
            problems += [f"{where}: the move {message['move']} shows {bad}"] if bad else []
        for text in message.get("legal", ()):
            bad = _beyond(spec, [spec.move_cards(game.parse_move(text))], now)
            problems += [f"{where}: the legal move {text} shows {bad}"] if bad else []
    for message in messages:
        if message["type"] != "step":
            assert not list(_tagged(message)), f"a {message['type']} message carries a view or an event"
    return problems


def _record(game_id: str, players: int, seed: int, options: dict) -> Record:
    game = GAMES[game_id]
    seats = tuple(Seat(f"Seat {i + 1}", REMOTE) for i in range(players))
    return Record(game_id, players, game.resolve_options(players, options), seats, seed)


@st.composite
def tables(draw, game_id: str) -> tuple[int, int, dict]:
    """Players, game number and options of a table of ``game_id``."""
    game = GAMES[game_id]
    players = draw(st.integers(game.min_players, game.max_players), label="players")
    seed = draw(st.integers(0, 10**9), label="seed")
    options: dict = {}
    if game_id == "take5" and players <= take5.PROFESSIONAL_MAX_PLAYERS:
        options["variant"] = draw(st.sampled_from((take5.STANDARD, take5.PROFESSIONAL)), label="variant")
    return players, seed, options


@pytest.mark.parametrize("game_id", sorted(GAMES))
# Each example is a whole game over the network: a failing one is reported as found, not shrunk.
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(data=st.data())
def test_no_seat_is_sent_a_card_hidden_from_it(game_id: str, data) -> None:
    players, seed, options = data.draw(tables(game_id), label="table")
    record = _record(game_id, players, seed, options)
    outcomes, server = asyncio.run(play_table(record, None, players))
    played = server.tables[next(iter(server.tables))].match.record
    assert all(o.message == "the game is over" for o in outcomes)
    problems = [p for outcome in outcomes for p in judge_seat(game_id, played, outcome_seat(outcome), outcome.messages)]
    assert not problems, "\n".join(problems[:10])


def outcome_seat(outcome) -> int:
    """The seat a client was given (its welcome message)."""
    return next(m["seat"] for m in outcome.messages if m["type"] == "welcome")
