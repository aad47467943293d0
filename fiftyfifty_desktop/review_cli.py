"""The ``review`` command: where a seat of a recorded game lost points (``ai/review.py``), one line per decision
and a summary, or the review's JSON (``docs/review.md``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Iterator

from .usage import UsageError, read_record

if TYPE_CHECKING:
    from .ai.review import GameReview
    from .engine import Reason
    from .engine.records import Record


def review_command(args: argparse.Namespace) -> int:
    from .ai.review import check_seat, first_person, review_game, scale

    record = read_record(args.file)
    seat = first_person(record) if args.seat is None else args.seat
    try:
        check_seat(record, seat)
        scale(record.game)
    except ValueError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    review = review_game(record, seat)
    assert review is not None  # nothing cancels it here
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False))
        return 0
    for line in lines(review, record):
        print(line)
    sys.stdout.flush()
    return 0


def lines(review: GameReview, record: Record) -> Iterator[str]:
    """The review in the window's words (English): what a value means, one line per decision with the
    explanation of a mistake indented below it, then the summary."""
    from .ai.review import SIZES
    from .ui.i18n import decimal, tr
    from .ui.move_words import aftermath_words, move_words, verdict_words

    names = [s.name for s in record.seats]
    unit = review.unit

    def words(text: str, reason: Reason | None) -> str:
        return move_words(record.game, text, names, reason)

    yield tr(f"review.chart.{unit}")
    for d in review.decisions:
        played = f"played {words(d.played, d.played_reason)} ({decimal(d.played_value, signed=True)})"
        verdict = verdict_words(d.size, d.cost, unit)
        best = "" if d.size == "fine" else f", best {words(d.best, d.reason)} ({decimal(d.best_value, signed=True)})"
        why = f": {d.reason}" if d.reason is not None and d.size != "fine" else ""
        yield f"#{d.number:<3} move {d.index:<4} {played}, {verdict}{best}{why}"
        if d.played_after is not None and d.best_after is not None:
            yield f"      {aftermath_words(d.played_after, words(d.played, d.played_reason), unit)}"
            yield f"      {aftermath_words(d.best_after, words(d.best, d.reason), unit)}"
    counts = review.mistakes()
    lost = review.lost_per_decision()
    yield (f"{names[review.seat]} (seat {review.seat}): {len(review.decisions)} decisions weighed over "
           f"{review.worlds} worlds, {decimal(lost)} {tr(f'review.unit.{unit}', count=round(lost, 2))} lost per "
           "decision; " + ", ".join(f"{counts[size]} {size}" for size in SIZES))
