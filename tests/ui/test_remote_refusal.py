"""A move the table hosted elsewhere refuses is told to the player where a refusal at this screen shows, in
this window's language: the reason travels as its code and parameters, and the window words it."""

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.net.client import RemoteMatch
from fiftyfifty_desktop.net.protocol import REMOTE
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui import i18n
from fiftyfifty_desktop.ui.tables.base import TableScene
from tests.ui.test_net_windows import hosted_elsewhere, wait_for

SETUP = {"dealer": 0, "hands": [["5H", "JH", "AH", "KH", "QH"], ["2C", "3C", "4C", "6C", "7C"],
                                ["2S", "3S", "4S", "6S", "7S"]], "kitty": ["8D", "9D", "10D", "JD", "QD"]}


def test_a_move_the_host_refuses_is_shown_in_the_windows_words(driver):
    game = GAMES["fiftyfive"]
    record = Record("fiftyfive", 3, {"target": 55, "teams": 1},
                    (Seat("Seat 1", REMOTE), Seat("Max", "medium"), Seat("Lena", "medium")), 7, setup=SETUP)
    server, thread = hosted_elsewhere(record)
    i18n.set_language("fr")
    try:
        driver.app.stack.open("net_lobby", match=RemoteMatch(f"127.0.0.1:{server.port}", "elsewhere", "Ann"))
        wait_for(driver, lambda: isinstance(driver.top, TableScene))
        table = driver.top
        wait_for(driver, lambda: table.my_turn and table.view.phase == "bid")
        played = game.parse_move("5H")  # a card played while bids are made: sent as a late move would arrive
        hosted = server.tables["elsewhere"].match
        expected, moves = game.why_illegal(hosted.full_state(), 0, played), hosted.record.moves
        assert expected is not None
        table.match._send({"type": "move", "move": played.text()})
        wait_for(driver, lambda: table.message != "")
        assert table.message == i18n.reason_text(expected, table.card_name)
        assert table.match.take_refusal() is None and hosted.record.moves == moves
        i18n.set_language("en")
        assert table.message != i18n.reason_text(expected, table.card_name)  # French words, not the host's
    finally:
        i18n.set_language("en")
        thread.stop()
