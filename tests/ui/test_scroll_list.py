"""The scrolling list, with rows the owner draws and with rows of texts: only whole rows, the wheel over it,
Up/Down while focused (with drawn rows the focus moves on at an end), PgUp/PgDn and Home/End, the thumb dragged
and the track clicked; a list of texts keeps its chosen row in view, acts on a double click or Enter and jumps to
typed letters."""

import pygame
import pytest

from fiftyfifty_desktop.ui.layout import Layout
from fiftyfifty_desktop.ui.scroll_list import DOUBLE_CLICK, TYPING_PAUSE, ListRow, ScrollList
from fiftyfifty_desktop.ui.widgets import Button, Form

ROW = 30
LAYOUT = Layout(960, 540)


def key(code, text=""):
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text, scancode=0)


def motion(pos, buttons=(0, 0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def between_buttons(rows):
    before, after = Button(lambda: "before", lambda: None), Button(lambda: "after", lambda: None)
    before.rect, after.rect = pygame.Rect(10, 0, 100, 40), pygame.Rect(10, 200, 100, 40)
    return Form([before, rows, after])


@pytest.fixture
def listed():
    """Twenty drawn rows of 30 pixels in a list 100 pixels tall (three whole rows), between two buttons."""
    drawn = []
    rows = ScrollList(draw_row=lambda surface, index, rect: drawn.append((index, rect.copy())))
    rows.set_count(20)
    rows.place(pygame.Rect(10, 50, 200, 100), ROW, LAYOUT)
    return rows, between_buttons(rows), drawn


@pytest.fixture
def texts():
    """Forty named rows in a box of nine (the texts' box keeps a little room inside its edge)."""
    acted, chosen = [], []
    rows = ScrollList(acted.append, chosen.append)
    rows.set_rows([ListRow(name) for name in ("alpha", "beta", "bravo", "charlie")]
                  + [ListRow(f"row {i:02}") for i in range(36)])
    rows.place(pygame.Rect(10, 50, 300, 9 * ROW + 8), ROW, LAYOUT)
    return rows, between_buttons(rows), acted, chosen


def test_only_whole_rows_are_shown_beside_the_bar(listed):
    rows, _, drawn = listed
    rows.draw(pygame.Surface((400, 300)), LAYOUT, False, False)
    assert [index for index, _ in drawn] == [0, 1, 2] and rows.page == 3
    assert all(rows.rect.contains(rect) for _, rect in drawn)
    track, thumb = rows.bar()
    assert all(rect.right <= track.x for _, rect in drawn)
    assert thumb.y == track.y


def test_the_wheel_scrolls_only_over_the_list_and_a_short_list_a_row_a_notch(listed, texts):
    rows, _, _ = listed
    rows.handle_event(motion((300, 60)))
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    assert rows.handle_event(wheel) is wheel and rows.top == 0  # the mouse is beside the list
    rows.handle_event(motion((50, 60)))
    assert rows.handle_event(wheel) is None and rows.top == 2
    rows.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5, flipped=False))
    assert rows.top == 0
    long, _, _, _ = texts
    long.handle_event(motion(long.rect.center))
    assert long.handle_event(wheel) is None and long.top == 6 and long.chosen == 0  # three rows a notch


def test_keys_scroll_and_the_focus_moves_on_at_the_ends(listed):
    rows, form, _ = listed
    form.focus_on(rows)
    form.handle_event(key(pygame.K_DOWN))
    assert rows.top == 1 and form.focused is rows
    form.handle_event(key(pygame.K_PAGEDOWN))
    assert rows.top == 4
    form.handle_event(key(pygame.K_END))
    assert rows.top == 17 and list(rows.in_view()) == [17, 18, 19]
    form.handle_event(key(pygame.K_DOWN))  # nothing further down: Down goes on to the next button
    assert rows.top == 17 and form.focused is not rows
    form.focus_on(rows)
    form.handle_event(key(pygame.K_PAGEUP))
    assert rows.top == 14
    form.handle_event(key(pygame.K_HOME))
    form.handle_event(key(pygame.K_UP))
    assert rows.top == 0 and form.focused is not rows
    # The page keys reach the list whatever holds the focus, through the screen.
    assert rows.handle_event(key(pygame.K_END)) is None and rows.top == 17


def test_the_thumb_follows_the_mouse_and_the_track_turns_pages(listed):
    rows, form, _ = listed
    track, thumb = rows.bar()
    form.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    assert form.focused is rows and rows.dragging is not None
    rows.handle_event(motion((thumb.centerx, track.bottom + 50), (1, 0, 0)))
    assert rows.top == rows.last_top == 17
    rows.handle_event(motion((thumb.centerx, track.centery), (1, 0, 0)))
    assert 0 < rows.top < 17
    assert rows.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=thumb.center, button=1)) is None
    assert rows.dragging is None
    rows.scroll_to(0)
    form.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(track.centerx, track.bottom - 2), button=1))
    assert rows.top == rows.page and rows.dragging is None


def test_a_list_that_fits_has_no_bar_and_does_not_scroll(listed):
    rows, _, _ = listed
    rows.set_count(2)
    assert rows.bar() is None
    assert not rows.scroll_by(1) and rows.handle_event(key(pygame.K_END)) is None and rows.top == 0
    rows.set_count(0)
    assert list(rows.in_view()) == []


def test_the_chosen_row_moves_with_the_keys_and_stays_in_view(texts):
    rows, form, acted, chosen = texts
    form.focus_on(rows)
    assert rows.page == 9
    form.handle_event(key(pygame.K_PAGEDOWN))
    assert rows.chosen == 9 and rows.top == 1 and chosen == [9]
    form.handle_event(key(pygame.K_END))
    assert rows.chosen == 39 and rows.top == rows.last_top == 31
    form.handle_event(key(pygame.K_DOWN))  # the chosen row stays at the end and keeps the focus
    assert rows.chosen == 39 and form.focused is rows
    form.handle_event(key(pygame.K_HOME))
    form.handle_event(key(pygame.K_UP))
    assert rows.chosen == 0 and rows.top == 0 and form.focused is rows
    # Another field may use the page keys: the chosen row moves only with the focus on the list.
    end = key(pygame.K_END)
    assert rows.handle_event(end) is end and rows.chosen == 0
    form.handle_event(key(pygame.K_RETURN))
    assert acted == [0]


def test_a_second_click_soon_after_acts_and_letters_jump(texts):
    rows, form, acted, _ = texts
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rows.row_rect(2).center, button=1)
    form.handle_event(click)
    assert rows.chosen == 2 and acted == []
    rows.advance(DOUBLE_CLICK + 0.1)
    form.handle_event(click)  # too late: a first click again
    assert acted == []
    form.handle_event(click)
    assert acted == [2]
    rows.advance(TYPING_PAUSE + 0.1)
    for letter in "ch":
        form.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    assert rows.rows[rows.chosen].text == "charlie"
    rows.advance(TYPING_PAUSE + 0.1)
    form.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="b"))
    assert rows.chosen == 1
    form.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="b"))  # the same letter again: the next row
    assert rows.chosen == 2


def test_rows_of_texts_are_drawn_in_their_box(texts):
    rows, _, _, _ = texts
    surface = pygame.Surface((400, 400))
    rows.draw(surface, LAYOUT, True, False)
    inside = rows.rows_rect()
    assert rows.rect.contains(inside) and inside.right <= rows.bar()[0].x
    assert surface.get_at(rows.row_rect(0).move(2, 0).midleft)[:3] != (0, 0, 0)  # the chosen row's ground
