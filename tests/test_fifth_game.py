"""A new game is its rules and one registry entry: High Card, registered here only, plays everywhere headless.

``tests/highcard.py`` holds the rules, the event kinds, the card reader, a
rule-based player, a greedy baseline, search tuning and hint reasons; its
entry names them and gives every other part as None. Registering the entry
is all it takes for the command line (``simulate``, ``replay``, ``arena``),
the hard player, hints, the self-check's engine game and a table served
over the loopback network to play it: no module of the package knows it.
Its computer players think in this process (every seat of the network
table is a client here): a worker process imports the package afresh and
knows only the games the package itself registers.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json

import pytest

from fiftyfifty_desktop.ai.hints import hint_reason
from fiftyfifty_desktop.cli import run
from fiftyfifty_desktop.engine import Reason
from fiftyfifty_desktop.engine.records import parse_record, replay
from fiftyfifty_desktop.registry import ENTRY, GAMES

from . import highcard
from .test_net_play import play_table, remote_record
from .test_registry import CHECKS, REQUIRED


@pytest.fixture
def high_card(monkeypatch):
    """High Card in the registry for one test."""
    monkeypatch.setitem(ENTRY, highcard.GAME.id, highcard.ENTRY)
    return highcard.GAME


def cli(capsys, *argv):
    status = run(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_without_its_entry_the_game_is_unknown(capsys):
    assert "highcard" not in GAMES
    status, _, err = cli(capsys, "simulate", "--game", "highcard", "--players", "2", "--seed", "1")
    assert status == 2 and "unknown game 'highcard'" in err


@pytest.mark.parametrize("part", list(CHECKS))
def test_its_entry_passes_the_registry_checks(high_card, part):
    if getattr(highcard.ENTRY, part) is None:
        assert part not in REQUIRED
    else:
        CHECKS[part](highcard.ENTRY)


def test_it_keeps_the_contract_every_registered_game_keeps(high_card):
    from .test_contract import test_every_game_keeps_the_contract_from_deal_to_end as keeps_the_contract
    from .test_contract import test_the_spectator_sees_no_hand as spectator_sees_no_hand

    for players, seed in ((2, 1), (4, 2)):
        keeps_the_contract("highcard", players, seed)
    spectator_sees_no_hand("highcard")


def test_simulate_records_a_game_that_replay_plays_back_the_same(high_card, capsys, tmp_path):
    path = tmp_path / "highcard.json"
    status, out, err = cli(capsys, "simulate", "--game", "highcard", "--players", "3", "--seats",
                           "hard,medium,greedy", "--seed", "4", "--record", str(path), "--json")
    assert status == 0, err
    simulated = json.loads(out)
    assert simulated["game"] == "highcard" and len(simulated["games"]) == 1
    [result] = simulated["games"]
    assert sum(result["scores"]) == highcard.HAND and result["winners"]
    status, out, err = cli(capsys, "replay", str(path), "--json")
    assert status == 0, err
    assert json.loads(out)["games"] == [result]
    record = parse_record(path.read_text(encoding="utf-8"), GAMES)
    assert record.game == "highcard" and len(record.moves) == 3 * highcard.HAND
    assert replay(record, GAMES).state.points == tuple(result["scores"])


def test_the_arena_measures_its_players(high_card, capsys):
    status, out, err = cli(capsys, "arena", "--game", "highcard", "--seats", "greedy,medium,random",
                           "--games", "4", "--seed", "2", "--json")
    assert status == 0, err
    measured = json.loads(out)
    assert measured["game"] == "highcard" and measured["count"] == 4
    assert sorted(row["name"] for row in measured["entrants"]) == ["greedy", "medium", "random"]
    played = {row["games"] for row in measured["entrants"]}
    assert len(played) == 1 and played.pop() >= 4  # every entrant in every game
    assert sum(row["wins"] for row in measured["entrants"]) == pytest.approx(measured["entrants"][0]["games"])
    status, _, err = cli(capsys, "arena", "--game", "highcard", "--seats", "greedy,mc:4", "--games", "1")
    assert status == 2 and "High Card has no Monte Carlo player" in err
    status, _, err = cli(capsys, "arena", "--game", "highcard", "--seats", "greedy,medium", "--deals", "2")
    assert status == 2 and "High Card cannot be measured by single deals" in err


def test_a_table_served_over_the_loopback_network_plays_it_to_the_end(high_card, tmp_path):
    path = tmp_path / "table.json"
    outcomes, _ = asyncio.run(play_table(remote_record("highcard", 9, players=3), path, 3))
    final = replay(parse_record(path.read_text(encoding="utf-8"), GAMES), GAMES).state
    assert high_card.is_over(final)
    for outcome in outcomes:
        assert outcome.message == "the game is over"
        assert outcome.scores == high_card.scores(final) and outcome.moves == 3 * highcard.HAND


def test_the_self_check_plays_it_on_the_engine_and_over_the_network(high_card):
    from fiftyfifty_desktop.selfcheck import network_game, play_game

    assert "on the engine, it has no table" in play_game(high_card)
    assert "every seat told the same scores" in network_game(high_card)


def test_with_its_rules_alone_it_plays_with_random_seats(monkeypatch, capsys):
    from fiftyfifty_desktop.selfcheck import network_game, play_game

    bare = dataclasses.replace(highcard.ENTRY, rule_player=None, search=None, greedy=None, hint_reasons=None)
    monkeypatch.setitem(ENTRY, highcard.GAME.id, bare)
    assert "2 random players" in play_game(highcard.GAME)
    assert "every seat told the same scores" in network_game(highcard.GAME)
    status, _, err = cli(capsys, "simulate", "--game", "highcard", "--players", "2", "--seats", "random,medium")
    assert status == 2 and "High Card has no rule-based computer player" in err
    state, _ = highcard.GAME.new_game(2, seed=1)
    assert hint_reason("highcard", highcard.GAME.view(state, 0), highcard.GAME.legal_moves(state, 0)[0]) is None


def test_a_hint_gives_its_reason(high_card):
    state, _ = high_card.new_game(2, seed=1)
    view = high_card.view(state, 0)
    reason = hint_reason("highcard", view, high_card.legal_moves(state, 0)[0])
    assert isinstance(reason, Reason) and reason.code == "highcard_takes"
