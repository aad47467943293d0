from hypothesis import given, strategies as st

from fiftyfifty_desktop.engine import Rng, evolve


def test_shuffle_is_fixed_for_a_seed():
    # A regression anchor: a Python upgrade must not change any dealt game.
    assert Rng(1).shuffled(range(10))[0] == (6, 3, 0, 8, 4, 1, 7, 9, 2, 5)


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=0, max_value=60))
def test_shuffle_is_a_permutation_and_repeatable(seed, n):
    cards, after = Rng(seed).shuffled(range(n))
    assert sorted(cards) == list(range(n))
    assert Rng(seed).shuffled(range(n)) == (cards, after)
    assert after == Rng(seed, 1)


def test_successive_draws_differ():
    first, rng = Rng(5).shuffled(range(52))
    second, _ = rng.shuffled(range(52))
    assert first != second


def test_below_stays_in_range():
    rng = Rng(9)
    for _ in range(200):
        value, rng = rng.below(7)
        assert 0 <= value < 7


def test_evolve_copies_and_refuses_unknown_fields():
    rng = Rng(3, 4)
    assert evolve(rng, draws=9) == Rng(3, 9)
    assert rng == Rng(3, 4)
    try:
        evolve(rng, colour="red")
    except TypeError as exc:
        assert "colour" in str(exc)
    else:
        raise AssertionError("an unknown field was accepted")
