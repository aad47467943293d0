"""The one rule for players' names, shared by set-up, records, saves and the network."""

import pytest

from fiftyfifty_desktop.engine.text import MAX_NAME_LENGTH, name_problem


@pytest.mark.parametrize("name", ["Ada", "Zoë", "李雷", "a b", "x" * MAX_NAME_LENGTH])
def test_ordinary_names_are_accepted(name):
    assert name_problem(name) is None


@pytest.mark.parametrize("name", [
    "", "   ", "\u200b", "\u200d\u200c", "\u2028", "\u2029", "\x00", "a\x07b", "\ud800",
    "Bob\u202e", "\u2066x\u2069", "a\u202ab", "\u0301", "x" * (MAX_NAME_LENGTH + 1),
    "Be\u200ba", "Ann\ufeff", "\ue000Max", "Rosa\U000e0001",
])
def test_invisible_control_or_overlong_names_are_refused_with_one_line(name):
    problem = name_problem(name)
    assert problem is not None and "\n" not in problem


@pytest.mark.parametrize("name", ["\u3164", "\u3164\u3164\u3164", "\u115f", "\u1160", "\uffa0", "\u2800",
                                  "\u2800 \u2800", "\u3164\u200b"])
def test_names_of_hangul_fillers_or_blank_braille_have_no_visible_glyph(name):
    assert name_problem(name) == "the name has no visible character"


@pytest.mark.parametrize("name", ["Bea\u3164", "\u2800Bea", "B\uffa0ea", "Bea\u115f"])
def test_a_blank_glyph_inside_a_name_is_refused_so_it_cannot_pass_for_another(name):
    """"Bea" and "Bea" + U+3164 look the same at a table: a character that draws nothing is refused anywhere."""
    problem = name_problem(name)
    assert problem is not None and "shows nothing" in problem and "\n" not in problem
