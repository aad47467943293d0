"""Continuing a game in progress: the games on disk (the saved ones and the table this window hosted last), each
described as Continue shows it, and opening one at its table or, hosted, in its lobby again (shared by the title
and the list of games in progress)."""

from __future__ import annotations

from ..ai import load_personalities
from ..config import ConfigError
from ..engine import GameError
from ..games_in_progress import SavedGame
from ..net.hosted import HostedGame
from .hosting import forget_hosted, hosted_game, hosted_path, reopen_hosted
from .i18n import join_names, set_aside_line, tr
from .players import shown_name
from .scenes import UnknownScene, make_scene


def anything_saved(app) -> bool:
    """Whether a game may be in progress: a saved one, or a table hosted here (cheap, for every frame)."""
    return app.storage.has_record() or hosted_path(app).exists()


def saved_games(app) -> list[SavedGame]:
    """The games in progress not open in another window, the hosted one among them, newest first; a file that
    cannot be read is set aside and named on the title. A game over that was left in its slot (the statistics
    could not take it as it ended) is stored now and its slot cleared."""
    from ..registry import GAMES

    found, problems = app.storage.saved_games(GAMES)
    for problem in problems:
        app.notice(set_aside_line(problem))
    found = [saved for saved in found if not (saved.over and app.store_finished(saved.slot))]
    hosted = hosted_game(app)
    if hosted is not None:
        found = sorted(found + [hosted], key=lambda saved: -saved.saved_at)
    return found


def continue_saved(app, saved: SavedGame, in_place: bool = False) -> bool:
    """Open ``saved`` where it stopped: a hosted table in its lobby, where it listened before (friends rejoin
    with their tokens), else at its table; False (after a notice) when it cannot be."""
    if not isinstance(saved, HostedGame):
        return open_saved(app, saved.slot, in_place)
    try:
        match = reopen_hosted(app, saved)
    except OSError as exc:
        app.notice(tr("net.cannot_listen", port=saved.port, reason=exc.strerror or str(exc)))
        return False
    lobby = make_scene(app, "net_lobby", match=match)
    if in_place:
        app.stack.replace(lobby)
    else:
        app.stack.push(lobby)
    return True


def abandon_saved(app, saved: SavedGame) -> None:
    """Give ``saved`` up (asked first): a saved game is kept in the statistics as left unfinished, a hosted
    table's record and seats are forgotten (its host keeps no statistics of it)."""
    if isinstance(saved, HostedGame):
        forget_hosted(app)
    else:
        app.abandon_game(saved.slot)


def described(saved: SavedGame) -> str:
    """Its players and how far they came, worded now (so a change of language shows at once)."""
    try:
        people = load_personalities()
    except ConfigError:
        people = ()
    record = saved.record
    kind, number = saved.stage
    names = [shown_name(seat.name, seat.player, i, people) for i, seat in enumerate(record.seats)]
    return tr("title.saved_game", players=join_names(names), stage=tr(f"title.stage_{kind}", number=number))


def open_saved(app, slot: str, in_place: bool = False) -> bool:
    """Open the game in progress in ``slot`` at its table, over the top screen (or ``in_place`` of it), as this
    window's; False (after a notice) when it cannot be, or is open in another window."""
    from ..registry import GAMES

    record = app.take_saved_game(slot, GAMES)
    if record is None:
        return False
    try:
        table = make_scene(app, "table", record=record)
    except UnknownScene:
        app.notice(tr("title.no_table", game=record.game))
        app.storage.leave()
        return False
    except (GameError, ValueError) as exc:  # e.g. an opponent no longer in config/ai
        app.notice(tr("title.cannot_continue", reason=str(exc)))
        app.storage.leave()
        return False
    if in_place:
        app.stack.replace(table)
    else:
        app.stack.push(table)
    return True
