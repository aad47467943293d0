"""The end of a round and of the game at a table: the summary opened after the round's last cards come to
rest, the results screen handed the ranking, the rounds' scores and the help taken, and leaving a table
that cannot go on.

:class:`Ending` is given the table as an :class:`EndingHost` (what it reads of it), so it imports no table.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from ...config import ConfigError
from ...opponent_ratings import load_opponent_ratings, rating_change
from ...stats_db import StatsError
from ..i18n import Phrase, later, name_of, tr
from ..scenes.results import OrderTable, ScoreRow, ScoreTable, ranking
from ..scenes.setup import new_game_number
from ..scenes.summary import ScoreLine
from ..tween import Animation, AnimationQueue
from .controller import TableController

#: Seconds a summary stays up by itself when no human sits at the table (normal speed).
AUTO_SUMMARY = 2.5
AUTO_RESULTS = 3.0
#: Seconds the table rests after a round's last card before its summary opens (normal speed).
SUMMARY_PAUSE = 1.2


@dataclass(frozen=True)
class ResultSheet:
    """What a game adds to its results screen (nothing by default)."""

    details: tuple[str, ...] = ()  # a short note per seat, beside its score
    race: tuple[tuple[int, ...], ...] = ()  # the seats (a side's together) that reached the target, in that order
    order: OrderTable | None = None  # a second table, for a game with no rounds to list
    columns: tuple[str, ...] | None = None  # the heads of the rounds' score table (None: a column per seat)


class EndingHost(Protocol):
    """What the ending reads of its table: the seats, the animation queue, the rounds' scores and the
    game's notes for the results screen."""

    app: Any
    game: Any
    names: list[str]
    queue: AnimationQueue
    control: TableController
    score_rows: list[ScoreRow]
    exit_at_end: bool

    def result_sheet(self) -> ResultSheet: ...


class Ending:
    """Queues a round's summary and opens the results of one table."""

    def __init__(self, table: EndingHost) -> None:
        self.table = table

    def round_summary(self, heading: str | Phrase, note: str | Phrase, penalties: tuple[int, ...], totals: tuple[int, ...]) -> None:
        """Queue the summary overlay after the animations queued so far."""
        t = self.table
        humans = t.control.humans
        lines = [ScoreLine(name_of(t.names, s), penalties[s], totals[s], s in humans) for s in range(len(t.names))]
        label = "summary.to_results" if t.control.match.over else "summary.next"  # no move is made while it is up
        self.queue_summary(lambda auto: t.app.stack.open("summary", heading=heading, note=note, lines=lines,
                                                         auto_close=auto, next_label=label))

    def queue_summary(self, open_scene: Callable[[float | None], object],
                      before: Callable[[], None] | None = None) -> None:
        """After the animations queued so far: run ``before``, chime and ``open_scene(auto_close)``, where
        ``auto_close`` is how long the summary stays up by itself (None: until a person at the table closes it)."""
        t = self.table
        auto = None if t.control.humans else AUTO_SUMMARY * t.control.speed_factor()
        t.queue.add(Animation(SUMMARY_PAUSE))  # a moment to see the last cards land (a click skips it)

        def open_summary() -> None:
            if before is not None:
                before()
            t.app.sounds.play("chime")
            open_scene(auto)

        t.queue.then(open_summary)

    def show_results(self) -> None:
        """The results screen: the ranking, the rounds' scores, the help taken, and the same game again where
        the table's mode offers it."""
        t, control = self.table, self.table.control
        sheet = t.result_sheet()
        placings = ranking(t.names, control.match.scores(), control.match.winners(), t.game.lower_score_wins,
                           sheet.details, sheet.race)
        exit_after = AUTO_RESULTS * control.speed_factor() if t.exit_at_end else None
        columns = sheet.columns if sheet.columns is not None else tuple(t.names)
        scores = ScoreTable(columns, tuple(t.score_rows)) if t.score_rows else None
        t.app.stack.open("results", heading=later("results.heading", game=later(f"game.{t.game.id}")),
                         placings=placings, play_again=self.play_again if control.mode.plays_again else None,
                         exit_after=exit_after, note=later("results.replay_note", number=control.record.seed),
                         game_id=t.game.id, scores=scores, remark=self.help_remark(), order=sheet.order,
                         record=control.record, seat=min(control.humans, default=0), rating=self.rating_remark())

    def help_remark(self) -> Phrase | str:
        """The results screen's line on the help taken: moves taken back and hints shown (empty for none)."""
        control = self.table.control
        parts = ([later("undo.taken_back", count=control.undos)] if control.undos else []) + \
                ([later("hint.shown", count=control.hints)] if control.hints else [])
        return Phrase(lambda: " ".join(str(part) for part in parts)) if parts else ""

    def rating_remark(self) -> Phrase | str:
        """The results screen's line on the ratings: each person this game rated (the profile's joined names
        counted as its own), before and after it, as the statistics screen counts them; empty when none was
        rated or the game was not stored (the title screen says why)."""
        control = self.table.control
        app = self.table.app
        if not control.keeps_record or app.stats is None:
            return ""
        try:
            changes = rating_change(app.stats, load_opponent_ratings(), control.record,
                                    app.settings.profile.aliases())
        except (ConfigError, StatsError):  # the statistics screen shows why
            return ""
        lines = [(name, round(before.rating), round(after.rating)) for name, (before, after) in changes.items()]
        if len(lines) == 1:
            return later("results.rating_change", before=lines[0][1], after=lines[0][2])
        parts = [later("results.rating_change_of", name=name, before=old, after=new) for name, old, new in lines]
        return Phrase(lambda: " · ".join(str(part) for part in parts)) if parts else ""

    def play_again(self) -> None:
        """Same seats and options, a new game number."""
        app = self.table.app
        record = self.table.control.again(new_game_number())
        app.stack.restart("title")
        app.stack.open("table", record=record)

    def computer_failed(self, name: str, error: BaseException) -> None:
        """A computer player stopped with an error: say so in one line and leave the table. The game was saved
        before the failing move, so Continue resumes it."""
        line = tr("table.computer_failed", name=name, error=f"{type(error).__name__}: {error}")
        self.leave(line, line)

    def leave(self, line: str, notice: str) -> None:
        """Leave a table that cannot go on: an unattended one (``--exit-at-end``) prints ``line`` and quits with
        a failing status, else the title shows ``notice``."""
        app = self.table.app
        if self.table.exit_at_end:
            print(line, file=sys.stderr)
            app.quit(status=1)
            return
        app.notice(notice)
        app.stack.restart("title")
