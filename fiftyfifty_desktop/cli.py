"""The command line: no sub-command opens the window; ``play`` opens a table
straight away; ``simulate``, ``replay``, ``review`` and ``arena`` run headless.

pygame is imported only when a window opens, so headless commands start fast.

Every failure the user can cause (an unknown game, a bad option or option
file, a broken record) ends with exit status 2 and one line on stderr, never
a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NoReturn, Sequence

from . import __version__
from .ai import PlayerError, load_personalities, make_agent
from .arena import run_arena
from .config import ConfigError
from .engine import GameError, Game
from .engine.errors import quoted
from .engine.match import play_out
from .engine.records import Record, Seat, parse_record, replay
from .game_config import OPTION_FILE_LOADERS
from .net.protocol import CODE_LIMIT, DEFAULT_PORT, NAME_LIMIT
from .registry import ENTRY, GAMES, get_game
from .storage import SPEEDS
from .textfiles import RECORD_LIMIT, FileReadError, read_text
from .usage import PROG, UsageError, read_record, unwritable, write_record

#: A simulated game longer than this is stopped: random seats can keep some
#: games going for ever (at Fifty-Five, by failing bid after bid).
MAX_MOVES = 100_000
#: Most games (or deals) one command plays, and most processes it starts:
#: far more than any measurement needs, so a typo cannot keep the machine busy for days.
MAX_GAMES = 1_000_000
MAX_JOBS = 64
MAX_SEED_DIGITS = 18


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line instead of the usage block."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Card games at one table: " + ", ".join(g.name for g in GAMES.values()))
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}",
                        help="print the version and exit")
    parser.add_argument("--self-check", action="store_true",
                        help="load every shipped file, play each game once without a window, and report")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    sim = commands.add_parser("simulate", help="play whole games with computer seats and print the results")
    sim.add_argument("--game", required=True, help="game id: " + ", ".join(GAMES))
    sim.add_argument("--players", required=True, type=int, help="number of players")
    sim.add_argument("--seed", type=_seed, help="game number of the first game (default: chosen and printed)")
    sim.add_argument("--games", type=_count(MAX_GAMES), default=1, help="how many games to play (seeds S, S+1, ...)")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    sim.add_argument("--record", type=Path, help="write the last game's record to this file")
    sim.add_argument("--seats", type=_entrants, help="who plays each seat: random, medium, hard, a baseline (greedy; Take 5: mc:W) or an "
                     "opponent id from config/ai, comma-separated (default: all random)")
    sim.add_argument("--json", action="store_true", help="print JSON instead of text")

    arena = commands.add_parser("arena", help="measure computer players against each other")
    arena.add_argument("--game", required=True, help="game id: " + ", ".join(GAMES))
    arena.add_argument("--seats", required=True, type=_entrants,
                       help="the entrants, one per seat: random, medium, hard, a baseline (greedy; mc:W for "
                       f"{_games_with('monte_carlo')}) or an opponent id, comma-separated")
    count = arena.add_mutually_exclusive_group()
    count.add_argument("--games", type=_count(MAX_GAMES), help="how many whole games to play (default 100)")
    count.add_argument("--deals", type=_count(MAX_GAMES),
                       help=f"play this many single deals instead ({_games_with('deals')})")
    arena.add_argument("--seed", type=_seed, default=0, help="the first seed; each seed is played with every "
                       "rotation of the seats (default 0)")
    arena.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    arena.add_argument("--jobs", type=_count(MAX_JOBS), default=1, help="play games on this many processes at once; "
                       "the results are the same, only the thinking time per move may differ (default 1)")
    arena.add_argument("--times", action="store_true", help="also print each entrant's decision time p50/p95 "
                       "(these depend on the machine, so the output is no longer the same on every run)")
    arena.add_argument("--json", action="store_true", help="print JSON instead of text")

    rep = commands.add_parser("replay", help="replay a game record and print its result")
    rep.add_argument("file", type=Path, help="a record written by simulate --record or by the table")
    rep.add_argument("--json", action="store_true", help="print JSON instead of text")

    rev = commands.add_parser("review", help="weigh each decision of one seat in a game record: where it lost points")
    rev.add_argument("file", type=Path, help="a record, as replay and play --replay take")
    rev.add_argument("--seat", type=int, help="the seat to review (default: the first person's seat, else 0)")
    rev.add_argument("--json", action="store_true", help="print JSON instead of text (docs/review.md)")

    play = commands.add_parser("play", help="open the window straight at a table, or at the replay of a record")
    play.add_argument("--game", help="game id: " + ", ".join(GAMES))
    play.add_argument("--seats", help="comma list, one per seat: human, a strength (random...) or an opponent id")
    play.add_argument("--replay", type=Path, metavar="FILE", help="watch the game in a record file on its table")
    play.add_argument("--seed", type=_seed, help="game number (default: a new one)")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    play.add_argument("--speed", choices=SPEEDS, help="animation speed for this session")
    play.add_argument("--exit-at-end", action="store_true", help="quit after the results screen")

    srv = commands.add_parser("serve", help="host a table for players on other machines, without a window")
    srv.add_argument("--game", help="game id: " + ", ".join(GAMES))
    srv.add_argument("--seats", type=_entrants, help="one per seat: remote (a player who joins) or a computer "
                     "player (random, medium, hard or an opponent id), comma-separated")
    srv.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    srv.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this "
                     "machine only; 0.0.0.0 for every network)")
    srv.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT}; 0: any free one)")
    srv.add_argument("--code", type=_code, help="the table code players join with (default: a new one, printed)")
    srv.add_argument("--seed", type=_seed, help="game number (default: a new one)")
    srv.add_argument("--record", type=Path, help="save the record here after every move")
    srv.add_argument("--resume", type=Path, metavar="FILE", help="start the table again from a saved record; "
                     "its players rejoin with their tokens")
    srv.add_argument("--hand-over", type=_seconds, default=60.0, metavar="SECONDS",
                     help="a computer plays the seat of a player away this long (default 60; 0: never)")
    srv.add_argument("--silent", type=_seconds, default=120.0, metavar="SECONDS",
                     help="a computer plays the seat of a connected player who makes no move this long "
                     "(default 120; 0: never); their next move takes it back")
    srv.add_argument("--exit-at-end", action="store_true", help="stop when the game is over")
    srv.add_argument("--max-connections", type=_connections, default=None, metavar="N",
                     help="connections served at once, in all (default 256; 16 from one address)")

    join = commands.add_parser("join", help="sit at a table hosted elsewhere")
    join.add_argument("address", metavar="INVITATION", help="the invitation the host shared "
                      "(wss://HOST:PORT/CODE#FINGERPRINT), or HOST:PORT of an unencrypted table")
    join.add_argument("--code", type=_code, help="the table code (an invitation carries it)")
    join.add_argument("--token", help="the seat's token: take the seat again after this program stopped")
    join.add_argument("--player", default="human", help="human (open the window) or a computer player "
                      "(random, medium, hard or an opponent id)")
    join.add_argument("--name", default=None, help="the name shown at the table")
    join.add_argument("--seat", type=int, help="the seat to take, if open")
    join.add_argument("--exit-at-end", action="store_true", help="leave when the game is over")

    stats = commands.add_parser("stats", help="print the statistics of the games played in the window")
    stats.add_argument("--game", help="only this game: " + ", ".join(GAMES))
    stats.add_argument("--json", action="store_true", help="print JSON instead of text")

    history = commands.add_parser("history", help="list the stored games, newest first, or export one")
    history.add_argument("--game", help="only this game: " + ", ".join(GAMES))
    history.add_argument("--limit", type=_count(MAX_GAMES), help="list at most this many games")
    history.add_argument("--export", nargs=2, metavar=("ID", "FILE"),
                         help="write stored game ID's record to FILE (for replay and play --replay)")
    history.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


def _port(text: str) -> int:
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 5) or int(digits) > 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535, not {quoted(text)}")
    return int(digits)


def _code(text: str) -> str:
    code = text.strip()
    if not code or len(code) > CODE_LIMIT or not all(c.isascii() and (c.isalnum() or c in "-_") for c in code):
        raise argparse.ArgumentTypeError(f"a table code is 1 to {CODE_LIMIT} letters, digits, - or _, "
                                         f"not {quoted(text)}")
    return code


def _connections(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) <= 100_000:
        raise argparse.ArgumentTypeError(f"--max-connections is a whole number from 1 to 100000, not {quoted(text)}")
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 86400:
        raise argparse.ArgumentTypeError(f"expected seconds from 0 to 86400, not {quoted(text)}")
    return value


def _seed(text: str) -> int:
    digits = text.strip()
    if digits.startswith("-") and digits[1:].isascii() and digits[1:].isdigit():
        raise argparse.ArgumentTypeError("the seed must be 0 or more")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= MAX_SEED_DIGITS):
        raise argparse.ArgumentTypeError(f"the seed must be a whole number of at most {MAX_SEED_DIGITS} "
                                         f"digits, not {quoted(text)}")
    return int(digits)


def _games_with(part: str) -> str:
    """The names of the games whose registry entry has ``part``, for a help text."""
    return ", ".join(entry.rules.name for entry in ENTRY.values() if getattr(entry, part) is not None) or "no game"


def _count(maximum: int):
    """An argument type: a whole number from 1 to ``maximum``, in ASCII digits."""
    def parse(text: str) -> int:
        digits = text.strip()
        if not (digits.isascii() and digits.isdigit() and len(digits) <= len(str(maximum)))  \
                or not 1 <= int(digits) <= maximum:
            raise argparse.ArgumentTypeError(f"expected a whole number from 1 to {maximum:,}, not {quoted(text)}")
        return int(digits)
    return parse


def _entrants(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"expected comma-separated player names, not {text!r}")
    return names


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option needs KEY=VALUE, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


def read_option_files(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """Options the game reads from a file get the file's contents instead of its path."""
    loaders = {o.name: OPTION_FILE_LOADERS[o.from_file] for o in game.options if o.from_file is not None}
    return {k: loaders[k](Path(v)) if k in loaders else v for k, v in options.items()}


def result_of(game: Game, state: Any, seed: int) -> dict[str, Any]:
    """One game's result as printed by simulate and replay."""
    return {"seed": seed, "scores": list(game.scores(state)), "winners": list(game.winners(state))}


def _print_results(game: Game, players: int, options: dict[str, Any], results: list[dict[str, Any]], as_json: bool) -> None:
    if as_json:
        print(json.dumps({"game": game.id, "players": players, "options": options, "games": results}))
        return
    shown = " ".join(f"{k}={v}" for k, v in options.items())
    print(f"{game.name}, {players} players{', ' + shown if shown else ''}")
    for i, r in enumerate(results, 1):
        scores = " ".join(str(s) for s in r["scores"])
        winners = ", ".join(f"seat {w}" for w in r["winners"])
        outcome = f"winner {winners}" if winners else "not finished, no winner yet"
        print(f"game {i} (seed {r['seed']}): scores {scores}; {outcome}")


def simulate(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    options = game.resolve_options(args.players, read_option_files(game, parse_options(args.option)))
    first_seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    if args.seed is None:
        print(f"seed {first_seed}", file=sys.stderr)
    players = args.seats or ["random"] * args.players
    if len(players) != args.players:
        raise UsageError(f"--seats names {len(players)} players but --players is {args.players}")
    people = load_personalities()
    results = []
    record = None
    for seed in range(first_seed, first_seed + args.games):
        seats = tuple(Seat(f"Computer {s + 1}", player) for s, player in enumerate(players))
        agents = {s: make_agent(player, game, s, seed, people) for s, player in enumerate(players)}
        match = play_out(game, Record(game.id, args.players, options, seats, seed), agents, max_moves=MAX_MOVES)
        if not match.over:
            raise UsageError(f"game {seed} did not end within {MAX_MOVES:,} moves: "
                             "random seats can keep a game going for ever")
        record = match.record
        results.append(result_of(game, match.full_state(), seed))
    if args.record is not None and record is not None:
        write_record(args.record, record.to_json())
    _print_results(game, args.players, options, results, args.json)
    return 0


def replay_command(args: argparse.Namespace) -> int:
    record = read_record(args.file)
    game = GAMES[record.game]
    state = replay(record, GAMES).state
    options = game.resolve_options(record.players, record.options)
    _print_results(game, record.players, options, [result_of(game, state, record.seed)], args.json)
    return 0


def arena_command(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    single_deals = args.deals is not None
    count = args.deals if single_deals else (args.games or 100)
    options = read_option_files(game, parse_options(args.option))
    result = run_arena(game, args.seats, count, args.seed, options, single_deals, jobs=args.jobs,
                       times=args.times)
    print(json.dumps(result.to_json()) if args.json else result.text())
    return 0


def _check_saving(path: Path) -> None:
    """Refuse a record path the table could not save to, before anyone sits down.

    A table saves as ``Storage._write`` does, a temporary file in the same folder renamed over the
    record (its seat tokens go beside it), so the folder must exist and take a new file. That is
    what is tried here; a record already there is left as it is (``--resume`` saves over it).
    """
    folder = path.parent
    try:
        if path.is_dir():
            raise UsageError(f"{path}: cannot be written (it is a folder)")
        if not folder.is_dir():
            raise UsageError(f"{path}: cannot be written (no folder {folder})")
        fd, temp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(temp)
    except OSError as exc:  # a folder on the way that may not be entered, or one that takes no new file
        raise unwritable(path, exc) from None


def play_command(args: argparse.Namespace) -> int:
    """Check everything first (exit 2 with one line), then open the table."""
    if args.replay is not None:
        return watch_replay(args)
    if args.game is None or args.seats is None:
        raise UsageError("play needs --game and --seats, or --replay FILE")
    game = get_game(args.game)
    players = [p.strip() for p in args.seats.split(",")]
    if not all(players):
        raise UsageError(f"--seats needs a comma list like human,random,random, not {args.seats!r}")
    options = game.resolve_options(len(players), read_option_files(game, parse_options(args.option)))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    try:
        from .ai import load_personalities, make_agent

        personalities = load_personalities()
        for seat, player in enumerate(players):
            if player != "human":
                make_agent(player, game, seat, seed, personalities)
    except (ValueError, ConfigError) as exc:
        raise UsageError(str(exc)) from None
    from .app import App
    from .ui.players import default_name
    from .ui.scenes.title import TitleScene
    from .ui.tables import table_for

    app = App(speed=args.speed)
    people = list(app.settings.profile.people())  # the people's seats are named as the set-up names them
    names: list[str] = []
    for seat, player in enumerate(players):
        names.append(people.pop(0) if player == "human" and people else
                     default_name(player, seat, personalities, tuple(names)))
    seats = tuple(Seat(name, player) for name, player in zip(names, players))
    record = Record(game.id, len(players), options, seats, seed)
    app.stack.push(TitleScene(app))
    return app.run(table_for(game.id)(app, record, exit_at_end=args.exit_at_end))


def serve_command(args: argparse.Namespace) -> int:
    """Check everything first (exit 2 with one line), then serve the table until it ends."""
    from .net.host import new_code, secret_seed, serve_table
    from .net.protocol import ProtocolError
    from .net.protocol import REMOTE
    from .net.seats import read_tokens

    tokens = None
    if args.resume is not None:
        if args.game or args.seats or args.option or args.seed is not None:
            raise UsageError("--resume takes the game, seats, options and seed from the record")
        try:
            record = parse_record(read_text(args.resume, RECORD_LIMIT), GAMES)
            replay(record, GAMES)
            saved_code, tokens = read_tokens(args.resume, record.players)
        except (GameError, ProtocolError) as exc:
            raise UsageError(f"{args.resume}: {exc}") from None
        game = GAMES[record.game]
        code = args.code or saved_code or new_code()
        record_path = args.record or args.resume
    else:
        if not args.game or not args.seats:
            raise UsageError("serve needs --game and --seats (or --resume FILE)")
        game = get_game(args.game)
        players = args.seats
        if REMOTE not in players:
            raise UsageError("--seats names no remote seat: use simulate for computers only")
        options = game.resolve_options(len(players), read_option_files(game, parse_options(args.option)))
        seed = args.seed if args.seed is not None else secret_seed()
        people = load_personalities()
        seats = []
        for seat, player in enumerate(players):
            if player == REMOTE:
                seats.append(Seat(f"Seat {seat + 1}", REMOTE))
                continue
            make_agent(player, game, seat, seed, people)
            person = next((p for p in people if p.id == player), None)
            seats.append(Seat(person.name if person else f"Computer {seat + 1}", player))
        record = Record(game.id, len(players), options, tuple(seats), seed)
        code = args.code or new_code()
        record_path = args.record
    if record_path is not None:
        _check_saving(record_path)
    from .net.address import AddressError, parse_host
    from .net.admission import MAX_CONNECTIONS, Admission
    from .net.certificate import CertificateError, host_certificate
    from .storage import Storage

    try:
        host = parse_host(args.host)
        certificate = host_certificate(Storage().data_dir)
    except (AddressError, CertificateError) as exc:
        raise UsageError(str(exc)) from None
    admission = Admission(max_connections=args.max_connections or MAX_CONNECTIONS)
    return serve_table(game, record, code, host, args.port, record_path=record_path,
                       hand_over_after=args.hand_over or None, exit_at_end=args.exit_at_end, tokens=tokens,
                       certificate=certificate, admission=admission, silent_after=args.silent or None)


def join_command(args: argparse.Namespace) -> int:
    """Sit at a table: with a computer player here, or in the window for a person."""
    from .net.client import TableError, table_address

    try:
        where = table_address(args.address)
    except TableError as exc:
        raise UsageError(str(exc)) from None
    code = args.code or where.code
    if code is None:
        raise UsageError("join needs the host's invitation (wss://...), or --code with HOST:PORT")
    name = args.name or ("Player" if args.player == "human" else args.player.capitalize())
    if len(name) > NAME_LIMIT:
        raise UsageError(f"--name is longer than {NAME_LIMIT} characters")
    if args.player == "human":
        from .app import App
        from .ui.scenes.title import TitleScene

        from .ui.scenes import make_scene

        app = App()
        app.stack.push(TitleScene(app))
        return app.run(make_scene(app, "net_lobby", address=args.address, code=code, name=name, token=args.token,
                                  seat=args.seat, exit_at_end=args.exit_at_end))
    from .net.host import join_with_computer

    from .ai import LADDER

    if args.player not in LADDER and args.player not in {p.id for p in load_personalities()}:
        raise UsageError(f"no computer player is called {args.player!r} (try human, "
                         f"{', '.join(LADDER)} or an id from config/ai)")
    try:
        outcome = join_with_computer(args.address, code, name, args.player, args.seat, args.exit_at_end,
                                     args.token)
    except TableError as exc:
        raise UsageError(str(exc)) from None
    if not outcome.scores:  # the table ended before the game did: one line, and a status that says so
        print(f"{PROG}: {outcome.message}", file=sys.stderr)
        return 1
    print(f"{outcome.message}: scores {' '.join(str(s) for s in outcome.scores)}; "
          f"winner {', '.join(f'seat {w}' for w in outcome.winners)}")
    return 0


def watch_replay(args: argparse.Namespace) -> int:
    """``play --replay FILE``: the record is checked by replaying it, then watched on its table."""
    if args.game is not None or args.seats is not None or args.seed is not None or args.option:
        raise UsageError("--replay takes the game, seats and options from the record: leave out --game, --seats, "
                         "--seed and --option")
    record = read_record(args.replay)
    replay(record, GAMES)
    from .app import App
    from .ui.scenes import make_scene

    app = App(speed=args.speed)
    app.stack.open("title")
    return app.run(make_scene(app, "replay", record=record, exit_at_end=args.exit_at_end))


#: When set, the program prints the clock time of its first drawn frame and
#: quits: how benchmarks/startup.py measures the time to start.
FIRST_FRAME_VARIABLE = "FIFTYFIFTY_FIRST_FRAME"


def open_window() -> int:
    from .app import App

    app = App()
    if os.environ.get(FIRST_FRAME_VARIABLE):
        app.on_frame = _report_first_frame
    return app.run()


def _report_first_frame(app) -> None:
    print(f"first frame at {time.time():.3f}", flush=True)
    app.quit()


def run(argv: Sequence[str]) -> int:
    """Run a sub-command; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        if args.self_check:
            from .selfcheck import self_check

            return self_check()
        if args.command == "simulate":
            return simulate(args)
        if args.command == "replay":
            return replay_command(args)
        if args.command == "review":
            from .review_cli import review_command

            return review_command(args)
        if args.command == "arena":
            return arena_command(args)
        if args.command == "play":
            return play_command(args)
        if args.command == "serve":
            return serve_command(args)
        if args.command == "join":
            return join_command(args)
        if args.command in ("stats", "history"):
            from .stats_cli import history_command, stats_command  # sqlite3 is loaded only for these

            return (stats_command if args.command == "stats" else history_command)(args)
        return open_window()
    except (UsageError, GameError, ConfigError, PlayerError, FileReadError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
