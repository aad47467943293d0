"""Opponents as data: every shipped opponent plays, and every knob changes play."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from fiftyfifty_desktop.ai import LADDER, Personality, SearchAgent, load_personalities, make_agent
from fiftyfifty_desktop.ai.personalities import KNOBS
from fiftyfifty_desktop.config import ConfigError
from fiftyfifty_desktop.engine.recall import Recall
from fiftyfifty_desktop.registry import GAMES

SHIPPED = load_personalities()


def decisions(game, count, seed=0):
    """(view, legal, seen) met by seat 0 in games among rule-based players."""
    found = []
    while len(found) < count:
        state = game.new_game(4, {}, seed)[0]
        recall = Recall(game, state)
        agents = [make_agent("medium", game, s, seed) for s in range(4)]
        while game.to_move(state) and len(found) < count:
            seat = game.to_move(state)[0]
            decision = recall.decision(seat)
            if seat == 0 and len(decision.legal) > 1:
                found.append((decision.view, decision.legal, decision.seen))
            state, _ = game.apply(state, seat, agents[seat].choose(decision.view, decision.legal, decision.seen))
            recall.observe(state, seat)
        seed += 1
    return found


def person(strength, game_id, **knobs):
    return Personality("tester", "Tester", (game_id,), strength, 0.5, MappingProxyType(knobs))


@pytest.mark.parametrize("who", SHIPPED, ids=lambda p: p.id)
def test_every_shipped_opponent_loads_and_plays(who):
    for game_id in who.games:
        game = GAMES[game_id]
        agent = make_agent(who.id, game, 0, 7, SHIPPED)
        if isinstance(agent, SearchAgent):
            agent.settings = dataclasses.replace(agent.settings, worlds=2)
        for view, legal, seen in decisions(game, 8, seed=7):
            assert agent.choose(view, legal, seen) in legal


def test_each_game_has_three_characters_or_more():
    for game_id in GAMES:
        people = [p for p in SHIPPED if p.plays(game_id)]
        assert len({p.strength for p in people}) == 3, game_id
        assert len(people) >= 3


@pytest.mark.parametrize("game_id, knob, low, high", [
    ("take5", "risk", 0.0, 1.0),
    ("fiftyfifty", "risk", 0.0, 1.0),
    ("fiftyfive", "boldness", 0.0, 1.0),
    ("thirteen", "lie_rate", 0.0, 1.0),
])
def test_a_knob_changes_the_rule_based_choices(game_id, knob, low, high):
    game = GAMES[game_id]
    timid = LADDER["medium"](game, 0, 1, person("medium", game_id, **{knob: low}))
    daring = LADDER["medium"](game, 0, 1, person("medium", game_id, **{knob: high}))
    differ = sum(timid.choose(v, legal, seen) != daring.choose(v, legal, seen) for v, legal, seen in decisions(game, 150))
    assert differ > 0


def test_the_search_budget_knobs_change_how_much_is_searched():
    game = GAMES["take5"]
    view, legal, seen = decisions(game, 1)[0]
    worlds = []
    for few in (1, 6):
        agent = LADDER["hard"](game, 0, 1, person("hard", "take5", worlds=few))
        agent.choose(view, legal, seen)
        worlds.append(agent.last_worlds)
    assert worlds == [1, 6]
    capped = LADDER["hard"](game, 0, 1, person("hard", "take5", budget=0.05))
    assert capped.settings.budget == 0.05 and LADDER["hard"](game, 0, 1, None).settings.budget is None


def test_ambition_changes_what_the_search_plays_for():
    """Playing to beat the best other seat or to keep one's own score: the same worlds, other choices."""
    game = GAMES["take5"]
    choices = {}
    for ambition in (0.0, 1.0):
        agent = LADDER["hard"](game, 0, 1, person("hard", "take5", worlds=24, ambition=ambition))
        assert agent.settings.versus_best == ambition
        choices[ambition] = [agent.choose(v, legal, seen) for v, legal, seen in decisions(game, 40)]
    assert choices[0.0] != choices[1.0]


def test_every_knob_is_used_by_a_shipped_opponent():
    used = {name for p in SHIPPED for name in p.knobs}
    assert used == set(KNOBS) - {"budget"}  # the time cap is opt-in: shipped opponents play the same on any machine


GOOD = ("opponents:\n  - id: ann\n    name: Ann\n    games: [take5]\n    strength: hard\n    think: 0.5\n"
        "    about:\n      en: Plays.\n      de: Spielt.\n      fr: Joue.\n      it: Gioca.\n")


@pytest.mark.parametrize("text, message", [
    (GOOD + "    knobs: {worlds: 2.5}\n", "opponents[0].knobs.worlds: must be a whole number from 1 to 2000"),
    (GOOD + "    knobs: {budget: 0}\n", "opponents[0].knobs.budget: must be a number from 0.01 to 10.0"),
    (GOOD + "    knobs: {lie_rate: yes}\n", "opponents[0].knobs.lie_rate: must be a number"),
    (GOOD + "    knobs: [1, 2]\n", "opponents[0].knobs: must be a mapping"),
])
def test_bad_knobs_are_refused_in_one_line(tmp_path, text, message):
    (tmp_path / "bad.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_personalities(tmp_path)
    assert message in str(caught.value) and "\n" not in str(caught.value)
