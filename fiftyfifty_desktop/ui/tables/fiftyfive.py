"""The Fifty-Five table: the other seats along the top, your hand at the
bottom, the game's state on the left (hand, trumps, the contract), the
bidding and the scores on the right, and the middle for the kitty, the
bidding buttons, the trump choice and the trick.

Only the picture lives here; the rules (what may be bid, played or held
back, who wins a trick, the scoring race) stay in ``games/fiftyfive``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from ...games.fiftyfive.cards import SYMBOLS, show, trick_winner
from ...games.fiftyfive.rules import (ALL_TRICKS_BID, BEST_TRUMP_POINTS, DISCARDING, HAND_SIZE, KITTY, NAMING,
                                      PLAYING, TRICK_POINTS, Bid, Discard, Hold, NameTrump, Pass, Play)
from .. import paint
from ..cards import back, card_size
from ..i18n import tr
from ..layout import BUTTON, BUTTON_DISABLED, BUTTON_HOVER, DANGER, GOLD, GOLD_DARK, PANEL_EDGE, TEXT, TEXT_DIM, Layout
from ..scenes.summary import RoundSummaryScene
from ..tween import SPEED_FACTORS, Animation, ease_in_out_cubic, ease_out_cubic, lerp
from . import fiftyfive_cards
from .base import AUTO_SUMMARY, TableGeometry, TableScene

Rect = pygame.Rect
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): (d - 1) % 10 for d in range(10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): (d - 1) % 10 for d in range(10)})
SUIT_KEYS = {pygame.K_h: 0, pygame.K_d: 1, pygame.K_c: 2, pygame.K_s: 3}
#: Team badge colours: partners share one.
TEAM_COLOURS = ((92, 160, 232), (232, 120, 92), (136, 208, 120), (212, 150, 230))
SUIT_NAME_KEYS = ("hearts", "diamonds", "clubs", "spades")


@dataclass
class Board:
    """What the table shows; animations change it as the cards move."""

    hand: list[int] = field(default_factory=list)
    hand_sizes: list[int] = field(default_factory=list)
    kitty: int = 0
    discards: int = 0
    calls: list[tuple[int, str]] = field(default_factory=list)
    bid: int = 0
    bidder: int = -1
    duel: int = -1
    dealer: int = 0
    hand_number: int = 0
    trump: int = -1
    trick: list[tuple[int, int]] = field(default_factory=list)
    piles: list[int] = field(default_factory=list)  # tricks won this hand, per seat
    totals: list[int] = field(default_factory=list)  # per side
    best: tuple[int, int] | None = None  # the hand's best trump once the hand is over
    from_kitty: set[int] = field(default_factory=set)  # the viewer's cards that came from the kitty
    bidding: bool = True  # the calls are still being made
    dealing: bool = False
    caption: str = ""


def call_text(text: str) -> str:
    """A bidding call's notation as a player reads it."""
    if text == "pass":
        return tr("fiftyfive.call_pass")
    if text == "hold":
        return tr("fiftyfive.call_hold")
    return text[1:]


@lru_cache(maxsize=32)
def _symbol(suit: int, size: int, colour: tuple[int, int, int] | None = None) -> pygame.Surface:
    return fiftyfive_cards.suit_symbol(suit, size, colour)


class Geometry(TableGeometry):
    """Where everything sits for one window size, in the layout's units."""

    def __init__(self, layout: Layout, seats: int, viewer: int | None) -> None:
        super().__init__(layout)
        self.seats = seats
        self.viewer = viewer
        first = viewer if viewer is not None else -1
        self.others = [(first + i) % seats for i in range(1, seats + 1) if (first + i) % seats != viewer]
        n = max(1, len(self.others))
        self.plate_w = min(30 * layout.u, (172 * layout.u) / n - 1.5 * layout.u)
        self.hand_h = 17 * layout.u
        self.hand_top = layout.height - 21.5 * layout.u
        self.trick_h = 15 * layout.u

    def plate(self, seat: int) -> Rect:
        if seat == self.viewer:
            return Rect(round(self.cx - self.px(87)), round(self.hand_top - self.px(1)), round(self.px(21)),
                        round(self.px(21.5)))
        n = len(self.others)
        i = self.others.index(seat)
        gap = self.px(1.5)
        total = n * self.plate_w + (n - 1) * gap
        x = self.cx - total / 2 + i * (self.plate_w + gap)
        return Rect(round(x), round(self.px(1.5)), round(self.plate_w), round(self.px(10.5)))

    def bubble(self, seat: int) -> Rect:
        """The speech bubble of a seat's last call (below a top plate, inside the viewer's plate)."""
        plate = self.plate(seat)
        w = min(plate.w - self.px(2), self.px(16))
        if seat == self.viewer:
            return Rect(round(plate.centerx - w / 2), round(plate.bottom - self.px(7.5)), round(w), round(self.px(5)))
        return Rect(round(plate.centerx - w / 2), round(plate.bottom + self.px(1.2)), round(w), round(self.px(5)))

    def seat_point(self, seat: int) -> Rect:
        """Where a seat's cards come from and go to."""
        if seat == self.viewer:
            return self.card_rect((self.cx, self.hand_top + self.hand_h / 2), self.hand_h)
        plate = self.plate(seat)
        return self.card_rect(plate.center, self.px(8))

    def left_panel(self) -> Rect:
        return Rect(round(self.cx - self.px(87)), round(self.px(19)), round(self.px(40)), round(self.px(56)))

    def right_panel(self) -> Rect:
        return Rect(round(self.cx + self.px(47)), round(self.px(19)), round(self.px(40)), round(self.px(56)))

    def centre(self) -> Rect:
        return Rect(round(self.cx - self.px(45)), round(self.px(19)), round(self.px(90)), round(self.px(56)))

    def hand_slot(self, index: int, count: int) -> Rect:
        w, h = card_size(round(self.hand_h))
        span = self.px(128)
        step = min(w + self.px(1.2), (span - w) / max(1, count - 1))
        total = (count - 1) * step + w
        x = self.cx - total / 2 + index * step + self.px(6)
        return Rect(round(x), round(self.hand_top), w, h)

    def trick_slot(self, index: int, count: int) -> Rect:
        """Card ``index`` of a trick of ``count`` cards: one row, or two rows from seven players on."""
        area = self.centre()
        if count <= 6:
            cols, top, height = count, area.y + self.px(19), self.trick_h
        else:
            cols, top, height = -(-count // 2), area.y + self.px(11), self.px(13)
        w, h = card_size(round(height))
        row, col = divmod(index, cols)
        in_row = min(cols, count - row * cols)
        step = w + self.px(5)
        x = area.centerx - ((in_row - 1) * step + w) / 2 + col * step
        return Rect(round(x), round(top + row * (h + self.px(9))), w, h)

    def kitty_slot(self, index: int) -> Rect:
        area = self.centre()
        w, h = card_size(round(self.px(12)))
        x = area.centerx - self.px(8.8) + index * self.px(4.4) - w / 2
        return Rect(round(x), round(area.y + self.px(12)), w, h)

    def discard_pile(self) -> Rect:
        area = self.centre()
        return self.card_rect((area.right - self.px(5), area.y + self.px(6)), self.px(9))

    def bid_buttons(self, count: int) -> list[Rect]:
        area = self.centre()
        w, gap = self.px(13), self.px(1.5)
        widths = [w] * count
        total = sum(widths) + gap * (count - 1)
        x = area.centerx - total / 2
        out = []
        for width in widths:
            out.append(Rect(round(x), round(area.bottom - self.px(13)), round(width), round(self.px(7.5))))
            x += width + gap
        return out

    def trump_buttons(self) -> list[Rect]:
        area = self.centre()
        size, gap = self.px(15), self.px(2.5)
        x = area.centerx - (4 * size + 3 * gap) / 2
        return [Rect(round(x + i * (size + gap)), round(area.y + self.px(18)), round(size), round(size + self.px(4)))
                for i in range(4)]

    def confirm_button(self) -> Rect:
        area = self.centre()
        return Rect(round(area.centerx - self.px(16)), round(area.bottom - self.px(11)), round(self.px(32)),
                    round(self.px(7.5)))


class FiftyFiveTable(TableScene):
    def __init__(self, app, record, exit_at_end: bool = False) -> None:
        super().__init__(app, record, exit_at_end)
        seats = len(self.names)
        self.board = Board(hand_sizes=[0] * seats, piles=[0] * seats, totals=list(self.state.totals))
        self.marked: list[int] = []  # cards the human has chosen to discard
        self.banner: tuple[str, int | None] | None = None  # a big announcement with an optional card

    # ----- teams ------------------------------------------------------------
    @property
    def sides(self) -> int:
        return len(self.state.totals)

    def side(self, seat: int) -> int:
        return self.game.side(self.state, seat)

    def side_name(self, side: int) -> str:
        members = ", ".join(self.names[s] for s in range(len(self.names)) if self.side(s) == side)
        return tr("fiftyfive.team_members", number=side + 1, names=members) if self.state.teams > 1 else members

    def team_colour(self, seat: int) -> tuple[int, int, int] | None:
        return TEAM_COLOURS[self.side(seat) % len(TEAM_COLOURS)] if self.state.teams > 1 else None

    # ----- picture from the views -------------------------------------------
    def make_geometry(self) -> Geometry:
        return Geometry(self.layout, len(self.names), self.viewer)

    def sync(self) -> None:
        v = self.game.view(self.state, self.viewer if self.viewer is not None else 0)
        b = self.board
        b.hand = list(v.cards) if self.viewer is not None else []
        b.hand_sizes = list(v.hand_sizes)
        b.kitty, b.discards = v.kitty_size, v.discard_count
        b.calls = list(v.calls)
        b.bid, b.bidder, b.duel, b.dealer, b.hand_number = v.bid, v.bidder, v.duel, v.dealer, v.hand
        b.trump = v.trump
        b.bidding = v.phase == "bid"
        b.trick = list(v.trick)
        b.piles = [v.trick_winners.count(s) for s in range(len(self.names))]
        b.totals = list(v.totals)
        b.dealing = False
        self.marked = [c for c in self.marked if c in b.hand]

    # ----- events to animations ---------------------------------------------
    def fly(self, card: int | None, src, dst, duration: float = 0.4, delay: float = 0.0, on_start=None,
            on_finish=None, ease=ease_in_out_cubic, count: int = 1) -> Animation:
        """``count`` cards (a packet) moving from rect ``src()`` to rect ``dst()``."""
        def draw(surface: pygame.Surface, p: float) -> None:
            a, b = src(), dst()
            h = lerp(a.h, b.h, p)
            cx, cy = lerp(a.centerx, b.centerx, p), lerp(a.centery, b.centery, p)
            for i in range(count):
                offset = (i - (count - 1) / 2) * h * 0.12
                self.blit_card(surface, card, (cx + offset, cy), h)
        return Animation(duration, draw, on_start, on_finish, ease, delay)

    def blit_card(self, surface: pygame.Surface, card: int | None, centre, height: float, width: int | None = None,
                  lift: float = 0.0, dim: bool = False) -> Rect:
        """As on every table; ``dim`` veils a card that cannot be played now."""
        rect = super().blit_card(surface, card, centre, height, width, lift)
        if dim:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (10, 30, 20, 150), veil.get_rect(), border_radius=max(2, rect.w // 9))
            surface.blit(veil, rect)
        return rect

    def say(self, text: str, pause: float = 0.0) -> None:
        """Show ``text`` under the middle of the table (and give it a moment to be read)."""
        self.queue.add(Animation(pause, on_start=lambda: setattr(self.board, "caption", text)))

    def on_hand_dealt(self, event, ctx) -> None:
        b, g = self.board, self.live
        seats = len(self.names)
        own = list(self.game.view(ctx.state, self.viewer).cards) if self.viewer is not None else []

        def reset() -> None:
            b.hand, b.hand_sizes, b.kitty, b.discards = [], [0] * seats, 0, 0
            b.calls, b.bid, b.bidder, b.duel, b.trump = [], 0, -1, -1, -1
            b.trick, b.piles, b.best, b.from_kitty = [], [0] * seats, None, set()
            b.dealer, b.hand_number, b.dealing, b.bidding = event.dealer, event.hand, True, True
            b.caption = tr("fiftyfive.caption_deal", name=self.names[event.dealer], hand=event.hand)
            self.banner = None
        self.queue.then(reset)
        moves = []
        for i, (seat, size) in enumerate(event.packets):
            if seat == KITTY:
                dst = (lambda: g.kitty_slot(2))
            else:
                dst = (lambda s=seat: g.seat_point(s))

            def land(seat=seat, size=size) -> None:
                if seat == KITTY:
                    b.kitty += size
                else:
                    b.hand_sizes[seat] += size
            moves.append(self.fly(None, lambda: self.dealer_point(event.dealer), dst, 0.3, 0.09 * i, on_finish=land,
                                  count=size))

        def dealt() -> None:
            b.dealing = False
            b.hand = own
            b.hand_sizes = list(event.hand_sizes)
            b.kitty = event.kitty_size
        moves.append(Animation(0.0, delay=0.09 * len(event.packets) + 0.3, on_finish=dealt))
        self.queue.add(*moves)
        self.app.sounds.play("card")

    def dealer_point(self, dealer: int) -> Rect:
        plate = self.geo.plate(dealer)
        return self.geo.card_rect(plate.center, self.geo.px(9))

    def record_call(self, seat: int, text: str, caption: str, bid: int | None = None) -> None:
        b = self.board

        def show_call() -> None:
            b.calls.append((seat, text))
            if bid is not None:
                b.bid, b.bidder = bid, seat
            b.caption = caption
        self.queue.add(Animation(0.55, on_start=show_call))

    def on_bid_made(self, event, ctx) -> None:
        name = self.names[event.seat]
        self.record_call(event.seat, f"b{event.amount}", tr("fiftyfive.caption_bid", name=name, bid=event.amount),
                         event.amount)
        self.note_duel(ctx)

    def on_held(self, event, ctx) -> None:
        name = self.names[event.seat]
        self.record_call(event.seat, "hold", tr("fiftyfive.caption_hold", name=name, bid=event.amount), event.amount)
        self.note_duel(ctx)

    def on_passed(self, event, ctx) -> None:
        self.record_call(event.seat, "pass", tr("fiftyfive.caption_pass", name=self.names[event.seat]))

    def note_duel(self, ctx) -> None:
        duel = ctx.state.duel

        def mark() -> None:
            self.board.duel = duel
        self.queue.then(mark)

    def on_thrown_in(self, event, ctx) -> None:
        text = tr("fiftyfive.thrown_in", name=self.names[(event.dealer + 1) % len(self.names)])

        def announce() -> None:
            self.board.caption = text
            self.banner = (text, None)

        def done() -> None:
            self.banner = None
        self.queue.add(Animation(1.6, on_start=announce, on_finish=done))

    def on_kitty_taken(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat = event.seat
        own = list(self.game.view(ctx.state, seat).cards) if seat == self.viewer else None

        def start() -> None:
            b.kitty = 0
            b.duel = -1
            b.bidding = False
            b.bid, b.bidder = event.bid, seat
            b.caption = tr("fiftyfive.caption_kitty", name=self.names[seat], bid=event.bid)

        def land() -> None:
            b.hand_sizes[seat] += event.cards
            if own is not None:
                b.from_kitty = set(own) - set(b.hand)
                b.hand = own
        self.queue.add(self.fly(None, lambda: g.kitty_slot(2), lambda: g.seat_point(seat), 0.5, on_start=start,
                                on_finish=land, count=event.cards))

    def on_discarded(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat = event.seat
        card = ctx.move.card if seat == self.viewer and isinstance(ctx.move, Discard) else None
        if card is not None and card in b.hand:
            index, count = b.hand.index(card), len(b.hand)
            src = lambda: g.hand_slot(index, count)  # noqa: E731
        else:
            src = lambda: g.seat_point(seat)  # noqa: E731

        def leave() -> None:
            if card in b.hand:
                b.hand.remove(card)
            if card in self.marked:
                self.marked.remove(card)
            b.hand_sizes[seat] -= 1
            b.caption = tr("fiftyfive.caption_discard", name=self.names[seat], count=event.count, total=HAND_SIZE)

        def land() -> None:
            b.discards = event.count
        self.queue.add(self.fly(None, src, lambda: g.discard_pile(), 0.3 if seat == self.viewer else 0.35,
                                on_start=leave, on_finish=land))

    def on_trump_named(self, event, ctx) -> None:
        text = tr("fiftyfive.caption_trump", name=self.names[event.seat], suit=SYMBOLS[event.suit],
                  suit_name=tr(f"fiftyfive.suit_{SUIT_NAME_KEYS[event.suit]}"))

        def name() -> None:
            self.board.from_kitty = set()
            self.board.trump = event.suit
            self.board.caption = text
            self.banner = (text, None)

        def done() -> None:
            self.banner = None
        self.queue.add(Animation(1.0, on_start=name, on_finish=done))

    def on_card_played(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, card = event.seat, event.card
        if seat == self.viewer and card in b.hand:
            index, count = b.hand.index(card), len(b.hand)
            src = lambda: g.hand_slot(index, count)  # noqa: E731
        else:
            src = lambda: g.seat_point(seat)  # noqa: E731
        slot = len(b.trick)

        def leave() -> None:
            if seat == self.viewer and card in b.hand:
                b.hand.remove(card)
            b.hand_sizes[seat] = max(0, b.hand_sizes[seat] - 1)
            b.caption = tr("fiftyfive.caption_play", name=self.names[seat], card=show(card))

        def land() -> None:
            b.trick.append((seat, card))
        self.queue.add(self.fly(card, src, lambda: g.trick_slot(slot, len(self.names)), 0.35, on_start=leave,
                                on_finish=land, ease=ease_out_cubic))

    def on_trick_won(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat = event.seat
        cards = list(event.cards)
        text = tr("fiftyfive.caption_trick", name=self.names[seat], number=event.number)
        self.queue.add(Animation(0.7, on_start=lambda: setattr(b, "caption", text)))

        def clear() -> None:
            b.trick = []

        def bank() -> None:
            b.piles[seat] += 1
        sweeps = [self.fly(c, lambda i=i: g.trick_slot(i, len(self.names)), lambda: self.pile_rect(seat), 0.4,
                           0.04 * i) for i, (_, c) in enumerate(cards)]
        sweeps.append(Animation(0.0, delay=0.4 + 0.04 * len(cards), on_finish=bank))
        self.queue.add(Animation(0.0, on_start=clear), *sweeps)

    def pile_rect(self, seat: int) -> Rect:
        """The seat's pile of won tricks, at the right of its counters row."""
        g = self.geo
        plate = g.plate(seat)
        y = plate.y + g.px(6.8 if seat == self.viewer else 7.2)
        return g.card_rect((plate.right - g.px(3), y), g.px(4.2))

    def on_best_trump(self, event, ctx) -> None:
        text = tr("fiftyfive.best_trump", card=show(event.card), name=self.names[event.seat],
                  points=BEST_TRUMP_POINTS)

        def announce() -> None:
            self.board.best = (event.seat, event.card)
            self.board.caption = text
            self.banner = (text, event.card)

        def done() -> None:
            self.banner = None
        self.queue.add(Animation(1.8, on_start=announce, on_finish=done))

    def on_hand_scored(self, event, ctx) -> None:
        b = self.board
        piles = list(b.piles)
        best = self.game.view(ctx.state, 0).history[-1].best_trump

        def bank() -> None:
            b.totals = list(event.totals)
        self.queue.then(bank)
        lines = []
        for side in range(len(event.totals)):
            tricks = sum(piles[s] for s in range(len(self.names)) if self.side(s) == side)
            bonus = BEST_TRUMP_POINTS if best is not None and self.side(best[0]) == side else 0
            seats = [s for s in range(len(self.names)) if self.side(s) == side]
            lines.append(SideLine(self.side_name(side), tricks, bonus, event.settlement[side], event.totals[side],
                                  side == self.side(event.bidder), any(s in self.humans for s in seats),
                                  self.team_colour(seats[0])))
        verdict = tr("fiftyfive.made" if event.made else "fiftyfive.failed", name=self.names[event.bidder],
                     bid=event.bid, points=event.points[self.side(event.bidder)])
        best_text = (tr("fiftyfive.best_trump", card=show(best[1]), name=self.names[best[0]],
                        points=BEST_TRUMP_POINTS) if best is not None else tr("fiftyfive.no_best_trump"))
        heading = tr("fiftyfive.hand_over", hand=event.hand)
        note = tr("fiftyfive.target_note", target=self.state.target)
        auto = None if self.humans else AUTO_SUMMARY * SPEED_FACTORS[self.app.speed]

        def open_summary() -> None:
            b.caption = ""
            self.app.sounds.play("chime")
            self.app.stack.push(HandSummaryScene(self.app, heading, [verdict, best_text, note], lines, auto))
        self.queue.then(open_summary)

    def on_game_won(self, event, ctx) -> None:
        names = ", ".join(self.names[s] for s in event.seats)
        self.say(tr("fiftyfive.caption_won", names=names, target=self.state.target), 0.8)

    # ----- input ---------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return self.acting is not None and not self.busy

    def choices(self) -> list[tuple[object, Rect]]:
        """The legal moves with the rect a click takes, in on-screen order."""
        if not self.my_turn:
            return []
        g, b = self.geo, self.board
        phase = self.state.phase
        if phase == PLAYING:
            legal = set(self.legal)
            return [(Play(c), g.hand_slot(i, len(b.hand))) for i, c in enumerate(b.hand) if Play(c) in legal]
        if phase == NAMING:
            return [(m, r) for m, r in zip(self.legal, g.trump_buttons())]
        if phase == DISCARDING:
            return []
        moves = self.bid_moves()
        return list(zip(moves, g.bid_buttons(len(moves))))

    def bid_moves(self) -> list:
        """The legal calls in button order: pass, the dealer's hold, then the bids."""
        order = {Pass: 0, Hold: 1, Bid: 2}
        return sorted(self.legal, key=lambda m: (order[type(m)], getattr(m, "amount", 0)))

    def hand_card_at(self, pos) -> int | None:
        """The card of the viewer's hand under ``pos`` (the topmost where cards overlap)."""
        found = None
        for i, card in enumerate(self.board.hand):
            if self.geo.hand_slot(i, len(self.board.hand)).collidepoint(pos):
                found = card
        return found

    def move_at(self, pos):
        """The move under the mouse; a click on an unplayable card says why it cannot be played."""
        move = super().move_at(pos)
        card = self.hand_card_at(pos) if move is None else None
        if card is not None and self.my_turn and self.state.phase == PLAYING:
            self.refuse(Play(card))
        return move

    def refuse(self, move) -> None:
        """Say why the engine refuses ``move``."""
        self.message = tr("fiftyfive.refused", reason=self.refusal(move))

    def move_for_key(self, event):
        phase = self.state.phase
        if not self.my_turn:
            return None
        if phase == NAMING and event.key in SUIT_KEYS:
            return NameTrump(SUIT_KEYS[event.key])
        if phase == PLAYING and event.key in DIGIT_KEYS:
            index = DIGIT_KEYS[event.key]
            if index < len(self.board.hand):
                move = Play(self.board.hand[index])
                if move in self.legal:
                    return move
                self.refuse(move)
            return None
        if phase == "bid" and event.key == pygame.K_p:
            return Pass()
        if phase == "bid" and event.key == pygame.K_h and Hold() in self.legal:
            return Hold()
        return super().move_for_key(event)

    def handle_event(self, event):
        """Discarding is a choice of five cards before any move is made: marks first, then one confirm."""
        if self.my_turn and self.state.phase == DISCARDING:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.mouse = event.pos
                if self.geo.confirm_button().collidepoint(event.pos):
                    self.confirm_discards()
                    return None
                card = self.hand_card_at(event.pos)
                if card is not None:
                    self.toggle_mark(card)
                    return None
            if event.type == pygame.KEYDOWN:
                if event.key in DIGIT_KEYS and DIGIT_KEYS[event.key] < len(self.board.hand):
                    self.toggle_mark(self.board.hand[DIGIT_KEYS[event.key]])
                    return None
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self.confirm_discards()
                    return None
        return super().handle_event(event)

    @property
    def discards_needed(self) -> int:
        return max(0, len(self.board.hand) - HAND_SIZE)

    def toggle_mark(self, card: int) -> None:
        self.message = ""
        if card in self.marked:
            self.marked.remove(card)
        elif len(self.marked) < self.discards_needed:
            self.marked.append(card)
        else:
            self.message = tr("fiftyfive.too_many", count=self.discards_needed)

    def confirm_discards(self) -> None:
        """Lay the marked cards away, one engine move each."""
        if len(self.marked) != self.discards_needed or not self.marked:
            self.message = tr("fiftyfive.discard_more", count=self.discards_needed - len(self.marked))
            return
        seat = self.acting
        for card in list(self.marked):
            if not self.game.is_legal(self.state, seat, Discard(card)):
                self.refuse(Discard(card))
                return
            self.apply(seat, Discard(card))
        self.advance()

    def apply(self, seat, move) -> None:
        self.message = ""
        super().apply(seat, move)

    def prompt(self) -> str:
        if self.my_turn:
            name = self.names[self.acting]
            phase = self.state.phase
            if phase == DISCARDING:
                left = self.discards_needed - len(self.marked)
                if left:
                    return tr("fiftyfive.prompt_discard", name=name, count=left)
                return tr("fiftyfive.prompt_confirm", name=name)
            if phase == NAMING:
                return tr("fiftyfive.prompt_trump", name=name)
            if phase == PLAYING:
                return tr("fiftyfive.prompt_play", name=name)
            if Hold() in self.legal:
                return tr("fiftyfive.prompt_hold", name=name, bid=self.state.bid)
            return tr("fiftyfive.prompt_bid", name=name)
        return super().prompt()

    # ----- drawing ---------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        choices = self.choices()
        selected = self.selected()
        self.draw_plates(surface)
        self.draw_left_panel(surface)
        self.draw_right_panel(surface)
        self.draw_centre(surface, choices, selected)
        self.draw_hand(surface, choices, selected)
        self.draw_running(surface)
        if self.banner is not None:
            self.draw_banner(surface)

    def badge(self, surface: pygame.Surface, text: str, centre, colour, ink=(20, 20, 20)) -> Rect:
        lay = self.layout
        image_w = paint.fonts.font(lay.font_small, True).size(text)[0]
        rect = Rect(0, 0, image_w + lay.px(2), lay.px(3.6))
        rect.center = (round(centre[0]), round(centre[1]))
        pygame.draw.rect(surface, colour, rect, border_radius=rect.h // 2)
        paint.text(surface, text, lay.font_small, rect.center, ink, bold=True)
        return rect

    def draw_plates(self, surface: pygame.Surface) -> None:
        lay, g, b = self.layout, self.geo, self.board
        to_move = set(self.game.to_move(self.state)) if not self.busy else set()
        thinking = min(self.match.thinking()) if self.match.thinking() else None
        seats = g.others + ([self.viewer] if self.viewer is not None else [])
        for seat in seats:
            rect = g.plate(seat)
            active = seat == thinking or seat in to_move
            paint.panel(surface, rect, lay.px(1.2), edge=GOLD if active else PANEL_EDGE)
            pad = lay.px(1.1)
            x = rect.x + pad
            y = rect.y + lay.px(2.6)
            colour = self.team_colour(seat)
            if colour is not None:
                pygame.draw.circle(surface, colour, (x + lay.px(1), y), lay.px(1.1))
                x += lay.px(3)
            right = rect.right - pad
            if seat == b.dealer:
                self.dealer_disc(surface, rect)
                right -= lay.px(2)
            paint.text(surface, self.names[seat], lay.font_small, (x, y), TEXT, bold=True, anchor="midleft",
                       max_width=max(10, right - x))
            self.draw_counters(surface, seat, rect)
            self.draw_bubble(surface, seat)

    def dealer_disc(self, surface: pygame.Surface, plate: Rect) -> None:
        """A round dealer button on the plate's top-right corner."""
        lay = self.layout
        centre = (plate.right - lay.px(1.2), plate.y + lay.px(1.2))
        pygame.draw.circle(surface, (250, 246, 232), centre, lay.px(2.2))
        pygame.draw.circle(surface, GOLD_DARK, centre, lay.px(2.2), max(1, lay.px(0.3)))
        paint.text(surface, tr("fiftyfive.dealer_chip"), lay.font_small, centre, (30, 30, 30), bold=True)

    def draw_counters(self, surface: pygame.Surface, seat: int, rect: Rect) -> None:
        """Cards in hand, and the trick pile with its count."""
        lay, b = self.layout, self.board
        pad = lay.px(1.1)
        y = rect.y + lay.px(7.2) if seat != self.viewer else rect.y + lay.px(6.8)
        cw, ch = card_size(lay.px(3.6))
        x = rect.x + pad
        surface.blit(back(cw, ch), (x, y - ch // 2))
        paint.text(surface, str(b.hand_sizes[seat]), lay.font_small,
                   (x + cw + lay.px(0.5), y), TEXT, anchor="midleft", max_width=round(rect.w * 0.5))
        pile = self.pile_rect(seat)
        if b.piles[seat]:
            for i in range(min(3, b.piles[seat])):
                self.blit_card(surface, None, (pile.centerx - i * lay.px(0.3), pile.centery - i * lay.px(0.3)), pile.h)
            paint.text(surface, f"\u00d7{b.piles[seat]}", lay.font_small, (pile.x - lay.px(0.6), pile.centery), GOLD,
                       bold=True, anchor="midright")

    def draw_bubble(self, surface: pygame.Surface, seat: int) -> None:
        """The seat's last call in the bidding, or its contract once it has won the bidding."""
        lay, g, b = self.layout, self.geo, self.board
        calls = [t for s, t in b.calls if s == seat]
        if b.bidder == seat and not b.bidding and not b.dealing:
            text = tr("fiftyfive.contract_chip", bid=b.bid)
        elif calls and b.bidding and not b.dealing:
            last = calls[-1]
            text = call_text(last) if last != "hold" else tr("fiftyfive.call_hold_bid", bid=b.bid)
        else:
            return
        rect = g.bubble(seat)
        high = seat == b.bidder
        colour = GOLD if high else (236, 232, 220)
        tail_x = rect.centerx
        if seat != self.viewer:
            tail = [(tail_x - lay.px(1), rect.y + 1), (tail_x + lay.px(1), rect.y + 1), (tail_x, rect.y - lay.px(1.2))]
            pygame.draw.polygon(surface, colour, tail)
        pygame.draw.rect(surface, colour, rect, border_radius=lay.px(1.2))
        label = ("\u2605 " if high else "") + text
        paint.text(surface, label, lay.font_small, rect.center, (24, 24, 24), bold=True, max_width=rect.w - lay.px(1))

    def draw_left_panel(self, surface: pygame.Surface) -> None:
        lay, g, b = self.layout, self.geo, self.board
        panel = g.left_panel()
        paint.panel(surface, panel, lay.px(1.5))
        pad = lay.px(2.2)
        x, w = panel.x + pad, panel.w - 2 * pad
        y = panel.y + lay.px(3.2)
        paint.text(surface, tr("fiftyfive.hand", hand=max(1, b.hand_number)), lay.font_small, (x, y), TEXT,
                   bold=True, anchor="midleft", max_width=w)
        y += lay.px(3.8)
        paint.text(surface, tr("fiftyfive.dealer", name=self.names[b.dealer]), lay.font_small, (x, y), TEXT_DIM,
                   anchor="midleft", max_width=w)
        y += lay.px(5.5)
        # The trump badge.
        radius = lay.px(5)
        centre = (x + radius, y + radius)
        pygame.draw.circle(surface, (246, 242, 230), centre, radius)
        pygame.draw.circle(surface, GOLD, centre, radius, max(2, lay.px(0.4)))
        if b.trump >= 0:
            symbol = _symbol(b.trump, lay.px(6.5))
            surface.blit(symbol, symbol.get_rect(center=centre))
            label = tr("fiftyfive.trumps", suit=tr(f"fiftyfive.suit_{SUIT_NAME_KEYS[b.trump]}"))
        else:
            paint.text(surface, "?", lay.font_large, centre, (120, 120, 120), bold=True)
            label = tr("fiftyfive.no_trumps_yet")
        paint.paragraph(surface, label, lay.font_small, Rect(x + 2 * radius + lay.px(1.5), y + lay.px(1.2),
                                                             w - 2 * radius - lay.px(1.5), 2 * radius), TEXT,
                        bold=True, align="left")
        y += 2 * radius + lay.px(3.2)
        if b.bidder >= 0 and not b.bidding:
            points = sum(b.piles[s] for s in range(len(self.names)) if self.side(s) == self.side(b.bidder))
            paint.text(surface, tr("fiftyfive.contract", name=self.names[b.bidder], bid=b.bid), lay.font_small,
                       (x, y), GOLD, bold=True, anchor="midleft", max_width=w)
            y += lay.px(3.8)
            key = "fiftyfive.all_tricks_so_far" if b.bid == ALL_TRICKS_BID else "fiftyfive.points_so_far"
            paint.text(surface, tr(key, points=points * TRICK_POINTS, tricks=points, bid=b.bid), lay.font_small,
                       (x, y), TEXT, anchor="midleft", max_width=w)
            y += lay.px(3.8)
        elif b.bid:
            paint.text(surface, tr("fiftyfive.high_bid", bid=b.bid, name=self.names[b.bidder]), lay.font_small,
                       (x, y), GOLD, bold=True, anchor="midleft", max_width=w)
            y += lay.px(3.8)
        else:
            paint.text(surface, tr("fiftyfive.no_bid_yet"), lay.font_small, (x, y), TEXT_DIM, anchor="midleft",
                       max_width=w)
            y += lay.px(3.8)
        paint.text(surface, tr("fiftyfive.target", target=self.state.target), lay.font_small, (x, y), TEXT_DIM,
                   anchor="midleft", max_width=w)
        y += lay.px(3)
        text = self.prompt()
        if text:
            paint.paragraph(surface, text, lay.font_small, Rect(x, y + lay.px(1.2), w, panel.bottom - y), GOLD,
                            bold=True, align="left")

    def draw_right_panel(self, surface: pygame.Surface) -> None:
        lay, g, b = self.layout, self.geo, self.board
        panel = g.right_panel()
        paint.panel(surface, panel, lay.px(1.5))
        pad = lay.px(2.2)
        x, w = panel.x + pad, panel.w - 2 * pad
        line = lay.px(3.4)
        scores_h = lay.px(5) + self.sides * line
        scores_top = panel.bottom - scores_h - lay.px(1.5)
        y = panel.y + lay.px(3.2)
        paint.text(surface, tr("fiftyfive.bidding"), lay.font_small, (x, y), TEXT, bold=True, anchor="midleft")
        y += lay.px(4)
        room = max(1, int((scores_top - y - lay.px(1)) // line))
        calls = b.calls[-room:]
        if not calls:
            paint.text(surface, tr("fiftyfive.no_calls"), lay.font_small, (x, y), TEXT_DIM, anchor="midleft",
                       max_width=w)
        bid = 0
        for seat, text in b.calls[:len(b.calls) - len(calls)]:
            bid = int(text[1:]) if text.startswith("b") else bid
        for seat, text in calls:
            bid = int(text[1:]) if text.startswith("b") else bid
            shown = call_text(text) if text != "hold" else tr("fiftyfive.call_hold_bid", bid=bid)
            colour = TEXT_DIM if text == "pass" else TEXT
            paint.text(surface, self.names[seat], lay.font_small, (x, y), colour, anchor="midleft",
                       max_width=w * 0.6)
            paint.text(surface, shown, lay.font_small, (x + w, y), GOLD if text != "pass" else TEXT_DIM, bold=True,
                       anchor="midright", max_width=w * 0.4)
            y += line
        y = scores_top
        pygame.draw.line(surface, PANEL_EDGE, (x, y - lay.px(1)), (x + w, y - lay.px(1)), max(1, lay.px(0.2)))
        paint.text(surface, tr("fiftyfive.scores", target=self.state.target), lay.font_small, (x, y + lay.px(1.8)),
                   TEXT, bold=True, anchor="midleft", max_width=w)
        y += lay.px(5.5)
        for side in range(self.sides):
            seats = [s for s in range(len(self.names)) if self.side(s) == side]
            colour = self.team_colour(seats[0])
            tx = x
            if colour is not None:
                pygame.draw.circle(surface, colour, (x + lay.px(1), y), lay.px(1.1))
                tx += lay.px(3)
            ink = GOLD if any(s in self.humans for s in seats) else TEXT
            label = tr("fiftyfive.team", number=side + 1) if self.state.teams > 1 else self.side_name(side)
            paint.text(surface, label, lay.font_small, (tx, y), ink, anchor="midleft",
                       max_width=round(x + w * 0.7 - tx))
            total = paint.text(surface, str(b.totals[side]), lay.font_small, (x + w, y), ink, bold=True,
                               anchor="midright")
            won = sum(b.piles[s] for s in seats) * TRICK_POINTS
            if won:
                paint.text(surface, f"(+{won})", lay.font_small, (total.x - lay.px(1), y), TEXT_DIM, anchor="midright")
            y += line

    def draw_centre(self, surface: pygame.Surface, choices, selected) -> None:
        lay, g, b = self.layout, self.geo, self.board
        area = g.centre()
        phase = self.state.phase
        for i in range(b.kitty):
            slot = g.kitty_slot(i)
            self.blit_card(surface, None, slot.center, slot.h)
        if b.kitty:
            paint.text(surface, tr("fiftyfive.kitty", count=b.kitty), lay.font_small,
                       (area.centerx, area.y + lay.px(9.5)), TEXT_DIM)
        if b.discards and not b.dealing:
            pile = g.discard_pile()
            for i in range(min(3, b.discards)):
                self.blit_card(surface, None, (pile.centerx - i * lay.px(0.4), pile.centery - i * lay.px(0.4)), pile.h)
            paint.text(surface, tr("fiftyfive.discards", count=b.discards), lay.font_small,
                       (pile.x - lay.px(1.5), pile.centery), TEXT_DIM, anchor="midright")
        if b.duel >= 0 and b.bidding:
            paint.text(surface, tr("fiftyfive.duel", dealer=self.names[b.dealer], other=self.names[b.duel]),
                       lay.font_body, (area.centerx, area.y + lay.px(3.5)), GOLD, bold=True, max_width=area.w)
        if b.trick:
            self.draw_trick(surface)
        if self.my_turn and phase == "bid":
            self.draw_bid_buttons(surface, choices, selected)
        elif self.my_turn and phase == NAMING:
            self.draw_trump_buttons(surface, choices, selected)
        elif self.my_turn and phase == DISCARDING:
            self.draw_discard_choice(surface)
        self.draw_message(surface, area)

    def draw_message(self, surface: pygame.Surface, area: Rect) -> None:
        lay, b = self.layout, self.board
        if self.message:
            rect = Rect(area.x, area.bottom - lay.px(7), area.w, lay.px(6))
            paint.panel(surface, rect, lay.px(1.2), colour=(72, 22, 18), edge=DANGER)
            paint.text(surface, self.message, lay.font_small, rect.center, TEXT, bold=True,
                       max_width=rect.w - lay.px(2))
        elif b.caption and self.banner is None and not (self.my_turn and self.state.phase in ("bid", NAMING,
                                                                                             DISCARDING)):
            paint.text(surface, b.caption, lay.font_small, (area.centerx, area.bottom - lay.px(1.5)), TEXT,
                       max_width=area.w)

    def draw_trick(self, surface: pygame.Surface) -> None:
        lay, g, b = self.layout, self.geo, self.board
        count = len(self.names)
        cards = tuple(c for _, c in b.trick)
        winning = trick_winner(cards, b.trump) if b.trump >= 0 else None
        for i, (seat, card) in enumerate(b.trick):
            slot = g.trick_slot(i, count)
            self.blit_card(surface, card, slot.center, slot.h)
            step = slot.w + lay.px(5)
            paint.text(surface, self.names[seat], lay.font_small, (slot.centerx, slot.bottom + lay.px(2)), TEXT,
                       max_width=max(10, step - lay.px(0.5)))
            if i == 0:
                paint.text(surface, tr("fiftyfive.led"), lay.font_small, (slot.centerx, slot.y - lay.px(2)), TEXT_DIM,
                           max_width=max(10, step - lay.px(0.5)))
            if i == winning:
                self.outline(surface, slot)
                self.badge(surface, "\u2605 " + tr("fiftyfive.winning"), (slot.centerx, slot.bottom + lay.px(5.5)),
                           GOLD)

    def draw_button(self, surface: pygame.Surface, rect: Rect, label: str, chosen: bool, primary: bool = False,
                    enabled: bool = True) -> None:
        lay = self.layout
        colour = BUTTON_DISABLED if not enabled else BUTTON_HOVER if chosen else BUTTON
        pygame.draw.rect(surface, (6, 22, 14), rect.move(0, lay.px(0.4)), border_radius=lay.px(1.2))
        pygame.draw.rect(surface, colour, rect, border_radius=lay.px(1.2))
        pygame.draw.rect(surface, GOLD if chosen else PANEL_EDGE, rect, width=max(2, lay.px(0.35 if chosen else 0.2)),
                         border_radius=lay.px(1.2))
        ink = (GOLD if primary else TEXT) if enabled else TEXT_DIM
        paint.text(surface, label, lay.font_body, rect.center, ink, bold=True, max_width=rect.w - lay.px(1.5))

    def draw_bid_buttons(self, surface: pygame.Surface, choices, selected) -> None:
        lay, g, b = self.layout, self.geo, self.board
        area = g.centre()
        heading = tr("fiftyfive.your_bid", bid=b.bid, name=self.names[b.bidder]) if b.bid else \
            tr("fiftyfive.first_bid")
        paint.text(surface, heading, lay.font_body, (area.centerx, area.bottom - lay.px(17)), TEXT, bold=True,
                   max_width=area.w)
        for i, (move, rect) in enumerate(choices):
            if isinstance(move, Pass):
                label = tr("fiftyfive.button_pass")
            elif isinstance(move, Hold):
                label = tr("fiftyfive.button_hold", bid=b.bid)
            else:
                label = str(move.amount)
            self.draw_button(surface, rect, label, i == selected, primary=not isinstance(move, Pass))

    def draw_trump_buttons(self, surface: pygame.Surface, choices, selected) -> None:
        lay, g = self.layout, self.geo
        area = g.centre()
        paint.text(surface, tr("fiftyfive.choose_trumps"), lay.font_body, (area.centerx, area.y + lay.px(13)), TEXT,
                   bold=True, max_width=area.w)
        for i, (move, rect) in enumerate(choices):
            chosen = i == selected
            pygame.draw.rect(surface, (6, 22, 14), rect.move(0, lay.px(0.5)), border_radius=lay.px(1.5))
            pygame.draw.rect(surface, (250, 247, 238) if chosen else (236, 232, 220), rect, border_radius=lay.px(1.5))
            pygame.draw.rect(surface, GOLD if chosen else PANEL_EDGE, rect,
                             width=max(2, lay.px(0.5 if chosen else 0.25)),
                             border_radius=lay.px(1.5))
            symbol = _symbol(move.suit, lay.px(10))
            surface.blit(symbol, symbol.get_rect(center=(rect.centerx, rect.y + rect.h * 0.42)))
            name = tr(f"fiftyfive.suit_{SUIT_NAME_KEYS[move.suit]}")
            paint.text(surface, name, lay.font_small, (rect.centerx, rect.bottom - lay.px(3)), (40, 40, 40), bold=True,
                       max_width=rect.w - lay.px(1))

    def draw_discard_choice(self, surface: pygame.Surface) -> None:
        lay, g = self.layout, self.geo
        area = g.centre()
        left = self.discards_needed - len(self.marked)
        text = tr("fiftyfive.discard_more", count=left) if left else tr("fiftyfive.discard_ready")
        paint.text(surface, text, lay.font_large, (area.centerx, area.y + lay.px(26)), GOLD, bold=True,
                   max_width=area.w)
        paint.text(surface, tr("fiftyfive.discard_help"), lay.font_small, (area.centerx, area.y + lay.px(32)), TEXT_DIM,
                   max_width=area.w)
        rect = g.confirm_button()
        ready = left == 0
        self.draw_button(surface, rect, tr("fiftyfive.button_discard", count=len(self.marked)),
                         ready and rect.collidepoint(self.mouse), primary=True, enabled=ready)

    def draw_hand(self, surface: pygame.Surface, choices, selected) -> None:
        lay, g, b = self.layout, self.geo, self.board
        if self.viewer is None:
            paint.paragraph(surface, tr("fiftyfive.watching"), lay.font_small,
                            Rect(g.cx - g.px(60), g.hand_top + g.px(6), g.px(120), g.px(10)), TEXT_DIM)
            return
        if b.dealing or (not b.hand and b.hand_sizes[self.viewer]):
            count = b.hand_sizes[self.viewer]
            for i in range(count):
                rect = g.hand_slot(i, max(count, HAND_SIZE))
                self.blit_card(surface, None, rect.center, rect.h)
            return
        playing = self.state.phase == PLAYING and self.my_turn
        discarding = self.state.phase == DISCARDING and self.my_turn
        legal_cards = {m.card for m, _ in choices} if playing else set()
        pointed = playing and selected is not None and selected < len(choices)
        chosen_card = choices[selected][0].card if pointed else None
        hovered_card = self.hand_card_at(self.mouse) if discarding else None
        count = len(b.hand)
        for i, card in enumerate(b.hand):
            rect = g.hand_slot(i, count)
            lift = 0
            if playing and card == chosen_card:
                lift = lay.px(2.5)
            if discarding and (card in self.marked or card == hovered_card):
                lift = lay.px(3 if card in self.marked else 1.2)
            drawn = self.blit_card(surface, card, rect.center, rect.h, lift=lift,
                                   dim=playing and card not in legal_cards)
            if playing and card in legal_cards:
                self.outline(surface, drawn, GOLD if card == chosen_card else (120, 180, 140))
            if card in b.from_kitty:
                self.badge(surface, tr("fiftyfive.kitty_tag"), (drawn.centerx, drawn.y - lay.px(1.2)), GOLD)
            if discarding and card in self.marked:
                self.outline(surface, drawn, DANGER)
                mark = Rect(0, 0, lay.px(4), lay.px(4))
                mark.center = (drawn.centerx, drawn.centery)
                pygame.draw.circle(surface, DANGER, mark.center, mark.w // 2)
                paint.text(surface, "\u2715", lay.font_body, mark.center, TEXT, bold=True)
            if (playing or discarding) and count <= 10:
                paint.text(surface, str((i + 1) % 10), lay.font_small, (rect.centerx, rect.bottom + lay.px(0.3)),
                           TEXT_DIM, anchor="midtop")

    def draw_banner(self, surface: pygame.Surface) -> None:
        lay = self.layout
        text, card = self.banner
        area = self.geo.centre()
        height = lay.px(24 if card is not None else 10)
        rect = Rect(area.x + lay.px(3), area.centery - height // 2, area.w - lay.px(6), height)
        paint.panel(surface, rect, lay.px(1.5), edge=GOLD)
        if card is not None:
            slot = self.geo.card_rect((rect.x + lay.px(9), rect.centery), lay.px(19))
            self.blit_card(surface, card, slot.center, slot.h)
            paint.paragraph(surface, text, lay.font_body, Rect(slot.right + lay.px(3), rect.y + lay.px(7),
                                                               rect.right - slot.right - lay.px(5), rect.h), GOLD,
                            bold=True, align="left")
        else:
            paint.paragraph(surface, text, lay.font_body, Rect(rect.x + lay.px(2), rect.y + lay.px(3),
                                                               rect.w - lay.px(4), rect.h), GOLD, bold=True)


@dataclass(frozen=True)
class SideLine:
    """One side's hand: tricks won, the best-trump bonus, what its total changed by."""

    name: str
    tricks: int
    bonus: int
    change: int
    total: int
    bidder: bool
    human: bool
    colour: tuple[int, int, int] | None


class HandSummaryScene(RoundSummaryScene):
    """The end of a hand: who bid what and whether it was made, the best trump, and every side's points."""

    def __init__(self, app, heading: str, notes: list[str], lines: list[SideLine],
                 auto_close: float | None = None) -> None:
        super().__init__(app, heading, notes[0], [], auto_close)
        self.notes = notes
        self.sides = lines
        self.next.label = "fiftyfive.next_hand"

    def panel_units(self) -> tuple[float, float]:
        return 120, min(96, 42 + len(self.sides) * 5)

    def draw(self, surface):
        lay = self.layout
        self.draw_frame(surface)
        p = self.panel
        y = p.y + lay.px(10.5)
        for i, note in enumerate(self.notes):
            paint.text(surface, note, lay.font_body if i == 0 else lay.font_small, (p.centerx, y),
                       TEXT if i < 2 else TEXT_DIM, bold=i == 0, max_width=p.w - lay.px(6))
            y += lay.px(4.2)
        cols = (p.x + lay.px(6), p.x + p.w * 0.5, p.x + p.w * 0.64, p.x + p.w * 0.78, p.x + p.w * 0.91)
        y += lay.px(1.5)
        for text, cx in zip((tr("summary.player"), tr("fiftyfive.col_tricks"), tr("fiftyfive.col_bonus"),
                             tr("fiftyfive.col_hand"), tr("summary.total")), cols):
            paint.text(surface, text, lay.font_small, (round(cx), y), TEXT_DIM,
                       anchor="midleft" if cx == cols[0] else "center",
                       max_width=round(p.w * 0.13) if cx != cols[0] else None)
        y += lay.px(5)
        for line in self.sides:
            ink = GOLD if line.human else TEXT
            x = cols[0]
            if line.colour is not None:
                pygame.draw.circle(surface, line.colour, (x + lay.px(1), y), lay.px(1.1))
                x += lay.px(3)
            name = ("\u2605 " if line.bidder else "") + line.name
            paint.text(surface, name, lay.font_body, (x, y), ink, anchor="midleft", bold=line.bidder,
                       max_width=round(cols[1] - x - lay.px(8)))
            paint.text(surface, tr("fiftyfive.tricks_points", tricks=line.tricks, points=line.tricks * TRICK_POINTS),
                       lay.font_body, (round(cols[1]), y), ink)
            paint.text(surface, f"+{line.bonus}" if line.bonus else "\u2013", lay.font_body, (round(cols[2]), y), ink)
            change = f"+{line.change}" if line.change > 0 else str(line.change) if line.change else "0"
            paint.text(surface, change, lay.font_body, (round(cols[3]), y),
                       DANGER if line.change < 0 else ink, bold=True)
            paint.text(surface, str(line.total), lay.font_body, (round(cols[4]), y), ink, bold=True)
            y += lay.px(5)
        self.form.draw(surface, lay)
