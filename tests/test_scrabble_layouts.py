"""The Words With Friends and Kelimelik premium layouts (elzzur/res/scrabble/layouts/wwf.toml and
kelimelik.toml): they load, have the real boards' symmetry and premium counts, and score
hand-worked moves through the public API and ``elzzur scrabble --board-layout``.

Coordinates: columns A-O, rows 1-15; "8D" is an across move from row 8 column D, "H4" a down
move from column H row 4. Letter values come from the tile set (``-l``): English Scrabble values
for the WWF examples (the layout does not change tile values), Turkish for Kelimelik.
"""

from __future__ import annotations

from collections import Counter

import pytest

from elzzur.scrabble.layout import load_layout
from elzzur.scrabble.movegen import generate_moves
from elzzur.scrabble.position import parse_position, parse_rack
from elzzur.scrabble.tiles import load_tile_set
from scrabble_helpers import EMPTY15, board_with, find, graph_of


def moves_on(layout_name, language, words, board_text, rack_text):
    tiles = load_tile_set(language)
    layout = load_layout(layout_name)
    board = parse_position(board_text, tiles)
    rack, blanks = parse_rack(rack_text, tiles, board)
    return generate_moves(board, rack, blanks, graph_of(words, tiles), tiles, layout)


# --- the data -------------------------------------------------------------------------------------

def symmetries(rows):
    """The board under the 8 symmetries of the square (identity, mirrors, turns, diagonals)."""
    n = len(rows)
    at = lambda f: ["".join(f(r, c) for c in range(n)) for r in range(n)]  # noqa: E731
    return [
        at(lambda r, c: rows[r][c]),
        at(lambda r, c: rows[n - 1 - r][c]),              # top-bottom mirror
        at(lambda r, c: rows[r][n - 1 - c]),              # left-right mirror
        at(lambda r, c: rows[n - 1 - r][n - 1 - c]),      # half turn
        at(lambda r, c: rows[c][r]),                      # main diagonal
        at(lambda r, c: rows[n - 1 - c][n - 1 - r]),      # anti-diagonal
        at(lambda r, c: rows[n - 1 - c][r]),              # quarter turn
        at(lambda r, c: rows[c][n - 1 - r]),              # quarter turn the other way
    ]


@pytest.mark.parametrize("name, bingo", [("wwf", 35), ("kelimelik", 30)])
def test_layouts_load_with_their_bingo(name, bingo):
    layout = load_layout(name)
    assert layout.name == name and layout.size == 15 and layout.bingo == bingo
    assert layout.centre == (7, 7)


@pytest.mark.parametrize("name", ["wwf", "kelimelik"])
def test_layouts_have_the_full_symmetry_of_the_square(name):
    # Both real boards look the same mirrored top-bottom, left-right and about both diagonals.
    rows = load_layout(name).rows
    assert all(image == rows for image in symmetries(rows))


def test_wwf_premium_counts_and_plain_centre():
    # The sources' grid: 8 triple word, 12 double word, 16 triple letter, 24 double letter; the
    # start square H8 has no premium (no "*": the layout starts at the middle square).
    layout = load_layout("wwf")
    assert Counter("".join(layout.rows)) == {"t": 8, "d": 12, "3": 16, "2": 24, ".": 165}
    assert layout.letter[7][7] == 1 and layout.word[7][7] == 1
    # a few squares by name: D1 triple word, G1 triple letter, C2 double letter, F2 double word,
    # D8 double word, A7 triple letter
    assert layout.word[0][3] == 3 and layout.letter[0][6] == 3 and layout.letter[1][2] == 2
    assert layout.word[1][5] == 2 and layout.word[7][3] == 2 and layout.letter[6][0] == 3


def test_kelimelik_premium_counts_and_star_centre():
    # The sources' grid: 8 K3 (triple word), 8 K2 (double word) plus the centre star, which
    # doubles the word too, 8 H3 (triple letter), 24 H2 (double letter).
    layout = load_layout("kelimelik")
    assert Counter("".join(layout.rows)) == {"t": 8, "d": 8, "*": 1, "3": 8, "2": 24, ".": 176}
    assert layout.word[7][7] == 2
    # C1 triple word, F1 double letter, B2 triple letter, H3 double word, E5 triple letter,
    # C8 double word
    assert layout.word[0][2] == 3 and layout.letter[0][5] == 2 and layout.letter[1][1] == 3
    assert layout.word[2][7] == 2 and layout.letter[4][4] == 3 and layout.word[7][2] == 2


# --- Words With Friends, hand-worked (English tile values) ----------------------------------------

def test_wwf_first_move_centre_is_plain():
    moves = moves_on("wwf", "en", {"ZEBRA"}, EMPTY15, "ZEBRA")
    # Row 8 of the WWF board is ...d.......d... : D8 and L8 double word, the centre H8 plain.
    # 8D ZEBRA covers D8..H8: Z on D8 (double word) 10 + E 1 + B 3 + R 1 + A 1 = 16, x 2 = 32
    best = moves[0]
    assert (best.coordinate, best.word, best.score, best.leave) == ("8D", "ZEBRA", 32, "")
    # 8E ZEBRA covers E8..I8, no premium at all (on the standard board the centre would double
    # it): 10 + 1 + 3 + 1 + 1 = 16
    assert find(moves, "8E", "ZEBRA").score == 16
    # 8H ZEBRA covers H8..L8: A on L8 (double word): 16 x 2 = 32
    assert find(moves, "8H", "ZEBRA").score == 32
    # down from H4 (double word under the Z), the mirror of 8D: 32
    assert find(moves, "H4", "ZEBRA").score == 32
    assert all(any((r, c) == (7, 7) for r, c, _, _ in m.placed) for m in moves)


def test_wwf_bingo_is_35():
    moves = moves_on("wwf", "en", {"RETAINS"}, EMPTY15, "AEINRST")
    # 8B RETAINS covers B8..H8: R 1, E 1, T on D8 (double word) 1, A 1, I 1, N 1, S 1 = 7;
    # x 2 = 14; all seven tiles: + 35 = 49
    move = find(moves, "8B", "RETAINS")
    assert move.score == 49 and move.leave == ""
    # 8E RETAINS covers E8..K8, no premium: 7 + 35 = 42
    assert find(moves, "8E", "RETAINS").score == 42
    # six tiles are no bingo: 8C RETAIN covers C8..H8: R 1, E on D8 (double word) 1, T 1,
    # A 1, I 1, N 1 = 6, x 2 = 12
    moves = moves_on("wwf", "en", {"RETAIN"}, EMPTY15, "AEINRST")
    assert find(moves, "8C", "RETAIN").score == 12


def test_wwf_double_letter_under_a_new_tile():
    board = board_with({8: ".....CAT......."})
    moves = moves_on("wwf", "en", {"CAT", "ZOEA"}, board, "ZOE")
    # G5 ZOEA down column G through the A on G8: Z on G5 (double letter) 10 x 2 = 20, O on G6 1,
    # E on G7 1, A on G8 (already on the board) 1 = 23; no cross-words (F5-F7, H5-H7 empty)
    move = find(moves, "G5", "ZOE(A)")
    assert move.score == 23 and moves[0] is move


# --- Kelimelik, hand-worked (Turkish tile values) -------------------------------------------------

def test_kelimelik_first_move_double_double():
    moves = moves_on("kelimelik", "tr", {"KELİME"}, EMPTY15, "KELİME")
    # Row 8 of the Kelimelik board is ..d....*....d.. : C8 and M8 double word, the centre star
    # H8 doubles the word too. KELİME: K 1 + E 1 + L 1 + İ 1 + M 2 + E 1 = 7.
    # 8C KELİME covers C8..H8: both C8 and the star: 7 x 2 x 2 = 28
    best = moves[0]
    assert (best.coordinate, best.word, best.score) == ("8C", "KELİME", 28)
    # 8D KELİME covers D8..I8: only the star: 7 x 2 = 14
    assert find(moves, "8D", "KELİME").score == 14
    # 8H KELİME covers H8..M8: the star and M8: 28; H3 down covers H3 (double word) and H8: 28
    assert find(moves, "8H", "KELİME").score == 28 and find(moves, "H3", "KELİME").score == 28


def test_kelimelik_bingo_is_30_not_the_tile_sets_50():
    assert load_tile_set("tr").bingo == 50  # the layout's bingo overrides it
    moves = moves_on("kelimelik", "tr", {"KAPILAR"}, EMPTY15, "KAPILAR")
    # KAPILAR (dotless I): K 1 + A 1 + P 5 + I 2 + L 1 + A 1 + R 1 = 12.
    # 8B covers B8..H8: C8 (double word) and the star H8: 12 x 4 = 48; seven tiles: + 30 = 78
    best = moves[0]
    assert (best.coordinate, best.word, best.score, best.leave) == ("8B", "KAPILAR", 78, "")
    # 8D covers D8..J8: only the star: 12 x 2 = 24 + 30 = 54
    assert find(moves, "8D", "KAPILAR").score == 54


def test_kelimelik_double_letters_under_new_tiles():
    board = board_with({8: "......ARI......"})
    moves = moves_on("kelimelik", "tr", {"ARI", "ÇAY"}, board, "ÇY")
    # G7 ÇAY down column G through the A on G8: Ç on G7 (H2) 4 x 2 = 8, A 1 (on the board),
    # Y on G9 (H2) 3 x 2 = 6: 15; no cross-words (F7, H7, F9, H9 empty)
    move = find(moves, "G7", "Ç(A)Y")
    assert move.score == 15 and len(moves) == 1


# --- the command line -----------------------------------------------------------------------------

def test_python_m_elzzur_with_the_wwf_layout(run_module, tmp_path):
    (tmp_path / "empty.txt").write_text(EMPTY15 + "\n", encoding="utf-8")
    result = run_module("scrabble", "-b", "empty.txt", "-r", "AEINRST", "--board-layout", "wwf",
                        "--top", "3")
    assert result.returncode == 0, result.stderr
    # the best seven-letter word at 8B: seven 1-point tiles = 7, D8 doubles the word: 14,
    # + the WWF bingo 35 = 49 (66 on the standard board: D8 double letter, H8 double word, + 50)
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    for line in lines:
        coordinate, word, score = line.split()[:3]  # then the equity and the leave
        assert (coordinate, score) == ("8B", "49") and sorted(word) == sorted("AEINRST")


def test_cli_kelimelik_layout(cli, tmp_path):
    (tmp_path / "empty.txt").write_text(EMPTY15 + "\n", encoding="utf-8")
    out = cli("scrabble", "-l", "tr", "-b", "empty.txt", "-r", "KAPILAR",
              "--board-layout", "kelimelik", "--top", "1").out
    # 12 points of tiles x 4 (C8 and the star) + 30 = 78 (see the API test above)
    coordinate, word, score = out.split()[:3]  # then the equity and the leave
    assert (coordinate, score) == ("8B", "78") and sorted(word) == sorted("KAPILAR")


def test_cli_unknown_layout_is_a_one_line_error(cli, tmp_path):
    (tmp_path / "empty.txt").write_text(EMPTY15 + "\n", encoding="utf-8")
    cli("scrabble", "-b", "empty.txt", "-r", "AEINRST", "--board-layout", "nosuch").error(
        2, "unknown board layout 'nosuch' (choose from kelimelik, standard, wwf, "
           "or give the path of a board layout file)")
