"""A seat at a table hosted elsewhere: a chip per seat in a bar under the table, the host's click on a friend's
chip that hands the seat to the computer or back, and the host's question when a friend leaves the table."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
from pygame import Rect

from .. import audit, fonts, paint
from ..i18n import tr
from ..layout import FELT_DARK, GOLD, Layout
from .overlay import Overlay

Chip = tuple[int, Rect, str, tuple[int, int, int]]

#: The dot of a chip: its player connected, away, a computer playing the seat, this window reconnecting.
CONNECTED, AWAY, COMPUTER, RECONNECTING = (70, 200, 90), (220, 70, 60), (120, 120, 120), (230, 170, 40)
#: Space around and between the chips, in layout units.
GAP = 0.8


class SeatChips(Overlay):
    """The seats of a network table as chips in a bar along the bottom of the window, so they cover nothing of
    the table, its log or its panels: a green, red or grey dot for connected, away or computer, the seat's
    state after its name (away, back, this window reconnecting) and "waiting for ..." in gold while the
    cards are at rest. At the host, a friend who leaves is announced with a choice: a computer plays the
    seat until they are back, or the table waits for them."""

    def __init__(self, match: Any, table: Any) -> None:
        self.match = match
        self.table = table
        self.places: list[Rect] = []  # each seat's room in the bar, for the window laid out last
        self.height = 0  # the bar's, for that window
        self.away: set[int] = set()  # seats seen away; shown "back" once connected, until the next move
        self.back_at: dict[int, int] = {}  # a seat seen back, and the moves made then
        self.announced: set[int] = set()  # seats whose leaving the host was asked about, until they return
        self.asking: list[int] = []  # seats whose leaving is still to be announced
        # Seats already away when the table opens (a table opened again) were not seen leaving: not asked about.
        self.away.update(seat for seat, info in enumerate(match.seats) if not info.get("connected"))

    # ----- what each chip says -------------------------------------------------
    def waiting(self) -> set[int]:
        return set(self.match.thinking()) if not self.table.busy else set()

    def seat_state(self, seat: int, info: dict[str, Any]) -> str:
        """The words after the seat's name: its connection now (empty when nothing is to be said)."""
        if seat == self.match.seat:
            tries = self.match.rejoining
            return tr("net.state_reconnecting", n=tries, total=self.match.rejoin_tries) if tries else ""
        if info.get("computer"):
            return ""
        if not info.get("connected"):
            return tr("net.state_away")
        return tr("net.state_back") if seat in self.back_at else ""

    def label(self, seat: int, info: dict[str, Any], waiting: bool, state: str) -> str:
        name = info.get("name", "")
        shown = tr("net.waiting_for", name=name) if waiting else name
        return tr("net.chip_state", label=shown, state=state) if state else shown

    def colour(self, seat: int, info: dict[str, Any]) -> tuple[int, int, int]:
        if seat == self.match.seat and self.match.rejoining:
            return RECONNECTING
        return COMPUTER if info.get("computer") else CONNECTED if info.get("connected") else AWAY

    def widest(self, seat: int, info: dict[str, Any]) -> list[str]:
        """Every label the seat's chip may show at this table, for the room it is given in the bar."""
        if seat == self.match.seat:
            total = self.match.rejoin_tries
            return [self.label(seat, info, False, ""),
                    self.label(seat, info, False, tr("net.state_reconnecting", n=total, total=total))]
        states = ["", tr("net.state_away"), tr("net.state_back")] if info.get("remote") else [""]
        return [self.label(seat, info, waiting, state) for waiting in (False, True) for state in states]

    # ----- the bar ----------------------------------------------------------------
    def lay_out(self, window: Layout) -> tuple[list[Rect], int]:
        """Each seat's room, row after row from the window's bottom left (a chip too wide for the window takes
        a row of its own and shrinks its words), and the bar's height."""
        words = fonts.font(window.font_small)
        gap, pad = window.px(GAP), window.px(4.2)
        line = words.get_linesize() + window.px(0.8)
        room = window.width - 2 * gap
        rows: list[list[int]] = [[]]
        x = 0
        for seat, info in enumerate(self.match.seats):
            width = min(room, max(words.size(fonts.shown(label))[0] for label in self.widest(seat, info)) + pad)
            if rows[-1] and x + gap + width > room:
                rows.append([])
                x = 0
            x += (gap if rows[-1] else 0) + width
            rows[-1].append(width)
        height = len(rows) * (line + gap) + gap if self.match.seats else 0
        places, y = [], window.height - height + gap
        for row in rows:
            x = gap
            for width in row:
                places.append(Rect(x, y, width, line))
                x += width + gap
            y += line + gap
        return places, height

    def bottom_bar(self, window: Layout) -> int:
        """The table is drawn above the chips' rows, so they hide none of it."""
        self.places, self.height = self.lay_out(window)
        return self.height

    def chips(self) -> list[Chip]:
        """A chip per seat: the seat, where it is drawn, its words and its dot's colour."""
        waiting = self.waiting()
        return [(seat, place, self.label(seat, info, seat in waiting, self.seat_state(seat, info)), self.colour(seat, info))
                for (seat, info), place in zip(enumerate(self.match.seats), self.places)]

    # ----- following the seats --------------------------------------------------
    def place(self) -> None:
        """Note who left and who came back; at the host, ask about a friend who left (the table on top)."""
        match = self.match
        made = match.moves_made
        for seat, info in enumerate(match.seats):
            if seat == match.seat or not info.get("remote") or info.get("computer") or not info.get("joined"):
                continue
            if not info.get("connected"):
                self.back_at.pop(seat, None)
                if seat not in self.away and seat not in self.announced and match.session.host and not match.over:
                    self.asking.append(seat)
                self.away.add(seat)
            elif seat in self.away:
                self.away.discard(seat)
                self.announced.discard(seat)
                self.back_at[seat] = made
            elif self.back_at.get(seat, made) != made:
                del self.back_at[seat]  # "back" until the table moves on
        if self.asking and self.table.app.stack.top is self.table:
            self.ask(self.asking.pop(0))

    def ask(self, seat: int) -> None:
        """A friend left the host's table: a computer may play their seat until they are back, or the table
        waits (the table's own limit hands the seat over after a while all the same)."""
        info = self.match.seats[seat]
        if info.get("connected") or info.get("computer"):
            return
        self.announced.add(seat)
        name = info.get("name", "")
        self.table.app.stack.open("confirm", heading=tr("net.left_heading", name=name),
                                  question=tr("net.left_question", name=name), yes="net.let_computer",
                                  no="net.wait", then=partial(self.let_computer, seat))

    def let_computer(self, seat: int) -> None:
        """The host chose a computer for the seat: unless its player came back meanwhile."""
        self.match.pump()
        info = self.match.seats[seat]
        if not info.get("connected") and not info.get("computer"):
            self.match.hand_over(seat, True)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The host clicked a friend's chip: a computer plays that seat now, or its player again."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or not self.match.session.host:
            return event
        for seat, box, _, _ in self.chips():
            info = self.match.seats[seat]
            if box.collidepoint(event.pos) and seat != self.match.seat and info.get("remote"):
                self.match.hand_over(seat, not info.get("computer"))
                return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.table.window
        bar = Rect(0, lay.height - self.height, lay.width, self.height)
        surface.fill(FELT_DARK, bar)
        audit.note(surface, audit.PANEL, bar)  # over the table: what it would cut off is a finding
        waiting = self.waiting()
        for seat, box, label, colour in self.chips():
            pygame.draw.rect(surface, (10, 36, 24), box, border_radius=lay.px(0.8))
            audit.note(surface, audit.CONTROL, box, label)
            pygame.draw.circle(surface, colour, (box.x + lay.px(1.6), box.centery), max(3, lay.px(0.7)))
            paint.text(surface, label, lay.font_small, (box.x + lay.px(3), box.centery),
                       GOLD if seat in waiting else (230, 230, 220), anchor="midleft",
                       max_width=box.w - lay.px(3.6))
