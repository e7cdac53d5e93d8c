"""Board text under attack (issue 14): rows written without spaces, mistyped bonus codes, error
messages that quote megabytes, boards that exhaust the machine, and a corpus of hostile boards.

Every hostile board ends in exit 0 with the right answer, or in exit 1 or 2 with one line
``elzzur: error: …`` of bounded length and no traceback; the answers of boards written without
spaces are checked against the same board written with them.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

import elzzur.grid.board as board_module
import elzzur.grid.rows as rows_module
from conftest import REPO, child_env
from elzzur.cli.solve import board_hint
from elzzur.errors import ElzzurError, quoted
from elzzur.grid.board import (
    MAX_CELLS, MAX_TILE_LETTERS, Board, Cell, check_cells, grid_neighbours, parse_board,
    parse_boards, parse_token, read_board_text,
)
from elzzur.grid.rules import tile_codes
from elzzur.lexicon.languages import get_language, parse_language

EN = get_language("en")
TR = get_language("tr")
DE = get_language("de-native")
CODES = ", ".join(tile_codes())

# STARELINPORGAMES written with spaces, and words (ZEBRA is not on it)
SPACED = "S T A R/E L I N/P O R G/A M E S"
WORDS = ["star", "stare", "line", "molesting", "ram", "rams", "porge", "quit", "quite", "zebra"]


@pytest.fixture
def words(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return path


def solved(cli, board: str, *options: str) -> str:
    run = cli("solve", "-l", "en", "-b", board, "-d", "words.txt", "-q", *options)
    assert run.code == 0, run.err
    return run.out


# --- 1. rows without spaces ------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "STARELINPORGAMES", "STAR/ELIN/PORG/AMES", "star/elin/porg/ames", "StarElinPorgAmes",
    "STAR\nELIN\nPORG\nAMES\n", "  STAR \n\tELIN\r\nPORG\nAMES", "S T A R\nE L I N\nP O R G\nA M E S",
])
def test_a_board_without_spaces_is_a_board_of_letters(text):
    """Regression: STAR/ELIN/PORG/AMES was four tiles of four letters (a 4x1 board), and
    STARELINPORGAMES a missing file; both are the 4x4 board of those letters."""
    assert parse_board(text, EN) == parse_board(SPACED, EN)


def test_the_command_line_solves_a_board_without_spaces_as_with_spaces(cli, words):
    expected = solved(cli, SPACED)
    assert "MOLESTING" in expected and "ZEBRA" not in expected
    assert solved(cli, "STARELINPORGAMES") == solved(cli, "STAR/ELIN/PORG/AMES") == expected
    assert solved(cli, "starelinporgames") == expected


@pytest.mark.parametrize("use", ["c", "python"])
def test_both_backends_solve_a_board_without_spaces(tmp_path, words, use):
    """A real process, with each search backend: the one-word board is the spaced one."""
    env = child_env()
    if use == "python":
        env["ELZZUR_PURE_PYTHON"] = "1"
    outputs = [subprocess.run([sys.executable, "-m", "elzzur", "solve", "-l", "en", "-b", board,
                               "-d", "words.txt", "-q"], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=120)
               for board in ("[QU]ITE/STAR/ELIN/AMES", "QU I T E/S T A R/E L I N/A M E S")]
    assert [p.returncode for p in outputs] == [0, 0], [p.stderr for p in outputs]
    assert outputs[0].stdout == outputs[1].stdout
    assert "QUITE" in outputs[0].stdout and outputs[0].stderr == ""


@pytest.mark.parametrize("unspaced, spaced", [
    ("[QU]ITE/STAR/ELIN/AMES", "QU I T E/S T A R/E L I N/A M E S"),
    ("[Qu]ITE[Ttl]TAR[Edw]LIN[A=9]MES", "Qu I T E/Ttl T A R/Edw L I N/A=9 M E S"),
    ("ORES/T..P/A..I/LENS", "O R E S/T . . P/A . . I/L E N S"),
    ("[RE-]AB/[A|E]CD/XY[-ING]", "RE- A B/A|E C D/X Y -ING"),
    ("ÉTÉS/étés/e\u0301te\u0301s/ÈTES", "E T E S/E T E S/E T E S/E T E S"),
    ("ABCDEFGHIJ/KLMNOPQRST", " ".join("ABCDEFGHIJ") + "/" + " ".join("KLMNOPQRST")),
    ("[TH]/[ING]/A", None),
    ("A/B/C", None), ("Qu", None), ("Ttl", None), ("RE-/-ING/A=3", None), ("[QU]", None),
])
def test_rows_without_spaces_read_as_documented(unspaced, spaced):
    """Letters, holes, bracketed tiles of every kind, accents however written; a column of
    tiles (bracketed, or rows that cannot be letters) and a lone tile read as tiles."""
    board = parse_board(unspaced, EN)
    if spaced is not None:
        assert board == parse_board(spaced, EN)
    else:
        assert board.cols == 1
        assert board == Board(board.rows, 1, tuple(
            parse_token(word, EN) for word in unspaced.split("/")))


def test_a_square_of_letters_wins_over_a_column_of_tiles():
    """Documented: as many letters in each row as there are rows is a square board."""
    assert parse_board("Qu/In", EN) == parse_board("Q U/I N", EN)
    assert parse_board("TTL/RDW/SDL", EN).cols == 3


@pytest.mark.parametrize("text, message", [
    ("STA/ELI/POR/AME", "board: 'STA/ELI/POR/AME' is ambiguous: 4 rows of 3 letters (write them "
                        "apart: 'S T A/E L I/…') or a column of 4 tiles (write them in brackets: "
                        "'[STA]/[ELI]/[POR]/…')"),
    ("Ttl/Rdw", "board: 'Ttl/Rdw' is ambiguous: 2 rows of 3 letters (write them apart: 'T T L/R D W')"
                " or a column of 2 tiles (write them in brackets: '[Ttl]/[Rdw]')"),
    ("STAR/ELIN/PORG/AME", "board, row 4: row has 3 letters, the first row has 4 (a board written "
                           "without spaces has rows of equal length); a column of tiles is written "
                           "in brackets: '[STAR]/[ELIN]/[PORG]/…'"),
    ("ABCDEFGHIJ/KLMNOPQRS", "board, row 2: row has 9 letters, the first row has 10 (a board "
                             "written without spaces has rows of equal length)"),
    ("ABCDEFGHI", "board, line 1: token 'ABCDEFGHI': a tile has at most 8 letters; nor is it a "
                  "board of letters (9 letters, not a square of 16, 25, 36, … letters; a smaller "
                  "board is written with '/' between its rows)"),
    ("STAR/ELIN/PORG/AM[ES", "board, row 4: '[' without its ']' in 'AM[ES'"),
    ("STAR/ELIN/PORG/AM]ES", "board, row 4: ']' without its '[' in 'AM]ES'"),
    ("STAR/ELIN/PORG/A[]ES", "board, row 4: token '[]': brackets hold one tile, such as [QU]"),
    ("STAR/ELIN/PORG/A[Sdx]ES", "board, row 4: token '[Sdx]': 'dx' is not a bonus code"),
    ("STARELINPORGAME1", "board, line 1: '1' is not a letter of English"),
    ("STAR/ELIN/PORG/AMEЖ", "board, row 4: token 'AMEЖ': 'Ж' is not a letter of English"),
    ("STAR/ELIN/PORG/AME\u200b", "board, row 4: token 'AME\\u200b': '\\u200b' is not a letter"),
    ("ABCDEFGHI/ABCDEFGH1", "board, row 2: '1' is not a letter of English"),
])
def test_a_board_without_spaces_that_reads_two_ways_or_none_says_so(text, message):
    with pytest.raises(ElzzurError) as e:
        parse_board(text, EN)
    assert str(e.value).startswith(message), str(e.value)


@pytest.mark.parametrize("word, message", [
    ("myboard", "myboard: no such file, nor a board of letters (7 letters; a board written as one "
                "word is a square of 16, 25, 36, … letters)"),
    ("STAR", "STAR: no such file, nor a board of letters (4 letters"),
    ("STARELINPORGAME", "STARELINPORGAME: no such file, nor a board of letters (15 letters"),
    ("nosuch.board", "nosuch.board: no such file"), ("boards/my.board", "boards/my.board: no such file"),
    ("../ab", "../ab: no such file"), ("my_board", "my_board: no such file"),
])
def test_a_lone_word_that_is_no_file_names_both_possibilities(tmp_path, monkeypatch, word, message):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ElzzurError) as e:
        read_board_text(word)
    assert str(e.value).startswith(message)
    assert ("nor a board" in str(e.value)) == ("nor a board" in message)


def test_a_word_is_a_file_first_then_a_board(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert read_board_text("STARELINPORGAMES") == ("STARELINPORGAMES", "inline board")
    assert read_board_text("ABCD/EFGH/IJKL/MN.P") == ("ABCD/EFGH/IJKL/MN.P", "inline board")
    assert read_board_text(".ORE/T..P/A..I/LENS")[1] == "inline board"
    (tmp_path / "STARELINPORGAMES").write_text("A B\nC D\n", encoding="utf-8")
    assert read_board_text("STARELINPORGAMES") == ("A B\nC D\n", "STARELINPORGAMES")


# A language whose letters are lower and upper case (case mode): its rows of letters too.
CASE = parse_language({
    "code": "cs", "name": "Case", "normalization": {"mode": "case"},
    "scoring": {"min_length": 2, "length_bonus": [0], "length_bonus_step": 0},
    "letters": {ch: {"value": 1, "frequency": 1} for ch in "abcdeABCDE"}}, "cs.toml", None, "file")

LANGUAGES = {"en": EN, "tr": TR, "de-native": DE, "cs": CASE}


@st.composite
def square_boards(draw, code: str):
    """(board, unspaced text) for a random square board of letters, holes and bracketed tiles."""
    language = LANGUAGES[code]
    letters = sorted(language.letter_values)
    side = draw(st.integers(1, 6))
    cells, texts = [], []
    for _ in range(side * side):
        kind = draw(st.sampled_from(["letter"] * 6 + ["hole", "tile"]))
        if kind == "hole":
            cells.append(Cell(""))
            texts.append(".")
            continue
        spelt = "".join(draw(st.lists(st.sampled_from(letters), min_size=1,
                                      max_size=3 if kind == "tile" else 1)))
        if len(spelt) == 3 and spelt[1:].lower() in tile_codes():
            spelt = spelt[:2]  # TDL: refused as ambiguous (a tile ending in DL, or T on dl?)
        bonus = draw(st.sampled_from(["", "dl", "tw"])) if kind == "tile" else ""
        cells.append(Cell(spelt, bonus))
        texts.append(spelt if kind == "letter" else f"[{spelt}{bonus}]")
    rows = ["".join(texts[r * side:(r + 1) * side]) for r in range(side)]
    separator = draw(st.sampled_from(["/", "\n", "\r\n"]))
    return Board(side, side, tuple(cells)), separator.join(rows)


@settings(max_examples=100, deadline=None)
@given(data=st.data(), code=st.sampled_from(sorted(LANGUAGES)))
def test_any_square_board_written_without_spaces_reads_back(data, code):
    """A square board of letters, holes and bracketed tiles written without spaces is that
    board, on one line or several, and its printed forms read back to it."""
    board, text = data.draw(square_boards(code))
    language = LANGUAGES[code]
    assert parse_board(text, language) == board
    if board.rows >= 4 and "\n" not in text:
        assert parse_board(text.replace("/", ""), language) == board  # one word: a square
    assert parse_board(str(board), language) == board
    assert parse_board("/".join(board.token_rows()), language) == board


@settings(max_examples=100, deadline=None)
@given(tokens=st.lists(st.sampled_from(["A", "QU", "Qu", "TH", "ING", "RE-", "-ING", "Ttl", "A|E",
                                        "Q=8", ".", "ABCDEFGH", "sdx"]), min_size=1, max_size=6))
def test_a_column_of_tiles_prints_so_that_it_reads_back(tokens):
    """A board of one column prints its tiles of several letters in brackets, so that its rows
    are not read as letters."""
    board = Board(len(tokens), 1, tuple(parse_token(token, EN) for token in tokens))
    assert parse_board(str(board), EN) == board
    assert parse_board("/".join(board.token_rows()), EN) == board
    assert parse_boards(str(board) + "\n\n" + str(board), EN) == [board, board]


# --- 2. mistyped bonus codes --------------------------------------------------------------------

@pytest.mark.parametrize("token, message", [
    ("Sdx", f"token 'Sdx': 'dx' is not a bonus code ({CODES}); a tile of these letters is "
            f"written in capitals (SDX)"),
    ("Tlt", "token 'Tlt': 'lt' is not a bonus code"), ("Qudx", "'udx' is not a bonus code"),
    ("Sdltw", "token 'Sdltw': two bonus codes (dl, tw); a tile has at most one"),
    ("sdltw", "two bonus codes"), ("QUdltw", "two bonus codes"), ("A/Edx", "'dx' is not a bonus code"),
    ("RE-dx", "token 'RE-dx': 'dx' is not a bonus code"), ("Sdx=3", "'dx' is not a bonus code"),
    ("Sdxtw", "'dx' is not a bonus code"), ("SDL", "is ambiguous"),
])
def test_a_mistyped_bonus_code_is_an_error_naming_the_codes(token, message):
    """Regression: Sdx, Tlt and Sdltw were the tiles SDX, TLT and SDL on a triple word (while
    SDL alone was refused as ambiguous); with -q nobody saw it."""
    with pytest.raises(ElzzurError) as e:
        parse_token(token, EN)
    assert message in str(e.value)


@pytest.mark.parametrize("token, cell, language", [
    ("Qu", Cell("QU"), EN), ("Qudl", Cell("QU", "dl"), EN), ("Sdl", Cell("S", "dl"), EN),
    ("sdx", Cell("SDX"), EN), ("SDX", Cell("SDX"), EN), ("In", Cell("IN"), EN),
    ("TTLdl", Cell("TTL", "dl"), EN), ("-ingdw", Cell("ING", "dw", place="end"), EN),
    ("Işık", Cell("IŞIK"), TR), ("Straße", Cell("STRASSE"), DE),
    ("Abc", Cell("Abc"), CASE), ("Abctw", Cell("Abc", "tw"), CASE),
])
def test_lower_case_letters_that_are_no_code_typo_stay_letters(token, cell, language):
    """One lower-case letter after a capital (Qu), all lower case (sdx), letters beyond ASCII
    (no code is written with them), and a case-mode language's own lower-case letters."""
    assert parse_token(token, language) == cell


def test_a_case_mode_language_without_those_letters_names_the_codes():
    with pytest.raises(ElzzurError, match="'xy' is not a bonus code"):
        parse_token("Axy", CASE)


def test_the_command_line_refuses_a_mistyped_code_even_with_q(cli, words):
    cli("solve", "-l", "en", "-b", "Sdx A/B C", "-d", "words.txt", "-q").error(
        1, "inline board, row 1: token 'Sdx': 'dx' is not a bonus code")


# --- 3. messages quote a few dozen characters ---------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("abc", "'abc'"), ("", "''"), ("A" * 40, repr("A" * 40)),
    ("A" * 41, "'" + "A" * 40 + "…' (41 characters)"),
    ("\x00" * 60_000_000, "'" + "\\x00" * 9 + "…' (60,000,000 characters)"),
    ("\udcc4" * 100, "'" + "\\udcc4" * 6 + "…' (100 characters)"),
])
def test_quoted_cuts_long_text_and_says_its_length(text, expected):
    assert quoted(text) == expected
    assert len(quoted(text)) < 80


def test_a_token_of_sixty_megabytes_of_nuls_makes_a_short_message(cli, words):
    """Regression: the message quoted the whole token (60 MB of NULs: a 240 MB error line)."""
    (words.parent / "nul.board").write_bytes(b"A " + b"\x00" * 6_000_000 + b"\n")
    message = cli("solve", "-l", "en", "-b", "nul.board", "-d", "words.txt").error(
        1, "nul.board, line 1: token '\\x00", "(6,000,000 characters)", "is not a letter")
    assert len(message) < 200


@pytest.mark.parametrize("board", [
    "A " + "Q" * 1_000_000, "A B/" + "é" * 1_000_000, "x" * 1_000_000,
    "A B/C " + "A=" + "9" * 1_000_000, "A B/C " + "A|" * 500_000 + "A",
    "A B/C " + "e" + "\u0301" * 1_000_000, "[" + "A" * 1_000_000,
])
def test_every_message_about_a_huge_argument_is_short(cli, words, board):
    message = cli("solve", "-l", "en", "-b", board, "-d", "words.txt").error(1)
    assert len(message) < 300, message[:300]


# --- 4. the size of a board -----------------------------------------------------------------------

def test_the_cell_limit_holds_for_every_shape():
    """One more cell than MAX_CELLS is refused in every form a board takes; MAX_CELLS is read."""
    side = int(MAX_CELLS ** 0.5)
    assert side * side == MAX_CELLS
    assert parse_board("A " * MAX_CELLS, EN).cols == MAX_CELLS
    assert parse_board("A" * MAX_CELLS, EN).rows == side
    assert parse_board("A\n" * MAX_CELLS, EN).rows == MAX_CELLS
    too_many = [
        "A " * (MAX_CELLS + 1), "A\n" * (MAX_CELLS + 1), "A/" * MAX_CELLS + "A",
        ("A " * side + "\n") * side + "A " * side, "A" * (side + 1) ** 2, "A" * 10**7,
        "/".join(["A" * (side + 1)] * (side + 1)), ("A " * 10**6 + "\n") * 3,
    ]
    for text in too_many:
        with pytest.raises(ElzzurError, match=f"a board has at most {MAX_CELLS:,} cells"):
            parse_board(text, EN)


def test_one_limit_on_cells_for_every_board_made():
    check_cells(500, 500)
    check_cells(1, MAX_CELLS)
    for rows, cols in [(501, 500), (1, MAX_CELLS + 1), (10**20, 10**20)]:
        with pytest.raises(ElzzurError, match=f"has more than {MAX_CELLS:,} cells"):
            check_cells(rows, cols, "generate")
    for rows, cols in [(0, 4), (4, -1)]:
        with pytest.raises(ElzzurError, match="at least one row and one column"):
            check_cells(rows, cols)
    with pytest.raises(ElzzurError, match="more than 250,000 cells"):
        Board(1, MAX_CELLS + 1, (Cell("A"),) * (MAX_CELLS + 1))


def test_the_command_line_refuses_a_board_too_large_in_a_real_process(tmp_path, words):
    """Regression: a 2000x2000 board took 3.3 GB (4000x4000: 11.5 GB, then MemoryError)."""
    (tmp_path / "big.board").write_text(("A " * 2000 + "\n") * 2000, encoding="utf-8")
    process = subprocess.run([sys.executable, "-m", "elzzur", "solve", "-l", "en", "-b",
                              "big.board", "-d", "words.txt"], cwd=tmp_path, env=child_env(),
                             capture_output=True, text=True, timeout=120)
    assert (process.returncode, process.stdout) == (1, "")
    assert process.stderr == (f"elzzur: error: big.board, line 126: a board has at most "
                              f"{MAX_CELLS:,} cells (500x500)\n")


def test_a_batch_shares_its_cells_and_has_a_limit(monkeypatch):
    """The same token is one Cell object for the whole text (a batch of a million 4x4 boards
    is then pointers, not sixteen million objects); more boards than MAX_BOARDS, or more
    different tokens than MAX_TILES, are refused."""
    boards = parse_boards("A B\nC D\n\nD C\nB A\n\n# x\nAB\nCD", EN)
    assert boards[0].cells[0] is boards[1].cells[3] is boards[2].cells[0]
    monkeypatch.setattr(rows_module, "MAX_BOARDS", 3)
    assert len(parse_boards("A\n\nB\n\nC\n", EN)) == 3
    with pytest.raises(ElzzurError, match=r"^x, line 7: more than 3 boards in one text"):
        parse_boards("A\n\nB\n\nC\n\nD\n", EN, "x")
    monkeypatch.setattr(rows_module, "MAX_TILES", 4)
    with pytest.raises(ElzzurError, match=r"^x, line 2: more than 4 different tiles in one text"):
        parse_boards("A B C D\nE F G H", EN, "x")


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 7), (7, 1), (2, 2), (2, 9), (9, 2), (3, 3),
                                        (5, 8), (13, 4), (40, 40)])
def test_neighbours_are_those_of_the_plain_definition(rows, cols):
    plain = tuple(tuple(rr * cols + cc for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
                        if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols)
                  for r in range(rows) for c in range(cols))
    assert grid_neighbours(rows, cols) == plain


@settings(max_examples=300, deadline=None)
@given(text=st.text(st.sampled_from("AB #\n\r\t\x0b\x0c\u2028\u00a0"), max_size=60),
       chunk=st.integers(1, 8))
def test_lines_are_read_as_splitlines_reads_them(text, chunk):
    """The lines read a chunk at a time (blank lines and comments skipped in C) are those of
    str.splitlines, whatever the chunk size: numbers, texts, and where blank lines fall."""
    expected, blank, seen = [], False, False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            blank = True
        elif not stripped.startswith("#"):
            expected.append((number, stripped, blank and seen))
            blank, seen = False, True
    old = rows_module._CHUNK
    rows_module._CHUNK = chunk
    try:
        got = [(n, line, gap and i > 0) for i, (n, line, gap)
               in enumerate(rows_module.content_lines(text))]
    finally:
        rows_module._CHUNK = old
    assert got == expected


# --- 5. a user language's demo board --------------------------------------------------------------

def test_a_demo_board_is_read_with_the_board_file_limit(cli, tmp_path, monkeypatch):
    """Regression: a user language's demo_board was read whole (a sparse 1 GB file took 22 GB)."""
    folder = tmp_path / "langs"
    folder.mkdir()
    (folder / "zq.toml").write_text(
        'code = "zq"\nname = "Zq"\ndemo_board = "zq.board"\n[scoring]\nmin_length = 2\n'
        'length_bonus = [0]\nlength_bonus_step = 0\n[letters]\nA = { value = 1, frequency = 50.0 }\n'
        'B = { value = 1, frequency = 50.0 }\n', encoding="utf-8")
    (tmp_path / "ab.txt").write_text("ab\nba\n", encoding="utf-8")
    monkeypatch.setenv("ELZZUR_LANGUAGES_DIR", str(folder))
    (folder / "zq.board").write_text("A B\nB A\n", encoding="utf-8")
    assert cli("demo", "-l", "zq", "-d", "ab.txt", "-q").code == 0
    with open(folder / "zq.board", "wb") as f:
        f.truncate(board_module.BOARD_LIMIT + 1)  # sparse: no disk used
    cli("demo", "-l", "zq", "-d", "ab.txt").error(
        1, "zq.board: more than 64 MiB, too large for a board file")


# --- 6. the window's grid -------------------------------------------------------------------------

def test_the_window_refuses_a_board_larger_than_its_grid(tmp_path):
    """Regression: `elzzur gui -b` drew a 100x100 board (87 s, frozen); the grid goes to 12x12."""
    from elzzur.views.gui.editing import MAX_SIDE, load_board_file

    for rows, cols in [(MAX_SIDE, MAX_SIDE), (1, MAX_SIDE), (MAX_SIDE + 1, 1), (1, 100), (100, 100)]:
        path = tmp_path / f"{rows}x{cols}.board"
        path.write_text(("A " * cols + "\n") * rows, encoding="utf-8")
        if rows <= MAX_SIDE and cols <= MAX_SIDE:
            assert load_board_file(str(path), EN).rows == rows
            continue
        with pytest.raises(ElzzurError, match=rf"{rows}x{cols} board is larger than the window's "
                                              rf"grid, at most {MAX_SIDE}x{MAX_SIDE}"):
            load_board_file(str(path), EN)


def test_the_window_shows_the_size_error_in_its_status_bar(tmp_path, x_display):
    """`elzzur gui -b` with a 100x100 board: the window opens at once with the error below."""
    # in a child: the window needs no Tk interpreter in this test process
    (tmp_path / "big.board").write_text(("A " * 100 + "\n") * 100, encoding="utf-8")
    script = ("import sys\nfrom elzzur.views.gui import create_app\n"
              "root, app = create_app('en', 'ruzzle', None, sys.argv[1])\n"
              "print(app.shape)\nprint(app.status.get())\nroot.destroy()\n")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "big.board")],
                          capture_output=True, text=True, timeout=120,
                          env={**child_env(), "DISPLAY": x_display})
    assert done.returncode == 0, done.stderr
    shape, status = done.stdout.split("\n", 1)
    assert "100x100 board is larger than the window's grid" in status
    assert shape == "(4, 4)"


# --- the hostile corpus ---------------------------------------------------------------------------

OK, ERR = "ok", "error"

# (name, board bytes written to a file or an inline str, expected): OK with the spaced board it
# is, or ERR with the status and a fragment of the message.
HOSTILE = [
    ("bom", "\ufeffSTAR/ELIN/PORG/AMES".encode(), (OK, SPACED)),
    ("bom file", b"\xef\xbb\xbfS T A R\nE L I N\nP O R G\nA M E S\n", (OK, SPACED)),
    ("bom inline", "\ufeffS T A R/E L I N/P O R G/A M E S", (ERR, 1, "'\\ufeff' is not a letter")),
    ("crlf", b"STAR\r\nELIN\r\nPORG\r\nAMES\r\n", (OK, SPACED)),
    ("cr only", b"STAR\rELIN\rPORG\rAMES\r", (OK, SPACED)),
    ("tabs", b"S\tT\tA\tR\nE\t\tL I N\n\tP O R G\nA M E S\t\n", (OK, SPACED)),
    ("nbsp", "S\u00a0T A R/E L I N/P O R G/A M E S", (OK, SPACED)),
    ("form feed", b"S T A R\x0cE L I N\nP O R G\nA M E S\n", (OK, SPACED)),
    ("line separator", "STAR\u2028ELIN\u2028PORG\u2028AMES".encode(), (OK, SPACED)),
    ("many blank lines", b"\n" * 100_000 + b"STAR\nELIN\nPORG\nAMES\n" + b"\n \t\n" * 50_000,
     (OK, SPACED)),
    ("many comments", b"#\n" * 100_000 + b"STAR\n# x\nELIN\nPORG\nAMES\n", (OK, SPACED)),
    ("blank only", b"\n \n\t\n" * 1000, (ERR, 1, "empty board")),
    ("comment only", b"# A B\n", (ERR, 1, "empty board")),
    ("nul", "STAR/EL\x00N/PORG/AMES", (ERR, 1, "'\\x00' is not a letter of English")),
    ("nul file", b"S T A R\nE L \x00 N\n", (ERR, 1, "line 2: token '\\x00'")),
    ("control", "S T A R/E L \x01 N/P O R G/A M E S", (ERR, 1, "'\\x01' is not a letter")),
    ("delete", "STAR/ELIN/PORG/AME\x7f", (ERR, 1, "'\\x7f' is not a letter")),
    ("escape", "S T A R/E L I N/P O R G/A M E \x1b[31mS", (ERR, 1, "is not a letter")),
    ("surrogate", "S T A R/E L I N/P O R G/A M E \udcc4", (ERR, 1, "'\\udcc4' is not a letter")),
    ("surrogate word", "STAR/ELIN/PORG/AME\udcc4", (ERR, 1, "'\\udcc4' is not a letter")),
    ("rtl mark", "S T A R/E L I N/P O R G/A M E S\u200f", (ERR, 1, "'\\u200f' is not a letter")),
    ("rtl override", "\u202eSTAR/ELIN/PORG/AMES", (ERR, 1, "'\\u202e' is not a letter")),
    ("zero width", "STAR/EL\u200bIN/PORG/AMES", (ERR, 1, "'\\u200b' is not a letter")),
    ("combining", "STAR/E\u0301LIN/PORG/AMES", (OK, SPACED)),
    ("combining alone", "S T A R/E L I N/P O R G/A M E \u0301", (ERR, 1, "is not a letter")),
    ("many marks", "S T A R/E L I N/P O R G/A M E S" + "\u0301" * 10_000, (ERR, 1, "is not a letter")),
    ("emoji", "STAR/ELIN/PORG/AME😀", (ERR, 1, "'😀' is not a letter of English")),
    ("fullwidth", "ＳＴＡＲ/ＥＬＩＮ/ＰＯＲＧ/ＡＭＥＳ", (OK, SPACED)),
    ("ligature", "ﬀ A/B C", (OK, "FF A/B C")),
    ("dotted i", "İ A/B C", (OK, "I A/B C")),
    ("holes only", ".../.../...", (OK, ". . ./. . ./. . .")),
    ("hole word", "." * 16, (ERR, 1, "no such file")),
    ("huge value", "A B/C A=" + "9" * 100_000, (ERR, 1, "more than a tile can be worth")),
    ("huge row", "A " * (MAX_CELLS + 1), (ERR, 1, "a board has at most 250,000 cells")),
    ("huge word", "/".join(["A" * 1000] * 300), (ERR, 1, "row 251: a board has at most 250,000 cells")),
    ("many rows", b"A\n" * (MAX_CELLS + 1), (ERR, 1, "line 250001: more than 250,000 rows")),
    ("many slashes", "/".join(["A"] * (MAX_CELLS + 1)), (ERR, 1, "more than 250,000 rows")),
    ("empty rows", "A B//C D", (ERR, 1, "row 2: empty row")),
    ("slash only", "/", (ERR, 1, "/: is a directory, not a file")),
    ("trailing slash", "STAR/ELIN/PORG/AMES/", (ERR, 1, "row 5: empty row")),
    ("bracket only", "[", (ERR, 1, "'[' is not a letter")),
    ("nested brackets", "A B/C [[A]]", (ERR, 1, "brackets hold one tile")),
    ("bracket row", "[A B]/C D", (ERR, 1, "is not a letter")),
    ("dash", "A -/B C", (ERR, 1, "expected letters")),
    ("equals", "A =/B C", (ERR, 1, "must be a whole number")),
    ("bonus alone", "A dl/B C", (ERR, 1, "is a bonus code without letters")),
    ("bonus typo", "Sdx T A R/E L I N/P O R G/A M E S", (ERR, 1, "'dx' is not a bonus code")),
    ("long tile", "A ABCDEFGHI/B C", (ERR, 1, "a tile has at most 8 letters")),
    ("ragged", "A B/C", (ERR, 1, "row has 1 cell, the first row has 2")),
    ("two boards", b"S T A R\nE L I N\nP O R G\nA M E S\n\n\n\nS T A R\nE L I N\nP O R G\nA M E S\n",
     (OK, SPACED + "\n\n" + SPACED)),
    ("option-like", "--", (ERR, 2, "")),
]


def _spaced_output(cli, spaced: str) -> str:
    boards = spaced.split("\n\n")
    outputs = [solved(cli, board) for board in boards]
    return "\n".join(outputs)


@pytest.mark.parametrize("name, board, expected", HOSTILE, ids=[case[0] for case in HOSTILE])
def test_a_hostile_board_is_answered_or_refused_in_one_line(cli, words, name, board, expected):
    if isinstance(board, bytes):
        (words.parent / "h.board").write_bytes(board)
        source = "h.board"
    else:
        source = board
    run = cli("solve", "-l", "en", "-b", source, "-d", "words.txt", "-q")
    assert "Traceback" not in run.err
    if expected[0] == OK:
        assert (run.code, run.err) == (0, "")
        assert run.out == _spaced_output(cli, expected[1])
        return
    _, status, fragment = expected
    message = run.error(status, fragment)
    assert len(message) < 400, message[:400]


@pytest.mark.parametrize("content", [
    b"A " + b"\x00" * 1_000_000 + b"\n",
    b"STAR\nEL\xff\xfeIN\n",
    ("A B/" + "\u202e" * 100_000).encode(),
])
def test_hostile_board_files_in_a_real_process(tmp_path, words, content):
    (tmp_path / "h.board").write_bytes(content)
    process = subprocess.run([sys.executable, "-m", "elzzur", "solve", "-l", "en", "-b", "h.board",
                              "-d", "words.txt"], cwd=tmp_path, env=child_env(),
                             capture_output=True, timeout=120)
    assert (process.returncode, process.stdout) == (1, b"")
    lines = process.stderr.decode("utf-8", "replace").splitlines()
    assert len(lines) == 1 and lines[0].startswith("elzzur: error: h.board"), lines
    assert len(lines[0]) < 200


def test_an_undecodable_argument_is_a_letter_error_in_a_real_process(tmp_path, words):
    """A byte that is not UTF-8 in an inline board (a surrogate once decoded) is refused."""
    process = subprocess.run([sys.executable.encode(), b"-m", b"elzzur", b"solve", b"-l", b"en",
                              b"-b", b"STAR/ELIN/PORG/AME\xc4", b"-d", b"words.txt"], cwd=tmp_path,
                             env=child_env(), capture_output=True, timeout=120)
    assert process.returncode == 1
    assert process.stderr.decode() == ("elzzur: error: inline board, row 4: token 'AME\\udcc4': "
                                       "'\\udcc4' is not a letter of English "
                                       + board_hint("solve") + "\n")


def test_the_manual_documents_the_limits():
    limits = (REPO / "docs" / "errors.md").read_text(encoding="utf-8").split("## Limits\n")[1]
    assert f"{MAX_CELLS:,} cells" in limits and f"{MAX_TILE_LETTERS} letters" in limits


@pytest.mark.parametrize("argument, message", [
    ("boards/ABC", "elzzur: error: boards/ABC: no such file; as a board, row 2: row has 3 letters, "
                   "the first row has 6 (a board written without spaces has rows of equal length)"),
    ("my-boards/ABC", "elzzur: error: my-boards/ABC: no such file; as a board, row 1: '-' is not "
                      "a letter of English"),
])
def test_a_board_naming_a_folder_that_reads_as_neither_shows_both_readings(cli, tmp_path,
                                                                           argument, message):
    """`-b boards/ABC` with a folder boards/ but no file ABC in it was reported only as a bad
    inline board: the user who meant a file was not told it was not found."""
    (tmp_path / argument.split("/")[0]).mkdir()
    run = cli("solve", "-b", argument)
    assert (run.code, run.out) == (1, "")
    assert run.err.startswith(message), run.err
    assert run.err.rstrip().endswith("see elzzur help solve)")
    (tmp_path / argument.split("/")[0]).rmdir()  # no folder: rows of letters, one reading
    run = cli("solve", "-b", argument)
    assert run.err.startswith("elzzur: error: inline board, row "), run.err

