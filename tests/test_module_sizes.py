"""No module of the window is over 600 lines and no class of it has more than 40 methods: one that grows past
either is split by job first (into collaborators, not mixins)."""

import ast
from pathlib import Path

import pytest

from .sources import parse

UI = Path(__file__).resolve().parent.parent / "fiftyfifty_desktop" / "ui"
MOST_LINES = 600
MOST_METHODS = 40
#: Classes still over the limit, each with the most methods it may have until it is split: an entry may only
#: come down, and goes once its class is within the limit.
NOT_SPLIT_YET = {"tables/base.py:TableScene": 63}
MODULES = sorted(UI.rglob("*.py"))


def methods_per_class(tree: ast.AST) -> dict[str, int]:
    """Each class of the module by name, with the number of functions defined in its body."""
    return {node.name: sum(isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) for item in node.body)
            for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(UI)))
def test_no_window_module_is_over_600_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{path.relative_to(UI)} has {lines} lines"


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(UI)))
def test_no_window_class_has_more_than_40_methods(path):
    for name, count in methods_per_class(parse(path.read_text(encoding="utf-8"))).items():
        where = f"{path.relative_to(UI).as_posix()}:{name}"
        most = NOT_SPLIT_YET.get(where, MOST_METHODS)
        assert count <= most, f"{where} has {count} methods (at most {most})"
        if where in NOT_SPLIT_YET:
            assert count > MOST_METHODS, f"{where} is within {MOST_METHODS} methods now: take it off NOT_SPLIT_YET"


def test_every_class_not_split_yet_is_still_there():
    found = {f"{path.relative_to(UI).as_posix()}:{name}"
             for path in MODULES for name in methods_per_class(parse(path.read_text(encoding="utf-8")))}
    assert set(NOT_SPLIT_YET) <= found


def test_methods_are_counted_in_the_class_body_only():
    source = "class A:\n    def one(self):\n        def inner():\n            pass\n    async def two(self):\n        pass\n"
    assert methods_per_class(parse(source)) == {"A": 2}
