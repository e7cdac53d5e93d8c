"""Scrabble in the C core (elzzur/_csrc/scrabble.c) against its Python specification
(elzzur/scrabble/movegen.py): the cross-checks and anchors square by square, and the moves,
field by field and in order, on random boards; malformed arguments and damaged graphs."""

from __future__ import annotations

from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elzzur.grid.solver import backend
from elzzur.lexicon.graph import WordGraph, build
from elzzur.scrabble.layout import Layout, load_layout
from elzzur.scrabble.movegen import (CoreTables, MoveGenerator, anchors, cross_checks,
                                     generate_moves)
from elzzur.scrabble.tilegraph import tile_graph
from elzzur.scrabble.tiles import TileSet, load_tile_set
from scrabble_helpers import graph_of

pytestmark = pytest.mark.skipif(backend() != "c", reason="the C core is not built")

LAYOUTS = {
    5: ["t.2.d", ".3...", "2.*.2", "...3.", "d.2.t"],
    7: ["t..2..t", ".d...d.", "..3.3..", "2..*..2", "..3.3..", ".d...d.", "t..2..t"],
}


def tile_set(kind: str) -> TileSet:
    """Five tiles: plain letters, or with a whole digraph tile CH (Spanish rules: C then H is
    no CH, searched over a graph of tiles)."""
    letters = ["A", "B", "E", "R", "S"] if kind == "plain" else ["A", "C", "H", "CH", "E"]
    return TileSet({t: v for t, v in zip(letters, [1, 3, 0, 2, 4])},
                   {t: 30 for t in letters}, blanks=2, rack_size=4, bingo=10, name="small",
                   digraphs_whole=kind == "digraph")


@st.composite
def positions(draw):
    """A tile set, a word graph (sometimes without a letter of the tiles: a tile the dictionary
    cannot spell), and a board of random tiles, blanks among them: not a legal position, which
    the searches need not have (any tiles on the board are searched alike)."""
    kind = draw(st.sampled_from(["plain", "plain", "digraph"]))
    tiles = tile_set(kind)
    pieces = list(tiles.values)
    words = draw(st.sets(st.lists(st.sampled_from(pieces), min_size=2, max_size=5).map("".join),
                         min_size=1, max_size=60))
    if kind == "plain" and draw(st.booleans()):  # no S in the dictionary: S tiles unspelt
        words = {w for w in words if "S" not in w} or {"AB"}
        graph = WordGraph(build(sorted(words), "ABER"))
    else:
        graph = graph_of(words, tiles)
    size = draw(st.sampled_from([5, 7]))
    density = draw(st.sampled_from([0.0, 0.2, 0.4, 0.7]))
    board = [[None] * size for _ in range(size)]
    for r in range(size):
        for c in range(size):
            if draw(st.floats(0, 1)) < density:
                board[r][c] = (draw(st.sampled_from(pieces)), draw(st.booleans()))
    return tiles, graph, board, Layout(LAYOUTS[size], "small")


@settings(max_examples=400, deadline=None)
@given(positions())
def test_c_cross_checks_and_anchors_equal_pythons(position):
    tiles, graph, board, layout = position
    graph = tile_graph(graph, tiles)
    gen = MoveGenerator(graph, tiles, layout)
    tables = CoreTables.of(graph, tiles)
    n = len(board)
    allow, points, anchor = graph.core().scrabble_checks(
        n, tables.board(board), *layout.centre, tables.val, tables.every, tables.apart)
    allow, points = array("Q", allow), array("q", points)
    first = all(sq is None for row in board for sq in row)
    expected_anchors = set(anchors(board, layout, first))
    checks = cross_checks(gen, board, tiles)
    for r in range(n):
        for c in range(n):
            k = r * n + c
            assert bool(anchor[k]) == ((r, c) in expected_anchors), (r, c)
            if board[r][c] is not None:
                continue
            check = checks[r][c]
            if check is None:
                assert allow[k] == tables.every and points[k] == -1, (r, c)
            else:
                allowed, cross = check
                assert allow[k] == sum(1 << tables.letter_of[t] for t in allowed), (r, c)
                # the points of a column holding a tile the dictionary cannot spell are never
                # counted (nothing may go there), and the core leaves that tile out
                if allowed:
                    assert points[k] == cross, (r, c)


@settings(max_examples=300, deadline=None)
@given(positions(), st.data())
def test_c_moves_equal_pythons_field_by_field_in_order(position, data):
    tiles, graph, board, layout = position
    pieces = list(tiles.values)
    blanks = data.draw(st.integers(0, 2))
    rack: dict = {}
    for t in data.draw(st.lists(st.sampled_from(pieces), min_size=0, max_size=4 - blanks)):
        rack[t] = rack.get(t, 0) + 1
    top = data.draw(st.sampled_from([None, None, 0, 1, 3, 10]))

    def spelled(use):
        return [(m.row, m.col, m.direction, m.coordinate, m.word, m.score, m.leave, m.placed,
                 m.squares) for m in generate_moves(board, rack, blanks, graph, tiles, layout,
                                                    top=top, use=use)]
    assert spelled("c") == spelled("python")


def english_position():
    tiles, layout = load_tile_set("en"), load_layout()
    graph = graph_of({"ZEBRA", "ZEBRAS", "AX", "EX", "XI", "ZA", "AB", "BE", "ES"}, tiles)
    board = [[None] * 15 for _ in range(15)]
    for c, t in enumerate("ZEBRA"):
        board[7][4 + c] = (t, False)
    return tiles, layout, graph, board


def core_args(tiles, layout, graph, board):
    tables = CoreTables.of(graph, tiles)
    rack = bytearray(64)
    rack[tables.letter_of["S"]] = 1
    rack[tables.letter_of["X"]] = 1
    return [15, tables.board(board), bytes(225), bytes(225), 7, 7, bytes(rack), 1, tables.val,
            tables.every, 7, 50, tables.apart, tables.upper, tables.lower, -1, tables.tile,
            tables.sq_new, tables.sq_blank, [tables.on_board[sq] for row in board for sq in row]]


def test_the_c_core_refuses_malformed_arguments():
    tiles, layout, graph, board = english_position()
    good = core_args(tiles, layout, graph, board)
    good[2] = good[3] = bytes([1] * 225)
    core = graph.core()
    assert "(ZEBRA)S" in {move[6] for move in core.scrabble_moves(*good)}
    for i, bad in [(0, 0), (0, 64), (1, bytes(224)), (1, bytes([0x80] * 225)),
                   (1, bytes([63] * 225)), (2, bytes(226)), (6, bytes(63)), (7, -1), (7, 65),
                   (8, bytes(256)), (12, bytes(64)), (13, ("A",) * 63), (14, ("a" * 17,) * 64),
                   (14, (b"a",) * 64), (16, ("A",) * 63), (17, 5), (19, [None] * 224)]:
        args = list(good)
        args[i] = bad
        with pytest.raises((ValueError, TypeError)):
            core.scrabble_moves(*args)


def test_the_c_core_ranks_by_the_leave_values_given_and_checks_them():
    """With leave values (int64 tenths, by the tiles used: here S stride 1, X stride 2, a blank
    stride 4, so 8 leaves), each move's equity is 10 x score + its leave's value, the list is
    best first by it, and a table that does not cover the rack is a ValueError, an equity past
    64 bits an OverflowError."""
    tiles, layout, graph, board = english_position()
    args = core_args(tiles, layout, graph, board)
    args[2] = args[3] = bytes([1] * 225)  # no premiums: every move scores its letters
    tables = CoreTables.of(graph, tiles)
    core = graph.core()
    strides = [0] * 65
    strides[tables.letter_of["S"]], strides[tables.letter_of["X"]], strides[64] = 1, 2, 4
    values = [0, 35, -70, 5, 250, -3, 17, 0]
    good = (array("q", values).tobytes(), array("q", strides).tobytes())
    moves = core.scrabble_moves(*args, *good)
    by_score = core.scrabble_moves(*args)
    assert len(moves) == len(by_score) > 10 and all(m[8] == 0 for m in by_score)
    for move in moves:
        used = move[7]
        index = sum(4 if u == 0xFF else strides[u] for u in used)
        assert move[8] == 10 * move[5] + values[index]
    assert [m[8] for m in moves] == sorted((m[8] for m in moves), reverse=True)
    assert {m[8] for m in moves} != {10 * m[5] for m in moves}  # the leaves count
    args[15] = 3  # the best three by equity, as the full list has them
    assert core.scrabble_moves(*args, *good) == moves[:3]
    for bad in [(good[0][:-8], good[1]), (good[0][:-1], good[1]), (b"", good[1]),
                (good[0], good[1][:-8]), (good[0], None), (None, good[1]),
                (good[0], array("q", [-1] + strides[1:]).tobytes()),
                (good[0], array("q", strides[:64] + [9]).tobytes())]:
        with pytest.raises(ValueError):
            core.scrabble_moves(*args, *bad)
    huge = array("q", [2**63 - 1] * 8).tobytes()
    with pytest.raises(OverflowError):
        core.scrabble_moves(*args, huge, good[1])


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_the_c_core_never_crashes_on_a_damaged_graph(data):
    """Random bytes in the graph's arrays (header intact): the move search answers or raises
    ValueError, never reads out of bounds."""
    from elzzur._core import Graph

    tiles, layout = load_tile_set("en"), Layout(LAYOUTS[7], "small")
    words = data.draw(st.sets(st.text("ABERST", min_size=2, max_size=6), min_size=1, max_size=30))
    good = graph_of(words, tiles)
    tables = CoreTables.of(good, tiles)
    board = [[None] * 7 for _ in range(7)]
    board[3][3], board[3][4], board[2][4] = ("A", False), ("B", True), ("E", False)
    rack = bytearray(64)
    for t in "ERST":
        rack[tables.letter_of[t]] = 1
    from itertools import chain
    args = (7, tables.board(board), bytes(chain.from_iterable(layout.letter)),
            bytes(chain.from_iterable(layout.word)), 3, 3, bytes(rack), 1, tables.val,
            tables.every, 7, 50, tables.apart, tables.upper, tables.lower, -1, tables.tile,
            tables.sq_new, tables.sq_blank, [tables.on_board[sq] for row in board for sq in row])
    raw = bytearray(good.buffer)
    start = 28 + (len(good.alphabet.encode()) + 7) // 8 * 8
    for _ in range(data.draw(st.integers(1, 8))):
        i = data.draw(st.integers(start, len(raw) - 1))
        raw[i] = data.draw(st.sampled_from([0, 1, 0x7f, 0x80, 0xff, data.draw(st.integers(0, 255))]))
    damaged = Graph(bytes(raw))
    for call in (lambda: damaged.scrabble_moves(*args),
                 lambda: damaged.scrabble_checks(7, args[1], 3, 3, args[8], args[9], args[12])):
        try:
            call()
        except ValueError as e:
            assert "corrupt" in str(e)


@pytest.mark.parametrize("edition, racks, rack", [
    ("en", ["QUIZERS", "AEINRST", "JOLTING"], "BLNK??"),
    ("es", ["[CH]O[RR]OS", "[LL]AMEAR", "PERDIDO"], "CANTO?"),
])
def test_the_command_answers_the_same_with_either_backend(tmp_path, edition, racks, rack):
    """`elzzur scrabble` in a real process, with the C core and with ELZZUR_PURE_PYTHON=1, on a
    mid-game position of the built-in dictionary: the same forty best moves, word for word."""
    import json
    import subprocess
    import sys

    from conftest import child_env
    from elzzur.lexicon.dictionary import load_dictionary
    from elzzur.lexicon.languages import get_language
    from elzzur.scrabble.position import parse_rack

    tiles, layout = load_tile_set(edition), load_layout()
    graph = load_dictionary(None, get_language(tiles.language)).graph
    board = [[None] * 15 for _ in range(15)]
    for text in racks:  # a position: the best move of each rack in turn
        moves = generate_moves(board, *parse_rack(text, tiles, board), graph, tiles, layout, top=1)
        for r, c, t, b in moves[0].placed:
            board[r][c] = (t, b)
    (tmp_path / "position.txt").write_text("\n".join(
        "".join("." if sq is None else (f"[{sq[0]}]" if len(sq[0]) > 1 else sq[0]) if not sq[1]
                else (f"[{tiles.lower[sq[0]]}]" if len(sq[0]) > 1 else tiles.lower[sq[0]])
                for sq in row) for row in board) + "\n", encoding="utf-8")
    out = {}
    for name, extra in (("c", {}), ("python", {"ELZZUR_PURE_PYTHON": "1"})):
        process = subprocess.run(
            [sys.executable, "-m", "elzzur", "scrabble", "-l", edition, "-b", "position.txt",
             "-r", rack, "--top", "40", "--format", "json"],
            cwd=tmp_path, env={**child_env(), **extra}, capture_output=True, text=True,
            timeout=300)
        assert process.returncode == 0, process.stderr
        out[name] = json.loads(process.stdout)
    assert out["c"] == out["python"]
    assert json.dumps(out["c"]).count('"score"') == 40
