"""Playing over the network: host a table, join one, and the lobby where seats fill up.

The host's table is opened by :mod:`~fiftyfifty_desktop.ui.hosting`; every
seat's window is fed by a :class:`~fiftyfifty_desktop.net.client.RemoteMatch`
handing the table one seat's view and steps. The lobby waits for the first
step, then opens the game's own table on that match.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from functools import partial

import pygame

from ...engine import GameError
from ...net.protocol import DEFAULT_PORT, NAME_LIMIT, REMOTE
from .. import fonts, paint
from ..hosting import host_table, hosted_game, reopen_hosted
from ..i18n import game_title, set_aside_line, tr
from ..layout import DANGER, GOLD, TEXT, TEXT_DIM
from ..players import seat_player_label
from ..widgets import Button, Form, TextInput, Toggle, copy_text
from .form import FormScene
from .menu import MenuScene
from .setup import HUMAN, SetupScene, default_players, player_choices

CODE_CHARACTERS = "-_"
#: Seconds the lobby waits for the table's first answer before it gives up (the line it gives up with says so).
CONNECT_LIMIT = 15


class NetworkMenuScene(MenuScene):
    escape_closes = True

    def buttons(self):
        return [Button("net.host", lambda: self.app.stack.open("host_table"), primary=True),
                Button("net.join", lambda: self.app.stack.open("join_table")),
                Button("common.back", self.close)]

    def heading(self):
        return tr("net.heading")

    def subheading(self):
        return tr("net.subheading")


class HostScene(SetupScene):
    """The set-up screen of a new game, where a seat is the host, a friend or a computer."""

    remembers = False  # its seats hold friends, which a table on this screen alone cannot seat

    def __init__(self, app, game_id: str | None = None) -> None:
        self.everywhere = Toggle("net.everywhere", True)  # a friend on the LAN can join at once
        self.port = TextInput("net.port", str(DEFAULT_PORT), 5, allowed=str.isdigit)
        super().__init__(app, game_id)
        self.start.label = "net.open_table"
        # In place of the guided game: the table this window hosted last, while its game is unfinished.
        self.hosted = hosted_game(app)
        self.learn.label, self.learn.on_click = "net.resume_hosted", self.resume_hosted
        self.learn.visible = self.hosted is not None

    def resume_hosted(self) -> None:
        """Open the last hosted table again, where its game stopped, under its old code, on the port and
        network chosen here."""
        assert self.hosted is not None  # the button shows only then
        try:
            match = reopen_hosted(self.app, self.hosted, self.listen_on(), int(self.port.text or DEFAULT_PORT))
        except OSError as exc:
            self.problem = tr("net.cannot_listen", port=self.port.text, reason=exc.strerror or str(exc))
            return
        self.app.stack.switch("net_lobby", match=match)

    def listen_on(self) -> str:
        return "0.0.0.0" if self.everywhere.value else "127.0.0.1"

    def _game_changed(self, game_id: str) -> None:
        super()._game_changed(game_id)
        computers = player_choices(game_id, self.personalities)[1:]
        others = default_players(game_id, self.personalities, len(self.seats))[1:]  # distinct opponents first
        for row in self.seats:
            row.player.shown = self._seat_label
            if row.seat == 0:
                row.player.set_values([HUMAN], HUMAN)
            else:
                row.player.set_values([REMOTE] + computers, REMOTE if row.seat == 1 else others[row.seat - 2])
            row.reset_name()
        self._rebuild()

    def about_for(self, player: str) -> str:
        return tr("net.friend_about") if player == REMOTE else super().about_for(player)

    def _seat_label(self, player: str) -> str:
        if player == HUMAN:
            return tr("net.you")
        if player == REMOTE:
            return tr("net.friend")
        return seat_player_label(player, self.personalities)

    def name_for(self, row) -> str:
        if row.player.value == REMOTE:
            return tr("net.open_seat", n=row.seat + 1)
        return super().name_for(row)

    def _rebuild(self) -> None:
        super()._rebuild()
        widgets = list(self.form.widgets)
        at = widgets.index(self.seed) + 1
        self.form = Form(widgets[:at] + [self.everywhere, self.port] + widgets[at:])
        self.resize(self.layout)

    def resize(self, layout):
        super().resize(layout)
        if not hasattr(self, "form") or self.everywhere not in self.form.widgets:
            return
        row_h, gap = layout.px(self.row_units), layout.px(self.gap_units)
        for widget in (self.everywhere, self.port):
            widget.rect = pygame.Rect(self.seed.rect.x, self.left_bottom, self.seed.rect.w, row_h)
            self.left_bottom += row_h + gap
        self.learn.rect.width = layout.px(52)  # the longer "open my last table again"
        self.learn.rect.right = self.start.rect.x - layout.px(3)

    def start_game(self) -> None:
        try:
            record = self.build_record()
        except (GameError, ValueError) as exc:
            self.problem = str(exc)
            return
        if not any(seat.player == REMOTE for seat in record.seats):
            self.problem = tr("net.need_friend")
            return
        from ...net.host import secret_seed

        port = int(self.port.text or DEFAULT_PORT)
        host = self.listen_on()
        seats = tuple(replace(seat, player=REMOTE) if seat.player == HUMAN else seat for seat in record.seats)
        try:  # a network deal takes a long secret seed, never the short game number typed here
            match = host_table(self.app, replace(record, seats=seats, seed=secret_seed()), host, port)
        except OSError as exc:
            self.problem = tr("net.cannot_listen", port=port, reason=exc.strerror or str(exc))
            return
        self.app.stack.switch("net_lobby", match=match)

    def draw(self, surface):
        super().draw(surface)
        lay = self.layout
        paint.text(surface, tr("net.host_heading"), lay.font_small, (lay.width // 2, lay.px(12)), TEXT_DIM)


def shared_address(match, host: str | None = None) -> str:
    """The invitation friends join with: this machine's address on its network (or ``host``), the port in use,
    the code and the certificate's fingerprint."""
    from ...net.address import invitation
    from ...net.host import reachable_host

    server = match.hosting.server
    return invitation(host or reachable_host(server.host), server.port, match.session.code,
                      server.certificate.fingerprint)


class JoinScene(FormScene):
    escape_closes = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.problem = ""
        self.address = TextInput("net.address", f"127.0.0.1:{DEFAULT_PORT}", 160,
                                 allowed=lambda ch: ch.isascii() and (ch.isalnum() or ch in ".:[]-_/#"))
        self.code = TextInput("net.code", "", 32, allowed=lambda ch: ch.isascii() and (ch.isalnum() or ch in CODE_CHARACTERS))
        # The person at this screen is the profile's player, as at every game's set-up.
        named = app.settings.profile.name or tr("setup.default_human", n=1)
        self.name = TextInput("net.your_name", named, NAME_LIMIT)
        self.kept, set_aside = app.storage.load_joined()
        if set_aside is not None:
            app.notice(set_aside_line(set_aside))
        self.rejoin = Button("net.rejoin_button", self.take_seat_again, primary=True)
        self.rejoin.visible = self.kept is not None
        self.form = Form([self.address, self.code, self.name, Button("net.join_button", self.join,
                                                                     primary=self.kept is None),
                          Button("common.back", self.close), self.rejoin])
        self.address.selected = True  # a pasted invitation takes the place of the address offered
        self.form.focus_on(self.rejoin if self.kept is not None else self.address)

    def resize(self, layout):
        super().resize(layout)
        y = layout.px(30)
        for widget in self.form.widgets[:3]:
            widget.rect = layout.centered(100, 6.4)
            widget.rect.y = y
            y += layout.px(8.4)
        join, back, rejoin = self.form.widgets[3:]
        join.rect = layout.centered(40, 8)
        back.rect = layout.centered(28, 8)
        join.rect.bottomright = (layout.width // 2 + layout.px(50), layout.height - layout.px(6))
        back.rect.bottomleft = (layout.width // 2 - layout.px(50), layout.height - layout.px(6))
        rejoin.rect = layout.centered(72, 8)
        rejoin.rect.midbottom = (layout.width // 2, layout.height - layout.px(18))

    def take_seat_again(self) -> None:
        """Back to the seat kept from the last time (after a crash, or after leaving mid-game)."""
        from ...net.client import RemoteMatch

        kept = self.kept
        assert kept is not None
        match = RemoteMatch(kept.address, kept.code, kept.name, token=kept.token)
        self.app.stack.switch("net_lobby", match=match, rejoining=True)

    def join(self) -> None:
        from ...net.client import RemoteMatch, TableError, table_address

        try:
            where = table_address(self.address.text)
        except TableError as exc:
            self.problem = str(exc)
            return
        if not (self.code.text.strip() or where.code) or not self.name.text.strip():
            self.problem = tr("net.join_help")
            return
        match = RemoteMatch(self.address.text, self.code.text.strip(), self.name.text.strip())
        self.app.stack.switch("net_lobby", match=match)

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        paint.title_text(surface, tr("net.join_heading"), lay.px(7), (lay.width // 2, lay.px(12)), GOLD)
        area = pygame.Rect(0, 0, lay.px(110), lay.px(44))
        area.midtop = (lay.width // 2, lay.px(24))
        paint.panel(surface, area, lay.px(1.5))
        help_text = tr("net.join_help") if self.kept is None else tr(
            "net.rejoin_help", game=game_title(self.kept.game), address=self.kept.address)
        words = self.problem or help_text
        room = pygame.Rect(area.x + lay.px(5), lay.px(57), area.w - lay.px(10), area.bottom - lay.px(58))
        paint.paragraph(surface, words, fonts.fit_lines(words, lay.font_small, room.w, room.h), room,
                        DANGER if self.problem else TEXT_DIM)  # in smaller text where it would leave the panel
        self.form.draw(surface, lay)


class LobbyScene(FormScene):
    """Who sits where before the game: open seats to pick, the host's start and hand-over buttons."""

    def __init__(self, app, match=None, address: str = "", code: str = "", name: str = "",
                 seat: int | None = None, exit_at_end: bool = False, rejoining: bool = False,
                 token: str | None = None) -> None:
        super().__init__(app)
        if match is None:
            from ...net.client import RemoteMatch

            match = RemoteMatch(address, code, name, seat=seat, token=token)
        match.wake = app.wake  # what the connection hears is shown at once, the mouse still
        self.match = match
        self.address = shared_address(match) if match.hosting is not None else ""
        #: The invitation for a second window on this machine: the loopback address, the same code and fingerprint.
        self.local_address = shared_address(match, "127.0.0.1") if match.hosting is not None else ""
        self.exit_at_end = exit_at_end
        self.rejoining = rejoining  # with the token of a kept seat
        self.kept = rejoining
        self.shown: object = None
        self.connect_by = time.monotonic() + CONNECT_LIMIT
        self.gave_up = ""  # the line said when the table never answered
        self.cancel = Button("net.cancel", self.stop_connecting)
        self.form = Form([self.cancel])
        self.playing = False
        self.copied: str | None = None  # what the last press of Copy invitation came to

    # ----- following the table -------------------------------------------------
    def update(self, dt):
        if self.gave_up:
            return
        match = self.match
        started = match.pump()
        reason = match.failure or match.ended
        if reason is not None:
            self.leave_with(reason)
            return
        if match.game is None:  # still connecting: a deadline, looked at on every wake of the resting window
            if time.monotonic() >= self.connect_by:
                self.give_up()
            return
        if not self.kept and match.hosting is None and match.session.token and match.game is not None:
            self.keep_seat()
        if started:
            self.playing = True
            self.app.stack.switch("table", record=match.record, match=match, exit_at_end=self.exit_at_end)
            return
        snapshot = (tuple(tuple(sorted(s.items())) for s in match.seats), match.seat, match.session.host)
        if snapshot != self.shown:
            self.shown = snapshot
            self._rebuild()

    def keep_seat(self) -> None:
        """Note the seat this window was given, so it can be taken again after a crash (best effort:
        a seat that cannot be noted is still played; only that way back is lost)."""
        from ...storage import JoinedSeat, StorageError

        match = self.match
        self.kept = True
        try:
            self.app.storage.save_joined(JoinedSeat(match.session.address, match.session.code, match.session.token,
                                                    match.session.name, match.game.id))
        except StorageError:
            pass

    def leave_with(self, reason: str) -> None:
        self.match.close()
        if self.exit_at_end:
            print(reason, file=sys.stderr)
            self.app.quit(status=2)
            return
        if self.rejoining and self.match.session.reached and self.match.game is None:
            self.app.storage.forget_joined()  # the table answered: the seat is not ours any more
            self.app.notice(tr("net.seat_gone", reason=reason))
        else:
            self.app.notice(tr("net.table_ended", reason=reason))
        self.app.stack.restart("title")

    def give_up(self) -> None:
        """The table never answered: stop trying and say so in one line, with the time waited."""
        self.match.close()
        line = tr("net.no_answer", seconds=CONNECT_LIMIT)
        if self.exit_at_end:
            print(line, file=sys.stderr)
            self.app.quit(status=2)
            return
        self.gave_up = line
        self.cancel.label = "common.back"

    def picture_key(self) -> object:
        return self.gave_up

    def stop_connecting(self) -> None:
        """Cancel (or, once given up, Back) before the table answered: no seat was taken here, so a seat kept
        from an earlier time stays kept."""
        self.match.close()
        self.app.stack.restart("title")

    def exit(self) -> None:
        if not self.playing:
            self.match.close()
        super().exit()

    def escape(self) -> bool:
        if self.match.game is None:
            self.stop_connecting()
        else:
            self.leave()
        return True

    def leave(self) -> None:
        """Leave before play begins: the seat is given up, so nothing is kept to take again."""
        self.match.close()
        self.app.storage.forget_joined()
        self.app.stack.restart("title")

    # ----- the seats -------------------------------------------------------------
    def _rebuild(self) -> None:
        match, host = self.match, self.match.session.host
        self.rows: list[tuple[int, dict, Button | None]] = []
        widgets = []
        for seat, info in enumerate(match.seats):
            button = None
            if seat != match.seat and info.get("remote"):
                if host:
                    computer = bool(info.get("computer"))
                    button = Button("net.to_friend" if computer else "net.to_computer",
                                    partial(match.hand_over, seat, not computer))
                elif not info.get("joined") and not info.get("computer"):
                    button = Button("net.sit", partial(match.pick, seat))
            if button is not None:
                widgets.append(button)
            self.rows.append((seat, info, button))
        self.start = Button("net.start", match.start, primary=True)
        self.start.visible = host
        self.copy = Button("net.copy_invitation", partial(self.copy_invitation, self.address))
        self.copy.visible = self.sharing
        self.copy_local = Button("net.copy_local", partial(self.copy_invitation, self.local_address))
        self.copy_local.visible = match.hosting is not None
        widgets += [self.copy, self.copy_local, self.start, Button("net.leave", self.leave)]
        self.form = Form(widgets)
        self.resize(self.layout)

    @property
    def sharing(self) -> bool:
        """Whether this window hosts a table that other machines may join (so there is an invitation to share)."""
        hosting = self.match.hosting
        return hosting is not None and hosting.server.host != "127.0.0.1"

    def copy_invitation(self, invitation: str) -> None:
        self.copied = tr("net.copied") if copy_text(invitation) else tr("net.copy_failed")

    def seats_top(self, layout) -> int:
        """Where the seat panel begins: lower when the invitation and its buttons are shown above it."""
        return layout.px(42) if self.sharing else layout.px(35.5) if self.match.hosting is not None \
            else layout.px(29.5)

    def resize(self, layout):
        super().resize(layout)
        rows = getattr(self, "rows", [])
        top = self.seats_top(layout) + layout.px(4.5)
        for i, (_, _, button) in enumerate(rows):
            if button is not None:
                button.rect = pygame.Rect(0, 0, layout.px(34), layout.px(5.6))
                button.rect.midright = (layout.width // 2 + layout.px(52), top + i * layout.px(7.2))
        self.cancel.rect = layout.centered(36, 8)
        self.cancel.rect.midbottom = (layout.width // 2, layout.height - layout.px(5))
        if rows:
            self.start.rect = layout.centered(40, 8)
            self.start.rect.bottomright = (layout.width // 2 + layout.px(55), layout.height - layout.px(5))
            leave = self.form.widgets[-1]
            leave.rect = layout.centered(28, 8)
            leave.rect.bottomleft = (layout.width // 2 - layout.px(55), layout.height - layout.px(5))
            self.copy.rect = pygame.Rect(0, 0, layout.px(50), layout.px(5.6))  # two side by side, as wide as the seats
            self.copy.rect.topright = (layout.width // 2 - layout.px(1), layout.px(34))
            self.copy_local.rect = self.copy.rect.copy()
            if self.sharing:  # the network's invitation and this machine's side by side
                self.copy_local.rect.topleft = (layout.width // 2 + layout.px(1), layout.px(34))
            else:
                self.copy_local.rect.midtop = (layout.width // 2, layout.px(27.5))

    def status(self, seat: int, info: dict) -> str:
        if seat == self.match.seat:
            return tr("net.seat_you")
        if info.get("computer"):
            return tr("net.seat_computer")
        if not info.get("joined"):
            return tr("net.seat_open")
        return tr("net.seat_here") if info.get("connected") else tr("net.seat_away")

    def draw(self, surface):
        lay = self.layout
        paint.background(surface)
        match = self.match
        paint.title_text(surface, tr("net.lobby_heading", code=match.session.code), lay.px(7),
                         (lay.width // 2, lay.px(10)), GOLD)
        if match.game is None:
            words = pygame.Rect(0, 0, min(lay.width - lay.px(8), lay.px(130)), lay.px(30))
            words.center = (lay.width // 2, lay.height // 2)
            paint.paragraph(surface, self.gave_up or tr("net.connecting"), lay.font_body, words,
                            DANGER if self.gave_up else TEXT_DIM, middle=True)  # wrapped, never shrunk
            self.form.draw(surface, lay)
            return
        paint.text(surface, tr(f"game.{match.game.id}"), lay.font_body, (lay.width // 2, lay.px(18)), TEXT)
        if self.sharing:
            paint.text(surface, tr("net.share", code=match.session.code), lay.font_small,
                       (lay.width // 2, lay.px(23.5)), GOLD, max_width=lay.width - lay.px(8))
            where, hashed, fingerprint = self.address.partition("#")
            for y, line in ((lay.px(27.5), where), (lay.px(31), hashed + fingerprint)):
                paint.text(surface, line, lay.font_small, (lay.width // 2, y), TEXT, max_width=lay.width - lay.px(8))
        elif match.hosting is not None:
            paint.text(surface, tr("net.share_local", port=match.hosting.server.port, code=match.session.code),
                       lay.font_small, (lay.width // 2, lay.px(23.5)), GOLD, max_width=lay.width - lay.px(8))
        area = pygame.Rect(0, 0, lay.px(116), lay.px(7.2) * max(1, len(self.rows)) + lay.px(4))
        area.midtop = (lay.width // 2, self.seats_top(lay))
        paint.panel(surface, area, lay.px(1.5))
        for i, (seat, info, button) in enumerate(self.rows):
            y = area.top + lay.px(4.5) + i * lay.px(7.2)
            colour = (110, 110, 110) if info.get("computer") else (70, 200, 90) if info.get("connected") \
                else (220, 70, 60) if info.get("joined") else (90, 90, 90)
            pygame.draw.circle(surface, colour, (lay.width // 2 - lay.px(52), y), max(4, lay.px(1.1)))
            paint.text(surface, info.get("name", ""), lay.font_body, (lay.width // 2 - lay.px(48), y), TEXT,
                       anchor="midleft", max_width=lay.px(44))
            right = button.rect.x - lay.px(1) if button is not None else lay.width // 2 + lay.px(52)
            paint.text(surface, self.status(seat, info), lay.font_small, (lay.width // 2 + lay.px(2), y),
                       TEXT_DIM, anchor="midleft", max_width=right - lay.width // 2 - lay.px(2))  # off the button
        waiting = tr("net.waiting_host") if not match.session.host else tr("net.waiting_friends")
        if not match.session.host or any(s.get("remote") and not s.get("joined") and not s.get("computer")
                                         for s in match.seats):
            paint.text(surface, waiting, lay.font_small, (lay.width // 2, area.bottom + lay.px(4)), TEXT_DIM)
        said = match.error or self.copied
        if said:
            paint.text(surface, said, lay.font_small, (lay.width // 2, area.bottom + lay.px(8)),
                       DANGER if match.error else TEXT, max_width=lay.width - lay.px(8))
        self.form.draw(surface, lay)
