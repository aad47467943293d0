"""The window follows its network table: a friend who leaves is announced at the host's table, a dropped line
is rejoined by itself with the tries on screen, a hosted game is continued from Continue after a restart, the
host offers an invitation for this machine too, the invitation field takes a long paste, and the seat chips
cover nothing of the table. Every table is served over the loopback address."""

from __future__ import annotations

import threading

import pygame
import pytest

from fiftyfifty_desktop.net import client
from fiftyfifty_desktop.net.address import parse_address
from fiftyfifty_desktop.net.client import RemoteMatch
from fiftyfifty_desktop.ui import audit
from fiftyfifty_desktop.net.hosted import HOSTED_RECORD
from fiftyfifty_desktop.ui.i18n import tr
from fiftyfifty_desktop.ui.layout import GOLD
from fiftyfifty_desktop.ui.scenes.confirm import ConfirmScene
from fiftyfifty_desktop.ui.scenes.network import JoinScene, LobbyScene
from fiftyfifty_desktop.ui.scenes.results import ResultsScene
from fiftyfifty_desktop.ui.tables.base import TableScene
from fiftyfifty_desktop.ui.tables.remote import AWAY, COMPUTER, CONNECTED, RECONNECTING

from .test_net_windows import computer_friend, first_choice, friendly_table, host_two_seats, wait_for


def friend_at(scene, token: str | None = None) -> RemoteMatch:
    """A friend's client at the table of a host's lobby or table (by the invitation, or back with a seat's
    ``token``)."""
    return RemoteMatch(scene.match.session.address, scene.match.session.code, "Friend", token=token)


def hosted_and_started(driver, everywhere: bool = True) -> tuple[TableScene, RemoteMatch]:
    """A Take 5 table hosted in this window (for every network, or this machine only), a friend seated at it
    from a second client, the game begun."""
    lobby = host_two_seats(driver, "take5", everywhere=everywhere)
    wait_for(driver, lambda: lobby.match.seat == 0)
    friend = friend_at(lobby)
    wait_for(driver, lambda: len(lobby.match.seats) == 2 and lobby.match.seats[1]["connected"])
    driver.click_button("Start the game")
    wait_for(driver, lambda: isinstance(driver.top, TableScene))
    wait_for(driver, lambda: friend.pump() or friend.started)
    return driver.top, friend


def chip(table: TableScene, seat: int) -> tuple[str, tuple[int, int, int]]:
    [(label, colour)] = [(label, colour) for s, _, label, colour in table.overlay.chips() if s == seat]
    return label, colour


# ----- a friend who leaves ---------------------------------------------------------
def test_a_friend_who_leaves_is_announced_at_the_host_and_a_computer_takes_the_seat_when_asked(driver) -> None:
    table, friend = hosted_and_started(driver)
    friend.close()
    wait_for(driver, lambda: isinstance(driver.top, ConfirmScene))
    asked = driver.top
    assert asked.heading() == tr("net.left_heading", name="Friend") == "Friend left the table"
    assert asked.subheading() == tr("net.left_question", name="Friend")
    driver.click_button("Let a computer play")
    wait_for(driver, lambda: driver.top is table and chip(table, 1) == ("Friend", COMPUTER))
    table.match.close()


def test_the_host_may_wait_for_a_friend_who_left_and_sees_them_away_then_back(driver) -> None:
    table, friend = hosted_and_started(driver)
    token = friend.session.token
    friend.close()
    wait_for(driver, lambda: isinstance(driver.top, ConfirmScene))
    driver.click_button("Wait")  # the safe answer, first
    wait_for(driver, lambda: driver.top is table and chip(table, 1)[1] == AWAY)
    assert chip(table, 1)[0] in ("Friend · away", "waiting for Friend · away")
    assert not table.match.seats[1]["computer"]
    again = friend_at(table, token)  # back with the seat's token
    try:
        wait_for(driver, lambda: chip(table, 1)[1] == CONNECTED)
        assert chip(table, 1)[0] in ("Friend · back", "waiting for Friend · back")
        assert driver.top is table  # no question for a friend who came back
    finally:
        again.close()
        table.match.close()


# ----- a lost line -------------------------------------------------------------------
@pytest.fixture
def line(monkeypatch):
    """The line to every table: ``down`` set, no connection can be made (the table itself runs on)."""
    down = threading.Event()
    connect_to = client.connect_to

    def through_the_line(*args, **kwargs):
        if down.is_set():
            raise OSError("the line is down")
        return connect_to(*args, **kwargs)

    monkeypatch.setattr(client, "connect_to", through_the_line)
    return down


def cut(match: RemoteMatch) -> None:
    """The connection drops as a lost line drops it: no word from either side."""
    socket = match.session._socket
    assert socket is not None and match._loop is not None
    match._loop.call_soon_threadsafe(socket.transport.abort)


def joined_and_playing(driver, tmp_path) -> tuple[TableScene, object]:
    """A Take 5 table hosted elsewhere, this window at seat 0, a computer friend at seat 1, the game begun."""
    server, thread = friendly_table(tmp_path)
    driver.app.stack.open("net_lobby", match=RemoteMatch(f"127.0.0.1:{server.port}", "elsewhere", "Ann"))
    wait_for(driver, lambda: bool(driver.top.match.seats))
    computer_friend(f"127.0.0.1:{server.port}", "elsewhere", [])
    wait_for(driver, lambda: isinstance(driver.top, TableScene))
    return driver.top, thread


def test_a_dropped_line_is_rejoined_by_itself_with_its_tries_on_screen_and_play_goes_on(
        driver, storage, tmp_path, monkeypatch, line) -> None:
    monkeypatch.setattr(client, "REJOIN_PAUSES", (0.05, 0.5, 0.5, 0.5, 0.5))
    table, thread = joined_and_playing(driver, tmp_path)
    try:
        wait_for(driver, lambda: table.my_turn and not table.busy)
        driver.click(first_choice(table)[1].center)
        wait_for(driver, lambda: table.match.moves_made >= 3)
        line.set()
        cut(table.match)
        second = tr("net.chip_state", label="Ann", state=tr("net.state_reconnecting", n=2, total=5))
        assert second == "Ann · reconnecting… (2 of 5)"
        wait_for(driver, lambda: chip(table, 0) == (second, RECONNECTING))
        line.clear()
        wait_for(driver, lambda: chip(table, 0) == ("Ann", CONNECTED))
        assert driver.top is table and table.match.ended is None
        seen = driver.play_to_end(first_choice)  # from where the table is
        assert seen[-1] == "ResultsScene" and isinstance(driver.top, ResultsScene)
    finally:
        thread.stop()


def test_a_line_lost_for_every_try_ends_the_table_with_one_line_and_keeps_the_seat(
        driver, storage, tmp_path, monkeypatch, line) -> None:
    monkeypatch.setattr(client, "REJOIN_PAUSES", (0.01,) * 5)
    table, thread = joined_and_playing(driver, tmp_path)
    try:
        wait_for(driver, lambda: table.match.session.token is not None and table.match.session._socket is not None)
        line.set()
        cut(table.match)
        wait_for(driver, lambda: not isinstance(driver.top, TableScene))
        assert driver.app.notices[-1] == tr("net.table_ended",
                                             reason="the connection to the table was lost; 5 tries to rejoin failed")
        kept, _ = storage.load_joined()
        assert kept is not None and kept.name == "Ann"  # "Take my seat again" once the line is back
    finally:
        thread.stop()


# ----- a hosted game after a restart --------------------------------------------------
def test_a_hosted_game_is_under_continue_after_a_restart_and_opens_its_lobby_where_it_was(driver, storage) -> None:
    from tests.ui.drive import Driver

    table, friend = hosted_and_started(driver, everywhere=False)
    code, token, port = table.match.session.code, friend.session.token, table.match.hosting.server.port
    wait_for(driver, lambda: table.my_turn and not table.busy)
    driver.click(first_choice(table)[1].center)
    wait_for(driver, lambda: table.match.moves_made >= 1)
    made = table.match.moves_made
    friend.close()
    driver.close()  # the host's program ends mid-game, and its server with it
    again = Driver.start(storage)
    try:
        assert again.top.continue_button.visible
        again.click_button("Continue Take 5 (network)")
        lobby = again.top
        assert isinstance(lobby, LobbyScene)
        assert (lobby.match.hosting.server.host, lobby.match.hosting.server.port) == ("127.0.0.1", port)
        wait_for(again, lambda: lobby.match.seat == 0 and len(lobby.match.seats) == 2)
        assert lobby.match.session.code == code and lobby.match.session.host
        back = friend_at(lobby, token)  # the friend takes the seat again with its token
        try:
            wait_for(again, lambda: lobby.match.seats[1]["connected"])
            again.click_button("Start the game")
            wait_for(again, lambda: isinstance(again.top, TableScene))
            assert again.top.match.moves_made >= made  # where the game stopped
        finally:
            back.close()
    finally:
        again.close()


def test_a_hosted_game_is_listed_with_the_saved_ones_and_can_be_abandoned(driver, storage) -> None:
    from fiftyfifty_desktop.engine.records import Record, Seat
    from fiftyfifty_desktop.net.seats import tokens_path
    from tests.ui.drive import Driver

    table, friend = hosted_and_started(driver)
    friend.close()
    driver.close()
    storage.save_record(Record("thirteen", 2, {}, (Seat("Ann", "human"), Seat("Max", "random")), 4))
    again = Driver.start(storage)
    try:
        again.click_button("Continue (2 games)")
        rows = [row.label() for _, row, _ in again.top.rows]
        assert sum(label.startswith("Take 5 (network table): ") for label in rows) == 1
        assert sum(label.startswith("Thirteen: ") for label in rows) == 1
        [abandon] = [abandon for saved, row, abandon in again.top.rows if row.label().startswith("Take 5")]
        again.click(abandon.rect.center)
        assert again.top.subheading() == tr("saved.abandon_hosted_question")
        again.click_button("Abandon it")
        path = storage.record_path.with_name(HOSTED_RECORD)
        assert not path.exists() and not tokens_path(path).exists()
        assert [row.label().split(":")[0] for _, row, _ in again.top.rows] == ["Thirteen"]
    finally:
        again.close()


def test_a_hosted_table_whose_place_cannot_be_read_is_not_offered_and_named_in_one_line(driver, storage) -> None:
    from fiftyfifty_desktop.net.hosted import place_path
    from fiftyfifty_desktop.ui.hosting import hosted_path
    from tests.ui.drive import Driver

    table, friend = hosted_and_started(driver)
    friend.close()
    driver.close()
    place_path(hosted_path(driver.app)).write_text('{"host": "8.8.8.8", "port": 80}')
    again = Driver.start(storage)
    try:
        assert not again.top.continue_button.visible
        assert again.app.notices[-1] == tr("net.hosted_unreadable", reason=(
            "hosted-table.json.place: expected the address (0.0.0.0 or 127.0.0.1) and port of a table"))
    finally:
        again.close()


# ----- the invitation for this machine --------------------------------------------------
@pytest.mark.parametrize("everywhere", [True, False])
def test_the_host_copies_an_invitation_for_this_machine_that_a_second_window_joins_with(
        driver, monkeypatch, everywhere: bool) -> None:
    copied: list[str] = []
    monkeypatch.setattr("fiftyfifty_desktop.ui.scenes.network.copy_text", lambda text: copied.append(text) or True)
    lobby = host_two_seats(driver, "take5", everywhere=everywhere)
    try:
        wait_for(driver, lambda: lobby.match.seat == 0)
        assert lobby.copy.visible is everywhere and lobby.copy_local.visible
        driver.click(lobby.copy_local.rect.center)
        [invitation] = copied
        here = parse_address(invitation)
        server = lobby.match.hosting.server
        assert (here.host, here.port, here.code, here.fingerprint) == (
            "127.0.0.1", server.port, lobby.match.session.code, server.certificate.fingerprint)
        if everywhere:
            there = parse_address(lobby.address)  # the network's: the same port, code and fingerprint
            assert there.host != here.host and (there.port, there.code, there.fingerprint) == (
                here.port, here.code, here.fingerprint)
        second = RemoteMatch(invitation, "", "Friend")  # pasted as it is, code and all
        try:
            wait_for(driver, lambda: len(lobby.match.seats) == 2 and lobby.match.seats[1]["connected"])
        finally:
            second.close()
    finally:
        lobby.leave()


# ----- the invitation field ----------------------------------------------------------------
def test_the_join_screen_opens_on_the_invitation_field_and_a_long_paste_scrolls_to_the_caret(
        driver, monkeypatch) -> None:
    invitation = "wss://192.168.178.20:8455/river-owl-lamp#" + "9f" * 32
    monkeypatch.setattr("fiftyfifty_desktop.ui.widgets.clipboard_text", lambda: invitation)
    driver.click_button("Play over the network")
    driver.click_button("Join a table")
    join = driver.top
    assert isinstance(join, JoinScene) and join.form.focused is join.address
    driver.press(pygame.K_v, "\x16", pygame.KMOD_CTRL)
    assert join.address.text == invitation  # in place of the address offered
    field = join.address.box

    def caret() -> int:
        """Where the caret is drawn across the middle of the field (inside its edges)."""
        row = [x for x in range(field.x + 4, field.right - 4)
               if tuple(driver.app.screen.get_at((x, field.centery)))[:3] == tuple(GOLD)[:3]]
        assert row, "no caret inside the field"
        return row[0]

    with audit.recording(driver.app.screen.get_size()) as recorder:
        driver.frame()
    [shown] = [d for d in recorder.drawn if d.kind == audit.TEXT and d.words == invitation]
    assert field.contains(pygame.Rect(shown.rect))  # the text stays in its field, scrolled
    assert caret() > field.centerx  # to the caret at the end of the paste
    driver.press(pygame.K_HOME)
    assert caret() < field.centerx  # and back to its start


# ----- the chips ------------------------------------------------------------------------------
@pytest.mark.parametrize("size, language, scale", [((1280, 720), "en", 100), ((960, 540), "de", 150)])
def test_the_seat_chips_cover_nothing_at_a_joined_table_with_its_log_open(
        driver, tmp_path, size, language, scale) -> None:
    """Nothing of the table, its log or the digit keys under the hand is under the bar of chips, which the
    audit sees as controls on a panel."""
    from .test_net_windows import SHORT, hosted_elsewhere
    from fiftyfifty_desktop.engine.records import Record, Seat
    from fiftyfifty_desktop.net.protocol import REMOTE
    from fiftyfifty_desktop.registry import GAMES

    game = GAMES["fiftyfifty"]
    record = Record("fiftyfifty", 4, game.resolve_options(4, SHORT.get("fiftyfifty", {})),
                    (Seat("Seat 1", REMOTE), Seat("Seat 2", REMOTE), Seat("Rosa the Careful", "medium"),
                     Seat("Maximilian", "medium")), 1)  # Maximilian leads, then Ann: her cards show their keys
    server, thread = hosted_elsewhere(record)
    try:
        driver.app.change_settings(language=language, text_scale=scale)
        driver.app.resize(*size)
        driver.app.stack.open("net_lobby", match=RemoteMatch(f"127.0.0.1:{server.port}", "elsewhere", "Ann"))
        wait_for(driver, lambda: driver.top.match.seat is not None)
        friend = RemoteMatch(f"127.0.0.1:{server.port}", "elsewhere", "Friend")
        wait_for(driver, lambda: isinstance(driver.top, TableScene))
        table = driver.top
        wait_for(driver, lambda: table.my_turn)
        if not table.log_open:
            driver.press(pygame.K_l)
        assert table.log_open
        chips = table.overlay.chips()
        assert len(chips) == 4 and all(box.top >= table.layout.height and box.bottom <= size[1] for _, box, _, _ in chips)
        table.backdrop.drop()
        with audit.recording(size) as recorder:
            driver.app.paint()
        found = audit.findings(recorder) + audit.outside_panels(recorder)
        assert not found, "\n".join(map(str, found))
        boxes = {tuple(box) for _, box, _, _ in chips}
        assert sum(d.kind == audit.CONTROL and d.rect in boxes for d in recorder.drawn) == 4  # the audit saw them
        friend.close()
    finally:
        thread.stop()
