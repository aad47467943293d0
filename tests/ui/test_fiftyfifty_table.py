"""Whole games of Fifty Fifty through the real scenes, as players would play them."""

import copy

import pygame

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.games.fiftyfifty import Play
from fiftyfifty_desktop.ui.scenes.handover import HandoverScene
from fiftyfifty_desktop.ui.scenes.results import ResultsScene
from fiftyfifty_desktop.ui.i18n import tr
from fiftyfifty_desktop.ui.tables.fiftyfifty import FiftyFiftyTable, ScoreSheetScene


#: With three "random" seats, seed 11 ends hand 3 with seat 0 holding no halves: it strikes hand 1 (-14).
STRIKE_SEED = 17


def middle_card(table):
    """A newcomer's plan: play a middling card, by click."""
    choices = table.choices()
    assert choices, "a human is to act but nothing can be clicked"
    return choices[len(choices) // 2]


def new_game_from_title(driver, seed: str, players=None, names=()):
    table = driver.new_game("fiftyfifty", seed, players, names)
    assert isinstance(table, FiftyFiftyTable)
    return table


def test_one_human_plays_a_whole_game_against_computers(driver):
    table = new_game_from_title(driver, "12")
    players = [s.player for s in table.record.seats]
    assert table.record.players == 4 and players[0] == "human" and "human" not in players[1:]
    followed = 0
    for _ in range(200):
        driver.settle()
        top = driver.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, ScoreSheetScene):
            assert top.current is not None  # a hand summary, not the sheet opened by hand
            assert [len(r) for r in table.board.results] == [4] * top.current
            driver.click(top.next.rect.center)
            continue
        assert top is table and table.acting == 0
        view = table.game.view(table.match.full_state(), 0)
        # Every card played before the human's is on the table, in play order.
        assert table.board.trick == list(view.trick)
        assert [m for m, _ in table.choices()] == list(table.legal) == [Play(c) for c in view.hand]
        if view.trick:
            followed += 1
            assert str(max(c for _, c in view.trick)) in table.prompt()
        made = len(table.record.moves)
        if len(view.hand) % 2:
            move, rect = middle_card(table)
            driver.click(rect.center)
        else:
            move = table.choices()[0][0]
            driver.press(pygame.K_1, "1")
        assert table.record.moves[made] == (0, move.text())  # computers may have followed at once
    else:
        raise AssertionError("the game did not end")
    assert followed > 0
    assert len([m for s, m in table.record.moves if s == 0]) == 4 * 9
    placings = driver.top.placings
    scores = table.game.scores(table.match.full_state())
    assert sorted(p.score for p in placings) == sorted(scores)
    assert [p.winner for p in placings] == [p.score == max(scores) for p in placings]
    assert not driver.app.storage.has_record()


def test_illegal_input_is_ignored_and_the_number_keys_pick_from_the_sorted_hand(driver):
    table = new_game_from_title(driver, "3")
    driver.settle()
    before = len(table.record.moves)
    for seat, card in table.board.trick:
        driver.click(table.geo.spot(seat).center)  # cards on the table are not in the hand
    driver.press(pygame.K_KP9 + 5)
    hand = list(table.board.hand)
    assert hand == sorted(hand)
    driver.press(pygame.K_9, "9")
    assert len(table.record.moves) > before  # the 9th card was played...
    assert table.record.moves[before] == (0, Play(hand[8]).text())
    driver.settle()
    driver.press(pygame.K_9, "9")  # ...and with eight cards left the 9 key means nothing
    assert [m for s, m in table.record.moves if s == 0] == [Play(hand[8]).text()]


def test_score_sheet_opens_during_play_by_key_and_button(driver):
    table = new_game_from_title(driver, "4")
    driver.settle()
    driver.press(pygame.K_s, "s")
    sheet = driver.top
    assert isinstance(sheet, ScoreSheetScene) and sheet.current is None
    driver.press(pygame.K_s, "s")
    assert driver.top is table
    driver.click(table.geo.sheet_button().center)
    assert isinstance(driver.top, ScoreSheetScene)
    driver.click(driver.top.next.rect.center)
    assert driver.top is table and table.acting == 0


def test_judging_a_trick_lights_the_cards_and_flies_and_cancels_halves(driver):
    driver.app.change_settings(speed="normal")
    record = Record("fiftyfifty", 3, {}, tuple(Seat(n, "random") for n in ("A", "B", "C")), STRIKE_SEED)
    table = driver.app.stack.push(FiftyFiftyTable(driver.app, record))
    seen = {"high": False, "low": False, "halves in flight": False, "cancel": False, "mixed": False}
    for _ in range(3000):
        if all(seen.values()):
            break
        table.match.wait_for_computers()
        driver.frame(dt=1 / 20)
        b = table.board
        seen["high"] |= b.high is not None
        seen["low"] |= b.low is not None
        names = [a.draw.__qualname__ for a in table.queue.running() if a.draw is not None and a.started]
        seen["halves in flight"] |= any("on_halves_taken" in n for n in names)
        seen["cancel"] |= any("on_halves_cancelled" in n for n in names)
        seen["mixed"] |= any(blue and yellow for blue, yellow in b.halves)  # for a moment, before they cancel
    assert all(seen.values()), seen
    assert table.busy
    driver.press(pygame.K_SPACE, " ")  # hurries every card and half to its place
    assert not table.busy and driver.top is table
    assert table.board.halves == [list(h) for h in table.game.view(table.match.full_state(), 0).halves]
    assert table.board.trick == list(table.match.full_state().trick)


def test_all_computer_game_shows_the_strike_and_reaches_the_results(driver):
    record = Record("fiftyfifty", 3, {}, tuple(Seat(n, "random") for n in ("A", "B", "C")), STRIKE_SEED)
    driver.app.stack.push(FiftyFiftyTable(driver.app, record, exit_at_end=True))
    summaries = []

    def note_summary(top) -> None:
        if isinstance(top, ScoreSheetScene) and (not summaries or summaries[-1][0] != top.current):
            summaries.append((top.current, [str(note) for note in top.notes], [list(k) for k in top.board.struck]))
    driver.run_to_exit(watch=note_summary)
    assert [hand for hand, _, _ in summaries] == [1, 2, 3]
    assert not summaries[0][1] and not summaries[1][1] and not any(summaries[1][2][0])
    hand, notes, struck = summaries[2]
    assert notes == ["A ended this hand with no halves: hand 1 (-11) is struck and now counts 0."]
    assert struck == [[True, False, False], [False] * 3, [False] * 3]


def test_continue_resumes_a_saved_game(driver, storage):
    table = new_game_from_title(driver, "21")
    for _ in range(5):
        driver.settle()
        move, rect = middle_card(driver.top)
        driver.click(rect.center)
    driver.settle()
    with driver.quit_and_continue(table, storage, FiftyFiftyTable) as (again, resumed, view):
        now = resumed.game.view(resumed.match.full_state(), 0)
        assert now.hand == view.hand and now.results == view.results
        assert resumed.board.hand == list(view.hand)
        assert resumed.board.trick == list(now.trick)
        assert resumed.board.halves == [list(h) for h in now.halves]
        assert resumed.board.mood == now.mood
        screens = again.play_to_end(middle_card)
        assert "ScoreSheetScene" in screens and isinstance(again.top, ResultsScene)


def test_two_humans_hand_over_the_screen(driver):
    table = new_game_from_title(driver, "5", players=["human", "human", "random"], names=["Ann", "Bob"])
    handovers = 0
    for _ in range(8):
        driver.settle()
        previous = table.viewer
        if isinstance(driver.top, HandoverScene):
            assert driver.top.opaque  # the last player's hand is not drawn beneath it
            name = driver.top.name
            driver.press(pygame.K_RETURN)
            driver.settle()
            handovers += 1
            assert table.names[table.viewer] == name and table.viewer != previous
        assert table.acting == table.viewer
        assert table.board.hand == list(table.match.full_state().hands[table.viewer])
        made, seat = len(table.record.moves), table.viewer
        move, rect = middle_card(table)
        driver.click(rect.center)
        assert table.record.moves[made] == (seat, move.text())
    assert handovers >= 5


def drawn_twice_changes_nothing(table) -> bool:
    """Two draws leave the table, its board and its sheet button as they were."""
    def picture():
        return dict(vars(table)), copy.deepcopy(vars(table.board)), dict(vars(table.sheet))
    before = picture()
    table.draw(table.app.screen)
    table.draw(table.app.screen)
    return picture() == before


def test_drawing_changes_nothing_on_the_turn_in_flight_and_after_a_resize(driver):
    table = new_game_from_title(driver, "6")
    driver.settle()
    assert table.acting == 0 and drawn_twice_changes_nothing(table)
    driver.app.change_settings(speed="normal")
    driver.click(middle_card(table)[1].center)
    animated = set()
    for _ in range(400):
        if table.acting is not None and not table.busy:
            break
        table.match.wait_for_computers()
        driver.frame(dt=1 / 30)
        running = {a.draw.__qualname__.split(".<locals>")[0].split(".")[-1]  # the function that made the drawing
                   for a in table.queue.running() if a.started and a.draw}
        if running:
            animated |= running
            assert drawn_twice_changes_nothing(table), running
    assert {"flight", "on_halves_taken", "on_trick_won"} <= animated
    driver.app.resize(960, 540)
    assert drawn_twice_changes_nothing(table)
    driver.app.resize(1280, 720)
    driver.press(pygame.K_s, "s")  # the sheet over the table
    assert isinstance(driver.top, ScoreSheetScene) and drawn_twice_changes_nothing(table)


def test_computers_alone_are_watched_without_a_private_hand(driver):
    record = Record("fiftyfifty", 3, {}, tuple(Seat(n, "random") for n in ("A", "B", "C")), 2)
    table = driver.app.stack.push(FiftyFiftyTable(driver.app, record))
    driver.app.change_settings(speed="normal")
    for frame in range(300):
        table.match.wait_for_computers()
        driver.frame(dt=1 / 20)
        assert table.viewer is None and table.view.seat is None and table.board.hand == []
        if frame % 25 == 0:
            assert drawn_twice_changes_nothing(table)
    assert len(table.record.moves) > 3


def test_the_second_card_is_asked_for_with_only_what_the_hand_can_do(driver):
    """Beat the led card, stay under it, or either: the prompt never offers what no card in the hand can do."""
    table = new_game_from_title(driver, "12")
    said = set()
    while not isinstance(driver.top, ResultsScene):
        driver.settle()
        if isinstance(driver.top, ScoreSheetScene):
            driver.click(driver.top.next.rect.center)
            continue
        view = table.view
        if len(view.trick) == 1:
            led, name = view.trick[0][1], table.names[0]
            lower, higher = any(c < led for c in view.hand), any(c > led for c in view.hand)
            key = "prompt_second" if lower and higher else "prompt_second_over" if higher else "prompt_second_under"
            assert table.prompt() == tr(f"fiftyfifty.{key}", name=name, card=led)
            said.add(key)
        driver.click(table.choices()[-1][1].center)  # the highest card: the next trick is often led low
    assert "prompt_second" in said and said - {"prompt_second"}  # a hand that could do only one of them
