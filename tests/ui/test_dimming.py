"""A dialog over the table (the pause menu, a question, the list of keys, the look back) dims everything behind
it evenly: each pixel outside the dialog's panel is at most what the same pixel was without the dialog, dimmed
by the scrim — cards in flight, the hint's ring and note, the corner's buttons and every label included."""

from __future__ import annotations

import pygame
import pytest

from fiftyfifty_desktop.ui import audit, paint
from fiftyfifty_desktop.ui.scenes.pause import PauseScene

from .test_hints import TABLES, press_hint
from .test_move_log import record
from .test_undo import to_my_turn

#: What rounding may add to a dimmed channel.
ROUNDING = 2


def dimmed(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` as the scrim leaves it."""
    copy = surface.copy()
    paint.scrim(copy)
    return copy


def brighter_pixels(undimmed: pygame.Surface, shown: pygame.Surface, dialog: list[pygame.Rect]) -> int:
    """How many pixels of ``shown`` outside ``dialog`` are brighter than ``undimmed`` under the scrim."""
    excess = shown.copy()
    excess.blit(dimmed(undimmed), (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # what is left above the dim
    for rect in dialog:
        excess.fill((0, 0, 0), rect)
    dark = pygame.mask.from_threshold(excess, (0, 0, 0, 255), (ROUNDING + 1, ROUNDING + 1, ROUNDING + 1, 255))
    return excess.get_width() * excess.get_height() - dark.count()


def painted(app) -> tuple[pygame.Surface, list[pygame.Rect]]:
    """The window as a frame draws it now, and the panels of its last layer (the dialog, with its shadow)."""
    with audit.recording(app.screen.get_size()) as recorder:
        app.paint()
    last = max(drawn.layer for drawn in recorder.drawn)
    panels = [pygame.Rect(d.rect).inflate(d.rect[3] // 4, d.rect[3] // 4) for d in recorder.drawn
              if d.layer == last and d.kind == audit.PANEL]
    return app.screen.copy(), panels


def table_in_motion(driver, game_id):
    """A table at the person's turn with a hint shown and a card of the hand dragged up, at normal speed."""
    table = driver.app.stack.push(TABLES[game_id](driver.app, record(game_id, ("human", "random", "random"), 5)))
    to_my_turn(driver, table)
    driver.click(table.choices()[0][1].center if table.choices() else table.hint_rects(table.legal[0])[0].center)
    to_my_turn(driver, table)
    press_hint(driver, table)
    driver.app.change_settings(speed="normal")
    if table.choices():
        start = table.choices()[0][1].center
        driver.drag(start, (start[0], start[1] - table.layout.px(12)), release=False)
    return table


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_a_dialog_dims_everything_behind_it(driver, game_id):
    table = table_in_motion(driver, game_id)
    undimmed, _ = painted(driver.app)
    dialogs = {
        "pause": lambda: driver.app.stack.push(PauseScene(driver.app, table)),
        "question": lambda: driver.app.stack.open("confirm", heading="?", question="?", yes="common.back",
                                                  no="common.back", then=lambda: None),
        "keys": driver.app.stack.show_help,
    }
    for name, open_dialog in dialogs.items():
        open_dialog()
        assert driver.top is not table, name
        shown, panels = painted(driver.app)
        assert panels, f"the {name} dialog drew no panel"
        assert brighter_pixels(undimmed, shown, panels) == 0, f"something behind the {name} dialog is not dimmed"
        driver.app.stack.pop()


@pytest.mark.parametrize("game_id", ["fiftyfifty", "take5"])  # the tables with a turn behind them by now
def test_the_look_back_dims_everything_behind_it(driver, game_id):
    table = table_in_motion(driver, game_id)
    assert table.last_round is not None and table.corner.button("look_back") is not None
    undimmed, _ = painted(driver.app)
    table.corner.looking = True
    shown, panels = painted(driver.app)
    lit = table.corner.button("look_back").inflate(table.layout.px(3), table.layout.px(3))  # lit while it shows
    assert panels and brighter_pixels(undimmed, shown, panels + [lit]) == 0

