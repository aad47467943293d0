"""Whole games of Thirteen through the real scenes, as players would play them."""

import copy
from collections import deque

import pygame

from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.games.thirteen import DRAW, THIRTEEN, VALUES, Ask, Draw, Pass
from fiftyfifty_desktop.ui.i18n import reason_text, tr
from fiftyfifty_desktop.ui.scenes.handover import HandoverScene
from fiftyfifty_desktop.ui.scenes.results import ResultsScene
from fiftyfifty_desktop.ui.scenes.setup import SetupScene
from fiftyfifty_desktop.ui.tables.thirteen import ThirteenSummaryScene, ThirteenTable
from fiftyfifty_desktop.ui.tables.thirteen.cards import card_label


#: With this game number and the plan below the human asks truly, lies, is refused a second lie, draws and
#: passes (checked by the first test: it fails if that ever changes).
GAME_NUMBER = 11


def record(seed=GAME_NUMBER, players=("human", "random", "random", "random"), moves=(), setup=None):
    names = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana"][:len(players)]
    return Record("thirteen", len(players), {}, tuple(Seat(n, p) for n, p in zip(names, players)), seed, moves,
                  setup)


#: Seat 1 takes Anna's only card and goes out, seat 2 has no one to ask: Anna's come-back turn follows.
COMEBACK = dict(setup={"dealer": 0, "hands": [[5], [8, 2], [3, 4, 11]], "pile": [9, 10, 7, 1]},
                moves=((1, "a0:5"), (1, "a2:11")), players=("human", "random", "random"))


def value_rect(table, value):
    return table.geo.value_slot(VALUES.index(value))


def test_one_human_asks_truly_lies_draws_and_plays_a_whole_game(driver):
    table = driver.app.stack.push(ThirteenTable(driver.app, record()))
    asked = {"true": 0, "lie": 0, "refused": 0, "draw": 0, "pass": 0}
    for _ in range(600):
        driver.settle()
        top = driver.top
        if isinstance(top, (ThirteenSummaryScene, ResultsScene)):
            break
        assert {m for m, _ in table.choices()} == {m for m in table.legal if not isinstance(m, Ask)
                                                   or m.target == table.chosen_target()}
        if table.match.full_state().phase == DRAW:
            before = len(table.record.moves)
            if asked["draw"] > asked["pass"] * 2:
                driver.press(pygame.K_p)
                asked["pass"] += 1
                assert table.record.moves[before] == (0, "pass")
            else:
                driver.click(dict((type(m), r) for m, r in table.choices())[Draw].center)
                asked["draw"] += 1
                assert table.record.moves[before] == (0, "draw")
            continue
        # Only players holding cards may be asked; the buttons follow the engine.
        assert set(table.targets()) == {m.target for m in table.legal}
        biggest = max(table.targets(), key=lambda s: table.board.hand_sizes[s])
        driver.click(table.geo.target_buttons(len(table.targets()))[table.targets().index(biggest)].center)
        assert table.chosen_target() == biggest
        true = [v for v in VALUES if table.is_true(v)]
        if table.lie_used():
            lie = next(v for v in VALUES if not table.is_true(v))
            moves = len(table.record.moves)
            driver.click(value_rect(table, lie).center)
            assert len(table.record.moves) == moves  # refused: nothing was asked
            reason = table.game.why_illegal(table.match.full_state(), 0, Ask(biggest, lie))
            assert table.message == f"Not allowed: {reason_text(reason, table.card_name)}." and reason.code == "lie_used"
            assert "already used this turn's lie" in str(reason)
            asked["refused"] += 1
            value = true[0]
        elif true and asked["true"] <= asked["lie"]:
            value = true[0]
        else:  # a lie that hits when the target holds a card we cannot ask for truly (peeking, as a test may)
            value = next((v for v in table.match.full_state().hands[biggest] if not table.is_true(v)), THIRTEEN)
        before = len(table.record.moves)
        driver.click(value_rect(table, value).center)
        asked["true" if value in true else "lie"] += 1
        assert table.record.moves[before] == (0, Ask(biggest, value).text())
    else:
        raise AssertionError("the game did not end")
    assert all(asked.values()), asked
    assert isinstance(driver.top, ThirteenSummaryScene)
    assert list(driver.top.points) == list(table.game.scores(table.match.full_state()))
    driver.click(driver.top.next.rect.center)
    driver.settle()
    assert isinstance(driver.top, ResultsScene)
    winners = [p.name for p in driver.top.placings if p.winner]
    assert winners == [table.names[s] for s in table.game.winners(table.match.full_state())]
    order = driver.top.order  # the second table beside the points: the order of leaving
    view = table.match.view(None)
    left = [table.names[s] for s in view.leaving]
    assert order.heading == "Order of leaving" and [name for name, _ in order.rows][:len(left)] == left
    assert len(order.rows) == len(table.names) and all(how for _, how in order.rows)
    assert not driver.app.storage.has_record()


def test_keys_choose_the_player_and_the_card(driver):
    table = driver.app.stack.push(ThirteenTable(driver.app, record()))
    driver.settle()
    first = table.chosen_target()
    driver.press(pygame.K_DOWN)
    target = table.chosen_target()
    assert target != first and target == table.targets()[1]
    for _ in range(3):
        driver.press(pygame.K_RIGHT)
    move = table.choices()[2][0]
    assert move == Ask(target, move.value)
    before = len(table.record.moves)
    driver.press(pygame.K_RETURN)
    assert table.record.moves[before] == (0, move.text())


def test_the_log_shows_every_ask_newest_first_and_never_a_lie(driver):
    table = driver.app.stack.push(ThirteenTable(driver.app, record(5, ("random",) * 4)))
    asks = lambda: [line for line in table.log.texts(None) if " asks " in line]  # noqa: E731
    for _ in range(200):
        table.match.wait_for_computers()
        driver.frame()
        if len(asks()) >= 6 and not table.busy:
            break
    told = table.match.full_state().log
    expected = [tr("thirteen.banner_ask", asker=table.names[asker], target=table.names[target], card=card_label(value))
                for _, asker, target, value, _ in told]
    assert asks() == expected and len(expected) >= 6
    lines = table.log.texts(None)
    places = [i for i, line in enumerate(lines) if " asks " in line]
    for (_, asker, target, value, hit), place in zip(told, places):
        after = lines[place + 1]
        verdict = "thirteen.banner_hit" if hit else "thirteen.banner_miss"
        assert after == tr(verdict, target=table.names[target], asker=table.names[asker], card=card_label(value))
    newest_first = [line.text for _, group in table.log.shown(None) for line in group if " asks " in line.text]
    assert newest_first == expected[::-1][:len(newest_first)]



def test_the_come_back_turn_is_guided_step_by_step(driver):
    table = driver.app.stack.push(ThirteenTable(driver.app, record(1, **COMEBACK)))
    driver.settle()
    assert table.acting == 0 and table.board.hand == []
    assert "you must use your lie to ask anyone for any card" in table.prompt()
    assert table.targets() == [2] and len(table.choices()) == len(VALUES)  # any card, from the one player with cards
    driver.click(value_rect(table, 4).center)
    driver.settle()
    assert table.record.moves[-1] == (0, "a2:4")
    assert table.board.hand == [4] and table.board.singles[0] == [4]
    assert "now ask truly for its partner, the 9" in table.prompt()
    assert [m for m, _ in table.choices()] == [Ask(2, 9)]
    driver.click(value_rect(table, 2).center)  # a second lie is refused with the engine's reason
    assert "already used this turn's lie" in table.message and table.record.moves[-1] == (0, "a2:4")
    driver.click(value_rect(table, 9).center)
    driver.settle()
    assert table.match.full_state().phase == DRAW and [m for m, _ in table.choices()] == [Draw(), Pass()]
    driver.app.change_settings(speed="slow")  # so the computer seat pauses before it moves
    driver.press(pygame.K_d)
    assert table.record.moves[-1] == (0, "draw")
    while table.busy:
        driver.frame()
    assert len(table.record.moves) == 5 and table.match.thinking()
    assert table.board.waiting() == [(4, 9)]  # the drawn 9 pairs the 4: laid at the start of the next turn
    assert [up for _, up, _ in table.geo.hand_cards(table.board)] == [False, False]
    driver.app.change_settings(speed="instant")
    seen = driver.play_to_end(lambda t: t.choices()[0])
    assert "ThirteenSummaryScene" in seen
    results = driver.top
    assert isinstance(results, ResultsScene)
    assert results.order.rows[0] == ("Ben", "went out · #1 to leave")


def test_opening_deal_and_lay_down_are_animated(driver):
    driver.app.change_settings(speed="normal")
    table = driver.app.stack.push(ThirteenTable(driver.app, record(3)))
    kinds = [type(event).__name__ for _, event in table.control.pending]
    assert kinds[0] == "Dealt" and "Laid" in kinds and kinds[-1] == "TurnStarted"
    flying = dealing = laying = False
    for _ in range(150):
        driver.frame(dt=1 / 30)
        flying = flying or any(a.draw is not None and a.started and not a.finished for a in table.queue.running())
        dealing = dealing or table.board.dealing
        laying = laying or any(table.board.laid)
    assert flying and dealing and laying
    table.skip_animations()
    driver.frame()
    assert table.board.laid == [list(groups) for groups in table.match.full_state().laid]
    assert table.board.hand == list(table.match.full_state().hands[0])


def test_all_computer_game_reaches_the_results_and_exits(driver):
    driver.app.stack.push(ThirteenTable(driver.app, record(31, ("random",) * 4), exit_at_end=True))
    seen = set()
    for _ in range(5000):
        if not driver.app.running:
            break
        seen.add(type(driver.top).__name__)
        table = driver.app.stack.find(ThirteenTable)
        if table is not None:
            table.match.wait_for_computers()
        driver.frame()
    assert not driver.app.running
    assert {"ThirteenTable", "ThirteenSummaryScene", "ResultsScene"} <= seen


def test_continue_resumes_a_saved_thirteen_game(driver, storage):
    table = driver.app.stack.push(ThirteenTable(driver.app, record()))
    for _ in range(3):
        driver.settle()
        driver.click(table.choices()[0][1].center)
    driver.settle()
    with driver.quit_and_continue(table, storage, ThirteenTable) as (again, resumed, view):
        assert resumed.board.hand == list(resumed.match.full_state().hands[0])
        asked = [line for line in resumed.log.texts(0) if "asks" in line]
        assert len(asked) >= len(view.log) > 0  # the log of the game so far, written again


def test_setup_starts_a_thirteen_table_and_two_humans_hand_over(driver):
    driver.click_button("New game")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    while setup.game_chooser.value != "thirteen":
        driver.click((setup.game_chooser.rect.right - 5, setup.game_chooser.rect.centery))
    while setup.players.value != 3:
        driver.click((setup.players.rect.right - 5, setup.players.rect.centery))
    for seat, player in enumerate(("human", "human", "random")):
        driver.seat(setup, seat, player)
    driver.click_button("Start")
    table = driver.table()
    assert isinstance(table, ThirteenTable)
    driver.settle()
    if isinstance(driver.top, HandoverScene):
        driver.press(pygame.K_RETURN)
        driver.settle()
    assert table.acting == table.viewer and table.board.hand == list(table.match.full_state().hands[table.viewer])


def assert_drawing_changes_nothing(table, surface):
    """Two draws leave the table's attributes and its board as they were."""
    def snapshot():
        attributes = {k: copy.copy(v) if isinstance(v, (list, dict, set, deque)) else v
                      for k, v in vars(table).items()}
        attributes.update({f"board.{k}": v for k, v in copy.deepcopy(vars(table.board)).items()})
        return attributes
    before = snapshot()
    table.draw(surface)
    table.draw(surface)
    after = snapshot()
    assert [k for k in before.keys() | after.keys() if before.get(k) != after.get(k)] == []


def test_drawing_changes_nothing_on_the_human_turn_mid_animation_and_after_a_resize(driver):
    """Checked right after the table moved on, before any frame drew (a draw that sets something would
    otherwise have set it already)."""
    table = driver.app.stack.push(ThirteenTable(driver.app, record()))
    driver.app.change_settings(speed="normal")
    seen = {"turn": 0, "moving": 0, "resized": 0}
    for turn in range(8):
        for _ in range(2000):  # frames without drawing, until the human is to choose
            if driver.top is not table or table.my_turn:
                break
            table.match.wait_for_computers()
            table.update(1 / 60)
        if driver.top is not table:
            break
        assert_drawing_changes_nothing(table, driver.app.screen)
        seen["turn"] += 1
        assert table.choose(table.choices()[-1][0])
        for _ in range(8):
            table.update(1 / 60)
        if table.busy:
            assert_drawing_changes_nothing(table, driver.app.screen)
            seen["moving"] += 1
        driver.app.resize(*((960, 540) if turn % 2 else (1280, 720)))
        assert_drawing_changes_nothing(table, driver.app.screen)
        seen["resized"] += 1
    assert seen["turn"] >= 4 and seen["moving"] >= 2 and seen["resized"] >= 4, seen


#: Two deals that differ only in the cards no seat shows: the same hand sizes, nothing laid, the same pile size.
HIDDEN_A = {"dealer": 0, "hands": [[1, 2, 3], [4, 5, 6]], "pile": [8, 9, 10]}
HIDDEN_B = {"dealer": 0, "hands": [[1, 2, 4], [3, 5, 6]], "pile": [10, 9, 8]}


def test_a_screen_shared_by_several_people_shows_only_what_every_seat_sees(driver):
    pictures = []
    for setup in (HIDDEN_A, HIDDEN_B):
        table = driver.app.stack.push(ThirteenTable(driver.app, record(1, ("human", "human"), setup=setup)))
        driver.settle()
        assert isinstance(driver.top, HandoverScene)  # the next player has not taken the screen yet
        assert table.viewer is None and table.view.seat is None and table.board.hand == []
        picture = pygame.Surface(driver.app.screen.get_size())
        table.draw(picture)
        pictures.append(pygame.image.tobytes(picture, "RGB"))
    assert pictures[0] == pictures[1]


def test_a_table_of_computers_is_watched_from_no_seat(driver):
    table = driver.app.stack.push(ThirteenTable(driver.app, record(5, ("random",) * 4)))
    for _ in range(60):
        table.match.wait_for_computers()
        driver.frame()
        assert table.viewer is None and table.view.seat is None and table.view.hand == ()
        assert table.board.hand == [] and table.board.comeback is None
    assert table.log.texts(None)
