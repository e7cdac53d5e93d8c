"""The C core (``elzzur._core``) against its specification, the pure-Python ``elzzur.grid.search``.

Random word graphs over small alphabets and random boards given directly as the numbers both
searches take: the answers must be identical, ties included. Then what only the C side can get
wrong: bad arguments and damaged graphs must raise, never crash, and memory must not grow over
many calls. The C core is built by ``pip install .`` (or ``python setup.py build_ext
--inplace``); without it this module fails rather than skips, so CI cannot pass unbuilt.
"""

from __future__ import annotations

import gc
import itertools
import mmap
import os
import random
import struct
import sys
import threading

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

try:
    from elzzur import _core
except ImportError as error:
    _core, _why = None, str(error)
if _core is None:
    pytest.fail(f"the C core elzzur._core was not built ({_why}): install with a C compiler "
                "(pip install .) or build it in place (python setup.py build_ext --inplace)",
                pytrace=False)

from elzzur.errors import ElzzurError
from elzzur.grid.board import Board, Cell
from elzzur.lexicon.graph import WordGraph, build
from elzzur.grid.results import Found
from elzzur.grid.search import END_ONLY, START_ONLY, SearchLimit, search
from elzzur.grid.solver import fill_template, shape_rows
from elzzur.record import Record

# Examples per property; ELZZUR_CORE_EXAMPLES=100000 for a long run.
EXAMPLES = int(os.environ.get("ELZZUR_CORE_EXAMPLES", "600"))
PROPERTY = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ALPHABET = "ABCDE"

# The word graph header as elzzur/graph.py documents it: magic, then six u32.
HEADER = struct.Struct("<4s6I")


def grid(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The 8-neighbourhood of a rows x cols grid, in increasing order (as boards give it)."""
    return tuple(
        tuple(rr * cols + cc
              for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
              if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols)
        for r in range(rows) for c in range(cols)
    )


@st.composite
def graphs(draw, alphabet: str = ALPHABET):
    """A word graph (bytes) of a random word set over the first 1-5 letters of ``alphabet``
    (mostly few letters, so that random boards spell many of the words)."""
    size = draw(st.sampled_from([1, 2, 2, 3, 3, 3, 4, 5]))
    letters = alphabet[:size]
    # sizes from a random generator: hypothesis's own integers favour the smallest values
    count = draw(st.randoms(use_true_random=False)).randint(0, 60)
    words = draw(st.lists(st.text(letters, min_size=0, max_size=6), min_size=count,
                          max_size=count))
    return build(words, letters, minimize=draw(st.booleans()))


@st.composite
def boards(draw, longest: int, letters: int):
    """The numeric arguments of a search: cells, points, factors, flags, neighbours, bonus,
    min_length. Mostly cells of one letter of the alphabet; also two-letter cells, two
    alternatives, holes (no alternative, or an empty one), letters no edge has."""
    rng = draw(st.randoms(use_true_random=False))
    if draw(st.booleans()):
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        n = rows * cols
        neighbours = grid(rows, cols)
    else:  # any lists: unsorted, repeated, the cell itself
        n = rng.randint(0, 8)
        neighbours = tuple(
            tuple(draw(st.lists(st.integers(0, n - 1), max_size=6))) if n else ()
            for _ in range(n)
        )
    known = st.integers(0, max(letters - 1, 0))
    letter = st.one_of(known, known, known, st.integers(letters, 62))
    alternative = st.one_of(
        letter.map(lambda x: bytes([x])),
        letter.map(lambda x: bytes([x])),
        st.lists(letter, min_size=2, max_size=3).map(bytes),
        st.just(b""),
    )
    cell = st.one_of(
        st.tuples(alternative), st.tuples(alternative), st.tuples(alternative),
        st.tuples(alternative, alternative),
        st.just(()),
    )
    cells = tuple(draw(cell) for _ in range(n))
    point = st.integers(-3, 12)
    points = tuple(tuple(draw(point) for _ in cell) for cell in cells)
    factors = tuple(draw(st.integers(0, 3) if draw(st.booleans()) else st.integers(1, 3))
                    for _ in range(n))
    flags = tuple(draw(st.sampled_from([0, 0, 0, START_ONLY, END_ONLY, START_ONLY | END_ONLY]))
                  for _ in range(n))
    bonus = tuple(draw(st.lists(st.integers(-5, 30), min_size=longest + 1,
                                max_size=longest + 3)))
    min_length = draw(st.integers(1, 4))
    return cells, points, factors, flags, neighbours, bonus, min_length


def both(data: bytes, args, **options):
    """(C result, Python result); an exception is returned in place of a result."""
    results = []
    for run in (lambda: _core.Graph(data).search(*args, **options),
                lambda: search(WordGraph(data), *args, **options)):
        try:
            results.append(run())
        except Exception as e:  # noqa: BLE001 - compared below
            results.append(e)
    return results


@PROPERTY
@given(st.data())
def test_same_answers_as_python(data):
    graph_bytes = data.draw(graphs())
    graph = WordGraph(graph_bytes)
    args = data.draw(boards(graph.longest, len(graph.alphabet)))
    revisit = data.draw(st.booleans())
    expected = search(graph, *args, revisit=revisit)
    core = _core.Graph(graph_bytes)
    assert core.search(*args, revisit=revisit) == expected
    assert core.search(*args, revisit) == expected  # positionally too
    # A limit that is not reached changes nothing.
    assert core.search(*args, revisit=revisit, limit=2**62) == expected


@PROPERTY
@given(st.data())
def test_same_limit_as_python(data):
    graph_bytes = data.draw(graphs())
    graph = WordGraph(graph_bytes)
    args = data.draw(boards(graph.longest, len(graph.alphabet)))
    revisit = data.draw(st.booleans())
    limit = data.draw(st.integers(-2, 40))
    c, python = both(graph_bytes, args, revisit=revisit, limit=limit)
    if isinstance(python, SearchLimit):
        assert isinstance(c, _core.SearchLimit)
        assert c.args == python.args == (limit + 1 if limit > 0 else 1,)
    else:
        assert c == python


def outcome(run):
    """run()'s result, or the class of the exception it raised."""
    try:
        return run()
    except Exception as e:  # noqa: BLE001 - compared by the caller
        return type(e)


@PROPERTY
@given(graphs(), st.data())
def test_one_graph_many_boards(graph_bytes, data):
    """A graph keeps what one search leaves for the next: its buffers, and the last neighbours
    and bonus it was given as tuples of ints (boards of one shape pass the same ones). Many
    boards of any size through ONE graph, their neighbours the same tuple again, an equal fresh
    one, a list changed between two searches, or bad; each answer (or error) the reference's."""
    graph = WordGraph(graph_bytes)
    core = _core.Graph(graph_bytes)
    kept: dict[int, tuple] = {}  # a neighbours tuple by number of cells, passed again
    bonus = None
    for _ in range(data.draw(st.integers(1, 10), label="boards")):
        args = list(data.draw(boards(graph.longest, len(graph.alphabet))))
        n = len(args[0])
        how = data.draw(st.sampled_from(["same", "same", "fresh", "list", "bad"]), label="how")
        if how == "same":
            args[4] = kept.setdefault(n, args[4])
        elif how == "fresh":
            args[4] = tuple(tuple(cells) for cells in kept.get(n, args[4]))
        elif how == "bad" and n:  # refused before any step (search.py reads them lazily)
            wrong, error = data.draw(st.sampled_from([(n, ValueError), (-1, ValueError),
                                                      (2**70, ValueError), (1.0, TypeError),
                                                      ("0", TypeError)]), label="wrong")
            args[4] = kept.get(n, args[4])
            args[4] = args[4][:-1] + (args[4][-1] + (wrong,),)
            assert outcome(lambda: core.search(*args)) is error
            continue
        if data.draw(st.booleans(), label="same bonus"):
            bonus = args[5] = bonus if bonus is not None else args[5]
        revisit = data.draw(st.booleans(), label="revisit")
        if how == "list":
            args[4] = [list(cells) for cells in args[4]]
        expected = outcome(lambda: search(graph, *args, revisit=revisit))
        assert outcome(lambda: core.search(*args, revisit=revisit)) == expected
        if how == "list" and n:  # the same list, changed: read again, not remembered
            args[4][0] = list(range(n))[::-1]
            expected = outcome(lambda: search(graph, *args, revisit=revisit))
            assert outcome(lambda: core.search(*args, revisit=revisit)) == expected


def test_graph_holds_what_it_remembers_until_freed():
    """The neighbours and bonus a graph remembers are held while remembered and let go when
    others replace them or the graph goes: no reference is leaked or lost."""
    args = good_args()
    neighbours, bonus = tuple(args[4]), tuple(args[5])
    args[4], args[5] = neighbours, bonus
    expected = search(WordGraph(SMALL), *args)
    counts = sys.getrefcount(neighbours), sys.getrefcount(bonus)
    core = _core.Graph(SMALL)
    assert core.search(*args) == core.search(*args) == expected
    assert (sys.getrefcount(neighbours), sys.getrefcount(bonus)) == (counts[0] + 1, counts[1] + 1)
    other = list(args)
    other[4], other[5] = tuple(tuple(c) for c in neighbours), tuple(list(bonus))
    assert core.search(*other) == expected
    assert (sys.getrefcount(neighbours), sys.getrefcount(bonus)) == counts
    assert core.search(*args) == expected
    del core
    assert (sys.getrefcount(neighbours), sys.getrefcount(bonus)) == counts


def test_a_huge_board_between_small_ones():
    """A board whose buffers pass what a graph keeps (1 MB) has them freed, not kept: the
    boards after it, smaller and larger, still get the reference's answers."""
    graph, core = WordGraph(SMALL), _core.Graph(SMALL)
    small = good_args()
    n = 5000  # a line of cells: its table alone is 2**16 slots, its entries 1 MB
    huge = [tuple((bytes([i % 3]),) for i in range(n)), tuple((1,) for _ in range(n)),
            (1,) * n, (0,) * n,
            tuple(tuple(j for j in (i - 1, i + 1) if 0 <= j < n) for i in range(n)),
            small[5], 2]
    for args in (small, huge, small, small, huge, huge, small):
        assert core.search(*args) == search(graph, *args)


@pytest.mark.parametrize("rows, cols", [(8, 16), (16, 8), (11, 12), (1, 128)])
def test_boards_up_to_128_cells_and_past(english, rows, cols):
    """From a graph's second search on, a board of up to 128 cells keeps the cells its path
    has used in 16 bytes, tested 16 moves at once; a larger one a byte a cell. Either side of
    128 cells, the cells of the last byte (120 to 127) too, the reference's answer."""
    graph, core = WordGraph(english), _core.Graph(english)
    rng = random.Random(rows * 1000 + cols)
    cells, points, _, flags, neighbours = english_board(rng, rows, cols)
    factors = tuple(2 if cell % 40 == 0 else 1 for cell in range(len(cells)))  # (bounded)
    args = (cells, points, factors, flags, neighbours, tuple(range(graph.longest + 1)), 3)
    expected = search(graph, *args)
    assert any(max(path) >= 120 for _, _, path in expected)
    for _ in range(3):
        assert core.search(*args) == expected


class Row(Record):
    """A record class of the four fields the core can fill in."""

    __slots__ = ("word", "score", "path", "band")


@PROPERTY
@given(st.data())
def test_results_built_in_c_are_what_shape_rows_makes(data):
    """labels, record, band and by_score: the core builds in C what shape_rows builds in
    Python from the plain rows, for ASCII letters and others, in and out of code point order."""
    alphabet = data.draw(st.sampled_from([ALPHABET, "ÉBÀÇD", "zyxwv"]))
    graph_bytes = data.draw(graphs(alphabet))
    graph = WordGraph(graph_bytes)
    core = _core.Graph(graph_bytes)
    args = data.draw(boards(graph.longest, len(graph.alphabet)))
    n = len(args[0])
    options = {}
    labels = data.draw(st.sampled_from(["none", "objects", "positions"]))
    if labels != "none":
        options["labels"] = tuple(object() for _ in range(n)) if labels == "objects" else \
            tuple(divmod(i, 3) for i in range(n))
    record = data.draw(st.sampled_from([None, Found, Row]))
    band = None
    if record is not None:
        options["record"] = record
        band = data.draw(st.sampled_from([None, "callable", "bytes", "other graph"]))
        bands = bytes(data.draw(st.lists(st.integers(0, 255), max_size=6)))  # short: some
        if band == "callable":                                              # ranks past its end
            options["band"] = lambda word: len(word) % 3 or None
        elif band == "bytes":
            options["band"] = bands
        elif band == "other graph":  # another alphabet and list: by the word's rank there
            other = WordGraph(data.draw(graphs(data.draw(st.sampled_from(["EDCBA", "ÀÉBxC"])))))
            options["band"] = (other, bands)
    options["by_score"] = data.draw(st.booleans())
    expected = shape_rows(core.search(*args), graph, **options)
    assert shape_rows(search(graph, *args), graph, **options) == expected
    if band == "other graph":
        options["band"] = (_core.Graph(bytes(other.buffer)), bands)
    assert core.search(*args, **options) == expected
    # from the second search on, the graph keeps the words it found as str: the same again
    assert core.search(*args, **options) == expected


@PROPERTY
@given(st.data())
def test_words_written_in_c_are_what_fill_template_writes(data):
    """render: the core writes each word with the template's pieces, padded or not, the first
    top of them, with or without bands, and totals every word, as fill_template does."""
    alphabet = data.draw(st.sampled_from([ALPHABET, "ÉBÀÇD", "zyxwv"]))
    graph_bytes = data.draw(graphs(alphabet))
    graph = WordGraph(graph_bytes)
    core = _core.Graph(graph_bytes)
    args = data.draw(boards(graph.longest, len(graph.alphabet)))
    piece = st.text("ab,\"[] é\n", max_size=3)
    pieces = [data.draw(piece) for _ in range(8)]
    if data.draw(st.booleans()):
        pieces[5] = None  # no band field
    labels = tuple(data.draw(st.text("(),0123é", min_size=1, max_size=4))
                   for _ in range(len(args[0])))
    options = {"pad": data.draw(st.booleans()), "top": data.draw(st.integers(-1, 5)),
               "by_score": data.draw(st.booleans())}
    band = data.draw(st.sampled_from([None, "callable", "bytes"]))
    if band == "callable":
        options["band"] = lambda word: len(word) % 3 or None
    elif band == "bytes":
        options["band"] = bytes(data.draw(st.lists(st.integers(0, 255), max_size=6)))
    expected = fill_template(core.search(*args), graph, labels, tuple(pieces), **options)
    assert fill_template(search(graph, *args), graph, labels, tuple(pieces), **options) == expected
    assert core.search(*args, labels=labels, render=tuple(pieces), **options) == expected


def test_a_total_past_64_bits_is_counted_on():
    graph_bytes = build(["A", "B"], ALPHABET)
    core = _core.Graph(graph_bytes)
    big = 2**63 - 1
    args = ((b"\x00",), (b"\x01",)), ((big,), (big,)), (1, 1), (0, 0), ((), ()), (0, 0), 1
    pieces = ("", "", "", "", "", None, "", ";")
    assert core.search(*args, labels="xy", render=pieces) == ("A" + str(big) + "x;B" + str(big)
                                                             + "y", 2, 1, 2 * big)
    with pytest.raises(TypeError, match="render must be a tuple of 8"):
        core.search(*args, render=pieces)  # no labels
    with pytest.raises(TypeError, match=r"render\[7\] must be a str"):
        core.search(*args, labels="xy", render=pieces[:7] + (None,))


def test_results_built_in_c_refuse_what_they_cannot_build():
    graph_bytes = build(["AB"], ALPHABET)
    core = _core.Graph(graph_bytes)
    args = ((b"\x00",), (b"\x01",)), ((1,), (2,)), (1, 1), (0, 0), ((1,), (0,)), (0,) * 3, 1
    assert core.search(*args) == [("AB", 3, (0, 1))]
    with pytest.raises(TypeError, match="record must be a class"):
        core.search(*args, record=Found("A", 1, (), None))
    with pytest.raises(TypeError, match="has no slot word"):
        core.search(*args, record=int)
    with pytest.raises(TypeError, match="give record too"):
        core.search(*args, band=b"")
    with pytest.raises(TypeError, match="band must be"):
        core.search(*args, record=Found, band=3)
    with pytest.raises(TypeError, match="must be \\(Graph, bands\\)"):
        core.search(*args, record=Found, band=(graph_bytes, b""))
    with pytest.raises(ValueError, match="labels has 1 entries for 2 cells"):
        core.search(*args, labels=("x",))
    assert core.search(*args, labels="xy", record=Row, band=b"\x02") == [Row("AB", 3, ("x", "y"), 3)]


def test_search_limit_is_an_exception_class():
    assert issubclass(_core.SearchLimit, Exception)
    assert _core.SearchLimit.__module__ == "elzzur._core"


# --- against the real dictionary --------------------------------------------------------------

@pytest.fixture(scope="module")
def english() -> bytes:
    import marisa_trie

    trie = marisa_trie.Trie()
    trie.load(os.path.join(os.path.dirname(__file__), "..", "elzzur", "res", "dictionaries", "en.marisa"))
    return build(trie.keys(), "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


# Letter numbers (A=0) drawn roughly by English frequency.
COMMON = [4, 4, 4, 0, 0, 8, 8, 14, 14, 19, 19, 13, 13, 18, 18, 17, 17, 11, 3, 2, 20, 12, 7, 15, 6,
          1, 24, 5, 10, 22, 21, 23, 9, 25]


def english_board(rng, rows: int, cols: int):
    """A random board with everything the search knows: two-letter cells (QU), two
    alternatives (A/E), holes, flagged cells, letter and word multipliers."""
    n = rows * cols
    cells, points = [], []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.04:
            cell = (b"",)
        elif kind < 0.08:
            cell = (bytes([16, 20]),)  # QU
        elif kind < 0.14:
            cell = (bytes([rng.choice(COMMON)]), bytes([rng.choice(COMMON)]))
        else:
            cell = (bytes([rng.choice(COMMON)]),)
        cells.append(cell)
        points.append(tuple(rng.randint(1, 10) * rng.choice((1, 1, 1, 2, 3)) for _ in cell))
    factors = tuple(rng.choice((1, 1, 1, 1, 2, 3)) for _ in range(n))
    flags = tuple(rng.choice((0,) * 12 + (START_ONLY, END_ONLY)) for _ in range(n))
    return tuple(cells), tuple(points), factors, flags, grid(rows, cols)


def test_english_boards(english):
    rng = random.Random(2024)
    graph = WordGraph(english)
    core = _core.Graph(english)
    assert (core.n_words, core.longest) == (graph.n_words, graph.longest)
    bonus = tuple(max(0, 5 * (n - 4)) for n in range(graph.longest + 1))
    found = 0
    for rows, cols, count in ((4, 4, 25), (5, 5, 5), (1, 12, 3), (7, 3, 3)):
        for _ in range(count):
            args = english_board(rng, rows, cols) + (bonus, 2)
            expected = search(graph, *args)
            assert core.search(*args) == expected
            found += len(expected)
    assert found > 1000
    # revisit explodes on real boards, so only a small one
    args = english_board(rng, 2, 3) + (bonus, 3)
    assert core.search(*args, revisit=True) == search(graph, *args, revisit=True)
    with pytest.raises(_core.SearchLimit):
        core.search(*english_board(rng, 4, 4), bonus, 2, limit=5)


@pytest.mark.parametrize("spread", ["english", "wide", "negative"])
def test_large_results_in_both_orders(english, spread):
    """Results of a big board are put in order by rank by a bucket sort, by score (highest
    first, then rank) by a counting sort, or by a radix sort where the scores lie far apart:
    the order of the reference's, with scores as in a game, spread across the whole int64
    range, and below zero."""
    graph = WordGraph(english)
    core = _core.Graph(english)
    rng = random.Random(11)
    cells, points, factors, flags, neighbours = english_board(rng, 10, 10)
    if spread == "wide":  # letter values of every size: scores up to about 2**62
        points = tuple(tuple(rng.choice((1, 7, 2**20, 2**40, 2**55)) for _ in cell)
                       for cell in points)
        factors = (1,) * len(factors)
    elif spread == "negative":
        points = tuple(tuple(rng.randint(-9, 9) for _ in cell) for cell in points)
    bonus = tuple(range(graph.longest + 1))
    args = (cells, points, factors, flags, neighbours, bonus, 2)
    rows = search(graph, *args)
    assert len(rows) >= 512 and len({score for _, score, _ in rows}) > 20
    assert core.search(*args) == rows
    assert core.search(*args, record=Found, by_score=True) == \
        shape_rows(rows, graph, record=Found, by_score=True)


@pytest.mark.parametrize("far", [0, 1, 3])
def test_bunched_ranks_keep_their_order(far):
    """The bucket sort puts a board's words in buckets by where their ranks lie between the
    lowest and the highest; with most ranks bunched at one end and a few far away, nearly all
    share a bucket, and the radix sort takes over rather than an insertion sort of them all.
    Either way the reference's order, by rank and by score, in the first search (without the
    graph's records) and the next ones."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    near = ["".join(w) for n in (2, 3, 4) for w in itertools.product("ABCD", repeat=n)]
    filler = ["Q" + "".join(w) for w in itertools.product(letters, repeat=3)]  # never found
    outliers = ["Z" * k for k in range(1, far + 1)]
    data = build(near + filler + outliers, letters)
    graph = WordGraph(data)
    rows, cols = 4, 4
    cells = tuple((bytes([i % 4]),) for i in range(rows * cols - 1)) + ((bytes([25]),),)
    points = tuple((1 + i % 5,) for i in range(len(cells)))
    args = (cells, points, (1,) * len(cells), (0,) * len(cells), grid(rows, cols),
            tuple(range(graph.longest + 1)), 1)
    expected = search(graph, *args)
    assert len(expected) > 80 and sum(w.startswith("Z") for w, _, _ in expected) == min(far, 1)
    core = _core.Graph(data)
    for _ in range(3):
        assert core.search(*args) == expected
        assert core.search(*args, record=Found, by_score=True) == \
            shape_rows(expected, graph, record=Found, by_score=True)


@pytest.mark.parametrize("points, factor, scale", [
    (2**26, 2, None),       # sums up to 2**30, multipliers up to 2**15: the walk without tests
    (2**27 - 1, 2**2, None),
    (2**27, 1, None),       # 16 cells of 2**27: 2**31, past the bound
    (5, 2**31 - 1, None),   # one multiplier past it
    (2**62, 1, None),       # sums past int64
    (3, 2**62, None),       # multipliers past it
    (2**26, 3, 2**40),      # bounded, and the length multiplier overflows
    (-(2**26), 3, 7),
])
def test_sums_on_either_side_of_the_bound_agree(english, points, factor, scale):
    """From a graph's second search on, a board whose letter sums and word multipliers stay
    below 2**31 whatever the path is walked without overflow tests; any other with them. On
    both sides of that bound, and with a length multiplier that overflows, every search gives
    the reference's answer, or its error."""
    graph = WordGraph(english)
    rng = random.Random(31)
    cells, _, _, flags, neighbours = english_board(rng, 4, 4)
    points_ = tuple(tuple(points for _ in cell) for cell in cells)
    factors = (factor,) + (1, 2) * 7 + (1,)
    bonus = tuple(range(graph.longest + 1))
    args = (cells, points_, factors, flags, neighbours, bonus, 3)
    options = {} if scale is None else {"scale": (scale,) * (graph.longest + 1)}
    expected = outcome(lambda: search(graph, *args, **options))
    core = _core.Graph(english)
    for _ in range(3):
        got = outcome(lambda: core.search(*args, **options))
        assert got == expected or (isinstance(got, type) and got.__name__ == expected.__name__)


def test_tuples_held_elsewhere_are_never_filled_again(english):
    """From a graph's second search on, it holds the result and path tuples it hands out, and
    fills those that nothing else holds any more with later results. Rows, paths and whole
    lists the caller keeps stay as they were, through searches whose lists are dropped at
    once, kept until the next, or kept for good; every answer is the reference's."""
    graph = WordGraph(english)
    core = _core.Graph(english)
    rng = random.Random(23)
    bonus = tuple(range(graph.longest + 1))
    boards = [english_board(rng, size, size) + (bonus, 3) for size in (7, 4, 7, 5, 7, 6, 7)]
    expected = [search(graph, *args) for args in boards]

    def searched(i):
        found = core.search(*boards[i % len(boards)])
        assert found == expected[i % len(boards)]
        return found

    searched(0)  # the first search: nothing held yet
    kept_list = searched(1)
    rows, paths = searched(2), searched(3)
    row, path = rows[5], paths[9][2]
    seen = repr(kept_list), repr(row), repr(path)
    assert sys.getrefcount(row) == 4  # rows, row, the graph, getrefcount's argument
    del rows, paths
    last = None
    for i in range(4, 30):
        if i % 3:
            searched(i)  # dropped at once
        else:
            last = searched(i), i  # dropped when the next one takes the name
    assert (repr(kept_list), repr(row), repr(path)) == seen
    assert last[0] == expected[last[1] % len(boards)]


def test_bands_by_another_graphs_ranks_follow_that_graph(english):
    """From a graph's second search on, each word's rank in the other graph of bands=(graph,
    bands) is kept; another other graph (even one at the same address, after the first is
    freed) starts afresh, so the bands always follow the graph given."""
    graph = WordGraph(english)
    core = _core.Graph(english)
    rng = random.Random(3)
    args = english_board(rng, 6, 6) + (tuple(range(graph.longest + 1)), 2)
    rows = search(graph, *args)
    words = sorted({word for word, _, _ in rows})
    bands = bytes(rng.randrange(256) for _ in range(len(words)))
    for kept in (words[::2], words[1::3], words[::2]):  # ranks differ from list to list
        other = WordGraph(build(kept, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        expected = shape_rows(rows, graph, record=Found, band=(other, bands))
        assert sum(f.band is not None for f in expected) > 10
        other_core = _core.Graph(bytes(other.buffer))  # (the last one freed: maybe its place)
        for _ in range(3):
            assert core.search(*args, record=Found, band=(other_core, bands)) == expected


def searched_thrice(core, args, field: int, **options) -> list:
    """Three searches of one board, equal: the first and second share nothing at `field` of
    their rows (a graph's first search keeps nothing), the second and third all of it (paths:
    of up to 8 cells). The third search's rows."""
    first, second, third = (core.search(*args, **options) for _ in range(3))
    assert first == second == third and len(first) > 10
    assert not any(a[field] is b[field] for a, b in zip(first, second))
    assert all(a[field] is b[field] for a, b in zip(second, third)
               if field != 2 or len(a[2]) <= 8)
    return third


def test_found_words_are_made_once(english):
    """From a graph's second search on, each word found is kept as one str and handed out
    again (a 4x4 board's words are mostly common ones); the first search keeps nothing, so a
    command that searches one board holds no more memory than it did."""
    core = _core.Graph(english)
    rng = random.Random(5)
    bonus = tuple(range(core.longest + 1))
    args = english_board(rng, 4, 4) + (bonus, 2)
    searched_thrice(core, args, 0)
    other = english_board(rng, 5, 5) + (bonus, 2)
    assert core.search(*other) == search(WordGraph(english), *other)


def test_short_paths_are_made_once(english):
    """From a graph's second search on, each path of up to 8 cells on a board of up to 36 is
    kept as one tuple and handed out again, to any such board; past the most kept (some
    16,000) and on larger boards, paths are made afresh, and every answer stays the
    reference's."""
    core = _core.Graph(english)
    graph = WordGraph(english)
    rng = random.Random(7)
    bonus = tuple(range(core.longest + 1))
    args = english_board(rng, 4, 4) + (bonus, 2)
    third = searched_thrice(core, args, 2)
    kept = {row[2]: row[2] for row in third}
    other = english_board(rng, 4, 4) + (bonus, 2)  # another board: paths of the first again
    found = core.search(*other)
    assert found == search(graph, *other)
    assert any(row[2] is kept.get(row[2]) for row in found)
    big = english_board(rng, 7, 7) + (bonus, 2)  # more than 36 cells: paths made afresh
    found, again = core.search(*big), core.search(*big)
    assert found == again == search(graph, *big)
    assert not any(a[2] is b[2] for a, b in zip(found, again))
    for _ in range(250):  # past the most kept (some 20,000 paths; a new Graph keeps none)
        board = english_board(rng, 6, 6) + (bonus, 2)
        assert core.search(*board) == _core.Graph(english).search(*board)
    assert core.search(*args) == third


def test_paths_of_labels_are_made_once_per_tuple_of_labels(english):
    """The paths solve() gets, of (row, column) labels, are kept as the paths of numbers are,
    for one tuple of labels at a time, which gives way to another after 64 results with
    other labels; labels in a list are not kept, nor labels that are not atomic."""
    core = _core.Graph(english)
    rng = random.Random(11)
    bonus = tuple(range(core.longest + 1))

    def labelled(rows, cols):
        return tuple(divmod(i, cols) for i in range(rows * cols))

    args = english_board(rng, 4, 4) + (bonus, 2)
    four = labelled(4, 4)
    third = searched_thrice(core, args, 2, labels=four)
    assert third == shape_rows(core.search(*args), WordGraph(english), four)
    for labels in (list(four), tuple(list(x) for x in four)):  # not kept
        again = (core.search(*args, labels=labels), core.search(*args, labels=labels))
        assert again[0] == again[1] and not any(a[2] is b[2] for a, b in zip(*again))
    other = english_board(rng, 2, 8) + (bonus, 2)
    two = labelled(2, 8)
    for _ in range(63):  # another shape: its own paths, not kept, until it has had 64
        found = core.search(*other, labels=two)
    assert not any(a[2] is b[2] for a, b in zip(found, core.search(*args, labels=four)))
    assert all(a[2] is b[2] for a, b in zip(third, core.search(*args, labels=four))
               if len(a[2]) <= 8)  # (the count starts again)
    runs = [core.search(*other, labels=two) for _ in range(66)]
    assert all(run == runs[0] for run in runs)
    assert all(a[2] is b[2] for a, b in zip(runs[-2], runs[-1]) if len(a[2]) <= 8)
    assert not any(a[2] is b[2] for a, b in zip(runs[0], runs[1]))
    after = core.search(*args, labels=four)  # the first labels' paths made afresh again
    assert after == third and not any(a[2] is b[2] for a, b in zip(after, third))


@st.composite
def tile_boards(draw):
    """Boards of tiles of every kind (plain, bonus, either/or, two-letter, written value,
    prefix, suffix, hole, letters the graph lacks), drawn from a small pool so that kinds
    recur between boards."""
    def tile():
        letters = draw(st.sampled_from("ABCXQ"))
        choices = draw(st.sampled_from([(letters,), (letters,), (letters + "E",), (letters, "B"),
                                        ()]))
        bonus = draw(st.sampled_from(["", "", "dl", "tw"])) if choices else ""
        value = draw(st.sampled_from([None, None, 0, 7])) if choices else None
        place = draw(st.sampled_from(["", "", "", "start", "end"])) if choices else ""
        return Cell(choices, bonus, value, place)

    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    return Board(rows, cols, tuple(tile() for _ in range(rows * cols)))


@PROPERTY
@given(st.data())
def test_cell_rows_are_what_the_python_loop_makes(data):
    """_core.cell_rows against its specification, solver._cell_rows: the same four tuples
    where every kind of cell is prepared already, else None (and nothing changed)."""
    from elzzur.grid.rules import get_rules
    from elzzur.grid.solver import _cell_rows
    from elzzur.lexicon.languages import get_language

    language = get_language("en")
    rules = get_rules(data.draw(st.sampled_from(["ruzzle", "boggle", "wordament"])))
    graph = WordGraph(build(["AB", "ABC", "BEE"], "ABCE"))
    prepared = {}
    board = data.draw(tile_boards())
    for _ in range(data.draw(st.integers(0, 3))):  # kinds met on earlier boards
        _cell_rows(data.draw(tile_boards()), prepared, language, rules, graph)
    if data.draw(st.booleans()):  # and on a board of the same tiles (equal, not the same)
        copy = tuple(Cell(c.choices, c.bonus, c.value, c.place) for c in board.cells)
        _cell_rows(Board(board.rows, board.cols, copy), prepared, language, rules, graph)
    before = dict(prepared)
    fast = _core.cell_rows(board.cells, prepared, Cell)
    # Graph.search looks the cells up itself, given prepared=(table, class): the same search
    core = _core.Graph(bytes(graph.buffer))
    tail = (board.neighbours, tuple(range(graph.longest + 1)), 2)
    searched = core.search(board.cells, None, None, None, *tail, prepared=(prepared, Cell))
    assert prepared == before
    assert searched == (None if fast is None else core.search(*fast, *tail))
    expected = _cell_rows(board, prepared, language, rules, graph)
    if prepared != before:  # a kind not met before: left to Python
        assert fast is None
    else:
        assert fast == expected and _core.cell_rows(board.cells, prepared, Cell) == expected
    assert _core.cell_rows(board.cells, prepared, SubCell) is None  # cells of another class
    assert core.search(board.cells, None, None, None, *tail, prepared=(prepared, SubCell)) is None
    assert core.search(list(board.cells), 0, 0, 0, *tail, prepared=(prepared, Cell)) is None


class SubCell(Cell):
    __slots__ = ()


@pytest.mark.parametrize("prepared", [{}, ({},), ({}, Cell, 1), (None, Cell), ({}, "Cell"),
                                      [{}, Cell]])
def test_search_refuses_a_prepared_that_is_not_a_table_and_a_class(prepared):
    core = _core.Graph(SMALL)
    with pytest.raises(TypeError, match=r"prepared must be \(dict, class\)"):
        core.search((), None, None, None, (), (0, 0, 0, 0), 2, prepared=prepared)
    with pytest.raises(ValueError, match="cells and neighbours must have the same length"):
        core.search((), None, None, None, ((),), (0, 0, 0, 0), 2, prepared=({}, Cell))


def test_cell_rows_refuse_a_class_without_the_fields():
    with pytest.raises(TypeError, match="no slot choices"):
        _core.cell_rows((), {}, Found)


# --- scores beyond 64 bits --------------------------------------------------------------------
# Both searches count in 64 bits (elzzur/grid/search.py's docstring): the same word stops both
# with OverflowError, and every number they are given must fit.

def test_overflow_raises():
    data = build(["AB"], "AB")
    core = _core.Graph(data)
    bonus = (0, 0, 0)
    args = ((b"\0",), (b"\1",)), ((2**62,), (2**62,)), (1, 1), (0, 0), ((1,), (0,)), bonus, 1
    c, python = both(data, args)
    assert isinstance(c, OverflowError) and isinstance(python, OverflowError)
    assert str(c) == str(python) == "score too large"
    # word multipliers
    args = ((b"\0",), (b"\1",)), ((2**40,), (1,)), (2**30, 2**30), (0, 0), ((1,), (0,)), bonus, 1
    assert all(isinstance(r, OverflowError) for r in both(data, args))
    # an overflowing prefix that spells no word is not an error
    args = ((b"\0",), (b"\1",)), ((2**63 - 1,), (5,)), (1, 1), (0, 0), ((1,), (0,)), bonus, 3
    assert core.search(*args) == search(WordGraph(data), *args) == []
    # ... but it stays out of range: a word past it overflows even if the sum comes back
    args = ((b"\0",), (b"\1",)), ((2**63 - 1,), (-5,)), (1, 1), (0, 0), ((1,), (0,)), bonus, 1
    assert core.search(*args) == search(WordGraph(data), *args) == [("AB", 2**63 - 6, (0, 1))]
    args = ((b"\0",), (b"\1",)), ((2**63 - 1,), (1,)), (1, 1), (0, 0), ((1,), (0,)), bonus, 1
    assert all(isinstance(r, OverflowError) for r in both(data, args))
    # the largest score that fits is fine
    args = ((b"\0",), (b"\1",)), ((2**62,), (2**62 - 1,)), (1, 1), (0, 0), ((1,), (0,)), bonus, 1
    assert core.search(*args) == search(WordGraph(data), *args) == [("AB", 2**63 - 1, (0, 1))]
    # ... and the bonus or the length factor can push it over
    args = ((b"\0",), (b"\1",)), ((2**62,), (2**62 - 1,)), (1, 1), (0, 0), ((1,), (0,)), \
        (0, 0, 1), 1
    assert all(isinstance(r, OverflowError) for r in both(data, args))
    assert all(isinstance(r, OverflowError)
               for r in both(data, args[:5] + ((0, 0, 0), 1), scale=(1, 1, 2)))
    # a divisor brings it back, unless the product before it overflows already
    args = ((b"\0",), (b"\1",)), ((2**62,), (2**62,)), (1, 1), (0, 0), ((1,), (0,)), bonus, 1
    assert all(isinstance(r, OverflowError) for r in both(data, args, divisor=4))


@pytest.mark.parametrize("where, value", [
    (1, ((2**63,), (1,))), (1, ((-2**63 - 1,), (1,))), (2, (1, 2**63)), (3, (0, 2**63)),
    (5, (0, 0, 2**63)), ("divisor", 2**63), ("divisor", -2**63 - 1), ("scale", (1, 1, 2**63)),
])
def test_numbers_beyond_64_bits_are_refused_by_both(where, value):
    data = build(["AB"], "AB")
    args = [((b"\0",), (b"\1",)), ((1,), (1,)), (1, 1), (0, 0), ((1,), (0,)), (0, 0, 0), 1]
    options = {}
    if isinstance(where, int):
        args[where] = value
    else:
        options[where] = value
    c, python = both(data, tuple(args), **options)
    assert isinstance(c, OverflowError) and isinstance(python, OverflowError), (c, python)


@PROPERTY
@given(st.data())
def test_huge_numbers_agree(data):
    """Numbers near and past the 64-bit limits: the same answer, or OverflowError from both."""
    graph_bytes = data.draw(graphs())
    graph = WordGraph(graph_bytes)
    cells, points, factors, flags, neighbours, bonus, min_length = data.draw(
        boards(graph.longest, len(graph.alphabet)))
    edge = st.sampled_from([0, 1, -1, 2**31, 2**32, 2**62, 2**63 - 1, -2**63, 2**63, -2**63 - 1,
                            2**64, 3**40])
    big = st.one_of(st.integers(-2**63, 2**63 - 1), edge, st.integers(-5, 5))
    points = tuple(tuple(data.draw(big) for _ in p) for p in points)
    factors = tuple(data.draw(st.one_of(st.integers(-2**31, 2**31), edge)) for _ in factors)
    bonus = tuple(data.draw(st.one_of(st.integers(-5, 30), edge)) for _ in bonus)
    options = {"revisit": data.draw(st.booleans())}
    if data.draw(st.booleans()):
        options["scale"] = tuple(data.draw(st.one_of(st.integers(0, 5), edge))
                                 for _ in range(graph.longest + 1))
    if data.draw(st.booleans()):
        options["divisor"] = data.draw(st.one_of(st.integers(1, 7), edge))
    args = cells, points, factors, flags, neighbours, bonus, min_length
    c, python = both(graph_bytes, args, **options)
    if isinstance(c, Exception) or isinstance(python, Exception):
        assert type(c) is type(python), (c, python)
    else:
        assert c == python
        assert all(-2**63 <= score < 2**63 for _, score, _ in python)


# --- bad arguments ---------------------------------------------------------------------------

SMALL = build(["AB", "ABC", "BA", "CAB"], "ABC")


def good_args():
    return [
        ((b"\0",), (b"\1",), (b"\2",)),         # cells
        ((1,), (2,), (3,)),                      # points
        (1, 2, 1),                               # factors
        (0, 0, 0),                               # flags
        ((1, 2), (0, 2), (0, 1)),                # neighbours
        (0, 0, 0, 0),                            # bonus (longest 3)
        2,                                       # min_length
    ]


def test_good_args_work():
    expected = search(WordGraph(SMALL), *good_args())
    assert expected
    assert _core.Graph(SMALL).search(*good_args()) == expected
    # other sequence types and bytes-like letters are accepted
    args = good_args()
    args[0] = [[bytearray(b"\0")], [memoryview(b"\1")], (b"\2",)]
    args[1] = [[1], [2], [3]]
    assert _core.Graph(SMALL).search(*args) == expected


BAD = [
    # (argument index, value, exception)
    (0, ((b"\0",), (b"\1",)), ValueError),                     # lengths differ
    (1, ((1,), (2,)), ValueError),
    (2, (1, 2), ValueError),
    (3, (0, 0, 0, 0), ValueError),
    (4, ((1, 2), (0, 2)), ValueError),
    (0, ((b"\0",), (b"\1",), (b"\x3f",)), ValueError),         # letter 63
    (0, ((b"\0",), (b"\xff",), (b"\2",)), ValueError),         # letter 255
    (1, ((1, 1), (2,), (3,)), ValueError),                     # points per alternative
    (4, ((1, 3), (0, 2), (0, 1)), ValueError),                 # neighbour out of range
    (4, ((1, -1), (0, 2), (0, 1)), ValueError),
    (4, ((1, 2**70), (0, 2), (0, 1)), ValueError),
    (5, (0, 0, 0), ValueError),                                # bonus too short
    (5, (), ValueError),
    (0, None, TypeError),
    (0, 3, TypeError),
    (0, (("A",), (b"\1",), (b"\2",)), TypeError),              # str is not letter numbers
    (0, ((0,), (b"\1",), (b"\2",)), TypeError),
    (0, (b"\0", b"\1", b"\2"), TypeError),                      # bytes is not a tuple of them
    (1, ((1.5,), (2,), (3,)), TypeError),
    (1, ((None,), (2,), (3,)), TypeError),
    (1, ((2**64,), (2,), (3,)), OverflowError),
    (2, (1, "2", 1), TypeError),
    (3, (0, None, 0), TypeError),
    (4, ((1, 2.0), (0, 2), (0, 1)), TypeError),
    (4, (None, (0, 2), (0, 1)), TypeError),
    (5, None, TypeError),
    (5, (0, 0, "x", 0), TypeError),
    (6, 2.0, TypeError),
    (6, None, TypeError),
]


@pytest.mark.parametrize("index, value, exception", BAD)
def test_bad_args_raise(index, value, exception):
    args = good_args()
    args[index] = value
    with pytest.raises(exception):
        _core.Graph(SMALL).search(*args)


def test_bad_call_raise():
    core = _core.Graph(SMALL)
    with pytest.raises(TypeError):
        core.search()
    with pytest.raises(TypeError):
        core.search(*good_args(), False, 0, 1)
    with pytest.raises(TypeError):
        core.search(*good_args(), limit="x")
    with pytest.raises(TypeError):
        core.search(*good_args(), unknown=1)
    with pytest.raises(TypeError):
        _core.Graph()
    with pytest.raises(TypeError):
        _core.Graph("ELZG")  # str has no buffer
    with pytest.raises(AttributeError):
        core.longest = 5


def test_out_of_range_ints_are_compared_not_refused():
    core = _core.Graph(SMALL)
    args = good_args()
    args[6] = 10**30
    assert core.search(*args) == search(WordGraph(SMALL), *args) == []
    args[6] = -10**30
    assert core.search(*args) == search(WordGraph(SMALL), *args)
    assert core.search(*good_args(), limit=10**30) == search(WordGraph(SMALL), *good_args())
    with pytest.raises(_core.SearchLimit):
        core.search(*good_args(), limit=-10**30)


# --- damaged graphs ---------------------------------------------------------------------------

def python_accepts(data) -> bool:
    try:
        WordGraph(data)
    except (ElzzurError, ValueError):
        return False
    return True


def core_accepts(data) -> bool:
    try:
        _core.Graph(data)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("data", [
    b"", b"ELZG", SMALL[:27], SMALL[:-1], SMALL + b"\0", b"XLZG" + SMALL[4:],
    SMALL[:4] + struct.pack("<I", 2) + SMALL[8:],
    SMALL[:24] + struct.pack("<I", 9) + SMALL[28:],           # alphabet length changed
    SMALL[:28] + b"\xff\xfe\xfd" + SMALL[31:],                   # alphabet not UTF-8
    HEADER.pack(b"ELZG", 1, 2**32 - 1, 2**32 - 1, 0, 0, 0),     # sizes beyond the buffer
])
def test_header_checks(data):
    assert not python_accepts(data)
    with pytest.raises(ValueError):
        _core.Graph(data)


@PROPERTY
@given(graphs(), st.data())
def test_header_checks_agree(graph_bytes, data):
    """Any change to the header: accepted by both or by neither."""
    damaged = bytearray(graph_bytes)
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, min(len(damaged), 40) - 1))
        damaged[i] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(0, len(damaged)))
    damaged = bytes(damaged[:cut] if data.draw(st.booleans()) else damaged)
    assert core_accepts(damaged) == python_accepts(damaged)


@PROPERTY
@given(graphs(), st.data())
def test_damaged_arrays_never_crash(graph_bytes, data):
    """Random bytes in the arrays (the header intact): the core raises ValueError or answers,
    and where the Python search answers too, the same."""
    graph = WordGraph(graph_bytes)
    start = HEADER.size + (len(graph.alphabet.encode()) + 7) // 8 * 8
    assume(len(graph_bytes) > start)
    damaged = bytearray(graph_bytes)
    for _ in range(data.draw(st.integers(1, 8))):
        i = data.draw(st.integers(start, len(damaged) - 1))
        damaged[i] = data.draw(st.sampled_from([0, 1, 2, 0x7f, 0x80, 0xff,
                                                data.draw(st.integers(0, 255))]))
    damaged = bytes(damaged)
    args = data.draw(boards(graph.longest, len(graph.alphabet)))
    revisit = data.draw(st.booleans())
    core = _core.Graph(damaged)
    outcomes = []
    for _ in range(2):  # the first search reads the file's arrays, the next the Graph's records
        try:
            outcomes.append(core.search(*args, revisit=revisit, limit=100_000))
        except ValueError as e:
            assert "corrupt" in str(e)
            outcomes.append(("corrupt", str(e)))
        except _core.SearchLimit as e:
            outcomes.append(("limit", e.args))
    assert outcomes[0] == outcomes[1]
    c = outcomes[0]
    if isinstance(c, tuple):
        return
    try:
        python = search(WordGraph(damaged), *args, revisit=revisit, limit=100_000)
    except (IndexError, SearchLimit, RecursionError):
        return
    # The same scores and paths; the words may differ: the core spells a word from its rank,
    # the Python search from the letters it walked, which agree only in a consistent graph.
    assert [(score, path) for _, score, path in c] == [(score, path) for _, score, path in python]


def test_graph_without_nodes():
    data = HEADER.pack(b"ELZG", 1, 0, 0, 0, 0, 0)
    with pytest.raises(ValueError, match="word graph has no nodes"):
        _core.Graph(data)


# --- buffers ---------------------------------------------------------------------------------

def test_mmap(tmp_path):
    path = tmp_path / "small.dawg"
    path.write_bytes(SMALL)
    with open(path, "rb") as f:
        mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    core = _core.Graph(mapped)
    assert (core.n_words, core.longest) == (4, 3)
    assert core.search(*good_args()) == search(WordGraph(SMALL), *good_args())
    with pytest.raises(BufferError):  # the Graph holds the buffer...
        mapped.close()
    del core
    gc.collect()
    mapped.close()  # ...and lets it go with the Graph


def test_graph_over_bytearray_and_memoryview():
    expected = search(WordGraph(SMALL), *good_args())
    assert _core.Graph(bytearray(SMALL)).search(*good_args()) == expected
    assert _core.Graph(memoryview(b"xx" + SMALL)[2:]).search(*good_args()) == expected


def test_attributes():
    core = _core.Graph(SMALL)
    assert core.n_words == 4 and core.longest == 3
    empty = _core.Graph(build([], "AB"))
    assert empty.n_words == 0 and empty.longest == 0
    assert empty.search(((b"\0",),), ((1,),), (1,), (0,), ((),), (0,), 1) == []


def test_threads(english):
    """The search runs without the GIL: concurrent searches on one Graph agree with serial ones
    (on another Graph: the threads' Graph fills its walk records as they search)."""
    core = _core.Graph(english)
    bonus = tuple(range(core.longest + 1))
    rng = random.Random(7)
    boards = [english_board(rng, 5, 5) + (bonus, 2) for _ in range(8)]
    serial = _core.Graph(english)
    expected = [serial.search(*args) for args in boards]
    results = {}

    def work(k):
        results[k] = [core.search(*args) for args in boards for _ in range(5)][::5]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(results[k] == expected for k in range(4))


# --- memory ----------------------------------------------------------------------------------

def resident_bytes() -> int:
    """Resident memory now (Linux), or its peak so far elsewhere (which a leak raises too)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        import resource
        import sys

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


def test_no_leak():
    data = build(["".join(w) for w in itertools.product("ABCD", repeat=4)]
                 + ["AB", "ABC", "BAD", "DAB", "CAB"], "ABCD")
    cells = tuple((bytes([i % 4]),) if i % 7 else (b"\0", b"\1") for i in range(16))
    points = tuple(tuple(i % 5 + 1 for _ in cell) for i, cell in enumerate(cells))
    args = (cells, points, (1, 2, 1, 3) * 4, (0,) * 16, grid(4, 4), (0,) * 5, 2)
    bad = list(args)
    bad[4] = grid(4, 4)[:-1] + ((99,),)
    big = (tuple((bytes([i % 4]),) for i in range(49)), tuple((1,) for _ in range(49)),
           (1,) * 49, (0,) * 49, grid(7, 7), (0,) * 5, 2)

    def round_trip():
        core = _core.Graph(data)  # also the buffer's acquire and release
        assert core.search(*args)
        assert core.search(*args)  # the second: the graph's walk records and its words kept
        assert core.search(*args)  # the third: the second's tuples filled again
        assert core.search(*big)  # a board past the kept paths: its path tuples filled again
        assert core.search(*big)
        try:
            core.search(*args, limit=50)
        except _core.SearchLimit:
            pass
        try:
            core.search(*bad)
        except ValueError:
            pass

    for _ in range(2000):
        round_trip()
    gc.collect()
    before = resident_bytes()
    for _ in range(20_000):
        round_trip()
    gc.collect()
    grown = resident_bytes() - before
    assert grown < 10 * 2**20, f"resident memory grew by {grown / 2**20:.1f} MB"
