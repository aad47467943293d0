"""The lines Thirteen writes in the move log, and what its look back shows."""

from __future__ import annotations

from ....games.thirteen import group_kind, partner
from ...i18n import join_names, tr
from ..lines import MoveLines
from .cards import card_label, kind_label


class ThirteenLines(MoveLines):
    """Thirteen's move log: a line per event, headings for its rounds and turns."""

    def log_dealt(self, event, ctx) -> None:
        self.log.begin(tr("thirteen.caption_deal", name=self.names[event.dealer]))

    def log_turn_started(self, event, ctx) -> None:
        self.log.begin(tr("thirteen.caption_turn", name=self.names[event.seat], turn=event.turn))

    def log_asked(self, event, ctx) -> None:
        self.log.add(tr("thirteen.banner_ask", asker=self.names[event.asker], target=self.names[event.target],
                        card=card_label(event.value)))

    def log_missed(self, event, ctx) -> None:
        self.log.add(tr("thirteen.banner_miss", target=self.names[event.target], card=card_label(event.value)),
                     mark="cross")

    def log_handed_over(self, event, ctx) -> None:
        self.log.add(tr("thirteen.banner_hit", target=self.names[event.giver], asker=self.names[event.taker],
                        card=card_label(event.value)), mark="tick")

    def log_single_shown(self, event, ctx) -> None:
        self.log.add(tr("thirteen.caption_single", name=self.names[event.seat], card=card_label(event.value)))

    def log_came_back(self, event, ctx) -> None:
        mate = partner(event.value)
        self.log.add(tr("thirteen.came_back", name=self.names[event.seat], card=card_label(event.value),
                        partner=card_label(mate) if mate else "13"))

    def log_laid(self, event, ctx) -> None:
        self.log.add(tr("thirteen.caption_laid", name=self.names[event.seat], cards=kind_label(group_kind(event.cards)),
                        count=event.points))

    def log_drew(self, event, ctx) -> None:
        self.log.add(tr("thirteen.caption_drew", name=self.names[event.seat], count=event.pile_size))

    def log_kind_finished(self, event, ctx) -> None:
        self.log.add(tr("thirteen.kind_finished", kind=kind_label(event.group)))

    def log_went_out(self, event, ctx) -> None:
        self.log.add(tr("thirteen.went_out", name=self.names[event.seat]))

    def log_eliminated(self, event, ctx) -> None:
        self.log.add(tr("thirteen.eliminated", name=self.names[event.seat]))

    def log_game_over(self, event, ctx) -> None:
        self.log.add(tr("thirteen.caption_over", names=join_names([self.names[s] for s in event.winners])))
