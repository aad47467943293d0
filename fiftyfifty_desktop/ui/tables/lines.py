"""A game's lines of the move log, apart from its table scene: one ``log_<kind>(event, ctx)`` per event kind
it writes (``ui/tables/events.py`` calls them), and the line for a move only its seat may see. They write the
table's log, its look back and its score rows, and keep what the log needs to remember between events."""

from __future__ import annotations

from typing import Protocol

from ...engine import Move
from ..scenes.results import ScoreRow
from .log import LookBack, MoveLog


class LoggedTable(Protocol):
    """What the lines write into: the table's log, look back and score rows (each made anew on an undo)."""

    log: MoveLog
    names: list[str]
    last_round: LookBack | None
    score_rows: list[ScoreRow]


class MoveLines:
    """The lines of a game with nothing to log but what its ``log_<kind>`` methods say."""

    #: Event kinds the move log leaves out (what they say is in the lines around them).
    UNLOGGED_EVENTS: frozenset[str] = frozenset()

    def __init__(self, table: LoggedTable) -> None:
        self.table = table

    @property
    def log(self) -> MoveLog:
        return self.table.log

    @property
    def names(self) -> list[str]:
        return self.table.names

    @property
    def score_rows(self) -> list[ScoreRow]:
        return self.table.score_rows

    def log_private_move(self, seat: int, move: Move) -> str:
        """The log's line for a move only ``seat`` may see (empty: the move's events say it all)."""
        return ""
