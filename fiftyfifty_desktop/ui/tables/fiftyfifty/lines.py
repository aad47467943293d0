"""The lines Fifty Fifty writes in the move log, and what its look back shows."""

from __future__ import annotations

from dataclasses import replace

from ....games.fiftyfifty import BLUE
from ...i18n import tr
from ...scenes.results import ScoreRow
from ..lines import LoggedTable, MoveLines
from ..log import LookBack


class FiftyFiftyLines(MoveLines):
    """Fifty Fifty's move log: a line per event, headings for its rounds and turns."""

    def __init__(self, table: LoggedTable) -> None:
        super().__init__(table)
        self.trick_cards: dict[int, tuple[int, str]] = {}  # this trick's cards by seat in playing order, with notes

    def log_hand_dealt(self, event, ctx) -> None:
        self.log.begin(tr("fiftyfifty.hand", hand=event.hand, hands=len(self.names)))
        self.log.add(tr("fiftyfifty.caption_deal", hand=event.hand, hands=len(self.names), name=self.names[event.dealer]))

    def log_mood_turned(self, event, ctx) -> None:
        self.trick_cards = {}
        self.log.begin(tr("log.fiftyfifty_trick", number=event.trick))
        self.log.add(tr("fiftyfifty.caption_turn", name=self.names[event.leader], trick=event.trick, blue=event.blue,
                        yellow=event.yellow))

    def log_card_played(self, event, ctx) -> None:
        self.log.add(tr("fiftyfifty.caption_play", name=self.names[event.seat], card=event.card))
        self.trick_cards[event.seat] = (event.card, "")

    def log_halves_taken(self, event, ctx) -> None:
        key = "log.fiftyfifty_blue" if event.colour == BLUE else "log.fiftyfifty_yellow"
        self.log.add(tr(key, name=self.names[event.seat], count=event.count))
        note = tr("fiftyfifty.highest" if event.colour == BLUE else "fiftyfifty.lowest")
        if event.seat in self.trick_cards:
            self.trick_cards[event.seat] = (self.trick_cards[event.seat][0], note)

    def log_halves_cancelled(self, event, ctx) -> None:
        self.log.add(tr("fiftyfifty.caption_cancel", name=self.names[event.seat], count=event.count))

    def log_trick_won(self, event, ctx) -> None:
        self.log.add(tr("fiftyfifty.caption_won", name=self.names[event.seat], card=event.card))
        self.table.last_round = LookBack(tr("log.fiftyfifty_trick", number=event.trick),
                                   tuple((seat, card, note) for seat, (card, note) in self.trick_cards.items()))

    def log_hand_scored(self, event, ctx) -> None:
        self.log.add(tr("fiftyfifty.hand_over", hand=event.hand, hands=len(self.names)))
        self.score_rows.append(ScoreRow(tr("fiftyfifty.hand_row", hand=event.hand), tuple(event.results),
                                        (False,) * len(event.results)))

    def log_hand_struck(self, event, ctx) -> None:
        self.log.add(tr("fiftyfifty.struck_note", name=self.names[event.seat], hand=event.hand, result=event.result))
        if event.hand <= len(self.score_rows):  # the row of the hand struck out, crossed out on the results screen
            row = self.score_rows[event.hand - 1]
            struck = tuple(was or seat == event.seat for seat, was in enumerate(row.struck))
            self.score_rows[event.hand - 1] = replace(row, struck=struck)

    def log_game_over(self, event, ctx) -> None:
        self.log.add(tr("table.game_over"))
