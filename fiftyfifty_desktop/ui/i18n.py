"""Every text a player reads comes from ``tr(key, **fmt)``.

Translations are YAML files ``config/i18n/<lang>.yaml``; nested mappings
give dotted keys (``title.new_game``). All languages must hold exactly the
same keys, so a text can never be missing in one of them, and every text
must name the same ``{placeholders}`` as English, so a misspelt one cannot
raise at the moment it is shown: loading checks both and reports the first
difference in one line.

A text that shows a count is a mapping of CLDR plural categories
(``one``, ``many``, ``other``; ``other`` always) instead of a single text;
``tr`` picks the form from the ``count`` field by the language's plural
rule (a float count is a number shown with its decimals). A field written
``{card:a}`` gets the indefinite article the language puts before a card
("a 7", "an 8"), ``{card:a_dative}`` the one after a word that takes the
dative (German "nach einer 7", where ``:a`` says "eine 7"), ``{card:the}``
(``:The`` at the start of a sentence) its definite article, elided or
feminine as the language needs ("l'A♥", "la Q♣", "l'8" in Italian);
``{name:of}`` gets the language's "of", elided where it must be ("de Rosa",
"d'Ordinateur 4"). :func:`decimal` writes a number with decimals as the
language does ("0.42", "0,42").
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any, Callable, Sequence, Union, overload

from ..config import ConfigError, Node, load_yaml
from ..engine.reason import Reason
from ..resources import resource_path
from ..storage import LANGUAGES, SetAside

#: CLDR plural categories a catalogue may use for a count.
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
#: The forms every plural text must give in every language (``many`` may be left to ``other``).
REQUIRED_FORMS = ("one", "other")

Entry = Union[str, dict[str, str]]
_tables: dict[str, dict[str, Entry]] = {}
_language = "en"


def plural_category(lang: str, count: int | float) -> str:
    """The CLDR plural category of ``count`` in ``lang``: a whole number, or (a float) a number shown with its
    decimals, as :func:`decimal` writes it.

    English, German: one for 1. French: one for 0 and 1, many for millions.
    Italian: one for 1, many for millions (CLDR 42 integer rules). A number with decimals is one in French
    below 2 ("0,50 tête de bœuf", "1,50 tête"), else other ("1.00 bullheads", "1,50 Hornochsen").
    """
    if isinstance(count, float):
        return "one" if lang == "fr" and abs(count) < 2 else "other"
    n = abs(count)
    if lang == "fr":
        if n in (0, 1):
            return "one"
        return "many" if n % 1_000_000 == 0 else "other"
    if lang == "it":
        if n == 1:
            return "one"
        return "many" if n != 0 and n % 1_000_000 == 0 else "other"
    return "one" if n == 1 else "other"


def _is_plural(node: Node) -> bool:
    value = node.value
    return (isinstance(value, dict) and "other" in value
            and set(value) <= set(PLURAL_CATEGORIES) and all(not isinstance(c.value, dict) for c in value.values()))


def _flatten(node: Node, prefix: str, out: dict[str, Entry]) -> None:
    for name, child in node.mapping(optional=node.value if isinstance(node.value, dict) else ()).items():
        key = f"{prefix}.{name}" if prefix else name
        if _is_plural(child):
            out[key] = {form: text.text() for form, text in child.value.items()}
        elif isinstance(child.value, dict):
            _flatten(child, key, out)
        else:
            out[key] = child.text()


def placeholders(entry: Entry, file: str, key: str) -> set[str]:
    """The ``{names}`` a text fills in (over all its plural forms); a malformed
    ``{`` or a placeholder that is not a plain name is a ``ConfigError``."""
    texts = entry.values() if isinstance(entry, dict) else (entry,)
    try:
        found = {field for text in texts for _, field, _, _ in string.Formatter().parse(text) if field is not None}
    except ValueError as exc:
        raise ConfigError(f"{file}: {key}: {exc}") from None
    for field in sorted(found):
        if not field.isidentifier():
            raise ConfigError(f"{file}: {key}: a placeholder must be a {{name}}, not {{{field}}}")
    return found


def _check_against(reference: str, ref: dict[str, Entry], lang: str, table: dict[str, Entry]) -> None:
    shown = f"config/i18n/{lang}.yaml"
    missing = sorted(set(ref) - set(table))
    if missing:
        raise ConfigError(f"{shown}: missing the key {missing[0]!r} that {reference}.yaml has")
    extra = sorted(set(table) - set(ref))
    if extra:
        raise ConfigError(f"{shown}: has the key {extra[0]!r} that {reference}.yaml lacks")
    for key in sorted(ref):
        entry, want = table[key], ref[key]
        if isinstance(want, dict) != isinstance(entry, dict):
            kind = "plural forms" if isinstance(want, dict) else "one text"
            raise ConfigError(f"{shown}: {key!r} must be {kind}, as in {reference}.yaml")
        if isinstance(entry, dict):
            lacking = [form for form in REQUIRED_FORMS if form not in entry]
            if lacking:
                raise ConfigError(f"{shown}: {key!r} lacks the plural form {lacking[0]!r}")
        wanted = placeholders(want, f"config/i18n/{reference}.yaml", key)
        found = placeholders(entry, shown, key)
        if found != wanted:
            odd = sorted(found ^ wanted)[0]
            raise ConfigError(f"{shown}: {key}: the placeholder {{{odd}}} "
                              f"{'is not in' if odd in found else 'is missing, unlike'} {reference}.yaml")


def load_translations(folder: Path | None = None) -> dict[str, dict[str, Entry]]:
    """Read and check every language; raises ``ConfigError`` (one line)."""
    folder = folder or resource_path("config", "i18n")
    tables: dict[str, dict[str, Entry]] = {}
    for lang in LANGUAGES:
        shown = f"config/i18n/{lang}.yaml"
        table: dict[str, Entry] = {}
        _flatten(load_yaml(folder / f"{lang}.yaml", shown), "", table)
        tables[lang] = table
    reference = LANGUAGES[0]
    for lang in LANGUAGES[1:]:
        _check_against(reference, tables[reference], lang, tables[lang])
    return tables


def install(tables: dict[str, dict[str, Entry]] | None = None, language: str | None = None) -> None:
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


#: First letters before which French elides "de" to "d'" (a name: "d'Anna", "d'Émile").
_ELIDING = set("AEIOUYÀÂÆÉÈÊËÎÏÔŒÙÛÜ")


def _starts_with_vowel_sound(text: str) -> bool:
    """Whether English says "an" before ``text`` (a card: "an 8", "an 11", "an A♥")."""
    digits = "".join(c for c in text if c.isdigit())
    if text[:1].isdigit():
        return digits.startswith("8") or digits in ("11", "18")
    return text[:1].upper() in "AEFHILMNORSX" and not text[1:2].isalpha()


def definite_form(lang: str, card: str) -> str:
    """Which definite article a card takes: ``the_vowel`` (elided), ``the_feminine`` or ``the``.

    A card is its rank as shown ("A♥", "Q♣", "10♦", "8", "6½"). French elides
    before the ace ("l'as") and says "la dame"; Italian elides before the ace
    and the numbers said with a vowel (uno, otto, undici, ottanta...) and says
    "la donna". English and German need one form.
    """
    rank = card.rstrip("♠♥♦♣")
    if lang in ("fr", "it") and rank == "Q":
        return "the_feminine"
    if lang == "fr" and rank == "A":
        return "the_vowel"
    if lang == "it" and (rank == "A" or rank in ("1", "11") or rank.startswith("8")):
        return "the_vowel"
    return "the"


class _Formatter(string.Formatter):
    """``str.format`` plus the article specs (``a``, ``a_dative``, ``the``, ``The``, ``of``) of the module's doc."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in ("a", "a_dative"):
            shown = str(value)
            article = "an" if _language == "en" and _starts_with_vowel_sound(shown) else "a"
            return tr(f"grammar.{article}{format_spec[1:]}", word=shown)
        if format_spec in ("the", "The"):
            shown = tr(f"grammar.{definite_form(_language, str(value))}", word=str(value))
            return shown[:1].upper() + shown[1:] if format_spec == "The" else shown
        if format_spec == "of":
            shown = str(value)
            return tr("grammar.of_vowel" if shown[:1].upper() in _ELIDING else "grammar.of", word=shown)
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


class Phrase:
    """Words put into the current language each time they are shown, so an overlay that is open while the
    language changes (a round's summary, the results) switches with the table under it."""

    def __init__(self, words: Callable[[], str]) -> None:
        self._words = words

    def __str__(self) -> str:
        return self._words()

    def __eq__(self, other: object) -> bool:
        """The same words when worded the same way (a copy of a board holding it keeps an equal caption)."""
        return isinstance(other, Phrase) and other._words is self._words

    def __hash__(self) -> int:
        return id(self._words)


class Worded:
    """An attribute that holds plain text or a :class:`Phrase` and reads as text in the language of the moment:
    ``heading = Worded()`` in a class, then ``self.heading = later("...")``, and every read words it again."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._slot = f"_{name}_words"

    @overload
    def __get__(self, instance: None, owner: type) -> Worded: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> str: ...

    def __get__(self, instance: object, owner: type | None = None) -> Worded | str:
        return self if instance is None else str(getattr(instance, self._slot))

    def __set__(self, instance: object, words: str | Phrase) -> None:
        setattr(instance, self._slot, words)


def later(key: str, **fmt: object) -> Phrase:
    """:func:`tr` of ``key`` when shown; a field that is itself a :class:`Phrase` is worded then too."""
    return Phrase(lambda: tr(key, **{name: str(v) if isinstance(v, Phrase) else v for name, v in fmt.items()}))


def name_of(names: Sequence[str], seat: int) -> Phrase:
    """Seat ``seat``'s name as ``names`` holds it when shown: a table words its seats' default names again when
    the language changes, and a line that names a seat follows."""
    return Phrase(lambda: names[seat])


def names_of(names: Sequence[str], seats: Sequence[int]) -> Phrase:
    """The names of ``seats`` joined as :func:`join_names` joins them, when shown (as :func:`name_of`)."""
    return Phrase(lambda: join_names([names[s] for s in seats]))


def tr(key: str, **fmt: object) -> str:
    """The text for ``key`` in the current language, with ``{name}`` fields filled in;
    a plural text takes its form from ``count``."""
    if not _tables:
        install()
    entry = _tables[_language][key]
    if isinstance(entry, dict):
        count = fmt.get("count")
        if not isinstance(count, (int, float)) or isinstance(count, bool):
            raise TypeError(f"the text {key!r} shows a count: give count= a number")
        entry = entry.get(plural_category(_language, count), entry["other"])
    return _FORMATTER.format(entry, **fmt) if fmt else entry


def in_every_language(key: str, **fmt: object) -> set[str]:
    """``key`` as each language writes it: to recognise a text the program wrote earlier, in whatever language."""
    global _language
    current = _language
    try:
        found = set()
        for lang in LANGUAGES:
            _language = lang
            found.add(tr(key, **fmt))
        return found
    finally:
        _language = current


def decimal(value: float, places: int = 2, signed: bool = False) -> str:
    """``value`` to ``places`` decimals as the current language writes it: its decimal sign (a comma in German,
    French and Italian), a true minus sign, and with ``signed`` a plus before a positive one."""
    shown = f"{value:+.{places}f}" if signed else f"{value:.{places}f}"
    return shown.replace(".", tr("grammar.decimal")).replace("-", "\u2212")


def join_names(names: list[str] | tuple[str, ...]) -> str:
    """``A``, ``A and B``, ``A, B and C`` in the current language."""
    if len(names) <= 1:
        return "".join(names)
    return tr("grammar.list", first=", ".join(names[:-1]), last=names[-1])


def reason_text(reason: Reason, card_name: Callable[[str], str] = str, section: str = "reason",
                names: Sequence[str] = ()) -> str:
    """A refusal (or a hint's reason, ``section`` ``hint``) in the current language: the reason's code picks the
    text ``<section>.<code>``, its cards are named by ``card_name`` and card lists joined; a ``seat`` is named
    from ``names``; a text with plural forms takes its form from the first list ("… may be held back" /
    "peuvent être gardés")."""
    shown: dict[str, object] = {}
    for name, value in reason.params.items():
        if name == "seat" and isinstance(value, int) and 0 <= value < len(names):
            shown[name] = names[value]
        elif isinstance(value, tuple):
            shown[name] = join_names([card_name(str(v)) for v in value])
            shown.setdefault("count", len(value))
        elif isinstance(value, str):
            shown[name] = card_name(value)
        else:
            shown[name] = value
    return tr(f"{section}.{reason.code}", **shown)


def game_title(game_id: str) -> str:
    """A game's name in the current language; an id the program does not know is shown as it is."""
    key = f"game.{game_id}"
    return tr(key) if has(key) else game_id


def set_aside_line(set_aside: SetAside) -> str:
    """An unreadable file kept aside, in the current language (the parser's detail stays as it is)."""
    return tr(f"notice.{set_aside.what}_set_aside", reason=set_aside.reason, file=set_aside.kept)
