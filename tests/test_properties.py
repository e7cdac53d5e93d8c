"""Property tests for every parser and every round trip: board tokens and board text, generated
boards, language and rules files, dictionaries (word list, compiled, ``cat``), Scrabble positions,
CGP and racks. Each test's docstring states its property; the expected values are built from the
parts the strategy drew, not from the code under test.

What the other files already do is not repeated here: the solver against its brute-force reference
(``test_solver.py``, every rules preset on both backends, checked below), the word graph over a
toy alphabet (``test_graph.py``), hand-picked tokens and junk words (``test_board.py``,
``test_dictionary.py``).
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os
import random
import re
import string
import subprocess
import sys
import tempfile
import tomllib
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import assume, given, settings, strategies as st

from elzzur.__main__ import main
from elzzur.grid.board import MAX_TILE_LETTERS, Board, Cell, parse_board, parse_boards, parse_token
from elzzur.lexicon.cleaning import clean_word, clean_words, shortest_word
from elzzur.lexicon.dictionary import (
    Dictionary, compile_words, load_dictionary, read_word_list,
)
from elzzur.errors import ElzzurError, UsageError
from elzzur.grid.generate import (
    BONUS_DRAWS, Generator, LetterSource, dice_sets, get_dice,
)
from elzzur.lexicon.languages import MAX_LETTERS, get_language, parse_language
from elzzur.grid.rules import get_rules, parse_rules, presets, tile_codes
from elzzur import scrabble

from conftest import REPO, child_env

CODES = sorted(tile_codes())  # the bonus codes a token may carry: dl tl dw tw
BOARD_LANGUAGES = ["en", "tr", "es-native", "de-native"]
LANG = {code: get_language(code) for code in BOARD_LANGUAGES + ["it"]}

# Turkish lower case by its own table (Python's str.lower gives "i̇" for İ and "i" for I).
TURKISH_LOWER = {"İ": "i", "I": "ı"}

# Other spellings of a board letter, each normalising to it (accents fold, ß is spelt SS).
EXTRA_SPELLINGS = {
    "en": {"E": "éèê", "N": "ñ", "O": "øö", "A": "åä", "C": "ç", "U": "ü"},
    "tr": {"A": "â", "U": "û", "İ": "î"},
    "es-native": {"E": "é", "U": "ü", "A": "á", "O": "ö"},
    "de-native": {"E": "éè", "O": "ø", "A": "á"},
}


def lower(letter: str, code: str) -> str:
    """A letter's lower-case form in a language (the Turkish table for tr)."""
    if code == "tr":
        return TURKISH_LOWER.get(letter, letter.lower())
    return letter.lower()


@st.composite
def spelt_letter(draw, code: str) -> tuple[str, str]:
    """(how a letter is written, the board letters it stands for)."""
    if draw(st.integers(0, 11)) == 0:
        return draw(st.sampled_from(["ß", "ẞ"] if code != "en" else ["ß"])), "SS"
    letter = draw(st.sampled_from(sorted(LANG[code].letter_values)))
    forms = [letter, lower(letter, code)] + list(EXTRA_SPELLINGS[code].get(letter, ""))
    return draw(st.sampled_from(forms)), letter


@st.composite
def spelt_tile(draw, code: str, max_letters: int = 4) -> tuple[str, str]:
    """The letters of one tile as written and as board letters: one letter, Qu, or several."""
    if "Q" in LANG[code].letter_values and draw(st.integers(0, 7)) == 0:
        return draw(st.sampled_from(["Qu", "qu", "QU", "qU"])), "QU"
    units = draw(st.lists(spelt_letter(code), min_size=1, max_size=max_letters))
    return "".join(raw for raw, _ in units), "".join(key for _, key in units)


@st.composite
def cells_and_tokens(draw, code: str, separators: str = "/|") -> tuple[Cell, str]:
    """A cell drawn from its parts, and a token of the board-file grammar that writes it."""
    kind = draw(st.sampled_from(["hole", "plain", "plain", "plain", "prefix", "suffix", "either"]))
    if kind == "hole":
        return Cell(""), "."
    if kind == "either":
        tiles = draw(st.lists(spelt_tile(code, 2), min_size=2, max_size=3,
                              unique_by=lambda tile: tile[1]))
        text = tiles[0][0]
        for raw, _ in tiles[1:]:
            text += draw(st.sampled_from(separators)) + raw
    else:
        tiles = [draw(spelt_tile(code))]
        text = {"plain": "{}", "prefix": "{}-", "suffix": "-{}"}[kind].format(tiles[0][0])
    keys = tuple(key for _, key in tiles)
    assume(all(len(key) <= MAX_TILE_LETTERS for key in keys))
    bonus = draw(st.sampled_from([""] * 4 + CODES))
    if not bonus:
        # lower-case letters that end like a bonus code are read as one (Adl is A on dl), and
        # a three-letter tile ending in one (TDL, Tdl/E) is refused as ambiguous
        assume(text[-2:] not in CODES)
        assume(not any(len(raw) == 3 and raw[1:].lower() in CODES for raw, _ in tiles))
    elif len(text) > 2:
        assume(text[-2:] not in CODES)  # Sdltw: two bonus codes are refused
    # two or more lower-case ASCII letters after a capital (Sdx) or a prefix's dash (RE-dx) are
    # where a bonus code goes: refused as a mistyped code, not read as letters
    tail = re.search(r"[a-z]{2,}$", text)
    assume(not (tail and tail.start() > 0 and (text[tail.start() - 1].isupper() or (
        text[tail.start() - 1] == "-" and tail.start() > 1))))
    value = draw(st.none() | st.integers(0, 10**6))
    token = text + bonus
    if value is not None:
        token += "=" + "0" * draw(st.integers(0, 2)) + str(value)
    token = unicodedata.normalize(draw(st.sampled_from(["NFC", "NFD"])), token)
    place = {"prefix": "start", "suffix": "end"}.get(kind, "")
    return Cell(keys, bonus, value, place), token


# --- board tokens -----------------------------------------------------------------------------

@settings(max_examples=400, deadline=None)
@given(data=st.data(), code=st.sampled_from(BOARD_LANGUAGES))
def test_a_token_of_the_grammar_parses_to_the_cell_it_writes(data, code):
    """Every token built from the grammar (hole, one or more letters in any spelling, Qu, RE-,
    -ING, A/E or A|E, a bonus code, =N) parses to the cell it was built from, and that cell's
    own token parses back to it."""
    cell, token = data.draw(cells_and_tokens(code))
    assert parse_token(token, LANG[code]) == cell
    assert parse_token(cell.token, LANG[code]) == cell


@pytest.mark.parametrize("token", ["adL", "ADl", "TtL", "Adl/E", "Atw|e", "atL-", "D|TTl"])
def test_tokens_once_read_as_tiles_that_cannot_be_written_back_are_ambiguous(token):
    """Regressions found by the properties: these read as three-letter tiles (ADL, TTL, …) whose
    token (ADL) is refused as ambiguous; now they are refused in the first place."""
    with pytest.raises(ElzzurError, match="is ambiguous"):
        parse_token(token, LANG["en"])


def test_an_either_or_tile_is_written_so_that_it_reads_back_inline_and_in_a_file():
    """Regression: A/E was written with '/', which separates rows inline (and, as it is, in
    board files too), so a board with an either/or tile did not read back."""
    board = parse_board("A|E B/C D", LANG["en"])
    assert board.cell(0, 0).token == "A|E"
    assert parse_board(str(board), LANG["en"]) == board
    assert parse_board("/".join(board.token_rows()), LANG["en"]) == board


def test_a_value_of_thousands_of_digits_is_an_elzzur_error():
    """Regression: int() refuses 4,300 digits and more with a ValueError."""
    with pytest.raises(ElzzurError, match="more than a tile can be worth"):
        parse_token("A=" + "9" * 5000, LANG["en"])
    assert parse_token("A=" + "0" * 5000 + "7", LANG["en"]) == Cell("A", value=7)


TOKEN_CHARS = "AaEeDdLlTtWwQqUuİıIiÑñÄäß-=/|.0123 ?中"


@settings(max_examples=500, deadline=None)
@given(token=st.text(TOKEN_CHARS, min_size=1, max_size=8) | st.text(min_size=1, max_size=6),
       code=st.sampled_from(BOARD_LANGUAGES))
def test_any_text_is_a_cell_that_writes_back_or_an_elzzur_error(token, code):
    """Any text is either refused with ElzzurError (never another exception) or read as a cell
    whose token reads back as the same cell."""
    try:
        cell = parse_token(token, LANG[code])
    except ElzzurError:
        return
    assert parse_token(cell.token, LANG[code]) == cell


@st.composite
def invalid_tokens(draw, code: str) -> str:
    """A token that breaks one rule of the grammar."""
    cell, token = draw(cells_and_tokens(code, separators="|"))
    assume(not cell.is_hole)
    raw = token.partition("=")[0]
    rule = draw(st.sampled_from(["value", "both", "either-place", "duplicate", "empty-part",
                                 "code-only", "long", "foreign", "ambiguous"]))
    if rule == "value":
        bad = draw(st.sampled_from(["", "x", "-1", "+1", "1.5", "1e3", "٣", "1=2", " 1", "²",
                                    "9" * 5000]))
        return raw + "=" + (bad if draw(st.booleans()) else str(draw(st.integers(10**6 + 1))))
    if rule == "both":
        return "-" + draw(spelt_tile(code))[0] + "-" + draw(st.sampled_from([""] + CODES))
    if rule == "either-place":
        one, other = draw(spelt_tile(code))[0], draw(spelt_tile(code))[0]
        return draw(st.sampled_from([f"{one}-/{other}", f"{one}/-{other}", f"-{one}|{other}",
                                     f"{one}|{other}-"]))
    if rule == "duplicate":  # the same letters twice, however they are written
        letter = draw(st.sampled_from(sorted(LANG[code].letter_values)))
        return f"{letter}{draw(st.sampled_from('/|'))}{lower(letter, code)}"
    if rule == "empty-part":
        return draw(st.sampled_from(["{}/", "/{}", "{}//{}", "{}||{}", "-", "--", "-dl"])) \
            .format(draw(spelt_tile(code))[0], draw(spelt_tile(code))[0])
    if rule == "code-only":
        return draw(st.sampled_from(CODES)) + draw(st.sampled_from(["", "=3"]))
    if rule == "long":
        return draw(st.sampled_from(sorted(LANG[code].letter_values))) * (MAX_TILE_LETTERS + 1)
    if rule == "foreign":
        letters = draw(spelt_tile(code))[0]
        bad = draw(st.sampled_from(["1", "?", "_", "'", "中", "ω", "!"] + (["Q", "w", "X"] if code == "tr" else [])))
        at = draw(st.integers(0, len(letters)))
        token = letters[:at] + bad + letters[at:]
        # a Turkish "w" put after a "t" or "d" at the end writes a bonus code: ßtw is SS on a
        # triple word, a good token
        assume(not any(token.endswith(code_text) for code_text in CODES))
        return token
    letter = draw(st.sampled_from(sorted(LANG[code].letter_values)))
    code_text = draw(st.sampled_from(CODES))
    ending = "".join(ch.upper() if draw(st.booleans()) else ch for ch in code_text)
    assume(ending != code_text)  # Adl is A on a double letter
    return letter + ending


@settings(max_examples=300, deadline=None)
@given(data=st.data(), code=st.sampled_from(BOARD_LANGUAGES))
def test_a_token_that_breaks_the_grammar_is_an_elzzur_error(data, code):
    """Each way of breaking the grammar (a bad value, prefix and suffix at once, an either/or
    prefix, the same letters twice, an empty part, a bonus code alone, more than 8 letters, a
    character that is no letter of the language, an ambiguous three-letter tile) is refused with
    ElzzurError, alone and inside a board."""
    token = data.draw(invalid_tokens(code))
    with pytest.raises(ElzzurError):
        parse_token(token, LANG[code])
    with pytest.raises(ElzzurError, match=r"^b\.board, line 2: "):
        parse_boards(f"A A\nA {token.replace('/', '|')}\n", LANG[code], "b.board")


# --- board text ---------------------------------------------------------------------------------

@st.composite
def boards_and_rows(draw, code: str, separators: str = "|") -> tuple[Board, list[list[str]]]:
    """A board of random shape and its rows of tokens (either/or tiles written A|E, or also
    A/E if ``separators`` has '/' and the board has several rows: a board on one line is
    inline, where '/' separates rows)."""
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    separators = separators if rows > 1 else separators.replace("/", "") or "|"
    drawn = [draw(cells_and_tokens(code, separators=separators)) for _ in range(rows * cols)]
    board = Board(rows, cols, tuple(cell for cell, _ in drawn))
    tokens = [token for _, token in drawn]
    if cols == 1 and rows > 1:  # rows without spaces: a tile of several letters in brackets
        tokens = [f"[{token}]" if len(token) > 1 else token for token in tokens]
    return board, [tokens[r * cols:(r + 1) * cols] for r in range(rows)]


@st.composite
def board_texts(draw, code: str, separators: str = "|") -> tuple[list[Board], str]:
    """Several boards written as one board file: any spaces or tabs between tokens, comment lines,
    blank lines (with spaces) between boards, LF or CRLF line ends."""
    boards, lines = [], []
    for number in range(draw(st.integers(1, 3))):
        board, rows = draw(boards_and_rows(code, separators))
        boards.append(board)
        if number:
            lines += [draw(st.sampled_from(["", "  ", "\t"]))] * draw(st.integers(1, 2))
        for row in rows:
            if draw(st.integers(0, 5)) == 0:
                lines.append(draw(st.sampled_from(["# a comment", "  #x y z", "#"])))
            gaps = [draw(st.sampled_from([" ", "  ", "\t", " \t "])) for _ in row]
            lines.append(draw(st.sampled_from(["", " ", "\t"]))
                         + "".join(token + gap for token, gap in zip(row, gaps)).rstrip()
                         + draw(st.sampled_from(["", " "])))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    text = newline.join(lines) + draw(st.sampled_from(["", newline, newline * 2]))
    return boards, text


@settings(max_examples=150, deadline=None)
@given(data=st.data(), code=st.sampled_from(BOARD_LANGUAGES))
def test_board_text_parses_to_the_boards_written(data, code):
    """A text of several boards (comments, blank lines, any spacing, CRLF) parses to exactly the
    boards written; each board, printed aligned (str), as token rows on lines, or inline with
    '/' between rows, parses back to an equal board; all of them printed one after the other
    with blank lines between parse back to the same list."""
    boards, text = data.draw(board_texts(code))
    language = LANG[code]
    assert parse_boards(text, language) == boards
    for board in boards:
        assert parse_board(str(board), language) == board
        assert parse_board("\n".join(board.token_rows()), language) == board
        assert parse_board("/".join(board.token_rows()), language) == board
    assert parse_boards("\n\n".join(str(board) for board in boards), language) == boards


@settings(max_examples=100, deadline=None)
@given(data=st.data(), code=st.sampled_from(BOARD_LANGUAGES))
def test_inline_boards_parse_to_the_board_written(data, code):
    """A board written inline (rows separated by '/', either/or tiles as A|E) parses to the
    board, and one row less or one cell more in a row is an ElzzurError."""
    board, rows = data.draw(boards_and_rows(code))
    inline = "/".join(" ".join(row) for row in rows)
    assert parse_board(inline, LANG[code]) == board
    if board.rows > 1:
        row = data.draw(st.integers(0, board.rows - 1))
        ragged = [list(r) for r in rows]
        ragged[row] = ragged[row][1:] if board.cols > 1 else ragged[row] + ["A"]
        with pytest.raises(ElzzurError, match="boards must be rectangular"):
            parse_board("/".join(" ".join(r) for r in ragged), LANG[code])


def test_an_either_or_token_with_a_slash_reads_in_a_board_file(tmp_path, monkeypatch):
    """Regression, docs/boards.md: `A/E` or `A|E` is an either/or tile. A board on several
    lines has a row a line, so `/` in a line is an either/or tile's; a board on one line is
    inline wherever it is written (a file, standard input, -b, parse_board): `/` separates its
    rows, and a one-row board writes A|E."""
    from elzzur import load_board

    en = LANG["en"]
    board = parse_board("A/E B\nC D\n", en)
    assert board.cell(0, 0) == Cell(("A", "E"))
    assert board == parse_board("A|E B/C D", en) == load_board("A|E B/C D", en)
    (tmp_path / "either.board").write_text("# either/or\nA/E  B\nC    D/E\n", encoding="utf-8")
    assert load_board(tmp_path / "either.board", en) == Board(
        2, 2, (Cell(("A", "E")), Cell("B"), Cell("C"), Cell(("D", "E"))))
    two_rows = parse_board("A B\nC D", en)
    (tmp_path / "one.board").write_text("# one line\nA B/C D\n\nA|B C D\n", encoding="utf-8")
    one_row = Board(1, 3, (Cell(("A", "B")), Cell("C"), Cell("D")))
    one_text = (tmp_path / "one.board").read_text(encoding="utf-8")
    assert parse_boards(one_text, en) == [two_rows, one_row]
    monkeypatch.chdir(tmp_path)
    for source in ("one.board", "-"):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"A B/C D\n\nA|B C D\n")))
        assert main(["solve", "-l", "en", "-b", source, "--format", "json", "-o", "out.json"]) == 0
        printed = json.loads(Path("out.json").read_text(encoding="utf-8"))
        assert [entry["board"] for entry in printed] == [["A B", "C D"], ["A|B C D"]]
    assert load_board("A B/C D", en) == two_rows


@settings(max_examples=100, deadline=None)
@given(data=st.data(), code=st.sampled_from(BOARD_LANGUAGES))
def test_a_board_file_reads_either_or_tiles_written_with_a_slash(data, code):
    """A text of boards whose either/or tiles are written A/E or A|E (A|E only on a board of
    one row, which is inline), with any spacing, comments, blank lines and CRLF, parses to the
    boards written."""
    boards, text = data.draw(board_texts(code, separators="/|"))
    assert parse_boards(text, LANG[code], "b.board") == boards


def test_the_gui_grid_holds_a_tile_with_a_value_and_a_bonus():
    """Regression: gui.board_entries and gui.build_board are inverses (what Load then Solve
    relies on); the bonus code goes between the letters and the value (Q=8 with tl is Qtl=8),
    and a QU tile shows as Qu where the language reads Qu back as QU."""
    from elzzur.views.gui.editing import board_entries, build_board

    en = LANG["en"]
    board = parse_board("Qtl=8 A", en)
    texts, bonuses = board_entries(board)
    assert (texts, bonuses) == (["Q=8", "A"], ["tl", ""])
    assert build_board(texts, bonuses, 1, 2, en) == board
    board = parse_board("Qudw=9 -INGtl=0", en)
    texts, bonuses = board_entries(board, en)
    assert (texts, bonuses) == (["Qu=9", "-ING=0"], ["dw", "tl"])
    assert build_board(texts, bonuses, 1, 2, en) == board


@settings(max_examples=100, deadline=None)
@given(data=st.data(), code=st.sampled_from(BOARD_LANGUAGES))
def test_the_gui_grid_holds_any_board(data, code):
    """Any board (values, bonuses, prefix and suffix tiles, either/or tiles, holes) shown in the
    GUI's grid, with or without the language's Qu spelling, builds back to the same board."""
    from elzzur.views.gui.editing import board_entries, build_board

    board, _ = data.draw(boards_and_rows(code))
    for shown_in in (None, LANG[code]):
        texts, bonuses = board_entries(board, shown_in)
        assert build_board(texts, bonuses, board.rows, board.cols, LANG[code]) == board


def case_language():
    """A case-mode language with every ASCII letter, small and capital (Q, U and u included)."""
    table = {"code": "cs", "name": "Case", "normalization": {"mode": "case"},
             "scoring": {"min_length": 2, "length_bonus": [0], "length_bonus_step": 0},
             "letters": {ch: {"value": 1, "frequency": 1} for ch in string.ascii_letters}}
    return parse_language(table, "cs.toml", None, "file")


def test_a_qu_tile_reads_back_in_a_case_mode_language():
    """Regression: a case-mode language with Q, U and u: a board with a QU tile (as Boggle's
    dice roll it) reads back as the same board (QU was written Qu, another tile there)."""
    from elzzur.views.gui.editing import board_entries

    language = case_language()
    board = Board(1, 2, (Cell("QU"), Cell("a")))
    assert parse_board(str(board), language) == board
    assert board_entries(board, language)[0] == ["QU", "a"]
    assert board_entries(board, LANG["en"])[0] == ["Qu", "a"]


CASE_TILES = ["QU", "Qu", "qu", "qU", "a", "A", "TH", "Th", "In", "IN"]


@settings(max_examples=100, deadline=None)
@given(cells=st.lists(st.tuples(st.lists(st.sampled_from(CASE_TILES), min_size=1, max_size=3,
                                         unique=True),
                                st.sampled_from(["", *CODES]), st.none() | st.integers(0, 99),
                                st.sampled_from(["", "start", "end"])),
                      min_size=1, max_size=9))
def test_a_case_mode_board_reads_back_as_written(cells):
    """In a case-mode language, where Qu, QU and qu are three tiles, any board printed aligned,
    as token rows on lines or inline, or shown in the GUI's grid, reads back as the same
    board."""
    from elzzur.views.gui.editing import board_entries, build_board

    language = case_language()
    board = Board(1, len(cells), tuple(
        Cell(tuple(choices), bonus, value, place if len(choices) == 1 else "")
        for choices, bonus, value, place in cells))
    assert parse_board(str(board), language) == board
    assert parse_board("\n".join(board.token_rows()), language) == board
    assert parse_board("/".join(board.token_rows()), language) == board
    texts, bonuses = board_entries(board, language)
    assert build_board(texts, bonuses, 1, len(cells), language) == board


# --- generated boards ---------------------------------------------------------------------------

SMALL_WORDS = {
    "en": ["cat", "dog", "quiz", "stone", "notes", "tones", "onset", "seat"],
    "it": ["cane", "gatto", "casa", "sole", "luna"],
    "es-native": ["año", "niño", "casa", "perro", "gato", "mañana"],
    "de-native": ["schön", "schon", "haus", "maus", "über", "straße"],
    "tr": ["ılık", "iş", "ışık", "kedi", "köpek", "şeker"],
}


def small_dictionary(code: str) -> Dictionary:
    language = LANG[code]
    return Dictionary.from_words(clean_words(SMALL_WORDS[code], language), language)


@settings(max_examples=120, deadline=None)
@given(code=st.sampled_from(sorted(SMALL_WORDS)), seed=st.integers(0, 2**32),
       rows=st.integers(1, 6), cols=st.integers(1, 6),
       letters=st.sampled_from(["frequency", "dictionary", "bigram"]),
       bonus=st.sampled_from(BONUS_DRAWS), steps=st.integers(0, 3))
def test_generated_boards_print_and_parse_back(code, seed, rows, cols, letters, bonus, steps):
    """Every board ``generate`` draws (any letter source and bonus draw, any shape, and the
    boards its annealing steps to), printed as a board file or inline, parses back to the same
    board; a draw the board is too small for is a UsageError."""
    language = LANG[code]
    dictionary = small_dictionary(code) if letters != "frequency" else None
    generator = Generator(language, rows, cols, LetterSource(language, letters, dictionary), bonus)
    rng = random.Random(seed)
    needed = {"round1": 2, "round2": 3, "round3": 5}.get(bonus, 0)
    if rows * cols < needed:
        with pytest.raises(UsageError, match="cannot hold"):
            generator.board(rng)
        return
    board = generator.board(rng)
    for _ in range(steps + 1):
        assert (board.rows, board.cols) == (rows, cols)
        assert parse_board(str(board), language) == board
        assert parse_board("/".join(board.token_rows()), language) == board
        board = generator.neighbour(board, rng)


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(dice_sets()), seed=st.integers(0, 2**32),
       code=st.sampled_from(["en", "it", "es-native", "de-native"]))
def test_dice_boards_print_and_parse_back(name, seed, code):
    """A board rolled from any dice set (Qu faces, the two-letter die) in any A-Z language prints
    and parses back to the same board, also after annealing steps."""
    language = LANG[code]
    dice = get_dice(name, language)
    generator = Generator(language, dice.rows, dice.cols, LetterSource(language, dice=dice), "none")
    rng = random.Random(seed)
    board = generator.board(rng)
    for _ in range(3):
        assert parse_board(str(board), language) == board
        board = generator.neighbour(board, rng)


def test_dice_with_letters_the_language_lacks_are_refused():
    """Turkish has no Q, W or X: Boggle's dice cannot be rolled for it."""
    with pytest.raises(ElzzurError, match="is not written in Turkish's letters"):
        get_dice("new", LANG["tr"])


def run_module(*argv: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "elzzur", *argv], cwd=cwd, env=child_env(),
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("code, options", [
    ("tr", ["-r", "3", "-c", "5", "--bonus", "round3", "--seed", "11"]),
    ("en", ["--dice", "bigboggle-2dice", "--seed", "5"]),
    ("es-native", ["-r", "2", "-c", "6", "--letters", "dictionary", "-d", "words.txt",
                   "--bonus", "round1", "--seed", "3"]),
])
def test_generate_then_solve_on_the_command_line_sees_the_same_board(tmp_path, code, options):
    """`elzzur generate … -o FILE` writes the board the API draws with the same seed and options,
    and `elzzur solve -b FILE` reads that very board (its JSON board rows are its token rows)."""
    language = LANG[code]
    (tmp_path / "words.txt").write_text("\n".join(SMALL_WORDS[code]) + "\n", encoding="utf-8")
    made = run_module("generate", "-l", code, *options, "-o", "made.board", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    opts = dict(zip(options[::2], options[1::2]))
    dice = get_dice(opts["--dice"], language) if "--dice" in opts else None
    dictionary = load_dictionary(tmp_path / "words.txt", language) if "-d" in opts else None
    source = LetterSource(language, opts.get("--letters", "frequency"), dictionary, dice)
    rows = int(opts.get("-r", dice.rows if dice else 4))
    cols = int(opts.get("-c", dice.cols if dice else 4))
    bonus = opts.get("--bonus", "none" if dice else "elzzur")
    expected = Generator(language, rows, cols, source, bonus).board(random.Random(int(opts["--seed"])))
    text = (tmp_path / "made.board").read_text(encoding="utf-8")
    assert text == str(expected) + "\n"
    assert parse_board(text, language) == expected
    solved = run_module("solve", "-l", code, "-b", "made.board", "--format", "json", "--top", "1",
                        *(["-d", "words.txt"] if "-d" in opts else []), cwd=tmp_path)
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout)["board"] == expected.token_rows()


# --- language files -------------------------------------------------------------------------------

FOLD_LETTERS = string.ascii_uppercase + "ØŁÆÞÐŒЖΩ"  # no marks: what mode "fold" may hold
NATIVE_LETTERS = "ÑÄÖÜÇŞĞİÉÅ"
MAP_CHOICES = {"ẞ": "SS", "Þ": "TH", "Œ": "OE", "Ŋ": "NG", "Ø": "O", "Ł": "L", "Æ": "AE", "Ħ": "H"}


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_value(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    return repr(value)


def toml_text(data: dict) -> str:
    """A TOML document of plain keys first, then one [table] per dict value (nested tables as
    [a.b]), keys always quoted."""
    out, tables = [], []
    for key, value in data.items():
        (tables if isinstance(value, dict) else out).append((key, value))
    lines = [f"{toml_value(k)} = {toml_value(v)}" for k, v in out]

    def table(name: str, body: dict) -> None:
        lines.append(f"[{name}]")
        nested = []
        for k, v in body.items():
            if isinstance(v, dict):
                nested.append((k, v))
            else:
                lines.append(f"{toml_value(k)} = {toml_value(v)}")
        for k, v in nested:
            table(f"{name}.{toml_value(k)}", v)

    for key, value in tables:
        table(toml_value(key), value)
    return "\n".join(lines) + "\n"


@st.composite
def language_tables(draw) -> dict:
    """A valid language table built from parts: mode, alphabet, values, frequencies, length
    bonus, map, upper-casing table."""
    mode = draw(st.sampled_from(["fold", "native", "case"]))
    pool = {"fold": FOLD_LETTERS, "native": FOLD_LETTERS + NATIVE_LETTERS,
            "case": string.ascii_letters + "ñÑäÄ"}[mode]
    alphabet = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=MAX_LETTERS, unique=True))
    if mode == "native" and draw(st.booleans()):
        alphabet = list(dict.fromkeys(alphabet + ["İ", "I"]))[:MAX_LETTERS]
    letters = {ch: {"value": draw(st.integers(0, 12)),
                    "frequency": draw(st.sampled_from([0, 1, 2.5]) | st.floats(0, 20).map(lambda f: round(f, 3)))}
               for ch in alphabet}
    if not any(entry["frequency"] for entry in letters.values()):
        letters[alphabet[0]]["frequency"] = 1
    table = {
        "code": draw(st.from_regex(r"[a-z][a-z0-9_-]{0,5}", fullmatch=True)),
        "name": draw(st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12)),
        "scoring": {"min_length": draw(st.integers(1, 4)),
                    "length_bonus": draw(st.lists(st.integers(0, 30), min_size=1, max_size=10)),
                    "length_bonus_step": draw(st.integers(0, 10))},
        "normalization": {"mode": mode, "keep_capitalised": draw(st.booleans())},
        "letters": letters,
    }
    fold = {key: value for key, value in MAP_CHOICES.items()
            if key not in letters and all(ch in letters for ch in value) and draw(st.booleans())}
    if fold:
        table["normalization"]["map"] = fold
    if mode == "native" and "İ" in letters:
        table["normalization"]["upper"] = {"i": "İ", "ı": "I"} if "I" in letters else {"i": "İ"}
    return table


def lower_forms(language) -> dict[str, str]:
    """Each alphabet letter's lower-case form, where the language reads it back as the letter."""
    if language.mode == "case":
        return {}
    inverse = {upper: low for low, upper in language.upper_map.items()}
    forms = {}
    for letter in language.letter_values:
        low = inverse.get(letter, letter.lower())
        if letter in inverse or (len(low) == 1 and low.upper() == letter and low not in language.upper_map):
            forms[letter] = low
    return forms


@settings(max_examples=120, deadline=None)
@given(table=language_tables(), data=st.data())
def test_a_language_table_built_from_parts_loads_as_given_and_normalises(table, data):
    """A language table built from valid parts loads with exactly the values given, extends its
    length bonus by the step, and normalises: every letter of the alphabet to itself, its lower
    case form to it (not in case mode), a word of them to the upper-case word, a map entry to
    its letters; and clean_word keeps or drops a word by its capitals as the mode says."""
    language = parse_language(tomllib.loads(toml_text(table)), "x.toml", None, "file")
    scoring, norm = table["scoring"], table["normalization"]
    assert language.code == table["code"] and language.name == table["name"]
    assert language.letter_values == {ch: e["value"] for ch, e in table["letters"].items()}
    assert language.letter_frequencies == {ch: float(e["frequency"]) for ch, e in table["letters"].items()}
    assert language.min_length == scoring["min_length"]
    assert language.length_bonus == tuple(scoring["length_bonus"])
    assert language.length_bonus_step == scoring["length_bonus_step"]
    assert (language.mode, language.keep_capitalised) == (norm["mode"], norm["keep_capitalised"])
    assert language.fold_map == norm.get("map", {}) and language.upper_map == norm.get("upper", {})
    bonus = scoring["length_bonus"]
    for n in range(15):
        step = scoring["length_bonus_step"]
        assert language.bonus(n) == (bonus[n] if n < len(bonus) else bonus[-1] + (n - len(bonus) + 1) * step)

    alphabet = sorted(language.letter_values)
    for letter in alphabet:
        assert language.normalize(letter) == letter
    forms = lower_forms(language)
    for letter, low in forms.items():
        assert language.normalize(low) == letter, (letter, low)
    word = data.draw(st.lists(st.sampled_from(alphabet), min_size=1, max_size=8))
    upper_word = "".join(word)
    written = "".join(forms.get(ch, ch) if data.draw(st.booleans()) else ch for ch in word)
    assert language.normalize(written) == upper_word
    for key, value in norm.get("map", {}).items():
        at = data.draw(st.integers(0, len(word)))
        assert language.normalize("".join(word[:at]) + key + "".join(word[at:])) == \
            "".join(word[:at]) + value + "".join(word[at:])

    # clean_word: capitals decide only outside case mode
    long_enough = len(upper_word) >= max(2, language.min_length)
    if language.mode == "case":
        assert clean_word(written, language) == (written if long_enough else None)
    elif all(ch in forms for ch in word):
        lowered = "".join(forms[ch] for ch in word)
        assert clean_word(lowered, language) == (upper_word if long_enough else None)
        capitalised = word[0] + lowered[1:]
        if capitalised != lowered:
            kept = long_enough and language.keep_capitalised
            assert clean_word(capitalised, language) == (upper_word if kept else None)
        if len(word) >= 2 and word[1] != forms[word[1]]:
            inner = lowered[0] + word[1] + lowered[2:]
            assert clean_word(inner, language) is None


@settings(max_examples=10, deadline=None)
@given(table=language_tables())
def test_a_language_file_loads_like_its_table(table):
    """The same table written to a file and named by path (``-l path.toml``) gives the same
    language as the table parsed in memory, wherever the file is."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{table['code']}.toml"
        path.write_text(toml_text(table), encoding="utf-8")
        from_file = get_language(str(path))
    in_memory = parse_language(tomllib.loads(toml_text(table)), "x.toml", str(path), "file")
    assert from_file == in_memory


@settings(max_examples=100, deadline=None)
@given(word=st.lists(st.sampled_from(sorted(LANG["tr"].letter_values)), min_size=1, max_size=10))
def test_turkish_lower_case_reads_back_as_turkish_upper_case(word):
    """Turkish: every word written in Turkish lower case (i for İ, ı for I) normalises to the
    upper-case word letter for letter, as a board token and as a word-list entry, and the
    capitalised entry is dropped as a proper noun."""
    tr = LANG["tr"]
    upper_word = "".join(word)
    lowered = "".join(lower(ch, "tr") for ch in word)
    assert tr.normalize(lowered) == upper_word
    assert tr.normalize(upper_word) == upper_word
    if len(word) <= MAX_TILE_LETTERS and lowered[-2:] not in CODES:  # Tdl is T on a double letter
        assert parse_token(lowered, tr).choices == (upper_word,)
    assert clean_word(lowered, tr) == (upper_word if len(word) >= 2 else None)
    if len(word) >= 2:
        assert clean_word(word[0] + lowered[1:], tr) is None


def test_the_turkish_casing_table():
    """i is İ and ı is I (î is İ too), the opposite of what Python's str.upper gives for i."""
    tr = LANG["tr"]
    assert {ch: tr.normalize(ch) for ch in "iıîIİ"} == {"i": "İ", "ı": "I", "î": "İ", "I": "I", "İ": "İ"}
    assert all(tr.normalize(lower(ch, "tr")) == ch for ch in tr.letter_values)


# --- rules files ----------------------------------------------------------------------------------

@st.composite
def rules_tables(draw) -> dict:
    """A valid rules table: every key present or left to its default."""
    values = draw(st.sampled_from(["language", "none"])
                  | st.dictionaries(st.sampled_from(string.ascii_uppercase), st.integers(0, 20), max_size=6))
    candidates = {
        "min_length": st.integers(1, 6), "max_length": st.integers(0, 12),
        "letter_values": st.just(values), "bonus_tiles": st.booleans(),
        "length_bonus": st.just("language") | st.lists(st.integers(0, 50), min_size=1, max_size=10),
        "length_bonus_step": st.integers(0, 400),
        "length_factor": st.lists(st.integers(0, 6), min_size=1, max_size=10),
        "length_divisor": st.integers(1, 4), "rows": st.integers(1, 12), "cols": st.integers(1, 12),
    }
    table = {"name": draw(st.text(string.ascii_letters + " ", min_size=1, max_size=10))}
    for key, strategy in candidates.items():
        if draw(st.booleans()):
            table[key] = draw(strategy)
    return table


DEFAULTS = {"min_length": 2, "max_length": 0, "letter_values": "language", "bonus_tiles": True,
            "length_bonus": "language", "length_bonus_step": 0, "length_factor": [1],
            "length_divisor": 1, "rows": 4, "cols": 4}


@settings(max_examples=150, deadline=None)
@given(table=rules_tables(), points=st.integers(0, 200), factor=st.integers(1, 36),
       length=st.integers(1, 20), code=st.sampled_from(["en", "tr"]))
def test_a_rules_table_loads_with_the_values_given(table, points, factor, length, code):
    """A rules table loads with each value given and each missing key's documented default, and
    scores a word as (points x word factor x length_factor[N]) // divisor + length bonus."""
    rules = parse_rules(tomllib.loads(toml_text(table)), "r.toml")
    given_ = {**DEFAULTS, **table}
    assert rules.name == table["name"]
    assert (rules.min_length, rules.max_length, rules.multipliers, rules.length_bonus_step,
            rules.length_divisor, rules.rows, rules.cols) == \
        (given_["min_length"], given_["max_length"], given_["bonus_tiles"],
         given_["length_bonus_step"], given_["length_divisor"], given_["rows"], given_["cols"])
    values = given_["letter_values"]
    language = LANG[code]
    assert rules.values(language) == (language.letter_values if values == "language"
                                      else {} if values == "none" else values)
    table_bonus = given_["length_bonus"]
    if table_bonus == "language":
        bonus = language.bonus(length)
    elif length < len(table_bonus):
        bonus = table_bonus[length]
    else:
        bonus = table_bonus[-1] + (length - len(table_bonus) + 1) * given_["length_bonus_step"]
    lf = given_["length_factor"]
    multiplier = lf[length] if length < len(lf) else lf[-1]
    assert rules.score(points, factor, length, language) == \
        points * factor * multiplier // given_["length_divisor"] + bonus


BAD_RULES = {
    "min_length": [0, -1, True, "2", 1.5], "max_length": [-1, False, "0"],
    "letter_values": ["some", {"A": -1}, {"A": True}, {"A": "1"}, 3],
    "bonus_tiles": [1, "yes"], "length_bonus": ["none", [], [-1], [True], [1.5]],
    "length_bonus_step": [-1, True], "length_factor": [[], [-2], [True], "x"],
    "length_divisor": [0, -3, False], "rows": [0, True], "cols": [-1, "4"], "name": [3, True],
}


@settings(max_examples=100, deadline=None)
@given(table=rules_tables(), data=st.data())
def test_a_bad_rules_value_is_an_error_naming_its_key(table, data):
    """One bad value in an otherwise valid rules table is an ElzzurError naming that key."""
    key = data.draw(st.sampled_from(sorted(BAD_RULES)))
    table[key] = data.draw(st.sampled_from(BAD_RULES[key]))
    with pytest.raises(ElzzurError, match=f"^r.toml: key '{key}' must be"):
        parse_rules(tomllib.loads(toml_text(table)), "r.toml")


@settings(max_examples=5, deadline=None)
@given(table=rules_tables())
def test_a_rules_file_loads_like_its_table(table):
    """A rules file given by path (``--rules mygame.toml``) loads as its table parses."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "mygame.toml")
        Path(path).write_text(toml_text(table), encoding="utf-8")
        assert get_rules(path) == parse_rules(tomllib.loads(toml_text(table)), path)


@pytest.mark.parametrize("name, min_length, letters, bonus_tiles", [
    ("ruzzle", 2, "language", True), ("boggle", 3, "none", False), ("bigboggle", 4, "none", False),
    ("wordhunt", 3, "none", False), ("wordament", 3, "table", False),
])
def test_the_presets_are_the_readme_table(name, min_length, letters, bonus_tiles):
    """docs/rules.md, Games and rules: each preset's minimum length, letter values and bonus tiles."""
    rules = get_rules(name)
    assert (rules.min_length, rules.multipliers) == (min_length, bonus_tiles)
    kind = "language" if rules.letter_values is None else "none" if rules.letter_values == {} else "table"
    assert kind == letters


def test_the_solver_reference_covers_every_preset_on_both_backends():
    """tests/test_solver.py compares the C core and the Python search with its brute-force
    reference under every rules preset in elzzur/res/rules."""
    source = (REPO / "tests" / "test_solver.py").read_text(encoding="utf-8")
    assert 'BACKENDS = pytest.mark.parametrize("use", ["c", "python"])' in source
    match = re.search(r"game=st\.sampled_from\((\[[^\]]*\])\)", source)
    assert match and sorted(ast.literal_eval(match.group(1))) == presets()
    for name in presets():  # reference_score scores each preset its own way
        assert f'game == "{name}"' in source


# --- dictionaries ---------------------------------------------------------------------------------

@st.composite
def word_list_entries(draw, code: str) -> tuple[str, str | None]:
    """One word-list line and the key the cleaning rules give it (None: dropped)."""
    language = LANG[code]
    letters = draw(st.lists(spelt_letter(code), min_size=1, max_size=9))
    key = "".join(k for _, k in letters)
    # each letter written in lower case (or an accented / ß spelling)
    raw = "".join(lower(k, code) if raw == k and len(k) == 1 else raw for raw, k in letters)
    raw = raw.replace("ẞ", "ß")  # capital sharp s is a capital
    kind = draw(st.sampled_from(["word"] * 4 + ["capital", "inner", "junk", "foreign", "spaces"]))
    long_enough = len(key) >= max(2, language.min_length)
    if kind == "capital" and letters[0][1] != raw[0] and len(letters[0][1]) == 1:
        return letters[0][1] + raw[1:], key if long_enough and language.keep_capitalised else None
    if kind == "inner" and len(letters) >= 2 and len(letters[1][1]) == 1 and raw[1] != letters[1][1]:
        return raw[0] + letters[1][1] + raw[2:], None
    if kind == "junk":
        at = draw(st.integers(0, len(raw)))
        junk = draw(st.sampled_from(["'", "-", "1", "."] + ([" "] if 0 < at < len(raw) else [])))
        return raw[:at] + junk + raw[at:], None
    if kind == "foreign":  # letters no alphabet here can spell
        at = draw(st.integers(0, len(raw)))
        return raw[:at] + draw(st.sampled_from(["中", "ω", "ж"])) + raw[at:], None
    if kind == "spaces":
        raw = draw(st.sampled_from([" ", "\t", ""])) + raw + draw(st.sampled_from([" ", "\t", ""]))
    return raw, key if long_enough else None


@st.composite
def word_lists(draw, code: str, min_size: int = 0) -> tuple[list[str], set[str]]:
    entries = draw(st.lists(word_list_entries(code), min_size=min_size, max_size=40))
    lines = [raw for raw, _ in entries] + [""] * draw(st.integers(0, 2))
    random.Random(draw(st.integers(0, 99))).shuffle(lines)
    if lines and draw(st.booleans()):
        lines[0] = "\ufeff" + lines[0]
    return lines, {key for _, key in entries if key is not None}


def write_lines(path: Path, lines: list[str], newline: str = "\n") -> None:
    path.write_bytes((newline.join(lines) + newline).encode("utf-8"))


def cat(*argv: str) -> list[str]:
    """`elzzur cat …` run in-process, its output lines."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "out.txt")
        with contextlib.redirect_stderr(io.StringIO()) as err:
            assert main(["cat", *argv, "-o", out]) == 0, err.getvalue()
        return Path(out).read_text(encoding="utf-8").splitlines()


@settings(max_examples=40, deadline=None)
@given(data=st.data(), code=st.sampled_from(BOARD_LANGUAGES), newline=st.sampled_from(["\n", "\r\n"]))
def test_a_word_list_and_its_compiled_form_hold_the_words_cleaning_keeps(data, code, newline):
    """A word list (BOM, CRLF, spaces, capitals, junk, letters the language cannot spell) gives
    exactly the words the cleaning rules keep: cleaned in memory, loaded as text, compiled with
    `compile` and loaded again, and printed by `cat` from either file, sorted."""
    lines, expected = data.draw(word_lists(code))
    language = LANG[code]
    assert clean_words(lines, language) == expected
    with tempfile.TemporaryDirectory() as folder:
        text = Path(folder) / "words.txt"
        write_lines(text, lines, newline)
        assert read_word_list(str(text), language) == expected
        if not expected:  # a list that cleans to nothing is an error, never an empty dictionary
            with pytest.raises(ElzzurError, match="no words in it|no game words in the list"):
                load_dictionary(text, language)
            with contextlib.redirect_stderr(io.StringIO()) as err:
                assert main(["compile", "-l", code, "-d", str(text), "-o", str(Path(folder) / "w.marisa")]) == 1
            assert err.getvalue().startswith(f"elzzur: error: {text}: no ")
            return
        as_text = load_dictionary(text, language)
        assert list(as_text) == sorted(expected) and len(as_text) == len(expected)
        compiled = Path(folder) / "words.marisa"
        with contextlib.redirect_stdout(io.StringIO()) as out:
            assert main(["compile", "-l", code, "-d", str(text), "-o", str(compiled)]) == 0
        assert out.getvalue() == f"{len(expected)} word{'' if len(expected) == 1 else 's'} written to {compiled}\n"
        assert list(load_dictionary(compiled, language)) == sorted(expected)
        assert cat("-l", code, "-d", str(text)) == sorted(expected)
        assert cat("-l", code, "-d", str(compiled)) == sorted(expected)


@settings(max_examples=80, deadline=None)
@given(data=st.data(), code=st.sampled_from(BOARD_LANGUAGES))
def test_membership_and_prefixes_are_those_of_a_set(data, code):
    """The word graph (built from words, and from a compiled .marisa file) and the MARISA trie
    answer `in` and prefix questions exactly as a Python set of the words does, for the words,
    their prefixes, their extensions and random strings over the alphabet."""
    alphabet = sorted(LANG[code].letter_values)
    text = st.lists(st.sampled_from(alphabet), max_size=7).map("".join)
    # game words: a compiled file's keys shorter than the language's shortest word are not
    # (cat and solve leave them out, as cleaning a list does)
    shortest = shortest_word(LANG[code])
    words = data.draw(st.sets(text.filter(lambda w: len(w) >= shortest), max_size=40))
    queries = {""} | {w[:k] for w in words for k in range(len(w) + 1)}
    queries |= {w + data.draw(st.sampled_from(alphabet)) for w in words}
    queries |= set(data.draw(st.lists(text, max_size=30)))
    from_words = Dictionary.from_words(words, LANG[code])
    trie = compile_words(words)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "w.marisa")
        trie.save(path)
        if not words:  # a dictionary of no words is an error, not a dictionary
            with pytest.raises(ElzzurError, match="no words in it"):
                load_dictionary(path, LANG[code])
            return
        from_file = load_dictionary(path, LANG[code])
        for query in queries:
            is_word = query in words
            is_prefix = any(w.startswith(query) for w in words)
            for dictionary in (from_words, from_file):
                assert (query in dictionary) == is_word, query
                assert dictionary.has_prefix(query) == is_prefix, query
            assert (query in trie) == is_word
            assert (next(trie.iterkeys(query), None) is not None) == is_prefix
            assert (query in from_file.trie) == is_word
        assert list(from_file) == list(from_words) == sorted(words)


def test_regressions_of_the_dictionary_properties():
    """Found by the properties: a BOM then spaces dropped the word (spaces alone did not), and an
    empty dictionary said some word starts with the empty prefix."""
    assert clean_words(["\ufeff  cat", " dog"], LANG["en"]) == {"CAT", "DOG"}
    empty = Dictionary.from_words([], LANG["en"])
    assert not empty.has_prefix("") and "" not in empty
    assert Dictionary.from_words(["AB"], LANG["en"]).has_prefix("")


@settings(max_examples=1, deadline=None)
@given(data=st.data())
def test_compile_and_cat_on_the_command_line(data):
    """`python -m elzzur compile` then `cat` (of the .marisa and of the word list) print the words
    the cleaning rules keep, sorted: Turkish and German (with Ä Ö Ü) lists."""
    for code in ["tr", "de-native"]:
        lines, expected = data.draw(word_lists(code, min_size=20))
        with tempfile.TemporaryDirectory() as folder:
            write_lines(Path(folder) / "words.txt", lines, "\r\n")
            made = run_module("compile", "-l", code, "-d", "words.txt", "-o", "w.marisa", cwd=Path(folder))
            assert made.returncode == 0, made.stderr
            for source in ["w.marisa", "words.txt"]:
                shown = run_module("cat", "-l", code, "-d", source, cwd=Path(folder))
                assert shown.returncode == 0, shown.stderr
                assert shown.stdout.splitlines() == sorted(expected)


# --- Scrabble ----------------------------------------------------------------------------------------

TILE_SETS = {code: scrabble.load_tile_set(code) for code in ["en", "tr", "es"]}


def bag(tiles) -> list[tuple[str, bool]]:
    """Every tile of the set once per copy, blanks as (None, True)."""
    return [(t, False) for t, n in tiles.counts.items() for _ in range(n)] + [(None, True)] * tiles.blanks


def square_text(square, tiles) -> str:
    if square is None:
        return "."
    tile, blank = square
    text = tiles.lower[tile] if blank else tile
    return text if len(text) == 1 else f"[{text}]"


@st.composite
def positions(draw, code: str):
    """A 15x15 position drawn from the bag (so it never holds more of a tile than the set has),
    blanks standing for random tiles, and the tiles left in the bag."""
    tiles = TILE_SETS[code]
    pool = bag(tiles)
    rng = random.Random(draw(st.integers(0, 2**32)))
    rng.shuffle(pool)
    count = draw(st.integers(0, 60))
    squares = rng.sample(range(225), count)
    board = [[None] * 15 for _ in range(15)]
    for square, (tile, blank) in zip(squares, pool):
        board[square // 15][square % 15] = (rng.choice(tiles.tiles) if blank else tile, blank)
    return board, pool[count:]


def grid_text(board, tiles) -> str:
    return "".join("".join(square_text(s, tiles) for s in row) + "\n" for row in board)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), code=st.sampled_from(sorted(TILE_SETS)))
def test_positions_round_trip_through_grid_text_and_cgp(data, code):
    """A position (tiles, blanks in lower case, Turkish İ/I and i/ı, Spanish [CH] [LL] [RR])
    written as a grid parses back to the same squares; to_cgp then parse_cgp gives back the grid
    text and the rack, and writing the parsed CGP again gives the same CGP."""
    tiles = TILE_SETS[code]
    board, left = data.draw(positions(code))
    text = grid_text(board, tiles)
    assert scrabble.parse_position(text, tiles) == board
    rack = "".join(square_text((t, False), tiles) if t else "?"
                   for t, _ in left[:data.draw(st.integers(0, tiles.rack_size))])
    cgp = scrabble.to_cgp(text, rack)
    back, cgp_rack, options = scrabble.parse_cgp(cgp)
    assert (back, cgp_rack, options) == (text, rack or None, {})
    assert scrabble.parse_position(back, tiles) == board
    assert scrabble.to_cgp(back, cgp_rack or "") == cgp


@st.composite
def racks(draw, code: str):
    """A rack of any tiles (upper or lower case, multi-letter ones bracketed) and blanks, up to
    two tiles more than a rack holds, in any order; and its tiles counted."""
    tiles = TILE_SETS[code]
    chosen = draw(st.lists(st.sampled_from(tiles.tiles + ["?"]), max_size=tiles.rack_size + 2))
    written = []
    for tile in chosen:
        text = "?" if tile == "?" else draw(st.sampled_from([tile, tiles.lower[tile]]))
        written.append(text if len(text) == 1 else f"[{text}]")
    return written, Counter(t for t in chosen if t != "?"), chosen.count("?")


@settings(max_examples=200, deadline=None)
@given(data=st.data(), code=st.sampled_from(sorted(TILE_SETS)))
def test_a_rack_is_accepted_exactly_within_the_tile_sets_limits(data, code):
    """parse_rack accepts a rack exactly when it holds at most rack_size tiles and, with the
    position's tiles, no more of a tile (or of blanks) than the set has; it then gives the tiles
    counted. Otherwise it is an ElzzurError."""
    tiles = TILE_SETS[code]
    board = data.draw(positions(code))[0] if data.draw(st.booleans()) else None
    written, counted, blanks = data.draw(racks(code))
    text = "".join(written)
    on_board = Counter(s[0] for row in board or [] for s in row if s and not s[1])
    blanks_on_board = sum(1 for row in board or [] for s in row if s and s[1])
    fits = (sum(counted.values()) + blanks <= tiles.rack_size
            and all(counted[t] + on_board[t] <= tiles.counts[t] for t in counted)
            and blanks + blanks_on_board <= tiles.blanks)
    if fits:
        assert scrabble.parse_rack(text, tiles, board) == (dict(counted), blanks)
    else:
        with pytest.raises(ElzzurError):
            scrabble.parse_rack(text, tiles, board)


@settings(max_examples=100, deadline=None)
@given(data=st.data(), code=st.sampled_from(sorted(TILE_SETS)))
def test_a_rack_with_a_foreign_tile_is_an_elzzur_error(data, code):
    """A rack holding anything that is no tile of the set (a digit, a letter the edition lacks,
    an unknown bracketed tile, an unclosed bracket) is an ElzzurError."""
    tiles = TILE_SETS[code]
    written, _, _ = data.draw(racks(code))
    foreign = ["1", ".", "*", "[XY]", "[", "[]", "中"] + (["Q", "W", "x"] if code == "tr" else []) \
        + (["K", "w"] if code == "es" else [])
    written.insert(data.draw(st.integers(0, len(written))), data.draw(st.sampled_from(foreign)))
    with pytest.raises(ElzzurError):
        scrabble.parse_rack("".join(written), tiles)


@given(row=st.integers(0, 14), col=st.integers(0, 14), across=st.booleans())
def test_gcg_coordinates_say_where_and_which_way(row, col, across):
    """A move's GCG coordinate reads back as its square and direction: row then column letter
    across (8D), column letter then row down (D8)."""
    move = scrabble.Move(row, col, scrabble.ACROSS if across else scrabble.DOWN, [], [], 0, "",
                         TILE_SETS["en"])
    match = re.fullmatch(r"(\d+)([A-O])" if across else r"([A-O])(\d+)", move.coordinate)
    assert match
    number, letter = match.groups() if across else match.groups()[::-1]
    assert (int(number) - 1, scrabble.COLUMNS.index(letter)) == (row, col)
