"""Every word of the German, French and Italian catalogues is translated: a value the same as the English one is
allowed only for names and for words the language really shares with English, listed here with their reason."""

import re

import pytest

from fiftyfifty_desktop.ui import i18n

#: Names, the same in every language: the games, each language's own name for itself and the opponents.
NAMES = ("game.", "language.", "opponent.")
#: What is printed on the keys (the key names the catalogues do translate, such as Space and PgUp, are not here).
KEY_CAPS = {"f1", "f11", "esc", "enter", "ctrl", "tab", "a", "b", "c", "d", "h", "i", "l", "p", "s", "t", "v", "z",
            "backspace"}
#: Words each language writes as English does, with the same meaning.
SHARED_WORDS = {
    "de": {"computer", "name", "normal", "port", "standard", "team", "teams", "version"},
    "fr": {"date", "duel", "expert", "licence", "pause", "place", "point", "points", "port", "pt", "pts",
           "standard", "table", "total", "version"},
    "it": {"computer", "pt"},
}


def forms(entry) -> dict[str, str]:
    """A catalogue value's forms: the one text, or each plural form."""
    return entry if isinstance(entry, dict) else {"": entry}


def words_of(text: str) -> set[str]:
    """The words of ``text`` a reader reads: placeholders left out, in lower case."""
    words = re.findall(r"[^\W_]+", re.sub(r"\{[^}]*\}", " ", text))
    return {word.lower() for word in words if not word.isdigit()}


def untranslated(language: str) -> list[str]:
    tables = i18n.load_translations()
    english, own = tables["en"], tables[language]
    found = []
    for key, entry in own.items():
        if key.startswith(NAMES) or key not in english:
            continue
        reference = forms(english[key])
        for form, text in forms(entry).items():
            if text == reference.get(form, reference.get("other")) and words_of(text) - KEY_CAPS - SHARED_WORDS[language]:
                found.append(f"{key}{'.' + form if form else ''}: {text!r}")
    return found


@pytest.mark.parametrize("language", sorted(SHARED_WORDS))
def test_every_value_is_translated_but_names_and_shared_words(language):
    assert untranslated(language) == []


def test_the_check_finds_a_value_left_in_english(monkeypatch):
    tables = i18n.load_translations()
    spoilt = dict(tables["it"], **{"take5.round": tables["en"]["take5.round"]})
    monkeypatch.setattr(i18n, "load_translations", lambda: dict(tables, it=spoilt))
    assert untranslated("it") == ["take5.round: 'Round {round}'"]
    assert untranslated("de") == []


def test_every_shared_word_is_still_used_so_the_list_stays_short():
    tables = i18n.load_translations()
    for language, shared in SHARED_WORDS.items():
        english = tables["en"]
        used = set()
        for key, entry in tables[language].items():
            if key in english:
                reference = forms(english[key])
                used |= {word for form, text in forms(entry).items()
                         if text == reference.get(form, reference.get("other")) for word in words_of(text)}
        assert shared <= used, (language, shared - used)
