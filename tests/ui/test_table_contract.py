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


@pytest.mark.parametrize("game_id", TABLED)
def test_every_event_kind_has_a_handler_or_is_declared_quiet(game_id):
    table = table_for(game_id)
    kinds = event_kinds(game_id)
    missing = sorted(k for k in kinds if not hasattr(table, f"on_{k}") and k not in table.QUIET_EVENTS)
    assert not missing, f"{table.__name__} neither animates nor declares quiet: {missing}"
    stale = sorted(table.QUIET_EVENTS - kinds)
    assert not stale, f"{table.__name__} declares quiet kinds its game has not: {stale}"
    both = sorted(k for k in table.QUIET_EVENTS if hasattr(table, f"on_{k}"))
    assert not both, f"{table.__name__} both animates and declares quiet: {both}"


@pytest.mark.parametrize("game_id", TABLED)
def test_every_event_kind_is_written_in_the_log_or_declared_unlogged(game_id):
    lines = table_for(game_id).move_lines
    kinds = event_kinds(game_id)
    missing = sorted(k for k in kinds if not hasattr(lines, f"log_{k}") and k not in lines.UNLOGGED_EVENTS)
    assert not missing, f"{lines.__name__} neither logs nor declares unlogged: {missing}"
    stale = sorted(lines.UNLOGGED_EVENTS - kinds)
    assert not stale, f"{lines.__name__} declares unlogged kinds its game has not: {stale}"
    both = sorted(k for k in lines.UNLOGGED_EVENTS if hasattr(lines, f"log_{k}"))
    assert not both, f"{lines.__name__} both logs and declares unlogged: {both}"


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
