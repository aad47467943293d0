"""Screens that wait change by themselves in the real program: the host's seat list when a computer joins, and
Connecting…, which Cancel leaves and which gives up with one line when the table never answers."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time

from fiftyfifty_desktop.net.address import invitation
from fiftyfifty_desktop.net.certificate import host_certificate
from fiftyfifty_desktop.net.client import RemoteMatch
from fiftyfifty_desktop.net.seats import tokens_path
from fiftyfifty_desktop.ui.i18n import tr
from fiftyfifty_desktop.net.hosted import HOSTED_RECORD
from fiftyfifty_desktop.ui.scenes.network import CONNECT_LIMIT

from .screen import SETTLE_WITHIN


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def press(display, twin, label: str):
    """Click the button ``label`` in the window, where the twin has it, and in the twin; the new screen."""
    before = display.shot()
    centre = twin.button(label).rect.center
    display.click(centre)
    twin.click(centre)
    return display.settled(unlike=before)


def test_the_hosts_seat_list_shows_a_computer_joining_while_the_mouse_stays_still(display, program, twin, tmp_path):
    host = program()
    display.settled()
    press(display, twin, tr("net.title_button"))
    press(display, twin, tr("net.host"))
    port = free_port()
    display.click(twin.top.port.rect.center)
    display.key("ctrl+a")
    display.type(str(port))
    before = display.shot()
    display.click(twin.top.start.rect.center)  # Open the table (in the window only: the twin hosts nothing)
    lobby = display.settled(unlike=before)

    data = host.home / "data"
    seats = tokens_path(data / HOSTED_RECORD)
    code = json.loads(seats.read_text())["code"]  # the host sits at seat 0 before the lobby shows
    where = invitation("127.0.0.1", port, code, host_certificate(data).fingerprint)
    said = tmp_path / "join.txt"
    with open(said, "wb") as out:
        joining = subprocess.Popen([sys.executable, "-u", "-m", "fiftyfifty_desktop", "join", where, "--player",
                                    "medium", "--name", "Bot"], stdout=out, stderr=subprocess.STDOUT,
                                   env={**display.env(), "FIFTYFIFTY_HOME": str(tmp_path / "bot")})
    try:
        display.changes(since=lobby)  # no input at all: only the connection's wake-up paints the window
        deadline = time.monotonic() + SETTLE_WITHIN
        while "seated at seat 2" not in said.read_text():
            assert time.monotonic() < deadline and joining.poll() is None, said.read_text()
            time.sleep(0.1)
        assert display.settled() != lobby
    finally:
        joining.terminate()
        joining.wait(timeout=10)


def closed_port() -> str:
    """An address where no table listens, so a kept seat's connection tries again and again."""
    return f"127.0.0.1:{free_port()}"


def test_connecting_is_cancelled_back_to_the_title(display, program, twin):
    address = closed_port()
    joining = program("join", address, "--code", "gone", "--token", "kept-seat", "--player", "human")
    connecting = display.settled()
    lobby = twin.app.stack.open("net_lobby", match=RemoteMatch(address, "gone", "Ann", token="kept-seat"))
    twin.frame()
    display.click(lobby.cancel.rect.center)
    display.settled(unlike=connecting)
    twin.click(lobby.cancel.rect.center)
    assert type(twin.top).__name__ == "TitleScene"
    display.click(twin.button(tr("title.quit")).rect.center)  # the window is on the title: Quit ends it
    assert joining.finished() == 0


def test_connecting_gives_up_with_one_line_stating_the_time_it_waited(display, program):
    joining = program("join", closed_port(), "--code", "gone", "--token", "kept-seat", "--player", "human",
                      "--exit-at-end")
    display.settled()
    assert joining.finished(within=CONNECT_LIMIT + SETTLE_WITHIN) == 2
    assert joining.stderr.strip().splitlines()[-1] == tr("net.no_answer", seconds=CONNECT_LIMIT)
