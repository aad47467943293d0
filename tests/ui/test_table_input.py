"""A table handled like a card table: a card dragged to play it, a right-click or Esc to take it back, a
double-click that plays once, a move held until confirmed, and a forced move played for the person."""

import pygame
import pytest

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.games.thirteen import DRAW, VALUES, Ask, true_asks
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.games.fiftyfive.parts import Play as FiftyFivePlay
from fiftyfifty_desktop.games.take5 import Play
from fiftyfifty_desktop.storage import Storage
from fiftyfifty_desktop.ui.i18n import reason_text
from fiftyfifty_desktop.ui.scenes.settings import SettingsScene
from fiftyfifty_desktop.ui.tables.fiftyfive import FiftyFiveTable
from fiftyfifty_desktop.ui.tables.fiftyfive.hand_summary import HandSummaryScene
from fiftyfifty_desktop.ui.tables.picking import DOUBLE_CLICK, FORCED_DELAY
from fiftyfifty_desktop.ui.tables.take5 import Take5Table
from fiftyfifty_desktop.ui.tables.thirteen import ThirteenTable

from .drive import FRAME
from .test_fiftyfive_table import click_plan, discard_by_clicks, record as fiftyfive_record
from .test_thirteen_table import record as thirteen_record, value_rect


def take5_table(driver):
    """Take 5 against two computers, at seat 0's first choice of a card."""
    record = Record("take5", 3, {"target": 66, "variant": "standard"},
                    (Seat("Me", "human"), Seat("A", "random"), Seat("B", "random")), 4)
    table = driver.app.stack.push(Take5Table(driver.app, record))
    driver.settle()
    assert table.my_turn and table.view.phase == "choose"
    return table


def mine(table) -> list[str]:
    return [text for seat, text in table.record.moves if seat == 0]


def event(kind, pos, **fields):
    if kind == pygame.MOUSEMOTION:
        fields.setdefault("buttons", (1, 0, 0))
        fields.setdefault("rel", (0, 0))
    return pygame.event.Event(kind, pos=(int(pos[0]), int(pos[1])), **fields)


def hand_slot(table, index):
    return table.geo.hand_slot(index, len(table.board.hand))


def above_the_hand(table, index):
    slot = hand_slot(table, index)
    return slot.centerx, slot.top - table.layout.px(15)


def test_a_card_dragged_above_the_hand_is_played_and_follows_the_pointer(driver):
    table = take5_table(driver)
    card = table.board.hand[2]
    driver.drag(hand_slot(table, 2).center, above_the_hand(table, 2), release=False)
    assert table.picker.dragging and mine(table) == []  # held up, nothing played yet
    under = driver.app.screen.get_at(above_the_hand(table, 2))
    driver.frame(event(pygame.MOUSEMOTION, (5, 5)))
    driver.frame(event(pygame.MOUSEMOTION, above_the_hand(table, 2)))
    assert driver.app.screen.get_at(above_the_hand(table, 2)) == under  # the card is drawn under the pointer
    driver.frame(event(pygame.MOUSEBUTTONUP, above_the_hand(table, 2), button=1))
    assert mine(table) == [f"p{card}"]
    assert not table.picker.dragging


def test_the_dragged_card_is_drawn_where_the_pointer_is(driver):
    table = take5_table(driver)
    target = above_the_hand(table, 0)
    driver.frame(event(pygame.MOUSEMOTION, target, buttons=(0, 0, 0)))
    felt = driver.app.screen.copy()
    driver.drag(hand_slot(table, 0).center, target, release=False)
    assert driver.app.screen.get_at(target) != felt.get_at(target)
    driver.frame(event(pygame.MOUSEBUTTONDOWN, target, button=3))  # right-click: back to the hand
    assert not table.picker.dragging
    driver.frame(event(pygame.MOUSEBUTTONUP, target, button=1))
    assert mine(table) == []


def test_a_drag_let_go_over_the_hand_or_outside_or_cancelled_plays_nothing(driver):
    table = take5_table(driver)
    hand = list(table.board.hand)
    driver.drag(hand_slot(table, 1).center, hand_slot(table, 6).center)  # back over the hand
    assert mine(table) == [] and not table.picker.dragging
    driver.settle()  # the card flies back to its place
    driver.drag(hand_slot(table, 1).center, (table.layout.width + 50, 5))  # outside the window
    driver.settle()
    driver.drag(hand_slot(table, 1).center, above_the_hand(table, 1), release=False)
    driver.frame(event(pygame.MOUSEBUTTONDOWN, above_the_hand(table, 1), button=3))
    driver.frame(event(pygame.MOUSEBUTTONUP, above_the_hand(table, 1), button=1))
    driver.settle()
    driver.drag(hand_slot(table, 1).center, above_the_hand(table, 1), release=False)
    driver.press(pygame.K_ESCAPE)  # Esc sends the card back too, and opens no menu
    assert driver.top is table and not table.picker.dragging
    driver.frame(event(pygame.MOUSEBUTTONUP, above_the_hand(table, 1), button=1))
    driver.settle()
    assert mine(table) == [] and table.board.hand == hand and table.my_turn


def fiftyfive_playing(driver, ready=lambda table: True):
    """Fifty-Five against three computers, played by clicks until seat 0 is to play a card and ``ready``."""
    table = driver.app.stack.push(FiftyFiveTable(driver.app, fiftyfive_record()))
    for _ in range(300):
        driver.settle()
        if isinstance(driver.top, HandSummaryScene):
            driver.click(driver.top.next.rect.center)
            continue
        assert driver.top is table, "the game ended first"
        phase = table.match.full_state().phase
        if phase == "discard":
            discard_by_clicks(driver, table)
            continue
        if phase == "play" and ready(table):
            return table
        move, rect = click_plan(table)
        driver.click(rect.center)
    raise AssertionError("seat 0 never came to play a card")


def test_a_refused_card_dragged_to_the_trick_says_why_and_a_playable_one_is_played(driver):
    table = fiftyfive_playing(driver, lambda table: len(table.legal) < len(table.board.hand))
    hand, moves = table.board.hand, len(table.record.moves)
    refused = next(i for i, c in enumerate(hand) if FiftyFivePlay(c) not in table.legal)
    trick = table.geo.centre().center
    driver.drag(hand_slot(table, refused).center, trick)
    assert len(table.record.moves) == moves  # refused: nothing was played
    reason = table.game.why_illegal(table.match.full_state(), 0, FiftyFivePlay(hand[refused]))
    assert table.message == f"Not allowed: {reason_text(reason, table.card_name)}."
    driver.settle()
    playable = next(i for i, c in enumerate(table.board.hand) if FiftyFivePlay(c) in table.legal)
    card = table.board.hand[playable]
    driver.drag(hand_slot(table, playable).center, trick)
    assert table.record.moves[moves] == (0, FiftyFivePlay(card).text())


def test_a_double_click_plays_once(driver):
    table = take5_table(driver)
    slot = hand_slot(table, 5)
    spot = (slot.left + 3, slot.centery)  # still on a card once the hand closes up
    down, up = event(pygame.MOUSEBUTTONDOWN, spot, button=1), event(pygame.MOUSEBUTTONUP, spot, button=1)
    driver.frame(event(pygame.MOUSEMOTION, spot, buttons=(0, 0, 0)), down)
    driver.frame(up)
    assert len(mine(table)) == 1
    driver.settle()  # the next turn is offered at once, a card under the same spot
    assert table.my_turn and table.view.phase == "choose" and table.picker.hand_card_at(spot) is not None
    driver.frame(down)
    driver.frame(up)
    assert len(mine(table)) == 1  # the second half of the double-click played nothing
    driver.frame(dt=DOUBLE_CLICK)
    driver.frame(down)
    driver.frame(up)
    assert len(mine(table)) == 2  # a click after a pause is a click again


def test_confirm_holds_the_card_raised_until_a_second_press_or_enter_and_esc_takes_it_back(driver):
    driver.app.change_settings(confirm_move=True)
    table = take5_table(driver)
    card = table.board.hand[3]
    driver.click(hand_slot(table, 3).center)
    assert mine(table) == [] and table.picker.held == Play(card)
    driver.frame(event(pygame.MOUSEMOTION, (5, 5), buttons=(0, 0, 0)))
    assert table.picker.selected() == 3  # shown raised while held, wherever the mouse is
    driver.press(pygame.K_ESCAPE)
    assert driver.top is table and table.picker.held is None and mine(table) == []
    driver.click(hand_slot(table, 3).center)
    driver.frame(event(pygame.MOUSEBUTTONDOWN, (5, 5), button=3))  # a right-click takes it back too
    assert table.picker.held is None and mine(table) == []
    driver.click(hand_slot(table, 3).center)
    driver.press(pygame.K_RETURN)
    assert mine(table) == [f"p{card}"]
    driver.settle()
    second = table.board.hand[0]
    driver.click(hand_slot(table, 0).center)
    assert len(mine(table)) == 1
    driver.click(hand_slot(table, 0).center)  # the same card again
    assert mine(table)[1] == f"p{second}"


def test_a_double_click_with_confirm_on_plays_the_card_once(driver):
    driver.app.change_settings(confirm_move=True)
    table = take5_table(driver)
    spot = hand_slot(table, 0).center
    card = table.board.hand[0]
    for _ in range(2):
        driver.frame(event(pygame.MOUSEBUTTONDOWN, spot, button=1))
        driver.frame(event(pygame.MOUSEBUTTONUP, spot, button=1))
    assert mine(table) == [f"p{card}"]


def play_to_last_card(driver, table):
    """Play the lowest card (taking the first row offered) until seat 0 holds one card."""
    while len(table.board.hand) > 1 or not table.my_turn or table.view.phase != "choose":
        driver.settle()
        move, rect = table.choices()[0]
        if table.view.phase == "choose" and len(table.board.hand) == 1:
            break
        driver.click(rect.center)
    driver.settle()


def test_a_forced_move_is_played_after_a_short_pause_only_when_asked(driver):
    table = take5_table(driver)
    driver.frame(dt=5 * FORCED_DELAY)
    assert mine(table) == []  # several moves: the person chooses, the setting on or off
    play_to_last_card(driver, table)
    assert len(table.legal) == 1 and table.my_turn
    made = len(mine(table))
    for _ in range(5):
        driver.frame(dt=FORCED_DELAY)
    assert len(mine(table)) == made  # off: the last card waits for the person
    driver.app.change_settings(play_forced=True)
    driver.frame(dt=FORCED_DELAY / 2)
    driver.frame(dt=FRAME)
    assert len(mine(table)) == made and table.picker.selected() == 0  # shown first
    driver.frame(dt=FORCED_DELAY)
    assert len(mine(table)) == made + 1


def test_a_forced_move_waits_while_several_are_legal(driver):
    driver.app.change_settings(play_forced=True)
    table = take5_table(driver)
    for _ in range(10):
        driver.frame(dt=FORCED_DELAY)
    assert mine(table) == [] and len(table.legal) > 1


def test_the_two_settings_are_shown_saved_and_read_back(driver, storage):
    driver.app.stack.push(SettingsScene(driver.app))
    scene = driver.top
    assert (scene.confirm_move.value, scene.play_forced.value) == (False, False)
    labels = [w.label for w in scene.form.widgets]
    assert "settings.confirm_move" in labels and "settings.play_forced" in labels
    driver.click((scene.confirm_move.rect.right - 5, scene.confirm_move.rect.centery))
    driver.click((scene.play_forced.rect.right - 5, scene.play_forced.rect.centery))
    assert driver.app.settings.confirm_move and driver.app.settings.play_forced
    settings, _ = Storage(storage.settings_path.parent, storage.data_dir).load_settings()
    assert settings.confirm_move and settings.play_forced


def thirteen_table(driver):
    """Thirteen against three computers, at seat 0's first ask."""
    table = driver.app.stack.push(ThirteenTable(driver.app, thirteen_record()))
    driver.settle()
    assert table.my_turn and table.targets()
    return table


def test_a_thirteen_value_or_hand_card_dragged_to_a_seat_asks_it_and_a_refused_one_says_why(driver):
    table = thirteen_table(driver)
    seat = table.targets()[-1]
    lie = next(v for v in VALUES if Ask(seat, v) in table.legal and v not in true_asks(table.view.hand))
    driver.drag(value_rect(table, lie).center, table.geo.plate(seat).center)  # a value to the seat's box
    assert table.record.moves[-1] == (0, Ask(seat, lie).text())
    for _ in range(200):  # on to an ask after the turn's lie, when only true asks are left
        driver.settle()
        if table.lie_used() and table.view.phase != DRAW:
            break
        if table.view.phase == DRAW:
            driver.press(pygame.K_p)
        else:
            driver.press(pygame.K_RIGHT)
            driver.press(pygame.K_RETURN)
    assert table.lie_used() and table.my_turn
    seat = table.targets()[0]
    button = table.geo.target_buttons(len(table.targets()))[0]
    refused = next(v for v in VALUES if Ask(seat, v) not in table.legal)
    made = len(table.record.moves)
    driver.drag(value_rect(table, refused).center, button.center)
    reason = table.game.why_illegal(table.match.full_state(), 0, Ask(seat, refused))
    assert len(table.record.moves) == made and table.message == f"Not allowed: {reason_text(reason, table.card_name)}."
    driver.settle()
    index, card = next((i, c) for i, (c, up, _) in enumerate(table.geo.hand_cards(table.board)) if up)
    slot = table.geo.hand_cards(table.board)[index][2]
    driver.drag(slot.center, button.center)  # a card of the hand asks for its partner
    assert table.record.moves[made] == (0, Ask(seat, 13 - card).text())


def test_a_thirteen_value_let_go_off_the_seats_asks_nothing(driver):
    table = thirteen_table(driver)
    value = next(m.value for m in table.legal)
    driver.drag(value_rect(table, value).center, table.geo.centre().center)
    driver.settle()
    assert table.record.moves == () and table.my_turn and not table.picker.dragging


#: Each game's table at seat 0's move of a card from the hand.
READY = {"take5": take5_table, "thirteen": thirteen_table, "fiftyfive": fiftyfive_playing,
         "fiftyfifty": lambda driver: driver.new_game("fiftyfifty", "12")}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_dragged_card_leaves_its_place_empty_until_it_is_back(driver, game_id):
    table = READY[game_id](driver)
    driver.app.change_settings(speed="normal")  # the card takes a moment to fly back
    driver.settle()
    slots = [rect for _, up, rect in table.geo.hand_cards(table.board) if up] if game_id == "thirteen" else [
        hand_slot(table, i) for i in range(len(table.board.hand))]
    place = slots[-1]  # the topmost card, all of it in sight
    assert table.picker.grips(place.center).place() == place
    inside = (place.x + place.w // 4, place.centery)
    driver.frame(event(pygame.MOUSEMOTION, (1, 1), buttons=(0, 0, 0)))
    before = driver.app.screen.get_at(inside)
    far = (table.layout.width // 2, table.layout.px(3))
    driver.drag(place.center, far, release=False)
    driver.frame(event(pygame.MOUSEMOTION, far))
    assert table.picker.gap() == place
    empty = driver.app.screen.get_at(inside)
    assert empty != before  # the card is not drawn in its place while it is away
    driver.frame(event(pygame.MOUSEBUTTONDOWN, far, button=3))  # taken back: it flies home
    assert table.picker.gap() == place
    driver.settle()
    assert table.picker.gap() is None
    driver.frame(event(pygame.MOUSEMOTION, (1, 1), buttons=(0, 0, 0)))
    assert driver.app.screen.get_at(inside) == before


def test_fiftyfive_discards_are_marked_by_dragging_them_to_the_middle(driver):
    table = driver.app.stack.push(FiftyFiveTable(driver.app, fiftyfive_record()))
    for _ in range(50):
        driver.settle()
        if table.match.full_state().phase == "discard":
            break
        driver.click(click_plan(table)[1].center)
    assert table.my_turn and table.match.full_state().phase == "discard"
    card = table.board.hand[0]
    driver.drag(hand_slot(table, 0).center, table.geo.centre().center)
    assert table.marked == [card]
    driver.settle()
    driver.drag(hand_slot(table, 0).center, (hand_slot(table, 0).centerx, table.layout.height - 2))
    assert table.marked == [card]  # let go off the middle: nothing changes
    driver.settle()
    driver.drag(hand_slot(table, 0).center, table.geo.centre().center)
    assert table.marked == []  # dragged there again: the mark is taken off
    driver.settle()
    driver.click(hand_slot(table, 1).center)  # a click marks, as before
    assert table.marked == [table.board.hand[1]]
