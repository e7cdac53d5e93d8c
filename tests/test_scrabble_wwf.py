"""The Words With Friends edition (elzzur/res/scrabble/tiles/wwf.toml): WWF's own letter values and tile
counts, its board chosen by default (the tile file's ``layout = "wwf"``), and hand-worked WWF
scores through the public API and ``elzzur scrabble -l wwf``.

Coordinates: columns A-O, rows 1-15; "8D" is an across move from row 8 column D, "H4" a down
move from column H row 4. The WWF board (elzzur/res/scrabble/layouts/wwf.toml), the rows used here:
  row 5   ..2...2.2...2..    G5 double letter
  row 6   .d...3...3...d.    F6, J6 triple letter
  row 8   ...d.......d...    D8, L8 double word; the centre H8 plain
  row 10  .d...3...3...d.    J10 triple letter
WWF letter values: A E I O R S T 1; D L N U 2; G H Y 3; B C F M P W 4; K V 5; X 8; J Q Z 10.
"""

from __future__ import annotations

import pytest

from elzzur.errors import ElzzurError
from elzzur.scrabble import best_moves
from elzzur.scrabble.layout import load_layout
from elzzur.scrabble.tiles import load_tile_set, tile_set_path
from scrabble_helpers import EMPTY15, board_with, find, graph_of

# The sources' tables (see the header of wwf.toml): (value, count) by letter.
WWF = {
    "A": (1, 9), "B": (4, 2), "C": (4, 2), "D": (2, 5), "E": (1, 13), "F": (4, 2), "G": (3, 3),
    "H": (3, 4), "I": (1, 8), "J": (10, 1), "K": (5, 1), "L": (2, 4), "M": (4, 2), "N": (2, 5),
    "O": (1, 8), "P": (4, 2), "Q": (10, 1), "R": (1, 6), "S": (1, 5), "T": (1, 7), "U": (2, 4),
    "V": (5, 2), "W": (4, 2), "X": (8, 1), "Y": (3, 2), "Z": (10, 1),
}


def wwf_moves(words, board_text, rack_text, language="wwf", layout=None):
    """``best_moves`` (the Python API) with a graph of just ``words``; layout None = the
    edition's own board."""
    graph = graph_of(words, load_tile_set(language))
    return best_moves(board_text, rack_text, language, graph, layout)


# --- the data -------------------------------------------------------------------------------------

def test_wwf_tile_set_has_the_sourced_values_and_counts():
    tiles = load_tile_set("wwf")
    assert {t: (tiles.values[t], tiles.counts[t]) for t in tiles.values} == WWF
    # 102 letter tiles + 2 blanks = 104 (Scrabble: 100)
    assert sum(tiles.counts.values()) == 102 and tiles.blanks == 2
    assert sum(tiles.counts.values()) + tiles.blanks == 104
    assert tiles.bingo == 35 and tiles.rack_size == 7
    assert tiles.language == "en" and tiles.layout == "wwf"
    assert set(tiles.blank_letters.values()) == set(tiles.values)
    # where WWF differs from Scrabble, e.g.
    english = load_tile_set("en")
    assert (english.values["B"], tiles.values["B"]) == (3, 4)
    assert (english.values["G"], tiles.values["G"]) == (2, 3)
    assert (english.values["J"], tiles.values["J"]) == (8, 10)
    assert (english.counts["E"], tiles.counts["E"]) == (12, 13)


def test_other_editions_have_no_layout_of_their_own():
    assert load_tile_set("en").layout is None and load_tile_set("tr").layout is None
    assert load_layout(load_tile_set("wwf").layout).name == "wwf"


def test_a_bad_layout_key_is_a_clear_error(tmp_path):
    text = open(tile_set_path("wwf"), encoding="utf-8").read()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('layout = "wwf"', "layout = 3"), encoding="utf-8")
    with pytest.raises(ElzzurError, match="key 'layout' must be a layout name"):
        load_tile_set(str(bad))


# --- hand-worked scores (WWF values on the WWF board) ----------------------------------------------

def test_first_move_wwf_board_by_default_and_plain_centre():
    moves = wwf_moves({"ZEBRA"}, EMPTY15, "ZEBRA")
    # ZEBRA in WWF values: Z 10 + E 1 + B 4 + R 1 + A 1 = 17 (Scrabble values: 16)
    # 8D covers D8..H8: D8 doubles the word, the centre H8 is plain: 17 x 2 = 34
    best = moves[0]
    assert (best.coordinate, best.word, best.score, best.leave) == ("8D", "ZEBRA", 34, "")
    # 8E covers E8..I8: no premium at all, not even the centre: 17
    assert find(moves, "8E", "ZEBRA").score == 17
    # 8H covers H8..L8: A on L8 doubles the word: 34; H4 down covers H4 (double word): 34
    assert find(moves, "8H", "ZEBRA").score == 34 and find(moves, "H4", "ZEBRA").score == 34


def test_board_layout_standard_overrides_the_editions_board():
    moves = wwf_moves({"ZEBRA"}, EMPTY15, "ZEBRA", layout="standard")
    # the standard row 8 is t..2...*...2..t: 8D puts Z on the double letter D8 and A on the
    # centre star H8 (double word): (10 x 2 + 1 + 4 + 1 + 1) = 27, x 2 = 54
    assert (moves[0].coordinate, moves[0].word, moves[0].score) == ("8D", "ZEBRA", 54)
    # 8E covers E8..I8: only the star: 17 x 2 = 34 (on the WWF board: 17)
    assert find(moves, "8E", "ZEBRA").score == 34
    # -l en keeps the standard board by default: (10 x 2 + 1 + 3 + 1 + 1) x 2 = 52
    assert wwf_moves({"ZEBRA"}, EMPTY15, "ZEBRA", language="en")[0].score == 52


def test_bingo_adds_35():
    moves = wwf_moves({"RETAINS"}, EMPTY15, "AEINRST")
    # RETAINS: R 1 + E 1 + T 1 + A 1 + I 1 + N 2 + S 1 = 8
    # 8B covers B8..H8, T on D8 (double word): 8 x 2 = 16; all seven tiles: + 35 = 51
    move = find(moves, "8B", "RETAINS")
    assert move.score == 51 and move.leave == "" and moves[0].score == 51
    # 8E covers E8..K8, no premium: 8 + 35 = 43
    assert find(moves, "8E", "RETAINS").score == 43
    # with a blank for the N (0 points): 8B RETAInS: (8 - 2) x 2 = 12, + 35 = 47
    assert find(wwf_moves({"RETAINS"}, EMPTY15, "AEIRST?"), "8B", "RETAInS").score == 47


def test_triple_letter_under_a_new_tile():
    board = board_with({8: ".....CAT......."})
    moves = wwf_moves({"CAT", "MAC"}, board, "MA")
    # F6 MAC down column F onto the C of CAT at F8: M on F6 (triple letter) 4 x 3 = 12,
    # A on F7 (plain) 1, C on F8 (already on the board, no premium again) 4 = 17;
    # no cross-words (E6, G6, E7, G7 empty). With Scrabble values it would be 9 + 1 + 3 = 13.
    move = find(moves, "F6", "MA(C)")
    assert move.score == 17 and move.leave == ""


def test_triple_letter_and_a_hook():
    board = board_with({8: "....ZEBRA......", 9: "......X........"})
    moves = wwf_moves({"ZEBRA", "ZEBRAS", "SEQUIN"}, board, "QUI?ES")
    # J8 SEQUIn down column J, the S hooking ZEBRA: S J8 1, E J9 1, Q on J10 (triple letter)
    # 10 x 3 = 30, U J11 2, I J12 1, blank n J13 0: 35; the cross-word ZEBRAS: Z 10 + E 1 +
    # B 4 + R 1 + A 1 + S 1 = 18 (J8 is plain): 35 + 18 = 53
    move = find(moves, "J8", "SEQUIn")
    assert move.score == 53 and move.leave == "" and moves[0] is move


# --- the command line -----------------------------------------------------------------------------

def test_python_m_elzzur_wwf_edition_uses_the_wwf_board(run_module, tmp_path):
    (tmp_path / "empty.txt").write_text(EMPTY15 + "\n", encoding="utf-8")
    result = run_module("scrabble", "-l", "wwf", "-b", "empty.txt", "-r", "AEINRST", "--top", "3")
    assert result.returncode == 0, result.stderr
    # WWF values: six 1-point tiles and N 2 = 8; 8B covers D8 (double word): 16, + 35 = 51
    # (on the standard board it would be 70, see below)
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    for line in lines:
        coordinate, word, score = line.split()[:3]  # then the equity and the leave
        assert (coordinate, score) == ("8B", "51") and sorted(word) == sorted("AEINRST")


def test_cli_board_layout_standard_overrides(cli, tmp_path):
    (tmp_path / "empty.txt").write_text(EMPTY15 + "\n", encoding="utf-8")
    (tmp_path / "words.txt").write_text("antsier\nretains\n", encoding="utf-8")
    out = cli("scrabble", "-l", "wwf", "-b", "empty.txt", "-r", "AEINRST", "-d", "words.txt",
              "--board-layout", "standard", "--top", "1").out
    # the standard row 8 t..2...*...2..t; 8C ANTSIER covers C8..I8: N (2) on the double letter
    # D8 = 4, A T S I E R 6 = 10, the star H8 doubles it: 20; the standard board's bingo: + 50
    assert out.split()[:3] == ["8C", "ANTSIER", "70"]


def test_cli_wwf_position_with_a_word_list(cli, tmp_path):
    board = board_with({8: "....ZEBRA......", 9: "......X........"})
    (tmp_path / "position.txt").write_text(board + "\n", encoding="utf-8")
    (tmp_path / "words.txt").write_text("zebra\nzebras\nsequin\n", encoding="utf-8")
    out = cli("scrabble", "-l", "wwf", "-b", "position.txt", "-r", "QUI?ES", "-d", "words.txt",
              "--top", "1").out
    # 53, worked out in test_triple_letter_and_a_hook above
    assert out.split()[:3] == ["J8", "SEQUIn", "53"]
