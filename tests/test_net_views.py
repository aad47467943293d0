"""What a view can hold, per game: every view and step of real games passes the game's check, and a real view with
any one field pushed out of range (a number past any game's, a list far too long, a card twice, a card not in the
deck) is refused by the reader a client uses, naming that field. Every game of the registry, none listed here."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fiftyfifty_desktop.engine import GameError
from fiftyfifty_desktop.engine.viewcheck import NUMBER_BOUND
from fiftyfifty_desktop.net.codec import TAG, codec_for
from fiftyfifty_desktop.net.steps import StepReader
from fiftyfifty_desktop.registry import GAMES

GAME_IDS = sorted(GAMES)


@lru_cache(maxsize=None)
def played(game_id: str, players: int, seed: int, variant: str | None = None) -> tuple[Any, ...]:
    """Every (seat, view before, events the seat saw, view after) of a random game, as a table sends them."""
    game = GAMES[game_id]
    options = game.resolve_options(players, {"variant": variant} if variant else {})
    state, dealt = game.new_game(players, options, seed)
    source = random.Random(seed)
    before: list[Any] = [None] * players
    steps = []
    events = dealt
    for _ in range(400):
        for seat in range(players):
            seen = tuple(e for e in events if game.event_audience(e) in (None,) or seat in game.event_audience(e))
            after = game.view(state, seat)
            steps.append((seat, before[seat], seen, after))
            before[seat] = after
        if game.is_over(state):
            break
        mover = game.to_move(state)[0]
        state, events = game.apply(state, mover, source.choice(game.legal_moves(state, mover)))
    return options, tuple(steps)


def tables(game_id: str) -> list[tuple[int, int, str | None]]:
    game = GAMES[game_id]
    found = [(players, seed, None) for players in range(game.min_players, game.max_players + 1) for seed in (1, 2)
             if _playable(game, players)]
    if game_id == "take5":
        found.append((4, 3, "professional"))
    return found


def _playable(game, players: int) -> bool:
    try:
        game.resolve_options(players, {})
        return True
    except GameError:
        return False


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_view_and_step_of_real_games_passes_the_games_check(game_id: str) -> None:
    game = GAMES[game_id]
    checked = 0
    for players, seed, variant in tables(game_id):
        options, steps = played(game_id, players, seed, variant)
        for _, before, events, after in steps:
            game.check_step(before, events, after, players, options)
            checked += 1
    assert checked > 100


def _leaf_paths(data: Any, path: tuple = ()) -> list[tuple]:
    """The places of the plain values inside a view's JSON (the field's own place first)."""
    if isinstance(data, list):
        found = [path] if not data else []
        for index, item in enumerate(data):
            found.extend(_leaf_paths(item, path + (index,)))
        return found
    if isinstance(data, dict):
        return [p for key, item in data.items() if key != TAG for p in _leaf_paths(item, path + (key,))]
    return [path]


def _set(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    copy = list(data) if isinstance(data, list) else dict(data)
    copy[path[0]] = _set(data[path[0]], path[1:], value)
    return copy


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


@st.composite
def pushed_out(draw, game_id: str) -> tuple[str, dict, dict, str]:
    """A real view of ``game_id`` as JSON, and the same with one field pushed out of range; the field's name."""
    players, seed, variant = draw(st.sampled_from(tables(game_id)))
    options, steps = played(game_id, players, seed, variant)
    _, _, _, view = draw(st.sampled_from(steps))
    data = codec_for(GAMES[game_id]).encode(view)
    field = draw(st.sampled_from(sorted(k for k in data if k != TAG)))
    value = data[field]
    lists = [p for p in _list_paths(value) if _get(value, p)]
    hows = ["number", "long"] + (["twice"] if lists else []) + (["foreign"] if field in card_lists(game_id) else [])
    how = draw(st.sampled_from(hows))
    if how == "number":
        place = draw(st.sampled_from(_leaf_paths(value)))
        far = draw(st.integers(NUMBER_BOUND + 1, 10**12)) * draw(st.sampled_from([1, -1]))
        value = _set(value, place, far)
    elif how == "long":  # far more entries than any game has
        value = value + [value[0] if value else 1] * 50_000 if isinstance(value, list) else [value] * 50_000
    elif how == "twice":  # an entry the view already holds, many times more in the same list
        place = draw(st.sampled_from(lists))
        inner = _get(value, place)
        value = _set(value, place, inner + [draw(st.sampled_from(inner))] * 60)
    else:  # a card no deck of the game holds
        place = draw(st.sampled_from(_leaf_paths(value)))
        top = max(int(card) for card in GAMES[game_id].deck(players, options))
        value = _set(value, place, top + draw(st.integers(1, 300)))
    return field, data, {**data, field: value}, json.dumps(options)


@lru_cache(maxsize=None)
def card_lists(game_id: str) -> frozenset[str]:
    """The view's fields that hold cards alone: lists whose every value, in every view of the real games, is a
    card of the deck (a field that ever holds a seat, a count or a score is not one)."""
    game = GAMES[game_id]
    fields: dict[str, bool] = {}
    for players, seed, variant in tables(game_id):
        options, steps = played(game_id, players, seed, variant)
        deck = set(game.deck(players, options))
        for _, _, _, view in steps[::7]:
            data = codec_for(game).encode(view)
            for name, value in data.items():
                if isinstance(value, list):
                    leaves = [_get(value, p) for p in _leaf_paths(value) if p]
                    fields[name] = fields.get(name, True) and all(
                        type(leaf) in (int, float) and leaf in deck for leaf in leaves)
    return frozenset(name for name, cards in fields.items() if cards)


def _list_paths(data: Any, path: tuple = ()) -> list[tuple]:
    found = [path] if isinstance(data, list) else []
    if isinstance(data, list):
        for index, item in enumerate(data):
            found.extend(_list_paths(item, path + (index,)))
    return found


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_a_real_view_with_a_field_out_of_range_is_refused_naming_the_field(game_id: str, data) -> None:
    field, real, mutated, options = data.draw(pushed_out(game_id))
    if mutated == real:
        return
    game = GAMES[game_id]
    players = real["players"]
    StepReader(game, players, json.loads(options), real["seat"]).read(real)  # the real one passes
    with pytest.raises(GameError) as refused:
        StepReader(game, players, json.loads(options), real["seat"]).read(mutated)
    assert f".{field}" in str(refused.value) or f"{field} " in str(refused.value), (field, str(refused.value))
