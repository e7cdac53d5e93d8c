"""``elzzur.views.jsonout.dumps`` is ``json.dumps(value, ensure_ascii=False)``, byte for byte,
on random values: the kinds it writes itself (strings with any character, numbers with the
special floats, nesting) and the kinds it hands to ``json`` (subclasses, other keys, sets)."""

from __future__ import annotations

import json
import math

from hypothesis import given, settings, strategies as st

from elzzur.views import jsonout

TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=12) | st.sampled_from(
    ["", "\"", "\\", "\n\r\t\b\f", "\x00\x1f\x7f", "\u2028\u2029", "İı", "\ud800", "é/<>&"])
SCALARS = (TEXT | st.integers() | st.integers(min_value=-2**70, max_value=2**70)
           | st.floats(allow_nan=True, allow_infinity=True) | st.booleans() | st.none())


class Word(str):
    pass


class Score(int):
    pass


VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.lists(inner, max_size=3).map(tuple)
    | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=25)


def expected(value) -> str:
    return json.dumps(value, ensure_ascii=False)


@settings(max_examples=800, deadline=None)
@given(VALUES)
def test_the_same_text_as_json(value):
    assert jsonout.dumps(value) == expected(value)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(
    st.dictionaries(st.integers() | st.booleans() | st.none() | st.floats(), SCALARS,
                    min_size=1, max_size=3),
    TEXT.map(Word), st.integers().map(Score), SCALARS), min_size=1, max_size=4))
def test_what_it_does_not_write_itself_json_writes(value):
    assert jsonout.dumps(value) == expected(value)


def test_a_scrabble_move_list():
    moves = [{"coordinate": "K5", "word": "ANESTRI", "score": 84, "equity": 84.0, "leave": "",
              "kind": "play"},
             {"coordinate": "xchg", "word": "QV", "score": 0, "equity": -3.5, "leave": "E?",
              "kind": "exchange"}]
    text = jsonout.dumps({"unseen": {"tiles": "AAB", "count": 3, "bag": 0}, "moves": moves})
    assert text == expected({"unseen": {"tiles": "AAB", "count": 3, "bag": 0}, "moves": moves})
    assert json.loads(text)["moves"] == moves


def test_special_floats_and_what_json_refuses():
    assert jsonout.dumps([math.nan, math.inf, -math.inf, -0.0, 1e300]) == \
        '[NaN, Infinity, -Infinity, -0.0, 1e+300]'
    circular: list = []
    circular.append(circular)
    for bad in (circular, {1, 2}, b"bytes"):
        try:
            expected(bad)
        except (TypeError, ValueError) as e:
            kind, message = type(e), str(e)
        try:
            jsonout.dumps(bad)
        except (TypeError, ValueError) as e:
            assert (type(e), str(e)) == (kind, message)
        else:
            raise AssertionError(f"{bad!r} was written")
