"""Text drawing takes any string: a name or a file may hold characters of every Unicode category."""

import sys
import unicodedata

import pytest

pygame = pytest.importorskip("pygame")

from fiftyfifty_desktop.ui import fonts


def _one_of_each_category() -> dict[str, str]:
    samples: dict[str, str] = {}
    for code in range(sys.maxunicode + 1):
        samples.setdefault(unicodedata.category(chr(code)), chr(code))
    return samples


SAMPLES = _one_of_each_category()


@pytest.fixture(scope="module", autouse=True)
def _fonts_ready():
    pygame.font.init()
    yield


@pytest.mark.parametrize("category", sorted(SAMPLES))
def test_drawing_measuring_wrapping_and_clipping_never_raise(category):
    content = f"a{SAMPLES[category]}b {SAMPLES[category] * 3}"
    assert fonts.text(content, 18, (0, 0, 0)).get_width() >= 0
    assert fonts.wrap(content, 18, 60)
    assert fonts.fit(content, 18, 60) > 0
    fonts.clip(content, 18, 30)


@pytest.mark.parametrize("category", sorted(SAMPLES))
def test_a_text_of_one_category_alone_is_drawn(category):
    """A name of only zero-width characters (U+200B, U+FEFF, U+202E) once made the font code raise."""
    assert fonts.text(SAMPLES[category] * 2, 18, (0, 0, 0)).get_height() > 0


@pytest.mark.parametrize("content", ["\u200b", "\ufeff", "\u200d\u2060", "\u202e", "\u200b\ufeff\u200d\u2060\u202e"])
def test_zero_width_names_are_drawn(content):
    assert fonts.text(content, 18, (0, 0, 0)).get_height() > 0
