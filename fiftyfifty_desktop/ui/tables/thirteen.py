"""The Thirteen table: the other seats along the top (hand, face-up singles,
laid pairs, points), the public ask log on the left, the draw pile and the
kinds on the right, the ask control in the middle, and your hand, pairs and
waiting pairs at the bottom.

Only the picture lives here. Whether an ask is true or the lie, what a hit
lays down, going out and coming back all stay in ``games/thirteen.py``; the
table follows the public events and offers only ``legal_moves``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pygame

from ...games.thirteen import (DRAW, ELIMINATED, IN, KINDS, OUT, OVER, THIRTEEN, VALUES, Ask, Dealt, Draw,
                               KindFinished, Laid, Pass, TurnStarted, WentOut, Eliminated, group_kind, group_points,
                               groups_in)
from .. import paint
from ..cards import back, card_size, face
from ..i18n import tr
from ..layout import BUTTON, BUTTON_HOVER, DANGER, GOLD, PANEL_EDGE, TEXT, TEXT_DIM, Layout
from ..scenes.summary import RoundSummaryScene
from ..tween import SPEED_FACTORS, Animation, ease_in_out_cubic, ease_out_cubic, lerp
from .base import AUTO_SUMMARY, TableGeometry, TableScene
from .thirteen_cards import card_label, family_colour, family_light, partner

Rect = pygame.Rect
#: Name colours of the seats, the same in the log, on the plates and in the banners.
SEAT_COLOURS = ((120, 190, 255), (255, 150, 120), (150, 230, 140), (230, 170, 255), (255, 215, 110),
                (110, 225, 215), (255, 140, 190), (210, 210, 130))
HIT = (120, 220, 130)
MISS = (230, 130, 120)
TRUE_COLOUR = (96, 200, 120)
LIE_COLOUR = (236, 160, 60)


def kind_label(kind) -> str:
    """``1+12`` ... ``6+7``, ``6½+6½``, ``13``."""
    if kind == THIRTEEN:
        return "13"
    return f"{card_label(kind)}+{card_label(partner(kind))}"


@dataclass
class Board:
    """What the table shows; animations change it as the cards move."""

    hand: list = field(default_factory=list)  # the viewer's cards
    hand_sizes: list[int] = field(default_factory=list)
    singles: list[list] = field(default_factory=list)
    laid: list[list[tuple]] = field(default_factory=list)
    status: list[str] = field(default_factory=list)
    leaving: list[int] = field(default_factory=list)
    log: list[tuple] = field(default_factory=list)
    finished: list = field(default_factory=list)
    pile: int = 0
    turn: int = 0
    current: int = 0
    dealer: int = 0
    dealing: bool = False
    caption: str = ""

    def points(self, seat: int) -> int:
        return sum(group_points(g) for g in self.laid[seat])


class Geometry(TableGeometry):
    """Where everything sits for one window size, in the layout's units."""

    def __init__(self, layout: Layout, seats: int, viewer: int | None) -> None:
        super().__init__(layout)
        self.viewer = viewer
        first = viewer if viewer is not None else -1
        self.others = [(first + i) % seats for i in range(1, seats + 1) if (first + i) % seats != viewer]
        n = max(1, len(self.others))
        self.plate_w = min(36 * layout.u, (172 * layout.u) / n - 1.5 * layout.u)
        self.hand_h = 14.5 * layout.u
        self.hand_top = layout.height - 20.5 * layout.u

    def plate(self, seat: int) -> Rect:
        if seat == self.viewer:
            return Rect(round(self.cx + self.px(47)), round(self.px(76.5)), round(self.px(40)), round(self.px(22)))
        n = len(self.others)
        i = self.others.index(seat)
        gap = self.px(1.5)
        total = n * self.plate_w + (n - 1) * gap
        x = self.cx - total / 2 + i * (self.plate_w + gap)
        return Rect(round(x), round(self.px(1.5)), round(self.plate_w), round(self.px(19)))

    def log_panel(self) -> Rect:
        return Rect(round(self.cx - self.px(87)), round(self.px(22.5)), round(self.px(41)), round(self.px(76)))

    def info_panel(self) -> Rect:
        return Rect(round(self.cx + self.px(47)), round(self.px(22.5)), round(self.px(40)), round(self.px(52)))

    def centre(self) -> Rect:
        return Rect(round(self.cx - self.px(44)), round(self.px(22.5)), round(self.px(89)), round(self.px(52)))

    def pile(self) -> Rect:
        panel = self.info_panel()
        return self.card_rect((panel.x + self.px(6), panel.y + self.px(11.5)), self.px(8))

    def mini_h(self) -> float:
        return self.px(5.2)

    def hand_row(self, seat: int) -> tuple[float, float]:
        """The left end and centre line of a seat's row of cards in hand (back, count, singles)."""
        plate = self.plate(seat)
        if seat == self.viewer:
            return plate.x + self.px(1.2), plate.y + self.px(7.5)
        return plate.x + self.px(1.2), plate.y + self.px(8.2)

    def seat_point(self, seat: int) -> Rect:
        """Where a seat's face-down cards come from and go to."""
        if seat == self.viewer:
            return self.card_rect((self.cx, self.hand_top + self.hand_h / 2), self.hand_h)
        x, y = self.hand_row(seat)
        return self.card_rect((x + self.px(2), y), self.mini_h())

    def single_slot(self, seat: int, index: int) -> Rect:
        x, y = self.hand_row(seat)
        w, _ = card_size(round(self.mini_h()))
        return self.card_rect((x + self.px(11) + index * (w + self.px(0.5)) + w / 2, y), self.mini_h())

    def laid_slot(self, seat: int, index: int, count: int) -> Rect:
        """Group ``index`` of ``count`` in a seat's row of laid pairs (its first card)."""
        plate = self.plate(seat)
        width = plate.w - self.px(2.8)
        h = max(self.px(4.2), min(self.px(6), width / max(1, count) / 1.75 / 0.68))  # smaller when many kinds
        w, _ = card_size(round(h))
        y = plate.bottom - self.px(4.2)
        left = plate.x + self.px(1.4)
        room = width - w * 1.55
        step = min(w * 1.75, room / max(1, count - 1)) if count > 1 else 0
        return self.card_rect((left + w / 2 + index * step, y), h)

    def hand_slot(self, index: int, count: int, span_units: float = 84) -> Rect:
        w, h = card_size(round(self.hand_h))
        span = self.px(span_units)
        step = min(w + self.px(1.2), (span - w) / max(1, count - 1))
        total = (count - 1) * step + w
        x = self.cx - total / 2 + index * step
        return Rect(round(x), round(self.hand_top), w, h)

    def target_buttons(self, count: int) -> list[Rect]:
        area = self.centre()
        gap = self.px(1.2)
        w = min(self.px(24), (area.w - self.px(4) - gap * (count - 1)) / max(1, count))
        total = count * w + (count - 1) * gap
        x = area.centerx - total / 2
        return [Rect(round(x + i * (w + gap)), round(area.y + self.px(7)), round(w), round(self.px(6.5)))
                for i in range(count)]

    def value_slot(self, index: int) -> Rect:
        """The 14 values in two rows of seven: 1..6, 6½ above; 7..13 below."""
        area = self.centre()
        row, col = divmod(index, 7)
        h = self.px(10.5)
        w, _ = card_size(round(h))
        step = self.px(11.5)
        x = area.centerx - 3 * step + col * step
        y = area.y + self.px(23.5) + row * self.px(13.5)
        return self.card_rect((x, y), h)

    def draw_buttons(self) -> tuple[Rect, Rect]:
        area = self.centre()
        w, h = self.px(26), self.px(8)
        y = area.y + self.px(30)
        return (Rect(round(area.centerx - w - self.px(2)), round(y), round(w), round(h)),
                Rect(round(area.centerx + self.px(2)), round(y), round(w), round(h)))


class ThirteenTable(TableScene):
    def __init__(self, app, record, exit_at_end: bool = False) -> None:
        super().__init__(app, record, exit_at_end)
        self.board = Board()
        self.target: int | None = None  # the player the human is about to ask
        self.banner: tuple[str, object | None, tuple[int, int, int]] | None = None  # text, card, colour
        self.comeback: object | None = None  # the card the viewer won back this turn

    # ----- picture from the views -------------------------------------------
    def make_geometry(self) -> Geometry:
        return Geometry(self.layout, len(self.names), self.viewer)

    def sync(self) -> None:
        v = self.game.view(self.state, self.viewer if self.viewer is not None else 0)
        b = self.board
        b.hand = list(v.hand) if self.viewer is not None else []
        b.hand_sizes = list(v.hand_sizes)
        b.singles = [list(s) for s in v.singles]
        b.laid = [list(groups) for groups in v.laid]
        b.status = list(v.status)
        b.leaving = list(v.leaving)
        b.log = list(v.log)
        b.finished = list(v.finished)
        b.pile, b.turn, b.current, b.dealer = v.pile_size, v.turn, v.current, v.dealer
        b.dealing = False
        if self.viewer is None or v.current != self.viewer or v.phase == OVER:
            self.comeback = None

    def result_details(self) -> tuple[str, ...]:
        """The second table of the end, the order of leaving, beside each player's points."""
        s = self.state
        out = []
        for seat in range(len(self.names)):
            if s.status[seat] == OUT:
                out.append(tr("thirteen.result_out", place=s.leaving.index(seat) + 1))
            elif s.status[seat] == ELIMINATED:
                out.append(tr("thirteen.result_eliminated", place=s.leaving.index(seat) + 1))
            else:
                out.append(tr("thirteen.result_stayed"))
        return tuple(out)

    # ----- names and words ---------------------------------------------------
    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    def you(self, seat: int) -> bool:
        return seat == self.viewer

    # ----- events to animations ---------------------------------------------
    def blit_card(self, surface: pygame.Surface, card, centre, height: float, width: int | None = None,
                  lift: float = 0.0, dim: bool = False) -> Rect:
        """The base's card, veiled when ``dim`` (a card that may not be asked for now)."""
        rect = super().blit_card(surface, card, centre, height, width, lift)
        if dim:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (10, 30, 20, 160), veil.get_rect(), border_radius=max(2, rect.w // 9))
            surface.blit(veil, rect)
        return rect

    def announce(self, text: str, card=None, colour=GOLD, pause: float = 1.0) -> None:
        """A banner in the middle of the table for ``pause`` seconds (the caption keeps the text)."""
        def show() -> None:
            self.banner = (text, card, colour)
            self.board.caption = text

        def hide() -> None:
            self.banner = None
        self.queue.add(Animation(pause, on_start=show, on_finish=hide))

    def card_source(self, seat: int, card) -> Rect:
        """Where a card of ``seat`` leaves from: its place in the viewer's hand, a face-up single, or the seat."""
        b, g = self.board, self.geo
        if seat == self.viewer and card in b.hand:
            row = self.hand_cards()
            return next(rect for c, _, rect in row if c == card)
        if card in b.singles[seat] and seat != self.viewer:
            return g.single_slot(seat, b.singles[seat].index(card))
        return g.seat_point(seat)

    def remove_card(self, seat: int, card) -> None:
        """A card leaves ``seat``'s hand (the face-up single of that value first, as the rules say)."""
        b = self.board
        if seat == self.viewer and card in b.hand:
            b.hand.remove(card)
        if card in b.singles[seat]:
            b.singles[seat].remove(card)
        b.hand_sizes[seat] = max(0, b.hand_sizes[seat] - 1)

    def add_card(self, seat: int, card) -> None:
        b = self.board
        if seat == self.viewer and card is not None:
            b.hand = sorted(b.hand + [card])
        b.hand_sizes[seat] += 1

    def on_dealt(self, event, ctx) -> None:
        b, g = self.board, self.live
        players = len(self.names)
        state = ctx.state
        own = []
        if self.viewer is not None:
            own = sorted(list(state.hands[self.viewer]) + [c for grp in state.laid[self.viewer] for c in grp])

        def reset() -> None:
            b.hand, b.hand_sizes = [], [0] * players
            b.singles = [[] for _ in range(players)]
            b.laid = [[] for _ in range(players)]
            b.status, b.leaving, b.log, b.finished = [IN] * players, [], [], []
            b.pile = event.pile_size + sum(event.hand_sizes)
            b.dealer, b.turn, b.current, b.dealing = event.dealer, 0, event.dealer, True
            b.caption = tr("thirteen.caption_deal", name=self.names[event.dealer])
            self.banner = None
        self.queue.then(reset)
        moves = []
        order = [(event.dealer + i) % players for i in range(1, players + 1)]
        rounds = max(event.hand_sizes)
        packet = 0
        for r in range(0, rounds, 3):
            for seat in order:
                count = min(3, event.hand_sizes[seat] - r)
                if count <= 0:
                    continue

                def land(seat=seat, count=count) -> None:
                    b.hand_sizes[seat] += count
                    b.pile -= count
                moves.append(self.fly(None, lambda: g.pile(), lambda s=seat: g.seat_point(s), 0.3, 0.07 * packet,
                                      on_finish=land))
                packet += 1

        def dealt() -> None:
            b.hand = list(own)
            b.hand_sizes = list(event.hand_sizes)
            b.pile = event.pile_size
            b.dealing = False
        moves.append(Animation(0.0, delay=0.07 * packet + 0.3, on_finish=dealt))
        self.queue.add(*moves)
        self.app.sounds.play("card")

    def on_turn_started(self, event, ctx) -> None:
        b = self.board
        seat = event.seat
        comeback = b.hand_sizes[seat] == 0 and b.status[seat] == IN

        def start() -> None:
            b.current, b.turn = seat, event.turn
            if seat != self.viewer or not comeback:
                self.comeback = None
            b.caption = tr("thirteen.caption_turn", name=self.names[seat], turn=event.turn)
        self.queue.add(Animation(0.25, on_start=start))
        if comeback:
            key = "thirteen.comeback_you" if self.you(seat) else "thirteen.comeback_other"
            self.announce(tr(key, name=self.names[seat]), None, GOLD, 1.6 if not self.you(seat) else 1.0)

    def on_asked(self, event, ctx) -> None:
        text = tr("thirteen.banner_ask", asker=self.names[event.asker], target=self.names[event.target],
                  card=card_label(event.value))
        self.announce(text, event.value, self.seat_colour(event.asker), 0.35 if self.you(event.asker) else 0.9)

    def on_missed(self, event, ctx) -> None:
        b = self.board
        entry = (b.turn, event.asker, event.target, event.value, False)
        text = tr("thirteen.banner_miss", target=self.names[event.target], card=card_label(event.value))

        def log() -> None:
            b.log.append(entry)
        self.queue.then(log)
        self.announce(text, event.value, MISS, 0.8)

    def on_handed_over(self, event, ctx) -> None:
        b, g = self.board, self.live
        giver, taker, card = event.giver, event.taker, event.value
        entry = (b.turn, taker, giver, card, True)
        src_rect = self.card_source(giver, card)
        hand_after = len(b.hand) + 1

        def dst() -> Rect:
            if taker == self.viewer:
                return g.hand_slot(len(self.loose_cards()), hand_after)
            return g.seat_point(taker)

        def start() -> None:
            b.log.append(entry)
            self.remove_card(giver, card)
            b.caption = tr("thirteen.banner_hit", target=self.names[giver], asker=self.names[taker],
                           card=card_label(card))
            self.banner = (b.caption, card, HIT)

        def land() -> None:
            self.banner = None
            self.add_card(taker, card)
        self.queue.add(self.fly(card, lambda: src_rect, dst, 0.55, on_start=start, on_finish=land,
                                ease=ease_out_cubic))
        self.app.sounds.play("card")

    def on_single_shown(self, event, ctx) -> None:
        b = self.board
        text = tr("thirteen.caption_single", name=self.names[event.seat], card=card_label(event.value))

        def show() -> None:
            b.singles[event.seat].append(event.value)
            b.caption = text
        self.queue.add(Animation(0.5, on_start=show))

    def on_came_back(self, event, ctx) -> None:
        if self.you(event.seat):
            self.comeback = event.value
        key = "thirteen.came_back_you" if self.you(event.seat) else "thirteen.came_back"
        self.announce(tr(key, name=self.names[event.seat], card=card_label(event.value),
                         partner=card_label(partner(event.value)) if partner(event.value) else "13"),
                      event.value, GOLD, 1.4)

    def on_laid(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, cards = event.seat, event.cards
        sources = []
        for c in cards:
            sources.append(self.card_source(seat, c) if seat == self.viewer or c in b.singles[seat]
                           else g.seat_point(seat))
        kinds = [group_kind(group) for group, _ in self.laid_stacks(seat)]
        kind = group_kind(cards)
        index = kinds.index(kind) if kind in kinds else len(kinds)
        count = max(len(kinds), index + 1)
        text = tr("thirteen.caption_laid_one" if event.points == 1 else "thirteen.caption_laid", name=self.names[seat],
                  cards=kind_label(kind), points=event.points)

        def start() -> None:
            for c in cards:
                self.remove_card(seat, c)
            b.caption = text

        def land() -> None:
            b.laid[seat].append(cards)
        moves = [self.fly(c, lambda r=r: r, lambda: g.laid_slot(seat, index, count), 0.45, 0.05 * i,
                          on_start=start if i == 0 else None, on_finish=land if i == len(cards) - 1 else None)
                 for i, (c, r) in enumerate(zip(cards, sources))]
        self.queue.add(*moves)

    def on_drew(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat = event.seat
        drawn = None
        if self.you(seat):
            extra = Counter(self.game.view(ctx.state, seat).hand) - Counter(b.hand)
            drawn = next(iter(extra), None)

        def start() -> None:
            b.pile = event.pile_size
            b.caption = tr("thirteen.caption_drew", name=self.names[seat], pile=event.pile_size)

        def land() -> None:
            self.add_card(seat, drawn)
        self.queue.add(self.fly(None, lambda: g.pile(), lambda: g.seat_point(seat), 0.45, on_start=start,
                                on_finish=land))

    def on_kind_finished(self, event, ctx) -> None:
        def finish() -> None:
            self.board.finished.append(event.group)
        self.queue.then(finish)
        self.announce(tr("thirteen.kind_finished", kind=kind_label(event.group)), None, GOLD, 0.9)

    def on_went_out(self, event, ctx) -> None:
        self.leave(event.seat, OUT, tr("thirteen.went_out", name=self.names[event.seat]))

    def on_eliminated(self, event, ctx) -> None:
        self.leave(event.seat, ELIMINATED, tr("thirteen.eliminated", name=self.names[event.seat]))

    def leave(self, seat: int, how: str, text: str) -> None:
        b = self.board

        def mark() -> None:
            b.status[seat] = how
            if seat not in b.leaving:
                b.leaving.append(seat)
        self.queue.then(mark)
        self.announce(text, None, GOLD if how == OUT else DANGER, 1.3)

    def on_game_over(self, event, ctx) -> None:
        points, leaving, winners = event.points, event.leaving, event.winners
        status = list(ctx.state.status)
        names = ", ".join(self.names[s] for s in winners)
        auto = None if self.humans else AUTO_SUMMARY * SPEED_FACTORS[self.app.speed]

        def open_summary() -> None:
            self.board.caption = tr("thirteen.caption_over", names=names)
            self.app.sounds.play("chime")
            self.app.stack.push(ThirteenSummaryScene(self.app, self.names, points, leaving, status, winners,
                                                     self.humans, auto))
        self.queue.then(open_summary)

    # ----- the human's choices ------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return self.acting is not None and not self.busy

    def loose_cards(self) -> list:
        """The viewer's cards shown face up in the hand: all but the pairs waiting from a draw."""
        rest = Counter(self.board.hand)
        rest.subtract(c for g in groups_in(self.board.hand) for c in g)
        return sorted(rest.elements())

    def laid_stacks(self, seat: int) -> list[tuple[tuple, int]]:
        """A seat's laid groups stacked by kind, in the order the kinds were first laid: (group, how many)."""
        stacks: dict = {}
        for group in self.board.laid[seat]:
            kind = group_kind(group)
            stacks[kind] = (group, stacks[kind][1] + 1 if kind in stacks else 1)
        return list(stacks.values())

    def waiting(self) -> list[tuple]:
        return groups_in(self.board.hand)

    def hand_cards(self) -> list[tuple[object, bool, Rect]]:
        """The viewer's hand as drawn: (card, face up, rect); the waiting pairs face down at the right end."""
        loose = self.loose_cards()
        hidden = [c for group in self.waiting() for c in group]
        count = len(loose) + len(hidden)
        cards = [(c, True) for c in loose] + [(c, False) for c in hidden]
        return [(c, up, self.geo.hand_slot(i, count)) for i, (c, up) in enumerate(cards)]

    def targets(self) -> list[int]:
        """Players the human may ask (those holding cards), in seat order from the left."""
        if not self.my_turn or self.state.phase == DRAW:
            return []
        seats = {m.target for m in self.legal if isinstance(m, Ask)}
        return [s for s in self.geo.others if s in seats]

    def chosen_target(self) -> int | None:
        targets = self.targets()
        if not targets:
            return None
        if self.target not in targets:
            self.target = targets[0]
        return self.target

    def is_true(self, value) -> bool:
        """The ask is for the partner of a card in the viewer's hand (never for a 13)."""
        return value != THIRTEEN and partner(value) in self.board.hand

    def lie_used(self) -> bool:
        v = self.game.view(self.state, self.acting) if self.acting is not None else None
        return bool(v is not None and v.lie_used)

    def choices(self) -> list[tuple[object, Rect]]:
        """The legal moves with the rect a click takes, in on-screen order."""
        if not self.my_turn:
            return []
        g = self.geo
        if self.state.phase == DRAW:
            draw, skip = g.draw_buttons()
            return [(m, r) for m, r in ((Draw(), draw), (Pass(), skip)) if m in self.legal]
        target = self.chosen_target()
        if target is None:
            return []
        legal = set(self.legal)
        return [(Ask(target, v), g.value_slot(i)) for i, v in enumerate(VALUES) if Ask(target, v) in legal]

    def value_at(self, pos) -> object | None:
        for i, v in enumerate(VALUES):
            if self.geo.value_slot(i).collidepoint(pos):
                return v
        return None

    def move_at(self, pos):
        self.mouse = pos
        if not self.my_turn:
            return None
        for seat, rect in zip(self.targets(), self.geo.target_buttons(len(self.targets()))):
            if rect.collidepoint(pos):
                self.target = seat
                self.message = ""
                return None
        i = self.hovered()
        if i is not None:
            return self.choices()[i][0]
        value = self.value_at(pos)
        target = self.chosen_target()
        if value is not None and target is not None and self.state.phase != DRAW:
            self.refuse(Ask(target, value))
        return None

    def refuse(self, move) -> None:
        """Say why the engine refuses ``move``."""
        self.message = tr("thirteen.refused", reason=self.refusal(move))

    def move_for_key(self, event):
        if not self.my_turn:
            return None
        if self.state.phase == DRAW:
            if event.key == pygame.K_d:
                return Draw()
            if event.key == pygame.K_p:
                return Pass()
        targets = self.targets()
        if targets and event.key in (pygame.K_UP, pygame.K_DOWN):
            i = targets.index(self.chosen_target())
            self.target = targets[(i + (1 if event.key == pygame.K_DOWN else -1)) % len(targets)]
            self.message = ""
            return None
        choices = self.choices()
        if not choices:
            return None
        if event.key in (pygame.K_LEFT,):
            self.cursor = (len(choices) - 1) if self.cursor is None else (self.cursor - 1) % len(choices)
        elif event.key in (pygame.K_RIGHT, pygame.K_TAB):
            self.cursor = 0 if self.cursor is None else (self.cursor + 1) % len(choices)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.cursor is not None:
            return choices[min(self.cursor, len(choices) - 1)][0]
        return None

    def apply(self, seat, move) -> None:
        self.cursor = None
        self.message = ""
        super().apply(seat, move)

    def prompt(self) -> str:
        if self.my_turn:
            name = self.names[self.acting]
            if self.state.phase == DRAW:
                return tr("thirteen.prompt_draw", name=name, pile=self.board.pile)
            if not self.board.hand:
                return tr("thirteen.prompt_comeback", name=name)
            if self.comeback is not None and self.board.hand == [self.comeback]:
                mate = partner(self.comeback)
                return tr("thirteen.prompt_comeback_true", name=name, card=card_label(self.comeback),
                          partner=card_label(mate))
            if self.lie_used():
                return tr("thirteen.prompt_true_only", name=name)
            return tr("thirteen.prompt_ask", name=name)
        return super().prompt()

    # ----- drawing ---------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        if not self.board.status:
            return
        choices = self.choices()
        selected = self.selected()
        self.draw_plates(surface)
        self.draw_log(surface)
        self.draw_info(surface)
        self.draw_centre(surface, choices, selected)
        self.draw_hand(surface, choices, selected)
        self.draw_own_plate(surface)
        self.draw_running(surface)

    def outline(self, surface: pygame.Surface, rect: Rect, colour=GOLD, width: float = 0.45) -> None:
        pygame.draw.rect(surface, colour, rect.inflate(self.layout.px(0.8), self.layout.px(0.8)),
                         width=max(2, self.layout.px(width)), border_radius=max(3, rect.w // 8))

    def badge(self, surface: pygame.Surface, text: str, centre, colour, ink=(20, 20, 20), size=None) -> Rect:
        lay = self.layout
        size = size or lay.font_small
        image_w = paint.fonts.font(size, True).size(text)[0]
        rect = Rect(0, 0, image_w + lay.px(1.6), round(size * 1.3))
        rect.center = (round(centre[0]), round(centre[1]))
        pygame.draw.rect(surface, colour, rect, border_radius=rect.h // 2)
        paint.text(surface, text, size, rect.center, ink, bold=True)
        return rect

    def segments(self, surface: pygame.Surface, parts, size: int, pos, max_width: int) -> None:
        """One line of differently coloured pieces ``[(text, colour, bold)]``, shrunk to ``max_width``."""
        whole = "".join(t for t, _, _ in parts)
        size = paint.fonts.fit(whole, size, max_width, True)
        x, y = pos
        for content, colour, bold in parts:
            rect = paint.text(surface, content, size, (x, y), colour, bold=bold, anchor="midleft")
            x = rect.right

    def draw_plates(self, surface: pygame.Surface) -> None:
        lay, g, b = self.layout, self.geo, self.board
        thinking = set(self.match.thinking())
        for seat in g.others:
            rect = g.plate(seat)
            active = (seat == b.current and b.status[seat] == IN and not self.finished) or seat in thinking
            gone = b.status[seat] != IN
            paint.panel(surface, rect, lay.px(1.2), edge=GOLD if active else PANEL_EDGE)
            self.draw_seat(surface, seat, rect, gone)

    def draw_seat(self, surface: pygame.Surface, seat: int, rect: Rect, gone: bool) -> None:
        """Name, points, hand (count and face-up singles) and laid pairs of one seat."""
        lay, g, b = self.layout, self.geo, self.board
        pad = lay.px(1.2)
        points = str(b.points(seat))
        score = paint.text(surface, points, lay.font_large, (rect.right - pad, rect.y + lay.px(3.4)), GOLD,
                           bold=True, anchor="midright")
        name_w = score.x - rect.x - pad - lay.px(1)
        if rect.w > lay.px(30):
            label = paint.text(surface, tr("thirteen.pts"), lay.font_small,
                               (score.x - lay.px(0.6), rect.y + lay.px(3.8)), TEXT_DIM, anchor="midright")
            name_w = label.x - rect.x - pad - lay.px(1)
        paint.text(surface, self.names[seat], lay.font_small, (rect.x + pad, rect.y + lay.px(3)),
                   self.seat_colour(seat), bold=True, anchor="midleft", max_width=max(10, name_w))
        x, y = g.hand_row(seat)
        if gone:
            key = "thirteen.status_out" if b.status[seat] == OUT else "thirteen.status_eliminated"
            place = b.leaving.index(seat) + 1 if seat in b.leaving else 0
            self.badge(surface, tr(key, place=place), (rect.centerx, y), GOLD if b.status[seat] == OUT else DANGER)
        elif seat != self.viewer and not b.hand_sizes[seat] and not b.dealing:
            paint.text(surface, tr("thirteen.no_cards"), lay.font_small, (x, y), TEXT_DIM, anchor="midleft",
                       max_width=rect.w - 2 * pad)
        elif seat != self.viewer:
            cw, ch = card_size(round(g.mini_h()))
            surface.blit(back(cw, ch), (round(x), round(y - ch / 2)))
            paint.text(surface, f"\u00d7{b.hand_sizes[seat]}", lay.font_small, (x + cw + lay.px(0.5), y), TEXT,
                       bold=True, anchor="midleft")
            for i, card in enumerate(b.singles[seat]):  # face-up singles, framed in gold: everyone sees them
                slot = g.single_slot(seat, i)
                if slot.right > rect.right - pad:
                    break
                self.outline(surface, self.blit_card(surface, card, slot.center, slot.h), GOLD, 0.3)
        self.draw_laid(surface, seat)

    def draw_laid(self, surface: pygame.Surface, seat: int) -> None:
        lay, g, b = self.layout, self.geo, self.board
        groups = b.laid[seat]
        if not groups:
            plate = g.plate(seat)
            paint.text(surface, tr("thirteen.no_pairs"), lay.font_small,
                       (plate.x + lay.px(1.4), g.laid_slot(seat, 0, 1).centery), TEXT_DIM, anchor="midleft")
            return
        stacks = self.laid_stacks(seat)
        for i, (group, count) in enumerate(stacks):
            slot = g.laid_slot(seat, i, len(stacks))
            hidden = group_kind(group) in b.finished
            for j, card in enumerate(group):
                self.blit_card(surface, None if hidden else card, (slot.centerx + j * slot.w * 0.55, slot.centery),
                               slot.h)
            if count > 1:
                self.badge(surface, f"\u00d7{count}", (slot.centerx + slot.w * 0.3, slot.bottom - lay.px(1)), GOLD,
                           size=max(9, lay.px(2)))

    def draw_log(self, surface: pygame.Surface) -> None:
        lay, g, b = self.layout, self.geo, self.board
        panel = g.log_panel()
        paint.panel(surface, panel, lay.px(1.5))
        pad = lay.px(1.8)
        x, w = panel.x + pad, panel.w - 2 * pad
        paint.text(surface, tr("thirteen.log_heading"), lay.font_small, (x, panel.y + lay.px(3)), TEXT, bold=True,
                   anchor="midleft", max_width=w)
        paint.text(surface, tr("thirteen.log_note"), max(9, lay.px(2.2)), (x, panel.y + lay.px(6.2)), TEXT_DIM,
                   anchor="midleft", max_width=w)
        y = panel.y + lay.px(10)
        line = lay.px(3.5)
        size = lay.px(2.5)
        if not b.log:
            paint.text(surface, tr("thirteen.log_empty"), lay.font_small, (x, y), TEXT_DIM, anchor="midleft",
                       max_width=w)
            return
        last_turn = None
        for turn, asker, target, value, hit in reversed(b.log):
            if y > panel.bottom - lay.px(3):
                break
            if last_turn is not None and turn != last_turn:
                pygame.draw.line(surface, (40, 80, 60), (x, y - line / 2), (x + w, y - line / 2), 1)
            last_turn = turn
            verdict = tr("thirteen.hit") if hit else tr("thirteen.miss")
            who = [(self.names[asker], self.seat_colour(asker), True), (tr("thirteen.log_asked"), TEXT, False),
                   (self.names[target], self.seat_colour(target), True)]
            what = [(tr("thirteen.log_for"), TEXT, False), (card_label(value), family_light(value), True),
                    (" \u2014 ", TEXT_DIM, False), (verdict, HIT if hit else MISS, True)]
            whole = "".join(t for t, _, _ in who + what)
            if paint.fonts.fit(whole, size, w, True) >= size * 0.86:
                self.segments(surface, who + what, size, (x, y), w)
            elif y + line * 0.8 < panel.bottom - lay.px(2.5):  # long names: the outcome on a second line
                self.segments(surface, who, size, (x, y), w)
                y += line * 0.8
                self.segments(surface, what, size, (x + lay.px(3), y), w - lay.px(3))
            y += line

    def draw_info(self, surface: pygame.Surface) -> None:
        lay, g, b = self.layout, self.geo, self.board
        panel = g.info_panel()
        paint.panel(surface, panel, lay.px(1.5))
        pad = lay.px(1.8)
        x, w = panel.x + pad, panel.w - 2 * pad
        y = panel.y + lay.px(3)
        heading = tr("thirteen.turn", turn=b.turn, dealer=self.names[b.dealer]) if b.turn else \
            tr("thirteen.dealing", dealer=self.names[b.dealer])
        paint.text(surface, heading, lay.font_small,
                   (x, y), TEXT_DIM, anchor="midleft", max_width=w)
        pile = g.pile()
        for i in range(min(4, max(1, b.pile // 8 + 1)) if b.pile else 0):
            self.blit_card(surface, None, (pile.centerx - i * lay.px(0.4), pile.centery - i * lay.px(0.4)), pile.h)
        if not b.pile:
            pygame.draw.rect(surface, (18, 64, 43), pile, width=max(1, lay.px(0.25)), border_radius=pile.w // 9)
        paint.text(surface, tr("thirteen.pile"), lay.font_small, (pile.right + lay.px(2), pile.centery - lay.px(2.2)),
                   TEXT_DIM, anchor="midleft", max_width=panel.right - pile.right - lay.px(3))
        paint.text(surface, str(b.pile), lay.font_large, (pile.right + lay.px(2), pile.centery + lay.px(2)), TEXT,
                   bold=True, anchor="midleft")
        y = pile.bottom + lay.px(2.6)
        paint.text(surface, tr("thirteen.kinds"), lay.font_small, (x, y), TEXT, bold=True, anchor="midleft",
                   max_width=w)
        y += lay.px(2.2)
        chip_w, chip_h, gap = (w - 3 * lay.px(1)) / 4, lay.px(4.4), lay.px(0.8)
        for i, kind in enumerate(KINDS):
            row, col = divmod(i, 4)
            rect = Rect(round(x + col * (chip_w + gap)), round(y + row * (chip_h + gap)), round(chip_w), chip_h)
            done = kind in b.finished
            colour = family_colour(kind)
            if done:
                pygame.draw.rect(surface, (120, 26, 34), rect, border_radius=lay.px(0.8))
                pygame.draw.rect(surface, (232, 194, 104), rect, width=1, border_radius=lay.px(0.8))
                paint.text(surface, "\u2713 " + kind_label(kind), max(9, lay.px(2.2)), rect.center, (232, 194, 104),
                           bold=True, max_width=rect.w - lay.px(0.6))
            else:
                pygame.draw.rect(surface, colour, rect, border_radius=lay.px(0.8))
                paint.text(surface, kind_label(kind), max(9, lay.px(2.3)), rect.center, (255, 255, 255), bold=True,
                           max_width=rect.w - lay.px(0.6))
        y += 2 * (chip_h + gap) + lay.px(0.8)
        paint.text(surface, tr("thirteen.kinds_note"), max(9, lay.px(2.1)), (x, y), TEXT_DIM, anchor="topleft",
                   max_width=w)
        y += lay.px(3.2)
        text = self.prompt()
        if text:
            paint.paragraph(surface, text, lay.font_small, Rect(x, y, w, panel.bottom - y), GOLD, bold=True,
                            align="left")

    def draw_button(self, surface: pygame.Surface, rect: Rect, label: str, chosen: bool, primary: bool = False,
                    colour_mark=None) -> None:
        lay = self.layout
        colour = BUTTON_HOVER if chosen else BUTTON
        pygame.draw.rect(surface, (6, 22, 14), rect.move(0, lay.px(0.4)), border_radius=lay.px(1.2))
        pygame.draw.rect(surface, colour, rect, border_radius=lay.px(1.2))
        pygame.draw.rect(surface, GOLD if chosen else PANEL_EDGE, rect, width=max(2, lay.px(0.35 if chosen else 0.2)),
                         border_radius=lay.px(1.2))
        ink = colour_mark or (GOLD if primary else TEXT)
        paint.text(surface, label, lay.font_body, rect.center, ink, bold=True, max_width=rect.w - lay.px(1.5))

    def draw_centre(self, surface: pygame.Surface, choices, selected) -> None:
        lay, g = self.layout, self.geo
        area = g.centre()
        if self.banner is not None:
            self.draw_banner(surface, area)
        elif self.my_turn and self.state.phase == DRAW:
            self.draw_draw_choice(surface, choices, selected)
        elif self.my_turn:
            self.draw_ask_control(surface, choices, selected)
            if not self.message:
                paint.text(surface, tr("thirteen.keys"), max(9, lay.px(2.2)), (area.centerx, area.y + lay.px(50)),
                           TEXT_DIM, max_width=area.w)
        elif self.board.caption:
            paint.paragraph(surface, self.board.caption, lay.font_body,
                            Rect(area.x + lay.px(4), area.centery - lay.px(4), area.w - lay.px(8), lay.px(12)), TEXT)
        if self.message and self.my_turn:
            rect = Rect(area.x, area.y + lay.px(46.5), area.w, lay.px(7.5))
            paint.panel(surface, rect, lay.px(1.2), colour=(72, 22, 18), edge=DANGER)
            lines = paint.fonts.wrap(self.message, lay.font_small, rect.w - lay.px(3), True)
            line_h = paint.fonts.font(lay.font_small, True).get_linesize()
            paint.paragraph(surface, self.message, lay.font_small,
                            Rect(rect.x + lay.px(1.5), rect.centery - len(lines) * line_h // 2, rect.w - lay.px(3),
                                 rect.h), TEXT, bold=True)

    def draw_banner(self, surface: pygame.Surface, area: Rect) -> None:
        lay = self.layout
        text, card, colour = self.banner
        height = lay.px(22 if card is not None else 12)
        rect = Rect(area.x + lay.px(2), area.centery - height // 2, area.w - lay.px(4), height)
        paint.panel(surface, rect, lay.px(1.5), edge=colour)
        if card is not None:
            slot = self.geo.card_rect((rect.x + lay.px(8), rect.centery), lay.px(17))
            self.blit_card(surface, card, slot.center, slot.h)
            body = Rect(slot.right + lay.px(3), rect.y + lay.px(3), rect.right - slot.right - lay.px(5), rect.h)
            lines = paint.fonts.wrap(text, lay.font_body, body.w, True)
            line_h = paint.fonts.font(lay.font_body, True).get_linesize()
            top = rect.centery - len(lines) * line_h // 2
            paint.paragraph(surface, text, lay.font_body, Rect(body.x, top, body.w, rect.h), colour, bold=True,
                            align="left")
        else:
            lines = paint.fonts.wrap(text, lay.font_body, rect.w - lay.px(4), True)
            line_h = paint.fonts.font(lay.font_body, True).get_linesize()
            paint.paragraph(surface, text, lay.font_body, Rect(rect.x + lay.px(2), rect.centery - len(lines) * line_h
                                                               // 2, rect.w - lay.px(4), rect.h), colour, bold=True)

    def draw_draw_choice(self, surface: pygame.Surface, choices, selected) -> None:
        lay, g = self.layout, self.geo
        area = g.centre()
        paint.paragraph(surface, tr("thirteen.draw_heading", pile=self.board.pile), lay.font_body,
                        Rect(area.x + lay.px(4), area.y + lay.px(8), area.w - lay.px(8), lay.px(12)), TEXT, True)
        paint.paragraph(surface, tr("thirteen.draw_help"), lay.font_small,
                        Rect(area.x + lay.px(4), area.y + lay.px(18), area.w - lay.px(8), lay.px(10)), TEXT_DIM)
        for i, (move, rect) in enumerate(choices):
            label = tr("thirteen.button_draw") if isinstance(move, Draw) else tr("thirteen.button_pass")
            self.draw_button(surface, rect, label, i == selected or rect.collidepoint(self.mouse),
                             primary=isinstance(move, Draw))

    def draw_ask_control(self, surface: pygame.Surface, choices, selected) -> None:
        lay, g, b = self.layout, self.geo, self.board
        area = g.centre()
        targets = self.targets()
        target = self.chosen_target()
        paint.text(surface, tr("thirteen.ask_whom"), lay.font_body, (area.x + lay.px(3), area.y + lay.px(3.6)), TEXT,
                   bold=True, anchor="midleft", max_width=round(area.w * 0.5))
        for seat, rect in zip(targets, g.target_buttons(len(targets))):
            label = tr("thirteen.target_button", name=self.names[seat], count=b.hand_sizes[seat])
            self.draw_button(surface, rect, label, seat == target or rect.collidepoint(self.mouse),
                             colour_mark=self.seat_colour(seat))
        lie_used = self.lie_used()
        if not b.hand:
            heading = tr("thirteen.ask_what_comeback", name=self.names[target]) if target is not None else ""
        else:
            heading = tr("thirteen.ask_what", name=self.names[target]) if target is not None else ""
        paint.text(surface, heading, lay.font_small, (area.centerx, area.y + lay.px(15.6)), TEXT, bold=True,
                   max_width=area.w - lay.px(4))
        lie_text = tr("thirteen.lie_spent") if lie_used else tr("thirteen.lie_free")
        size = paint.fonts.fit(lie_text, lay.font_small, round(area.w * 0.42), True)
        self.badge(surface, lie_text, (area.right - lay.px(3) - paint.fonts.font(size, True).size(lie_text)[0] / 2
                                       - lay.px(0.8), area.y + lay.px(3.6)),
                   (120, 120, 120) if lie_used else LIE_COLOUR, size=size)
        legal_values = {m.value for m, _ in choices}
        pointed = choices[selected][0].value if selected is not None and selected < len(choices) else None
        for i, value in enumerate(VALUES):
            slot = g.value_slot(i)
            allowed = value in legal_values
            true = self.is_true(value)
            lifted = value == pointed
            drawn = self.blit_card(surface, value, slot.center, slot.h, lift=lay.px(1) if lifted else 0,
                                   dim=not allowed)
            if lifted:
                self.outline(surface, drawn)
            if true:
                tag, colour = tr("thirteen.tag_true"), TRUE_COLOUR
            elif allowed:
                tag, colour = tr("thirteen.tag_lie"), LIE_COLOUR
            else:
                tag, colour = tr("thirteen.tag_no_lie"), (110, 110, 110)
            self.badge(surface, tag, (slot.centerx, slot.bottom + lay.px(1.8)), colour, size=max(9, lay.px(2.1)))

    def draw_hand(self, surface: pygame.Surface, choices, selected) -> None:
        lay, g, b = self.layout, self.geo, self.board
        if self.viewer is None:
            if self.humans:  # several people share the screen: no hand is shown until one of them acts
                return
            paint.paragraph(surface, tr("thirteen.watching"), lay.font_small,
                            Rect(g.cx - g.px(42), g.hand_top + g.px(5), g.px(84), g.px(10)), TEXT_DIM)
            return
        if b.dealing:
            count = b.hand_sizes[self.viewer]
            for i in range(count):
                rect = g.hand_slot(i, max(count, 7))
                self.blit_card(surface, None, rect.center, rect.h)
            return
        row = self.hand_cards()
        if not row:
            key = "thirteen.hand_empty" if b.status[self.viewer] == IN else "thirteen.hand_done"
            paint.paragraph(surface, tr(key), lay.font_small,
                            Rect(g.cx - g.px(40), g.hand_top + g.px(5), g.px(80), g.px(10)), TEXT_DIM)
            return
        pointed = None
        if selected is not None and selected < len(choices) and isinstance(choices[selected][0], Ask):
            pointed = partner(choices[selected][0].value)
        asking = self.my_turn and self.state.phase != DRAW
        singles = list(b.singles[self.viewer])
        hidden = [rect for _, up, rect in row if not up]
        for card, up, rect in row:
            if not up:
                self.blit_card(surface, None, rect.center, rect.h)
                continue
            lifted = asking and card == pointed
            drawn = self.blit_card(surface, card, rect.center, rect.h, lift=lay.px(2.5) if lifted else 0)
            if lifted:
                self.outline(surface, drawn, TRUE_COLOUR)
            if card in singles:
                singles.remove(card)
                self.badge(surface, tr("thirteen.single_tag"), (drawn.centerx, drawn.y + lay.px(1)), GOLD,
                           size=max(9, lay.px(2.2)))
            mate = partner(card)
            if mate is not None:
                self.badge(surface, tr("thirteen.ask_for", card=card_label(mate)),
                           (rect.centerx, rect.bottom + lay.px(1.9)), family_colour(card), ink=(255, 255, 255),
                           size=max(9, lay.px(2.2)))
        if hidden:
            span = hidden[0].union(hidden[-1])
            pairs = " ".join(kind_label(group_kind(group)) for group in self.waiting())
            self.badge(surface, tr("thirteen.waiting_tag", pairs=pairs), (span.centerx, span.bottom + lay.px(1.9)),
                       GOLD, size=max(9, lay.px(2.2)))
            self.badge(surface, tr("thirteen.waiting_label"), (span.centerx, span.y - lay.px(1.2)), GOLD)

    def draw_own_plate(self, surface: pygame.Surface) -> None:
        lay, g, b = self.layout, self.geo, self.board
        if self.viewer is None:
            return
        seat = self.viewer
        rect = g.plate(seat)
        active = seat == b.current and b.status[seat] == IN and not self.finished
        paint.panel(surface, rect, lay.px(1.2), edge=GOLD if active else PANEL_EDGE)
        self.draw_seat(surface, seat, rect, b.status[seat] != IN)
        if b.status[seat] == IN:
            x, y = g.hand_row(seat)
            note = tr("thirteen.singles_seen") if b.singles[seat] else tr("thirteen.own_hand", count=len(b.hand))
            paint.text(surface, note, max(9, lay.px(2.2)), (x, y), TEXT_DIM, anchor="midleft",
                       max_width=rect.right - x - lay.px(1.2))


class ThirteenSummaryScene(RoundSummaryScene):
    """The end of the game: the points table and the order of leaving, side by side."""

    def __init__(self, app, names: list[str], points: tuple[int, ...], leaving: tuple[int, ...],
                 status: list[str], winners: tuple[int, ...], humans: list[int],
                 auto_close: float | None = None) -> None:
        who = ", ".join(names[s] for s in winners)
        note = tr("results.winner" if len(winners) == 1 else "results.winners", names=who)
        super().__init__(app, tr("thirteen.summary_heading"), note, [], auto_close)
        self.names, self.points, self.leaving, self.status = names, points, leaving, status
        self.winners, self.humans = winners, humans
        self.next.label = "thirteen.to_results"

    def panel_units(self) -> tuple[float, float]:
        return 130, min(96, 36 + len(self.names) * 5)

    def draw(self, surface):
        lay = self.layout
        self.draw_frame(surface)
        p = self.panel
        paint.text(surface, self.note, lay.font_body, (p.centerx, p.y + lay.px(10.5)), TEXT, bold=True,
                   max_width=p.w - lay.px(6))
        left, right = p.x + lay.px(6), p.centerx + lay.px(4)
        y = p.y + lay.px(16)
        paint.text(surface, tr("thirteen.table_points"), lay.font_small, (left, y), TEXT_DIM, anchor="midleft")
        paint.text(surface, tr("thirteen.table_leaving"), lay.font_small, (right, y), TEXT_DIM, anchor="midleft")
        y += lay.px(5)
        order = sorted(range(len(self.names)), key=lambda s: (-self.points[s], s not in self.winners))
        for i, seat in enumerate(order):
            ink = GOLD if seat in self.humans else TEXT
            star = "\u2605 " if seat in self.winners else ""
            paint.text(surface, f"{star}{self.names[seat]}", lay.font_body, (left, y + i * lay.px(5)), ink,
                       anchor="midleft", bold=seat in self.winners, max_width=round(p.w * 0.3))
            paint.text(surface, str(self.points[seat]), lay.font_body, (p.centerx - lay.px(6), y + i * lay.px(5)),
                       ink, bold=True, anchor="midright")
        stayed = [s for s in range(len(self.names)) if s not in self.leaving]
        for i, seat in enumerate(list(self.leaving) + stayed):
            ink = GOLD if seat in self.humans else TEXT
            how = leaving_text(self.status[seat], i + 1 if seat in self.leaving else 0)
            paint.text(surface, self.names[seat], lay.font_body, (right, y + i * lay.px(5)), ink, anchor="midleft",
                       max_width=round(p.w * 0.2))
            paint.text(surface, how, lay.font_small, (p.right - lay.px(6), y + i * lay.px(5)), TEXT_DIM,
                       anchor="midright", max_width=round(p.w * 0.24))
        self.form.draw(surface, lay)


def leaving_text(status: str, place: int) -> str:
    """How a seat left the game, for the end tables: "went out 1st", "eliminated 2nd", "in play at the end"."""
    if status == OUT:
        return tr("thirteen.left_out", place=place)
    if status == ELIMINATED:
        return tr("thirteen.left_eliminated", place=place)
    return tr("thirteen.left_stayed")
