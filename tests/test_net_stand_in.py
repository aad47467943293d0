"""A computer that takes over a dropped seat at a table server decides as the computer that played
that seat from the start would: the match hands it the seat's earlier decisions, its player's included."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect

from fiftyfifty_desktop.ai.worker import table_agents
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.net import protocol
from fiftyfifty_desktop.net.protocol import REMOTE
from fiftyfifty_desktop.net.server import TableServer
from fiftyfifty_desktop.net.table import Table
from fiftyfifty_desktop.registry import GAMES

from .test_ai_memory import PEOPLE, PLAYERS, computers
from .test_net_faults import Raw
from .waiting import eventually

CODE = "stand-in"
MOVES = 48  # compared up to here
LEFT_AFTER = 3  # the player's decisions before the line drops


def seated(game_id: str, first: str) -> Record:
    game = GAMES[game_id]
    players = (first,) + PLAYERS[game_id][1:]
    seats = tuple(Seat(f"Seat {i + 1}", player) for i, player in enumerate(players))
    return Record(game_id, len(players), game.resolve_options(len(players), {}), seats, 5)


async def next_message(socket, *types: str) -> dict:
    return await Raw(socket).next(*types)


async def leave_after(address: str, moves: list[str], count: int) -> None:
    """Sit at seat 0, make ``moves[:count]`` as the table offers decisions, then drop the line."""
    async with connect(f"ws://{address}", proxy=None, close_timeout=1) as socket:
        await socket.send(json.dumps({"type": "hello", "version": protocol.VERSION, "code": CODE, "name": "Leaver"}))
        assert (await next_message(socket, "welcome"))["seat"] == 0
        made = 0
        waiting = False  # our move is on its way
        while True:
            message = await next_message(socket, "step", "sync")
            if message.get("seat") == 0:
                waiting = False
                if made == count:
                    return
            if message.get("legal") and not waiting and made < count:
                await socket.send(json.dumps({"type": "move", "move": moves[made]}))
                made, waiting = made + 1, True


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_a_stand_in_at_a_dropped_seat_plays_as_the_computer_there_from_the_start(game_id):
    game = GAMES[game_id]
    straight = seated(game_id, "quick")
    whole = play_out(game, straight, computers(straight), max_moves=MOVES).record.moves
    mine = [text for seat, text in whole if seat == 0]

    async def main() -> tuple[tuple[int, str], ...]:
        server = TableServer("127.0.0.1", 0)
        table = server.add(Table(game, seated(game_id, REMOTE), CODE, hand_over_after=0.0, stand_in="quick",
                                 agents=table_agents(PEOPLE)))
        await server.start()
        try:
            await leave_after(f"127.0.0.1:{server.port}", mine, LEFT_AFTER)
            await eventually(
                lambda: table.match is not None and (table.match.moves_made >= MOVES or table.match.over),
                "the computers did not play far enough")
            assert table.seats[0].computer
            return table.match.record.moves
        finally:
            server.stop()

    played, straight_moves = by_seat(asyncio.run(main())), by_seat(whole)
    for seat in range(straight.players):  # each seat's own moves (Take 5's hidden choices come in any order)
        count = min(len(played[seat]), len(straight_moves[seat]))
        assert count > LEFT_AFTER + 4 and played[seat][:count] == straight_moves[seat][:count], f"seat {seat}"


def by_seat(moves) -> dict[int, list[str]]:
    seats: dict[int, list[str]] = {}
    for seat, text in moves:
        seats.setdefault(seat, []).append(text)
    return seats
