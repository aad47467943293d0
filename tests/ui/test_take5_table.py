"""Whole games of Take 5 through the real scenes, as players would play them."""

import copy

import pygame

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.registry import GAMES
from fiftyfifty_desktop.games.take5 import Play, TakeRow
from fiftyfifty_desktop.ui.scenes.handover import HandoverScene
from fiftyfifty_desktop.ui.scenes.results import ResultsScene
from fiftyfifty_desktop.ui.scenes.summary import RoundSummaryScene
from fiftyfifty_desktop.ui.tables.take5 import Take5Table


def lowest_card_and_cheapest_row(table):
    """A newcomer's plan: play the lowest card; when forced, take the cheapest row."""
    choices = table.choices()
    assert choices, "a human is to act but nothing can be clicked"
    if isinstance(choices[0][0], TakeRow):
        rows = table.board.rows
        return min(choices, key=lambda mc: sum(len(r) for r in rows[mc[0].row:mc[0].row + 1]))
    return min(choices, key=lambda mc: mc[0].card)


def new_game_from_title(driver, seed: str, players=None, names=()):
    table = driver.new_game("take5", seed, players, names)
    assert isinstance(table, Take5Table)
    return table


def test_one_human_plays_a_whole_game_against_computers(driver):
    table = new_game_from_title(driver, "12")
    assert table.record.seed == 12 and [s.player for s in table.record.seats][0] == "human"
    screens = driver.play_to_end(lowest_card_and_cheapest_row)
    assert isinstance(driver.top, ResultsScene)
    assert "RoundSummaryScene" in screens
    assert "HandoverScene" not in screens  # one human: nobody needs to look away
    human_moves = [text for seat, text in table.record.moves if seat == 0]
    assert any(text.startswith("r") for text in human_moves), "the human never had to choose a row"
    placings = driver.top.placings
    assert sorted(p.name for p in placings) == sorted(s.name for s in table.record.seats)
    assert not driver.app.storage.has_record()  # a finished game is no longer offered to continue


def test_the_table_offers_only_legal_moves(driver):
    table = new_game_from_title(driver, "3")
    driver.settle()
    driver.click(table.geo.row_band(0).center)  # rows cannot be taken while choosing a card
    driver.press(pygame.K_KP9 + 5)  # not a card key
    assert not [text for seat, text in table.record.moves if seat == 0]
    hand = list(table.board.hand)
    driver.press(pygame.K_3, "3")  # the third card from the left
    assert (0, Play(hand[2]).text()) in table.record.moves


def test_low_card_row_choice_by_click(driver):
    table = new_game_from_title(driver, "12")
    for _ in range(400):
        driver.settle()
        top = driver.top
        if isinstance(top, Take5Table) and top.match.full_state().phase == "row":
            break
        if not isinstance(top, Take5Table):
            driver.click(top.form.widgets[0].rect.center)
            continue
        move, rect = lowest_card_and_cheapest_row(top)
        driver.click(rect.center)
    else:
        raise AssertionError("no low card came up")
    assert table.acting == 0 and table.match.full_state().placing[0][0] == 0
    assert "lower than every row" in table.prompt()
    taken = len(table.record.moves)
    driver.click(table.geo.row_band(2).center)
    assert table.record.moves[taken] == (0, "r3")


def test_two_humans_hand_over_the_screen(driver):
    table = new_game_from_title(driver, "5", players=["human", "human", "dice"], names=["Ann", "Bob"])
    driver.settle()
    assert isinstance(driver.top, HandoverScene) and driver.top.name == "Ann"
    driver.press(pygame.K_RETURN)
    driver.settle()
    assert table.viewer == 0 and table.acting == 0
    ann_hand = list(table.board.hand)
    move, rect = lowest_card_and_cheapest_row(table)
    driver.click(rect.center)
    driver.settle()
    assert isinstance(driver.top, HandoverScene) and driver.top.name == "Bob"
    # The hand-over screen is opaque: the table (and Ann's hand) is not drawn beneath it.
    assert driver.top.opaque
    driver.press(pygame.K_RETURN)
    driver.settle()
    assert table.viewer == 1 and table.acting == 1
    assert table.board.hand == list(table.match.full_state().hands[1]) != ann_hand
    screens = driver.play_to_end(lowest_card_and_cheapest_row)
    assert screens.count("HandoverScene") >= 9
    assert isinstance(driver.top, ResultsScene)


def test_all_computer_game_reaches_the_results_and_exits(driver):
    record = Record("take5", 5, {"target": 66, "variant": "standard"},
                    tuple(Seat(f"C{i}", "random") for i in range(5)), 8)
    driver.app.stack.push(Take5Table(driver.app, record, exit_at_end=True))
    seen = driver.run_to_exit()
    assert {"Take5Table", "RoundSummaryScene", "ResultsScene"} <= seen


def test_professional_variant_drafts_on_the_table(driver):
    record = Record("take5", 3, {"target": 20, "variant": "professional"},
                    (Seat("Me", "human"), Seat("A", "random"), Seat("B", "random")), 4)
    table = driver.app.stack.push(Take5Table(driver.app, record))
    driver.settle()
    assert table.match.full_state().phase == "draft" and table.acting == 0
    choices = table.choices()
    assert len(choices) == 34 and all(m.text().startswith("d") for m, _ in choices)
    driver.click(choices[0][1].center)
    assert table.record.moves[0] == (0, choices[0][0].text())
    driver.play_to_end(lambda t: t.choices()[0])
    assert isinstance(driver.top, ResultsScene)


def test_animations_run_at_normal_speed_and_a_click_skips_them(driver):
    driver.app.change_settings(speed="normal")
    record = Record("take5", 3, {"target": 66, "variant": "standard"},
                    (Seat("Me", "human"), Seat("A", "dice"), Seat("B", "dice")), 2)
    table = driver.app.stack.push(Take5Table(driver.app, record))
    driver.frame()
    assert table.busy  # the opening deal is on its way
    assert not table.choices()  # no input while cards are flying
    driver.click((5, 5))
    assert not table.busy and table.board.hand == list(table.match.full_state().hands[0])
    assert all(len(row) == 1 for row in table.board.rows)


def test_a_resize_while_cards_fly_moves_them_to_the_new_places(driver):
    driver.app.change_settings(speed="normal")
    record = Record("take5", 2, {"target": 66, "variant": "standard"}, (Seat("Me", "human"), Seat("A", "dice")), 2)
    table = driver.app.stack.push(Take5Table(driver.app, record))
    driver.frame(dt=0.2)
    assert any(a.draw is not None and a.started for a in table.queue.running())
    driver.frame(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    assert table.geo.lay.width == 1920
    driver.click((5, 5))
    assert table.board.rows[0] == [table.match.full_state().rows[0][0]]


def test_professional_hands_show_when_pointing_at_a_seat(driver):
    record = Record("take5", 3, {"target": 66, "variant": "professional"},
                    (Seat("Me", "human"), Seat("A", "random"), Seat("B", "random")), 6)
    table = driver.app.stack.push(Take5Table(driver.app, record))
    driver.settle()
    while table.match.full_state().phase == "draft":
        driver.click(table.choices()[0][1].center)
        driver.settle()
    plate = table.geo.plate(1)
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=plate.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert table.board.open_hands[1] == table.match.full_state().hands[1] and len(table.match.full_state().hands[1]) == 10
    below = driver.app.screen.get_at((plate.centerx, plate.bottom + table.layout.px(3)))
    driver.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 700), rel=(0, 0), buttons=(0, 0, 0)))
    assert driver.app.screen.get_at((plate.centerx, plate.bottom + table.layout.px(3))) != below


def test_a_click_on_a_card_while_others_commit_hurries_them_and_plays_it(driver):
    driver.app.change_settings(speed="normal")
    record = Record("take5", 3, {"target": 66, "variant": "standard"},
                    (Seat("Me", "human"), Seat("A", "random"), Seat("B", "random")), 2)
    table = driver.app.stack.push(Take5Table(driver.app, record))
    driver.click((5, 5))  # hurry the opening deal
    for _ in range(600):
        table.match.wait_for_computers()
        driver.frame()
        if table.acting == 0 and table.busy:
            break
    else:
        raise AssertionError("the computer seats never committed while the human was choosing")
    card = table.board.hand[0]
    rect = table.geo.hand_slot(0, len(table.board.hand))
    driver.click(rect.center)
    assert (0, f"p{card}") in table.record.moves


def test_a_click_during_the_reveal_only_hurries_the_cards(driver):
    driver.app.change_settings(speed="normal")
    record = Record("take5", 2, {"target": 66, "variant": "standard"}, (Seat("Me", "human"), Seat("A", "random")), 2)
    table = driver.app.stack.push(Take5Table(driver.app, record))
    driver.click((5, 5))
    driver.settle()
    table.match.wait_for_computers()
    for _ in range(200):
        driver.frame()
        table.match.wait_for_computers()
    moves = len(table.record.moves)
    driver.click(table.geo.hand_slot(0, len(table.board.hand)).center)  # plays the card: the last to commit
    assert len(table.record.moves) >= moves + 1 and table.busy  # the reveal is running
    played = len([m for s, m in table.record.moves if s == 0])
    driver.click(table.geo.hand_slot(0, len(table.board.hand)).center)
    assert len([m for s, m in table.record.moves if s == 0]) == played  # that click only hurried the reveal


class _BrokenAgent:
    uses_view = False

    def choose(self, view, legal, seen):
        raise RuntimeError("no idea what to play")


def _table_with_a_broken_computer(driver, exit_at_end):
    record = Record("take5", 3, {"target": 66, "variant": "standard"},
                    (Seat("Ann", "human"), Seat("Bo", "random"), Seat("Cy", "random")), 4)
    table = Take5Table(driver.app, record, exit_at_end=exit_at_end)
    table.match.agents[1] = _BrokenAgent()
    driver.app.stack.push(table)
    for _ in range(10):
        driver.frame()
        table.match.wait_for_computers()
    return table


def test_a_failing_computer_player_is_reported_in_one_line_and_the_game_kept(driver):
    _table_with_a_broken_computer(driver, exit_at_end=False)
    assert type(driver.top).__name__ == "TitleScene"
    [line] = [n for n in driver.app.notices if "Bo" in n]
    assert "RuntimeError: no idea what to play" in line and "\n" not in line
    record, problem = driver.app.storage.load_record(GAMES, "take5")
    assert problem is None and record is not None and record.seed == 4


def test_a_failing_computer_player_ends_an_unattended_game_with_status_1(driver, capsys):
    _table_with_a_broken_computer(driver, exit_at_end=True)
    assert not driver.app.running and driver.app.exit_status == 1
    assert "Bo stopped with an error (RuntimeError: no idea what to play)" in capsys.readouterr().err


def assert_drawing_changes_nothing(table):
    """Two frames drawn in a row leave the table and its board as they were."""
    table.geo, table.backdrop.image()  # the base's memos of this size's geometry and backdrop, filled on first use
    before, board = dict(vars(table)), copy.deepcopy(vars(table.board))
    table.draw(table.app.screen)
    table.draw(table.app.screen)
    after = vars(table)
    assert [k for k in before.keys() | after.keys() if before.get(k, before) != after.get(k, before)] == []
    assert vars(table.board) == board


def test_drawing_changes_nothing_on_the_human_turn_in_flight_and_after_a_resize(driver):
    driver.app.change_settings(speed="normal")
    record = Record("take5", 4, {"target": 66, "variant": "standard"},
                    (Seat("Me", "human"), Seat("A", "dice"), Seat("B", "dice"), Seat("C", "dice")), 12)
    table = driver.app.stack.push(Take5Table(driver.app, record))
    seen, wanted = set(), {"Play", "TakeRow", "flying", "rising penalty", "sixth card"}
    for frame in range(20000):
        table.match.wait_for_computers()
        driver.frame(dt=0.05)
        if seen == wanted:
            break
        if isinstance(driver.top, RoundSummaryScene):
            driver.press(pygame.K_RETURN)
        elif table.acting == 0 and not table.busy:
            move, rect = lowest_card_and_cheapest_row(table)
            table.mouse = rect.center  # the choice under the mouse is drawn lifted
            assert_drawing_changes_nothing(table)
            seen.add(type(move).__name__)
            driver.click(rect.center)
        elif frame % 3 == 0 and any(a.draw is not None and a.started for a in table.queue.running()):
            assert_drawing_changes_nothing(table)
            seen.add("flying")
            if table.board.floaters:
                seen.add("rising penalty")
            if table.board.sixth is not None:
                seen.add("sixth card")
    assert seen == wanted
    driver.app.resize(960, 540)
    assert_drawing_changes_nothing(table)
    assert table.geo.lay.width == 960


def test_a_table_of_computers_watches_as_a_spectator_and_shows_no_hand(driver):
    driver.app.change_settings(speed="normal")
    record = Record("take5", 4, {"target": 66, "variant": "standard"},
                    tuple(Seat(f"C{i}", "dice") for i in range(4)), 3)
    table = driver.app.stack.push(Take5Table(driver.app, record))
    assert table.viewer is None and table.view.hand == ()
    for _ in range(600):
        table.match.wait_for_computers()
        driver.frame(dt=0.05)
        if driver.top is not table:
            break
        unrevealed = set().union(*table.match.full_state().hands)  # chosen cards stay in hand until revealed
        assert table.board.hand == []
        assert not unrevealed & {card for card, _ in table.board.slots.values()}
    assert len(table.record.moves) > 8


def test_a_card_chosen_face_down_has_left_its_hand_on_the_table(driver):
    table = new_game_from_title(driver, "12", ["human", "human", "random"])
    driver.settle()
    driver.press(pygame.K_RETURN)
    move, rect = table.choices()[0]
    driver.click(rect.center)
    driver.settle()  # the hand-over: the picture is rebuilt from the view, which still holds the card
    committed = table.view.committed
    assert move.card not in table.board.hand
    assert table.board.hand_sizes == [size - c for size, c in zip(table.view.hand_sizes, committed)]
    assert table.board.hand_sizes[0] == 9
