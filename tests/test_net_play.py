"""Whole games over the loopback network: four computer clients against a table server.

Every game ends with the scores that replaying the server's saved record
gives, and every message a seat receives holds exactly that seat's view
and the steps it may see: never another seat's hidden cards.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fiftyfifty_desktop.engine.match import Match
from fiftyfifty_desktop.engine.records import Record, Seat, parse_record, replay
from fiftyfifty_desktop.net.client import Session
from fiftyfifty_desktop.net.computer import play_seat
from fiftyfifty_desktop.net.codec import codec_for
from fiftyfifty_desktop.net.protocol import REMOTE
from fiftyfifty_desktop.net.server import TableServer
from fiftyfifty_desktop.net.table import Table
from fiftyfifty_desktop.registry import GAMES
from .waiting import HANG_GUARD

CODE = "test-table"


def remote_record(game_id: str, seed: int, players: int = 4, computers: tuple[int, ...] = ()) -> Record:
    game = GAMES[game_id]
    seats = tuple(Seat(f"Seat {i + 1}", "medium" if i in computers else REMOTE) for i in range(players))
    return Record(game_id, players, game.resolve_options(players, {}), seats, seed)


async def play_table(record: Record, path: Path | None, clients: int, **table_options):
    """Serve ``record`` and play it with ``clients`` medium clients; their outcomes and the server."""
    server = TableServer("127.0.0.1", 0)
    server.add(Table(GAMES[record.game], record, CODE, record_path=path, **table_options))
    await server.start()
    address = f"127.0.0.1:{server.port}"
    try:
        outcomes = await asyncio.wait_for(asyncio.gather(
            *[play_seat(address, CODE, f"P{i}", keep_messages=True) for i in range(clients)]), HANG_GUARD)
    finally:
        server.stop()
    return outcomes, server


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_ends_as_the_saved_record_replays(game_id: str, tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    outcomes, _ = asyncio.run(play_table(remote_record(game_id, 11), path, 4))
    record = parse_record(path.read_text(), GAMES)
    final = replay(record, GAMES).state
    game = GAMES[game_id]
    assert game.is_over(final)
    for outcome in outcomes:
        assert outcome.message == "the game is over"
        assert outcome.scores == game.scores(final)
        assert outcome.winners == game.winners(final)
        assert outcome.moves == len(record.moves)


class _Truth:
    """What each seat should have been sent: the match's own filtered steps and views."""

    def __init__(self, seat: int) -> None:
        self.watching = seat
        self.messages: list[dict] = []

    def on_step(self, step, view) -> None:
        self.messages.append((step, view))


def _tags(value) -> set[str]:
    """Every class named by a ``"@"`` anywhere in a message."""
    if isinstance(value, dict):
        found = {value["@"]} if isinstance(value.get("@"), str) else set()
        return found.union(*(_tags(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_tags(v) for v in value))
    return set()


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", [3, 4])
def test_no_seat_is_sent_another_seats_hidden_cards(game_id: str, seed: int, tmp_path: Path) -> None:
    """Every step a seat received equals what the game lets that seat see; the deal's seed only at the end."""
    path = tmp_path / "table.json"
    outcomes, server = asyncio.run(play_table(remote_record(game_id, seed), path, 4))
    record = parse_record(path.read_text(), GAMES)
    game = GAMES[game_id]
    codec = codec_for(game)
    truths = [_Truth(seat) for seat in range(record.players)]
    match = Match(game, Record(record.game, record.players, record.options, record.seats, record.seed), {})
    for truth in truths:
        match.watch(truth)
    for seat, text in record.moves:
        match.submit(seat, game.parse_move(text))
    for seat, outcome in enumerate(outcomes):
        steps = [m for m in outcome.messages if m["type"] == "step"]
        assert len(steps) == len(truths[seat].messages)
        for message, (step, view) in zip(steps, truths[seat].messages):
            assert message["view"] == json.loads(json.dumps(codec.encode(view)))
            assert message["events"] == json.loads(json.dumps([codec.encode(e) for e in step.events]))
            assert message["move"] == (None if step.move is None else step.move.text())
            assert ("seed" in message) == bool(message.get("over"))
        tags = {tag for m in outcome.messages for tag in _tags(m)}
        assert tags <= set(codec.classes) and not any(tag.endswith("State") or tag == "Rng" for tag in tags)


def test_a_step_sends_only_the_fields_of_the_view_that_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first step of a connection carries the whole view, every later one what changed since (a sync
    is whole again), and the client puts the whole view back together (the test above compares each)."""
    wire: list[dict] = []
    whole: list[int] = []  # the size of each step's view put back together
    whole_view = Session._whole_view

    def note(session: Session, message: dict) -> None:
        wire.append(json.loads(json.dumps(message)))
        whole_view(session, message)
        whole.append(len(json.dumps(message.get("view"))))

    monkeypatch.setattr(Session, "_whole_view", note)
    asyncio.run(play_table(remote_record("take5", 5, players=2), None, 2))
    steps = [m for m in wire if m["type"] == "step"]
    assert sum("view" in m for m in steps) == 2  # the opening step of each seat
    assert all(("view" in m) != ("changed" in m) for m in steps)
    sizes = [len(json.dumps(m["changed"])) for m in steps if "changed" in m]
    assert len(sizes) == len(steps) - 2 and sum(sizes) < sum(whole) / 3


def test_computer_seats_at_the_server_play_with_remote_ones(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    outcomes, _ = asyncio.run(play_table(remote_record("fiftyfive", 5, computers=(1, 3)), path, 2))
    final = replay(parse_record(path.read_text(), GAMES), GAMES).state
    assert all(o.scores == GAMES["fiftyfive"].scores(final) for o in outcomes)


def test_serve_and_join_commands_play_a_game(tmp_path: Path) -> None:
    """The command line as a player types it: serve with --exit-at-end, three computer clients join."""
    path = tmp_path / "game.json"
    program = [sys.executable, "-m", "fiftyfifty_desktop"]
    env = {**os.environ, "FIFTYFIFTY_HOME": str(tmp_path)}
    server = subprocess.Popen(program + ["serve", "--game", "thirteen", "--seats", "remote,medium,remote,remote",
                                         "--port", "0", "--code", "abc", "--seed", "9", "--record", str(path),
                                         "--exit-at-end"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = server.stdout.readline()
        assert line.startswith("table abc: Thirteen, invitation wss://127.0.0.1:"), line
        invitation = line.split("invitation ")[1].split()[0]  # the one string a host shares: over TLS, pinned
        joins = [subprocess.Popen(program + ["join", invitation, "--player", "medium", "--exit-at-end"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(3)]
        results = [j.communicate(timeout=30) for j in joins]
        assert server.wait(timeout=10) == 0
    finally:
        server.kill()
    replayed = subprocess.run(program + ["replay", str(path)], capture_output=True, text=True, timeout=30)
    scores = replayed.stdout.splitlines()[-1].split("scores ")[1]
    for (out, err), join in zip(results, joins):
        assert join.returncode == 0, err
        seated, over = out.strip().splitlines()
        assert seated.startswith("seated at seat ") and "--token=" in seated
        assert over == f"the game is over: scores {scores}"
