"""Scrabble: the Appel & Jacobson generator against a brute-force one, hand-worked scores, the
tile and layout data, and parsing errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from elzzur.errors import ElzzurError
from elzzur.lexicon.graph import build
from elzzur.scrabble.layout import Layout, load_layout
from elzzur.scrabble.movegen import across_moves, both_ways, generate_moves, MoveGenerator
from elzzur.scrabble.moves import ACROSS, DOWN
from elzzur.scrabble.position import is_empty, parse_position, parse_rack
from elzzur.scrabble.reference import brute_force_moves
from elzzur.scrabble.tilegraph import derive_tile_graph, is_tile_graph, tile_graph, tile_graph_name
from elzzur.scrabble.tiles import available_tile_sets, load_tile_set, TileSet
from elzzur.grid.solver import backend
from scrabble_helpers import EMPTY15, board_with, find, graph_of

def english_moves(words, board_text, rack_text):
    tiles = load_tile_set("en")
    layout = load_layout("standard")
    board = parse_position(board_text, tiles)
    rack, blanks = parse_rack(rack_text, tiles, board)
    return generate_moves(board, rack, blanks, graph_of(words, tiles), tiles, layout)


# --- data -----------------------------------------------------------------------------------------

EXPECTED = {"en": (100, 2), "tr": (100, 2), "it": (120, 2), "fr": (102, 2), "de": (102, 2),
            "es": (100, 2), "nl": (102, 2), "pt": (120, 3)}


def test_all_editions_are_there():
    # the eight Scrabble editions, and Words With Friends (tests/test_scrabble_wwf.py)
    assert available_tile_sets() == sorted([*EXPECTED, "wwf"])


@pytest.mark.parametrize("code", sorted(EXPECTED))
def test_tile_sets_count_and_spell_in_their_language(code):
    from elzzur.lexicon.languages import get_language

    tiles = load_tile_set(code)
    total, blanks = EXPECTED[code]
    assert sum(tiles.counts.values()) + tiles.blanks == total
    assert tiles.blanks == blanks and tiles.rack_size == 7 and tiles.bingo == 50
    language = get_language(tiles.language)
    for tile in tiles.values:
        assert all(ch in language.letter_values for ch in tile), tile
    assert set(tiles.blank_letters.values()) == set(tiles.values)


def test_turkish_blank_table_is_explicit():
    tiles = load_tile_set("tr")
    assert tiles.blank_letters["i"] == "İ" and tiles.blank_letters["ı"] == "I"
    assert tiles.lower["İ"] == "i" and tiles.lower["I"] == "ı"
    assert tiles.values["İ"] == 1 and tiles.values["I"] == 2 and tiles.values["Ğ"] == 8


def test_spanish_has_two_letter_tiles():
    tiles = load_tile_set("es")
    assert tiles.values["CH"] == 5 and tiles.values["LL"] == 8 and tiles.values["RR"] == 8
    assert tiles.blank_letters["ch"] == "CH"


def test_standard_layout():
    layout = load_layout("standard")
    assert layout.size == 15 and layout.centre == (7, 7)
    assert layout.word[0][0] == 3 and layout.word[7][7] == 2 and layout.letter[0][3] == 2
    assert layout.letter[5][5] == 3 and layout.word[1][1] == 2
    flat = [(layout.letter[r][c], layout.word[r][c]) for r in range(15) for c in range(15)]
    assert flat.count((1, 3)) == 8 and flat.count((1, 2)) == 17  # 16 DW and the centre
    assert flat.count((3, 1)) == 12 and flat.count((2, 1)) == 24


# --- hand-worked examples on the standard layout (English values) ---------------------------------

def test_first_move_over_double_word_and_double_letter():
    moves = english_moves({"ZEBRA"}, EMPTY15, "ZEBRA")
    best = moves[0]
    # 8D ZEBRA covers D8..H8: Z on the double letter D8 = 10 x 2 = 20, E 1 + B 3 + R 1 + A 1 = 6,
    # 26, times 2 for the centre star H8 = 52.
    assert (best.coordinate, best.word, best.score, best.leave) == ("8D", "ZEBRA", 52, "")
    # the same placed down from D8's mirror H4 ties; across sorts first
    assert (moves[1].coordinate, moves[1].score) == ("H4", 52)
    # 8H ZEBRA: Z 10 + E 1 + B 3 + R 1 + A on the double letter L8 = 2, 17 x 2 = 34
    assert find(moves, "8H", "ZEBRA").score == 34
    # every move covers the centre
    assert all(any((r, c) == (7, 7) for r, c, _, _ in m.placed) for m in moves)


def test_cross_word_on_a_premium():
    board = board_with({8: ".....CAT......."})
    moves = english_moves({"CAT", "XI", "AX", "TI"}, board, "XI")
    move = find(moves, "9G", "XI")
    # main word XI at G9-H9: X on the double letter G9 = 8 x 2 = 16, I 1: 17
    # cross-word AX down column G: A 1 (on the board) + X 16 (premium under the new tile) = 17
    # cross-word TI down column H: T 1 + I 1 = 2
    # 17 + 17 + 2 = 36
    assert move.score == 36
    assert move.placed == ((8, 6, "X", False), (8, 7, "I", False))
    assert moves[0] is move


def test_played_through_tiles_in_parentheses():
    board = board_with({8: ".....CAT......."})
    moves = english_moves({"CAT", "CATS", "SCAT", "SCATS"}, board, "SS")
    move = find(moves, "8E", "S(CAT)S")
    # S on E8 (plain) 1 + C 3 + A 1 + T 1 + S on I8 (plain) 1 = 7; no premium under new tiles
    assert move.score == 7 and move.leave == ""
    assert find(moves, "8F", "(CAT)S").score == 6 and find(moves, "8F", "(CAT)S").leave == "S"


def test_blank_scores_zero_but_takes_word_premium():
    moves = english_moves({"ZEBRA"}, EMPTY15, "ZEBR?")
    best = moves[0]
    # 8D ZEBRa: Z on the double letter 20 + E 1 + B 3 + R 1 + blank a 0 = 25, x 2 = 50
    assert (best.coordinate, best.word, best.score) == ("8D", "ZEBRa", 50)
    assert best.placed[-1] == (7, 7, "A", True)
    assert all(m.word.count("z") == 0 for m in moves)  # the rack has a real Z and no A: z never needed


def test_blank_on_premium_counts_nothing():
    moves = english_moves({"ZEBRA"}, EMPTY15, "?EBRA")
    # 8D zEBRA: blank on the double letter 0 + E 1 + B 3 + R 1 + A 1 = 6, x 2 (centre) = 12
    assert find(moves, "8D", "zEBRA").score == 12
    # 8H zEBRA: 0 + 1 + 3 + 1 + A on the double letter L8 2 = 7, x 2 = 14 (the best)
    assert moves[0].word == "zEBRA" and moves[0].score == 14


def test_bingo():
    moves = english_moves({"RETAINS"}, EMPTY15, "AEINRST")
    move = find(moves, "8B", "RETAINS")
    # B8..H8: R 1, E 1, T on the double letter D8 2, A 1, I 1, N 1, S 1 = 8; x 2 (centre) = 16;
    # all seven tiles: + 50 = 66
    assert move.score == 66 and move.leave == ""
    # six tiles are no bingo
    moves = english_moves({"RETAIN"}, EMPTY15, "AEINRST")
    # 8C RETAIN: R 1, E on D8 2, T 1, A 1, I 1, N 1 = 7, x 2 = 14
    assert find(moves, "8C", "RETAIN").score == 14


def test_leave_and_deterministic_order():
    moves = english_moves({"AT", "TA"}, EMPTY15, "ATQ")
    assert all(m.leave == "Q" for m in moves)
    keys = [(-m.score, m.direction != ACROSS, m.row, m.col, m.word) for m in moves]
    assert keys == sorted(keys)
    assert len({(m.direction, m.placed) for m in moves}) == len(moves)


def test_turkish_board_letters():
    tiles = load_tile_set("tr")
    board = parse_position(board_with({8: ".....İıiI......"}), tiles)
    assert board[7][5:9] == [("İ", False), ("I", True), ("İ", True), ("I", False)]
    rack, blanks = parse_rack("iİı", tiles, board)
    assert rack == {"İ": 2, "I": 1} and blanks == 0
    with pytest.raises(ElzzurError, match="3 blanks"):  # two on the board already
        parse_rack("?", tiles, board)
    words = {"KİLİ", "İKİ"}
    graph = graph_of(words, tiles)
    moves = generate_moves(parse_position(EMPTY15, tiles), {"İ": 2, "K": 1}, 0, graph, tiles,
                           load_layout())
    assert moves[0].word == "İKİ"
    # İ 1 + K 1 + İ 1 = 3, x 2 = 6 (no premium letter under 8F-8H)
    assert moves[0].score == 6


def test_spanish_two_letter_tiles_in_moves():
    tiles = load_tile_set("es")
    board = parse_position(board_with({8: ".......[CH]A......"}), tiles)
    assert board[7][7] == ("CH", False)
    graph = graph_of({"CHA", "CHAL", "LA"}, tiles)
    rack, blanks = parse_rack("L[ll]", tiles, board)
    assert rack == {"L": 1, "LL": 1}
    with pytest.raises(ElzzurError, match="2 CH tiles"):  # the set has one, on the board
        parse_rack("[CH]", tiles, board)
    moves = generate_moves(board, {"L": 1}, 0, graph, tiles, load_layout())
    move = find(moves, "8H", "([CH]A)L")
    # CH 5 + A 1 + L on J8 (plain) 1 = 7
    assert move.score == 7
    moves = generate_moves(board, {}, 1, graph, tiles, load_layout())
    assert any(m.word == "([CH]A)l" and m.score == 6 for m in moves)
    # a blank standing for a two-letter tile is shown in brackets, in lower case
    board = parse_position(board_with({8: "........A......"}), tiles)
    moves = generate_moves(board, {}, 1, graph, tiles, load_layout())
    move = find(moves, "8H", "[ch](A)")
    # the blank ch on H8 (a double word square, not the first move) 0 + A 1 = 1; x 2 = 2
    assert move.score == 2 and move.placed == ((7, 7, "CH", True),)


# --- parsing errors ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("\n".join(["." * 15] * 14), "14 rows"),
    ("\n".join(["." * 15] * 14 + ["." * 14]), "14 squares"),
    ("\n".join(["." * 15] * 14 + ["." * 14 + "#"]), "'#'"),
    ("\n".join(["." * 15] * 14 + ["." * 14 + "1"]), "'1'"),
])
def test_bad_boards(text, message):
    with pytest.raises(ElzzurError, match=message):
        parse_position(text, load_tile_set("en"))


def test_letter_not_in_the_language():
    with pytest.raises(ElzzurError, match="'Q' is not a tile of the Turkish set"):
        parse_position(board_with({8: ".......Q......."}), load_tile_set("tr"))
    with pytest.raises(ElzzurError, match="'W'"):
        parse_rack("W", load_tile_set("tr"))


def test_bad_racks():
    tiles = load_tile_set("en")
    with pytest.raises(ElzzurError, match="8 tiles, at most 7"):
        parse_rack("ABCDEFGH", tiles)
    with pytest.raises(ElzzurError, match="2 Q tiles"):
        parse_rack("QQ", tiles)
    with pytest.raises(ElzzurError, match="3 blanks"):
        parse_rack("???", tiles)
    board = parse_position(board_with({8: ".......Zq......"}), tiles)
    with pytest.raises(ElzzurError, match="2 Z tiles"):
        parse_rack("Z", tiles, board)
    with pytest.raises(ElzzurError, match="3 blanks"):
        parse_rack("??", tiles, board)
    with pytest.raises(ElzzurError, match="not a tile"):
        parse_rack("A1", tiles)


def test_too_many_tiles_on_the_board():
    with pytest.raises(ElzzurError, match="2 J tiles"):
        parse_position(board_with({8: ".......JJ......"}), load_tile_set("en"))


# --- the fast generator against brute force ----------------------------------------------------------

SMALL_LAYOUTS = {
    5: ["t.2.d", ".3...", "2.*.2", "...3.", "d.2.t"],
    7: ["t..2..t", ".d...d.", "..3.3..", "2..*..2", "..3.3..", ".d...d.", "t..2..t"],
}


BACKENDS = ["python"] + (["c"] if backend() == "c" else [])


def small_tiles(multi: bool, digraphs_whole: bool = False) -> TileSet:
    letters = ["A", "B", "E", "R", "S"] if not multi else ["A", "C", "H", "CH", "E"]
    values = {t: v for t, v in zip(letters, [1, 3, 1, 2, 4])}
    return TileSet(values, {t: 30 for t in letters}, blanks=2, rack_size=4, bingo=10,
                   name="small", digraphs_whole=digraphs_whole)


def random_words(rng: random.Random, tiles: TileSet) -> set[str]:
    pieces = list(tiles.values)
    words = set()
    for _ in range(rng.randint(40, 160)):
        words.add("".join(rng.choice(pieces) for _ in range(rng.randint(2, 5))))
    return words


def random_rack(rng: random.Random, tiles: TileSet, size: int, blanks: int) -> dict:
    rack: dict[str, int] = {}
    for _ in range(size - blanks):
        t = rng.choice(list(tiles.values))
        rack[t] = rack.get(t, 0) + 1
    return rack


def apply(board, move):
    for r, c, t, b in move.placed:
        board[r][c] = (t, b)


def moves_as_set(moves):
    return sorted({(m.direction, frozenset(m.placed), m.score) for m in moves}, key=repr)


@pytest.mark.parametrize("seed", range(150))
def test_fast_and_brute_force_agree(seed):
    rng = random.Random(seed)
    multi = seed % 4 == 3
    tiles = small_tiles(multi, digraphs_whole=seed % 8 == 7)  # Spanish rules half the time
    size = 5 if seed % 2 == 0 else 7
    layout = Layout(SMALL_LAYOUTS[size], "small")
    words = random_words(rng, tiles)
    graph = graph_of(words, tiles)
    board = [[None] * size for _ in range(size)]
    for _ in range(rng.randint(0, 8)):  # a position reached by random legal moves
        rack = random_rack(rng, tiles, 4, 0)
        moves = generate_moves(board, rack, 0, graph, tiles, layout)
        if moves:
            apply(board, rng.choice(moves))
    blanks = rng.choice([0, 0, 1, 1, 2]) if size == 5 else rng.choice([0, 1])
    rack_size = rng.randint(1, 4) if blanks < 2 else rng.randint(2, 3)
    rack = random_rack(rng, tiles, rack_size, blanks)
    brute = brute_force_moves(board, rack, blanks, words, tiles, layout)
    for use in BACKENDS:
        fast = generate_moves(board, rack, blanks, graph, tiles, layout, use=use)
        assert len(fast) == len({(m.direction, m.placed) for m in fast}), "a move found twice"
        assert moves_as_set(fast) == brute, use
        assert [m.key() for m in fast] == sorted(m.key() for m in fast)
        for top in (1, 3):
            assert [m.key() for m in generate_moves(board, rack, blanks, graph, tiles, layout,
                                                    top=top, use=use)] == \
                [m.key() for m in fast[:top]]


def test_brute_force_sees_bingos_and_both_directions():
    tiles = small_tiles(False)
    layout = Layout(SMALL_LAYOUTS[5], "small")
    words = {"BEAR", "BARE", "EA"}
    board = [[None] * 5 for _ in range(5)]
    fast = generate_moves(board, {"B": 1, "E": 1, "A": 1, "R": 1}, 0, graph_of(words, tiles),
                          tiles, layout)
    brute = brute_force_moves(board, {"B": 1, "E": 1, "A": 1, "R": 1}, 0, words, tiles, layout)
    assert moves_as_set(fast) == brute
    assert {m.direction for m in fast} == {ACROSS, DOWN}
    # row 3 (index 2) is "2.*.2": 3B BEAR covers B3..E3: B 3, E on the centre 1, A 1, R on the
    # double letter E3 2 x 2 = 4: 9, x 2 (centre) = 18, + 10 for all four rack tiles = 28
    assert find(fast, "3B", "BEAR").score == 28


def test_spanish_digraphs_are_spelled_only_by_their_tiles():
    """CHICO takes the CH tile: a C tile then an H tile spell no CH in Spanish Scrabble, across,
    down, in a cross-word, or through a C already on the board."""
    tiles = load_tile_set("es")
    assert tiles.apart == {("C", "H"), ("L", "L"), ("R", "R")}
    graph = graph_of({"CHICO", "CHE", "HE"}, tiles)
    empty = parse_position(board_with({}), tiles)
    words = {m.word for m in generate_moves(empty, {"C": 2, "H": 1, "I": 1, "O": 1}, 0, graph,
                                            tiles, load_layout())}
    assert not any("CHIC" in w for w in words), words
    with_tile = generate_moves(empty, {"CH": 1, "I": 1, "C": 1, "O": 1}, 0, graph, tiles,
                               load_layout())
    assert "[CH]ICO" in {m.word for m in with_tile}
    # a C on the board: an H played after it spells no CHE (HE alone, or [CH]E elsewhere)
    board = parse_position(board_with({8: ".......C......."}), tiles)
    moves = generate_moves(board, {"H": 1, "E": 1}, 0, graph, tiles, load_layout())
    assert not any(m.word.startswith("(C)H") for m in moves)
    brute = brute_force_moves(board, {"H": 1, "E": 1}, 0, {"CHICO", "CHE", "HE"}, tiles,
                              load_layout())
    assert moves_as_set(moves) == brute
    # a blank may be the CH tile, but not a C beside an H
    blank = generate_moves(empty, {"I": 1, "C": 1, "O": 1}, 1, graph, tiles, load_layout())
    assert "[ch]ICO" in {m.word for m in blank}
    assert not any(w.startswith(("cH", "Ch")) for w in (m.word for m in blank))


@pytest.mark.skipif(backend() != "c", reason="the C core is not built")
def test_the_c_core_and_python_agree_on_english_positions_move_for_move():
    """Every field of every move: coordinate, word, score, leave, tiles placed, squares."""
    tiles, layout = load_tile_set("en"), load_layout()
    graph = graph_of({"ZEBRA", "ZEBRAS", "QUIZ", "QUIZZES", "SEQUIN", "RETAINS", "RETINAS",
                      "AX", "EX", "XI", "QI", "ZA", "AB", "BE", "ES", "IS", "IN", "NE", "TA"},
                     tiles)
    board = parse_position(board_with({8: "....ZEBRA......", 9: "......X........"}), tiles)
    for rack, blanks in [({"Q": 1, "U": 1, "I": 1, "E": 1, "S": 1}, 1),
                         ({"A": 1, "E": 1, "I": 1, "N": 1, "R": 1, "S": 1, "T": 1}, 0),
                         ({"S": 1, "E": 1}, 2)]:
        def spelled(use):
            return [(m.coordinate, m.word, m.score, m.leave, m.placed, m.squares)
                    for m in generate_moves(board, rack, blanks, graph, tiles, layout, use=use)]
        assert spelled("c") == spelled("python")


# --- Spanish: the graph of tiles ---------------------------------------------------------------

def letter_by_letter(board, rack, blanks, graph, tiles, layout):
    """The moves as the letter walk finds them (``across_moves`` on the plain dictionary graph,
    with the rule that C then H spell no CH): what the graph of tiles must reproduce."""
    return both_ways(across_moves, MoveGenerator(graph, tiles, layout), board, layout, rack, blanks,
                     is_empty(board))


def test_the_shipped_spanish_graph_of_tiles_is_current():
    """Derived from today's es-native.dawg (a rebuilt dictionary changes the name, so a stale
    file would be passed over, and this test would fail)."""
    from elzzur.lexicon.dictionary import load_dictionary
    from elzzur.lexicon.languages import get_language
    from elzzur.files import resource

    tiles = load_tile_set("es")
    graph = load_dictionary(None, get_language("es-native")).graph
    path = resource("dictionaries", tile_graph_name(graph, tiles))
    with open(path, "rb") as f:
        assert f.read() == derive_tile_graph(graph, tiles)
    derived = tile_graph(graph, tiles)
    assert is_tile_graph(derived, tiles) and len(derived) == len(graph)


@pytest.mark.parametrize("seed", range(4))
def test_spanish_moves_by_tiles_equal_moves_letter_by_letter(seed):
    from elzzur.lexicon.dictionary import load_dictionary
    from elzzur.lexicon.languages import get_language

    tiles, layout = load_tile_set("es"), load_layout()
    graph = load_dictionary(None, get_language("es-native")).graph
    rng = random.Random(seed)
    bag = [t for t, n in tiles.counts.items() for _ in range(n)]
    rng.shuffle(bag)
    board = [[None] * 15 for _ in range(15)]
    for _ in range(6):  # a mid-game position: best moves from random racks
        rack = {}
        for t in bag[:7]:
            rack[t] = rack.get(t, 0) + 1
        del bag[:7]
        moves = generate_moves(board, rack, 0, graph, tiles, layout, top=1)
        if moves:
            apply(board, moves[0])
    rack = {}
    for t in bag[:6 - seed % 3]:
        rack[t] = rack.get(t, 0) + 1
    blanks = seed % 3
    expected = [(m.coordinate, m.word, m.score, m.leave, m.placed)
                for m in letter_by_letter(board, rack, blanks, graph, tiles, layout)]
    for use in BACKENDS:
        assert [(m.coordinate, m.word, m.score, m.leave, m.placed) for m in
                generate_moves(board, rack, blanks, graph, tiles, layout, use=use)] == expected


def test_a_big_rack_of_one_letter_leaves_the_same_on_both_backends():
    """A house rule's rack of 12 holding 9 A's: every leave counts right (the C core's moves
    are rebuilt with a counter for each letter, wide enough for the rack)."""
    tiles = TileSet({"A": 1, "B": 3}, {"A": 20, "B": 5}, blanks=2, rack_size=12, bingo=10)
    graph = graph_of({"AA", "AAA", "AAAAAAAA", "BAA"}, tiles)
    board = [[None] * 15 for _ in range(15)]
    spelled = {use: [(m.coordinate, m.word, m.score, m.leave) for m in
                     generate_moves(board, {"A": 9, "B": 1}, 2, graph, tiles, load_layout(),
                                    use=use)] for use in BACKENDS}
    assert spelled["python"][0][3] and all(v == spelled["python"] for v in spelled.values())
    # 8A to 8H: eight A's of 1, one on D8 (double letter): 9; A8 triples and H8 doubles the
    # word: 9 x 3 x 2 = 54 (8 tiles of a 12-tile rack: no bingo); left: A, B and two blanks
    assert ("8A", "AAAAAAAA", 54, "AB??") in spelled["python"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(min_value=-2**63, max_value=2**63 - 1), max_size=130))
def test_int64s_are_the_arrays_the_core_reads(values):
    """``movegen.int64s`` writes what ``array("q")`` and ``array("Q")`` write (the core's
    tables, written without importing ``array``)."""
    from array import array

    from elzzur.scrabble.movegen import int64s

    assert int64s(values) == array("q", values).tobytes()
    unsigned = [v + 2**63 for v in values]
    assert int64s(unsigned, signed=False) == array("Q", unsigned).tobytes()
