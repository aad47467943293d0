"""The layout audit's recorder and its findings, on hand-made frames: each kind of collision is found, and
what is not one (a label inside its button, a line in its panel, a declared overlap, a covered layer) is not."""

import pygame
import pytest

from fiftyfifty_desktop.ui import audit, fonts, paint
from fiftyfifty_desktop.ui.layout import Layout
from fiftyfifty_desktop.ui.tables.parts import pill
from fiftyfifty_desktop.ui.widgets import draw_button

SIZE = (640, 360)


@pytest.fixture
def screen():
    """A window-sized surface, its text drawn at the sizes each test asks (a window opened by an earlier test may
    have left a larger smallest text in force)."""
    pygame.init()
    fonts.use_least(fonts.MIN_TEXT)
    yield pygame.Surface(SIZE)
    fonts.use_least(fonts.MIN_TEXT)


def found(draw, screen) -> list[str]:
    with audit.recording(SIZE) as recorder:
        draw(screen)
    assert recorder.drawn, "nothing was recorded"
    return [f.what for f in audit.findings(recorder) + audit.outside_panels(recorder)]


def test_text_over_text_is_found(screen):
    def draw(surface):
        paint.text(surface, "First line", 20, (100, 100), anchor="topleft")
        paint.text(surface, "Second line", 20, (120, 105), anchor="topleft")
    assert found(draw, screen) == ["text over text"]


def test_lines_one_under_the_other_are_not_a_collision(screen):
    def draw(surface):
        paint.paragraph(surface, "a long line that has to wrap over several lines of the panel", 20,
                        pygame.Rect(100, 100, 160, 200))
    assert found(draw, screen) == []


def test_text_outside_the_window_is_found(screen):
    assert found(lambda s: paint.text(s, "off the edge", 20, (630, 50), anchor="midleft"), screen) == [
        "text outside the window"]


def test_a_label_inside_its_button_is_fine_and_text_across_a_button_is_not(screen):
    lay = Layout(*SIZE)

    def draw(surface):
        draw_button(surface, pygame.Rect(100, 100, 160, 40), lay, "Play", False)
        paint.text(surface, "a note running into the button", 18, (40, 120), anchor="midleft")
    assert sorted(found(draw, screen)) == ["text across a control's edge", "text over text"]  # and over its label


def test_a_button_drawn_over_text_or_another_button_is_found(screen):
    lay = Layout(*SIZE)

    def draw(surface):
        paint.text(surface, "hidden", 18, (102, 120), anchor="midleft")
        draw_button(surface, pygame.Rect(100, 100, 160, 40), lay, "One", False)
        draw_button(surface, pygame.Rect(200, 110, 160, 40), lay, "Two", False)
    assert sorted(found(draw, screen)) == ["a control over a control", "text under a control drawn after it"]


def test_text_running_out_of_its_panel_and_a_panel_partly_over_text_are_found(screen):
    def draw(surface):
        paint.panel(surface, pygame.Rect(100, 100, 100, 80), 6)
        paint.text(surface, "far too wide for the panel", 18, (110, 120), anchor="topleft")
        paint.text(surface, "under", 18, (300, 250), anchor="topleft")
        paint.panel(surface, pygame.Rect(320, 200, 100, 100), 6)
    assert sorted(found(draw, screen)) == ["text partly covered by a panel", "text running out of its panel"]


def test_declared_overlaps_and_covered_layers_are_not_findings(screen):
    def draw(surface):
        paint.text(surface, "First line", 20, (100, 100), anchor="topleft")
        with audit.overlapping("a tag on a card"):
            paint.text(surface, "Second line", 20, (120, 105), anchor="topleft")
        paint.scrim(surface)
        paint.text(surface, "a dialog over it all", 20, (100, 100), anchor="topleft")
    assert found(draw, screen) == []


def test_only_window_sized_surfaces_count(screen):
    card = pygame.Surface((60, 90))
    with audit.recording(SIZE) as recorder:
        paint.text(card, "7", 20, (30, 45))
    assert recorder.drawn == []


def test_nothing_is_recorded_without_a_recorder(screen):
    paint.text(screen, "plain", 20, (10, 10))  # no recorder installed: drawing goes on as ever
    with audit.recording(SIZE) as recorder:
        pass
    assert recorder.drawn == []


def test_text_hidden_under_a_panel_is_not_also_text_over_text(screen):
    def draw(surface):
        paint.text(surface, "a line of the table that sticks out of the note", 20, (100, 100), anchor="topleft")
        paint.panel(surface, pygame.Rect(90, 90, 200, 60), 6)  # a note over it
        paint.text(surface, "the note's words", 20, (105, 104), anchor="topleft")
    assert found(draw, screen) == ["text partly covered by a panel"]


def test_a_scrolled_view_counts_only_what_its_clip_shows(screen):
    def draw(surface):
        paint.panel(surface, pygame.Rect(100, 100, 300, 100), 6)
        surface.set_clip(pygame.Rect(100, 100, 300, 100))
        paint.text(surface, "a line half out of the view", 20, (110, 190), anchor="topleft")
        surface.set_clip(None)
    assert found(draw, screen) == []


def recorded(draw, screen) -> audit.Recorder:
    with audit.recording(SIZE) as recorder:
        draw(screen)
    return recorder


def test_text_below_the_minimum_is_found_and_paint_never_draws_it(screen):
    def draw(surface):
        paint.text(surface, "a key hint", 9, (100, 100), anchor="topleft")
        paint.text(surface, "a label", 20, (100, 200), anchor="topleft")
    fonts.use_least(14)
    try:
        frame = recorded(draw, screen)
        assert [d.size for d in frame.drawn] == [14, 20]  # asked for 9: drawn at the window's smallest text
        assert audit.below_minimum(frame, 14) == []
        assert [f.first.words for f in audit.below_minimum(frame, 16)] == ["a key hint"]
    finally:
        fonts.use_least(fonts.MIN_TEXT)


def test_text_smaller_at_a_larger_text_size_is_found(screen):
    def at(sizes):
        def draw(surface):
            for i, size in enumerate(sizes):
                paint.text(surface, f"line {i}", size, (100, 40 * i + 10), anchor="topleft")
            paint.text(surface, "line 0", 20, (300, 10), anchor="topleft")  # the same words again, elsewhere
        return recorded(draw, screen)

    smaller, larger = at([16, 16, 16]), at([18, 15, 16])
    assert [(f.first.words, f.first.size) for f in audit.smaller_when_larger(smaller, larger)] == [("line 1", 15)]
    assert audit.smaller_when_larger(smaller, at([24, 16, 16])) == []


def test_a_badge_over_a_badge_is_found_and_badges_apart_are_not(screen):
    lay = Layout(*SIZE)

    def badges(*xs):
        def draw(surface):
            for x in xs:
                pill(surface, lay, "×2", (x, 100), (200, 160, 60))
        return draw
    assert "a badge over a badge" in found(badges(100, 110), screen)
    assert found(badges(100, 160, 220), screen) == []
