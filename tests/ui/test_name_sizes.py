"""Names read side by side (the seats' plates along the top of a table, the ranking and score columns of the
results) are drawn in one size: a long name is no smaller than the short ones beside it, and is cut short
with "…" only where even that size cannot hold it."""

from __future__ import annotations

import pygame
import pytest

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui import fonts, paint
from fiftyfifty_desktop.ui.scenes.results import Placing, ResultsScene, ScoreRow, ScoreTable
from fiftyfifty_desktop.ui.tables import table_for

NAMES = ("You", "Al", "Rosa the Magnificent of Verona", "Bo")


def sizes_drawn(monkeypatch, draw, names, within: list[pygame.Rect]) -> dict[str, list[int]]:
    """The sizes ``draw()`` rendered each of ``names`` in (whole, or cut short with "…") inside the rects
    ``within``, in drawing order."""
    seen: list[tuple[str, int, pygame.Rect]] = []
    real = paint.text

    def text(surface, content, size, pos, colour=(0, 0, 0), bold=False, anchor="center", max_width=None):
        if max_width is not None:
            size = fonts.fit(content, size, max_width, bold)
            content = fonts.clip(content, size, max_width, bold)
        rect = real(surface, content, size, pos, colour, bold, anchor)
        seen.append((content, size, rect))
        return rect

    monkeypatch.setattr(paint, "text", text)
    draw()
    found: dict[str, list[int]] = {}
    for content, size, rect in seen:
        content = content.removeprefix("\u2605 ")
        for name in names:
            whole = content == name or (content.endswith(fonts.ELLIPSIS) and name.startswith(content[:-1]))
            if whole and any(place.contains(rect) for place in within):
                found.setdefault(name, []).append(size)
    return found


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_names_along_the_top_of_a_table_share_one_size(driver, monkeypatch, game_id):
    seats = (Seat(NAMES[0], "human"),) + tuple(Seat(name, "random") for name in NAMES[1:])
    table = driver.app.stack.push(table_for(game_id)(driver.app, Record(
        game_id, 4, GAMES[game_id].resolve_options(4), seats, 5)))
    driver.settle()
    surface = pygame.Surface(driver.app.screen.get_size())
    plates = [table.geo.plate(seat) for seat in table.geo.others]
    found = sizes_drawn(monkeypatch, lambda: table.draw(surface), NAMES[1:], plates)
    assert set(found) == set(NAMES[1:])
    assert len({size for sizes in found.values() for size in sizes}) == 1, found


def test_the_results_rank_and_head_their_columns_in_one_size_for_names(driver, monkeypatch):
    placings = [Placing(i + 1, name, 10 - i, i == 0) for i, name in enumerate(NAMES)]
    scores = ScoreTable(NAMES, (ScoreRow("Round 1", (1, 2, 3, 4)),))
    results = driver.app.stack.push(ResultsScene(driver.app, "Take 5", placings, None, scores=scores))
    driver.frame()
    surface = pygame.Surface(driver.app.screen.get_size())
    found = sizes_drawn(monkeypatch, lambda: results.draw(surface), NAMES, [results.panel, results.table_panel])
    assert set(found) == set(NAMES) and all(len(sizes) == 2 for sizes in found.values()), found
    column, ranking = zip(*found.values())  # the scores' table is drawn before the ranking
    assert len(set(column)) == 1 and len(set(ranking)) == 1, found


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_last_turn_gives_its_names_the_room_to_be_read_whole(driver, monkeypatch, size):
    driver.app.resize(*size)
    names = ("You", "Rosa the Magnificent", "Alessandro Maria", "Bo")
    seats = (Seat(names[0], "human"),) + tuple(Seat(name, "random") for name in names[1:])
    table = driver.app.stack.push(table_for("take5")(driver.app, Record("take5", 4, GAMES["take5"].resolve_options(4),
                                                                       seats, 5)))
    driver.settle()
    driver.click(table.choices()[0][1].center)
    driver.settle()
    driver.press(pygame.K_b)
    assert table.looking
    surface = pygame.Surface(driver.app.screen.get_size())
    drawn = []
    real = fonts.text
    monkeypatch.setattr(fonts, "text", lambda content, size, *a, **k: drawn.append((content, size)) or real(
        content, size, *a, **k))
    table.draw(surface)
    heading = [content for content, _ in drawn].index(table.settled_round.heading)
    overlay = drawn[heading:]  # the look back is drawn over the table
    assert set(table.names) <= {content for content, _ in overlay}  # each name whole
    assert len({size for content, size in overlay if content in table.names}) == 1
