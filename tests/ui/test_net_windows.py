"""The window at a network table: the host's, and one that joined a table hosted elsewhere.

Each plays a whole game against a computer client over the loopback
address, drawing from the views and steps the server sent its seat only.
"""

from __future__ import annotations

import asyncio
import json
import threading

import pygame
import pytest

from fiftyfifty_desktop.engine.records import Record, Seat, parse_record, replay
from fiftyfifty_desktop.net import protocol
from fiftyfifty_desktop.net.client import RemoteMatch
from fiftyfifty_desktop.net.computer import play_seat
from fiftyfifty_desktop.net.protocol import REMOTE
from fiftyfifty_desktop.net.server import ServerThread, TableServer
from fiftyfifty_desktop.net.table import Table
from fiftyfifty_desktop.profile import Profile
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui.i18n import tr
from fiftyfifty_desktop.net.hosted import HOSTED_RECORD
from fiftyfifty_desktop.ui.scenes.network import HostScene, LobbyScene
from fiftyfifty_desktop.ui.scenes.results import ResultsScene
from fiftyfifty_desktop.ui.tables.base import TableScene
from fiftyfifty_desktop.ui.tables.modes import RemoteMode
from fiftyfifty_desktop.ui.tables.remote import AWAY, COMPUTER, CONNECTED


#: Options that keep a whole game short.
SHORT = {"take5": {"target": 20}, "fiftyfive": {"target": 55}}


def computer_friend(address: str, code: str, outcome: list) -> threading.Thread:
    """A medium player joining from a thread of its own, as another machine would."""
    def run() -> None:
        outcome.append(asyncio.run(play_seat(address, code, "Friend", exit_at_end=False)))
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def first_choice(table):
    return table.choices()[0]


def wait_for(driver, done, frames: int = 3000) -> None:
    for _ in range(frames):
        if done():
            return
        driver.frame()
        threading.Event().wait(0.002)
    raise AssertionError("waited in vain")


def host_two_seats(driver, game_id: str, hosted_before: bool | None = None, everywhere: bool = True) -> LobbyScene:
    """From the title, host a two-seat table of ``game_id`` on any free port (for every network when
    ``everywhere``); its lobby."""
    driver.click_button("Play over the network")
    driver.click_button("Host a table")
    host = driver.top
    assert isinstance(host, HostScene)
    if hosted_before is not None:
        assert host.learn.visible == hosted_before  # "Open my last table again"
    assert host.everywhere.value is True  # a friend on the network can join at once, unless the host says no
    if not everywhere:
        host.everywhere.step(1)
    host.game_chooser.set_values(list(GAMES), game_id)
    host._game_changed(game_id)
    host.players.set_values(host.players.values, 2)
    host._rebuild()
    host.port.text = "0"
    driver.click_button("Open the table")
    lobby = driver.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def test_the_host_opens_a_table_a_friend_joins_and_they_play_it_through(driver, storage) -> None:
    lobby = host_two_seats(driver, "thirteen")
    wait_for(driver, lambda: bool(lobby.match.seats))
    assert lobby.address.startswith("wss://") and lobby.address.endswith(lobby.match.hosting.server.certificate.fingerprint)
    outcome: list = []
    computer_friend(lobby.match.session.address, lobby.match.session.code, outcome)  # the invitation, on loopback
    wait_for(driver, lambda: all(s["joined"] for s in lobby.match.seats))
    driver.click_button("Start the game")
    wait_for(driver, lambda: isinstance(driver.top, TableScene))
    table = driver.top
    assert isinstance(table.mode, RemoteMode) and table.viewer == 0
    assert not table.hints_offered and table.corner.button("hint") is None  # no hints in a network game
    driver.press(pygame.K_h, "h")
    assert table.advice is None
    seen = driver.play_to_end(first_choice)
    assert seen[-1] == "ResultsScene"
    record = parse_record(storage.record_path.with_name(HOSTED_RECORD).read_text(), GAMES)
    final = replay(record, GAMES).state
    assert table.match.scores() == GAMES["thirteen"].scores(final)
    assert not storage.has_record()  # the host's record is the table's, not a local saved game
    driver.click_button("Title screen")
    wait_for(driver, lambda: bool(outcome))
    assert outcome[0].message == "the host closed the table"
    assert outcome[0].scores == GAMES["thirteen"].scores(final)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_joined_window_plays_a_table_hosted_elsewhere(driver, tmp_path, game_id: str) -> None:
    """Every game's own table, fed by the client: a person here, a friend elsewhere, a computer at the host."""
    game = GAMES[game_id]
    record = Record(game_id, 3, game.resolve_options(3, SHORT.get(game_id, {})),
                    (Seat("Seat 1", REMOTE), Seat("Seat 2", REMOTE), Seat("Max", "medium")), 21)
    path = tmp_path / "hosted.json"
    server = TableServer("127.0.0.1", 0)
    server.add(Table(game, record, "elsewhere", record_path=path))
    thread = ServerThread(server)
    thread.start()
    try:
        driver.app.stack.open("net_lobby", match=RemoteMatch(f"127.0.0.1:{server.port}", "elsewhere", "Ann"))
        outcome: list = []
        wait_for(driver, lambda: bool(driver.top.match.seats))
        computer_friend(f"127.0.0.1:{server.port}", "elsewhere", outcome)
        wait_for(driver, lambda: isinstance(driver.top, TableScene))
        table = driver.top
        assert table.names[0] == "Ann" and table.names[2] == "Max"
        seen = driver.play_to_end(first_choice)
        assert seen[-1] == "ResultsScene" and isinstance(driver.top, ResultsScene)
        final = replay(parse_record(path.read_text(), GAMES), GAMES).state
        assert table.match.scores() == game.scores(final)
    finally:
        thread.stop()


def test_join_in_the_window_when_no_table_answers_is_one_line(capsys) -> None:
    from fiftyfifty_desktop.cli import run

    assert run(["join", "127.0.0.1:1", "--code", "abc", "--player", "human", "--exit-at-end"]) == 2
    assert capsys.readouterr().err.startswith("cannot reach the table at 127.0.0.1:1")


def hosted_elsewhere(record: Record, **table_options):
    """``record``'s table served on its own thread, as another machine would host it (code "elsewhere")."""
    server = TableServer("127.0.0.1", 0)
    server.add(Table(GAMES[record.game], record, "elsewhere", **table_options))
    thread = ServerThread(server)
    thread.start()
    return server, thread


def friendly_table(tmp_path, game_id: str = "take5"):
    """A table hosted elsewhere: two seats for people, one computer at the host; its server thread."""
    game = GAMES[game_id]
    record = Record(game_id, 3, game.resolve_options(3, SHORT.get(game_id, {})),
                    (Seat("Seat 1", REMOTE), Seat("Seat 2", REMOTE), Seat("Max", "medium")), 21)
    return hosted_elsewhere(record, record_path=tmp_path / "hosted.json")


def test_a_window_that_closed_mid_game_takes_its_seat_again(driver, storage, tmp_path) -> None:
    from tests.ui.drive import Driver

    server, thread = friendly_table(tmp_path)
    try:
        driver.app.stack.open("net_lobby", match=RemoteMatch(f"127.0.0.1:{server.port}", "elsewhere", "Ann"))
        wait_for(driver, lambda: bool(driver.top.match.seats))
        computer_friend(f"127.0.0.1:{server.port}", "elsewhere", [])
        wait_for(driver, lambda: isinstance(driver.top, TableScene))
        kept, _ = storage.load_joined()
        assert kept is not None and kept.code == "elsewhere" and kept.name == "Ann" and kept.game == "take5"
        table = driver.top
        wait_for(driver, lambda: table.my_turn and not table.busy)
        driver.click(first_choice(table)[1].center)
        wait_for(driver, lambda: table.match.moves_made >= 3)
        driver.close()  # the window goes away mid-game; the seat stays noted
        again = Driver.start(storage)
        try:
            again.click_button("Play over the network")
            again.click_button("Join a table")
            again.click_button("Take my seat again")
            wait_for(again, lambda: isinstance(again.top, TableScene))
            table = again.top
            assert table.names[0] == "Ann" and table.match.moves_made >= 3
            seen = again.play_to_end(first_choice)
            assert seen[-1] == "ResultsScene"
            again.click_button("Title screen")
            assert storage.load_joined() == (None, None)  # the game is over: nothing left to take again
        finally:
            again.close()
    finally:
        thread.stop()


def test_a_seat_the_table_no_longer_knows_is_forgotten_with_a_line(driver, storage, tmp_path) -> None:
    from fiftyfifty_desktop.storage import JoinedSeat

    server, thread = friendly_table(tmp_path)
    try:
        storage.save_joined(JoinedSeat(f"127.0.0.1:{server.port}", "elsewhere", "not-a-token", "Ann", "take5"))
        driver.click_button("Play over the network")
        driver.click_button("Join a table")
        driver.click_button("Take my seat again")
        wait_for(driver, lambda: driver.app.notices)
        assert driver.app.notices[-1] == ("That seat is no longer yours: "
                                          "no open seat at a table with that code")
        assert storage.load_joined() == (None, None)
    finally:
        thread.stop()


def test_the_join_screen_names_the_profiles_player(driver) -> None:
    driver.click_button("Play over the network")
    driver.click_button("Join a table")
    assert driver.top.name.text == "Player 1"  # no profile yet
    driver.app.stack.restart("title")
    driver.app.change_settings(profile=Profile("Zoe", ("Ben",)))
    driver.click_button("Play over the network")
    driver.click_button("Join a table")
    assert driver.top.name.text == "Zoe"


def test_a_broken_note_of_a_seat_is_set_aside_with_a_line(driver, storage) -> None:
    storage.joined_path.parent.mkdir(parents=True, exist_ok=True)
    storage.joined_path.write_text('{"address": 5}')
    driver.click_button("Play over the network")
    driver.click_button("Join a table")
    assert driver.app.notices and driver.app.notices[-1].startswith("The seat kept at a network table could not be read")
    assert not driver.top.rejoin.visible and not storage.joined_path.exists()


def test_the_host_opens_its_unfinished_table_again_after_the_window_closed(driver, storage) -> None:
    from tests.ui.drive import Driver

    lobby = host_two_seats(driver, "take5", hosted_before=False)
    wait_for(driver, lambda: bool(lobby.match.seats))
    code = lobby.match.session.code
    computer_friend(lobby.match.session.address, code, [])
    wait_for(driver, lambda: all(s["joined"] for s in lobby.match.seats))
    driver.click_button("Start the game")
    wait_for(driver, lambda: isinstance(driver.top, TableScene))
    table = driver.top
    for _ in range(2):
        wait_for(driver, lambda: table.my_turn and not table.busy)
        made = table.match.moves_made
        driver.click(first_choice(table)[1].center)
        wait_for(driver, lambda: table.match.moves_made > made)
    made = table.match.moves_made
    driver.close()  # the host's window goes away mid-game, and its server with it
    again = Driver.start(storage)
    try:
        again.click_button("Play over the network")
        again.click_button("Host a table")
        host = again.top
        assert host.learn.visible
        host.port.text = "0"
        again.click_button("Open my last table again")
        lobby = again.top
        assert isinstance(lobby, LobbyScene)
        wait_for(again, lambda: bool(lobby.match.seats) and lobby.match.seat == 0)
        assert lobby.match.session.code == code and lobby.match.session.host
        assert lobby.match.seats[1]["joined"] and not lobby.match.seats[1]["connected"]  # kept for the friend
        again.click_button("Start the game")
        wait_for(again, lambda: isinstance(again.top, TableScene))
        assert again.top.match.moves_made >= made  # the game goes on where it stopped
    finally:
        again.close()


@pytest.mark.parametrize("everywhere", [False, True])
def test_the_host_window_listens_for_other_machines_unless_told_otherwise(driver, everywhere: bool) -> None:
    from tests.test_net_cli import other_address, reachable

    lobby = host_two_seats(driver, "take5", everywhere=everywhere)
    try:
        wait_for(driver, lambda: bool(lobby.match.seats))
        server = lobby.match.hosting.server
        listens = "0.0.0.0" if everywhere else "127.0.0.1"
        assert server.host == listens and {s.getsockname()[0] for s in server._server.sockets} == {listens}
        elsewhere = other_address()
        if elsewhere is not None:
            assert reachable(elsewhere, server.port) is everywhere
    finally:
        lobby.leave()


@pytest.mark.parametrize("clipboard", [True, False])
def test_the_host_copies_the_whole_invitation_from_the_lobby(driver, monkeypatch, clipboard: bool) -> None:
    """The invitation (address, code and fingerprint) is too long to read out: the lobby shows all of it and its
    Copy button puts it on the clipboard, or says plainly that there is none."""
    copied: list[str] = []
    monkeypatch.setattr("fiftyfifty_desktop.ui.scenes.network.copy_text",
                        lambda text: copied.append(text) or clipboard)
    lobby = host_two_seats(driver, "take5")
    try:
        wait_for(driver, lambda: bool(lobby.match.seats))
        assert lobby.copy.visible and lobby.address.startswith("wss://") and "#" in lobby.address
        driver.click(lobby.copy.rect.center)
        assert copied == [lobby.address]
        assert lobby.copied == tr("net.copied" if clipboard else "net.copy_failed")
    finally:
        lobby.leave()


def test_a_table_only_this_machine_can_join_offers_only_the_invitation_for_this_machine(driver) -> None:
    lobby = host_two_seats(driver, "take5", everywhere=False)
    try:
        wait_for(driver, lambda: bool(lobby.match.seats))
        assert not lobby.copy.visible and lobby.copy_local.visible
    finally:
        lobby.leave()



def test_the_seat_chips_show_who_is_connected_away_or_a_computer_and_whom_the_table_waits_for(driver, tmp_path) -> None:
    """Ann plays in this window; a friend elsewhere (a hand-driven client, the table's host) waits, hands its
    seat to the computer and back, then drops; Max is a computer at the host. Take 5: every seat chooses."""
    from websockets.sync.client import connect as connect_now

    game = GAMES["take5"]
    record = Record("take5", 3, game.resolve_options(3, SHORT["take5"]),
                    (Seat("Seat 1", REMOTE), Seat("Seat 2", REMOTE), Seat("Max", "medium")), 21)
    server, thread = hosted_elsewhere(record, host_secret="s3")
    address = f"127.0.0.1:{server.port}"
    try:
        driver.app.stack.open("net_lobby", match=RemoteMatch(address, "elsewhere", "Ann"))
        wait_for(driver, lambda: driver.top.match.seat == 0)
        with connect_now(f"ws://{address}", proxy=None, compression=None, max_queue=None) as friend:
            def send(message: dict) -> None:
                friend.send(json.dumps(message))

            send({"type": "hello", "version": protocol.VERSION, "code": "elsewhere", "name": "Friend", "host": "s3"})
            send({"type": "start"})
            wait_for(driver, lambda: isinstance(driver.top, TableScene))
            table = driver.top

            def chips() -> dict[int, tuple[str, tuple[int, int, int]]]:
                return {seat: (label, colour) for seat, _, label, colour in table.overlay.chips()}

            def shows(seat: int, label: str, colour) -> bool:
                return chips().get(seat) == (label, colour)

            # Connected and still to choose: the table waits for the friend; Max has chosen at once.
            wait_for(driver, lambda: shows(1, "waiting for Friend", CONNECTED) and shows(2, "Max", COMPUTER))
            assert shows(0, "Ann", CONNECTED)  # this window's own seat: never "waiting for"
            send({"type": "computer", "seat": 1, "on": True})  # the computer chooses for the friend
            wait_for(driver, lambda: shows(1, "Friend", COMPUTER))
            send({"type": "computer", "seat": 1, "on": False})
            wait_for(driver, lambda: shows(1, "Friend", CONNECTED))
        wait_for(driver, lambda: shows(1, "Friend · away", AWAY))
        # Ann chooses; the next turn waits for the friend, who is away.
        for _ in range(20):
            wait_for(driver, lambda: (table.my_turn and not table.busy) or shows(1, "waiting for Friend · away", AWAY))
            if shows(1, "waiting for Friend · away", AWAY):
                break
            made = table.match.moves_made
            driver.click(first_choice(table)[1].center)
            wait_for(driver, lambda: table.match.moves_made > made)
        wait_for(driver, lambda: shows(1, "waiting for Friend · away", AWAY) and shows(2, "Max", COMPUTER))
        assert shows(0, "Ann", CONNECTED)
    finally:
        thread.stop()


def test_a_joined_window_sits_at_an_open_seat_of_the_lobby_and_the_host_sees_it(driver, tmp_path) -> None:
    """'Sit here' stands beside the open seats only: not beside the host's, a computer's, or one the host
    gave to the computer."""
    game = GAMES["take5"]
    record = Record("take5", 4, game.resolve_options(4, {}),
                    tuple(Seat(f"Seat {i + 1}", REMOTE) for i in range(3)) + (Seat("Max", "medium"),), 21)
    server, thread = hosted_elsewhere(record, host_secret="s3")
    address = f"127.0.0.1:{server.port}"
    host = RemoteMatch(address, "elsewhere", "Host", seat=0, host_secret="s3")
    try:
        host.wait_for_computers(2)
        driver.app.stack.open("net_lobby", match=RemoteMatch(address, "elsewhere", "Ann"))
        lobby = driver.top

        def seen(done) -> None:
            wait_for(driver, lambda: host.pump() or done())

        def offered() -> list[int]:
            """The seats the lobby offers (redrawn a frame after the table's message arrives)."""
            return [seat for seat, _, button in lobby.rows if button is not None]

        seen(lambda: lobby.match.seat == 1 and len(lobby.rows) == 4 and offered() == [2])
        host.hand_over(2, True)
        seen(lambda: lobby.match.seats[2]["computer"] and offered() == [])
        host.hand_over(2, False)
        seen(lambda: not lobby.match.seats[2]["computer"] and lobby.rows[2][2] is not None)
        driver.click_button("Sit here")
        seen(lambda: lobby.match.seat == 2 and host.seats[2]["name"] == "Ann")
        assert host.seats[1] == {**host.seats[1], "name": "Seat 2", "joined": False}
        seen(lambda: offered() == [1])  # its own table message
    finally:
        host.close()
        thread.stop()
