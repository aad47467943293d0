"""A step's events at a table: each turned into its animations (the game table's ``on_<kind>(event, ctx)``)
and its line in the move log (``log_<kind>(event, ctx)`` of the table's ``lines``). A kind the table shows by
the next ``sync`` alone is named in its ``QUIET_EVENTS``, a kind the log leaves out in its lines'
``UNLOGGED_EVENTS``; any other kind without a method is an error, so a new kind is noticed
(``tests/ui/test_table_contract.py`` checks every kind)."""

from __future__ import annotations

from typing import Any, Protocol

from ...engine import Event
from ...engine.match import Step
from ..i18n import language
from ..players import shown_name
from .controller import MoveContext, PrivateMove
from .lines import MoveLines
from .log import MoveLog


class EventTable(Protocol):
    """What the events are played on: a game's table."""

    QUIET_EVENTS: frozenset[str]
    log: MoveLog
    lines: MoveLines


class WordedTable(EventTable, Protocol):
    """What a change of language words again: the seats' names, the log and what its lines keep."""

    names: list[str]
    control: Any
    last_round: Any
    settled_round: Any
    score_rows: list[Any]


def animate(table: EventTable, event: Event, ctx: MoveContext) -> None:
    """Queue the animations of one event, then write its line in the log."""
    if isinstance(event, PrivateMove):
        write_log(table, event, ctx)
        return
    handler = getattr(table, f"on_{event.kind}", None)
    if handler is not None:
        handler(event, ctx)
    elif event.kind not in table.QUIET_EVENTS:
        raise NotImplementedError(f"{type(table).__name__} has no on_{event.kind} for {event!r}")
    write_log(table, event, ctx)


def write_log(table: EventTable, event: Event, ctx: MoveContext) -> None:
    """Put ``event`` into the move log in words, and keep it to word again in another language."""
    table.log.sources.append((ctx, event))
    if isinstance(event, PrivateMove):
        table.log.add(event.text, ctx.seat)
        return
    writer = getattr(table.lines, f"log_{event.kind}", None)
    if writer is not None:
        writer(event, ctx)
    elif event.kind not in table.lines.UNLOGGED_EVENTS:
        raise NotImplementedError(f"{type(table.lines).__name__} has no log_{event.kind} for {event!r}")


def log_step(table: EventTable, step: Step, view: Any) -> None:
    """Write one step into the log at once, with no animation (a continued game's past)."""
    ctx = MoveContext(step.seat, step.move, view)
    for event in step.events:
        write_log(table, event, ctx)
    if step.seat is not None and step.move is not None:
        private = table.lines.log_private_move(step.seat, step.move)
        if private:
            write_log(table, PrivateMove(private), ctx)


def follow_language(table: WordedTable) -> None:
    """After a change of language: the seats' default names, then the log, its look back and the rounds' scores
    written again from the events they were written from, so nothing on the table keeps the old language."""
    if table.log.language == language():
        return
    seats = table.control.record.seats
    table.names[:] = [shown_name(seat.name, seat.player, i, table.control.personalities) for i, seat in enumerate(seats)]
    old, settled = table.log, table.settled_round is table.last_round
    table.log, table.last_round, table.score_rows = MoveLog(), None, []
    table.log.scroll = old.scroll
    table.lines = type(table.lines)(table)
    for ctx, event in old.sources:
        if isinstance(event, PrivateMove):
            event = PrivateMove(table.lines.log_private_move(ctx.seat, ctx.move))
        write_log(table, event, ctx)
    if settled:
        table.settled_round = table.last_round
