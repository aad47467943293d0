"""A table in the real program, worked with the mouse: a whole game of Take 5 played by dragging cards, and a
hint note that leaves the cards where they are.

The twin plays the same game (the same seed and seats, so the same deal and the same computer moves) and says
where each card of the hand is drawn at this window size; the window is given the same moves by real mouse
events only."""

from __future__ import annotations

import json
import subprocess
import sys

import pygame

from fiftyfifty_desktop.ai import load_personalities
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.games.take5 import Play
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui.i18n import tr
from fiftyfifty_desktop.ui.players import default_name
from fiftyfifty_desktop.ui.tables.base import TableScene

#: A game number whose first round ends the game at a target of 1 bullhead (checked by the twin below).
SEED = 3
PLAYERS = ("human", "random")


def play_arguments(*more: str) -> tuple[str, ...]:
    return ("play", "--game", "take5", "--seats", ",".join(PLAYERS), "--seed", str(SEED), "--speed", "instant",
            *more)


def twin_table(twin, options: dict) -> TableScene:
    """The table ``play`` opens for these arguments, in the twin: the same record, names included."""
    game = GAMES["take5"]
    personalities = load_personalities()
    names: list[str] = []
    for seat, player in enumerate(PLAYERS):
        names.append(default_name(player, seat, personalities, tuple(names)))
    record = Record(game.id, len(PLAYERS), game.resolve_options(len(PLAYERS), options),
                    tuple(Seat(name, player) for name, player in zip(names, PLAYERS)), SEED)
    table = twin.app.stack.open("table", record=record)
    twin.settle()
    return table


def stored_moves(home) -> list[str]:
    """The moves of the one game the program stored in its statistics."""
    listed = subprocess.run([sys.executable, "-m", "fiftyfifty_desktop", "history", "--json"], check=True,
                            capture_output=True, text=True, env={"FIFTYFIFTY_HOME": str(home), "PATH": ""}).stdout
    [game] = json.loads(listed)["games"]
    exported = home / "game.json"
    subprocess.run([sys.executable, "-m", "fiftyfifty_desktop", "history", "--export", str(game["id"]), str(exported)],
                   check=True, capture_output=True, env={"FIFTYFIFTY_HOME": str(home), "PATH": ""})
    return json.loads(exported.read_text())["moves"]


def test_a_whole_game_of_take5_is_played_by_dragging_cards(display, program, twin):
    window = program(*play_arguments("--option", "target=1", "--exit-at-end"))
    table = twin_table(twin, {"target": 1})
    shown = display.settled()
    drop = (table.layout.width // 2, table.layout.height // 3)  # over the rows, well above the hand
    dragged = 0
    while twin.top is table:
        assert dragged <= 12, "the game went on past its first round"
        move, rect = table.choices()[0]
        if isinstance(move, Play):
            display.drag(rect.center, drop)
            twin.drag(rect.center, drop)
            dragged += 1
        else:  # a card lower than every row: the row to take is clicked
            display.click(rect.center)
            twin.click(rect.center)
        twin.settle()
        shown = display.settled(unlike=shown)
    assert dragged == 10
    display.click(twin.button(tr("summary.to_results")).rect.center)  # the round's summary waits for a person
    assert window.finished() == 0  # the results screen, then the end (--exit-at-end)
    assert stored_moves(window.home) == json.loads(table.record.to_json())["moves"]  # every move, by the mouse


def test_a_hint_note_leaves_the_cards_where_they_were(display, program, twin):
    program(*play_arguments())
    table = twin_table(twin, {})
    hand = table.choices()
    display.move((table.layout.width // 2, table.layout.height // 3))  # the pointer away from the hand
    before = display.settled()
    display.key("h")
    twin.press(table.hint_key, pygame.key.name(table.hint_key))
    table.corner.wait_for_hint()
    assert table.hint is not None
    after = display.settled(unlike=before)  # the hint came: its note, and a ring round the card it names
    others = [rect.inflate(-8, -8) for move, rect in hand if move != table.hint.move]  # inside the ring's reach
    moved = [rect for rect in others if before.area(rect) != after.area(rect)]
    assert len(others) == 9 and not moved, f"{len(moved)} cards of the hand moved when the hint note came"
