"""A computer player in a worker process chooses as it does in this one, and stops when cancelled."""

from __future__ import annotations

import dataclasses
import threading
from types import MappingProxyType

from fiftyfifty_desktop.ai import SearchAgent, make_agent
from fiftyfifty_desktop.ai.personalities import Personality
from fiftyfifty_desktop.ai.worker import ProcessAgent, make_table_agent, request_for
from fiftyfifty_desktop.engine.recall import Recall
from fiftyfifty_desktop.registry import GAMES

GAME = GAMES["take5"]


def test_a_worker_process_chooses_as_the_player_here():
    state = GAME.new_game(4, {}, 3)[0]
    here = make_agent("kit", GAME, 0, 3)  # a hard opponent of few worlds
    there = make_table_agent("kit", GAME, 0, 3, _people())
    assert isinstance(here, SearchAgent) and isinstance(there, ProcessAgent)
    others = [make_agent("greedy", GAME, s, 3) for s in range(4)]
    recall = Recall(GAME, state)
    try:
        for _ in range(12):  # three turns: the earlier views go to the worker with each request
            seat = GAME.to_move(state)[0]
            decision = recall.decision(seat)
            view, legal, seen = decision.view, decision.legal, decision.seen
            if seat == 0:
                move = here.choose(view, legal, seen)
                assert there.choose(view, legal, seen) == move
            else:
                move = others[seat].choose(view, legal, seen)
            state, _ = GAME.apply(state, seat, move)
            recall.observe(state, seat)
    finally:
        there.close()


def test_a_worker_is_sent_only_the_views_it_lacks_and_the_whole_of_another_history():
    """Decision after decision a request adds the newest earlier view; a history that is not the one the
    worker holds (a rebuilt match, after an undo) replaces it, and the worker still chooses as here."""
    state = GAME.new_game(4, {}, 5)[0]
    recall = Recall(GAME, state)
    decisions = []
    players = [make_agent("medium", GAME, s, 5) for s in range(4)]
    while len(decisions) < 6:
        seat = GAME.to_move(state)[0]
        decision = recall.decision(seat)
        if seat == 0:
            decisions.append(decision)
        state, _ = GAME.apply(state, seat, players[seat].choose(decision.view, decision.legal, decision.seen))
        recall.observe(state, seat)
    late = decisions[-1]
    assert request_for(late.view, late.legal, late.seen, late.seen[:-1])[2:] == (4, late.seen[-1:])
    rebuilt = tuple(dataclasses.replace(view) for view in late.seen)  # equal views, other objects
    assert request_for(late.view, late.legal, rebuilt, late.seen)[2:] == (0, rebuilt)
    assert request_for(late.view, late.legal, late.seen[:3], late.seen)[2:] == (0, late.seen[:3])  # an undo
    here = make_agent("kit", GAME, 0, 5)
    there = make_table_agent("kit", GAME, 0, 5, _people())
    try:
        for decision in decisions + [replace_seen(late, late.seen[:3]), replace_seen(late, rebuilt), late]:
            assert there.choose(decision.view, decision.legal, decision.seen) == here.choose(
                decision.view, decision.legal, decision.seen)
    finally:
        there.close()


def replace_seen(decision, seen):
    return dataclasses.replace(decision, seen=seen)


def test_a_cancel_stops_a_worker_in_the_middle_of_its_search():
    """The search asked for is far longer than the test (the most worlds a personality may set, in the game
    with the slowest worlds), so only the cancel, sent once the request is with the worker, can end it: the
    answer is the first legal move and the worker was stopped."""
    game = GAMES["fiftyfifty"]
    slow = Personality("slow", "Slow", (game.id,), "hard", 0.0, MappingProxyType({"worlds": 2000}))
    state = game.new_game(4, {}, 3)[0]
    seat = game.to_move(state)[0]
    agent = make_table_agent("slow", game, seat, 3, (slow,))
    view, legal = game.view(state, seat), game.legal_moves(state, seat)
    chosen = []
    worker = threading.Thread(target=lambda: chosen.append(agent.choose(view, legal, ())))
    worker.start()
    try:
        assert agent.asking.wait(60), "the request never reached the worker"
        agent.cancel()
        worker.join(60)  # a guard against a hang, not a measure
        assert not worker.is_alive() and chosen == [legal[0]] and agent._process is None
    finally:
        agent.close()


def test_a_cancel_before_the_request_answers_at_once_without_a_worker():
    agent = make_table_agent("hard", GAME, 0, 3, _people())
    state = GAME.new_game(4, {}, 3)[0]
    view, legal = GAME.view(state, 0), GAME.legal_moves(state, 0)
    agent.cancel()
    assert agent.choose(view, legal, ()) == legal[0] and agent._process is None and not agent.asking.is_set()


def test_players_that_answer_at_once_stay_in_this_process():
    assert not isinstance(make_table_agent("medium", GAME, 0, 1, _people()), ProcessAgent)
    assert not isinstance(make_table_agent("greedy", GAME, 0, 1, _people()), ProcessAgent)


def _people():
    from fiftyfifty_desktop.ai import load_personalities

    return load_personalities()


def _worker_left_alone(theirs, ours) -> None:
    ours.close()  # the window's end, closed in this process too: only the window held it
    from fiftyfifty_desktop.ai.worker import _serve

    _serve(theirs, "random", "take5", 0, 1, ())


def test_a_worker_whose_window_closed_its_pipe_ends_without_a_traceback(capfd):
    """The window asks, then closes the pipe (it quit) before the answer: the worker's answer meets a broken pipe."""
    import multiprocessing

    game = GAMES["take5"]
    state, _ = game.new_game(2, game.resolve_options(2), 1)
    context = multiprocessing.get_context("fork")
    ours, theirs = context.Pipe()
    worker = context.Process(target=_worker_left_alone, args=(theirs, ours))
    worker.start()
    theirs.close()
    ours.send(request_for(game.view(state, 0), tuple(game.legal_moves(state, 0)), (), ()))
    ours.close()
    worker.join(timeout=60)
    assert worker.exitcode == 0 and "Traceback" not in capfd.readouterr().err
