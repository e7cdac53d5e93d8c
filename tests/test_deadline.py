"""The search's wall-clock time limit (``seconds`` of the C core and of ``grid/search.py``,
``deadline`` of ``find_words`` and the referee, ``SEARCH_SECONDS`` of the web app): both
backends stop alike, at the same step, with ``SearchTimeout`` (a ``SearchLimit``); a time
limit that is not reached changes nothing; the step limit keeps its meaning beside it.

No test asserts how long anything took: a search is stopped either by a deadline already
past (it stops at its first reading of the clock, after exactly ``TIME_CHUNK`` + 1 steps,
on any machine) or by one that an exploding search (thirty A's and a B on a board of A's,
every Hamiltonian-like path of A's a prefix) could never meet.
"""

from __future__ import annotations

import random
import time

import pytest

from elzzur import _core
from elzzur.errors import ElzzurError
from elzzur.grid.board import parse_boards
from elzzur.grid.referee import check
from elzzur.grid.search import TIME_CHUNK, SearchLimit, SearchTimeout, search
from elzzur.grid.solver import SearchTimedOut, find_words
from elzzur.lexicon.dictionary import Dictionary
from elzzur.lexicon.graph import WordGraph, build
from elzzur.lexicon.languages import get_language

EN = get_language("en")
EXPLODING = build(["A" * 30 + "B"], "AB")  # no word is ever found: the walk only grows


def grid(rows: int, cols: int):
    return tuple(tuple(rr * cols + cc for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
                       if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols)
                 for r in range(rows) for c in range(cols))


def of_a(rows: int = 4, cols: int = 4) -> tuple:
    """A board of A's as the search's numbers (letter 0 of the graph's alphabet)."""
    n = rows * cols
    return ((b"\0",),) * n, ((1,),) * n, (1,) * n, (0,) * n, grid(rows, cols), (0,) * 32, 2


def run(backend: str, graph: bytes, args, **options):
    """The search's answer, or the exception it raised."""
    try:
        if backend == "c":
            return _core.Graph(graph).search(*args, **options)
        return search(WordGraph(graph), *args, **options)
    except Exception as e:  # noqa: BLE001 - compared by the tests
        return e


def test_the_core_and_python_have_the_same_classes():
    assert issubclass(_core.SearchTimeout, _core.SearchLimit)
    assert SearchTimeout is _core.SearchTimeout and SearchLimit is _core.SearchLimit


@pytest.mark.parametrize("backend", ["c", "python"])
def test_a_deadline_past_stops_at_the_first_reading_of_the_clock(backend):
    stopped = run(backend, EXPLODING, of_a(), seconds=1e-9)
    assert type(stopped) is SearchTimeout and stopped.args == (TIME_CHUNK + 1,)


@pytest.mark.parametrize("backend", ["c", "python"])
def test_an_exploding_search_stops_in_time(backend):
    # without a time limit (or its step limit) this search would outlast the test run
    stopped = run(backend, EXPLODING, of_a(5, 5), limit=0, seconds=0.05)
    assert type(stopped) is SearchTimeout and stopped.args[0] > TIME_CHUNK


@pytest.mark.parametrize("backend", ["c", "python"])
@pytest.mark.parametrize("limit", [1, 5_000, TIME_CHUNK, TIME_CHUNK + 1, 3 * TIME_CHUNK + 7, -3])
def test_the_step_limit_keeps_its_meaning_beside_a_time_limit(backend, limit):
    plain = run(backend, EXPLODING, of_a(), limit=limit)
    timed = run(backend, EXPLODING, of_a(), limit=limit, seconds=1e6)
    assert type(plain) is type(timed) is SearchLimit
    assert plain.args == timed.args == (limit + 1 if limit > 0 else 1,)
    # a limit under the first chunk is reached before the clock is read: a step limit
    if 0 < limit <= TIME_CHUNK:
        assert type(run(backend, EXPLODING, of_a(), limit=limit, seconds=1e-9)) is SearchLimit


def test_a_time_limit_not_reached_changes_nothing():
    """Random word sets over three letters and random boards: the same words, scores and
    paths with and without a (generous) time limit, from both backends."""
    rng = random.Random(18)
    for _ in range(300):
        words = {"".join(rng.choice("ABC") for _ in range(rng.randint(1, 7)))
                 for _ in range(rng.randint(1, 40))}
        graph = build(sorted(words), "ABC")
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        n = rows * cols
        cells = tuple((bytes([rng.randrange(3)]),) for _ in range(n))
        args = (cells, tuple((rng.randint(1, 5),) for _ in range(n)),
                tuple(rng.choice((1, 1, 2)) for _ in range(n)), (0,) * n, grid(rows, cols),
                (0,) * 8, rng.randint(1, 3))
        revisit = rng.random() < 0.3
        expected = run("python", graph, args, revisit=revisit, limit=200_000)
        for backend in ("c", "python"):
            got = run(backend, graph, args, revisit=revisit, limit=200_000, seconds=1e6)
            if isinstance(expected, Exception):
                assert type(got) is type(expected) and got.args == expected.args
            else:
                assert got == expected


@pytest.mark.parametrize("backend", ["c", "python"])
@pytest.mark.parametrize("seconds", [-1.0, float("nan"), 1e10])
def test_a_time_limit_out_of_range_is_refused(backend, seconds):
    refused = run(backend, EXPLODING, of_a(), seconds=seconds)
    assert type(refused) is ValueError and "seconds" in str(refused)


# --- find_words and the referee: SearchTimedOut, an ElzzurError -------------------------------

@pytest.fixture(scope="module")
def exploding():
    return (parse_boards("AAAA/AAAA/AAAA/AAAA", EN, "board")[0],
            Dictionary.from_words(["A" * 30 + "B"], EN, "thirty A's"))


@pytest.mark.parametrize("use", ["c", "python"])
def test_find_words_stops_at_its_deadline(use, exploding):
    board, words = exploding
    with pytest.raises(SearchTimedOut, match="^the search on this 4x4 board ran out of time"):
        find_words(board, words, EN, use=use, deadline=time.monotonic() - 1)
    with pytest.raises(SearchTimedOut):
        find_words(board, words, EN, use=use, limit=0, deadline=time.monotonic() + 0.05)
    assert issubclass(SearchTimedOut, ElzzurError)
    # a deadline far off: the same answer as none
    real = parse_boards("STAR/ELIN/PORG/AMES", EN, "board")[0]
    from elzzur.lexicon.dictionary import builtin_dictionary

    english = builtin_dictionary(EN)
    assert find_words(real, english, EN, use=use, deadline=time.monotonic() + 1e5) == \
        find_words(real, english, EN, use=use)


@pytest.mark.parametrize("deadline", ["soon", True, float("nan")])
def test_find_words_refuses_a_deadline_that_is_no_instant(deadline, exploding):
    with pytest.raises(TypeError, match="deadline must be an instant"):
        find_words(exploding[0], exploding[1], EN, deadline=deadline)


@pytest.mark.parametrize("use", ["c", "python"])
def test_the_referee_stops_at_its_deadline(use, exploding):
    board, words = exploding
    with pytest.raises(SearchTimedOut):
        check(board, words, EN, "ruzzle", [["AAAA"]], use=use, deadline=time.monotonic() - 1)
