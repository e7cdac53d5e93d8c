"""Boards: tokens, board-file syntax, inline boards, and where a board argument is read from."""

from __future__ import annotations

import re

import io
import sys
import unicodedata

import pytest

from elzzur import load_board
from elzzur.grid.board import Board, Cell, parse_board, parse_boards, parse_token, read_board_text
from elzzur.errors import ElzzurError
from elzzur.grid.generate import random_board
from elzzur.lexicon.languages import get_language

EN = get_language("en")
DE = get_language("de")

SEED_BOARD = "Ttl R   S   Ndl\nOdw Htw E   I\nCdw I   N   V\nEtl A   D   E\n"


# --- tokens -------------------------------------------------------------------------------

@pytest.mark.parametrize("token, letters, bonus", [
    ("Ttl", "T", "tl"), ("Ndl", "N", "dl"), ("Odw", "O", "dw"), ("Htw", "H", "tw"),
    ("R", "R", ""), ("e", "E", ""), ("edl", "E", "dl"),
    ("é", "E", ""), ("Étl", "E", "tl"), (unicodedata.normalize("NFD", "é"), "E", ""),
    ("Ñ", "N", ""), ("ø", "O", ""),
])
def test_token_is_a_letter_and_an_optional_multiplier(token, letters, bonus):
    assert parse_token(token, EN) == Cell(letters, bonus)


@pytest.mark.parametrize("code, letter, word", [
    ("", 1, 1), ("dl", 2, 1), ("tl", 3, 1), ("dw", 1, 2), ("tw", 1, 3),
])
def test_multiplier_codes_multiply_the_letter_or_the_word(code, letter, word):
    cell = Cell("A", code)
    assert (cell.letter_multiplier, cell.word_multiplier) == (letter, word)


def test_upper_case_bonus_code_is_ambiguous_and_refused_with_a_lower_case_hint():
    with pytest.raises(ElzzurError, match=r"'TTL' is ambiguous: bonus codes are written in lower "
                                          r"case \(Ttl\)"):
        parse_token("TTL", EN)


@pytest.mark.parametrize("token, cell", [
    ("Qu", Cell("QU")), ("qu", Cell("QU")), ("QUdl", Cell("QU", "dl")), ("TH", Cell("TH")),
    ("In", Cell("IN")), ("ERtw", Cell("ER", "tw")), ("TXX", Cell("TXX")), ("txx", Cell("TXX")),
    ("RE-", Cell("RE", place="start")), ("-ING", Cell("ING", place="end")),
    ("-INGdw", Cell("ING", "dw", place="end")), ("re-tl", Cell("RE", "tl", place="start")),
    ("A/E", Cell(("A", "E"))), ("a|e", Cell(("A", "E"))), ("A/Edl", Cell(("A", "E"), "dl")),
    (".", Cell("")), ("Q=8", Cell("Q", value=8)), ("Qtl=8", Cell("Q", "tl", 8)),
    ("Qu=0", Cell("QU", value=0)), ("é", Cell("E")), ("ß", Cell("SS")),
])
def test_the_token_grammar(token, cell):
    assert parse_token(token, DE if token == "ß" else EN) == cell


@pytest.mark.parametrize("token, message", [
    ("-", "expected letters"), ("--", "expected letters"), ("-dl", "expected letters"),
    ("A/", "expected letters"), ("/A", "expected letters"), ("A//E", "expected letters"),
    ("-RE-", "a prefix (RE-) or a suffix (-ING), not both"),
    ("RE-/A", "an either/or tile cannot be a prefix or a suffix"),
    ("A/A", "the same letters twice"), ("A=", "must be a whole number, not ''"),
    ("A=x", "must be a whole number, not 'x'"), ("A=-1", "must be a whole number, not '-1'"),
    ("A=1=2", "must be a whole number, not '1=2'"), ("A=99999999", "more than a tile can be worth"),
    ("ABCDEFGHI", "a tile has at most 8 letters"),
    # two or more lower-case letters after a capital are where a bonus code goes (issue 14)
    ("Tdlx", "'dlx' is not a bonus code (dl, tl, dw, tw); a tile of these letters is written "
             "in capitals (TDLX)"), ("Txx", "'xx' is not a bonus code"),
])
def test_malformed_tokens_say_what_is_wrong(token, message):
    with pytest.raises(ElzzurError, match=re.escape(message)):
        parse_token(token, EN)


@pytest.mark.parametrize("token", ["1", "?", "1dl", "中", "A1", "A/1"])
def test_a_token_that_is_not_a_letter_of_the_language_is_refused(token):
    with pytest.raises(ElzzurError, match="is not a letter of English"):
        parse_token(token, EN)


def test_a_bonus_code_without_letters_is_refused():
    with pytest.raises(ElzzurError, match="'dw' is a bonus code without letters"):
        parse_token("dw", EN)


@pytest.mark.parametrize("token", ["Ttl", "Qu", "RE-", "-INGdw", "A/Edl", ".", "Q=8", "Qtl=8"])
def test_every_cell_prints_back_as_a_token_that_parses_to_it(token):
    cell = parse_token(token, EN)
    assert parse_token(cell.token, EN) == cell


# --- board text ---------------------------------------------------------------------------

def test_board_file_rows_and_inline_rows_give_the_same_board():
    from_file = parse_board(SEED_BOARD, EN)
    inline = parse_board("Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E", EN)
    assert from_file == inline
    assert (from_file.rows, from_file.cols) == (4, 4)
    assert from_file.cell(0, 0) == Cell("T", "tl")
    assert from_file.cell(3, 3) == Cell("E", "")
    assert from_file.cell(1, 1) == Cell("H", "tw")


def test_board_text_tolerates_comments_crlf_and_extra_spaces():
    text = "# the seed's board\r\n  Ttl  R S   Ndl \r\nOdw Htw E I\r\n# comment\r\nCdw I N V\r\nEtl A D E\r\n"
    assert parse_board(text, EN) == parse_board(SEED_BOARD, EN)


def test_board_prints_aligned_and_as_board_file_rows():
    board = parse_board(SEED_BOARD, EN)
    assert str(board) + "\n" == SEED_BOARD
    assert board.token_rows() == ["Ttl R S Ndl", "Odw Htw E I", "Cdw I N V", "Etl A D E"]


@pytest.mark.parametrize("seed", range(20))
def test_printed_board_parses_back_to_the_same_board(seed):
    board = random_board(EN, 3 + seed % 3, 2 + seed % 4, seed)
    assert parse_board(str(board), EN) == board
    assert parse_board("/".join(board.token_rows()), EN) == board


def test_ragged_rows_name_the_line():
    with pytest.raises(ElzzurError, match=r"^b\.board, line 3: row has 1 cell, the first row has 2"):
        parse_board("A B\nC D\nE\n", EN, "b.board")


def test_bad_token_names_origin_line_and_token():
    with pytest.raises(ElzzurError, match=r"^b\.board, line 2: token '\?'"):
        parse_board("A B\nC ?\n", EN, "b.board")


def test_an_empty_inline_row_is_an_error():
    with pytest.raises(ElzzurError, match="empty row"):
        parse_board("A B//C D", EN)


@pytest.mark.parametrize("text", ["", "\n\n", "   \n", "# only a comment\n"])
def test_text_without_rows_is_an_empty_board(text):
    with pytest.raises(ElzzurError, match="^x.board: empty board$"):
        parse_board(text, EN, "x.board")


def test_blank_lines_separate_boards():
    boards = parse_boards("A B\nC D\n\n\nE F G\n", EN)
    assert [(b.rows, b.cols) for b in boards] == [(2, 2), (1, 3)]
    with pytest.raises(ElzzurError, match="holds 2 boards separated by blank lines, expected one"):
        parse_board("A B\nC D\n\nE F G\n", EN, "two.board")


def test_neighbours_are_the_eight_surrounding_cells_inside_the_grid():
    board = parse_board("A B C/D E F/G H I", EN)
    assert board.neighbours[0] == (1, 3, 4)
    assert board.neighbours[1] == (0, 2, 3, 4, 5)
    assert board.neighbours[4] == (0, 1, 2, 3, 5, 6, 7, 8)
    assert board.neighbours[8] == (4, 5, 7)
    assert parse_board("A", EN).neighbours == ((),)


def test_board_refuses_a_cell_count_that_does_not_match_its_shape():
    with pytest.raises(ValueError):
        Board(2, 2, (Cell("A"),) * 3)


# --- where a board argument comes from ------------------------------------------------------

def test_an_existing_file_is_read_as_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "A B").write_text("C D\nE F\n", encoding="utf-8")  # a name that looks inline
    assert read_board_text("A B") == ("C D\nE F\n", "A B")


def test_a_dash_reads_standard_input_with_bom(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("\ufeffA B\nC D\n".encode())))
    assert read_board_text("-") == ("A B\nC D\n", "<stdin>")


def test_text_that_is_no_file_is_an_inline_board(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert read_board_text("A B/C D") == ("A B/C D", "inline board")


@pytest.mark.parametrize("name", ["nosuch.board", "./nosuch", "/nonexistent/b"])
def test_a_missing_path_says_no_such_file(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ElzzurError, match=f"^{name}: no such file$"):
        read_board_text(name)


def test_an_empty_argument_is_an_empty_board_not_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ElzzurError, match="empty board"):
        load_board("", EN)


def test_a_directory_is_not_a_board(tmp_path):
    with pytest.raises(ElzzurError, match="is a directory, not a file"):
        read_board_text(tmp_path)


def test_non_utf8_bytes_name_the_line(tmp_path):
    path = tmp_path / "latin1.board"
    path.write_bytes("A B\nC D\n\nE F\nG \xe9\n".encode("latin-1"))
    with pytest.raises(ElzzurError, match=r"latin1\.board, line 5: not UTF-8 text \(byte 0xe9\)"):
        read_board_text(path)


def test_load_board_reads_files_and_inline_text(tmp_path):
    path = tmp_path / "seed.board"
    path.write_text(SEED_BOARD, encoding="utf-8")
    assert load_board(path, EN) == load_board(str(path), EN) == parse_board(SEED_BOARD, EN)


def test_a_huge_board_file_is_refused_without_reading_it_all(tmp_path, monkeypatch):
    import elzzur.grid.board
    import elzzur.grid.source

    monkeypatch.setattr(elzzur.grid.source, "BOARD_LIMIT", 1000)  # (board.py's is this one)
    path = tmp_path / "huge.board"
    path.write_text("A B\nC D\n\n" * 200, encoding="utf-8")
    with pytest.raises(ElzzurError, match="huge.board: more than 0 MiB, too large for a board file"):
        elzzur.grid.board.read_board_text(str(path))
