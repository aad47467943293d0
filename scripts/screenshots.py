"""Open every screen at one window size and save a PNG of each.

    python scripts/screenshots.py --size 1280x720 --out screenshots/
    python scripts/screenshots.py --game fiftyfive --size 960x540 --out shots/
    python scripts/screenshots.py --game fiftyfifty --size 1280x720 --out screenshots/
    python scripts/screenshots.py --game thirteen --size 1920x1080 --language de --out shots/
    python scripts/screenshots.py --game fiftyfifty --size 960x540 --language it --out shots/
    python scripts/screenshots.py --game setup --size 960x540 --language de --out shots/
    python scripts/screenshots.py --game thirteen --high-contrast --out shots/
    python scripts/screenshots.py --game take5 --text-size 150 --out shots/
    python scripts/screenshots.py --game rating --text-size 150 --language fr --out shots/
    python scripts/screenshots.py --game review --size 960x540 --language fr --text-size 150 --out shots/

Runs without a window (SDL's dummy driver) and with a throw-away settings
and save folder, so a player's own files are never touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from fiftyfifty_desktop.app import App  # noqa: E402
from fiftyfifty_desktop.engine.records import Record, Seat  # noqa: E402
from fiftyfifty_desktop.games.take5 import TakeRow  # noqa: E402
from fiftyfifty_desktop.registry import GAMES  # noqa: E402
from fiftyfifty_desktop.storage import LANGUAGES, TEXT_SCALES, Settings, Storage  # noqa: E402
from fiftyfifty_desktop.ui.i18n import tr  # noqa: E402
from fiftyfifty_desktop.ui.scenes.handover import HandoverScene  # noqa: E402
from fiftyfifty_desktop.ui.scenes.pause import PauseScene  # noqa: E402
from fiftyfifty_desktop.ui.scenes.results import ResultsScene  # noqa: E402
from fiftyfifty_desktop.ui.scenes.rules import RulesScene  # noqa: E402
from fiftyfifty_desktop.ui.scenes.settings import SettingsScene  # noqa: E402
from fiftyfifty_desktop.ui.scenes.setup import SetupScene  # noqa: E402
from fiftyfifty_desktop.ui.scenes.summary import RoundSummaryScene  # noqa: E402
from fiftyfifty_desktop.ui.scenes.title import TitleScene  # noqa: E402
from fiftyfifty_desktop.ui.tables.guided import region  # noqa: E402
from fiftyfifty_desktop.ui.tables.base import TableScene  # noqa: E402
from fiftyfifty_desktop.ui.tables.picking import DOUBLE_CLICK  # noqa: E402
from fiftyfifty_desktop.ui.tables.fiftyfifty import FiftyFiftyTable, ScoreSheetScene  # noqa: E402
from fiftyfifty_desktop.ui.tables.fiftyfive import FiftyFiveTable  # noqa: E402
from fiftyfifty_desktop.ui.tables.take5 import Take5Table  # noqa: E402
from fiftyfifty_desktop.ui.tables.thirteen import ThirteenTable  # noqa: E402
from fiftyfifty_desktop.ui.tables.thirteen.paint import HIT  # noqa: E402
from fiftyfifty_desktop.games.fiftyfive.parts import Bid, Hold, Pass, Play  # noqa: E402
from fiftyfifty_desktop.games.thirteen import VALUES  # noqa: E402

FRAME = 1 / 60


def size_arg(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    return w, h


class Shooter:
    def __init__(self, size: tuple[int, int], out: Path, language: str, high_contrast: bool = False,
                 text_scale: int = 100) -> None:
        home = Path(tempfile.mkdtemp(prefix="ff-shots-"))
        storage = Storage(home / "config", home / "data")
        storage.save_settings(Settings(speed="instant", window=size, language=language, high_contrast=high_contrast,
                                       text_scale=text_scale))
        self.app = App(storage)
        self.app.resize(*size)
        self.app.start()
        self.out = out
        self.taken: list[str] = []

    #: The game whose ending this shooter saves as GAME-final-summary.png and GAME-results.png.
    GAME: str | None = "take5"

    def frame(self, *events) -> None:
        self.app.step(FRAME, events)
        self.shoot_ending()

    def click(self, pos) -> None:
        """A click as a person makes one (a card is played when the button comes up); the next click is a
        separate one, not the second half of a double-click."""
        pos = (int(pos[0]), int(pos[1]))
        self.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                   pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.app.frame_time += DOUBLE_CLICK

    def shoot_drag(self, table: TableScene, game: str) -> None:
        """A card of the hand dragged halfway to the table (then sent back with a right-click)."""
        slot = table.choices()[0][1]
        to = (slot.centerx + table.layout.px(8), slot.top - table.layout.px(14))
        self.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=slot.center, rel=(0, 0), buttons=(0, 0, 0)),
                   pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=slot.center, button=1))
        self.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)))
        self.shot(f"{game}-drag")
        self.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=to, button=3),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
        self.settle()

    def shoot_ending(self) -> None:
        """The first final summary (the game over, its button leading to the results) and results screen seen."""
        top, table = self.app.stack.top, self.app.stack.find(TableScene)
        if self.GAME is None or table is None:
            return
        final = isinstance(top, (RoundSummaryScene, ScoreSheetScene)) and table.match.over
        for name, seen in ((f"{self.GAME}-final-summary", final), (f"{self.GAME}-results", isinstance(top, ResultsScene))):
            if seen and f"{name}.png" not in self.taken:
                self.shot(name, step=False)

    def shot(self, name: str, step: bool = True) -> None:
        """Save the screen after one more frame (``step`` False: as the last frame drew it, before a computer
        seat moves again)."""
        if step:
            self.frame()
        path = self.out / f"{name}.png"
        pygame.image.save(self.app.screen, str(path))
        self.taken.append(path.name)

    def shoot_unsaved(self, table: TableScene) -> None:
        """The warning, the pause and the question to leave while the game cannot be saved
        (its folder made a plain file for a moment), then a good save again."""
        storage = self.app.storage
        kept = storage.saves_dir
        blocker = kept.parent / "blocked"
        blocker.write_text("")
        storage.saves_dir = blocker / kept.name
        table.control.save(table.record)
        self.shot("table-unsaved")
        self.app.stack.push(PauseScene(self.app, table))
        self.shot("pause-unsaved")
        self.app.stack.open("unsaved", then=lambda: None)
        self.shot("unsaved-leave")
        self.app.stack.pop()
        self.app.stack.pop()
        storage.saves_dir = kept
        storage.retry_save()

    def press(self, key: int) -> None:
        self.frame(pygame.event.Event(pygame.KEYDOWN, key=key, unicode="", mod=0, scancode=0))

    def shoot_log(self, table: TableScene, game: str) -> None:
        """The move log docked beside the table (opened with L, closed again), or in its place on the table."""
        if table.log_in_table:
            self.shot(f"{game}-log")
            return
        self.press(pygame.K_l)
        self.shot(f"{game}-log")
        self.press(pygame.K_l)

    def shoot_undo(self, table: TableScene, game: str) -> None:
        """The undo button under the mouse, while the player is to move."""
        button = table.corner.button("undo")
        if button is not None:
            table.mouse = button.center
            self.shot(f"{game}-undo")

    def shoot_hint(self, table: TableScene, game: str) -> None:
        """The hint (its key, then waiting for the hard player): the move ringed and its reason; then put away."""
        self.press(table.hint_key)
        table.corner.wait_for_hint()
        table.mouse = (-1, -1)
        self.shot(f"{game}-hint")
        self.press(table.hint_key)

    def shoot_look_back(self, table: TableScene, game: str) -> None:
        """The last trick or turn shown again (B), then put away."""
        self.press(pygame.K_b)
        self.shot(f"{game}-look-back")
        self.press(pygame.K_b)

    def wait_until(self, done, limit: float = 10.0) -> None:
        """Draw frames until ``done()``: network messages come on their own threads."""
        deadline = time.monotonic() + limit
        while not done() and time.monotonic() < deadline:
            self.frame()
            time.sleep(0.01)

    def shoot_network(self) -> None:
        """Host a table on a free loopback port, a friend joins from a second client, the host starts."""
        from fiftyfifty_desktop.net.client import RemoteMatch

        app = self.app
        app.stack.open("network")
        self.shot("network")
        app.stack.open("join_table")
        self.shot("network-join")
        app.stack.pop()
        from fiftyfifty_desktop.storage import JoinedSeat

        app.storage.save_joined(JoinedSeat("192.168.1.20:8455", "river-owl", "t", "Ann", "fiftyfive"))
        app.stack.open("join_table")
        self.shot("network-rejoin")
        app.stack.pop()
        app.storage.forget_joined()
        lobby = app.stack.open("net_lobby", match=RemoteMatch("127.0.0.1:9", "river-owl", "Ann", token="t"))
        self.shot("network-connecting")  # a kept seat whose table is gone: tried again until the lobby gives up
        lobby.connect_by = 0.0
        self.shot("network-no-answer")
        app.stack.pop()
        host = app.stack.open("host_table")
        host.port.text = "0"
        self.shot("network-host")
        host.start_game()
        lobby = app.stack.top
        self.wait_until(lambda: len(lobby.match.seats) > 0)
        self.shot("network-lobby-open")
        friend = RemoteMatch(lobby.match.session.address, lobby.match.session.code, "Bob")  # the invitation
        self.wait_until(lambda: any(s.get("name") == "Bob" for s in lobby.match.seats))
        self.shot("network-lobby-joined")
        lobby.match.start()
        self.wait_until(lambda: isinstance(app.stack.top, TableScene) and not app.stack.top.busy)
        self.shot("network-table")
        table = app.stack.top
        friend.close()
        self.wait_until(lambda: app.stack.top is not table)
        self.shot("network-table-left")  # the host is asked: a computer for Bob's seat, or wait
        self.frame(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0))  # wait
        self.wait_until(lambda: any(s.get("name") == "Bob" and not s.get("connected") for s in table.match.seats))
        self.shot("network-table-away")
        app.stack.restart("title")

    def shoot_network_table(self, game_id: str, hosting: bool, players: int = 4) -> None:
        """A network table of ``game_id`` with its seat chips and its log open, in this window as its host or as
        a player who joined it elsewhere: Ann here, Bob from a second client, computers in the other seats."""
        from fiftyfifty_desktop.net.client import RemoteMatch
        from fiftyfifty_desktop.net.protocol import REMOTE
        from fiftyfifty_desktop.net.server import ServerThread, TableServer
        from fiftyfifty_desktop.net.table import Table
        from fiftyfifty_desktop.ui.hosting import host_table

        app, game = self.app, GAMES[game_id]
        seats = tuple(Seat(name, REMOTE if i < 2 else "random")
                      for i, name in enumerate(("Ann", "Bob", "Rosa the Careful", "Maximilian", "Nora", "Kai")[:players]))
        record = Record(game_id, players, game.resolve_options(players, {}), seats, 7)
        thread = None
        if hosting:
            match = host_table(app, record, "127.0.0.1", 0)
        else:
            server = TableServer("127.0.0.1", 0)
            server.add(Table(game, record, "elsewhere"))  # it starts once both seats are taken
            thread = ServerThread(server)
            thread.start()
            match = RemoteMatch(f"127.0.0.1:{server.port}", "elsewhere", "Ann")
        app.stack.open("net_lobby", match=match)
        self.wait_until(lambda: match.seat is not None)
        friend = RemoteMatch(match.session.address, match.session.code, "Bob")
        if hosting:
            self.wait_until(lambda: len(match.seats) > 1 and match.seats[1].get("connected"))
            match.start()
        self.wait_until(lambda: isinstance(app.stack.top, TableScene) and not app.stack.top.busy)
        table = app.stack.top
        if not table.log_open and not table.log_in_table:
            self.press(pygame.K_l)
        self.shot(f"{game_id}-network-{'host' if hosting else 'joined'}")
        friend.close()
        app.stack.restart("title")
        if thread is not None:
            thread.stop()

    def settle(self) -> None:
        for _ in range(3000):
            top = self.app.stack.top
            if not isinstance(top, TableScene) or (top.acting is not None and not top.busy):
                return
            top.match.wait_for_computers()
            self.frame()

    def human_move(self, table: Take5Table) -> None:
        choices = table.choices()
        if isinstance(choices[0][0], TakeRow):
            move, rect = choices[0]
        else:
            move, rect = min(choices, key=lambda mc: mc[0].card)
        self.click(rect.center)

    def run(self) -> None:
        app = self.app
        self.shot("title")
        app.stack.push(SetupScene(app))
        self.shot("setup")
        app.stack.pop()
        app.stack.push(RulesScene(app))
        self.shot("rules")
        app.stack.pop()
        app.stack.push(SettingsScene(app))
        self.shot("settings")
        app.stack.pop()
        app.stack.open("about")
        self.shot("about")
        app.stack.pop()
        self.shoot_network()

        seats = (Seat("Player 1", "human"), Seat("Dice", "dice"), Seat("Rosa", "random"), Seat("Max", "dice"))
        table = app.stack.push(Take5Table(app, Record("take5", 4, {"target": 66, "variant": "standard"}, seats, 12)))
        wanted = {"table": False, "low-card": False, "round-summary": False}
        moves = 0
        while not isinstance(app.stack.top, ResultsScene):
            self.settle()
            top = app.stack.top
            if isinstance(top, RoundSummaryScene):
                if not wanted["round-summary"]:
                    self.shot("round-summary")
                    wanted["round-summary"] = True
                self.frame(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0))
                continue
            if top is not table:
                break
            if table.view.phase == "row" and not wanted["low-card"]:
                table.mouse = table.geo.row_band(1).center
                self.shot("low-card")
                wanted["low-card"] = True
            if moves == 4 and not wanted["table"]:
                hand = table.choices()
                table.mouse = hand[len(hand) // 2][1].center
                self.shot("table")
                self.shoot_log(table, "take5")
                self.shoot_undo(table, "take5")
                self.shoot_hint(table, "take5")
                self.shoot_look_back(table, "take5")
                self.shoot_drag(table, "take5")
                app.stack.push(PauseScene(app, table))
                self.shot("pause")
                app.stack.pop()
                self.shoot_unsaved(table)
                app.change_settings(speed="normal")
                self.human_move(table)
                for _ in range(20):
                    self.frame()
                self.shot("table-animating")
                table.skip_animations()
                app.change_settings(speed="instant")
                wanted["table"] = True
                moves += 1
                continue
            self.human_move(table)
            moves += 1
        self.shot("results")

        seats = (Seat("Ann", "human"), Seat("Bob", "human"), Seat("Dice", "dice"))
        app.stack.push(Take5Table(app, Record("take5", 3, {"target": 66, "variant": "standard"}, seats, 5)))
        self.settle()
        if isinstance(app.stack.top, HandoverScene):
            self.shot("handover")

        seats = (Seat("Player 1", "human"), Seat("Dice", "dice"), Seat("Max", "dice"))
        app.stack.push(Take5Table(app, Record("take5", 3, {"target": 66, "variant": "professional"}, seats, 7)))
        table = app.stack.top
        self.settle()
        self.shot("draft")
        while table.view.phase == "draft":
            self.click(table.choices()[0][1].center)
            self.settle()
        table.mouse = table.geo.plate(1).center
        self.shot("professional-open-hand")

        seats = (Seat("Player 1", "human"),) + tuple(Seat(f"Computer {i}", "random") for i in range(2, 11))
        table = app.stack.push(Take5Table(app, Record("take5", 10, {"target": 66, "variant": "standard"}, seats, 3)))
        for _ in range(3):
            self.settle()
            self.human_move(table)
        self.settle()
        self.shot("table-ten-players")


class FiftyFiveShooter(Shooter):
    """Every phase of a Fifty-Five hand, as the human at the table sees it."""

    GAME = "fiftyfive"

    def human_move(self, table: FiftyFiveTable) -> None:
        """A plain plan: bid low (or hold), discard the first cards, name the longest suit, play the first legal
        card."""
        phase = table.view.phase
        if phase == "discard":
            for i, card in enumerate(list(table.board.hand)):
                if len(table.marked) < table.discards_needed and card not in table.marked:
                    self.click(table.geo.hand_slot(i, len(table.board.hand)).center)
            self.click(table.geo.confirm_button().center)
            return
        choices = table.choices()
        if phase == "bid":
            wanted = [m for m in (Hold(), Bid(15), Bid(10)) if m in table.legal] or [Pass()]
            move, rect = next((m, r) for m, r in choices if m == wanted[0])
        elif phase == "trump":
            hand = table.board.hand
            move, rect = max(choices, key=lambda mc: sum(c // 13 == mc[0].suit for c in hand))
        else:
            move, rect = choices[0]
        self.click(rect.center)

    def play_until(self, table: FiftyFiveTable, wanted) -> bool:
        """Play (summaries closed) until ``wanted(table)`` holds with the human to act; False if the game ended."""
        for _ in range(400):
            self.settle()
            top = self.app.stack.top
            if isinstance(top, RoundSummaryScene):
                self.frame(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0))
                continue
            if top is not table:
                return False
            if wanted(table):
                return True
            self.human_move(table)
        return False

    def run(self) -> None:
        app = self.app
        app.stack.push(RulesScene(app, "fiftyfive"))
        self.shot("fiftyfive-rules")
        app.stack.pop()
        self.shoot_network_table("fiftyfive", hosting=False)
        seats = (Seat("Player 1", "human"), Seat("Rosa", "random"), Seat("Max", "random"), Seat("Lena", "random"))
        app.change_settings(speed="normal")
        table = app.stack.push(FiftyFiveTable(app, Record("fiftyfive", 4, {"target": 55, "teams": 1}, seats, 185)))
        for _ in range(55):
            self.frame()
        self.shot("fiftyfive-dealing")
        table.skip_animations()
        app.change_settings(speed="instant")
        self.play_until(table, lambda t: t.view.phase == "bid")
        table.mouse = table.choices()[-1][1].center
        self.shot("fiftyfive-bidding")
        self.press(pygame.K_t)
        self.shot("fiftyfive-ranking-before-trumps")
        self.press(pygame.K_t)
        self.play_until(table, lambda t: t.view.phase == "discard")
        for i in (0, 3, 6):
            self.click(table.geo.hand_slot(i, len(table.board.hand)).center)
        self.shot("fiftyfive-discarding")
        for i in (1, 2):
            self.click(table.geo.hand_slot(i, len(table.board.hand)).center)
        app.change_settings(speed="normal")
        self.click(table.geo.confirm_button().center)
        for _ in range(30):
            self.frame()
        self.shot("fiftyfive-discard-flying")
        table.skip_animations()
        app.change_settings(speed="instant")
        self.play_until(table, lambda t: t.view.phase == "trump")
        table.mouse = table.choices()[0][1].center
        self.shot("fiftyfive-trumps")
        refused = lambda t: t.view.phase == "play" and len(t.legal) < len(t.board.hand)  # noqa: E731
        self.play_until(table, refused)
        illegal = next(i for i, c in enumerate(table.board.hand) if Play(c) not in table.legal)
        self.click(table.geo.hand_slot(illegal, len(table.board.hand)).center)
        table.mouse = table.choices()[0][1].center
        self.shot("fiftyfive-refused")
        self.press(pygame.K_t)
        self.shot("fiftyfive-ranking")
        self.press(pygame.K_t)
        self.press(pygame.K_F1)
        self.shot("fiftyfive-keys")
        self.press(pygame.K_F1)
        app.change_settings(speed="normal")
        self.human_move(table)
        for _ in range(12):
            self.frame()
        self.shot("fiftyfive-card-flying")
        table.skip_animations()
        app.change_settings(speed="instant")
        self.settle()
        self.shoot_log(table, "fiftyfive")
        self.shoot_undo(table, "fiftyfive")
        self.shoot_hint(table, "fiftyfive")
        self.shoot_look_back(table, "fiftyfive")
        self.play_until(table, lambda t: t.view.phase == "play" and len(t.view.tricks) == 4)
        app.change_settings(speed="normal")
        self.human_move(table)
        for _ in range(1200):  # the last trick, at normal speed, until the best trump is announced
            table.match.wait_for_computers()
            self.frame()
            if (table.banner is not None and table.banner[1] is not None) or app.stack.top is not table:
                break
        self.shot("fiftyfive-best-trump")
        table.skip_animations()
        app.change_settings(speed="instant")
        self.settle()
        self.shot("fiftyfive-hand-summary")
        self.play_until(table, lambda t: False)
        if isinstance(app.stack.top, ResultsScene):
            self.shot("fiftyfive-results")

        seats = (Seat("Player 1", "human"), Seat("Rosa", "random"), Seat("Max", "random"), Seat("Lena", "random"))
        table = app.stack.push(FiftyFiveTable(app, Record("fiftyfive", 4, {"target": 55, "teams": 1}, seats, 30)))
        self.play_until(table, lambda t: t.view.phase == "bid" and t.view.duel == 0)
        self.shot("fiftyfive-duel")
        table = app.stack.push(FiftyFiveTable(app, Record("fiftyfive", 4, {"target": 110, "teams": 2}, seats, 96)))
        self.play_until(table, lambda t: t.view.phase == "play" and len(t.view.tricks) >= 2)
        self.shot("fiftyfive-teams")
        seats = (Seat("Player 1", "human"),) + tuple(Seat(f"Computer {i}", "random") for i in range(2, 10))
        table = app.stack.push(FiftyFiveTable(app, Record("fiftyfive", 9, {"target": 55, "teams": 3}, seats, 4)))
        self.play_until(table, lambda t: t.view.phase == "play" and len(t.board.trick) >= 4)
        self.shot("fiftyfive-nine-players")
        seats = tuple(Seat(f"Computer {i}", "random") for i in range(1, 5))
        app.change_settings(speed="normal")
        table = app.stack.push(FiftyFiveTable(app, Record("fiftyfive", 4, {"target": 55, "teams": 1}, seats, 31)))
        for _ in range(400):
            table.match.wait_for_computers()
            self.frame()
        self.shot("fiftyfive-watching")


class ThirteenShooter(FiftyFiveShooter):
    """Every step of a Thirteen game: asks true and false, draws, waiting pairs, a come-back, the end."""

    GAME = "thirteen"

    def human_move(self, table: ThirteenTable) -> None:
        """A plain plan: ask truly when possible, else lie for a 13; always draw."""
        choices = table.choices()
        if table.view.phase == "draw":
            self.click(choices[0][1].center)
            return
        true = [(m, r) for m, r in choices if table.is_true(m.value)]
        move, rect = true[0] if true else next(((m, r) for m, r in choices if m.value == 13), choices[0])
        self.click(rect.center)

    def run(self) -> None:
        app = self.app
        app.stack.push(RulesScene(app, "thirteen"))
        self.shot("thirteen-rules")
        app.stack.pop()
        self.shoot_network_table("thirteen", hosting=False)
        seats = (Seat("Player 1", "human"), Seat("Rosa", "random"), Seat("Max", "random"), Seat("Lena", "random"))
        app.change_settings(speed="normal")
        table = app.stack.push(ThirteenTable(app, Record("thirteen", 4, {}, seats, 8)))
        for _ in range(50):
            self.frame()
        self.shot("thirteen-dealing")
        table.skip_animations()
        app.change_settings(speed="instant")
        self.play_until(table, lambda t: bool(t.view.log) and t.view.phase == "ask")
        true = [r for m, r in table.choices() if table.is_true(m.value)]
        table.mouse = (true or [table.choices()[0][1]])[0].center
        self.shot("thirteen-ask")
        self.shoot_log(table, "thirteen")
        self.shoot_undo(table, "thirteen")
        self.shoot_hint(table, "thirteen")
        self.play_until(table, lambda t: t.view.phase == "draw")
        self.shot("thirteen-draw-or-pass")
        for _ in range(10):  # until an ask of the human hits and the card is in flight
            self.play_until(table, lambda t: t.view.phase == "ask")
            app.change_settings(speed="normal")
            self.human_move(table)
            for _ in range(90):
                self.frame()
                if table.banner is not None and table.banner.colour == HIT:
                    break
            if table.banner is not None and table.banner.colour == HIT:
                for _ in range(16):
                    self.frame()
                self.shot("thirteen-card-flying")
                table.skip_animations()
                app.change_settings(speed="instant")
                break
            table.skip_animations()
            app.change_settings(speed="instant")
        self.play_until(table, lambda t: bool(t.board.finished))
        self.shot("thirteen-kinds-finished")
        self.play_until(table, lambda t: False)
        if isinstance(app.stack.top, ResultsScene):
            self.shot("thirteen-results")

        setup = {"dealer": 0, "hands": [[5], [8, 2], [3, 4, 11]], "pile": [9, 10, 7, 1]}
        seats = (Seat("Player 1", "human"), Seat("Rosa", "random"), Seat("Max", "random"))
        record = Record("thirteen", 3, {}, seats, 1, ((1, "a0:5"), (1, "a2:11")), setup)
        table = app.stack.push(ThirteenTable(app, record))
        self.settle()
        table.mouse = table.choices()[5][1].center
        self.shot("thirteen-comeback-lie")
        self.click(table.geo.value_slot(VALUES.index(4)).center)
        self.settle()
        self.shot("thirteen-comeback-true")
        self.click(table.geo.value_slot(VALUES.index(2)).center)
        self.shot("thirteen-second-lie-refused")
        self.click(table.choices()[0][1].center)
        self.settle()
        self.click(table.choices()[0][1].center)
        for _ in range(60):
            if table.board.waiting() and not table.busy:
                break
            self.frame()
        self.shot("thirteen-waiting-pair", step=False)
        app.change_settings(speed="normal")
        for _ in range(900):
            table.match.wait_for_computers()
            self.frame()
            if app.stack.top is not table:
                break
        self.shot("thirteen-summary")
        app.change_settings(speed="instant")

        seats = (Seat("Ann", "human"), Seat("Bob", "human"), Seat("Rosa", "random"))
        app.stack.push(ThirteenTable(app, Record("thirteen", 3, {}, seats, 5)))
        self.settle()
        if isinstance(app.stack.top, HandoverScene):
            self.shot("thirteen-handover")
        seats = tuple(Seat(f"Computer {i}", "random") for i in range(1, 9))
        app.change_settings(speed="normal")
        table = app.stack.push(ThirteenTable(app, Record("thirteen", 8, {}, seats, 3)))
        for _ in range(1500):
            table.match.wait_for_computers()
            self.frame()
        self.shot("thirteen-eight-watching")


class FiftyFiftyShooter(Shooter):
    """The Fifty Fifty screens: every phase of a trick, the summaries, the score sheet and the results."""

    GAME = "fiftyfifty"

    def play_card(self, table: FiftyFiftyTable) -> None:
        move, rect = table.choices()[0]
        self.click(rect.center)

    def run_until(self, table: FiftyFiftyTable, kind: str, progress: float, limit: float = 20.0) -> bool:
        """Run normal-speed frames until an animation of an event ``kind`` is ``progress`` done."""
        for _ in range(round(limit / FRAME)):
            running = [a for a in table.queue.running() if a.started and not a.finished and a.draw is not None]
            if any(getattr(a.draw, "__qualname__", "").startswith(f"FiftyFiftyTable.on_{kind}") and
                   a.progress >= progress for a in running):
                return True
            table.match.wait_for_computers()
            self.frame()
        return False

    def run(self) -> None:
        app = self.app
        app.stack.push(RulesScene(app, "fiftyfifty"))
        self.shot("ff-rules")
        app.stack.pop()
        self.shoot_network_table("fiftyfifty", hosting=False)
        self.shoot_network_table("fiftyfifty", hosting=True)
        seats = (Seat("Ann", "human"), Seat("Rosa", "random"), Seat("Max", "random"), Seat("Nora", "random"))
        table = app.stack.push(FiftyFiftyTable(app, Record("fiftyfifty", 4, {}, seats, 7)))
        wanted = {"ff-table-follow", "ff-sheet", "ff-halves", "ff-cancel", "ff-summary"}
        while not isinstance(app.stack.top, ResultsScene):
            self.settle()
            top = app.stack.top
            if isinstance(top, ScoreSheetScene):
                if "ff-summary" in wanted:
                    self.shot("ff-summary")
                    wanted.discard("ff-summary")
                self.frame(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0))
                continue
            if top is not table:
                break
            if table.board.trick and "ff-table-follow" in wanted:
                table.mouse = table.choices()[len(table.choices()) // 2][1].center
                self.shot("ff-table-follow")
                wanted.discard("ff-table-follow")
                self.shoot_log(table, "fiftyfifty")
                self.shoot_undo(table, "fiftyfifty")
                self.shoot_hint(table, "fiftyfifty")
                app.stack.push(table.score_sheet(tr("fiftyfifty.sheet_heading"), [], None, "fiftyfifty.back_to_table"))
                self.shot("ff-sheet")
                wanted.discard("ff-sheet")
                app.stack.pop()
            if table.last_round is not None and "fiftyfifty-look-back.png" not in self.taken:
                self.shoot_look_back(table, "fiftyfifty")
            if len(table.board.trick) == 3 and {"ff-halves", "ff-cancel"} & wanted:
                app.change_settings(speed="normal")
                self.play_card(table)
                if "ff-halves" in wanted and self.run_until(table, "halves_taken", 0.5):
                    self.shot("ff-halves")
                    wanted.discard("ff-halves")
                if self.run_until(table, "halves_cancelled", 0.3, limit=3.0):
                    self.shot("ff-cancel")
                    wanted.discard("ff-cancel")
                table.skip_animations()
                app.change_settings(speed="instant")
                continue
            self.play_card(table)
        self.shot("ff-results")

        seats = (Seat("Ann", "human"), Seat("Bob", "human"), Seat("Rosa", "random"))
        app.stack.push(FiftyFiftyTable(app, Record("fiftyfifty", 3, {}, seats, 5)))
        self.settle()
        if isinstance(app.stack.top, HandoverScene):
            self.shot("ff-handover")

        seats = (Seat("Player 1", "human"),) + tuple(Seat(n, "random") for n in ("Rosa", "Maximilian", "Nora", "Kai"))
        table = app.stack.push(FiftyFiftyTable(app, Record("fiftyfifty", 5, {}, seats, 3)))
        for _ in range(3):
            self.settle()
            self.play_card(table)
        self.settle()
        self.shot("ff-table-five-players")

        # With three computer seats, game 11 ends hand 3 with Rosa holding no halves: her hand 1 is struck.
        seats = tuple(Seat(n, "random") for n in ("Rosa", "Max", "Nora"))
        table = app.stack.push(FiftyFiftyTable(app, Record("fiftyfifty", 3, {}, seats, 11)))
        for _ in range(3000):
            top = app.stack.top
            if isinstance(top, ScoreSheetScene) and top.notes:
                top.auto_close = None  # computers alone would move on by themselves
                self.shot("ff-strike")
                break
            table.match.wait_for_computers()
            self.frame()
        app.stack.reset(TitleScene(app))

        table = app.stack.push(FiftyFiftyTable(app, Record("fiftyfifty", 3, {}, seats, 9)))
        app.change_settings(speed="normal")
        for _ in range(round(9 / FRAME)):
            table.match.wait_for_computers()
            self.frame()
        self.shot("ff-watching")


class StatsShooter(Shooter):
    """The statistics, the history and the replay viewer, over a few games played by the computer."""

    GAME = None

    def run(self) -> None:
        from fiftyfifty_desktop.ai import make_agent
        from fiftyfifty_desktop.engine.match import play_out
        from fiftyfifty_desktop.stats_db import ABANDONED, FINISHED

        app = self.app
        self.shot("stats-title")
        app.stack.open("stats")
        self.shot("stats-empty")
        app.stack.pop()
        last = {}
        for seed in range(24):
            game_id = ("take5", "fiftyfive", "thirteen", "fiftyfifty")[seed % 4 if seed < 8 else 0]
            game = GAMES[game_id]
            players = max(game.min_players, 3)
            seats = (Seat("Ann", "human"),) + tuple(Seat(name, player) for name, player in
                                                     (("Rosa", "medium"), ("Max", "random"), ("Lena", "hard"))[:players - 1])
            record = Record(game_id, players, game.resolve_options(players, {}), seats, seed)
            match = play_out(game, record, {i: make_agent("medium", game, i, seed, ()) for i in range(players)})
            app.record_game(match.record, FINISHED if seed != 5 else ABANDONED, 300.0)
            last[game_id] = match.record
        app.stack.open("stats", game_id="take5")
        self.shot("stats")
        app.stack.open("history")
        self.shot("history")
        self.shoot_file_chooser()
        app.stack.pop()
        app.stack.pop()
        app.stack.open("replay", record=last["take5"], at=14, seat=0, playing=False)
        self.shot("replay-take5")
        app.stack.open("replay", record=last["fiftyfive"], at=30, seat=None, playing=False)
        self.shot("replay-fiftyfive-table-only")
        app.stack.open("replay", record=last["thirteen"], at=20, seat=1, playing=False)
        self.shot("replay-thirteen")
        app.stack.open("replay", record=last["fiftyfifty"], at=10, seat=0, playing=False)
        self.shot("replay-fiftyfifty")


    def shoot_file_chooser(self) -> None:
        """The file chooser over the history, saving (a name offered, a long list scrolled) and opening."""
        folder = self.app.storage.data_dir.parent / "Exported games"
        for name in ("Older games", "from a friend", "Tournament 2026"):
            (folder / name).mkdir(parents=True, exist_ok=True)
        for i in range(14):
            (folder / f"take5-2026-11-{i + 1:02}-{i + 3}.json").touch()
        (folder / "notes.txt").touch()
        self.app.change_settings(file_folder=str(folder))
        for saving, name in ((True, "files-save"), (False, "files-open")):
            chooser = self.app.stack.open("file_chooser", saving=saving, name="take5-2026-12-05-24.json" if saving
                                          else "", then=lambda path: None)
            while chooser.reader.busy:  # the folder is read on a thread of its own
                time.sleep(0.001)
                self.frame()
            self.shot(name)
            self.app.stack.pop()


class RatingShooter(Shooter):
    """Each game's statistics screen with a player's rating over a few weeks (GAME-rating.png), and the list
    of opponents with the ones near that level marked (GAME-rating-opponents.png)."""

    GAME = None
    GAMES_PER_PLAYER = 16

    def run(self) -> None:
        from datetime import datetime, timedelta, timezone

        from fiftyfifty_desktop.ai import load_personalities, make_agent
        from fiftyfifty_desktop.engine.match import play_out
        from fiftyfifty_desktop.stats_db import stored_game

        app = self.app
        people = load_personalities()
        start = datetime(2026, 3, 1, 18, tzinfo=timezone.utc)
        for game_id, game in GAMES.items():
            opponents = [p for p in people if p.plays(game_id)]
            for index in range(self.GAMES_PER_PLAYER):
                faced = [opponents[(index + k) % len(opponents)] for k in range(3)]
                seats = (Seat("Ann", "human"),) + tuple(Seat(p.name, p.id) for p in faced)
                record = Record(game_id, 4, game.resolve_options(4, {}), seats, 100 + index)
                # Quick players at every seat: the seats' names and ids are what the ratings read.
                agents = {i: make_agent("medium" if i == 0 or index % 3 else "random", game, i, 100 + index, ())
                          for i in range(4)}
                match = play_out(game, record, agents)
                app.stats.store(stored_game(match.record, finished_at=start + timedelta(days=2 * index)))
        for game_id in GAMES:
            app.stack.open("stats", game_id=game_id)
            self.shot(f"{game_id}-rating")
            app.stack.pop()
            setup = app.stack.push(SetupScene(app, game_id))
            setup.seats[0].name.text = "Ann"
            setup.seats[0].edited = True
            setup.seats[1].player.activate()
            self.shot(f"{game_id}-rating-opponents")
            app.stack.pop()
            app.stack.pop()


class ReviewShooter(Shooter):
    """Each game's review (GAME-review.png: the chart, the biggest mistake picked), the replay viewer opened at
    that mistake with the played and the best move ringed (GAME-review-replay.png), the game played on from
    there as practice (GAME-practice.png), the mistake tried again before and after the choice
    (GAME-try-again.png, GAME-try-again-judged.png), and a review being weighed
    with its progress bar (review-progress.png)."""

    GAME = None

    def run(self) -> None:
        from fiftyfifty_desktop.ai import make_agent
        from fiftyfifty_desktop.ai.review import review_game
        from fiftyfifty_desktop.engine.match import play_out
        from fiftyfifty_desktop.review_store import keep_review
        from fiftyfifty_desktop.selfcheck import short_options

        app = self.app
        for game_id in GAMES:
            game = GAMES[game_id]
            seats = (Seat("Ann", "human"), Seat("Rosa", "medium"), Seat("Max", "medium"))
            record = Record(game_id, 3, game.resolve_options(3, short_options(game)), seats, 4)
            players = {0: make_agent("random", game, 0, 4, ())} | {i: make_agent("medium", game, i, 4, ()) for i in (1, 2)}
            record = play_out(game, record, players).record
            review = review_game(record, 0)
            assert review is not None and app.stats is not None
            keep_review(app.stats, record, 0, review)
            scene = app.stack.open("review", record=record, seat=0)
            self.shot(f"{game_id}-review")
            scene.open_selected()
            self.settle_replay()
            self.shot(f"{game_id}-review-replay")
            app.stack.top.overlay.play_on()
            self.settle()
            self.shot(f"{game_id}-practice")
            app.stack.pop()
            app.stack.pop()
            scene.try_selected()
            self.settle()
            self.shot(f"{game_id}-try-again")
            table = app.stack.top
            table.control.submit(0, table.game.parse_move(scene.decisions[scene.selected].best))
            self.frame()
            self.shot(f"{game_id}-try-again-judged")
            app.stack.pop()
            app.stack.pop()
        scene = app.stack.open("review", record=record, seat=1)
        self.wait_until(lambda: scene.job is not None and scene.job.done > 0, limit=120)
        self.shot("review-progress")
        scene.cancel()

    def settle_replay(self) -> None:
        """Frames until the viewer's cards are at rest (the rings are drawn then)."""
        for _ in range(600):
            self.frame()
            if not self.app.stack.top.busy:
                break
        self.frame()


class SetupShooter(Shooter):
    """The set-up screen of every game, a preset chosen, an option the player count refuses,
    the list of opponents, the title naming the saved game and a hot-seat pause (the hands hidden)."""

    GAME = None

    def run(self) -> None:
        app = self.app
        setup = app.stack.push(SetupScene(app))
        for game_id in GAMES:
            setup.game_chooser.set_values(list(GAMES), game_id)
            setup._game_changed(game_id)
            self.shot(f"setup-{game_id}")
        setup.game_chooser.set_values(list(GAMES), "fiftyfive")
        setup._game_changed("fiftyfive")
        [(_, partners)] = [(p, b) for p, b in setup.preset_buttons if p.id == "partners"]
        partners.activate()
        self.shot("setup-fiftyfive-partners")
        setup.players.step(1)
        self.shot("setup-fiftyfive-refused")
        setup.game_chooser.set_values(list(GAMES), "take5")
        setup._game_changed("take5")
        setup.seats[1].player.activate()
        self.shot("setup-opponents")
        app.stack.pop()
        self.press(pygame.K_TAB)
        self.shot("setup-focus")
        self.press(pygame.K_F1)
        self.shot("setup-keys")
        self.press(pygame.K_F1)
        app.stack.pop()
        app.stack.open("host_table")
        self.shot("network-host")
        app.stack.pop()

        seats = (Seat("Ann", "human"), Seat("Bob", "human"), Seat("Rosa the Careful", "rosa"))
        table = app.stack.push(Take5Table(app, Record("take5", 3, {"target": 66, "variant": "standard"}, seats, 12)))
        self.settle()
        while not isinstance(app.stack.top, Take5Table):  # the hand-over to the first player
            self.press(pygame.K_RETURN)
            self.settle()
        self.shot("hotseat-table")
        self.press(pygame.K_F1)
        self.shot("hotseat-keys")
        self.press(pygame.K_ESCAPE)
        app.stack.push(PauseScene(app, table))
        self.shot("hotseat-pause")
        app.stack.restart("title")
        self.shot("title-continue")


class RulesShooter(Shooter):
    """Every game's rules page, screen by screen from the top to the end, pictures and all."""

    def run(self) -> None:
        for game_id in GAMES:
            rules = RulesScene(self.app, game_id)
            self.app.stack.push(rules)
            for page in range(40):
                self.shot(f"rules-{game_id}-{page + 1:02d}")
                before = rules.scroll
                rules.scroll_by(rules.page.h * 3 // 4)
                if rules.scroll == before:
                    break
            self.app.stack.pop()


class TutorialShooter(Shooter):
    """The Learn to play menu, then every note of every guided first game, making the moves each asks for."""

    def settle_on_note(self, table) -> None:
        for _ in range(3000):
            top = self.app.stack.top
            if isinstance(top, RoundSummaryScene):
                self.shot(f"tutorial-{table.mode.tutorial.game}-{table.mode.note_index + 1:02d}-summary")
                top.next.activate()
                continue
            if top is table and table.overlay.shown and (table.overlay.reading or table.my_turn):
                return
            table.match.wait_for_computers()
            self.frame()
        raise RuntimeError(f"{table.mode.tutorial.game}: the guided game stopped at note {table.mode.note_index + 1}")

    def run(self) -> None:
        from fiftyfifty_desktop.tutorials import tutorial_games

        self.app.stack.open("learn")
        self.shot("tutorial-menu")
        for game_id in tutorial_games():
            self.app.stack.restart("title")
            self.app.stack.open("tutorial", game_id=game_id)
            table = self.app.stack.top
            while table.mode.note is not None:
                self.settle_on_note(table)
                note = table.mode.note_index
                self.shot(f"tutorial-{game_id}-{note + 1:02d}")
                if table.overlay.reading:
                    table.overlay.next_note()
                    continue
                for _ in range(12):
                    if table.mode.note_index != note:
                        break
                    wanted = [rect for move, rect in table.choices() if move in table.mode.waiting_for]
                    if wanted:
                        targets = [wanted[0]]
                    else:  # cards laid away (a Fifty-Five discard): mark each in the hand, then confirm
                        hand = list(table.board.hand)
                        targets = [table.geo.hand_slot(hand.index(card), len(hand))
                                   for move in table.mode.waiting_for for card in move.cards]
                        targets.append(region(table, "confirm_button"))
                    for target in targets:
                        self.click(target.center)
                    if table.mode.note_index == note:
                        self.settle_on_note(table)
                else:
                    raise RuntimeError(f"{game_id}: note {note + 1} did not take its moves")
            self.settle_on_note_free(table)
            self.shot(f"tutorial-{game_id}-free")

    def settle_on_note_free(self, table) -> None:
        for _ in range(3000):
            top = self.app.stack.top
            if isinstance(top, RoundSummaryScene):
                top.next.activate()
            elif top is table and table.my_turn:
                return
            table.match.wait_for_computers()
            self.frame()


SHOOTERS = {"take5": Shooter, "rules": RulesShooter, "tutorial": TutorialShooter, "stats": StatsShooter,
            "rating": RatingShooter, "review": ReviewShooter, "fiftyfive": FiftyFiveShooter,
            "fiftyfifty": FiftyFiftyShooter, "thirteen": ThirteenShooter, "setup": SetupShooter}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=size_arg, default=(1280, 720), help="window size, e.g. 1280x720")
    parser.add_argument("--out", type=Path, default=Path("screenshots"), help="folder for the PNGs")
    parser.add_argument("--language", choices=LANGUAGES, default="en")
    parser.add_argument("--game", choices=tuple(SHOOTERS), default="take5", help="whose screens to shoot")
    parser.add_argument("--high-contrast", action="store_true", help="with the high-contrast setting on")
    parser.add_argument("--text-size", type=int, default=100, choices=TEXT_SCALES, help="the text size setting, in percent")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    shooter = SHOOTERS[args.game](args.size, args.out, args.language, args.high_contrast, args.text_size)
    shooter.run()
    print(f"{len(shooter.taken)} screenshots in {args.out}: {', '.join(shooter.taken)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
