"""Text that must fit: wrapping at spaces and soft hyphens, shrinking no further than the window's smallest
text, and cutting short what still does not fit."""

import pygame
import pytest

from fiftyfifty_desktop.ui import fonts


@pytest.fixture(autouse=True)
def font_module():
    pygame.font.init()
    yield


def width(text, size=15, bold=False):
    return fonts.font(size, bold).size(text)[0]


def test_a_long_word_breaks_at_its_soft_hyphen_and_shows_a_hyphen_there():
    text = "6 Stimmungs\u00adkarten verdeckt"
    room = width("Stimmungs-") + 2
    lines = fonts.wrap(text, 15, room)
    assert lines == ["6", "Stimmungs-", "karten", "verdeckt"]
    assert fonts.wrap(text, 15, 1000) == ["6 Stimmungskarten verdeckt"]  # no break, no hyphen shown


def test_a_soft_hyphen_fills_the_line_it_starts_on():
    lines = fonts.wrap("ein Donau\u00addampf\u00adschiff", 15, width("ein Donaudampf-") + 1)
    assert lines == ["ein Donaudampf-", "schiff"]


def test_a_word_too_long_for_a_line_breaks_after_its_own_hyphen_and_one_that_fits_stays_whole():
    room = width("die EHRLICH-") + 2
    assert fonts.wrap("die EHRLICH-Karten.", 15, room) == ["die", "EHRLICH-", "Karten."]
    assert fonts.wrap("EHRLICH-Karten. ja", 15, room) == ["EHRLICH-", "Karten. ja"]
    assert fonts.wrap("a Fifty-Five", 15, width("Fifty-Five") + 2) == ["a", "Fifty-Five"]  # fits a line: whole


def test_newlines_make_paragraphs_and_undrawable_characters_are_replaced():
    assert fonts.wrap("one two\n\nthree\x00", 15, 1000) == ["one two", "", "three\ufffd"]


def test_fit_stops_at_the_smallest_readable_size_and_clip_cuts_what_is_left():
    text = "Höchste Karte nimmt 4"
    for least in (fonts.MIN_TEXT, 18):  # the window's smallest text: at 100% in the smallest window, and larger
        fonts.use_least(least)
        room = width(text, least) - 10
        assert fonts.fit(text, 30, room) == least
        cut = fonts.clip(text, least, room)
        assert cut.endswith(fonts.ELLIPSIS) and width(cut, least) <= room
        assert fonts.fit("x", 8, 1) == 8  # a size asked below the minimum is kept, never raised
    fonts.use_least(fonts.MIN_TEXT)


def test_a_closing_aside_goes_before_any_word_is_cut():
    room = width("Zurück", fonts.MIN_TEXT, True) + 4
    assert fonts.clip("Zurück (Strg+Z)", fonts.MIN_TEXT, room, True) == "Zurück"
    assert fonts.clip("Zurück (Strg+Z)", fonts.MIN_TEXT, 1000, True) == "Zurück (Strg+Z)"
