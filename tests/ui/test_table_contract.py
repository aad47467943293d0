"""What every game's table must do, checked over the whole registry."""

from __future__ import annotations

import pytest

from fiftyfifty_desktop.engine import Event
from fiftyfifty_desktop.registry import ENTRY
from fiftyfifty_desktop.ui.tables import events, table_for

#: The games that have a table.
TABLED = sorted(game_id for game_id, entry in ENTRY.items() if entry.table is not None)


def event_kinds(game_id: str) -> set[str]:
    return {cls.kind_name() for cls in ENTRY[game_id].events}


def assert_each_kind_handled_or_declared(owner, prefix: str, declared: frozenset[str], kinds: set[str],
                                         does: str, declares: str) -> None:
    """Each event kind has ``owner``'s ``prefix`` method or is in ``declared``, never both, and ``declared``
    names only kinds the game has."""
    name = owner.__name__
    missing = sorted(k for k in kinds if not hasattr(owner, f"{prefix}{k}") and k not in declared)
    assert not missing, f"{name} neither {does} nor declares {declares}: {missing}"
    stale = sorted(declared - kinds)
    assert not stale, f"{name} declares {declares} kinds its game has not: {stale}"
    both = sorted(k for k in declared if hasattr(owner, f"{prefix}{k}"))
    assert not both, f"{name} both {does} and declares {declares}: {both}"


@pytest.mark.parametrize("game_id", TABLED)
def test_every_event_kind_has_a_handler_or_is_declared_quiet(game_id):
    table = table_for(game_id)
    assert_each_kind_handled_or_declared(table, "on_", table.QUIET_EVENTS, event_kinds(game_id), "animates", "quiet")


@pytest.mark.parametrize("game_id", TABLED)
def test_every_event_kind_is_written_in_the_log_or_declared_unlogged(game_id):
    lines = table_for(game_id).move_lines
    assert_each_kind_handled_or_declared(lines, "log_", lines.UNLOGGED_EVENTS, event_kinds(game_id), "logs",
                                         "unlogged")


def test_an_event_without_a_handler_is_refused_not_skipped(driver):
    from fiftyfifty_desktop.engine.records import Record, Seat

    record = Record("take5", 2, {"target": 66, "variant": "standard"},
                    (Seat("Ann", "human"), Seat("Bo", "random")), 3)
    table = table_for("take5")(driver.app, record)

    class Unheard(Event):
        pass

    with pytest.raises(NotImplementedError, match="on_unheard"):
        events.animate(table, Unheard(), None)
    with pytest.raises(NotImplementedError, match="log_unheard"):
        events.write_log(table, Unheard(), None)
