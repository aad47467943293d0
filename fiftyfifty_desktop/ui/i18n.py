"""Every text a player reads comes from ``tr(key, **fmt)``.

Translations are YAML files ``config/i18n/<lang>.yaml``; nested mappings
give dotted keys (``title.new_game``). All languages must hold exactly the
same keys, so a text can never be missing in one of them, and every text
must name the same ``{placeholders}`` as English, so a misspelt one cannot
raise at the moment it is shown: loading checks both and reports the first
difference in one line.
"""

from __future__ import annotations

from pathlib import Path
from string import Formatter

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
    for lang in LANGUAGES:
        for key, text in tables[lang].items():
            wanted = placeholders(tables[reference][key], f"config/i18n/{reference}.yaml", key)
            found = placeholders(text, f"config/i18n/{lang}.yaml", key)
            if found != wanted:
                odd = sorted(found ^ wanted)[0]
                raise ConfigError(f"config/i18n/{lang}.yaml: {key}: the placeholder {{{odd}}} "
                                  f"{'is not in' if odd in found else 'is missing, unlike'} {reference}.yaml")
    return tables


def placeholders(text: str, file: str, key: str) -> set[str]:
    """The ``{names}`` a text fills in; a malformed ``{`` is a ``ConfigError``."""
    try:
        fields = {field for _, field, _, _ in Formatter().parse(text) if field is not None}
    except ValueError as exc:
        raise ConfigError(f"{file}: {key}: {exc}") from None
    for field in sorted(fields):
        if not field.isidentifier():
            raise ConfigError(f"{file}: {key}: a placeholder must be a {{name}}, not {{{field}}}")
    return fields


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
