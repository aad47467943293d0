"""What the window keeps in memory stays bounded: the surface caches within their total budget, nothing
rendered for an old size after a resize, nothing of a table after it is left. Measured in bytes and
objects held, never in resident memory."""

import gc
import weakref

import pygame
import pytest

from fiftyfifty_desktop.storage import Settings
from fiftyfifty_desktop.ui import cards, fonts, native_memory, surface_cache
from fiftyfifty_desktop.ui.surface_cache import MB, SurfaceCache, total_bytes

from .drive import Driver

SIZES = ((960, 540), (1024, 576), (1000, 600), (1100, 620))


@pytest.fixture
def fast_driver(storage):
    """The application at fast speed, so that cards fly across the table and are drawn on the way."""
    storage.save_settings(Settings(speed="fast"))
    d = Driver.start(storage)
    yield d
    d.close()


def held_bytes() -> int:
    """The bytes of every entry every surface cache holds, counted afresh."""
    return sum(surface_cache.surface_bytes(value) for cache in surface_cache._caches
               for value, _ in cache.entries.values())


def play_frames(driver: Driver, frames: int, after_each=lambda: None) -> None:
    """Frames of the table in play, or until a person must act."""
    table = driver.table()
    for _ in range(frames):
        if table.acting is not None and not table.busy or driver.top is not table:
            return
        table.match.wait_for_computers()
        driver.frame()
        after_each()


def test_the_caches_together_stay_within_the_total_budget(fast_driver, monkeypatch):
    budget = 5 * MB
    monkeypatch.setattr(surface_cache, "TOTAL_BUDGET", budget)
    most = [0]

    def check() -> None:
        assert total_bytes() == held_bytes() <= budget
        most[0] = max(most[0], total_bytes())

    for game in ("take5", "fiftyfifty", "fiftyfive", "thirteen"):
        fast_driver.app.stack.restart("title")
        fast_driver.new_game(game, "7")
        for size in SIZES:
            fast_driver.app.resize(*size)
            check()
            play_frames(fast_driver, 90, check)
    assert most[0] > budget // 2  # the budget was reached for, so it was what bounded the caches


def test_past_the_total_budget_the_least_recently_used_entry_of_any_cache_goes(monkeypatch):
    monkeypatch.setattr(surface_cache, "TOTAL_BUDGET", 3 * 40_000)
    first = SurfaceCache(lambda n: pygame.Surface((100, 100), pygame.SRCALPHA), 1 * MB)
    second = SurfaceCache(lambda n: pygame.Surface((100, 100), pygame.SRCALPHA), 1 * MB)
    try:
        first.get((1,), {})
        first.get((2,), {})
        second.get((1,), {})
        first.get((1,), {})  # used again: now the second of the first cache is the oldest
        second.get((2,), {})
        assert list(first.entries) == [(1,)]
        assert list(second.entries) == [(1,), (2,)]
        assert total_bytes() == 3 * 40_000
    finally:
        first.clear()
        second.clear()
    assert total_bytes() == 0


def cached_surfaces() -> list[pygame.Surface]:
    """Every surface the caches hold, those in tuples too."""
    found = []
    for cache in surface_cache._caches:
        for value, _ in cache.entries.values():
            found.extend(value if isinstance(value, tuple) else (value,))
    return found


def test_a_resize_keeps_nothing_rendered_or_opened_for_the_old_size(fast_driver):
    fast_driver.new_game("take5", "7")
    play_frames(fast_driver, 60)
    rendered = [weakref.ref(surface) for surface in cached_surfaces()]
    size = fast_driver.table().layout.font_small
    old_font = fonts.font(size)
    assert rendered and fonts.font(size) is old_font
    fast_driver.app.resize(1100, 700)
    assert all(surface() is None for surface in rendered)
    assert fonts.font(size) is not old_font


def test_a_card_in_flight_is_drawn_from_one_cached_face_not_one_per_frame(fast_driver):
    fast_driver.new_game("take5", "7")
    heights = set()

    def note_heights() -> None:
        heights.update(key[3] for key in cards.face.cache.entries)

    play_frames(fast_driver, 200, note_heights)
    assert fast_driver.table().acting is not None  # the deal and the first plays were drawn
    assert 0 < len(heights) <= 4  # the heights cards rest at, not every height on the way


def test_a_table_left_lets_go_of_its_backdrop_at_once_and_of_itself_when_the_next_opens(fast_driver):
    table = fast_driver.new_game("take5", "7")
    play_frames(fast_driver, 30)
    backdrop = weakref.ref(table.backdrop.image())
    left = weakref.ref(table)
    del table
    gc.disable()  # only the table's own release may collect it here
    try:
        fast_driver.app.stack.restart("title")
        assert backdrop() is None  # freed by leaving, before any collection
        fast_driver.new_game("fiftyfifty", "7")
        assert left() is None
    finally:
        gc.enable()


def test_trimming_native_memory_never_fails(monkeypatch):
    assert native_memory.trim() in (True, False)
    monkeypatch.setattr(native_memory, "_malloc_trim", None)  # a system without glibc
    assert native_memory.trim() is False
