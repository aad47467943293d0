"""Four languages, whole: the same keys and fields everywhere, a text for every
refusal, plural forms by each language's rule, default names that follow the
language, every rules page, and whole games played in French and Italian."""

import pygame
import pytest

from fiftyfifty_desktop.app import App
from fiftyfifty_desktop.config import ConfigError
from fiftyfifty_desktop.engine import Reason
from fiftyfifty_desktop.engine.match import MATCH_REASON_CODES
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.resources import resource_path
from fiftyfifty_desktop.selfcheck import short_game
from fiftyfifty_desktop.storage import LANGUAGES, Settings, Storage
from fiftyfifty_desktop.ui import fonts, i18n
from fiftyfifty_desktop.ui.scenes import make_scene
from fiftyfifty_desktop.ui.players import HUMAN, default_name, is_pronoun, shown_name
from fiftyfifty_desktop.ui.tables.base import TableScene


#: A value for every parameter a refusal may carry.
DUMMY_PARAMS = {"card": "7S", "led": "7S", "held_back": ("JS",), "others": ("3S", "4S"), "forced": ("JS",),
                "wanted": ("6", "9"), "row": 5, "bid": 25, "count": 2, "seat": 3,
                "minimum": 1, "maximum": 6, "teams": 3}


@pytest.fixture
def speaking():
    """Switch the language for one test and back to English after it."""
    def switch(lang):
        i18n.install(language=lang)
    yield switch
    i18n.set_language("en")


def test_every_language_has_the_same_keys_fields_and_plural_entries():
    tables = i18n.load_translations()
    assert set(tables) == set(LANGUAGES) == {"en", "de", "fr", "it"}
    for lang in LANGUAGES:
        assert set(tables[lang]) == set(tables["en"])
        for key, entry in tables["en"].items():
            assert i18n.placeholders(tables[lang][key], lang, key) == i18n.placeholders(entry, "en", key), (lang, key)
            assert isinstance(tables[lang][key], dict) == isinstance(entry, dict), (lang, key)


def test_a_field_that_differs_is_named_in_one_line(i18n_copy):
    path = i18n_copy / "it.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('  your_turn: "{name}, tocca a te."', '  your_turn: "{nome}, tocca a te."'),
                    encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        i18n.load_translations(i18n_copy)
    assert str(info.value) == "config/i18n/it.yaml: table.your_turn: the placeholder {name} is missing, unlike en.yaml"


def test_a_plural_without_its_one_form_is_named_in_one_line(i18n_copy):
    path = i18n_copy / "fr.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('    one: "{count} pt"\n', ""), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"fr.yaml: 'fiftyfifty.points' lacks the plural form 'one'"):
        i18n.load_translations(i18n_copy)


def test_every_refusal_code_has_a_text_in_every_language(speaking):
    codes = {code for game in GAMES.values() for code in game.reason_codes} | set(MATCH_REASON_CODES)
    for lang in LANGUAGES:
        speaking(lang)
        for code in sorted(codes):
            text = i18n.reason_text(Reason(code, DUMMY_PARAMS, "English"))
            assert text and "{" not in text, (lang, code)


@pytest.mark.parametrize("lang, forms", [
    ("en", {0: "other", 1: "one", 2: "other", 5: "other", 21: "other", 1_000_000: "other"}),
    ("de", {0: "other", 1: "one", 2: "other", 5: "other", 21: "other", 1_000_000: "other"}),
    ("fr", {0: "one", 1: "one", 2: "other", 5: "other", 21: "other", 1_000_000: "many"}),
    ("it", {0: "other", 1: "one", 2: "other", 5: "other", 21: "other", 1_000_000: "many"}),
])
def test_plural_categories_follow_each_language(lang, forms):
    assert {n: i18n.plural_category(lang, n) for n in forms} == forms


@pytest.mark.parametrize("lang, shown", [
    ("en", {0: "0 bullheads", 1: "1 bullhead", 2: "2 bullheads", 5: "5 bullheads", 21: "21 bullheads"}),
    ("de", {0: "0 Hornochsen", 1: "1 Hornochse", 2: "2 Hornochsen", 5: "5 Hornochsen", 21: "21 Hornochsen"}),
    ("fr", {0: "0 tête de bœuf", 1: "1 tête de bœuf", 2: "2 têtes de bœuf", 5: "5 têtes de bœuf",
            21: "21 têtes de bœuf"}),
    ("it", {0: "0 teste di toro", 1: "1 testa di toro", 2: "2 teste di toro", 5: "5 teste di toro",
            21: "21 teste di toro"}),
])
def test_counts_take_the_right_form(speaking, lang, shown):
    speaking(lang)
    for n, words in shown.items():
        assert i18n.tr("take5.this_round", count=n).startswith(words)


@pytest.mark.parametrize("lang, shown", [
    ("en", {0.5: "0.50 bullheads", 1.0: "1.00 bullheads", 2.5: "2.50 bullheads"}),
    ("de", {0.5: "0,50 Hornochsen", 1.0: "1,00 Hornochsen", 2.5: "2,50 Hornochsen"}),
    ("fr", {0.5: "0,50 tête de bœuf", 1.0: "1,00 tête de bœuf", 2.5: "2,50 têtes de bœuf"}),
    ("it", {0.5: "0,50 teste di toro", 1.0: "1,00 teste di toro", 2.5: "2,50 teste di toro"}),
])
def test_a_number_with_decimals_is_written_and_agreed_with_as_each_language_does(speaking, lang, shown):
    speaking(lang)
    for value, words in shown.items():
        assert f"{i18n.decimal(value)} {i18n.tr('review.unit.bullheads', count=value)}" == words
    assert i18n.decimal(-0.25, signed=True) == ("\u22120.25" if lang == "en" else "\u22120,25")
    assert i18n.decimal(0.25, signed=True)[0] == "+"


@pytest.mark.parametrize("lang, one, two", [
    ("en", "Mistakes: 1 big · 1 clear · 1 small · 1 fine", "Mistakes: 2 big · 2 clear · 2 small · 2 fine"),
    ("de", "Fehler: 1 großer · 1 klarer · 1 kleiner · 1 guter Zug",
     "Fehler: 2 große · 2 klare · 2 kleine · 2 gute Züge"),
    ("fr", "Erreurs : 1 grosse · 1 nette · 1 petite · 1 bon coup",
     "Erreurs : 2 grosses · 2 nettes · 2 petites · 2 bons coups"),
    ("it", "Errori: 1 grave · 1 netto · 1 piccolo · 1 buona mossa",
     "Errori: 2 gravi · 2 netti · 2 piccoli · 2 buone mosse"),
])
def test_the_counts_of_mistakes_agree_with_their_number(speaking, lang, one, two):
    speaking(lang)
    for count, words in ((1, one), (2, two)):
        counts = {size: i18n.tr(f"review.count.{size}", count=count) for size in ("big", "clear", "small", "fine")}
        assert i18n.tr("review.mistakes", **counts) == words


def test_a_review_s_progress_agrees_with_the_decisions_weighed(speaking):
    speaking("fr")
    assert [i18n.tr("review.thinking", count=n, total=8) for n in (1, 2)] == [
        "1 décision évaluée sur 8…", "2 décisions évaluées sur 8…"]
    speaking("it")
    assert [i18n.tr("review.thinking", count=n, total=8) for n in (1, 2)] == [
        "1 decisione valutata su 8…", "2 decisioni valutate su 8…"]


def test_a_plural_text_without_a_count_is_an_error():
    with pytest.raises(TypeError, match="shows a count"):
        i18n.tr("take5.this_round")


def test_articles_before_a_card(speaking):
    ask = {card: i18n.tr("thirteen.banner_ask", asker="Ann", target="Bo", card=card) for card in ("7", "8", "11", "12")}
    assert ask == {"7": "Ann asks Bo for a 7", "8": "Ann asks Bo for an 8", "11": "Ann asks Bo for an 11",
                   "12": "Ann asks Bo for a 12"}
    speaking("de")  # "nach" takes the dative: "nach einer 8", where "Ann hat sicher eine 8"
    assert i18n.tr("thirteen.banner_ask", asker="Ann", target="Bo", card="8") == "Ann fragt Bo nach einer 8"
    assert i18n.tr("hint.thirteen_holds", seat="Ann", card="8") == "Ann hat sicher eine 8"
    speaking("fr")
    assert i18n.tr("thirteen.banner_ask", asker="Ann", target="Bo", card="8") == "Ann demande un 8 à Bo"
    speaking("it")
    assert i18n.tr("thirteen.banner_ask", asker="Ann", target="Bo", card="8") == "Ann chiede un 8 a Bo"


def test_a_refusal_is_worded_in_the_current_language_with_named_cards(speaking):
    reason = Reason("must_trump_held_back", {"led": "7S", "held_back": ("JS",), "others": ("3S", "4S")}, "English")
    name = {"7S": "7♠", "JS": "J♠", "3S": "3♠", "4S": "4♠"}.get
    assert i18n.reason_text(reason, name) == ("you must play a trump: the 7♠ was led "
                                              "(J♠ may be held back, but not 3♠ and 4♠)")
    speaking("fr")
    assert i18n.reason_text(reason, name) == ("vous devez jouer atout : l'entame est le 7♠ "
                                              "(J♠ peut être gardé, mais pas 3♠ et 4♠)")
    two = Reason("must_trump_held_back", {"led": "7S", "held_back": ("JS", "3S"), "others": ("4S",)}, "English")
    assert i18n.reason_text(two, name) == ("vous devez jouer atout : l'entame est le 7♠ "
                                           "(J♠ et 3♠ peuvent être gardés, mais pas 4♠)")
    speaking("it")
    assert i18n.reason_text(two, name).endswith("(J♠ e 3♠ si possono trattenere, ma non 4♠)")
    assert i18n.reason_text(Reason("discard_first", {"count": 1}, "x"), name) == "prima scarta ancora 1 carta"


def test_default_names_follow_the_language_and_typed_names_stay(speaking):
    from fiftyfifty_desktop.ai import load_personalities

    people = load_personalities()
    assert default_name(HUMAN, 0, people) == "Player 1"
    speaking("fr")
    assert shown_name("Player 1", HUMAN, 0, people) == "Joueur 1"
    assert shown_name("Computer 2", "medium", 1, people) == "Ordinateur 2"
    assert shown_name("Rosa the Careful", "rosa", 2, people) == "Rosa la Prudente"
    assert shown_name("Rosa the Careful 4", "rosa", 3, people) == "Rosa la Prudente 4"
    assert shown_name("Player 1", HUMAN, 1, people) == "Player 1"  # not this seat's default: typed
    assert shown_name("Ann", HUMAN, 0, people) == "Ann"
    speaking("it")
    assert shown_name("Joueur 1", HUMAN, 0, people) == "Giocatore 1"


@pytest.mark.parametrize("lang, shown", [
    ("en", {"A♥": "the A♥", "Q♣": "the Q♣", "8": "the 8"}),
    ("fr", {"A♥": "l'A♥", "Q♣": "la Q♣", "K♣": "le K♣", "8": "le 8", "11": "le 11"}),
    ("it", {"A♥": "l'A♥", "Q♣": "la Q♣", "K♣": "il K♣", "8": "l'8", "11": "l'11", "1": "l'1", "83": "l'83",
            "18": "il 18", "10": "il 10"}),
])
def test_the_definite_article_before_a_card(speaking, lang, shown):
    speaking(lang)
    for card, text in shown.items():
        assert i18n.tr("grammar." + i18n.definite_form(lang, card), word=card) == text


def test_a_sentence_starts_with_a_capital_article(speaking):
    speaking("it")
    assert i18n.tr("take5.low_card", card="8", name="Ada").startswith("L'8 di Ada è più basso")
    speaking("fr")
    assert i18n.tr("fiftyfive.caption_play", name="Ada", card="A♥") == "Ada joue l'A♥."


def test_french_elides_de_before_a_name_with_a_vowel(speaking):
    speaking("fr")
    assert i18n.tr("fiftyfive.contract", name="Ordinateur 4", bid=60) == "Enchère d'Ordinateur 4 : 60"
    assert i18n.tr("fiftyfive.contract", name="Émile", bid=20) == "Enchère d'Émile : 20"
    assert i18n.tr("fiftyfive.contract", name="Rosa", bid=20) == "Enchère de Rosa : 20"
    speaking("it")
    assert i18n.tr("fiftyfive.contract", name="Ottavio", bid=20) == "Offerta di Ottavio: 20"


@pytest.mark.parametrize("lang, shown", [
    ("fr", {0: "a 0 point sur 15", 5: "a 5 points sur 15"}),
    ("it", {0: "ha 0 punti su 15", 5: "ha 5 punti su 15"}),
])
def test_the_bidders_points_so_far_take_the_right_form(speaking, lang, shown):
    speaking(lang)
    assert {n: i18n.tr("fiftyfive.points_so_far", count=n, bid=15) for n in shown} == shown
    tricks = {n: i18n.tr("fiftyfive.all_tricks_so_far", count=n, bid=60) for n in (1, 2)}
    assert tricks[1] != tricks[2]


def test_a_pronoun_is_no_players_name_and_an_old_you_shows_as_the_default(speaking):
    from fiftyfifty_desktop.ai import load_personalities

    assert is_pronoun("You") and is_pronoun(" vous ") and is_pronoun("Tu") and is_pronoun("ich")
    assert not is_pronoun("Yves") and not is_pronoun("Ann")
    speaking("fr")
    assert shown_name("You", HUMAN, 0, load_personalities()) == "Joueur 1"


def test_every_game_has_a_rules_page_in_every_language_titled_with_its_name(speaking):
    for lang in LANGUAGES:
        speaking(lang)
        for game_id in GAMES:
            page = resource_path("assets", "rules", f"{game_id}.{lang}.md").read_text(encoding="utf-8")
            title = page.splitlines()[0].removeprefix("# ")
            assert title.startswith(i18n.tr(f"game.{game_id}")), (lang, game_id, title)


@pytest.mark.parametrize("lang", ["fr", "it", "de"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_plays_at_the_table_in_every_language_with_no_text_too_small(tmp_path, monkeypatch, lang,
                                                                                    game_id):
    """In the smallest usual window, with the log open beside the table, no line is drawn under the
    smallest readable size."""
    sizes = []
    render = fonts.text
    monkeypatch.setattr(fonts, "text", lambda content, size, *rest: sizes.append((size, content)) or
                        render(content, size, *rest))
    storage = Storage(tmp_path / "config", tmp_path / "data")
    storage.save_settings(Settings(speed="instant", language=lang, window=(960, 540)))
    app = App(storage)
    try:
        base = short_game(GAMES[game_id])
        record = Record(base.game, base.players, base.options,
                        (Seat("Computer 1", base.seats[0].player),) + base.seats[1:], base.seed)
        table = make_scene(app, "table", record=record, exit_at_end=True)
        app.start(table)
        table.corner.toggle_log()
        assert i18n.language() == lang and table.names[0] == i18n.tr("setup.default_computer", n=1)
        for _ in range(3000):
            if not app.running:
                break
            found = app.stack.find(TableScene)
            if found is not None:
                found.match.wait_for_computers()
            app.step(1 / 60)
        assert table.match.over
        small = sorted({(size, content) for size, content in sizes if size < fonts.MIN_TEXT and content.strip()})
        assert sizes and not small, small[:5]
    finally:
        if app.running:
            app.quit()
        i18n.set_language("en")


def test_why_a_game_is_not_saved_is_said_in_the_players_language(speaking, tmp_path):
    import errno

    from fiftyfifty_desktop.app import unsaved_cause
    from fiftyfifty_desktop.games_in_progress import Unsaved

    record = Record("take5", 2, {}, (Seat("Ann", HUMAN), Seat("Bo", HUMAN)), 1)
    full = Unsaved(record, "current-game.json: cannot be written (No space left on device)", tmp_path, errno.ENOSPC)
    odd = Unsaved(record, "current-game.json: cannot be written (Input/output error)", tmp_path, errno.EIO)
    speaking("fr")
    assert unsaved_cause(full) == "Le disque est plein."
    assert unsaved_cause(odd) == odd.problem  # the system's own words, with the file named
    speaking("it")
    assert unsaved_cause(full) == "Il disco è pieno."


def test_every_opponent_has_a_name_and_a_line_about_it_in_every_language():
    from fiftyfifty_desktop.ai import load_personalities

    tables = i18n.load_translations()
    for person in load_personalities():
        assert set(person.about) == set(LANGUAGES)  # the opponent's file gives its line in each language
        for lang in LANGUAGES:
            assert tables[lang][f"opponent.{person.id}"] and person.about[lang]
        assert len(set(person.about.values())) == 4  # translated


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_change_of_language_words_the_table_again_at_once(driver, game_id):
    """Names, the log, the look back and the rounds' scores switch with the setting, as a table opened in the
    new language from the same record would word them."""
    from fiftyfifty_desktop.ui.tables import table_for

    seats = (Seat("Player 1", HUMAN), Seat("Computer 2", "random"), Seat("Rosa", "medium"))  # Rosa: typed
    record = Record(game_id, 3, GAMES[game_id].resolve_options(3), seats, 11)
    table = driver.app.stack.push(table_for(game_id)(driver.app, record))
    for _ in range(12):
        driver.settle()
        if driver.top is table:
            driver.click(table.choices()[0][1].center)
        else:
            driver.press(pygame.K_RETURN)
    driver.settle()
    table.skip_animations()
    english = table.log.texts(table.viewer)
    english_caption = str(getattr(getattr(table, "board", None), "caption", ""))
    try:
        driver.app.change_settings(language="fr")
        assert table.names == ["Joueur 1", "Ordinateur 2", "Rosa"]
        fresh = table_for(game_id)(driver.app, table.record)
        assert table.log.texts(table.viewer) == fresh.log.texts(table.viewer) != english
        assert [heading for heading, _ in table.log.shown(table.viewer)] == \
            [heading for heading, _ in fresh.log.shown(table.viewer)]
        assert table.last_round == fresh.last_round and table.score_rows == fresh.score_rows
        caption = getattr(getattr(table, "board", None), "caption", "")  # the line of what just happened
        assert caption == "" or not isinstance(caption, str), "the table's caption was worded once, in English"
        if caption:
            assert str(caption) != english_caption or "Rosa" in english_caption
    finally:
        driver.app.change_settings(language="en")
    assert table.log.texts(table.viewer) == english and table.names[1] == "Computer 2"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", ["round", "hand", "turn"])
def test_a_stage_keeps_its_word_and_number_on_one_line(lang, kind):
    """"manche 3" on a saved game's line never breaks between the word and its number, however narrow."""
    i18n.set_language(lang)
    try:
        stage = i18n.tr(f"title.stage_{kind}", number=3)
        assert fonts.wrap(stage, 20, 1) == [stage]
    finally:
        i18n.set_language("en")


def summary_after_a_change_of_language(driver, game_id, seed, players, shown):
    """Play ``game_id`` (the first choice each time, seats with their default names) to the first summary
    that ``shown(summary)`` has words in, and return those words in English and again once French is chosen
    with the summary still open, with the seats' names in French."""
    from fiftyfifty_desktop.ui.scenes.summary import RoundSummaryScene
    from fiftyfifty_desktop.ui.tables import table_for

    seats = (Seat("Player 1", HUMAN),) + tuple(Seat(f"Computer {i}", "random") for i in range(2, players + 1))
    table = driver.app.stack.push(table_for(game_id)(driver.app, Record(
        game_id, players, GAMES[game_id].resolve_options(players), seats, seed)))
    for _ in range(400):
        driver.settle()
        top = driver.top
        if isinstance(top, RoundSummaryScene) and shown(top):
            break
        if top is table:
            driver.click(table.choices()[0][1].center)
        else:
            driver.click(top.next.rect.center)
    else:
        raise AssertionError("no summary showed what was looked for")
    english = shown(top)
    try:
        driver.app.change_settings(language="fr")
        assert driver.top is top and table.names[:2] == ["Joueur 1", "Ordinateur 2"]
        return english, shown(top), list(table.names)
    finally:
        driver.app.change_settings(language="en")


def test_the_score_sheets_notes_switch_language_with_the_sheet_open(driver):
    english, french, names = summary_after_a_change_of_language(
        driver, "fiftyfifty", 17, 4, lambda sheet: [str(note) for note in getattr(sheet, "notes", ())])
    assert any("ended this hand with no halves" in note for note in english)
    assert all("sans demi-masque" in note for note in french) and len(french) == len(english)
    assert all(any(name in note for name in names) for note in french)


def test_the_seats_names_in_a_rounds_scores_switch_language_with_the_summary_open(driver):
    english, french, names = summary_after_a_change_of_language(
        driver, "take5", 5, 3, lambda summary: [str(line.name) for line in summary.lines])
    assert english == ["Player 1", "Computer 2", "Computer 3"] and french == names


def test_thirteens_closing_summary_names_its_winners_in_the_language_chosen_with_it_open(driver):
    from fiftyfifty_desktop.ui.tables.thirteen import ThirteenSummaryScene

    english, french, names = summary_after_a_change_of_language(
        driver, "thirteen", 5, 3, lambda summary: [summary.heading, summary.note]
        if isinstance(summary, ThirteenSummaryScene) else [])
    assert english != french and any(name in french[1] for name in names[:3])
