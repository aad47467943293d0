"""Drive the real application with synthetic pygame events, as a player would."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

import pygame

from fiftyfifty_desktop.ai import LADDER
from fiftyfifty_desktop.app import App
from fiftyfifty_desktop.storage import Storage
from fiftyfifty_desktop.ui.scenes.handover import HandoverScene
from fiftyfifty_desktop.ui.scenes.pick_player import PickPlayerScene
from fiftyfifty_desktop.ui.scenes.results import ResultsScene
from fiftyfifty_desktop.ui.scenes.setup import SetupScene
from fiftyfifty_desktop.ui.scenes.summary import RoundSummaryScene
from fiftyfifty_desktop.ui.tables.base import TableScene
from fiftyfifty_desktop.ui.tables.picking import DOUBLE_CLICK
from fiftyfifty_desktop.ui.widgets import Button, Widget

FRAME = 1 / 60


@dataclass
class Driver:
    app: App
    clock: float = 0.0  # the time the frames have run
    clicked_at: float = -DOUBLE_CLICK  # when the last click was

    @classmethod
    def start(cls, storage: Storage, **kwargs) -> Driver:
        app = App(storage, **kwargs)
        app.start()
        driver = cls(app)
        driver.frame()
        return driver

    @contextmanager
    def quit_and_continue(self, table: TableScene, storage: Storage,
                          kind: type) -> Iterator[tuple[Driver, TableScene, object]]:
        """Quit mid-game, start the program again and choose Continue.

        Yields the new driver, the resumed table (checked to be a ``kind`` holding
        every move made before quitting) and seat 0's view at the moment of quitting.
        """
        moves, view = table.record.moves, table.game.view(table.match.full_state(), 0)
        self.frame(pygame.event.Event(pygame.QUIT))
        assert not self.app.running
        again = Driver.start(storage)
        try:
            again.click(again.top.continue_button.rect.center)
            resumed = again.top
            assert isinstance(resumed, kind)
            assert resumed.record.moves[:len(moves)] == moves
            again.settle()
            yield again, resumed, view
        finally:
            again.close()

    def close(self) -> None:
        if self.app.running:
            self.app.quit()

    @property
    def top(self):
        return self.app.stack.top

    # ----- input ---------------------------------------------------------
    def frame(self, *events: pygame.event.Event, dt: float = FRAME) -> None:
        self.clock += dt
        self.app.step(dt, events)

    def click(self, pos) -> None:
        """A click as a person makes one: separate clicks are further apart than a double-click's two."""
        pos = (int(pos[0]), int(pos[1]))
        if self.clock - self.clicked_at <= DOUBLE_CLICK:
            self.frame(dt=DOUBLE_CLICK + FRAME - (self.clock - self.clicked_at))
        self.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                   pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.clicked_at = self.clock  # the release, a frame after the press
        self.frame(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def drag(self, start, end, release: bool = True) -> None:
        """Press at ``start``, move in steps to ``end`` (a card taken up follows) and, unless told, let go there."""
        start, end = (int(start[0]), int(start[1])), (int(end[0]), int(end[1]))
        self.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
                   pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        for step in (0.25, 0.5, 1.0):
            point = (int(start[0] + (end[0] - start[0]) * step), int(start[1] + (end[1] - start[1]) * step))
            self.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1, 0, 0)))
        if release:
            self.let_go(end)

    def let_go(self, pos) -> None:
        """The left button comes up at ``pos`` (the end of a drag)."""
        self.frame(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=1))

    def press(self, key: int, unicode: str = "", mod: int = 0) -> None:
        self.frame(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod, scancode=0))

    def type(self, text: str) -> None:
        for ch in text:
            self.frame(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()) if ch.isalnum() else 0,
                                          unicode=ch, mod=0, scancode=0),
                       pygame.event.Event(pygame.TEXTINPUT, text=ch))

    def seat(self, setup: SetupScene, seat: int, player: str) -> None:
        """Choose who plays ``seat`` from the list the set-up screen opens for it."""
        row = setup.seats[seat]
        if row.player.value == player:
            return
        self.click(row.player.rect.center)
        picker = self.top
        assert isinstance(picker, PickPlayerScene), type(picker).__name__
        [entry] = [e for e in picker.entries if e.choice.value == player]
        self.click(entry.rect.center)
        assert self.top is setup and row.player.value == player

    def button(self, label: str) -> Button:
        """The visible button whose text is ``label`` on the top scene."""
        for widget in self.widgets():
            if isinstance(widget, Button) and widget.visible and _text(widget) == label:
                return widget
        raise AssertionError(f"no button {label!r} on {type(self.top).__name__}: "
                             f"{[_text(w) for w in self.widgets() if isinstance(w, Button) and w.visible]}")

    def click_button(self, label: str) -> None:
        self.click(self.button(label).rect.center)

    def widgets(self) -> list[Widget]:
        form = getattr(self.top, "form", None)
        return form.widgets if form is not None else []

    def new_game(self, game: str, seed: str = "", players=None, names=()) -> TableScene:
        """Start ``game`` from the title screen through the New game form, as a player would."""
        self.click_button("New game")
        setup = self.top
        assert isinstance(setup, SetupScene)
        while setup.game_chooser.value != game:
            self.click((setup.game_chooser.rect.right - 5, setup.game_chooser.rect.centery))
        if players is not None:
            while setup.players.value != len(players):
                self.click((setup.players.rect.right - 5, setup.players.rect.centery))
            named = [p for p in players if p not in ("human", *LADDER)]
            if len(named) != len(set(named)) and not setup.allow_twice.value:
                self.click(setup.allow_twice.rect.center)
            for row, player in zip(setup.seats, players):
                self.seat(setup, row.seat, player)
        for row, name in zip(setup.seats, names):
            self.click(row.name.rect.center)
            self.press(pygame.K_a, mod=pygame.KMOD_CTRL)
            self.type(name)
        if seed:
            self.click(setup.seed.rect.center)
            self.type(seed)
        self.click_button("Start")
        return self.table()

    # ----- waiting -------------------------------------------------------
    def table(self) -> TableScene:
        table = self.app.stack.find(TableScene)
        assert table is not None, "no table on the stack"
        return table

    def settle(self, limit: int = 2000) -> None:
        """Run frames until a human must act or another screen is on top."""
        for _ in range(limit):
            top = self.top
            if not isinstance(top, TableScene):
                return
            if top.acting is not None and not top.busy:
                return
            top.match.wait_for_computers()
            self.frame()
        raise AssertionError("the table did not settle")

    def run_to_exit(self, limit: int = 5000, watch=lambda top: None) -> set[str]:
        """Run frames, computer seats answering at once, until the application quits.

        ``watch(top)`` sees the top screen before every frame. Returns the names of the screens seen.
        """
        seen = set()
        for _ in range(limit):
            if not self.app.running:
                return seen
            seen.add(type(self.top).__name__)
            watch(self.top)
            table = self.app.stack.find(TableScene)
            if table is not None:
                table.match.wait_for_computers()
            self.frame()
        raise AssertionError("the application did not quit")

    def play_to_end(self, pick, limit: int = 5000) -> list[str]:
        """Play until the results, choosing each human move with ``pick(table) -> (move, rect)``.

        Returns the names of the screens passed through, in order.
        """
        seen = []
        for _ in range(limit):
            self.settle()
            top = self.top
            seen.append(type(top).__name__)
            if isinstance(top, ResultsScene) or not self.app.running:
                return seen
            if isinstance(top, HandoverScene):
                self.press(pygame.K_RETURN)
            elif isinstance(top, RoundSummaryScene):
                self.click(top.next.rect.center)
            elif isinstance(top, TableScene):
                move, rect = pick(top)
                self.click(rect.center)
            else:
                raise AssertionError(f"unexpected screen {type(top).__name__}")
        raise AssertionError("the game did not end")


def _text(widget) -> str:
    from fiftyfifty_desktop.ui.widgets import label_text

    return label_text(widget.label)
