"""The lines Take 5 writes in the move log, and what its look back shows."""

from __future__ import annotations

from ....games.take5 import Play
from ...i18n import tr
from ...scenes.results import ScoreRow
from ..lines import LoggedTable, MoveLines
from ..log import LookBack


class Take5Lines(MoveLines):
    """Take 5's move log: a line per event, headings for its rounds and turns."""

    UNLOGGED_EVENTS = frozenset({"draft_opened"})  # the drafted cards say it

    def __init__(self, table: LoggedTable) -> None:
        super().__init__(table)
        self.round = 1  # the round being played: a step that ends one already views the next
        self.turns_logged = 0  # turns of the round the log has a heading for
        self.turn_logged = False  # whether this turn's heading is written
        self.turn_cards: dict[int, tuple[int, str]] = {}  # the last turn's cards by seat, and where each went

    def log_round_dealt(self, event, ctx) -> None:
        self.log.begin(tr("take5.round", round=event.round))
        self.round, self.turns_logged, self.turn_logged = event.round, 0, False
        self.log.add(tr("log.take5_rows", cards=", ".join(str(row[0]) for row in event.rows)))

    def log_drafted(self, event, ctx) -> None:
        self.log.add(tr("log.take5_drafted", name=self.names[event.seat], card=event.card))

    def log_committed(self, event, ctx) -> None:
        """The turn's first card chosen begins the turn's lines; the card is named to its seat alone, under
        the turn's heading and before the reveal (the log is read newest first)."""
        self.begin_turn()
        if ctx.seat == event.seat and isinstance(ctx.move, Play):
            self.log.add(tr("log.take5_chose", name=self.names[event.seat], card=ctx.move.card), event.seat)

    def begin_turn(self) -> None:
        if not self.turn_logged:
            self.turns_logged, self.turn_logged = self.turns_logged + 1, True
            self.log.begin(tr("log.take5_turn", round=self.round, turn=self.turns_logged))

    def log_revealed(self, event, ctx) -> None:
        self.begin_turn()
        self.turn_logged = False
        self.turn_cards = {seat: (card, "") for seat, card in event.cards}  # lowest first: the placing order
        self.look_back_at(ctx)
        self.log.add(tr("log.take5_revealed", cards=", ".join(f"{self.names[s]} {c}" for s, c in event.cards)))

    def log_low_card(self, event, ctx) -> None:
        self.log.add(tr("take5.low_card", name=self.names[event.seat], card=event.card))

    def log_row_taken(self, event, ctx) -> None:
        self.log.add(tr("take5.caption_take", name=self.names[event.seat], row=event.row + 1, points=event.bullheads))
        if event.seat in self.turn_cards:
            self.turn_cards[event.seat] = (self.turn_cards[event.seat][0],
                                           tr("look_back.took_row", row=event.row + 1, points=event.bullheads))
            self.look_back_at(ctx)

    def log_card_placed(self, event, ctx) -> None:
        self.log.add(tr("log.take5_placed", name=self.names[event.seat], card=event.card, row=event.row + 1))
        chosen = self.turn_cards.get(event.seat)
        if chosen is not None and not chosen[1]:  # where the seat's card went is not said yet
            self.turn_cards[event.seat] = (chosen[0], tr("look_back.to_row", row=event.row + 1))
            self.look_back_at(ctx)

    def look_back_at(self, ctx) -> None:
        """The turn's cards as they are placed so far, for a look back."""
        heading = tr("log.take5_turn", round=self.round, turn=self.turns_logged)
        self.table.last_round = LookBack(heading, tuple((seat, card, note) for seat, (card, note) in self.turn_cards.items()))

    def log_round_scored(self, event, ctx) -> None:
        self.log.add(tr("take5.round_over", round=event.round))
        self.score_rows.append(ScoreRow(tr("take5.round", round=event.round), tuple(event.penalties)))

    def log_game_over(self, event, ctx) -> None:
        self.log.add(tr("table.game_over"))
