"""Each game's painter draws from a frozen frame and a surface, never from the table scene.

A painter module (``paint.py`` or ``drawing.py`` of a game's table package) and every screen module
(``ui/scene.py``, ``ui/scenes/``) may reach neither a table scene module (``ui/tables/base.py``, a game's
``table.py``) nor the app through any chain of imports, those for types included; and no painter function
takes the table: no ``self`` (a painting mixin), no parameter named or typed as a table or a scene.
"""

from __future__ import annotations

import ast

import pytest

from .sources import parse
from .test_import_graph import PACKAGE, ROOT, build_graph

UI = ROOT / "ui"
PAINTERS = sorted(path for name in ("paint.py", "drawing.py") for path in (UI / "tables").glob(f"*/{name}"))
SCREENS = sorted([UI / "scene.py", *(UI / "scenes").glob("*.py")])


def module_name(path) -> str:
    parts = [PACKAGE, *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_table_or_app(module: str) -> bool:
    return (module in (f"{PACKAGE}.app", f"{PACKAGE}.ui.tables.base")
            or (module.startswith(f"{PACKAGE}.ui.tables.") and module.endswith(".table")))


def reached(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    frontier = [start]
    while frontier:
        for target in graph.get(frontier.pop(), ()):
            if target not in seen:
                seen.add(target)
                frontier.append(target)
    return seen


@pytest.fixture(scope="module")
def graph_with_types():
    return build_graph(ROOT, PACKAGE, type_only=True)[0]


def test_every_game_has_a_painter():
    assert {path.parent.name for path in PAINTERS} == {"take5", "fiftyfifty", "fiftyfive", "thirteen"}


@pytest.mark.parametrize("path", PAINTERS + SCREENS, ids=lambda path: str(path.relative_to(UI)))
def test_no_painter_or_screen_reaches_a_table_or_the_app(path, graph_with_types):
    module = module_name(path)
    bad = sorted(target for target in reached(graph_with_types, module) if is_table_or_app(target))
    assert not bad, f"{module} imports {bad} (directly or through other modules)"


def table_parameters(tree: ast.AST) -> list[str]:
    """``function(parameter)`` for each parameter of a function that is, or may be, the table."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
            for argument in arguments:
                annotation = ast.unparse(argument.annotation) if argument.annotation is not None else ""
                if (argument.arg in ("self", "table", "scene", "t") or "Table" in annotation
                        or "Scene" in annotation):
                    found.append(f"{node.name}({argument.arg})")
    return found


@pytest.mark.parametrize("path", PAINTERS, ids=lambda path: str(path.relative_to(UI)))
def test_no_painter_function_takes_the_table(path):
    found = table_parameters(parse(path.read_text(encoding="utf-8")))
    assert not found, f"{path.relative_to(UI)}: {', '.join(found)}"


def test_a_painting_mixin_is_caught():
    source = "class Painting:\n    def draw(self, surface):\n        pass\n\ndef draw_hand(table, surface):\n    pass\n"
    assert sorted(table_parameters(parse(source))) == ["draw(self)", "draw_hand(table)"]
