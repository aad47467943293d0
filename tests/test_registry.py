"""Every registry entry has each part a game can have, present and working, or given as None.

``GameEntry`` has no defaults, so an entry names every part; here each part
of each entry is checked by the check of its field, and a field without a
check fails the test: a part added to the registry is checked from its first
entry on. And since everything of a game is found through its entry, no
other module writes a game's id.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable

import pytest

from fiftyfifty_desktop.ai import Personality, make_agent
from fiftyfifty_desktop.ai.search import SearchSettings
from fiftyfifty_desktop.engine import Event, Game, Reason
from fiftyfifty_desktop.engine.match import play_out
from fiftyfifty_desktop.registry import ENTRY, GAMES, Deals, GameEntry, Scale

from .contract import computer_record
from .sources import parse

#: Moves played to find positions for the players and hint reasons to answer.
MOVES = 40


def positions(game: Game, seed: int = 1) -> list[tuple[Any, tuple[Any, ...]]]:
    """(view, legal moves) of every seat to move in a short game of random seats."""
    record = computer_record(game, game.min_players, seed)
    found: list[tuple[Any, tuple[Any, ...]]] = []

    def note(_seat, _move, state, _events) -> None:
        found.extend((game.view(state, s), game.legal_moves(state, s)) for s in game.to_move(state))

    play_out(game, record, {s: make_agent("random", game, s, seed) for s in range(record.players)},
             max_moves=MOVES, trace=note)
    assert found, f"{game.name}: no position to ask about"
    return found


def plays_legally(entry: GameEntry, player: str) -> None:
    """Seat the named player at every seat and let it play: every move it makes is legal (the match checks)."""
    game = entry.rules
    record = computer_record(game, game.min_players, 3)
    match = play_out(game, record, {s: make_agent(player, game, s, 3) for s in range(record.players)},
                     max_moves=MOVES)
    assert match.record.moves, f"{game.name}: the {player} player made no move"


def check_rules(entry: GameEntry) -> None:
    assert isinstance(entry.rules, Game) and ENTRY[entry.id] is entry and GAMES[entry.id] is entry.rules


def check_events(entry: GameEntry) -> None:
    events = entry.events
    assert events and all(inspect.isclass(e) and issubclass(e, Event) and e is not Event for e in events)
    assert len({e.kind_name() for e in events}) == len(events), "two event classes of one kind"
    module = sys.modules[type(entry.rules).__module__]
    beside = {v for v in vars(module).values() if inspect.isclass(v) and issubclass(v, Event)
              and v.__module__ == module.__name__}
    assert beside <= set(events), f"events defined beside the rules but not listed: {beside - set(events)}"


def check_card_reader(entry: GameEntry) -> None:
    read = entry.card_reader
    assert callable(read)
    assert read("") is None and read("?") is None and read("card") is None


def check_table(entry: GameEntry) -> None:
    from fiftyfifty_desktop.ui.tables.base import TableScene

    table = entry.load("table")
    assert inspect.isclass(table) and issubclass(table, TableScene)


def check_painter(part: str) -> Callable[[GameEntry], None]:
    def check(entry: GameEntry) -> None:
        painter = entry.load(part)
        assert callable(painter), f"{part} is not a painter"
    return check


def check_rule_player(entry: GameEntry) -> None:
    assert callable(entry.load("rule_player"))
    plays_legally(entry, "medium")


def check_beginner(entry: GameEntry) -> None:
    assert callable(entry.load("beginner"))
    beginner = Personality("beginner", "Beginner", (entry.id,), "random", 0.0, MappingProxyType({"boldness": 0.3}))
    game = entry.rules
    record = computer_record(game, game.min_players, 3)
    agents = {s: make_agent("beginner", game, s, 3, (beginner,)) for s in range(record.players)}
    assert play_out(game, record, agents, max_moves=MOVES).record.moves


def check_search(entry: GameEntry) -> None:
    assert isinstance(entry.load("search"), SearchSettings)
    assert entry.rule_player is not None, "the search plays its rollouts with the rule-based player"


def check_greedy(entry: GameEntry) -> None:
    assert callable(entry.load("greedy"))
    plays_legally(entry, "greedy")


def check_monte_carlo(entry: GameEntry) -> None:
    assert callable(entry.load("monte_carlo"))
    plays_legally(entry, "mc:2")


def check_hint_reasons(entry: GameEntry) -> None:
    reason = entry.load("hint_reasons")
    given = [reason(view, move) for view, legal in positions(entry.rules) for move in legal]
    assert all(r is None or isinstance(r, Reason) for r in given)
    assert any(r is not None for r in given), f"{entry.rules.name}: no reason for any move of a short game"


def check_consequences(entry: GameEntry) -> None:
    """Over a short game of random seats the namer finds costly events for seat 0, each worded in the catalogue."""
    from fiftyfifty_desktop.ui.i18n import has

    game, namer = entry.rules, entry.load("consequences")
    record = computer_record(game, game.min_players, 1)
    found: list[Any] = []
    states: list[Any] = []

    def note(_seat, _move, state, events) -> None:
        found.extend(namer(states[0] if states else state, states[-1] if states else state, state, events, 0,
                           record.players))
        states.append(state)

    play_out(game, record, {s: make_agent("random", game, s, 1) for s in range(record.players)},
             max_moves=MOVES, trace=note)
    assert found, f"{game.name}: no costly event in a short game"
    assert all(has(f"review.after.{code}") and isinstance(cost, float) for code, _, cost in found)


def check_tutorial(entry: GameEntry) -> None:
    from fiftyfifty_desktop.tutorials import load_tutorial

    tutorial = load_tutorial(entry.id)
    assert tutorial.game == entry.id and tutorial.notes


def check_deals(entry: GameEntry) -> None:
    assert isinstance(entry.deals, Deals)
    game = entry.rules
    record = computer_record(game, game.min_players, 5)
    agents = {s: make_agent("random", game, s, 5) for s in range(record.players)}
    match = play_out(game, record, agents, until=entry.deals.first_over)
    state = match.full_state()
    assert entry.deals.first_over(state) and entry.deals.played(state) == 1


def check_review(entry: GameEntry) -> None:
    scale = entry.review
    assert isinstance(scale, Scale) and 0 < scale.small < scale.clear < scale.big
    from fiftyfifty_desktop.ui.i18n import tr

    assert tr(f"review.unit.{scale.unit}", count=1) and tr(f"review.unit.{scale.unit}", count=0.5)


#: The check of each field; a value of None (a game without the part) is not checked.
CHECKS: dict[str, Callable[[GameEntry], None]] = {
    "rules": check_rules,
    "events": check_events,
    "card_reader": check_card_reader,
    "table": check_table,
    "faces": check_painter("faces"),
    "back": check_painter("back"),
    "rule_player": check_rule_player,
    "beginner": check_beginner,
    "search": check_search,
    "greedy": check_greedy,
    "monte_carlo": check_monte_carlo,
    "hint_reasons": check_hint_reasons,
    "consequences": check_consequences,
    "tutorial": check_tutorial,
    "deals": check_deals,
    "review": check_review,
}

#: Parts no game may go without.
REQUIRED = ("rules", "events")


def test_every_field_of_an_entry_is_given_and_has_a_check():
    fields = dataclasses.fields(GameEntry)
    assert [f.name for f in fields] == list(CHECKS), "each field of GameEntry needs its check here, in order"
    assert all(f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING for f in fields), \
        "no part may be left out of an entry by a default: each is given, or given as None"


@pytest.mark.parametrize("part", list(CHECKS))
@pytest.mark.parametrize("game_id", list(ENTRY))
def test_each_part_of_each_entry_is_present_and_works_or_is_none(game_id, part):
    entry = ENTRY[game_id]
    if getattr(entry, part) is None:
        assert part not in REQUIRED, f"{game_id} has no {part}"
        return
    CHECKS[part](entry)


def test_a_table_comes_with_the_faces_and_back_it_paints():
    for entry in ENTRY.values():
        assert (entry.table is None) == (entry.faces is None) == (entry.back is None), entry.id


def test_an_unknown_game_is_named_with_the_known_ones():
    from fiftyfifty_desktop.engine import OptionError
    from fiftyfifty_desktop.registry import entry

    with pytest.raises(OptionError, match="unknown game 'chess' \\(known games: take5, fiftyfifty"):
        entry("chess")


#: Where a game's id may be written outside the registry and the games' own rules, and why.
ID_WRITTEN = {
    ("ui/scenes/title.py", "take5"): "the title screen's picture is a fan of Take 5 cards: artwork, not a lookup",
    ("game_config.py", "fiftyfifty"): "the folder of Fifty Fifty's mood deck file, which its deck option reads",
}


def test_no_module_but_the_registry_and_the_rules_writes_a_game_id():
    """What a game has is found through its entry, so no other module names a game (a string constant equal to
    its id, as a key, a comparison or an argument)."""
    root = Path(__file__).resolve().parent.parent / "fiftyfifty_desktop"
    found = set()
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if relative == "registry.py" or relative.startswith("games/"):
            continue
        for node in ast.walk(parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in ENTRY:
                found.add((relative, node.value))
    assert found == set(ID_WRITTEN), f"game ids written outside the registry: {sorted(found - set(ID_WRITTEN))}"
