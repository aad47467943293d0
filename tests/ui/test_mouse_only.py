"""A whole game of each kind played with the mouse alone, from the title screen to the results: buttons,
choosers, rows and seats are clicked, and every card played (or asked for, or marked to discard) is dragged
there from its place and let go. No key is pressed and no card is clicked."""

from __future__ import annotations

import pytest

from fiftyfifty_desktop.games.fiftyfive.parts import Play as FiftyFivePlay
from fiftyfifty_desktop.games.fiftyfifty import Play as FiftyFiftyPlay
from fiftyfifty_desktop.games.take5 import Play as Take5Play
from fiftyfifty_desktop.games.thirteen import Ask
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.ui.scenes.handover import HandoverScene
from fiftyfifty_desktop.ui.scenes.results import ResultsScene
from fiftyfifty_desktop.ui.scenes.summary import RoundSummaryScene
from fiftyfifty_desktop.ui.tables.base import TableScene

#: Screens passed at most in one game: a hang, not a measure.
MOST_STEPS = 5000
#: The moves of a card, which are made only by dragging it.
CARD_MOVES = (Take5Play, FiftyFiftyPlay, FiftyFivePlay, Ask)


def drop_point(table, move) -> tuple[int, int]:
    """Where a card is let go to make ``move``: the seat asked at Thirteen, the middle at Fifty-Five, above
    the hand elsewhere."""
    g = table.geo
    if isinstance(move, Ask):
        return g.plate(move.target).center
    if isinstance(move, FiftyFivePlay):
        return g.centre().center
    top = min(g.hand_slot(i, len(table.board.hand)).top for i in range(len(table.board.hand)))
    return g.cx, top - table.layout.px(15)


def drag_and_let_go(driver, table, start, end) -> None:
    """Take a card up at ``start`` and carry it to ``end``: it follows the pointer and nothing is done until
    it is let go there."""
    made, marked = table.match.moves_made, list(getattr(table, "marked", ()))
    driver.drag(start, end, release=False)
    assert table.picker.dragging, f"the card at {start} was not taken up"
    assert table.match.moves_made == made and list(getattr(table, "marked", ())) == marked
    driver.let_go(end)


def discard_by_drags(driver, table) -> None:
    """Drag the first cards of the hand to the middle until enough are marked, then click Confirm."""
    while len(table.marked) < table.discards_needed:
        card = next(c for c in table.board.hand if c not in table.marked)
        drag_and_let_go(driver, table, table.picker.hand_place(card).center, table.geo.centre().center)
        driver.settle()
    driver.click(table.geo.confirm_button().center)


def take_a_move(driver, table: TableScene) -> None:
    """A card's move by dragging the card to where it goes (a value or the hand's card at Thirteen); any
    other choice (a bid, a suit, a row, draw or pass) by a click on its button or place."""
    if getattr(table, "discards_needed", 0) and table.match.full_state().phase == "discard":
        discard_by_drags(driver, table)
        return
    move, rect = table.choices()[0]
    if isinstance(move, CARD_MOVES):
        drag_and_let_go(driver, table, rect.center, drop_point(table, move))
    else:
        driver.click(rect.center)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_is_played_with_the_mouse_only_by_dragging_the_cards(driver, game_id):
    table = driver.new_game(game_id)
    seen: set[str] = set()
    for _ in range(MOST_STEPS):
        driver.settle()
        top = driver.top
        seen.add(type(top).__name__)
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, HandoverScene):
            driver.click(top.ready.rect.center)
        elif isinstance(top, RoundSummaryScene):
            driver.click(top.next.rect.center)
        elif isinstance(top, TableScene):
            made = top.match.moves_made
            take_a_move(driver, top)
            assert driver.top is not top or top.match.moves_made != made or top.busy or top.acting is None, \
                f"no move was made at {type(top).__name__}: {top.message!r}"
        else:
            raise AssertionError(f"a mouse player is stuck on {type(top).__name__}")
    else:
        raise AssertionError(f"the game did not end; screens seen: {sorted(seen)}")
    assert table.match.over
    people = {i for i, seat in enumerate(table.record.seats) if seat.player == "human"}
    dragged = [text for seat, text in table.record.moves
               if seat in people and isinstance(table.game.parse_move(text), CARD_MOVES)]
    assert people and len(dragged) >= 5, f"only {len(dragged)} cards were dragged"
