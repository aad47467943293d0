"""One contract for the match port: a local :class:`Match` and a :class:`RemoteMatch` at a loopback table server
give a front end the same answers.

Each test runs against both ports (``kind``): a person at seat 0, computers at seats 1 and 2. What the port says
(who moves, the legal moves, the view, why a move is refused) is checked against the rules applied to the full
state of the match that decides the game (the local match itself, or the server's), so both are held to one
truth; the steps a front end is told are compared between the two ports directly.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from typing import Any, Iterator

import pytest

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine import IllegalMoveError, Move, Reason
from fiftyfifty_desktop.engine.match import MATCH_REASON_CODES, Match, Step
from fiftyfifty_desktop.engine.port import MatchPort
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.net import protocol
from fiftyfifty_desktop.net.client import RemoteMatch
from fiftyfifty_desktop.net.protocol import REMOTE, ProtocolError
from fiftyfifty_desktop.net.server import ServerThread, TableServer
from fiftyfifty_desktop.net.table import Table
from fiftyfifty_desktop.registry import GAMES

from . import waiting

PERSON = 0
COMPUTERS = (1, 2)
KINDS = ("local", "remote")
#: Person decisions checked per game: enough to pass through every phase of a deal.
DECISIONS = 24


def record_for(game_id: str, player: str, seed: int = 7) -> Record:
    game = GAMES[game_id]
    seats = (Seat("Ann", player),) + tuple(Seat(f"Max {s}", "medium") for s in COMPUTERS)
    return Record(game_id, 3, game.resolve_options(3, {}), seats, seed)


class Steps:
    """A watcher that keeps every step it is told, with the view after it."""

    watching = PERSON

    def __init__(self) -> None:
        self.seen: list[tuple[Step, Any]] = []

    def on_step(self, step: Step, view: Any) -> None:
        self.seen.append((step, view))


@contextmanager
def opened(kind: str, game_id: str, seed: int = 7) -> Iterator[tuple[MatchPort, Match]]:
    """The port of ``kind`` for seat 0, and the match that decides the game (the port itself, or the server's)."""
    game = GAMES[game_id]
    if kind == "local":
        record = record_for(game_id, "human", seed)
        match = Match(game, record, {s: make_agent("medium", game, s, seed) for s in COMPUTERS})
        try:
            yield match, match
        finally:
            match.close()
        return
    with served(record_for(game_id, REMOTE, seed)) as ports:
        yield ports


@contextmanager
def served(record: Record) -> Iterator[tuple[RemoteMatch, Match]]:
    """``record`` served on a loopback table: seat 0's remote port, once the game has started, and the server's match."""
    server = TableServer("127.0.0.1", 0)
    table = server.add(Table(GAMES[record.game], record, "port"))
    thread = ServerThread(server)
    thread.start()
    remote = RemoteMatch(f"127.0.0.1:{server.port}", "port", "Ann")
    try:
        waiting.until(lambda: table.match is not None and remote.view(PERSON) is not None, "the table never started",
                      between=lambda: remote.wait_for_computers(0.05))
        yield remote, table.match
    finally:
        remote.close()
        thread.stop()


def settle(port: MatchPort, authority: Match) -> None:
    """Let the game go on until the person is to move (or the game is over) and the port has heard every move."""
    def settled() -> bool:
        while port.poll(wait=None if port is authority else 0.0):
            pass
        computers = set(authority.computer_seats()) & set(authority.to_move())
        return not computers and port.moves_made == authority.moves_made and bool(port.over or port.people_to_move())

    waiting.until(settled, "the game comes back to the person", between=lambda: port.wait_for_computers(0.05))


def refused_candidates(pool: set[str], port: MatchPort, game_id: str) -> list[Move]:
    """Moves seen legal earlier that are not legal now, in a fixed order."""
    game = GAMES[game_id]
    legal = set(port.legal_moves(PERSON))
    return [move for move in (game.parse_move(text) for text in sorted(pool)) if move not in legal][:30]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_port_answers_as_the_rules_do(kind: str, game_id: str) -> None:
    """Who moves, the legal moves, the view and every refusal's reason are the rules' on the deciding state."""
    game = GAMES[game_id]
    choice = random.Random(3)
    pool: set[str] = set()
    refusals = 0
    with opened(kind, game_id) as (port, authority):
        for _ in range(DECISIONS):
            settle(port, authority)
            truth = authority.full_state()
            assert port.to_move() == game.to_move(truth)
            if port.over:
                break
            assert port.people_to_move() == (PERSON,)
            legal = port.legal_moves(PERSON)
            assert legal == game.legal_moves(truth, PERSON) and legal
            assert port.view(PERSON) == game.view(truth, PERSON)
            for move in refused_candidates(pool, port, game_id):
                reason = port.why_illegal(PERSON, move)
                assert isinstance(reason, Reason) and reason == game.why_illegal(truth, PERSON, move)
                refusals += 1
            pool.update(move.text() for move in legal)
            made = port.moves_made
            port.submit(PERSON, choice.choice(legal))
            assert port.legal_moves(PERSON) == () or port is authority
            settle(port, authority)
            assert port.moves_made > made
        assert refusals > 0  # the check above did check something
        if port.over:
            assert port.scores() == game.scores(authority.full_state())
            assert port.winners() == game.winners(authority.full_state())


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_refused_submit_raises_the_reason_and_changes_nothing(kind: str, game_id: str) -> None:
    game = GAMES[game_id]
    with opened(kind, game_id) as (port, authority):
        settle(port, authority)
        legal = port.legal_moves(PERSON)
        other = next(game.parse_move(text) for text in candidate_texts(game_id) if game.parse_move(text) not in legal)
        made, view = port.moves_made, port.view(PERSON)
        with pytest.raises(IllegalMoveError) as refused:
            port.submit(PERSON, other)
        assert refused.value.reason == game.why_illegal(authority.full_state(), PERSON, other)
        assert port.moves_made == made and port.view(PERSON) == view and port.legal_moves(PERSON) == legal
        with pytest.raises(IllegalMoveError) as not_ours:
            port.submit(COMPUTERS[0], legal[0])
        assert not_ours.value.reason.code in MATCH_REASON_CODES + game.reason_codes


def candidate_texts(game_id: str) -> list[str]:
    """Moves of each game in its notation, some of which are never legal at the first decision."""
    return {"take5": ["p104", "p1", "p2", "r1"], "fiftyfifty": ["p50", "p1", "p2", "p3"],
            "fiftyfive": ["tH", "5H", "AH", "JS", "b10"], "thirteen": ["draw", "pass", "a1:1", "a2:13"]}[game_id]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_both_ports_tell_the_same_steps(game_id: str) -> None:
    """Played with the same moves, a local match and a remote one tell their watcher the same steps and views."""
    told = []
    for kind in KINDS:
        choice = random.Random(5)
        steps = Steps()
        with opened(kind, game_id) as (port, authority):
            port.watch(steps)
            for _ in range(12):
                settle(port, authority)
                if port.over:
                    break
                port.submit(PERSON, choice.choice(port.legal_moves(PERSON)))
            settle(port, authority)
        told.append(steps.seen)
    local, remote = told
    assert len(local) > 12 and local == remote


@pytest.mark.parametrize("kind", KINDS)
def test_a_closed_port_takes_no_move(kind: str) -> None:
    with opened(kind, "take5") as (port, authority):
        settle(port, authority)
        legal = port.legal_moves(PERSON)
        port.close()
        assert port.closed
        with pytest.raises(IllegalMoveError) as refused:
            port.submit(PERSON, legal[0])
        assert refused.value.reason.code == "game_closed"
        assert not port.poll()


def test_a_refusal_from_the_table_arrives_as_its_code_and_parameters() -> None:
    """A move the client did not check (or sent late) is refused by the server with the rules' reason, which the
    client reads back field by field for its window to word."""
    game = GAMES["fiftyfive"]
    with opened("remote", "fiftyfive") as (port, authority):
        assert isinstance(port, RemoteMatch)
        settle(port, authority)
        move = next(game.parse_move(t) for t in ("tH", "b10", "5H") if game.parse_move(t) not in port.legal_moves(0))
        expected = game.why_illegal(authority.full_state(), PERSON, move)
        port._send({"type": "move", "move": move.text()})
        waiting.until(lambda: port.refused is not None, "no refusal came",
                      between=lambda: (port.wait_for_computers(0.02), port.pump()))
        refused = port.take_refusal()
        assert refused == expected and port.take_refusal() is None


@pytest.mark.parametrize("data, problem", [
    ({"code": "not_in_hand"}, "an object with a code and params"),
    ({"code": "no_such_code", "params": {}}, "unknown reason"),
    ({"code": "not_in_hand", "params": {"card": {"@": "x"}}}, "must be a short text"),
    ({"code": "not_in_hand", "params": {"card": "x" * 100}}, "must be a short text"),
    ({"code": "not_in_hand", "params": {"card": "7\u0000"}}, "must be a short text"),
    ({"code": "not_in_hand", "params": {"count": True}}, "must be a short text"),
    ({"code": "not_in_hand", "params": {"count": 10**9}}, "out of range"),
    ({"code": "not_in_hand", "params": {"cards": ["5H"] * 65}}, "more than 64"),
    ({"code": "not_in_hand", "params": {f"p{i}": 1 for i in range(9)}}, "at most 8"),
    ({"code": "not_in_hand", "params": {"not a name": 1}}, "no parameter"),
])
def test_a_crafted_reason_is_refused_in_one_line(data: dict, problem: str) -> None:
    with pytest.raises(ProtocolError, match=problem):
        protocol.read_reason(data, GAMES["fiftyfive"].reason_codes)


def test_a_reason_travels_as_it_was() -> None:
    reason = Reason("must_trump_held_back", {"led": "7H", "held_back": ("5H", "JH"), "others": ("2H",)}, "words")
    sent = protocol.loads(protocol.dumps({"reason": protocol.reason_message(reason)}))["reason"]
    assert protocol.read_reason(sent, GAMES["fiftyfive"].reason_codes, "words") == reason


def test_the_fifty_five_discard_is_one_move_over_the_network() -> None:
    """The bidder at a remote seat lays its five cards away with one submit, as the table sends it, and the game
    goes on to naming trumps: nothing waits for the port to offer the other four cards again."""
    game = GAMES["fiftyfive"]
    setup = {"dealer": 0, "hands": [["5H", "JH", "AH", "KH", "QH"], ["2C", "3C", "4C", "6C", "7C"],
                                    ["2S", "3S", "4S", "6S", "7S"]], "kitty": ["8D", "9D", "10D", "JD", "QD"]}
    record = Record("fiftyfive", 3, game.resolve_options(3, {}),
                    (Seat("Ann", REMOTE), Seat("Max 1", "medium"), Seat("Max 2", "medium")), 7, setup=setup)
    with served(record) as (port, authority):
        settle(port, authority)
        port.submit(PERSON, game.parse_move("b60"))  # the dealer bidding 60 takes the kitty at once
        settle(port, authority)
        assert port.view(PERSON).phase == "discard" and len(port.legal_moves(PERSON)) == 252
        discard = game.parse_move("x8D,9D,10D,JD,QD")
        assert discard in port.legal_moves(PERSON)
        port.submit(PERSON, discard)
        settle(port, authority)
        view = port.view(PERSON)
        assert view.phase == "trump" and view.own_discards == discard.cards and len(view.cards) == 5
        assert {m.text() for m in port.legal_moves(PERSON)} == {"tH", "tD", "tC", "tS"}
        assert authority.record.moves[-1] == (PERSON, "x8D,9D,10D,JD,QD")
        assert port.take_refusal() is None
