"""``fiftyfifty-desktop --self-check``: does this install (or download) work?

Every shipped file is loaded by the loader the program itself uses, the title
screen is drawn, the statistics database is written and read back in a
throw-away folder (so a download without ``sqlite3`` fails), and every
registered game is played by computer seats without a window: through its
table when it has one, else on the engine alone; a hint and a game review are
worked out in worker processes. One
line per check, ``ok    what: detail`` or ``FAIL  what: why``; the exit status
is 0 only if all pass, so build scripts and CI can rely on it.
"""

from __future__ import annotations

import os
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from .ai import LADDER, make_agent
from .ai.personalities import load_personalities
from .config import ConfigError
from .engine import Game
from .engine.match import MATCH_REASON_CODES, play_out
from .engine.records import Record, Seat, parse_record, replay
from .game_config import MOOD_DECK_FILE, load_mood_deck
from .games.fiftyfifty import DEFAULT_MOOD_DECK
from .registry import ENTRY, GAMES
from .resources import FONT_FILES, ICON_FILE, SHIPPED, shipped_folders
from .storage import LANGUAGES
from .textfiles import FileReadError
from .ui.i18n import load_translations

Check = tuple[str, Callable[[], str]]


class CheckFailed(Exception):
    """A check's one-line reason for failing."""


def read_opponents(folder: Path) -> str:
    """Every opponent, across all files, read and seated in each game it plays; every registered game has a
    named opponent at each strength of the ladder, as the set-up offers them."""
    people = load_personalities(folder)
    for person in people:
        for game_id in person.games:
            try:
                make_agent(person.id, GAMES[game_id], 0, 1, people)
            except ValueError as exc:
                raise CheckFailed(str(exc)) from None
    for game_id, game in GAMES.items():
        strengths = {person.strength for person in people if person.plays(game_id)}
        lacking = [strength for strength in LADDER if strength not in strengths]
        if lacking:
            raise CheckFailed(f"no opponent plays {game.name} at the strength {lacking[0]!r}")
    return (f"{len(people)} opponents, each can take a seat in its games; each of {len(GAMES)} games has one "
            f"at every strength")


def read_ratings(path: Path) -> str:
    """The opponents' measured ratings, each of an opponent who plays its game, and a newcomer's first
    rating from them."""
    from .ai import LADDER
    from .opponent_ratings import load_opponent_ratings
    from .rating import Rating, update

    rated = load_opponent_ratings(path)
    try:
        people = load_personalities(path.parent)
    except ConfigError:
        people = ()  # the opponents' own check says what is wrong with them; the plain strengths are still known
    for game_id, players in rated.items():
        known = {p.id for p in people if p.plays(game_id)} | set(LADDER)
        if not people:
            players = {k: v for k, v in players.items() if k in LADDER}
        strange = sorted(set(players) - known)
        if strange:
            raise CheckFailed(f"{path.name}: {game_id}: {strange[0]!r} is no opponent who plays {game_id}")
    missing = [g for g in GAMES if g not in rated]
    if missing:
        raise CheckFailed(f"{path.name}: no ratings for {missing[0]}")
    game_id = next(iter(rated))
    best = max(rated[game_id].values(), key=lambda r: r.rating)
    first = update(Rating(), [(best, 1.0)])
    if not first.rating > Rating().rating > 0 or not first.rd < Rating().rd:
        raise CheckFailed(f"beating the best opponent of {game_id} gave {first.shown()}")
    return (f"{sum(map(len, rated.values()))} ratings in {len(rated)} games; a newcomer beating the best at "
            f"{game_id} is rated {first.shown()}")


def read_translations(folder: Path) -> str:
    """Every language the program offers, complete; a catalogue of another language would never be shown."""
    tables = load_translations(folder)
    stray = sorted(path.name for path in folder.glob("*.yaml") if path.stem not in tables)
    if stray:
        raise CheckFailed(f"config/i18n/{stray[0]} is the catalogue of no language the program offers "
                          f"({', '.join(tables)})")
    return f"{len(tables)} languages, {len(next(iter(tables.values())))} texts each"


def read_shipped_mood_deck(path: Path) -> str:
    """The shipped mood deck, which must be the rules' default deck the engine deals without it."""
    deck = load_mood_deck(path)
    if deck != DEFAULT_MOOD_DECK:
        raise CheckFailed("the cards are not the rules' default mood deck (games/fiftyfifty.py)")
    return f"{len(deck)} mood cards, the rules' default deck"


def read_guided_games(folder: Path) -> str:
    """The guided first games the registry names, each played through by its rules (``tutorials.py``);
    a file there that no game names would never be offered, and one a game names but that is missing fails."""
    from .tutorials import load_tutorial_file

    declared = {game_id: name for game_id, known in ENTRY.items() if (name := known.tutorial) is not None}
    if not declared:
        raise CheckFailed("no registered game declares a guided first game")
    for path in sorted(folder.glob("*.yaml")):
        if path.name not in declared.values():
            raise CheckFailed(f"config/tutorials/{path.name} is the guided game of no registered game")
    from .ui.tables import table_for
    from .ui.tables.guided import check_against_table

    notes = []
    for game_id, name in declared.items():
        tutorial = load_tutorial_file(folder / name, game_id, f"config/tutorials/{name}")
        check_against_table(tutorial, table_for(game_id))  # what "Learn to play" would show
        notes.append(len(tutorial.notes))
    return f"{len(notes)} guided games, {sum(notes)} notes, played through"


#: How the shipped YAML is checked: a folder or file under config/
#: and the reader the program uses for it, returning a short description.
#: Every YAML file under config/ must be covered by one of them.
CONFIG_READERS: dict[str, Callable[[Path], str]] = {
    "config/ai": read_opponents,
    "config/ai/ratings.yaml": read_ratings,
    "config/i18n": read_translations,
    "/".join(MOOD_DECK_FILE): read_shipped_mood_deck,
    "config/tutorials": read_guided_games,
}

FONT_SUFFIXES = {".ttf", ".otf"}
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp"}
SOUND_SUFFIXES = {".wav", ".ogg"}
TEXT_SUFFIXES = {".txt", ".md"}

#: Computer players for the short games, best first: quick ones only, no search.
QUICK_PLAYERS = ("medium", "random")
#: A short game stops after this many moves or frames if it has not ended
#: (random players can bid for ever at Fifty-Five).
MOVE_BUDGET = 500
FRAME_BUDGET = 600
FRAME = 1 / 60
TITLE_FRAMES = 3
#: Seconds the review check waits for its worker to say anything (a hang guard: it takes about one).
REVIEW_GUARD = 60.0


def short_options(game: Game) -> dict[str, Any]:
    """Options for a short game: the lowest ``target`` the game allows."""
    for option in game.options:
        if option.name == "target":
            return {"target": option.minimum if option.minimum is not None else min(option.choices or (option.default,))}
    return {}


def computer_player(game: Game) -> str:
    """The first strength in QUICK_PLAYERS the ladder can seat at ``game``."""
    for strength in QUICK_PLAYERS:
        try:
            make_agent(strength, game, 0, 1, ())
        except ValueError:
            continue
        return strength
    raise CheckFailed(f"no computer player of strength {' or '.join(QUICK_PLAYERS)} plays it")


def short_game(game: Game) -> Record:
    """A new record for a short game with computer players at every seat."""
    players, player = game.min_players, computer_player(game)
    options = game.resolve_options(players, short_options(game))
    seats = tuple(Seat(f"Computer {s + 1}", player) for s in range(players))
    return Record(game.id, players, options, seats, seed=1)


def described(game: Game, record: Record, state: Any, how: str) -> str:
    """Check that the game's record replays to the same state; describe the game."""
    if replay(parse_record(record.to_json(), GAMES), GAMES).state != state:
        raise CheckFailed("the game's record does not replay to the same state")
    shown = "".join(f", {k}={v}" for k, v in short_options(game).items())
    moves = len(record.moves)
    ending = f"ended after {moves} moves" if game.is_over(state) else f"{moves} moves, stopped before the end"
    return f"{record.players} {record.seats[0].player} players{shown}, {ending}, replayed; {how}"


def headless_app(home: Path):
    """The real application on SDL's dummy driver, at instant speed, keeping
    its files in ``home`` so a player's settings and saved game stay untouched."""
    from .app import App
    from .storage import Storage

    return App(Storage(home / "config", home / "data"), speed="instant")


def play_at_table(game: Game, table_class: type) -> str:
    """Play through the real table scene, frame by frame, until the results
    screen closes the application or the frame budget is spent."""
    with tempfile.TemporaryDirectory() as home:
        app = headless_app(Path(home))
        table = table_class(app, short_game(game), exit_at_end=True)
        app.start(table)
        frames = 0
        while app.running and frames < FRAME_BUDGET and len(table.record.moves) < MOVE_BUDGET:
            app.step(FRAME)
            frames += 1
        if app.running:
            app.quit()
    return described(game, table.record, table.match.full_state(), f"at the table, {frames} frames")


def play_game(game: Game) -> str:
    """Play through the game's table, or on the engine alone for a game that has none."""
    from .ui.tables import table_for

    table = table_for(game.id)
    if table is not None:
        return play_at_table(game, table)
    start = short_game(game)
    agents = {s: make_agent(seat.player, game, s, start.seed, ()) for s, seat in enumerate(start.seats)}
    match = play_out(game, start, agents, max_moves=MOVE_BUDGET)
    return described(game, match.record, match.full_state(), "on the engine, it has no table")


def network_game(game: Game) -> str:
    """A short game over the loopback network: a table server and a computer client per seat, of the
    strength the short game seats."""
    from dataclasses import replace

    from .net.host import loopback_game
    from .net.protocol import REMOTE

    record = short_game(game)
    player = record.seats[0].player
    record = replace(record, seats=tuple(replace(seat, player=REMOTE) for seat in record.seats))
    outcomes = loopback_game(game, record, player)
    if any(o.message != "the game is over" for o in outcomes):
        raise CheckFailed(f"the game did not end: {outcomes[0].message}")
    if len({o.scores for o in outcomes}) != 1:
        raise CheckFailed("the seats were told different scores")
    return f"{game.name}, {len(outcomes)} clients on 127.0.0.1, {outcomes[0].moves} moves, every seat told the same scores"


def hint_at_table(games: Iterable[Game]) -> str:
    """A hint asked at the table of the first of ``games`` with a table and hint reasons, for a person against
    a computer: thought out by the hard player in a worker process, shown with its reason, and one of the
    person's legal moves."""
    from dataclasses import replace

    from .engine.records import Seat
    from .ui.tables import table_for

    hinted = [g for g in games if ENTRY[g.id].table is not None and ENTRY[g.id].hint_reasons is not None]
    if not hinted:
        raise CheckFailed("no game to play has a table and hint reasons")
    game = hinted[0]
    start = short_game(game)
    record = replace(start, seats=(Seat("You", "human"),) + start.seats[1:])
    with tempfile.TemporaryDirectory() as home:
        app = headless_app(Path(home))
        table = table_for(game.id)(app, record)
        app.start(table)
        try:
            for _ in range(FRAME_BUDGET):
                if table.my_turn and not table.busy:
                    break
                app.step(FRAME)
            table.corner.ask_hint()
            for _ in range(FRAME_BUDGET):
                if table.hint is not None or table.message:
                    break
                app.step(FRAME)
                time.sleep(0.005)
            hint, problem, legal = table.hint, table.message, table.legal
        finally:
            app.quit()
    if hint is None:
        raise CheckFailed(problem or "no hint came")
    if hint.move not in legal:
        raise CheckFailed(f"the hint {hint.move} is not a legal move")
    return f"{game.name}: {hint.reason or 'a move with no reason line'}"


def review_of_a_game(games: Iterable[Game]) -> str:
    """A short game of the first reviewable of ``games`` reviewed in a worker process, as the window does, and
    again here: some decisions weighed, and the same review both times (a review is deterministic)."""
    from .ai.review import review_game, reviewable, rounded
    from .ai.review_worker import ReviewJob

    found = [g for g in games if reviewable(g.id)]
    if not found:
        raise CheckFailed("no game can be reviewed")
    game = found[0]
    start = short_game(game)
    agents = {s: make_agent(seat.player, game, s, start.seed, ()) for s, seat in enumerate(start.seats)}
    record = play_out(game, start, agents, max_moves=MOVE_BUDGET).record
    job = ReviewJob(record, 0)
    try:
        job.wait(REVIEW_GUARD)
    finally:
        job.close()
    if job.review is None:
        raise CheckFailed(job.error or f"no review came in {REVIEW_GUARD:.0f} s")
    here = review_game(record, 0)
    if here is None or not here.decisions:
        raise CheckFailed("the review weighed no decision")
    if rounded(here) != job.review:
        raise CheckFailed("the worker's review and this one differ: a review must be deterministic")
    return f"{game.name}: {len(here.decisions)} decisions weighed, the same in a worker and here"


def open_title_screen() -> str:
    with tempfile.TemporaryDirectory() as home:
        app = headless_app(Path(home))
        app.start()
        for _ in range(TITLE_FRAMES):
            app.step(FRAME)
        shown = type(app.stack.top).__name__
        app.quit()
    if shown != "TitleScene":
        raise CheckFailed(f"{shown} is showing instead of the title screen")
    return f"drawn {TITLE_FRAMES} frames"


def statistics_database() -> str:
    """A short game of the first registered game stored in a new database, then read back."""
    from .stats_db import ABANDONED, FINISHED, open_stats, stored_game

    game = next(iter(GAMES.values()))
    start = short_game(game)
    agents = {s: make_agent(seat.player, game, s, start.seed, ()) for s, seat in enumerate(start.seats)}
    match = play_out(game, start, agents, max_moves=MOVE_BUDGET)
    with tempfile.TemporaryDirectory() as folder:
        db, problem = open_stats(Path(folder))
        if db is None or problem:
            raise CheckFailed(problem or "the database did not open")
        try:
            game_id = db.store(stored_game(match.record, FINISHED if match.over else ABANDONED))
            back = db.game(game_id)
            mode = db.connection.execute("PRAGMA journal_mode").fetchone()[0]
            version = db.version
            if back.record != match.record or [s.score for s in back.seats] != list(match.scores()):
                raise CheckFailed("the stored game did not read back the same")
            listed = [g.id for g in db.history()]
        finally:
            db.close()
    if listed != [game_id]:
        raise CheckFailed(f"the history lists {listed} instead of [{game_id}]")
    return f"schema version {version}, a game of {game.id} stored and read back, {mode} journal"


def covered(relative: str) -> bool:
    return any(relative == key or relative.startswith(key + "/") for key in CONFIG_READERS)


def check_asset(path: Path) -> str:
    import pygame

    suffix = path.suffix.lower()
    if suffix in FONT_SUFFIXES:
        text = pygame.font.Font(str(path), 24).render("Take 5 & Fifty-Five", True, (0, 0, 0))
        return f"font, renders text {text.get_width()}x{text.get_height()}"
    if suffix in IMAGE_SUFFIXES:
        image = pygame.image.load(str(path))
        return f"image {image.get_width()}x{image.get_height()}"
    if suffix in SOUND_SUFFIXES:
        if not pygame.mixer.get_init():
            pygame.mixer.init()
        return f"sound {pygame.mixer.Sound(str(path)).get_length():.2f} s"
    if suffix in TEXT_SUFFIXES or path.name.upper().startswith(("LICENSE", "COPYING", "README")):
        return f"text, {len(path.read_text(encoding='utf-8').splitlines())} lines"
    raise CheckFailed("no loader for this kind of file")


def read_rules_pages(folder: Path, games: Iterable[Game]) -> str:
    """Every game's rules page in every language: present, readable, headed by a ``#`` title."""
    pages = 0
    for game in games:
        for lang in LANGUAGES:
            path = folder / f"{game.id}.{lang}.md"
            shown = f"assets/rules/{path.name}"
            try:
                text = path.read_text(encoding="utf-8")
            except FileNotFoundError:
                raise CheckFailed(f"{shown} is missing") from None
            if not text.startswith("# "):
                raise CheckFailed(f"{shown} must open with a '# ' title")
            pages += 1
    return f"{pages} pages, every game in {len(LANGUAGES)} languages"


def read_reason_texts(folder: Path, games: Iterable[Game]) -> str:
    """Every refusal code a game or the match can give has a text in every language."""
    tables = load_translations(folder)
    codes = sorted({code for game in games for code in game.reason_codes} | set(MATCH_REASON_CODES))
    for lang, table in tables.items():
        lacking = [code for code in codes if f"reason.{code}" not in table]
        if lacking:
            raise CheckFailed(f"config/i18n/{lang}.yaml: no text for the refusal {lacking[0]!r}")
    return f"{len(codes)} refusal codes worded in {len(tables)} languages"


def read_named_files(folders: Mapping[str, Path]) -> str:
    """The files the program opens by name are there: a folder that lost one still passes its file checks."""
    named = [ICON_FILE, *FONT_FILES.values()]
    for parts in named:
        if not in_folder(folders, "/".join(parts)).is_file():
            raise CheckFailed(f"{'/'.join(parts)} is missing")
    return f"{len(named)} files the program opens by name"


def uncovered() -> str:
    raise CheckFailed("no reader in selfcheck.CONFIG_READERS takes this file")


def files_under(folders: Mapping[str, Path], name: str) -> Iterator[tuple[str, Path]]:
    """Each file in the shipped folder ``name`` with the name it is shown by (``assets/icon.png``); the
    marker that makes the folder a package is no shipped file."""
    folder = folders[name]
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path != folder / "__init__.py":
            yield f"{name}/{path.relative_to(folder).as_posix()}", path


def in_folder(folders: Mapping[str, Path], shown: str) -> Path:
    """The path of ``config/ai``-style name ``shown`` in ``folders``."""
    name, _, rest = shown.partition("/")
    return folders[name] / rest


def all_checks(folders: Mapping[str, Path], games: Iterable[Game]) -> list[Check]:
    checks: list[Check] = [("files", lambda: ", ".join(f"{name}/ in {folders[name]}" for name in SHIPPED))]
    checks.append(("named files", partial(read_named_files, folders)))
    for shown, path in files_under(folders, "assets"):
        checks.append((shown, partial(check_asset, path)))
    for key, reader in CONFIG_READERS.items():
        checks.append((key, partial(reader, in_folder(folders, key))))
    for shown, path in files_under(folders, "config"):
        if not covered(shown):
            checks.append((shown, uncovered))
    games = tuple(games)
    checks.append(("assets/rules", lambda: read_rules_pages(folders["assets"] / "rules", games)))
    checks.append(("refusals", lambda: read_reason_texts(folders["config"] / "i18n", games)))
    checks.append(("title screen", open_title_screen))
    checks.append(("statistics database", statistics_database))
    checks.append(("hint", lambda: hint_at_table(games)))
    checks.append(("review", lambda: review_of_a_game(games)))
    checks += [(f"game {game.id}", partial(play_game, game)) for game in games]
    checks += [(f"network table {game.id}", partial(network_game, game)) for game in games]
    return checks


def run_checks(checks: list[Check], write: Callable[[str], None]) -> int:
    """Run each check, print its line, and return the number that failed."""
    failed = 0
    for name, check in checks:
        try:
            write(f"ok    {name}: {check()}")
        except Exception as exc:  # a self-check reports every failure and goes on
            failed += 1
            reason = str(exc) if isinstance(exc, (CheckFailed, ConfigError)) else f"{exc.__class__.__name__}: {exc}"
            reason = (reason.splitlines() or [""])[0].removeprefix(f"{name}: ")
            write(f"FAIL  {name}: {reason}")
    return failed


def self_check(root: Path | None = None, games: Iterable[Game] | None = None) -> int:
    """Run every check on the ``config/`` and ``assets/`` under ``root`` (default: the shipped ones),
    playing ``games`` (default: every registered game); return the exit status."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    def write(line: str) -> None:
        print(line, flush=True)

    try:
        folders = {name: root / name for name in SHIPPED} if root else shipped_folders()
    except FileReadError as exc:
        write(f"FAIL  files: {exc}")
        return 1
    import pygame

    pygame.init()  # left running: the program's font cache outlives a pygame.quit()
    failed = run_checks(all_checks(folders, GAMES.values() if games is None else games), write)
    write(f"self-check: {'all passed' if not failed else f'{failed} failed'}")
    return 1 if failed else 0
