"""The network codec: every view and event of every game survives JSON, and nothing else is read."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fiftyfifty_desktop.ai import RandomAgent
from fiftyfifty_desktop.engine.match import Match
from fiftyfifty_desktop.engine.records import Record, Seat
from fiftyfifty_desktop.net.codec import TAG, CodecError, codec_for
from fiftyfifty_desktop.registry import GAMES


class _Collect:
    def __init__(self, seat):
        self.watching = seat
        self.steps = []

    def on_step(self, step, view):
        self.steps.append((step, view))


def _random_game(game_id: str, seed: int, players: int) -> list[_Collect]:
    game = GAMES[game_id]
    players = max(game.min_players, min(game.max_players, players))
    record = Record(game_id, players, game.resolve_options(players, {}),
                    tuple(Seat(f"S{i}", "random") for i in range(players)), seed)
    match = Match(game, record, {s: RandomAgent(seed, s) for s in range(players)})
    watchers = [_Collect(s) for s in (None, *range(players))]
    for watcher in watchers:
        match.watch(watcher)
    match.play(max_moves=400)
    return watchers


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_views_and_events_round_trip(game_id: str, seed: int, players: int) -> None:
    codec = codec_for(GAMES[game_id])
    for watcher in _random_game(game_id, seed, players):
        for step, view in watcher.steps:
            sent = json.loads(json.dumps(codec.encode(view)))
            assert codec.decode_view(sent) == view
            for event in step.events:
                assert codec.decode_event(json.loads(json.dumps(codec.encode(event)))) == event


def test_only_the_games_own_classes_are_read() -> None:
    codec = codec_for(GAMES["take5"])
    view = _random_game("take5", 1, 4)[1].steps[0][1]
    data = codec.encode(view)
    for bad, words in [({**data, TAG: "Take5State"}, "unknown kind"),
                       ({**data, TAG: "os.system"}, "unknown kind"),
                       ({**data, "extra": 1}, "must have the fields"),
                       ({k: v for k, v in data.items() if k != "hand"}, "must have the fields"),
                       ({"hand": [1]}, "unknown kind")]:
        with pytest.raises(CodecError, match=words):
            codec.decode(bad)
    with pytest.raises(CodecError, match="expected a Take5View"):
        codec.decode_view([1, 2])
    with pytest.raises(CodecError, match="cannot be sent"):
        codec.encode(random.Random(1))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_field_of_the_wrong_type_is_refused(game_id: str) -> None:
    """A hostile host cannot send a string where a count belongs, or a list where a number does."""
    codec = codec_for(GAMES[game_id])
    data = codec.encode(_random_game(game_id, 2, 4)[1].steps[0][1])
    numbers = [name for name, value in data.items() if isinstance(value, int) and not isinstance(value, bool)]
    lists = [name for name, value in data.items() if isinstance(value, list)]
    assert numbers and lists
    for bad in ({**data, numbers[0]: "7"}, {**data, numbers[0]: [7]}, {**data, numbers[0]: True},
                {**data, lists[0]: 3}, {**data, lists[0]: [{"x": 1}]}):
        with pytest.raises(CodecError):
            codec.decode_view(bad)
    assert codec.decode_view(data) is not None


def test_the_state_is_never_sendable() -> None:
    for game in GAMES.values():
        codec = codec_for(game)
        assert not any(name.endswith("State") for name in codec.classes), game.id


def test_a_views_changes_are_the_fields_that_differ_and_those_equality_cannot_tell() -> None:
    codec = codec_for(GAMES["take5"])
    steps = _random_game("take5", 3, 4)[1].steps
    first, later = steps[0][1], steps[1][1]
    changed = codec.changes(first, later)
    assert changed and set(changed) < {f for f in codec._fields["Take5View"]}
    assert all(getattr(later, name) != getattr(first, name) for name in changed)
    assert codec.changes(later, later) == {}
    thirteen = codec_for(GAMES["thirteen"])
    view = _random_game("thirteen", 3, 4)[1].steps[0][1]
    assert thirteen.changes(view, view) == {}
    whole = dataclasses.replace(view, hand=tuple(float(card) for card in view.hand))  # 2 == 2.0, written apart
    assert whole.hand == view.hand and thirteen.changes(view, whole) == {"hand": whole.hand}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_view_reader_reads_each_view_of_a_game_as_decode_view_does(game_id: str) -> None:
    """Views rebuilt from the last one and the fields that changed, as a client rebuilds them: the reader takes
    the unchanged fields from its last read and still refuses a bad one."""
    codec = codec_for(GAMES[game_id])
    reader = codec.view_reader()
    steps = _random_game(game_id, 5, 4)[1].steps
    shown = codec.encode(steps[0][1])
    reused = 0
    for (_, before), (_, after) in zip(steps, steps[1:]):
        changed = json.loads(json.dumps(codec.encode(codec.changes(before, after))))
        rebuilt = {**shown, **changed}
        reused += sum(1 for name in rebuilt if name != TAG and rebuilt[name] is shown[name])
        assert reader.read(rebuilt) == codec.decode_view(rebuilt) == after
        shown = rebuilt
    assert reused > len(steps)  # most fields are taken again, not read anew
    numbers = [name for name, value in shown.items() if isinstance(value, int) and not isinstance(value, bool)]
    for bad in ({**shown, numbers[0]: "7"}, {**shown, "extra": 1}, [1, 2], {**shown, TAG: "Nothing"}):
        with pytest.raises(CodecError):
            reader.read(bad)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_wrong_value_deep_in_a_list_is_refused(game_id: str) -> None:
    """Rows of cards and turns of (seat, card) pairs are checked item by item: a text or a list where a card
    belongs, or a pair of three, is refused wherever it sits."""
    codec = codec_for(GAMES[game_id])
    tried = 0
    for _, view in _random_game(game_id, 4, 4)[1].steps[::7]:
        data = codec.encode(view)
        for name, value in data.items():
            inner = next((item for item in value if isinstance(item, list) and item), None) \
                if isinstance(value, list) else None
            if inner is None or not all(isinstance(x, int) and not isinstance(x, bool) for x in inner):
                continue
            at = value.index(inner)
            for bad_inner in (["7", *inner[1:]], [[inner[0]], *inner[1:]], [*inner, inner[0]], 5):
                bad = {**data, name: [*value[:at], bad_inner, *value[at + 1:]]}
                if bad_inner == [*inner, inner[0]] and _any_length(codec, view, name):
                    continue  # a longer run is still a run
                with pytest.raises(CodecError):
                    codec.decode_view(bad)
                tried += 1
    assert tried >= 8


def _any_length(codec, view, name: str) -> bool:
    import typing
    hint = typing.get_type_hints(type(view))[name]
    for arg in typing.get_args(hint):
        inner = typing.get_args(arg)
        if inner and inner[-1] is Ellipsis:
            return True
    return False
