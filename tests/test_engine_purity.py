"""The rules packages stay pure: no pygame, no yaml, no files."""

import ast
from pathlib import Path

import pytest
from .sources import parse

PACKAGE = Path(__file__).resolve().parent.parent / "fiftyfifty_desktop"
PURE = sorted(p for folder in ("engine", "games") for p in (PACKAGE / folder).rglob("*.py"))
FORBIDDEN_MODULES = {"pygame", "yaml", "io", "os", "pathlib", "shutil", "tempfile", "platformdirs", "sqlite3"}
FORBIDDEN_CALLS = {"open"}


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_rules_module_is_pure(path):
    tree = parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        else:
            names = []
        for name in names:
            assert name.split(".")[0] not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"


def test_purity_check_sees_every_rules_module():
    assert any(p.name == "take5.py" for p in PURE)
    assert any(p.name == "records.py" for p in PURE)


def test_no_event_field_hides_the_event_kind():
    """``Event.kind`` names the table's animation; a field called ``kind`` would hide it."""
    import dataclasses

    from fiftyfifty_desktop.engine import Event
    import importlib

    importlib.import_module("fiftyfifty_desktop.registry")  # imports every game's events

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    events = list(subclasses(Event))
    assert len(events) > 20
    for event in events:
        assert "kind" not in {f.name for f in dataclasses.fields(event)}, event.__name__
