"""The table server builds its computer players with an agent factory and seats them through the match.

By default a searching player thinks in a worker process, as at a local table, so the server's loop is never
held up by a search; a seat goes to a computer and back with ``Match.give_to_computer`` and ``Match.give_back``.
"""

from __future__ import annotations

from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.ai.worker import ProcessAgent
from fiftyfifty_desktop.engine import Game
from fiftyfifty_desktop.engine.match import Agent, Match
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.net.client import RemoteMatch
from fiftyfifty_desktop.net.protocol import REMOTE
from fiftyfifty_desktop.net.server import ServerThread, TableServer
from fiftyfifty_desktop.net.table import Table
from fiftyfifty_desktop.registry import GAMES

from . import waiting


def until(done, *matches: RemoteMatch) -> None:
    """Until ``done()`` holds, each client reading what came (and handing on a step once play began)."""
    waiting.until(done, "the table never got there", between=waiting.reading(*matches))


def take5(*players: str, seed: int = 3) -> Record:
    game = GAMES["take5"]
    seats = tuple(Seat(f"Seat {i + 1}", player) for i, player in enumerate(players))
    return Record("take5", len(players), game.resolve_options(len(players), {"target": 20}), seats, seed)


def test_the_table_builds_its_computers_and_stand_ins_with_its_factory_and_seats_them_through_the_match() -> None:
    built: list[tuple[str, int]] = []

    def factory(player: str, game: Game, seat: int, seed: int) -> Agent:
        built.append((player, seat))
        return make_agent(player, game, seat, seed)

    server = TableServer("127.0.0.1", 0)
    table = server.add(Table(GAMES["take5"], take5(REMOTE, REMOTE, "random"), "agents", host_secret="s3",
                             stand_in="greedy", agents=factory))
    thread = ServerThread(server)
    thread.start()
    host = RemoteMatch(f"127.0.0.1:{server.port}", "agents", "Host", seat=0, host_secret="s3")
    try:
        until(lambda: host.seat == 0 and bool(host.seats), host)
        host.hand_over(1, True)  # nobody took seat 1: a computer plays it
        until(lambda: host.seats[1]["computer"], host)
        host.start()
        until(lambda: table.match is not None and host.view(0) is not None, host)
        assert table.match is not None
        assert sorted(built) == [("greedy", 1), ("random", 2)] and table.match.computer_seats() == (1, 2)
        host.hand_over(1, False)  # ... and back to its (absent) player
        until(lambda: not host.seats[1]["computer"], host)
        assert table.match.computer_seats() == (2,)
        host.hand_over(1, True)
        until(lambda: host.seats[1]["computer"], host)
        assert table.match.computer_seats() == (1, 2) and built[-1] == ("greedy", 1)
    finally:
        host.close()
        thread.stop()


def test_a_searching_computer_at_a_table_server_thinks_in_a_worker_process() -> None:
    server = TableServer("127.0.0.1", 0)
    table = server.add(Table(GAMES["take5"], take5(REMOTE, "hard"), "worker"))
    thread = ServerThread(server)
    thread.start()
    player = RemoteMatch(f"127.0.0.1:{server.port}", "worker", "Ann")
    try:
        until(lambda: table.match is not None and player.view(0) is not None, player)
        assert table.match is not None
        agent = table.match.agents[1]
        assert isinstance(agent, ProcessAgent)
        for _ in range(2):  # a card each, twice: the hard seat's choices come from its worker
            until(lambda: bool(player.people_to_move()), player)
            made = table.match.moves_made
            player.submit(0, player.legal_moves(0)[0])
            until(lambda: table.match is not None and table.match.moves_made >= made + 2, player)
        worker = agent._process
        assert worker is not None and worker.is_alive()
    finally:
        player.close()
        thread.stop()
    assert not worker.is_alive()  # the table's end stopped it


def test_a_seat_given_back_lets_its_computer_go() -> None:
    game = GAMES["take5"]
    closed: list[int] = []

    class Closing:
        def __init__(self, seat: int) -> None:
            self.seat, self.inner = seat, make_agent("random", game, seat, 1)

        def choose(self, view, legal):
            return self.inner.choose(view, legal)

        def close(self) -> None:
            closed.append(self.seat)

    match = Match(game, take5("human", "human"), {})
    match.give_to_computer(1, Closing(1))
    assert match.computer_seats() == (1,) and match.people_to_move() == (0,)
    match.give_to_computer(1, Closing(1))  # a new stand-in lets the old one go
    assert closed == [1]
    match.give_back(1)
    assert closed == [1, 1] and match.computer_seats() == () and match.people_to_move() == (0, 1)
