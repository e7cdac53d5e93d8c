"""The command line, run in-process through ``main([...])``: exit statuses, exact messages and
output, plus a few real processes (the console script, a closed pipe, warnings as errors).
"""

from __future__ import annotations

import ast
import csv
import dataclasses
import errno
import io
import json
import os
import pathlib
import random
import shlex
import shutil
import subprocess
import sys

import marisa_trie
import pytest

import elzzur
import elzzur.__main__
import elzzur.atomic
import elzzur.lexicon.languages
from elzzur.grid.board import parse_board
from elzzur.lexicon.dictionary import has_builtin_dictionary, load_dictionary
from elzzur.lexicon.languages import available, get_language
from elzzur.grid.rules import tile_codes

from conftest import REPO, SMALL_BOARD, child_env

EN = get_language("en")
COMMANDS = ["solve", "demo", "languages", "cat", "compile", "generate"]

# SMALL_BOARD solved with SMALL_WORDS, worked by hand (en values C4 A1 T1 S1 E1 D2):
#   CASED = (4 + 1 + 1 + 1 + 2) x 2 (Cdw) + 5 (five letters) = 23
#   ACED  = (1 + 4 + 1 + 2) x 2 = 16        CAT = (4 + 1 + 1x3 (Ttl)) x 2 = 16
#   CASE  = (4 + 1 + 1 + 1) x 2 = 14        ACE = (1 + 4 + 1) x 2 = 12
#   DATE  = 2 + 1 + 3 + 1 = 7   TEA = 3 + 1 + 1 = 5   AT = 1 + 3 = 4   SEA = 1 + 1 + 1 = 3
#   DOG is not on the board.  Total 100.
SMALL_TEXT = """\
Cdw A   Ttl
S   E   D

CASED    23    (0,0) (0,1) (1,0) (1,1) (1,2)
ACED     16    (0,1) (0,0) (1,1) (1,2)
CAT      16    (0,0) (0,1) (0,2)
CASE     14    (0,0) (0,1) (1,0) (1,1)
ACE      12    (0,1) (0,0) (1,1)
DATE     7     (1,2) (0,1) (0,2) (1,1)
TEA      5     (0,2) (1,1) (0,1)
AT       4     (0,1) (0,2)
SEA      3     (1,0) (1,1) (0,1)

Number of words:            9
Length of the longest word: 5
Maximum total score:        100
"""
SMALL_WORD_LINES = SMALL_TEXT.split("\n\n")[1] + "\n"


def words_of(output: str) -> list[str]:
    """The words of ``-q`` output, in order."""
    return [line.split()[0] for line in output.splitlines()]


def leftovers(folder) -> list[str]:
    """Temporary files an atomic write may have left (``.NAME.*.tmp``)."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --- help and version -----------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["--help"], ["-h"]] + [[c, "--help"] for c in COMMANDS])
def test_help_exits_0_with_examples(cli, argv):
    result = cli(*argv)
    assert result.code == 0
    assert "examples:" in result.out
    assert result.err == ""


def test_main_help_lists_every_command(cli):
    listed = [line.split()[0] for line in cli("--help").out.splitlines() if line.startswith("    ")]
    assert set(COMMANDS) <= set(listed)


def test_version(cli):
    result = cli("--version")
    assert (result.code, result.out) == (0, "elzzur 0.2.0\n")


# --- usage errors: exit 2 ---------------------------------------------------------------------

@pytest.mark.parametrize("argv, fragment", [
    ([], "the following arguments are required: COMMAND"),
    (["frobnicate"], "unknown command 'frobnicate' (choose from solve, demo, "),
    (["generate", "--rows", "0"], "argument --rows: must be at least 1, not 0"),
    (["generate", "--cols", "x"], "argument --cols: 'x' is not a whole number"),
    (["solve", "-b", "A B/C D", "--top", "0"], "argument --top: must be at least 1, not 0"),
    (["solve", "-b", "A B/C D", "--top", "two"], "argument --top: 'two' is not a whole number"),
    (["solve", "-b", "A B/C D", "--min-length", "-1"], "argument --min-length"),
    (["solve", "-b", "A B/C D", "-s", "random"], "argument -s/--sort: invalid choice: 'random'"),
    (["solve", "-b", "A B/C D", "--format", "xml"], "argument --format: invalid choice: 'xml'"),
    (["solve", "-l", "en"], "the following arguments are required: -b/--board"),
    (["solve", "-b", "A B/C D", "--frobnicate"], "unrecognized arguments: --frobnicate "
                                                 "(see 'elzzur solve --help')"),
    (["solve", "--frobnicate"], "unrecognized arguments: --frobnicate"),  # before the missing -b
    (["-l", "en", "solve"], "options come after the command (elzzur COMMAND -l …)"),
    (["compile", "-d", "words.txt"], "the following arguments are required: -o/--output"),
    (["compile", "-d", "words.txt", "-o", "out.txt"], "the output file must end in .marisa: 'out.txt'"),
])
def test_usage_errors_exit_2_with_one_line(cli, words_txt, argv, fragment):
    cli(*argv).error(2, fragment)


@pytest.mark.parametrize("argv", [
    ["solve", "-l", "xx", "-b", "A B/C D"], ["demo", "-l", "xx"], ["cat", "-l", "xx"],
    ["compile", "-l", "xx", "-d", "words.txt", "-o", "x.marisa"], ["generate", "-l", "xx"],
])
def test_an_unknown_language_is_a_usage_error(cli, words_txt, argv):
    cli(*argv).error(2, "unknown language 'xx' (choose from de, de-native, en, es, es-native, fr, it, "
                        "nl, pt, pt-br, pt-native, tr, or give the path of a language file)")


def test_an_unknown_language_is_reported_before_a_missing_board(cli):
    cli("solve", "-l", "xx", "-b", "nosuch.board").error(2, "unknown language 'xx'")


# --- data errors: exit 1, naming the file, line and token -------------------------------------

@pytest.mark.parametrize("content, message", [
    ("", "b.board: empty board"),
    ("A B\nC\n", "b.board, line 2: row has 1 cell, the first row has 2 (boards must be rectangular)"),
    ("A B\nC 1\n", "b.board, line 2: token '1': '1' is not a letter of English"),
    ("A ?\nC D\n", "b.board, line 1: token '?': '?' is not a letter of English"),
    ("TTL B\nC D\n", "b.board, line 1: token 'TTL' is ambiguous: bonus codes are written in lower case (Ttl); a three-letter tile ending in TL is not supported"),
    ("TXX B\nC D=x\n", "b.board, line 2: token 'D=x': the value after '=' must be a whole number, not 'x'"),
])
def test_bad_board_files_exit_1_naming_the_fault(cli, words_txt, content, message):
    (words_txt.parent / "b.board").write_text(content, encoding="utf-8")
    assert cli("solve", "-b", "b.board", "-d", "words.txt").error(1) == f"elzzur: error: {message}"


def test_a_multiplier_in_title_case_is_fine(cli, words_txt):
    (words_txt.parent / "b.board").write_text("Ttl B\nC D\n", encoding="utf-8")
    assert cli("solve", "-b", "b.board", "-d", "words.txt").code == 0


def test_non_utf8_board_file_names_the_line(cli, words_txt):
    (words_txt.parent / "b.board").write_bytes(b"A B\nC \xff\n")
    cli("solve", "-b", "b.board", "-d", "words.txt").error(1, "b.board, line 2: not UTF-8 text (byte 0xff)")


def test_a_missing_board_file(cli):
    assert cli("solve", "-b", "nosuch.board").error(1) == "elzzur: error: nosuch.board: no such file"


def test_a_directory_as_board(cli, tmp_path):
    (tmp_path / "boards").mkdir()
    cli("solve", "-b", "boards").error(1, "boards: is a directory, not a file")


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read any file")
def test_an_unreadable_board_file(cli, tmp_path, words_txt):
    path = tmp_path / "b.board"
    path.write_text("A B\nC D\n", encoding="utf-8")
    path.chmod(0)
    cli("solve", "-b", "b.board", "-d", "words.txt").error(1, "b.board", "ermission denied")


def test_a_missing_dictionary(cli):
    cli("solve", "-b", SMALL_BOARD, "-d", "nosuch.marisa").error(1, "nosuch.marisa: no such file")


@pytest.mark.parametrize("content", [random.Random(7).randbytes(2048), b""], ids=["random", "empty"])
def test_a_corrupt_or_empty_marisa_dictionary(cli, tmp_path, content):
    (tmp_path / "x.marisa").write_bytes(content)
    result = cli("solve", "-b", SMALL_BOARD, "-d", "x.marisa")
    assert result.error(1) == "elzzur: error: x.marisa: not a valid MARISA dictionary"


def test_a_non_utf8_word_list_names_the_line(cli, tmp_path):
    (tmp_path / "w.txt").write_bytes(b"cat\ndog\nd\xe9j\xe0\n")
    cli("cat", "-d", "w.txt").error(1, "w.txt, line 3: not UTF-8 text (byte 0xe9)")


def test_output_in_a_missing_directory(cli, words_txt):
    result = cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "-o", "/nonexistent/dir/out.txt")
    result.error(1, "cannot write /nonexistent/dir/out.txt: no such directory '/nonexistent/dir'")


def test_output_onto_a_directory(cli, words_txt):
    os.mkdir("out")
    cli("generate", "-o", "out").error(1, "cannot write out: is a directory")


def test_an_empty_output_name_is_an_error_not_stdout(cli):
    cli("generate", "-o", "").error(1, "cannot write")


def test_a_missing_demo_board_is_an_error(cli, monkeypatch):
    monkeypatch.setitem(elzzur.lexicon.languages._languages, "en", EN.replace(demo_board="nosuch.board"))
    cli("demo", "-l", "en").error(1, "the demo board for 'en' is missing (nosuch.board)")


# --- where the board comes from -------------------------------------------------------------

def test_board_from_a_file_stdin_or_inline_gives_the_same_output(cli, words_txt):
    (words_txt.parent / "small.board").write_text("Cdw A   Ttl\nS   E   D\n", encoding="utf-8")
    from_file = cli("solve", "-b", "small.board", "-d", "words.txt")
    from_stdin = cli("solve", "-b", "-", "-d", "words.txt", stdin=b"Cdw A Ttl\r\nS E D\r\n")
    inline = cli("solve", "-b", SMALL_BOARD, "-d", "words.txt")
    assert from_file.out == from_stdin.out == inline.out == SMALL_TEXT
    assert from_file.code == from_stdin.code == inline.code == 0


def test_non_utf8_stdin_names_stdin(cli, words_txt):
    cli("solve", "-b", "-", "-d", "words.txt", stdin=b"A \xff\n").error(
        1, "<stdin>, line 1: not UTF-8 text (byte 0xff)")


def test_an_existing_file_wins_over_inline_text(cli, words_txt):
    (words_txt.parent / "A B").write_text("Cdw A Ttl\nS E D\n", encoding="utf-8")
    assert cli("solve", "-b", "A B", "-d", "words.txt").out == SMALL_TEXT


# --- output -----------------------------------------------------------------------------------

@pytest.mark.parametrize("dictionary", ["words.txt", "words.marisa"])
def test_text_output_board_words_and_totals(cli, words_txt, words_marisa, dictionary):
    result = cli("solve", "-l", "en", "-b", SMALL_BOARD, "-d", dictionary)
    assert (result.code, result.out, result.err) == (0, SMALL_TEXT, "")


def test_quiet_prints_only_the_word_lines(cli, words_txt):
    assert cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "-q").out == SMALL_WORD_LINES


def test_json_output_schema(cli, words_txt):
    result = cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "--format", "json")
    data = json.loads(result.out)
    assert set(data) == {"language", "rules", "board", "words", "stats"}
    assert data["rules"] == "ruzzle"
    assert data["language"] == "en"
    assert data["board"] == ["Cdw A Ttl", "S E D"]
    first = dict(data["words"][0])
    assert first.pop("band") in (None, 1, 2, 3, 4)  # English's band for it (test_commonness)
    assert first == {
        "word": "CASED", "score": 23, "path": [[0, 0], [0, 1], [1, 0], [1, 1], [1, 2]],
    }
    assert [w["word"] for w in data["words"]] == words_of(SMALL_WORD_LINES)
    assert all(list(w) == ["word", "score", "path", "band"] for w in data["words"])
    assert data["stats"] == {"words": 9, "longest": 5, "total_score": 100}


def test_json_board_rows_parse_back_as_the_board(cli, words_txt):
    data = json.loads(cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "--format", "json").out)
    assert parse_board("/".join(data["board"]), EN) == parse_board(SMALL_BOARD, EN)


def test_csv_output(cli, words_txt):
    out = cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "--format", "csv").out
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["word", "score", "path", "band"]
    assert rows[1][:3] == ["CASED", "23", "(0,0) (0,1) (1,0) (1,1) (1,2)"]
    assert all(row[3] in ("", "1", "2", "3", "4") for row in rows[1:])  # test_commonness: which
    assert len(rows) == 10
    assert out.startswith("word,score,path,band\nCASED,23,")


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_a_board_without_words_is_not_an_error(cli, words_txt, fmt):
    result = cli("solve", "-b", "Z Z/Z Z", "-d", "words.txt", "--format", fmt)
    assert result.code == 0 and result.err == ""
    if fmt == "text":
        assert result.out == ("Z Z\nZ Z\n\nNumber of words:            0\n"
                              "Length of the longest word: 0\nMaximum total score:        0\n")
    elif fmt == "json":
        assert json.loads(result.out)["stats"] == {"words": 0, "longest": 0, "total_score": 0}
        assert json.loads(result.out)["words"] == []
    else:
        assert result.out == "word,score,path,band\n"


def test_quiet_with_no_words_prints_nothing(cli, words_txt):
    result = cli("solve", "-b", "Z Z/Z Z", "-d", "words.txt", "-q")
    assert (result.code, result.out) == (0, "")


@pytest.mark.parametrize("options, words", [
    ([], "CASED ACED CAT CASE ACE DATE TEA AT SEA"),
    (["-s", "score"], "CASED ACED CAT CASE ACE DATE TEA AT SEA"),
    (["-s", "length"], "CASED ACED CASE DATE CAT ACE TEA SEA AT"),
    (["-s", "start"], "CASED CAT CASE ACED ACE AT TEA SEA DATE"),
    (["-s", "end"], "TEA SEA CAT AT CASE ACE DATE CASED ACED"),
    (["-s", "alpha"], "ACE ACED AT CASE CASED CAT DATE SEA TEA"),
    (["-R"], "SEA AT TEA DATE ACE CASE CAT ACED CASED"),
    (["-s", "alpha", "-R"], "TEA SEA DATE CAT CASED CASE AT ACED ACE"),
    (["--top", "3"], "CASED ACED CAT"),
    (["--top", "100"], "CASED ACED CAT CASE ACE DATE TEA AT SEA"),
    (["--min-length", "4"], "CASED ACED CASE DATE"),
    (["--min-length", "4", "-s", "alpha", "--top", "2"], "ACED CASE"),
    (["--min-length", "6"], ""),
])
def test_sorting_and_filtering(cli, words_txt, options, words):
    result = cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "-q", *options)
    assert result.code == 0
    assert words_of(result.out) == words.split()


def test_min_length_never_admits_words_shorter_than_the_rules(cli, tmp_path):
    marisa_trie.Trie(["A", "AT", "Z"]).save(str(tmp_path / "short.marisa"))
    assert words_of(cli("solve", "-b", "A T", "-d", "short.marisa", "-q", "--min-length", "1").out) == ["AT"]


def test_top_applies_after_sorting(cli, words_txt):
    full = words_of(cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "-q", "-s", "end").out)
    top = words_of(cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "-q", "-s", "end", "--top", "4").out)
    assert top == full[:4]


# --- -o: whole file or no file ----------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["solve", "-b", SMALL_BOARD, "-d", "words.txt"],
    ["solve", "-b", SMALL_BOARD, "-d", "words.txt", "--format", "json"],
    ["cat", "-d", "words.txt"],
    ["generate", "--seed", "5", "--rows", "3"],
])
def test_output_file_holds_exactly_what_stdout_would(cli, tmp_path, words_txt, argv):
    printed = cli(*argv)
    written = cli(*argv, "-o", "out.txt")
    assert (written.code, written.out, written.err) == (0, "", "")
    assert (tmp_path / "out.txt").read_text(encoding="utf-8") == printed.out
    assert leftovers(tmp_path) == []


def test_output_file_gets_ordinary_permissions(cli, tmp_path, words_txt):
    cli("cat", "-d", "words.txt", "-o", "out.txt")
    mask = os.umask(0)
    os.umask(mask)
    assert (tmp_path / "out.txt").stat().st_mode & 0o777 == 0o666 & ~mask


def test_a_failing_run_leaves_no_output_file(cli, tmp_path, words_txt):
    cli("solve", "-b", "A ?/C D", "-d", "words.txt", "-o", "out.txt").error(1)
    assert not (tmp_path / "out.txt").exists()
    assert leftovers(tmp_path) == []


def test_a_failing_run_keeps_the_old_output_file(cli, tmp_path, words_txt):
    (tmp_path / "out.txt").write_text("old\n", encoding="utf-8")
    cli("solve", "-b", SMALL_BOARD, "-d", "nosuch.txt", "-o", "out.txt").error(1)
    assert (tmp_path / "out.txt").read_text(encoding="utf-8") == "old\n"


def test_ctrl_c_while_rendering_exits_130_without_a_file(cli, tmp_path, words_txt, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("elzzur.views.text.render", interrupted)
    monkeypatch.setattr("elzzur.views.text.Around.__call__", interrupted)  # the core's words
    result = cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "-o", "out.txt")
    assert (result.code, result.out) == (130, "")
    assert "Traceback" not in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["words.txt"]


@pytest.mark.parametrize("failure, status, message", [
    (KeyboardInterrupt(), 130, ""),
    (OSError(errno.ENOSPC, "No space left on device"), 1,
     "elzzur: error: cannot write out.txt: No space left on device\n"),
])
def test_a_write_cut_short_leaves_no_partial_file(cli, tmp_path, words_txt, monkeypatch,
                                                  failure, status, message):
    real_init = elzzur.atomic.AtomicOutput.__init__

    class HalfWriter:
        """The output file, whose write stores half the text and then fails."""

        def __init__(self, file):
            self.file = file

        def write(self, text):
            self.file.write(text[: len(text) // 2])
            self.file.flush()
            raise failure

        def close(self):
            self.file.close()

    def init_then_cut_writes(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        self.file = HalfWriter(self.file)

    monkeypatch.setattr(elzzur.atomic.AtomicOutput, "__init__", init_then_cut_writes)
    result = cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "-o", "out.txt")
    assert (result.code, result.out, result.err) == (status, "", message)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["words.txt"]


def test_ctrl_c_while_compiling_leaves_no_partial_file(cli, tmp_path, words_txt, monkeypatch):
    class HalfSaved:
        def __len__(self):
            return 3

        def tobytes(self):  # the trie as the bytes of its file, which compile writes
            raise KeyboardInterrupt

    monkeypatch.setattr("elzzur.lexicon.dictionary.compile_words", lambda words: HalfSaved())
    assert cli("compile", "-d", "words.txt", "-o", "out.marisa").code == 130
    assert sorted(p.name for p in tmp_path.iterdir()) == ["words.txt"]


# --- cat and compile --------------------------------------------------------------------------

def test_cat_prints_sorted_words_one_per_line(cli, words_txt):
    result = cli("cat", "-d", "words.txt")
    assert result.out == "ACE\nACED\nAT\nCASE\nCASED\nCAT\nDATE\nDOG\nSEA\nTEA\n"


def test_cat_cleans_a_junk_list(cli, tmp_path):
    (tmp_path / "list.txt").write_bytes("\ufeffZoo\r\nzoo\r\n\r\ncafé\r\nit's\r\nr2d2\r\nzoo\r\n".encode())
    assert cli("cat", "-d", "list.txt").out == "CAFE\nZOO\n"


def test_compile_reports_the_count_and_cat_gives_the_same_words(cli, tmp_path, words_txt):
    result = cli("compile", "-d", "words.txt", "-o", "words-compiled.marisa")
    assert (result.code, result.out, result.err) == (0, "10 words written to words-compiled.marisa\n", "")
    assert cli("cat", "-d", "words-compiled.marisa").out == cli("cat", "-d", "words.txt").out
    assert leftovers(tmp_path) == []


def test_compile_uses_the_language_normalisation(cli, tmp_path):
    (tmp_path / "de.txt").write_text("Straße\nhaus\nUSA\n", encoding="utf-8")
    compiled = cli("compile", "-l", "de", "-d", "de.txt", "-o", "de.marisa")
    assert compiled.out == "2 words written to de.marisa\n"
    assert cli("cat", "-d", "de.marisa").out == "HAUS\nSTRASSE\n"
    compiled = cli("compile", "-l", "en", "-d", "de.txt", "-o", "en.marisa")  # Straße is a name in en
    assert compiled.out == "1 word written to en.marisa\n"


def test_compile_accepts_a_marisa_input(cli, words_marisa):
    compiled = cli("compile", "-d", "words.marisa", "-o", "copy.marisa")
    assert compiled.out == "10 words written to copy.marisa\n"
    assert cli("cat", "-d", "copy.marisa").out == cli("cat", "-d", "words.marisa").out


@pytest.mark.parametrize("argv, message", [
    (["compile", "-d", "nosuch.txt", "-o", "x.marisa"], "nosuch.txt: no such file"),
    (["compile", "-d", "words.txt", "-o", "/nonexistent/x.marisa"], "cannot write /nonexistent/x.marisa"),
    (["cat", "-d", "nosuch.marisa"], "nosuch.marisa: no such file"),
])
def test_cat_and_compile_data_errors(cli, words_txt, argv, message):
    cli(*argv).error(1, message)


def test_cat_of_the_builtin_dictionary(cli, builtin_en):
    out = cli("cat", "-l", "en").out
    assert out == "".join(word + "\n" for word in builtin_en)
    assert out.count("\n") == len(builtin_en)
    lines = out.splitlines()
    assert lines == sorted(lines)


# --- generate ---------------------------------------------------------------------------------

def test_generate_default_is_a_4x4_board(cli):
    board = parse_board(cli("generate").out, EN)
    assert (board.rows, board.cols) == (4, 4)


@pytest.mark.parametrize("rows, cols", [(1, 1), (2, 7), (5, 5)])
def test_generate_rows_and_cols(cli, rows, cols):
    board = parse_board(cli("generate", "--rows", str(rows), "--cols", str(cols)).out, EN)
    assert (board.rows, board.cols) == (rows, cols)


def test_generate_with_a_seed_is_reproducible(cli):
    first = cli("generate", "--seed", "42").out
    assert cli("generate", "--seed", "42").out == first
    assert cli("generate", "--seed", "43").out != first


@pytest.mark.parametrize("code", available())
def test_generated_board_round_trips_with_language_letters_and_known_multipliers(cli, code):
    language = get_language(code)
    out = cli("generate", "-l", code, "--rows", "12", "--cols", "12", "--seed", "1").out
    board = parse_board(out, language)
    assert str(board) + "\n" == out
    assert {cell.letters for cell in board.cells} <= language.alphabet
    bonuses = {cell.bonus for cell in board.cells}
    assert bonuses <= {"", "dl", "tl", "dw", "tw"}
    assert set(tile_codes()) == {"dl", "tl", "dw", "tw"}
    assert bonuses - {""}  # 144 cells at about 40 % each: some multipliers are drawn


def test_generated_board_file_solves(cli, words_txt):
    assert cli("generate", "--seed", "3", "-o", "g.board").code == 0
    assert cli("solve", "-b", "g.board", "-d", "words.txt").code == 0


# --- languages and demo (need the built-in English dictionary) -------------------------------

def test_languages_lists_each_language_with_a_dictionary(cli, builtin_en):
    result = cli("languages")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[0].split() == ["code", "name", "words", "from", "notes"]
    assert max(map(len, lines)) <= 100  # a terminal of 100 columns shows it unwrapped
    listed = {line.split()[0]: line for line in lines[1:]}
    expected = [code for code in available() if has_builtin_dictionary(get_language(code))]
    assert sorted(listed) == expected
    wide = cli("languages", "--long").out.splitlines()
    assert wide[0].split() == ["code", "name", "words", "from", "dictionary", "source"]
    sourced = {line.split()[0]: line for line in wide[1:]}
    assert sorted(sourced) == expected
    for code, line in listed.items():
        language = get_language(code)
        count = len(load_dictionary(None, language))
        assert line.startswith(code + " ") and f"  {language.name}  " in line
        assert line.endswith(f"  {count:,}  built-in")
        assert sourced[code] == f"{line}  {language.dictionary_source}"
    assert listed["en"].split()[2] == f"{len(builtin_en):,}"


def test_languages_skips_languages_whose_dictionary_is_not_built(cli, builtin_en, monkeypatch):
    monkeypatch.setattr("elzzur.lexicon.dictionary.has_builtin_dictionary", lambda language: language.code == "en")
    lines = cli("languages").out.splitlines()
    assert [line.split()[0] for line in lines] == ["code", "en"]


def test_demo_solves_the_english_seed_board(cli, builtin_en):
    result = cli("demo", "-l", "en")
    assert result.code == 0 and result.err == ""
    assert result.out.startswith("Ttl R   S   Ndl\nOdw Htw E   I\nCdw I   N   V\nEtl A   D   E\n\n")
    data = json.loads(cli("demo", "-l", "en", "--format", "json").out)
    assert {
        "word": "COHESIVE", "score": 224,
        "path": [[2, 0], [1, 0], [1, 1], [1, 2], [0, 2], [1, 3], [2, 3], [3, 3]],
    } in [{k: v for k, v in w.items() if k != "band"} for w in data["words"]]
    words = {w["word"] for w in data["words"]}
    assert not words & {"ROCHE", "THC", "DENVER", "VENICE", "CHEN"}
    assert data["stats"]["words"] == len(words)


def test_demo_equals_solve_of_the_demo_board_file(cli, builtin_en):
    board = REPO / "elzzur" / "res" / "boards" / "en.board"
    assert cli("demo", "-l", "en", "-q").out == cli("solve", "-l", "en", "-b", str(board), "-q").out


# --- real processes -------------------------------------------------------------------------

def test_installed_console_script(tmp_path, words_txt, cli):
    script = shutil.which("elzzur")
    if script is None:
        pytest.skip("the elzzur console script is not installed")
    argv = ["solve", "-l", "en", "-b", SMALL_BOARD, "-d", str(words_txt)]
    done = subprocess.run([script, *argv], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert (done.returncode, done.stdout, done.stderr) == (0, SMALL_TEXT, "")
    version = subprocess.run([script, "--version"], capture_output=True, text=True, timeout=600)
    assert version.stdout == f"elzzur {elzzur.__version__}\n"
    failed = subprocess.run([script, "solve", "-b", "nosuch.board"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=600)
    assert (failed.returncode, failed.stdout) == (1, "")
    assert failed.stderr == "elzzur: error: nosuch.board: no such file\n"


def test_the_command_line_ends_with_everything_frozen_and_its_status(tmp_path):
    """``exit_with`` (the script's and ``python -m elzzur``'s last step) freezes what is left
    for Python's last collection to skip, and exits with the command's status; what was
    written to standard output is all there."""
    code = ("import atexit, gc, sys\n"
            "from elzzur.__main__ import exit_with\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0))\n"
            "sys.stdout.write('x' * 100000)\n"
            "exit_with(3)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=child_env(),
                          capture_output=True, text=True, timeout=600)
    assert (done.returncode, done.stdout, done.stderr) == (3, "x" * 100000 + "frozen True\n", "")


@pytest.mark.parametrize("waiting", ["", "atexit", "thread", "curses"])
def test_the_command_line_ends_at_once_only_where_nothing_waits(tmp_path, waiting):
    """``exit_with`` ends the process without Python's teardown (``os._exit``) only where that
    would run nothing: what was written is all there, with the status; a registered ``atexit``
    function and a running thread still get their turn, and curses's C buffers are flushed
    (Python's usual ending)."""
    code = ("import atexit, sys, threading, time\n"
            "from elzzur.__main__ import exit_with, nothing_waits\n"
            "if sys.argv[1] == 'atexit':\n"
            "    atexit.register(lambda: print('atexit ran'))\n"
            "if sys.argv[1] == 'thread':\n"
            "    threading.Thread(target=lambda: (time.sleep(0.5), print('thread ran'))).start()\n"
            "if sys.argv[1] == 'curses':\n"
            "    import _curses\n"
            "print('waits', not nothing_waits(), file=sys.stderr)\n"
            "sys.stdout.write('x' * 100000)\n"
            "exit_with(3)\n")
    done = subprocess.run([sys.executable, "-c", code, waiting], cwd=tmp_path, env=child_env(),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 3 and done.stderr == f"waits {bool(waiting)}\n"
    assert done.stdout == "x" * 100000 + {"": "", "atexit": "atexit ran\n",
                                          "thread": "thread ran\n", "curses": ""}[waiting]


def test_the_script_collects_garbage_after_10000_objects_from_its_start(tmp_path):
    """The ``elzzur`` script sets the collector's first threshold to 10,000 before it imports
    elzzur (a one-shot command's start is done before the first collection) and leaves the
    other two as Python has them; ``main`` alone (tests, callers) changes nothing."""
    script = REPO / "scripts" / "elzzur"
    code = ("import atexit, gc, runpy, sys\n"
            "default = gc.get_threshold()\n"
            "seen = []\n"
            "class Watch:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name == 'elzzur' and not seen:\n"
            "            seen.append(gc.get_threshold())\n"
            "sys.meta_path.insert(0, Watch())\n"
            "atexit.register(lambda: print([default, seen[0], gc.get_threshold()]))\n"
            "sys.argv = ['elzzur', '--version']\n"
            f"runpy.run_path({str(script)!r})\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=child_env(),
                          capture_output=True, text=True, timeout=600)
    default, at_import, after = ast.literal_eval(done.stdout.splitlines()[-1])
    assert done.returncode == 0 and default[0] == (2000 if sys.version_info >= (3, 13) else 700)
    assert at_import == after == (10_000, *default[1:])
    in_process = subprocess.run([sys.executable, "-c", "import gc; from elzzur.__main__ import "
                                 "main; main(['--version']); print(gc.get_threshold()[0])"],
                                cwd=tmp_path, env=child_env(), capture_output=True, text=True,
                                timeout=600)
    assert in_process.stdout.splitlines()[-1] == str(default[0])


def test_python_m_elzzur_reports_errors_without_traceback(run_module):
    done = run_module("solve", "-l", "en", "-b", "A ?/C D")
    assert done.returncode == 1
    assert done.stderr == ("elzzur: error: inline board, row 1: token '?': '?' is not a letter of "
                           "English (a board is rows separated by '/', tiles by spaces: "
                           "-b \"C A T/D O G\"; see elzzur help solve)\n")


@pytest.mark.parametrize("command", ["demo -l en", "cat -l en"])
def test_output_into_a_closed_pipe_exits_quietly(tmp_path, builtin_en, command):
    python = shlex.quote(sys.executable)
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {python} -m elzzur {command} | head -1"],
        cwd=tmp_path, env=child_env(), capture_output=True, text=True, timeout=600,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.count("\n") == 1


def test_deprecation_warnings_are_errors_and_nothing_warns(run_module, builtin_en, words_txt):
    strict = ("-W", "error::DeprecationWarning")
    demo = run_module("demo", "-l", "en", "-q", python_flags=strict)
    assert (demo.returncode, demo.stderr) == (0, "")
    assert ["COHESIVE", "224"] in [line.split()[:2] for line in demo.stdout.splitlines()]
    compiled = run_module("compile", "-d", str(words_txt), "-o", "w.marisa", python_flags=strict)
    assert (compiled.returncode, compiled.stderr) == (0, "")
    listed = run_module("cat", "-d", "w.marisa", python_flags=strict)
    assert (listed.returncode, listed.stderr, listed.stdout.count("\n")) == (0, "", 10)


# --- details a player notices ------------------------------------------------------------------

def test_top_limits_the_list_but_the_totals_count_every_word(cli, words_txt):
    full = cli("solve", "-b", SMALL_BOARD, "-d", "words.txt").out
    top = cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "--top", "2").out
    assert len(words_of(cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "--top", "2", "-q").out)) == 2
    assert top.splitlines()[-3:] == full.splitlines()[-3:]
    assert "Number of words:            9" in top
    data = json.loads(cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "--format", "json",
                          "--top", "2").out)
    assert len(data["words"]) == 2 and data["stats"]["words"] == 9


def test_json_lists_one_word_per_line(cli, words_txt):
    out = cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "--format", "json").out
    word_lines = [line for line in out.splitlines() if line.lstrip().startswith('{"word"')]
    assert len(word_lines) == 9
    assert json.loads(word_lines[0].rstrip(",")) == json.loads(out)["words"][0]


def test_a_lone_word_that_is_no_file_is_reported_as_a_missing_file(cli):
    # a word of letters could also be a board written without spaces: the message says both
    assert cli("solve", "-b", "myboard").error(1) == (
        "elzzur: error: myboard: no such file, nor a board of letters (7 letters; a board "
        "written as one word is a square of 16, 25, 36, … letters)")
    assert cli("solve", "-b", "my_board").error(1) == "elzzur: error: my_board: no such file"


def test_a_closed_standard_input_is_an_error(cli, monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    cli("solve", "-b", "-").error(1, "standard input is closed")


def test_language_codes_ignore_case(cli, words_txt):
    assert cli("solve", "-l", "EN", "-b", SMALL_BOARD, "-d", "words.txt", "-q").out == \
        cli("solve", "-l", "en", "-b", SMALL_BOARD, "-d", "words.txt", "-q").out


def test_the_command_table_offers_the_choices_the_library_knows():
    """The choices of generate --letters and --bonus, and of --sort, are written out in the
    command table (importing grid.generate there would slow every command line, grid.results
    elzzur scrabble's): they must stay the same."""
    from elzzur.cli.commands import COMMANDS
    from elzzur.grid.generate import BONUS_DRAWS, LETTER_SOURCES
    from elzzur.grid.results import SORT_ORDERS
    from elzzur.grid.rules import bonus_rounds

    options = {option.dest: option for option in COMMANDS["generate"][1]}
    assert options["letters"].choices == LETTER_SOURCES
    assert options["bonus"].choices == BONUS_DRAWS
    assert set(BONUS_DRAWS) == {"elzzur", "none", *bonus_rounds()}
    sorts = [o.choices for rows in COMMANDS.values() for o in rows[1] if o.dest == "sort"]
    assert sorts and all(choices == SORT_ORDERS for choices in sorts)


def test_an_unknown_letter_source_is_refused_by_the_library():
    from elzzur.errors import UsageError
    from elzzur.grid.generate import LetterSource

    with pytest.raises(UsageError, match="unknown letter source 'bigrams' "
                                         r"\(choose from frequency, dictionary, bigram\)"):
        LetterSource(get_language("en"), "bigrams")
