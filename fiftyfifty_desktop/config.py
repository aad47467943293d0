"""Read YAML files from ``config/`` into checked values.

Every problem is one line naming the file, the line and the key, e.g.::

    config/ai/take5.yaml: line 7: opponents[1].budget: must be a number from 0.01 to 10, not 'lots'

Files are read through :class:`Node`, which keeps each value's line number,
so the checks that give meaning to a file stay short and declarative.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import yaml


class ConfigError(ValueError):
    """A configuration file that cannot be used; the message is one line."""


@dataclass(frozen=True)
class Node:
    """A YAML value with where it came from."""

    value: Any  # dict[str, Node], list[Node] or a plain scalar
    file: str
    line: int
    key: str

    def fail(self, problem: str) -> ConfigError:
        where = f"{self.file}: line {self.line}"
        return ConfigError(f"{where}: {self.key}: {problem}" if self.key else f"{where}: {problem}")

    def mapping(self, required: Iterable[str] = (), optional: Iterable[str] = ()) -> dict[str, Node]:
        """The node as a mapping with exactly these keys; unknown keys are errors."""
        if not isinstance(self.value, dict):
            raise self.fail("must be a mapping of keys to values")
        required, optional = set(required), set(optional)
        for name, child in self.value.items():
            if name not in required | optional:
                allowed = ", ".join(sorted(required | optional))
                raise child.fail(f"unknown key (allowed: {allowed})")
        missing = sorted(required - set(self.value))
        if missing:
            raise self.fail(f"missing key {missing[0]!r}")
        return self.value

    def items(self, minimum: int = 0, maximum: int | None = None) -> list[Node]:
        if not isinstance(self.value, list):
            raise self.fail("must be a list")
        n = len(self.value)
        if n < minimum or (maximum is not None and n > maximum):
            wanted = f"exactly {minimum}" if minimum == maximum else (
                f"at least {minimum}" if maximum is None else f"{minimum} to {maximum}")
            raise self.fail(f"must hold {wanted} entries, not {n}")
        return self.value

    def integer(self, minimum: int, maximum: int) -> int:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, int) or not minimum <= v <= maximum:
            raise self.fail(f"must be a whole number from {minimum} to {maximum}, not {v!r}")
        return v

    def number(self, minimum: float, maximum: float) -> float:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not minimum <= v <= maximum:
            raise self.fail(f"must be a number from {minimum} to {maximum}, not {v!r}")
        return float(v)

    def text(self, choices: Iterable[str] | None = None) -> str:
        v = self.value
        if not isinstance(v, str) or not v.strip():
            raise self.fail(f"must be a text, not {v!r}")
        if choices is not None:
            choices = tuple(choices)
            if v not in choices:
                raise self.fail(f"must be one of {', '.join(choices)}, not {v!r}")
        return v

    def boolean(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.fail(f"must be true or false, not {self.value!r}")
        return self.value

    def plain(self) -> Any:
        """The value with line numbers dropped, for data kept as it is."""
        if isinstance(self.value, dict):
            return {k: n.plain() for k, n in self.value.items()}
        if isinstance(self.value, list):
            return [n.plain() for n in self.value]
        return self.value


def parse_yaml(text: str, file: str) -> Node:
    """Parse YAML text into a :class:`Node` tree; ``file`` names it in errors."""
    loader = yaml.SafeLoader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            raise ConfigError(f"{file}: the file is empty")
        return _convert(loader, root, file, "")
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        line = f"line {mark.line + 1}: " if mark is not None else ""
        raise ConfigError(f"{file}: {line}not valid YAML: {problem}") from None
    finally:
        loader.dispose()


def _convert(loader: yaml.SafeLoader, node: yaml.Node, file: str, key: str) -> Node:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Node] = {}
        for key_node, value_node in node.value:
            name = loader.construct_object(key_node)
            if not isinstance(name, str):
                raise ConfigError(f"{file}: line {key_node.start_mark.line + 1}: keys must be texts, not {name!r}")
            if name in out:
                raise ConfigError(f"{file}: line {key_node.start_mark.line + 1}: key {name!r} appears twice")
            out[name] = _convert(loader, value_node, file, f"{key}.{name}" if key else name)
        return Node(out, file, line, key)
    if isinstance(node, yaml.SequenceNode):
        return Node([_convert(loader, n, file, f"{key}[{i}]") for i, n in enumerate(node.value)], file, line, key)
    return Node(loader.construct_object(node), file, line, key)


def load_yaml(path: Path, shown_as: str | None = None) -> Node:
    """Read and parse a YAML file; unreadable files are a :class:`ConfigError`."""
    name = shown_as or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{name}: file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{name}: cannot be read ({exc.__class__.__name__})") from None
    return parse_yaml(text, name)
