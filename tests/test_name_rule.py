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
