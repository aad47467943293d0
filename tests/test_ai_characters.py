"""Every rule-based opponent plays to its character, over 200 deals each: the knobs of ``config/ai`` shape what it
does, measured on its own decisions at a table of medium players (the opponent at seat ``seed % players``).

Only the first deal's decisions are played (only the bidding in Fifty-Five), so each opponent's 200 deals take
little time; the seeds are fixed, so every run measures the same games."""

from __future__ import annotations

from statistics import mean
from typing import Any, Callable

from fiftyfifty_desktop.ai import load_personalities, make_agent
from fiftyfifty_desktop.ai.medium.take5 import turn_costs
from fiftyfifty_desktop.games import thirteen
from fiftyfifty_desktop.games.fiftyfive.parts import ALL_TRICKS_BID, BIDDING, Bid, Hold
from fiftyfifty_desktop.games.take5 import Play as Take5Play
from fiftyfifty_desktop.registry import GAMES

DEALS = 200
PLAYERS = 4
PEOPLE = load_personalities()


def decisions(game_id: str, player: str, seed: int, playing: Callable[[Any], bool]) -> list[tuple[Any, Any, Any]]:
    """(view, legal moves, move) of each decision ``player`` makes while ``playing(state)`` holds, in the game
    dealt from ``seed`` with medium players at the other seats."""
    game = GAMES[game_id]
    state, _ = game.new_game(PLAYERS, None, seed)
    mine = seed % PLAYERS
    agents = [make_agent(player if seat == mine else "medium", game, seat, seed, PEOPLE) for seat in range(PLAYERS)]
    seen: list[list[Any]] = [[] for _ in range(PLAYERS)]
    made = []
    while playing(state) and not game.is_over(state):
        seat = game.to_move(state)[0]
        view, legal = game.view(state, seat), game.legal_moves(state, seat)
        move = agents[seat].choose(view, legal, seen[seat])
        seen[seat].append(view)
        if seat == mine:
            made.append((view, legal, move))
        state, _ = game.apply(state, seat, move)
    return made


def every_deal(game_id: str, player: str, playing: Callable[[Any], bool]) -> list[list[tuple[Any, Any, Any]]]:
    return [decisions(game_id, player, seed, playing) for seed in range(DEALS)]


def test_the_named_opponents_are_the_ones_measured():
    rule_based = {p.id for p in PEOPLE if p.strength in ("random", "medium")}
    assert rule_based == {"seamus", "paddy", "maeve", "dice", "rosa", "bruno", "pip", "noor", "otto", "lulu", "abe",
                          "fox"}


def bidding(player: str) -> list[list[Any]]:
    """The calls ``player`` makes in the first hand's bidding of each deal."""
    return [[move for _, _, move in deal] for deal in every_deal("fiftyfive", player, lambda s: s.phase == BIDDING)]


def test_fifty_five_a_beginner_never_calls_60_and_a_prudent_player_bids_less_and_lower_than_a_bold_one():
    seamus, paddy, maeve = bidding("seamus"), bidding("paddy"), bidding("maeve")
    sixties = [any(isinstance(c, Bid) and c.amount == ALL_TRICKS_BID for c in hand) for hand in seamus]
    assert sum(sixties) <= DEALS // 100  # at most 1% of the hands (Seamus, boldness 0.3, reaches 15)
    assert sum(any(isinstance(c, Bid) for c in hand) for hand in seamus) >= DEALS // 10  # but he does bid

    def bids(hands: list[list[Any]]) -> list[int]:
        return [c.amount for hand in hands for c in hand if isinstance(c, Bid)]

    def in_the_contest(hands: list[list[Any]]) -> int:
        return sum(any(isinstance(c, (Bid, Hold)) for c in hand) for hand in hands)

    assert in_the_contest(paddy) * 2 < in_the_contest(maeve)  # measured 62 and 151 hands of 200
    assert mean(bids(paddy)) + 3 < mean(bids(maeve))  # measured 10.8 and 17.2


def test_take5_a_careful_player_avoids_the_sixth_place_and_a_bold_one_plays_high_cards_early():
    def turns(player: str) -> list[tuple[Any, tuple[int, ...], int]]:
        return [(view, tuple(m.card for m in legal), move.card)
                for deal in every_deal("take5", player, lambda s: s.round == 1)
                for view, legal, move in deal if isinstance(move, Take5Play) and len(legal) > 1]

    def safe_share(made: list[tuple[Any, tuple[int, ...], int]]) -> float:
        """Of the turns with a card no other card can push to a sixth place, those it played such a card."""
        safe = [(cards, costs, card) for view, cards, card in made
                if min(costs := turn_costs(view, cards)) < 0.5]
        return mean(costs[cards.index(card)] < 0.5 for cards, costs, card in safe)

    def early_height(made: list[tuple[Any, tuple[int, ...], int]]) -> float:
        """Where the card played sat among the cards it could play, 0 the lowest and 1 the highest, while the
        hand still held seven cards or more."""
        return mean(cards.index(card) / (len(cards) - 1) for view, cards, card in made if len(view.hand) >= 7)

    rosa, bruno, dice = turns("rosa"), turns("bruno"), turns("dice")
    assert safe_share(rosa) == 1.0 and safe_share(dice) < 0.8  # measured 1.0 and 0.54
    assert early_height(bruno) > 0.8 > 0.6 > early_height(rosa)  # measured 0.89 and 0.50


def test_fifty_fifty_a_careful_player_keeps_her_halves_closer_in_balance_than_a_gambler():
    def imbalance(player: str) -> float:
        """How far apart its blue and yellow halves were at its decisions of the first hand."""
        return mean(abs(blue - yellow) for deal in every_deal("fiftyfifty", player, lambda s: s.hand_no <= 1)
                    for view, _, _ in deal for blue, yellow in [view.halves[view.seat]])

    noor, otto, pip = imbalance("noor"), imbalance("otto"), imbalance("pip")
    assert noor * 1.15 < otto < pip  # measured 2.38, 3.02 and 4.67


def test_thirteen_an_honest_player_almost_never_lies_and_a_sly_one_often():
    def lie_share(player: str) -> float:
        """Of its asks where a lie was open, the share that were lies."""
        asks = [not thirteen.is_true_ask(view.hand, move.value)
                for deal in every_deal("thirteen", player, lambda s: s.turn <= 12)
                for view, legal, move in deal
                if isinstance(move, thirteen.Ask) and len({m.value for m in legal}) > len(thirteen.true_asks(view.hand))]
        assert len(asks) >= DEALS
        return mean(asks)

    abe, fox, lulu = lie_share("abe"), lie_share("fox"), lie_share("lulu")
    assert abe < 0.02 and fox > max(0.08, 10 * abe) and lulu > 0.5  # measured 0.003, 0.16 and 0.83

