"""What the set-up screen offers comes from the games: every offered value is accepted, every
preset starts a game, and a game says how far it has come."""

import pytest

from fiftyfifty_desktop.engine import OptionError
from fiftyfifty_desktop.registry import GAMES


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_offered_value_is_accepted_for_its_player_count(game):
    for players in range(game.min_players, game.max_players + 1):
        for option in game.options:
            offered = option.offered_values(players)
            if offered is None:
                assert option.from_file is not None, option.name  # only a file's contents are not offered
                continue
            assert len(offered) == len(set(offered)) > 0
            for value in offered:
                game.resolve_options(players, {option.name: value})


def test_offers_follow_the_player_count():
    teams = {o.name: o for o in GAMES["fiftyfive"].options}["teams"]
    assert [teams.offered_values(n) for n in (4, 5, 6, 8, 9)] == [(1, 2), (1,), (1, 2, 3), (1, 4), (1, 3)]
    variant = {o.name: o for o in GAMES["take5"].options}["variant"]
    assert variant.offered_values(6) == ("standard", "professional") and variant.offered_values(7) == ("standard",)
    target = {o.name: o for o in GAMES["take5"].options}["target"]
    assert 66 in target.offered_values(4) and min(target.offered_values(4)) > 1


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_preset_starts_a_game(game):
    assert game.presets
    for preset in game.presets:
        players = preset.players or game.min_players
        options = game.resolve_options(players, preset.options)
        for name, value in preset.options.items():
            assert value in {o.name: o for o in game.options}[name].offered_values(players)
        state, _ = game.new_game(players, options, seed=1)
        assert game.stage(state)[0] in ("round", "hand", "turn") and game.stage(state)[1] == 1


def test_a_refused_combination_names_the_option_it_concerns():
    with pytest.raises(OptionError) as caught:
        GAMES["fiftyfive"].resolve_options(5, {"teams": 2})
    assert caught.value.reason.params["option"] == "teams"
    with pytest.raises(OptionError) as caught:
        GAMES["take5"].resolve_options(8, {"variant": "professional"})
    assert caught.value.reason.params["option"] == "variant"
