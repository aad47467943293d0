"""Connecting… to a table: it has Cancel (and Esc), gives up in one line stating the time it waited, and the
connection's thread wakes the resting window whenever it hears the table."""

from __future__ import annotations

import socket

import pygame
import pytest

from fiftyfifty_desktop.net.client import RemoteMatch
from fiftyfifty_desktop.storage import JoinedSeat
from fiftyfifty_desktop.ui.i18n import tr
from fiftyfifty_desktop.ui.scenes import network
from fiftyfifty_desktop.ui.scenes.network import CONNECT_LIMIT, LobbyScene


@pytest.fixture
def silent_address():
    """An address that takes the connection and never answers (nothing accepts from its backlog)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    yield f"127.0.0.1:{listener.getsockname()[1]}"
    listener.close()


def connecting(driver, address: str) -> LobbyScene:
    lobby = driver.app.stack.open("net_lobby", match=RemoteMatch(address, "quiet", "Ann"))
    driver.frame()
    assert isinstance(driver.top, LobbyScene) and lobby.match.game is None
    return lobby


def test_connecting_offers_cancel_which_goes_back_to_the_title(driver, silent_address):
    lobby = connecting(driver, silent_address)
    assert [type(w).__name__ for w in driver.widgets()] == ["Button"]
    driver.click_button(tr("net.cancel"))
    assert type(driver.top).__name__ == "TitleScene" and lobby.match.closed


def test_esc_cancels_connecting_and_keeps_a_seat_kept_from_before(driver, silent_address, storage):
    kept = JoinedSeat(silent_address, "quiet", "token-1", "Ann", "take5")
    storage.save_joined(kept)
    lobby = driver.app.stack.open("net_lobby", match=RemoteMatch(silent_address, "quiet", "Ann", token="token-1"),
                                  rejoining=True)
    driver.frame()
    driver.press(pygame.K_ESCAPE)
    assert type(driver.top).__name__ == "TitleScene" and lobby.match.closed
    assert storage.load_joined()[0] == kept  # the table never answered: the seat is still ours to take again


def test_no_answer_gives_up_in_one_line_naming_the_time_waited(driver, silent_address, monkeypatch):
    lobby = connecting(driver, silent_address)
    shown = lobby.picture_key()
    monkeypatch.setattr(network.time, "monotonic", lambda: lobby.connect_by)
    driver.frame()
    line = tr("net.no_answer", seconds=CONNECT_LIMIT)
    assert lobby.gave_up == line and f"{CONNECT_LIMIT} s" in line and "\n" not in line
    assert lobby.match.closed and lobby.picture_key() != shown  # a quiet wake of the resting window paints it
    driver.click_button(tr("common.back"))
    assert type(driver.top).__name__ == "TitleScene"


def test_the_lobby_hands_its_match_the_windows_wake_up(driver, silent_address):
    lobby = connecting(driver, silent_address)
    assert lobby.match.wake is driver.app.wake


def test_the_connection_wakes_the_window_when_it_hears_the_table(tmp_path):
    import threading

    from fiftyfifty_desktop.engine.records import Record, Seat
    from fiftyfifty_desktop.net.protocol import REMOTE
    from fiftyfifty_desktop.net.server import ServerThread, TableServer
    from fiftyfifty_desktop.net.table import Table
    from fiftyfifty_desktop.registry import GAMES

    game = GAMES["take5"]
    record = Record("take5", 2, game.resolve_options(2), (Seat("Seat 1", REMOTE), Seat("Seat 2", REMOTE)), 5)
    server = TableServer("127.0.0.1", 0)
    server.add(Table(game, record, "heard", record_path=tmp_path / "hosted.json"))
    thread = ServerThread(server)
    thread.start()
    heard = threading.Event()
    match = RemoteMatch(f"127.0.0.1:{server.port}", "heard", "Ann", wake=heard.set)
    try:
        assert heard.wait(10) and match.pump() is False and match.game is game  # the welcome, waiting to be read
    finally:
        match.close()
        thread.stop()
