"""No import circles in the package, and the rules never import the window.

The graph is read from the source with ``ast``; nothing is imported. Every
``import`` and ``from ... import`` of a module of the package is an edge,
relative or absolute, at the top of a module or inside a function: a circle
through a function-local import still ties the two modules together.
Imports under ``if TYPE_CHECKING:`` never run, but a module that names
another's type depends on it as much: the package is checked once without
them (no circle at run time) and once with them (no circle at all). Modules
loaded by name at run time (``importlib``) cannot be seen.

A package stands for its ``__init__``. ``from pkg import name`` is an edge
to the submodule ``pkg.name`` when there is one, else to ``pkg`` itself
(the name is an attribute of its ``__init__``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from .sources import parse

PACKAGE = "fiftyfifty_desktop"
ROOT = Path(__file__).resolve().parent.parent / PACKAGE

#: What the rules (engine and games) must never import.
FORBIDDEN_FOR_RULES = ("fiftyfifty_desktop.ui", "fiftyfifty_desktop.app", "pygame", "yaml")


# ----- reading the graph -----------------------------------------------------
def find_modules(root: Path, package: str) -> dict[str, Path]:
    """Every module under ``root`` by dotted name; a package's name stands for its ``__init__.py``."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, type_only: bool) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of the module, in functions too; those under ``if TYPE_CHECKING:`` only when
    ``type_only``."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if not type_only and isinstance(node, ast.If) and _is_type_checking(node.test):
            skipped.update(id(inner) for statement in node.body for inner in ast.walk(statement))
    return [node for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in skipped]


def _from_base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute name of the module a ``from ... import`` reads from."""
    if node.level == 0:
        return node.module or ""
    package = module.split(".") if is_package else module.split(".")[:-1]
    if node.level - 1 >= len(package):
        raise ValueError(f"{module}: relative import beyond the top-level package")
    base = package[:len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imported_names(module: str, source: str, is_package: bool, modules: set[str],
                   type_only: bool = False) -> set[str]:
    """The absolute names ``module`` imports at run time (and for its types only, when ``type_only``).

    ``from base import name`` gives ``base.name`` when that is one of ``modules``,
    else ``base``; names outside the package are kept as written."""
    names = set()
    for node in _imports(parse(source), type_only):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
            continue
        base = _from_base(module, is_package, node)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            names.add(submodule if submodule in modules else base)
    return names


def build_graph(root: Path, package: str, type_only: bool = False) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The import graph inside the package, and every module's imports from outside it (with the imports
    for types only, when ``type_only``)."""
    modules = find_modules(root, package)
    graph: dict[str, set[str]] = {}
    outside: dict[str, set[str]] = {}
    for module, path in modules.items():
        names = imported_names(module, path.read_text(encoding="utf-8"), path.name == "__init__.py", set(modules),
                               type_only)
        inside = {n for n in names if n == package or n.startswith(package + ".")}
        unknown = inside - set(modules)
        assert not unknown, f"{module} imports {sorted(unknown)}, which is not a module of {package}"
        graph[module] = inside
        outside[module] = names - inside
    return graph, outside


# ----- finding circles -------------------------------------------------------
def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components, each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The components that are circles: more than one module, or a module importing itself."""
    found = [c for c in strongly_connected(graph) if len(c) > 1 or c[0] in graph.get(c[0], ())]
    return sorted(found)


def one_loop(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """A shortest path around ``component`` from its first module back to it, for the message."""
    start, members = component[0], set(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & members):
                if target == start:
                    return paths[node] + [start]
                if target not in paths:
                    paths[target] = paths[node] + [target]
                    following.append(target)
        frontier = following
    raise AssertionError(f"{component} is not a circle")


def describe(graph: dict[str, set[str]], found: list[list[str]]) -> str:
    """Each circle as one loop through it, and all its modules."""
    return "; ".join(f"{' -> '.join(one_loop(graph, c))} (all of: {', '.join(c)})" for c in found)


def _in_layers(module: str, layers: tuple[str, ...]) -> bool:
    rest = module[len(PACKAGE) + 1:]
    return any(rest == layer or rest.startswith(layer + ".") for layer in layers)


@pytest.fixture(scope="module")
def package_graph():
    return build_graph(ROOT, PACKAGE)


# ----- the finder itself -----------------------------------------------------
def test_circle_finder_on_a_hand_made_graph():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}, "f": {"a"}, "g": {"h"}, "h": {"g"}}
    assert circles(graph) == [["a", "b", "c"], ["e"], ["g", "h"]]
    assert one_loop(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set(), "d": {"a", "c"}}) == []


def test_imports_are_resolved_as_python_resolves_them(tmp_path):
    files = {
        "__init__.py": "from . import sub\nVERSION = 1\n",
        "sub.py": "import os\nfrom . import VERSION\n\ndef later():\n    from .inner import deep\n",
        "inner/__init__.py": "from .deep import thing\n",
        "inner/deep.py": "from ..sub import later\nfrom .. import inner\nimport pkg.sub\nthing = 1\n",
        "inner/typed.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..sub import later\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    graph, outside = build_graph(tmp_path, "pkg")
    assert graph == {
        "pkg": {"pkg.sub"},
        "pkg.sub": {"pkg", "pkg.inner.deep"},
        "pkg.inner": {"pkg.inner.deep"},
        "pkg.inner.deep": {"pkg.sub", "pkg.inner"},
        "pkg.inner.typed": set(),
    }
    assert outside["pkg.sub"] == {"os"} and outside["pkg.inner.typed"] == {"typing"}
    assert circles(graph) == [["pkg", "pkg.inner", "pkg.inner.deep", "pkg.sub"]]
    typed, _ = build_graph(tmp_path, "pkg", type_only=True)
    assert typed["pkg.inner.typed"] == {"pkg.sub"} and typed["pkg.sub"] == graph["pkg.sub"]


def test_the_graph_sees_every_module_and_function_local_imports(package_graph):
    graph, _ = package_graph
    assert f"{PACKAGE}.engine.game" in graph and f"{PACKAGE}.games" in graph
    assert f"{PACKAGE}.engine" in graph[f"{PACKAGE}.games.take5"]
    # cli opens the window through imports inside play_command
    assert f"{PACKAGE}.app" in graph[f"{PACKAGE}.cli"]


# ----- the package -----------------------------------------------------------
def test_the_package_has_no_import_circles(package_graph):
    graph, _ = package_graph
    found = circles(graph)
    assert not found, f"import circles: {describe(graph, found)}"


def test_no_circle_even_through_imports_for_types_only():
    """The window's layers (app, scenes, tables, painters) name no type of a module that imports them."""
    graph, _ = build_graph(ROOT, PACKAGE, type_only=True)
    found = circles(graph)
    assert not found, f"import circles through imports for types only: {describe(graph, found)}"


def test_the_rules_never_import_the_window_or_yaml(package_graph):
    graph, outside = package_graph
    rules = [m for m in graph if _in_layers(m, ("engine", "games"))]
    assert len(rules) >= 10
    for module in rules:
        for name in graph[module] | outside[module]:
            assert not any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN_FOR_RULES), (
                f"{module} imports {name}")
