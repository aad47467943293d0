"""Each guided first game, driven to its end through the real scenes, as a newcomer would."""

import pygame
import pytest

from fiftyfifty_desktop.config import ConfigError, parse_yaml
from fiftyfifty_desktop.tutorials import read_tutorial, rehearse, tutorial_games
from fiftyfifty_desktop.ui.i18n import LANGUAGES, has, tr
from fiftyfifty_desktop.ui.scenes.learn import LearnScene
from fiftyfifty_desktop.ui.scenes.setup import SetupScene
from fiftyfifty_desktop.ui.scenes.summary import RoundSummaryScene
from fiftyfifty_desktop.ui.tables.guided import region
from fiftyfifty_desktop.ui.tables.modes import GuidedMode
from fiftyfifty_desktop.ui import i18n


def test_every_game_has_a_guided_first_game_with_its_texts_in_every_language():
    from fiftyfifty_desktop.registry import GAMES
    from fiftyfifty_desktop.tutorials import load_tutorial

    assert tutorial_games() == list(GAMES)
    try:
        for lang in LANGUAGES:
            i18n.set_language(lang)
            for game_id in tutorial_games():
                tutorial = load_tutorial(game_id)
                for note in tutorial.notes:
                    assert has(tutorial.key(note)), (lang, tutorial.key(note))
    finally:
        i18n.set_language("en")


def test_a_script_that_does_not_fit_its_deal_is_named_in_one_line():
    text = """
players: 3
seed: 1
opponents: [rosa, bruno]
setup: {hands: [[2, 45], [5, 12], [33, 80]], rows: [[3], [21], [41], [96]]}
computer_moves: [[p12, p5], [p33, p80]]
notes:
  - text: welcome
  - text: first_card
    moves: [p44]
"""
    with pytest.raises(ConfigError, match=r"note 2 \(first_card\): p44 is not legal for seat 0 then"):
        rehearse(read_tutorial("take5", parse_yaml(text, "take5.yaml")), "take5.yaml")
    with pytest.raises(ConfigError, match=r"line 10: notes\[1\].moves\[0\]: 'x' is not a Take 5 move"):
        read_tutorial("take5", parse_yaml(text.replace("[p44]", "[x]"), "take5.yaml"))


def settle(driver, table, ready, stuck: str) -> None:
    """Frames until ``ready()`` holds with the table on top (closing a round's summary on the way)."""
    for _ in range(3000):
        top = driver.top
        if isinstance(top, RoundSummaryScene):
            driver.click(top.next.rect.center)
            continue
        if top is table and ready():
            return
        table.match.wait_for_computers()
        driver.frame()
    raise AssertionError(stuck)


def settle_on_note(driver, table):
    """Until the table shows its note and waits for the person."""
    settle(driver, table, lambda: table.overlay.shown and (table.overlay.reading or table.my_turn),
           f"the guided game stopped at note {table.mode.note_index + 1}")


def make_the_moves(driver, table):
    """Click where each move the note waits for is made; cards laid away (a Fifty-Five discard)
    are marked in the hand one by one, then confirmed."""
    note = table.mode.note_index
    for _ in range(12):
        if table.mode.note_index != note:
            return
        wanted = [rect for move, rect in table.choices() if move in table.mode.waiting_for]
        if wanted:
            driver.click(wanted[0].center)
        else:
            hand = list(table.board.hand)
            for card in (card for move in list(table.mode.waiting_for) for card in move.cards):
                driver.click(table.geo.hand_slot(hand.index(card), len(hand)).center)
            driver.click(region(table, "confirm_button").center)
        if table.mode.note_index == note:
            settle_on_note(driver, table)
    raise AssertionError(f"note {note + 1} did not take its moves")


@pytest.mark.parametrize("game_id", tutorial_games())
def test_the_guided_game_from_the_title_to_free_play(driver, game_id):
    driver.click_button("Learn to play")
    assert isinstance(driver.top, LearnScene)
    driver.click_button(tr(f"game.{game_id}"))
    table = driver.top
    assert isinstance(table.mode, GuidedMode) and table.keeps_record is False
    refused = False
    seats_hidden = 0
    continue_places = set()
    while table.mode.note is not None:
        settle_on_note(driver, table)
        note = table.mode.note_index
        assert not any(table.overlay.rect.colliderect(r) for r in table.overlay.pointed()), f"note {note + 1} hides its point"
        seats_hidden += any(table.overlay.rect.colliderect(table.geo.plate(seat)) for seat in table.geo.others)
        others = [(move, rect) for move, rect in table.choices() if move not in table.mode.waiting_for]
        if others and not refused:
            driver.click(others[0][1].center)  # another legal move: kindly refused, the note stays
            assert table.message == tr("tutorial.not_now") and table.mode.note_index == note
            refused = True
        if table.overlay.reading:
            continue_places.add(tuple(table.overlay.continue_button.rect))
            assert not table.overlay.continue_button.rect.colliderect(table.overlay.rect), "Continue hides no words"
            driver.click(table.overlay.continue_button.rect.center)
        else:
            make_the_moves(driver, table)
        assert table.mode.note_index == note + 1
    assert refused
    assert len(continue_places) == 1, "Continue stays in one place from note to note"
    # The note sits beside the other seats, not over them, save where nothing else is free (at most once).
    assert seats_hidden <= 1
    # Free play: the person may make any legal move now and the computers play on.
    made = table.match.moves_made
    settle_on_note_free(driver, table)
    move, rect = table.choices()[-1]
    driver.click(rect.center)
    driver.settle()
    assert table.match.moves_made > made and not table.message


def settle_on_note_free(driver, table):
    """Until the free game after the notes comes to the person."""
    settle(driver, table, lambda: table.my_turn, "the free game did not come to the person")


def test_the_setup_screen_starts_the_guided_game_of_the_chosen_game(driver):
    driver.click_button("New game")
    assert isinstance(driver.top, SetupScene)
    driver.click_button("Learn to play")
    assert isinstance(driver.top.mode, GuidedMode) and driver.top.mode.tutorial.game == "take5"
    driver.press(pygame.K_ESCAPE)
    driver.click_button("Leave to title")


@pytest.mark.parametrize("change, words", [
    ({"text": "no_such_note"}, "no text 'tutorial.take5.no_such_note' in the catalogues"),
    ({"look": (("row_band", ()),)}, "row_band takes other arguments than []"),
    ({"look": (("row_band", (1, 2)),)}, "row_band takes other arguments than [1, 2]"),
    ({"look": (("nowhere", ()),)}, "the table has no part called 'nowhere'"),
])
def test_a_note_the_table_cannot_show_is_one_line_at_start_not_a_crash(change, words):
    from dataclasses import replace

    from fiftyfifty_desktop.tutorials import load_tutorial
    from fiftyfifty_desktop.ui.tables import table_for
    from fiftyfifty_desktop.ui.tables.guided import check_against_table

    tutorial = load_tutorial("take5")
    broken = replace(tutorial, notes=(replace(tutorial.notes[0], **change),) + tutorial.notes[1:])
    with pytest.raises(ConfigError) as caught:
        check_against_table(broken, table_for("take5"))
    assert words in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("seat", [7, -1])
def test_a_look_at_a_seat_the_guided_game_does_not_have_is_one_line(seat):
    """Arguments of the right number can still name nothing: a plate of a seat the game does not have."""
    from dataclasses import replace

    from fiftyfifty_desktop.tutorials import load_tutorial
    from fiftyfifty_desktop.ui.tables import table_for
    from fiftyfifty_desktop.ui.tables.guided import check_against_table

    tutorial = load_tutorial("fiftyfive")
    broken = replace(tutorial, notes=(replace(tutorial.notes[0], look=(("plate", (seat,)),)),) + tutorial.notes[1:])
    with pytest.raises(ConfigError) as caught:
        check_against_table(broken, table_for("fiftyfive"))
    assert f"the table has no plate [{seat}] in a game of {tutorial.players}" in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("game_id", tutorial_games())
def test_a_look_at_a_part_that_is_no_rectangle_is_one_line_in_every_game(game_id, tmp_path):
    """``look: [[panels]]`` names a part that gives a list of rectangles: refused at start and by --self-check."""
    import shutil

    import yaml

    from fiftyfifty_desktop.resources import resource_path
    from fiftyfifty_desktop.selfcheck import read_guided_games
    from fiftyfifty_desktop.tutorials import load_tutorial_file
    from fiftyfifty_desktop.ui.tables import table_for
    from fiftyfifty_desktop.ui.tables.guided import check_against_table

    folder = tmp_path / "tutorials"
    shutil.copytree(resource_path("config", "tutorials"), folder)
    path = folder / f"{game_id}.yaml"
    script = yaml.safe_load(path.read_text(encoding="utf-8"))
    script["notes"][0]["look"] = [["panels"]]
    path.write_text(yaml.safe_dump(script, allow_unicode=True), encoding="utf-8")
    words = "panels is no part of the table to point at"
    with pytest.raises(ConfigError, match=words) as caught:
        check_against_table(load_tutorial_file(path, game_id), table_for(game_id))
    assert "\n" not in str(caught.value)
    with pytest.raises(ConfigError, match=words):
        read_guided_games(folder)


def test_the_guided_note_hides_what_lies_under_it(driver):
    """The note's panel is opaque: drawn over white or over black, its inside reads the same."""
    driver.click_button("Learn to play")
    driver.click_button(tr("game.take5"))
    table = driver.top
    settle_on_note(driver, table)
    box = table.overlay.rect
    drawn = []
    for under in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface(driver.app.screen.get_size())
        surface.fill(under)
        table.overlay.draw(surface)
        drawn.append(surface.subsurface(box.inflate(-box.w // 10, -box.h // 10)).copy())
    assert pygame.image.tobytes(drawn[0], "RGB") == pygame.image.tobytes(drawn[1], "RGB")
