"""A hostile host, met by ``join`` and by the window's ``RemoteMatch``: text with escapes and newlines, a line
dropped after every welcome, an oversize frame, no welcome at all, a redirect. Each ends the table with one
line (``join``: one line and a non-zero exit; the window: ``RemoteMatch.failure``, which the table shows as a
lost connection), and nothing is followed or retried for ever. Loopback only."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from websockets.sync.server import ServerConnection, serve

from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.net import client
from fiftyfifty_desktop.net.client import RemoteMatch
from fiftyfifty_desktop.net.protocol import SERVER_MESSAGE_LIMIT, SHOWN_TEXT_LIMIT

from . import waiting

WELCOME = {"type": "welcome", "version": 4, "seat": 0, "token": "t", "game": "take5", "host": False}
ESCAPES = "\x1b[2J\x1b[31mthe host\nis\r\x07 here\u202e" + "!" * 400


@contextmanager
def hostile(handler: Callable[[ServerConnection], None], **options) -> Iterator[int]:
    """A host on a thread of its own answering every connection with ``handler``; its port."""
    server = serve(handler, "127.0.0.1", 0, compression=None, **options)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.socket.getsockname()[1]
    finally:
        server.shutdown()
        thread.join()


def joined(port: int, capsys) -> tuple[int, str]:
    """How ``join --player random`` at the host ends: its exit status and its one line (beside the seat and token
    it prints on each welcome)."""
    status = run(["join", f"127.0.0.1:{port}", "--code", "abc", "--player", "random"])
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1, lines
    return status, lines[0]


def window_failure(port: int) -> str:
    """What the window's table is told when it joins the host: the one line it shows."""
    match = RemoteMatch(f"127.0.0.1:{port}", "abc", "Ann")
    try:
        waiting.until(lambda: match.failure or match.ended, "the window was never told",
                      between=lambda: (match.pump(), time.sleep(waiting.LOOK_EVERY)))
        return match.failure or match.ended or ""
    finally:
        match.close()


def says_then_closes(*messages: dict) -> Callable[[ServerConnection], None]:
    def handler(socket: ServerConnection) -> None:
        socket.recv()
        for message in messages:
            socket.send(json.dumps(message))
    return handler


def test_the_hosts_closing_words_are_shown_cleaned_and_cut_short(capsys) -> None:
    with hostile(says_then_closes({"type": "closed", "message": ESCAPES})) as port:
        status, line = joined(port, capsys)
        shown = window_failure(port)
    for text in (line, shown):
        assert "the host is here" in text and not any(c in text for c in "\x1b\n\r\x07\u202e")
        assert len(text) <= SHOWN_TEXT_LIMIT + len("fiftyfifty-desktop: ")
    assert status != 0


def test_a_refusal_and_a_seat_name_from_the_host_are_cleaned_in_the_window() -> None:
    table = {"type": "table", "game": "take5", "players": 2, "options": {}, "started": False, "over": False,
             "seats": [{"name": "\x1b[1mA\nB"}, {"name": "C" * 60}]}
    with hostile(says_then_closes(WELCOME, table, {"type": "error", "message": ESCAPES})) as port:
        match = RemoteMatch(f"127.0.0.1:{port}", "abc", "Ann")
        try:
            waiting.until(lambda: match.pump() or match.error, "the refusal never came")
            assert [seat["name"] for seat in match.seats] == ["[1mA B", "C" * 23 + "…"]
            assert match.error is not None and "\x1b" not in match.error and "\n" not in match.error
        finally:
            match.close()


def test_a_host_that_drops_every_line_after_its_welcome_is_given_up_after_a_few_tries(capsys, monkeypatch) -> None:
    monkeypatch.setattr(client, "REJOIN_PAUSES", (0.001,) * 5)
    hellos: list[str] = []

    def handler(socket: ServerConnection) -> None:
        hellos.append(socket.recv())
        socket.send(json.dumps(WELCOME))

    with hostile(handler) as port:
        status, line = joined(port, capsys)
        assert status != 0 and f"{len(client.REJOIN_PAUSES)} tries to rejoin failed" in line
        assert len(hellos) == len(client.REJOIN_PAUSES) + 1
        assert f"{len(client.REJOIN_PAUSES)} tries" in window_failure(port)


def test_an_oversize_frame_ends_the_table_at_once(capsys) -> None:
    hellos: list[str] = []

    def handler(socket: ServerConnection) -> None:
        hellos.append(socket.recv())
        socket.send(json.dumps(WELCOME))
        socket.send("x" * (SERVER_MESSAGE_LIMIT + 1))
        socket.recv()  # until the client hangs up

    with hostile(handler) as port:
        status, line = joined(port, capsys)
        assert status != 0 and "does not understand: a message over 256 KiB" in line and len(hellos) == 1
        assert "a message over 256 KiB" in window_failure(port)


def test_a_host_that_never_welcomes_is_left_after_the_stated_time(capsys, monkeypatch) -> None:
    monkeypatch.setattr(client, "WELCOME_WITHIN", 0.05)
    with hostile(lambda socket: socket.recv() and socket.recv()) as port:
        status, line = joined(port, capsys)
        assert status != 0 and "did not answer within 0.05 s" in line
        assert "did not answer within" in window_failure(port)


def test_a_redirect_is_never_followed(capsys) -> None:
    elsewhere: list[str] = []
    with hostile(lambda socket: elsewhere.append(socket.recv())) as other:
        def moved(connection, request):
            response = connection.respond(302, "moved")
            response.headers["Location"] = f"ws://127.0.0.1:{other}/"
            return response

        with hostile(lambda socket: None, process_request=moved) as port:
            status, line = joined(port, capsys)
            assert status != 0 and "cannot reach the table" in line and "302" in line
            assert "302" in window_failure(port)
    assert elsewhere == []


@pytest.mark.parametrize("seconds", [client.WELCOME_WITHIN])
def test_the_welcome_limit_outlasts_the_slowest_answer_a_table_gives(seconds: float) -> None:
    from fiftyfifty_desktop.net.admission import LONGEST_DELAY
    from fiftyfifty_desktop.net.server import HELLO_TIMEOUT

    assert seconds > LONGEST_DELAY and seconds > HELLO_TIMEOUT


def test_a_host_flooding_the_window_ends_its_table_instead_of_filling_its_memory(monkeypatch) -> None:
    monkeypatch.setattr(client, "INBOX_LIMIT", 50)
    table = {"type": "table", "game": "take5", "players": 2, "options": {}, "started": False, "over": False,
             "seats": [{"name": "A"}, {"name": "B"}]}
    def flood(socket: ServerConnection) -> None:
        socket.recv()
        socket.send(json.dumps(WELCOME))
        for _ in range(10_000):
            socket.send(json.dumps(table))

    with hostile(flood) as port:
        match = RemoteMatch(f"127.0.0.1:{port}", "abc", "Ann")  # a window that reads nothing yet
        try:
            waiting.until(lambda: match.failure, "the flood was never stopped")
            assert "more than 50 messages" in match.failure and match.inbox.qsize() <= 51
        finally:
            match.close()


def _take5_step(**changes) -> dict:
    """A real opening step of a two-seat Take 5 table for seat 0, its view's fields changed as given."""
    from fiftyfifty_desktop.net.codec import codec_for
    from fiftyfifty_desktop.registry import GAMES

    game = GAMES["take5"]
    state, events = game.new_game(2, {}, 7)
    codec = codec_for(game)
    view = {**codec.encode(game.view(state, 0)), **changes}
    return {"type": "step", "index": 0, "made": 0, "seat": None, "move": None, "to_move": [0, 1],
            "events": [codec.encode(e) for e in events if game.event_audience(e) is None], "view": view}


TAKE5_TABLE = {"type": "table", "game": "take5", "players": 2, "options": {"target": 66, "variant": "standard"},
               "started": True, "over": False, "seats": [{"name": "A"}, {"name": "B"}]}


@pytest.mark.parametrize("sent, field", [
    ([_take5_step(rows=[[400], [2], [3], [4]])], "Take5View.rows"),  # the right types, a card no deck has
    ([_take5_step(hand_sizes=[10, 99])], "Take5View.hand_sizes"),
    ([_take5_step(), {**_take5_step(target=99), "made": 1}], "Take5View.target"),  # not the table's
    ([_take5_step(), {**_take5_step(seat=1), "made": 1}], "Take5View.seat"),
    ([_take5_step(), {**_take5_step(), "index": 5, "made": 6}], "index 5"),  # moves skipped
], ids=["card-400", "hand-size", "target-changed", "another-seat", "out-of-order"])
def test_a_view_that_cannot_be_ends_the_table_with_one_line_naming_the_field(sent, field, capsys) -> None:
    with hostile(says_then_closes(WELCOME, TAKE5_TABLE, *sent)) as port:
        status, line = joined(port, capsys)
        shown = window_failure(port)
    assert status != 0 and "does not understand" in line and field in line
    assert "does not understand" in shown and field in shown


def test_the_real_opening_step_is_taken() -> None:
    """The step the hostile ones above are made from is one the window reads (so each refusal is its field's)."""
    with hostile(says_then_closes(WELCOME, TAKE5_TABLE, _take5_step())) as port:
        match = RemoteMatch(f"127.0.0.1:{port}", "abc", "Ann")
        try:
            waiting.until(lambda: match.pump() or match.failure or match.ended, "the step never came")
            assert match.failure is None and match.poll() and len(match.view(0).hand) == 10
        finally:
            match.close()
