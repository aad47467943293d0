"""The Fifty-Five table: the other seats along the top, your hand at the
bottom, the hand's progress on the left (hand, trumps, the contract), the
bidding and the scores on the right, and the middle for the kitty, the
bidding buttons, the trump choice and the trick.

It knows the game only through the watching seat's view, the events it may
see and the moves offered; the rules (what may be bid, played or held back,
who wins a trick, the sides, the scoring race) stay in ``games/fiftyfive``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ....engine import Move
from ....games.fiftyfive.cards import SYMBOLS, show
from ....games.fiftyfive.parts import (
    BEST_TRUMP_POINTS, BIDDING, DISCARDING, HAND_SIZE, KITTY, NAMING, PLAYING, Bid, Discard, Hold, NameTrump, Pass,
    Play, discards_due, side_of, side_seats,
)
from ....games.fiftyfive.tricks import race_order
from ...i18n import Phrase, later, name_of, names_of, tr
from ...keys import KeyHelp
from ...move_words import fiftyfive_card
from ...tween import Animation, ease_out_cubic
from ..base import DIGIT_KEYS, TableScene
from ..ending import ResultSheet
from ..focus import FocusButton
from ..picking import TAKE_KEYS, Grip
from . import drawing
from .board import Board
from .geometry import Geometry
from .lines import FiftyFiveLines
from .hand_summary import HandSummaryScene, SideLine

Rect = pygame.Rect
SUIT_KEYS = {pygame.K_h: 0, pygame.K_d: 1, pygame.K_c: 2, pygame.K_s: 3}
#: Shows and hides the ranking of the trumps (free at this table: no move and no table control uses it).
RANKING_KEY = pygame.K_t
#: The bidding buttons' order: pass, the dealer's hold, then the bids from low to high.
CALL_ORDER = {Pass: 0, Hold: 1, Bid: 2}


def call_prompt(name: str, legal: tuple[Move, ...], bid: int) -> str:
    """The bidding prompt naming exactly the calls ``legal`` offers (pass always; the dealer's hold of ``bid``; no
    bid, the one bid left, or the lowest bid and those above it), so no call is named that the rules refuse."""
    amounts = sorted(m.amount for m in legal if isinstance(m, Bid))
    dealer = "hold" if Hold() in legal else ("bid" if amounts else "pass")
    more = "_only" if not amounts else ("_one" if len(amounts) == 1 else "")
    key = "fiftyfive.prompt_pass_only" if dealer == "pass" else f"fiftyfive.prompt_{dealer}{more}"
    return tr(key, name=name, bid=bid, amount=amounts[0] if amounts else bid)


class FiftyFiveTable(TableScene):
    drag_key = KeyHelp("help.key_drag", "help.fiftyfive_drag")
    geometry = Geometry
    card_name = staticmethod(fiftyfive_card)
    table_keys = (KeyHelp("help.key_digits", "help.fiftyfive_digits"),
                  KeyHelp("help.key_enter_only", "help.fiftyfive_confirm"),
                  KeyHelp("help.key_p", "help.fiftyfive_pass"),
                  KeyHelp("help.key_h", "help.fiftyfive_hold"),
                  KeyHelp("help.key_suits", "help.fiftyfive_suits"),
                  KeyHelp("help.key_t", "help.fiftyfive_ranking"))

    def __init__(self, app, record, *args: Any, **kwargs: Any) -> None:
        super().__init__(app, record, *args, **kwargs)
        self.board = Board.before_deal(self.view)
        self.marked: list[int] = []  # cards the human has chosen to discard
        self.ranking_shown = False  # the ranking of the trumps over the middle of the table
        self.picker.grips = self.grip_at  # a discard is dragged to the middle too

    # ----- picture from the views -------------------------------------------
    def sync(self) -> None:
        super().sync()
        self.marked = [c for c in self.marked if c in self.board.hand]

    # ----- events to animations ---------------------------------------------
    # ----- the move log ---------------------------------------------------------
    move_lines = FiftyFiveLines
    look_back_label = "look_back.trick"
    #: H holds a bid and names hearts here and T shows the trump ranking, so I (for idea) asks for a hint.
    hint_key = pygame.K_i

    def hint_rects(self, move) -> list[Rect]:
        """A hinted discard rings its cards in the hand (discards are marked, not picked from ``choices``)."""
        if isinstance(move, Discard):
            hand = self.board.hand
            return [self.geo.hand_slot(hand.index(c), len(hand)) for c in move.cards if c in hand]
        return super().hint_rects(move)

    def result_sheet(self) -> ResultSheet:
        """Beside each seat of a side that reached the target in the last hand, its place in the race to it
        (the first won); a score column per side: seats, or teams."""
        race = tuple(side_seats(self.view, side) for side in race_order(self.view))
        places = {seat: i + 1 for i, seats in enumerate(race) for seat in seats}
        details = tuple(tr("fiftyfive.reached", place=places[seat], target=self.view.target) if seat in places
                        else "" for seat in range(len(self.names)))
        columns = tuple(drawing.side_name(self.view, self.names, side)
                        for side in range(len(self.score_rows[-1].cells))) if self.score_rows else None
        return ResultSheet(details, race, columns=columns)

    def on_hand_dealt(self, event, ctx) -> None:
        b, g = self.board, self.live
        own = list(ctx.view.cards)

        def start() -> None:
            b.start_hand(event.dealer, event.hand, later("fiftyfive.caption_deal", name=name_of(self.names, event.dealer),
                                                      hand=event.hand))
            self.banner = None
        self.queue.then(start)
        moves = []
        for i, (seat, size) in enumerate(event.packets):
            dst = g.at("kitty_slot", 2) if seat == KITTY else g.at("seat_point", seat)
            moves.append(self.stage.fly(None, lambda: g.dealer_point(event.dealer), dst, 0.3, 0.09 * i,
                                  on_finish=partial(b.receive_packet, seat, size), count=size))
        moves.append(Animation(0.0, delay=0.09 * len(event.packets) + 0.3,
                               on_finish=lambda: b.finish_deal(own, event.hand_sizes, event.kitty_size)))
        self.queue.add(*moves)
        self.app.sounds.play("card")

    def record_call(self, seat: int, text: str, caption: str | Phrase, bid: int | None = None) -> None:
        self.queue.add(Animation(0.55, on_start=lambda: self.board.call(seat, text, caption, bid)))

    def on_bid_made(self, event, ctx) -> None:
        name = name_of(self.names, event.seat)
        self.record_call(event.seat, Bid(event.amount).text(), later("fiftyfive.caption_bid", name=name, bid=event.amount),
                         event.amount)
        self.note_duel(ctx)

    def on_held(self, event, ctx) -> None:
        name = name_of(self.names, event.seat)
        self.record_call(event.seat, Hold().text(), later("fiftyfive.caption_hold", name=name, bid=event.amount),
                         event.amount)
        self.note_duel(ctx)

    def on_passed(self, event, ctx) -> None:
        self.record_call(event.seat, Pass().text(), later("fiftyfive.caption_pass", name=name_of(self.names, event.seat)))

    def note_duel(self, ctx) -> None:
        """A bid or hold may start the dealer's duel: name the two left in it."""
        duel = ctx.view.duel
        self.queue.then(lambda: setattr(self.board, "duel", duel))

    def on_thrown_in(self, event, ctx) -> None:
        # The next hand is dealt in the same move, so the view already has its dealer.
        self.stage.announce(later("fiftyfive.thrown_in", name=name_of(self.names, ctx.view.dealer)), duration=1.6)

    def on_kitty_taken(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat = event.seat
        own = list(ctx.view.cards) if seat == self.viewer else None
        caption = later("fiftyfive.caption_kitty", name=name_of(self.names, seat), bid=event.bid)
        self.queue.add(self.stage.fly(None, lambda: g.kitty_slot(2), lambda: g.seat_point(seat), 0.5,
                                on_start=lambda: b.award_contract(seat, event.bid, caption),
                                on_finish=lambda: b.add_kitty(seat, event.cards, own), count=event.cards))

    def on_discarded(self, event, ctx) -> None:
        """The discard is one move, shown card by card: the watching bidder's own cards leave its hand, the
        others see as many backs leave the bidder's seat."""
        seat = event.seat
        own = ctx.move.cards if seat == self.viewer and isinstance(ctx.move, Discard) else ()
        cards: list[int | None] = list(own) or [None] * event.count
        before = event.count - len(cards)
        for laid, card in enumerate(cards, start=before + 1):
            self.discard_one(seat, card, laid)

    def discard_one(self, seat: int, card: int | None, laid: int) -> None:
        """One card of a discard flies to the pile (``card`` None: face down to the watching seat); ``laid`` is
        how many lie there once it lands."""
        b, g = self.board, self.live
        src = self.live.in_hand(self.board.hand, card) if card is not None and card in b.hand else lambda: g.seat_point(seat)
        caption = later("fiftyfive.caption_discard", name=name_of(self.names, seat), count=laid, total=HAND_SIZE)

        def leave() -> None:
            if card in self.marked:
                self.marked.remove(card)
            b.lay_away(seat, card, caption)

        def land() -> None:
            b.discards = laid
        self.queue.add(self.stage.fly(None, src, lambda: g.discard_pile(), 0.3 if seat == self.viewer else 0.35,
                                on_start=leave, on_finish=land))

    def on_trump_named(self, event, ctx) -> None:
        text = later("fiftyfive.caption_trump", name=name_of(self.names, event.seat), suit=SYMBOLS[event.suit],
                  suit_name=Phrase(lambda: drawing.suit_name(event.suit)))
        self.stage.announce(text, before=lambda: self.board.name_trumps(event.suit, text))

    def on_card_played(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat, card = event.seat, event.card
        src = self.live.in_hand(self.board.hand, card) if seat == self.viewer and card in b.hand else lambda: g.seat_point(seat)
        slot = len(b.trick)
        caption = later("fiftyfive.caption_play", name=name_of(self.names, seat), card=show(card))
        self.queue.add(self.stage.fly(card, src, lambda: g.trick_slot(slot, len(self.names)), 0.35,
                                on_start=lambda: b.release(seat, card, caption),
                                on_finish=lambda: b.trick.append((seat, card)), ease=ease_out_cubic))

    def on_trick_won(self, event, ctx) -> None:
        b, g = self.board, self.live
        seat = event.seat
        text = later("fiftyfive.caption_trick", name=name_of(self.names, seat), number=event.number)
        self.queue.add(Animation(0.7, on_start=lambda: setattr(b, "caption", text)))
        sweeps = [self.stage.fly(c, g.at("trick_slot", i, len(self.names)), lambda: g.pile(seat), 0.4, 0.04 * i)
                  for i, (_, c) in enumerate(event.cards)]
        sweeps.append(Animation(0.0, delay=0.4 + 0.04 * len(event.cards), on_finish=lambda: b.bank_trick(seat)))
        self.queue.add(Animation(0.0, on_start=lambda: setattr(b, "trick", [])), *sweeps)

    def on_best_trump(self, event, ctx) -> None:
        self.stage.announce(later("fiftyfive.best_trump", card=show(event.card), name=name_of(self.names, event.seat),
                                  points=BEST_TRUMP_POINTS), event.card, duration=1.8)

    def on_hand_scored(self, event, ctx) -> None:
        b, v = self.board, ctx.view
        best = v.history[-1].best_trump  # a next hand may be dealt already, but not yet finished
        lines = []
        for side in range(len(event.totals)):
            seats = side_seats(v, side)
            bonus = BEST_TRUMP_POINTS if best is not None and side_of(v, best[0]) == side else 0
            lines.append(SideLine(Phrase(partial(drawing.side_name, v, self.names, side)), b.tricks_won(seats), bonus,
                                  event.settlement[side], event.totals[side], side == side_of(v, event.bidder),
                                  any(s in self.humans for s in seats), drawing.team_of(v, seats[0])))
        self.queue.then(lambda: setattr(b, "totals", list(event.totals)))
        verdict = later("fiftyfive.made" if event.made else "fiftyfive.failed", name=name_of(self.names, event.bidder),
                        bid=event.bid, count=event.points[side_of(v, event.bidder)])
        best_text = (later("fiftyfive.best_trump", card=show(best[1]), name=name_of(self.names, best[0]),
                           points=BEST_TRUMP_POINTS) if best is not None else later("fiftyfive.no_best_trump"))
        heading = later("fiftyfive.hand_over", hand=event.hand)
        note = later("fiftyfive.target_note", target=v.target)
        last = self.match.over  # no move is made while this step's events are shown
        self.ending.queue_summary(lambda auto: self.app.stack.push(
            HandSummaryScene(self.app, heading, [verdict, best_text, note], lines, auto, last)),
            before=lambda: setattr(b, "caption", ""))

    def on_game_won(self, event, ctx) -> None:
        names = names_of(self.names, event.seats)
        text = later("fiftyfive.caption_won", names=names, target=ctx.view.target)
        self.queue.add(Animation(0.8, on_start=lambda: setattr(self.board, "caption", text)))

    # ----- input ---------------------------------------------------------------
    def choices(self) -> list[tuple[Move, Rect]]:
        """The legal moves with the rect a click takes, in on-screen order."""
        if not self.my_turn:
            return []
        g = self.geo
        phase = self.view.phase
        if phase == PLAYING:
            return self.picker.hand_choices(Play, drop=g.centre())  # a card is dragged to the trick
        if phase == NAMING:
            return list(zip(self.legal, g.trump_buttons()))
        if phase == DISCARDING:
            return []
        calls = sorted(self.legal, key=lambda m: (CALL_ORDER[type(m)], getattr(m, "amount", 0)))
        return list(zip(calls, g.bid_buttons(len(calls))))

    def move_at(self, pos):
        """The move under the mouse; a click on an unplayable card says why it cannot be played, and one on a
        card while discarding marks it (or takes its mark off)."""
        move = super().move_at(pos)
        card = self.picker.hand_card_at(pos) if move is None and self.my_turn else None
        if card is not None and self.view.phase == PLAYING:
            self.picker.refuse(Play(card))
        elif card is not None and self.view.phase == DISCARDING:
            self.toggle_mark(card)
        return move

    def grip_at(self, pos) -> Grip | None:
        """While discarding, a card of the hand dragged to the middle of the table is marked (or unmarked)
        as a click on it would; else a card is dragged to the trick to play it."""
        if not (self.my_turn and self.view.phase == DISCARDING):
            return self.picker.hand_grip(pos)
        card = self.picker.hand_card_at(pos)
        if card is None:
            return None

        def mark(at) -> None:
            if self.geo.centre().collidepoint(at):
                self.toggle_mark(card)
        return Grip(card, partial(self.picker.hand_place, card), lambda at: None, mark)

    def picks_by_number(self) -> bool:
        return self.view.phase == PLAYING

    def move_for_digit(self, index: int):
        """The n-th card of the hand, as numbered under it; one the rules refuse says why."""
        if index >= len(self.board.hand):
            return None
        move = Play(self.board.hand[index])
        if move not in self.legal:
            self.picker.refuse(move)
            return None
        return move

    def move_for_key(self, event):
        phase = self.view.phase
        if not self.my_turn:
            return None
        if phase == NAMING and event.key in SUIT_KEYS:
            return NameTrump(SUIT_KEYS[event.key])
        if phase == BIDDING and event.key == pygame.K_p:
            return Pass()
        if phase == BIDDING and event.key == pygame.K_h and Hold() in self.legal:
            return Hold()
        return super().move_for_key(event)

    def own_buttons(self) -> list[FocusButton]:
        """The button that shows the ranking of the trumps."""
        return [FocusButton("ranking", self.geo.ranking_button(), self.toggle_ranking)]

    def toggle_ranking(self) -> None:
        self.ranking_shown = not self.ranking_shown

    def ranking_event(self, event) -> bool:
        """T or the button beside the trump badge shows or hides the ranking of the trumps; while it is
        shown, a click on it or Esc puts it away. True when the ranking used ``event``."""
        if self.ranking_shown and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ranking_shown = False
            return True
        if event.type == pygame.KEYDOWN and event.key == RANKING_KEY:
            self.ranking_shown = not self.ranking_shown
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.geo.ranking_button().collidepoint(event.pos):
                self.ranking_shown = not self.ranking_shown
                return True
            if self.ranking_shown and self.geo.ranking_panel().collidepoint(event.pos):
                self.ranking_shown = False
                return True
        return False

    def handle_event(self, event):
        """Discarding is a choice of five cards before any move is made: marks first, then one confirm."""
        if self.ranking_event(event):
            return None
        if self.my_turn and self.view.phase == DISCARDING:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.marked:  # unmark them all
                self.marked = []
                return None
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.mouse = event.pos
                if self.geo.confirm_button().collidepoint(event.pos):
                    self.confirm_discards()
                    return None
            if event.type == pygame.KEYDOWN:
                if event.key in DIGIT_KEYS and DIGIT_KEYS[event.key] < len(self.board.hand):
                    self.toggle_mark(self.board.hand[DIGIT_KEYS[event.key]])
                    return None
                if event.key in TAKE_KEYS:
                    self.confirm_discards()
                    return None
        return super().handle_event(event)

    @property
    def discards_needed(self) -> int:
        return discards_due(self.view)

    def toggle_mark(self, card: int) -> None:
        self.message = ""
        if card in self.marked:
            self.marked.remove(card)
        elif len(self.marked) < self.discards_needed:
            self.marked.append(card)
        else:
            self.message = tr("fiftyfive.too_many", count=self.discards_needed)

    def confirm_discards(self) -> None:
        """Lay the marked cards away: one move, as the player decided them."""
        if len(self.marked) != self.discards_needed or not self.marked:
            self.message = tr("fiftyfive.discard_more", count=self.discards_needed - len(self.marked))
            return
        discard = Discard(tuple(self.marked))
        if discard not in self.legal:
            self.picker.refuse(discard)
            return
        self.apply(self.acting, discard)
        self.advance()

    def prompt(self) -> str:
        if not self.my_turn:
            return super().prompt()
        name = self.names[self.acting]
        phase = self.view.phase
        if phase == DISCARDING:
            left = self.discards_needed - len(self.marked)
            if left:
                return tr("fiftyfive.prompt_discard", name=name, count=left)
            return tr("fiftyfive.prompt_confirm", name=name)
        if phase == NAMING:
            return tr("fiftyfive.prompt_trump", name=name)
        if phase == PLAYING:
            return tr("fiftyfive.prompt_play", name=name)
        return call_prompt(name, self.legal, self.view.bid)

    def frame(self) -> drawing.Frame:
        """What this frame of the table is painted from."""
        thinking = self.match.thinking()
        return drawing.Frame(
            self.layout, self.geo, self.cards, self.board, self.view, self.names, self.viewer, self.humans,
            self.game.id, self.my_turn, frozenset(self.match.to_move()) if not self.busy else frozenset(),
            min(thinking) if thinking else None, tuple(self.choices()), self.picker.selected(), tuple(self.marked),
            self.discards_needed, self.mouse, self.picker.hand_card_at(self.mouse), self.message, self.prompt(),
            self.ranking_shown, self.banner)

    def draw_table(self, surface: pygame.Surface) -> None:
        drawing.draw_table(self.frame(), surface, self.stage.draw)
