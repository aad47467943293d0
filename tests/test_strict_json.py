"""The fast reader gives the careful reader's answer for every text: the same data, or an error where it errs."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fiftyfifty_desktop.engine.strict_json import JsonError, _careful, loads


def same_answer(text: str) -> None:
    try:
        expected = _careful(text)
    except JsonError:
        with pytest.raises(JsonError):
            loads(text)
        return
    got = loads(text)
    assert got == expected
    assert json.dumps(got) == json.dumps(expected)  # 1 and 1.0 are equal but are not the same answer


KEYS = st.sampled_from(["a", "b", "\\u0061", "seed", "é", 'q\\"', "a\\u003a"])
NUMBERS = st.one_of(
    st.integers(-(10**45), 10**45).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.sampled_from(["1e400", "-1e400", "1e-400", "-0", "-0.0", "1E5", "0.1e1", "01", "1.", ".5",
                     "18446744073709551616", "9223372036854775808", "1" * 16, "1" * 41]),
)
STRINGS = st.one_of(st.text(max_size=8).map(json.dumps),
                    st.sampled_from(['"\\ud800"', '"\\udc00\\ud800"', '"\\u0000"', '"a:b"', '"\\\\"', '"{"']))


def texts() -> st.SearchStrategy[str]:
    """JSON-like texts: mostly valid, with duplicate keys hidden by escapes, long and huge numbers,
    lone surrogates and the odd broken piece, as a crafted message would hold."""
    leaves = st.one_of(NUMBERS, STRINGS, st.sampled_from(["true", "false", "null", "NaN", "Infinity", "[1,]"]))

    def containers(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        lists = st.lists(inner, max_size=4).map(lambda items: "[" + ",".join(items) + "]")
        objects = st.lists(st.tuples(KEYS, inner), max_size=4).map(
            lambda pairs: "{" + ",".join(f'"{key}":{value}' for key, value in pairs) + "}")
        return st.one_of(lists, objects)

    return st.recursive(leaves, containers, max_leaves=12)


@settings(max_examples=1500)
@given(texts(), st.sampled_from(["", " ", "\n"]))
def test_any_text_reads_as_the_careful_reader_reads_it(text: str, space: str) -> None:
    same_answer(space + text + space)


@pytest.mark.parametrize("text", [
    '{"a":1,"a":2}',  # orjson keeps the last
    '{"a":1,"\\u0061":2}',  # the same key, written apart
    '{"x":{"a\\u003a":1,"a\\u003a":2}}',  # an escaped colon does not count as one
    '{"a":"x:y","a":2}',  # nor does a colon in a string
    "[18446744073709551616]",  # past 64 bits: orjson would give a float
    "[123456789012345678901]",
    "[" + "9" * 41 + "]",
    "[1e400]", "[-1e400]", "[NaN]", "[Infinity]",
    '"\\ud800"', '"\\udc00"',
    '{"type":"step","seed":340282366920938463463374607431768211455}',
])
def test_texts_orjson_reads_otherwise_are_read_carefully(text: str) -> None:
    same_answer(text)


def test_what_the_careful_reader_refuses_is_refused_with_its_words() -> None:
    with pytest.raises(JsonError, match="appears twice"):
        loads('{"a":1,"\\u0061":2}')
    with pytest.raises(JsonError, match="1e400 is too large a number"):
        loads('{"a":1e400}')
    with pytest.raises(JsonError, match="invalid JSON at line 1"):
        loads("[1,]")


def test_a_huge_whole_number_stays_whole() -> None:
    assert loads('{"seed":340282366920938463463374607431768211455}') == {"seed": 2**128 - 1}


def counted_one_by_one(text: str) -> int:
    depth = deepest = 0
    for character in text:
        depth += {"[": 1, "{": 1, "]": -1, "}": -1}.get(character, 0)
        deepest = max(deepest, depth)
    return deepest


@settings(max_examples=600)
@given(st.one_of(
    st.text(alphabet="[]{}", max_size=80),  # pairing or not
    st.integers(0, 60).flatmap(lambda n: st.just("[" * n + "1" + "]" * n)),  # past MAX_DEPTH passes
    st.recursive(st.just("1"), lambda inner: st.lists(inner, max_size=3).map(lambda xs: "[" + ",".join(xs) + "]"),
                 max_leaves=20),
))
def test_nesting_is_the_deepest_bracket_count_outside_strings(text: str) -> None:
    from fiftyfifty_desktop.engine.strict_json import nesting
    assert nesting(text) == counted_one_by_one(text)
    assert nesting('"[[[[" ' + text + ' "]]]]"') == counted_one_by_one(text)
