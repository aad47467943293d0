"""Read YAML files from ``config/`` into checked values.

Every problem is one line naming the file, the line and the key, e.g.::

    config/ai/take5.yaml: line 7: opponents[1].budget: must be a number from 0.01 to 10, not 'lots'

Files are read through :class:`Node`, which keeps each value's line number,
so the checks that give meaning to a file stay short and declarative.

Every YAML file is read here and only here, within bounds: the file's size
(:mod:`textfiles`), its nesting depth, and the number of values after
aliases are expanded (a few hundred bytes of ``&a [*a, *a, ...]`` can
otherwise stand for billions of values). Only plain mappings, lists, texts,
numbers, booleans and null are accepted: any other tag (``!!python/...``,
``!!set``, a custom ``!thing``) is refused, never ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import yaml

from .engine.errors import brief, quoted
from .engine.strict_json import MAX_NUMBER_LENGTH
from .engine.text import bad_character
from .textfiles import CONFIG_LIMIT, FileReadError, read_text

#: Deepest nesting of mappings and lists in a YAML file.
MAX_DEPTH = 32
#: Most values in a file once aliases are expanded (the largest shipped file has about 600).
MAX_VALUES = 20_000
_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_TAG + name for name in ("str", "int", "float", "bool", "null")}


class ConfigError(ValueError):
    """A configuration file that cannot be used; the message is one line."""


@dataclass(frozen=True)
class Node:
    """A YAML value with where it came from."""

    value: Any  # dict[str, Node], list[Node] or a plain scalar
    file: str
    line: int
    key: str

    def shown(self) -> str:
        """The value as a short text for a message (never the whole tree of nodes)."""
        if isinstance(self.value, dict):
            return "a mapping"
        if isinstance(self.value, list):
            return "a list"
        return brief(self.value)

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
            raise self.fail(f"must be a whole number from {minimum} to {maximum}, not {self.shown()}")
        return v

    def number(self, minimum: float, maximum: float) -> float:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not minimum <= v <= maximum:
            raise self.fail(f"must be a number from {minimum} to {maximum}, not {self.shown()}")
        return float(v)

    def text(self, choices: Iterable[str] | None = None) -> str:
        v = self.value
        if not isinstance(v, str) or not v.strip():
            raise self.fail(f"must be a text, not {self.shown()}")
        bad = bad_character(v.replace("\n", " "))
        if bad is not None:
            raise self.fail(f"holds {bad}, which cannot be shown")
        if choices is not None:
            choices = tuple(choices)
            if v not in choices:
                raise self.fail(f"must be one of {', '.join(choices)}, not {self.shown()}")
        return v

    def boolean(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.fail(f"must be true or false, not {self.shown()}")
        return self.value

    def plain(self) -> Any:
        """The value with line numbers dropped, for data kept as it is."""
        if isinstance(self.value, dict):
            return {k: n.plain() for k, n in self.value.items()}
        if isinstance(self.value, list):
            return [n.plain() for n in self.value]
        return self.value


class _BoundedLoader(yaml.SafeLoader):
    """The safe loader, with the composer's recursion bounded by :data:`MAX_DEPTH`."""

    def __init__(self, text: str, file: str) -> None:
        super().__init__(text)
        self.file = file
        self.depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise ConfigError(f"{self.file}: line {mark.line + 1}: nested more than {MAX_DEPTH} deep")
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def parse_yaml(text: str, file: str) -> Node:
    """Parse YAML text into a :class:`Node` tree; ``file`` names it in errors."""
    loader: _BoundedLoader | None = None
    try:
        loader = _BoundedLoader(text, file)  # refuses unprintable characters at once
        root = loader.get_single_node()
        if root is None:
            raise ConfigError(f"{file}: the file is empty")
        return _Converter(loader, file).convert(root, "", 0)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        line = f"line {mark.line + 1}: " if mark is not None else ""
        raise ConfigError(f"{file}: {line}not valid YAML: {problem[:120]}") from None
    finally:
        if loader is not None:
            loader.dispose()


class _Converter:
    """Turns composed YAML nodes into :class:`Node` values, counting every value it makes,
    so aliases cannot expand without end."""

    def __init__(self, loader: yaml.SafeLoader, file: str) -> None:
        self.loader = loader
        self.file = file
        self.values = 0
        self.seen: set[int] = set()  # the nodes converted so far: one met again came through an alias
        self.aliased = False

    def fail(self, node: yaml.Node, problem: str) -> ConfigError:
        return ConfigError(f"{self.file}: line {node.start_mark.line + 1}: {problem}")

    def convert(self, node: yaml.Node, key: str, depth: int) -> Node:
        self.values += 1
        self.aliased = self.aliased or id(node) in self.seen
        self.seen.add(id(node))
        if self.values > MAX_VALUES:
            expanded = " once aliases are expanded" if self.aliased else ""
            raise self.fail(node, f"more than {MAX_VALUES:,} values{expanded}")
        if depth > MAX_DEPTH:
            raise self.fail(node, f"nested more than {MAX_DEPTH} deep (an alias may refer to itself)")
        line = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            if node.tag != _TAG + "map":
                raise self.fail(node, f"the tag {quoted(node.tag)} is not allowed")
            out: dict[str, Node] = {}
            for key_node, value_node in node.value:
                name = self.scalar(key_node)
                if not isinstance(name, str):
                    raise self.fail(key_node, f"keys must be texts, not {brief(name)}")
                if name in out:
                    raise self.fail(key_node, f"key {quoted(name)} appears twice")
                out[name] = self.convert(value_node, f"{key}.{name}" if key else name, depth + 1)
            return Node(out, self.file, line, key)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _TAG + "seq":
                raise self.fail(node, f"the tag {quoted(node.tag)} is not allowed")
            return Node([self.convert(n, f"{key}[{i}]", depth + 1) for i, n in enumerate(node.value)],
                        self.file, line, key)
        return Node(self.scalar(node), self.file, line, key)

    def scalar(self, node: yaml.Node) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(node, "keys must be texts, not a mapping or a list")
        if node.tag not in _SCALAR_TAGS:
            raise self.fail(node, f"the tag {quoted(node.tag)} is not allowed")
        if node.tag == _TAG + "int" and len(node.value) > MAX_NUMBER_LENGTH:
            raise self.fail(node, f"a number of {len(node.value)} characters is too long")
        return self.loader.construct_object(node)


def load_yaml(path: Path, shown_as: str | None = None) -> Node:
    """Read and parse a YAML file; unreadable files are a :class:`ConfigError`."""
    name = shown_as or str(path)
    try:
        text = read_text(path, CONFIG_LIMIT, name)
    except FileReadError as exc:
        raise ConfigError(str(exc)) from None
    return parse_yaml(text, name)
