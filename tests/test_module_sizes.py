"""No module of the package is over 600 lines and no class of it has more than 40 methods: one that grows past
either is split by job first (into collaborators, not mixins)."""

import ast
from pathlib import Path

import pytest

from .sources import parse

PACKAGE = Path(__file__).resolve().parent.parent / "fiftyfifty_desktop"
MOST_LINES = 600
MOST_METHODS = 40
MODULES = sorted(PACKAGE.rglob("*.py"))


def methods_per_class(tree: ast.AST) -> dict[str, int]:
    """Each class of the module by name, with the number of functions defined in its body."""
    return {node.name: sum(isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) for item in node.body)
            for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_module_is_over_600_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{path.relative_to(PACKAGE)} has {lines} lines"


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_class_has_more_than_40_methods(path):
    for name, count in methods_per_class(parse(path.read_text(encoding="utf-8"))).items():
        assert count <= MOST_METHODS, f"{path.relative_to(PACKAGE).as_posix()}:{name} has {count} methods"


def test_methods_are_counted_in_the_class_body_only():
    source = "class A:\n    def one(self):\n        def inner():\n            pass\n    async def two(self):\n        pass\n"
    assert methods_per_class(parse(source)) == {"A": 2}
