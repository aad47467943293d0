"""The rules packages stay pure: no pygame, no yaml, no files."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "fiftyfifty_desktop"
PURE = sorted(p for folder in ("engine", "games") for p in (PACKAGE / folder).rglob("*.py"))
FORBIDDEN_MODULES = {"pygame", "yaml", "io", "os", "pathlib", "shutil", "tempfile", "platformdirs", "sqlite3"}
FORBIDDEN_CALLS = {"open"}


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_rules_module_is_pure(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
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
