"""The card pictures of the rules pages: every marker reads, and every picture fits its page."""

import pygame
import pytest

from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui import i18n
from fiftyfifty_desktop.ui.i18n import LANGUAGES
from fiftyfifty_desktop.ui.layout import Layout
from fiftyfifty_desktop.ui.illustrations import Item, PictureError, is_marker, parse_row
from fiftyfifty_desktop.ui.scenes.rules import RulesScene, line_height, rules_text


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_picture_line_of_every_page_reads(game_id):
    for lang in LANGUAGES:
        markers = [line for line in rules_text(game_id, lang).splitlines() if is_marker(line)]
        assert len(markers) >= 3, (game_id, lang)
        for line in markers:
            parse_row(game_id, line)


def test_a_bad_picture_line_is_named_in_one_line():
    with pytest.raises(PictureError, match="'105' is not a card of take5"):
        parse_row("take5", "[[cards: 12 105]]")
    with pytest.raises(PictureError, match="mood:BLUE:YELLOW"):
        parse_row("fiftyfifty", "[[cards: mood:9:1]]")
    with pytest.raises(PictureError, match="repeat"):
        parse_row("fiftyfifty", "[[cards: 99*blue]]")


def test_marks_and_repeats_read_as_written():
    row = parse_row("fiftyfive", '[[cards: "Led:" 5H! 3*blue JS~ ->]]')
    assert row[0] == Item("caption", "Led:") and row[1] == Item("card", 4, ring=True)
    assert row[2:5] == (Item("half", "blue"),) * 3 and row[5] == Item("card", 49, faded=True)
    assert row[6].kind == "sign"


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_every_page_shows_its_pictures_whole_in_every_language(driver, size):
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    try:
        for lang in LANGUAGES:
            i18n.set_language(lang)
            for game_id in GAMES:
                scene = RulesScene(driver.app, game_id)
                scene.resize(Layout(*size))
                inner = scene.page.inflate(-scene.layout.px(8), -scene.layout.px(6))
                pictures = [entry for entry in scene.lines if entry[4] is not None]
                assert len(pictures) >= 2, (lang, game_id)
                assert not any("picture line" in entry[0] for entry in scene.lines)
                for entry in pictures:
                    picture = entry[4]
                    assert picture.width <= inner.w and line_height(entry) <= inner.h, (lang, game_id, size)
                    assert picture.card_height >= scene.layout.px(6), (lang, game_id, "cards too small to read")
                    for _, rect in picture.places:
                        assert 0 <= rect.x and rect.right <= picture.width and 0 <= rect.y <= rect.bottom <= picture.height
                surface = pygame.Surface(size)
                while True:
                    scene.draw(surface)
                    before = scene.scroll
                    scene.scroll_by(inner.h // 2)
                    if scene.scroll == before:
                        break
    finally:
        i18n.set_language("en")
