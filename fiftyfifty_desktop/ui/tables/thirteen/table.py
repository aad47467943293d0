"""The Thirteen table scene: the events become animations of the board, and
the human's clicks and keys become asks, draws and passes.

Whether an ask is true or the lie, what a hit lays down, going out and
coming back all stay in ``games/thirteen/rules.py``; the table shows the watching
seat's view, follows the events and offers only the legal moves.
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

import pygame

from ....engine import Move
from ....games.thirteen import Card, DRAW, ELIMINATED, OUT, VALUES, Ask, Draw, Pass, group_kind, is_true_ask, partner
from ...i18n import Phrase, later, name_of, names_of, tr
from ...keys import KeyHelp
from ...layout import DANGER, GOLD
from ...move_words import thirteen_card
from ...tween import Animation, ease_out_cubic
from ...scenes.results import OrderTable
from ..base import TableScene
from ..picking import Grip
from ..ending import ResultSheet
from . import paint
from ..parts import Banner
from .board import Board, dealt_hand
from .cards import card_label, kind_label
from .geometry import Geometry
from .lines import ThirteenLines
from .paint import HIT, MISS, seat_colour
from .summary import ThirteenSummaryScene, leaving_text

Rect = pygame.Rect


class ThirteenTable(TableScene):
    table_keys = (KeyHelp("help.key_up_down", "help.thirteen_target"),
                  KeyHelp("help.key_left_right", "help.thirteen_value"),
                  KeyHelp("help.key_enter_only", "help.thirteen_ask"),
                  KeyHelp("help.key_d", "help.thirteen_draw"),
                  KeyHelp("help.key_p", "help.thirteen_pass"))
    drag_key = KeyHelp("help.key_drag", "help.thirteen_drag")
    geometry = Geometry
    card_name = staticmethod(thirteen_card)

    def __init__(self, app, record, *args: Any, **kwargs: Any) -> None:
        super().__init__(app, record, *args, **kwargs)
        self.board = Board()
        self.target: int | None = None  # the player the human is about to ask
        self.picker.grips = self.grip_at  # a value or a card is dragged to the seat it asks

    # ----- picture from the views -------------------------------------------
    def result_sheet(self) -> ResultSheet:
        """The second table of the end beside the points: the order of leaving, those still in play last."""
        view = self.view
        stayed = [seat for seat in range(len(self.names)) if seat not in view.leaving]
        return ResultSheet(order=OrderTable(tr("thirteen.table_leaving"), tuple(
            (self.names[seat], leaving_text(view.status[seat], i + 1 if seat in view.leaving else 0))
            for i, seat in enumerate(list(view.leaving) + stayed))))

    def you(self, seat: int) -> bool:
        return seat == self.viewer

    # ----- the move log ---------------------------------------------------------
    move_lines = ThirteenLines
    log_in_table = True  # its place on the left, open from the start
    log_note = "thirteen.log_note"

    # ----- events to animations ---------------------------------------------
    def card_source(self, seat: int, card) -> Rect:
        """Where a card of ``seat`` leaves from: its place in the viewer's hand, a face-up single, or the seat."""
        b, g = self.board, self.geo
        if seat == self.viewer and card in b.hand:
            return next(rect for c, _, rect in g.hand_cards(b) if c == card)
        if card in b.singles[seat] and seat != self.viewer:
            return g.single_slot(seat, b.singles[seat].index(card))
        return g.seat_point(seat)

    def on_dealt(self, event, ctx) -> None:
        b, g = self.board, self.live
        players = len(event.hand_sizes)
        own = dealt_hand(ctx.view)
        caption = later("thirteen.caption_deal", name=name_of(self.names, event.dealer))

        def start() -> None:
            b.start_deal(event, caption)
            self.banner = None
        self.queue.then(start)
        moves = []
        order = [(event.dealer + i) % players for i in range(1, players + 1)]
        packet = 0
        for r in range(0, max(event.hand_sizes), 3):
            for seat in order:
                count = min(3, event.hand_sizes[seat] - r)
                if count <= 0:
                    continue
                moves.append(self.stage.fly(None, g.at("pile"), g.at("seat_point", seat), 0.3, 0.07 * packet,
                                      on_finish=partial(b.deal_packet, seat, count)))
                packet += 1
        moves.append(Animation(0.0, delay=0.07 * packet + 0.3, on_finish=lambda: b.end_deal(event, own)))
        self.queue.add(*moves)
        self.app.sounds.play("card")

    def on_turn_started(self, event, ctx) -> None:
        b = self.board
        seat = event.seat
        comeback = b.comes_back(seat)

        def start() -> None:
            b.current, b.turn = seat, event.turn
            if seat != self.viewer or not comeback:
                b.comeback = None
            b.caption = later("thirteen.caption_turn", name=name_of(self.names, seat), turn=event.turn)
        self.queue.add(Animation(0.25, on_start=start))
        if comeback:
            key = "thirteen.comeback_you" if self.you(seat) else "thirteen.comeback_other"
            self.stage.announce(later(key, name=name_of(self.names, seat)), None, GOLD, 1.6 if not self.you(seat) else 1.0)

    def on_asked(self, event, ctx) -> None:
        text = later("thirteen.banner_ask", asker=name_of(self.names, event.asker),
                     target=name_of(self.names, event.target), card=card_label(event.value))
        self.stage.announce(text, event.value, seat_colour(event.asker), 0.35 if self.you(event.asker) else 0.9)

    def on_missed(self, event, ctx) -> None:
        text = later("thirteen.banner_miss", target=name_of(self.names, event.target), card=card_label(event.value))
        self.stage.announce(text, event.value, MISS, 0.8, kind="cross")

    def on_handed_over(self, event, ctx) -> None:
        b, g = self.board, self.live
        giver, taker, card = event.giver, event.taker, event.value
        src_rect = self.card_source(giver, card)
        hand_after = len(b.hand) + 1

        def dst() -> Rect:
            if taker == self.viewer:
                return g.hand_slot(len(b.loose_cards()), hand_after)
            return g.seat_point(taker)

        def start() -> None:
            b.remove_card(giver, card)
            b.caption = later("thirteen.banner_hit", target=name_of(self.names, giver),
                              asker=name_of(self.names, taker), card=card_label(card))
            self.banner = Banner(b.caption, card, HIT, "tick")

        def land() -> None:
            self.banner = None
            b.add_card(taker, card)
        self.queue.add(self.stage.fly(card, lambda: src_rect, dst, 0.55, on_start=start, on_finish=land,
                                ease=ease_out_cubic))
        self.app.sounds.play("card")

    def on_single_shown(self, event, ctx) -> None:
        b = self.board
        text = later("thirteen.caption_single", name=name_of(self.names, event.seat), card=card_label(event.value))

        def show() -> None:
            b.singles[event.seat].append(event.value)
            b.caption = text
        self.queue.add(Animation(0.5, on_start=show))

    def on_came_back(self, event, ctx) -> None:
        if self.you(event.seat):
            self.board.comeback = event.value
        key = "thirteen.came_back_you" if self.you(event.seat) else "thirteen.came_back"
        mate = partner(event.value)
        self.stage.announce(later(key, name=name_of(self.names, event.seat), card=card_label(event.value),
                                  partner=card_label(mate) if mate else "13"), event.value, GOLD, 1.4)

    def on_laid(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, cards = event.seat, event.cards
        sources = [self.card_source(seat, c) for c in cards]
        kinds = [group_kind(group) for group, _ in b.laid_stacks(seat)]
        kind = group_kind(cards)
        index = kinds.index(kind) if kind in kinds else len(kinds)
        count = max(len(kinds), index + 1)
        text = later("thirteen.caption_laid", name=name_of(self.names, seat), cards=kind_label(kind),
                     count=event.points)

        def start() -> None:
            for c in cards:
                b.remove_card(seat, c)
            b.caption = text

        def land() -> None:
            b.laid[seat].append(cards)
        moves = [self.stage.fly(c, g.fixed(r), lambda: g.laid_slot(seat, index, count), 0.45, 0.05 * i,
                          on_start=start if i == 0 else None, on_finish=land if i == len(cards) - 1 else None)
                 for i, (c, r) in enumerate(zip(cards, sources))]
        self.queue.add(*moves)

    def on_drew(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat = event.seat
        drawn = None
        if self.you(seat):  # the one card the view holds that the picture does not yet
            drawn = next(iter(Counter(ctx.view.hand) - Counter(b.hand)), None)

        def start() -> None:
            b.pile = event.pile_size
            b.caption = later("thirteen.caption_drew", name=name_of(self.names, seat), count=event.pile_size)
        self.queue.add(self.stage.fly(None, lambda: g.pile(), lambda: g.seat_point(seat), 0.45, on_start=start,
                                on_finish=lambda: b.add_card(seat, drawn)))

    def on_kind_finished(self, event, ctx) -> None:
        self.queue.then(lambda: self.board.finished.append(event.group))
        self.stage.announce(later("thirteen.kind_finished", kind=kind_label(event.group)), None, GOLD, 0.9)

    def on_went_out(self, event, ctx) -> None:
        self.leave(event.seat, OUT, later("thirteen.went_out", name=name_of(self.names, event.seat)))

    def on_eliminated(self, event, ctx) -> None:
        self.leave(event.seat, ELIMINATED, later("thirteen.eliminated", name=name_of(self.names, event.seat)))

    def leave(self, seat: int, how: str, text: str | Phrase) -> None:
        self.queue.then(lambda: self.board.leave(seat, how))
        self.stage.announce(text, None, GOLD if how == OUT else DANGER, 1.3)

    def on_game_over(self, event, ctx) -> None:
        points, leaving, winners = event.points, event.leaving, event.winners
        status = list(ctx.view.status)
        names = names_of(self.names, winners)
        self.ending.queue_summary(lambda auto: self.app.stack.push(ThirteenSummaryScene(
            self.app, self.names, points, leaving, status, winners, self.humans, auto)),
            before=lambda: setattr(self.board, "caption", later("thirteen.caption_over", names=names)))

    # ----- the human's choices ------------------------------------------------
    def offer_human_turn(self) -> None:
        """Also pick whom the human asks: the one asked last while they still hold cards, else the first."""
        super().offer_human_turn()
        targets = self.targets()
        if targets and self.target not in targets:
            self.target = targets[0]

    def on_hint(self, move) -> None:
        """A hinted ask turns to the seat it asks, so its value can be ringed."""
        if isinstance(move, Ask):
            self.target = move.target

    def hint_rects(self, move) -> list[Rect]:
        """A hinted ask rings the seat's button and the value; a draw or pass its button."""
        rects = super().hint_rects(move)
        if isinstance(move, Ask):
            targets = self.targets()
            rects += [rect for seat, rect in zip(targets, self.geo.target_buttons(len(targets))) if seat == move.target]
        return rects

    def frame(self) -> paint.Frame:
        """What this frame shows, frozen for the painter."""
        return paint.Frame(
            self.layout, self.geo, self.cards, self.board, self.view, self.names, self.viewer, tuple(self.humans),
            self.game.id, self.my_turn, self.finished, frozenset(self.match.thinking()), tuple(self.choices()),
            self.picker.selected(), self.mouse, self.message, self.prompt(), self.banner, tuple(self.targets()),
            self.chosen_target(), frozenset(value for value in VALUES if self.is_true(value)), self.lie_used())

    def targets(self) -> list[int]:
        """Players the human may ask (those holding cards), in seat order from the left."""
        if not self.my_turn or self.view.phase == DRAW:
            return []
        seats = {m.target for m in self.legal if isinstance(m, Ask)}
        return [s for s in self.geo.others if s in seats]

    def chosen_target(self) -> int | None:
        targets = self.targets()
        if not targets:
            return None
        return self.target if self.target in targets else targets[0]

    def is_true(self, value) -> bool:
        return is_true_ask(self.view.hand, value)

    def lie_used(self) -> bool:
        return self.acting is not None and bool(self.view.lie_used)

    def choices(self) -> list[tuple[Move, Rect]]:
        """The legal moves with the rect a click takes, in on-screen order."""
        if not self.my_turn:
            return []
        g = self.geo
        if self.view.phase == DRAW:
            draw, skip = g.draw_buttons()
            return [(m, r) for m, r in ((Draw(), draw), (Pass(), skip)) if m in self.legal]
        target = self.chosen_target()
        if target is None:
            return []
        legal = set(self.legal)
        return [(Ask(target, v), g.value_slot(i)) for i, v in enumerate(VALUES) if Ask(target, v) in legal]

    def value_at(self, pos) -> Card | None:
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
        i = self.picker.hovered()
        if i is not None:
            return self.choices()[i][0]
        value = self.value_at(pos)
        target = self.chosen_target()
        if value is not None and target is not None and self.view.phase != DRAW:
            self.picker.refuse(Ask(target, value))
        return None

    def grip_at(self, pos) -> Grip | None:
        """A value of the grid, or a face-up card of the hand (which asks for its partner), taken up to be
        dropped on a seat's button or box: that asks the seat for it."""
        if not self.my_turn or self.view.phase == DRAW:
            return None
        g = self.geo
        for i, value in enumerate(VALUES):
            if g.value_slot(i).collidepoint(pos):
                return Grip(value, lambda: self.geo.value_slot(i), partial(self.ask_at, value))
        row = g.hand_cards(self.board)
        under = [(i, card) for i, (card, up, rect) in enumerate(row) if up and rect.collidepoint(pos)]
        if not under or partner(under[-1][1]) is None:  # the topmost card; a 13 asks for nothing
            return None
        index, card = under[-1]
        return Grip(card, lambda: self.geo.hand_slot(index, len(self.geo.hand_cards(self.board))),
                    partial(self.ask_at, partner(card)))

    def ask_at(self, value, pos) -> Ask | None:
        """The ask for ``value`` of the seat whose button or box is at ``pos``, if any holds cards."""
        targets = self.targets()
        for seat, button in zip(targets, self.geo.target_buttons(len(targets))):
            if button.collidepoint(pos) or self.geo.plate(seat).collidepoint(pos):
                return Ask(seat, value)
        return None

    def move_for_key(self, event):
        if not self.my_turn:
            return None
        if self.view.phase == DRAW:
            if event.key == pygame.K_d:
                return Draw()
            if event.key == pygame.K_p:
                return Pass()
        return super().move_for_key(event)

    def choose_other(self, step: int) -> bool:
        """Up and down choose whom to ask; they never move the selection of a value."""
        targets, target = self.targets(), self.chosen_target()
        if target is not None:  # there is one whenever there are targets
            i = targets.index(target)
            self.target = targets[(i + step) % len(targets)]
            self.message = ""
        return True

    def help_keys(self) -> tuple[KeyHelp, ...]:
        """The table's keys, less the general lines on choosing and taking a choice, which Thirteen's own lines say
        for its two choices (whom to ask, and the value)."""
        return tuple(key for key in super().help_keys() if key.does not in ("help.do_choose", "help.do_take"))

    def prompt(self) -> str:
        if self.my_turn:
            b, name = self.board, self.names[self.acting]
            if self.view.phase == DRAW:
                may_pass = any(isinstance(m, Pass) for m in self.legal)  # not after a whole round with no card moved
                return tr("thirteen.prompt_draw" if may_pass else "thirteen.prompt_draw_only", name=name, pile=b.pile)
            if b.comes_back(self.acting):
                return tr("thirteen.prompt_comeback", name=name)
            if b.comeback is not None and b.hand == [b.comeback]:
                return tr("thirteen.prompt_comeback_true", name=name, card=card_label(b.comeback),
                          partner=card_label(partner(b.comeback)))
            if self.lie_used():
                return tr("thirteen.prompt_true_only", name=name)
            return tr("thirteen.prompt_ask", name=name)
        return super().prompt()

    def draw_table(self, surface: pygame.Surface) -> None:
        if self.board.status:  # nothing is dealt before the first frame of a game
            paint.draw_table(self.frame(), surface, self.stage.draw)
