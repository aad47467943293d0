"""Each game's deck has a back of its own, and Fifty-Five's court cards have faces of their own."""

import pygame

from fiftyfifty_desktop.registry import ENTRY
from fiftyfifty_desktop.ui import cards
from fiftyfifty_desktop.ui.scenes.handover import HandoverScene
from fiftyfifty_desktop.games.fiftyfive.cards import card


def colours(image: pygame.Surface) -> set[tuple[int, int, int]]:
    """The colours of a coarse grid over ``image``, enough to tell two pictures apart."""
    w, h = image.get_size()
    return {tuple(image.get_at((x, y)))[:3] for x in range(2, w - 2, 4) for y in range(2, h - 2, 4)}


def test_every_game_has_a_back_unlike_any_other(driver):
    backs = {game: pygame.image.tobytes(cards.back(game, 68, 100), "RGBA") for game in ENTRY}
    assert len(set(backs.values())) == len(ENTRY)


def test_the_fiftyfive_table_and_its_hand_over_show_fiftyfive_backs(driver):
    table = driver.new_game("fiftyfive", "7", players=["human", "human"], names=["Ann", "Bob"])
    handover = driver.top
    assert isinstance(handover, HandoverScene)
    own = cards.back("fiftyfive", 68, 100)
    assert pygame.image.tobytes(table.cards.image(None, 68, 100), "RGBA") == pygame.image.tobytes(own, "RGBA")
    screen = pygame.Surface(driver.app.size)
    handover.draw(screen)
    shown = colours(screen)
    green_field = own.get_at((6, 50))[:3]
    red_field = cards.back("take5", 68, 100).get_at((6, 50))[:3]
    assert green_field in shown and red_field not in shown


def test_court_cards_show_a_figure_for_each_rank(driver):
    skin = set()
    faces = {}
    for rank in "JQK":
        image = cards.face("fiftyfive", card(rank, "S"), 136, 200)
        faces[rank] = pygame.image.tobytes(image, "RGBA")
        skin |= {rank} if any(abs(c[0] - 246) + abs(c[1] - 214) + abs(c[2] - 180) < 12 for c in colours(image)) \
            else set()
    assert skin == {"J", "Q", "K"}
    assert len(set(faces.values())) == 3
