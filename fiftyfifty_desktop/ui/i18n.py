"""Every text a player reads comes from ``tr(key, **fmt)``.

Translations are YAML files ``config/i18n/<lang>.yaml``; nested mappings
give dotted keys (``title.new_game``). All languages must hold exactly the
same keys, so a text can never be missing in one of them: loading checks
it and reports the first difference in one line.
"""

from __future__ import annotations

from pathlib import Path

from ..config import ConfigError, Node, load_yaml
from ..resources import resource_path

LANGUAGES = ("en", "de")
_tables: dict[str, dict[str, str]] = {}
_language = "en"


def _flatten(node: Node, prefix: str, out: dict[str, str]) -> None:
    for name, child in node.mapping(optional=node.value if isinstance(node.value, dict) else ()).items():
        key = f"{prefix}.{name}" if prefix else name
        if isinstance(child.value, dict):
            _flatten(child, key, out)
        else:
            out[key] = child.text()


def load_translations(folder: Path | None = None) -> dict[str, dict[str, str]]:
    """Read and check every language; raises ``ConfigError`` (one line)."""
    folder = folder or resource_path("config", "i18n")
    tables: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        shown = f"config/i18n/{lang}.yaml"
        table: dict[str, str] = {}
        _flatten(load_yaml(folder / f"{lang}.yaml", shown), "", table)
        tables[lang] = table
    reference = LANGUAGES[0]
    for lang in LANGUAGES[1:]:
        missing = sorted(set(tables[reference]) - set(tables[lang]))
        if missing:
            raise ConfigError(f"config/i18n/{lang}.yaml: missing the key {missing[0]!r} that {reference}.yaml has")
        extra = sorted(set(tables[lang]) - set(tables[reference]))
        if extra:
            raise ConfigError(f"config/i18n/{lang}.yaml: has the key {extra[0]!r} that {reference}.yaml lacks")
    return tables


def install(tables: dict[str, dict[str, str]] | None = None, language: str | None = None) -> None:
    """Make translations current (loading the shipped ones if none are given)."""
    global _tables
    _tables = tables if tables is not None else load_translations()
    if language is not None:
        set_language(language)


def set_language(language: str) -> None:
    global _language
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r} (known: {', '.join(LANGUAGES)})")
    _language = language


def language() -> str:
    return _language


def has(key: str) -> bool:
    if not _tables:
        install()
    return key in _tables[_language]


def tr(key: str, **fmt: object) -> str:
    """The text for ``key`` in the current language, with ``{name}`` fields filled in."""
    if not _tables:
        install()
    text = _tables[_language][key]
    return text.format(**fmt) if fmt else text
