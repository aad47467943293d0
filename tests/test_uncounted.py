"""A game kept in ``uncounted/`` is counted exactly once, also when its file outlives the storing."""

from pathlib import Path

from fiftyfifty_desktop import uncounted
from fiftyfifty_desktop.ai import make_agent
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.stats_db import FINISHED, open_stats

TAKE5 = GAMES["take5"]
WHEN = "2026-03-01T12:00:00+00:00"


def finished_game(seed: int) -> Record:
    start = Record("take5", 2, TAKE5.resolve_options(2, {}), (Seat("Ann", "human"), Seat("Bo", "random")), seed=seed)
    agents = {seat: make_agent("random", TAKE5, seat, seed, ()) for seat in range(2)}
    match = play_out(TAKE5, start, agents)
    assert match.over
    return match.record


def test_a_game_stored_whose_file_cannot_be_removed_is_not_counted_again(tmp_path, monkeypatch):
    record = finished_game(7)
    kept = uncounted.keep(tmp_path, record, FINISHED, WHEN, 61.0, 0)
    db, problem = open_stats(tmp_path)
    assert db is not None and problem is None
    stuck = {kept}
    real_unlink = Path.unlink

    def unlink(path, *args, **kwargs):
        if path in stuck:
            raise PermissionError(13, "Permission denied")
        return real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(Path, "unlink", unlink)
    for _start in range(2):  # two starts that store the game and cannot remove its file
        assert uncounted.count_waiting(db, tmp_path, GAMES) == [
            f"{kept.name} was counted but cannot be removed (Permission denied)"]
        assert db.count() == 1 and kept.exists()
    # The History lists it among the counted games only, not also as waiting to be counted.
    assert len(uncounted.waiting(tmp_path, GAMES)[0]) == 1
    assert uncounted.waiting(tmp_path, GAMES, db) == ([], []) and uncounted.listed(tmp_path, GAMES, db=db) == []
    stuck.clear()
    assert uncounted.count_waiting(db, tmp_path, GAMES) == []
    assert db.count() == 1 and not kept.exists()
    [stored] = db.history()
    assert db.game(stored.id).record == record and stored.finished_at == WHEN and stored.duration == 61.0
    db.close()


def test_two_games_that_ended_in_the_same_second_are_both_counted(tmp_path):
    """Only the same game is stored once: another deal, or the same deal played to another end, is another game."""
    first, second = finished_game(1), finished_game(2)
    for record in (first, second):
        uncounted.keep(tmp_path, record, FINISHED, WHEN, 30.0, 0)
    db, _ = open_stats(tmp_path)
    assert len(uncounted.listed(tmp_path, GAMES, db=db)) == 2
    assert uncounted.count_waiting(db, tmp_path, GAMES) == []
    assert sorted(db.game(g.id).record.seed for g in db.history()) == [1, 2]
    db.close()
