"""The ``review`` command: where a seat of a recorded game lost points (``ai/review.py``), one line per decision
and a summary, or the review's JSON (``docs/review.md``)."""

from __future__ import annotations

import argparse
import json
import sys

from .usage import UsageError, read_record


def review_command(args: argparse.Namespace) -> int:
    from .ai.review import check_seat, first_person, lines, review_game, scale
    from .ui.move_words import aftermath_words, move_words

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
    names = [s.name for s in record.seats]
    def words(text: str, reason) -> str:
        return move_words(record.game, text, names, reason)

    def notes(d) -> list[str]:
        if d.played_after is None or d.best_after is None:
            return []
        return [aftermath_words(d.played_after, words(d.played, d.played_reason), review.unit),
                aftermath_words(d.best_after, words(d.best, d.reason), review.unit)]

    for line in lines(review, names[seat], words, notes):
        print(line)
    sys.stdout.flush()
    return 0
