"""The lines Fifty-Five writes in the move log, and what its look back shows."""

from __future__ import annotations

from ....games.fiftyfive.cards import SYMBOLS, show
from ....games.fiftyfive.parts import BEST_TRUMP_POINTS, HAND_SIZE, Discard, side_of
from ...i18n import join_names, tr
from ...scenes.results import ScoreRow
from ..lines import MoveLines
from ..log import LookBack
from . import drawing


class FiftyFiveLines(MoveLines):
    """Fifty-Five's move log: a line per event, headings for its rounds and turns."""

    def log_private_move(self, seat, move) -> str:
        if not isinstance(move, Discard):
            return ""
        return tr("log.fiftyfive_discards", name=self.names[seat], cards=join_names([show(c) for c in move.cards]))

    def log_hand_dealt(self, event, ctx) -> None:
        self.log.begin(tr("fiftyfive.hand", hand=event.hand))
        self.log.add(tr("fiftyfive.caption_deal", name=self.names[event.dealer], hand=event.hand))

    def log_bid_made(self, event, ctx) -> None:
        self.log.add(tr("fiftyfive.caption_bid", name=self.names[event.seat], bid=event.amount))

    def log_held(self, event, ctx) -> None:
        self.log.add(tr("fiftyfive.caption_hold", name=self.names[event.seat], bid=event.amount))

    def log_passed(self, event, ctx) -> None:
        self.log.add(tr("fiftyfive.caption_pass", name=self.names[event.seat]))

    def log_thrown_in(self, event, ctx) -> None:
        self.log.add(tr("fiftyfive.thrown_in", name=self.names[ctx.view.dealer]))

    def log_kitty_taken(self, event, ctx) -> None:
        self.log.add(tr("fiftyfive.caption_kitty", name=self.names[event.seat], bid=event.bid))

    def log_discarded(self, event, ctx) -> None:
        self.log.add(tr("fiftyfive.caption_discard", name=self.names[event.seat], count=event.count, total=HAND_SIZE))

    def log_trump_named(self, event, ctx) -> None:
        self.log.add(tr("fiftyfive.caption_trump", name=self.names[event.seat], suit=SYMBOLS[event.suit],
                        suit_name=drawing.suit_name(event.suit)))

    def log_card_played(self, event, ctx) -> None:
        if len(ctx.view.trick) == 1:  # the trick's first card
            self.log.begin(tr("log.fiftyfive_trick", number=len(ctx.view.tricks) + 1))
        self.log.add(tr("fiftyfive.caption_play", name=self.names[event.seat], card=show(event.card)))

    def log_trick_won(self, event, ctx) -> None:
        self.log.add(tr("fiftyfive.caption_trick", name=self.names[event.seat], number=event.number))
        self.table.last_round = LookBack(tr("log.fiftyfive_trick", number=event.number),
                                   tuple((seat, card, tr("look_back.won") if seat == event.seat else "")
                                         for seat, card in event.cards))

    def log_best_trump(self, event, ctx) -> None:
        self.log.add(tr("fiftyfive.best_trump", card=show(event.card), name=self.names[event.seat],
                        points=BEST_TRUMP_POINTS))

    def log_hand_scored(self, event, ctx) -> None:
        self.score_rows.append(ScoreRow(tr("fiftyfive.hand", hand=event.hand), tuple(event.settlement)))
        key = "fiftyfive.made" if event.made else "fiftyfive.failed"
        self.log.add(tr(key, name=self.names[event.bidder], bid=event.bid,
                        count=event.points[side_of(ctx.view, event.bidder)]))

    def log_game_won(self, event, ctx) -> None:
        self.log.add(tr("fiftyfive.caption_won", names=join_names([self.names[s] for s in event.seats]),
                        target=ctx.view.target))
