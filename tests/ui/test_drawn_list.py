"""The scroll list: only whole rows, the wheel over it, Up/Down while focused (the focus moves on at an end),
PgUp/PgDn and Home/End, the thumb dragged and the track clicked."""

import pygame
import pytest

from fiftyfifty_desktop.ui.layout import Layout
from fiftyfifty_desktop.ui.drawn_list import DrawnList
from fiftyfifty_desktop.ui.widgets import Button, Form

ROW = 30


def key(code):
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


@pytest.fixture
def listed():
    """Twenty rows of 30 pixels in a list 100 pixels tall (three whole rows), between two buttons."""
    drawn = []
    rows = DrawnList(lambda surface, index, rect: drawn.append((index, rect.copy())), 20)
    rows.place(pygame.Rect(10, 50, 200, 100), ROW, Layout(960, 540))
    before, after = Button(lambda: "before", lambda: None), Button(lambda: "after", lambda: None)
    before.rect, after.rect = pygame.Rect(10, 0, 100, 40), pygame.Rect(10, 200, 100, 40)
    form = Form([before, rows, after])
    return rows, form, drawn


def test_only_whole_rows_are_shown_beside_the_bar(listed):
    rows, _, drawn = listed
    rows.draw(pygame.Surface((400, 300)), Layout(960, 540), False, False)
    assert [index for index, _ in drawn] == [0, 1, 2] and rows.page == 3
    assert all(rows.rect.contains(rect) for _, rect in drawn)
    assert all(rect.right <= rows.track().x for _, rect in drawn)
    assert rows.thumb().y == rows.track().y


def test_the_wheel_scrolls_only_over_the_list(listed):
    rows, _, _ = listed
    rows.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 60), rel=(0, 0), buttons=(0, 0, 0)))
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    assert rows.handle_event(wheel) is wheel and rows.first == 0  # the mouse is beside the list
    rows.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 60), rel=(0, 0), buttons=(0, 0, 0)))
    assert rows.handle_event(wheel) is None and rows.first == 2
    rows.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5, flipped=False))
    assert rows.first == 0


def test_keys_scroll_and_the_focus_moves_on_at_the_ends(listed):
    rows, form, _ = listed
    form.focus_on(rows)
    form.handle_event(key(pygame.K_DOWN))
    assert rows.first == 1 and form.focused is rows
    form.handle_event(key(pygame.K_PAGEDOWN))
    assert rows.first == 4
    form.handle_event(key(pygame.K_END))
    assert rows.first == 17 and list(rows.shown()) == [17, 18, 19]
    form.handle_event(key(pygame.K_DOWN))  # nothing further down: Down goes on to the next button
    assert rows.first == 17 and form.focused is not rows
    form.focus_on(rows)
    form.handle_event(key(pygame.K_PAGEUP))
    assert rows.first == 14
    form.handle_event(key(pygame.K_HOME))
    form.handle_event(key(pygame.K_UP))
    assert rows.first == 0 and form.focused is not rows
    # The page keys reach the list whatever holds the focus, through the screen.
    assert rows.handle_event(key(pygame.K_END)) is None and rows.first == 17


def test_the_thumb_follows_the_mouse_and_the_track_turns_pages(listed):
    rows, form, _ = listed
    thumb, track = rows.thumb(), rows.track()
    form.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    assert form.focused is rows and rows.grab is not None
    rows.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom + 50), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    assert rows.first == rows.last_first == 17
    rows.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, track.centery), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    assert 0 < rows.first < 17
    assert rows.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=thumb.center, button=1)) is None
    assert rows.grab is None
    rows.scroll_to(0)
    form.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(track.centerx, track.bottom - 2), button=1))
    assert rows.first == rows.page and rows.grab is None


def test_a_list_that_fits_has_no_bar_and_does_not_scroll(listed):
    rows, _, _ = listed
    rows.set_count(2)
    assert rows.track() is None and rows.thumb() is None
    assert not rows.scroll_by(1) and rows.handle_event(key(pygame.K_END)) is None and rows.first == 0
    rows.set_count(0)
    assert list(rows.shown()) == []
