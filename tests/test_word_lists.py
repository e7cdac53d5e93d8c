"""Your own word lists: a list in capitals is words (tournament lists, `elzzur cat`'s output),
`cat` round-trips through `-d` and `compile` for every built-in language, and a list that
cleaning cuts down says so on every run (once, by reason), or is an error when nothing is left.
"""

from __future__ import annotations

import os

import marisa_trie
import pytest

from elzzur.lexicon import dictionary as dictionary_module
from elzzur.lexicon.cleaning import WARN_SHARE, CleanReport, clean_list, clean_word, classify
from elzzur.lexicon.dictionary import builtin_dictionary, has_builtin_dictionary, load_dictionary
from elzzur.errors import ElzzurError
from elzzur.lexicon.languages import available, get_language

from conftest import SMALL_BOARD

EN = get_language("en")
NOTHING = "elzzur: error: caps.txt: no game words in the list: all 3 entries were dropped: "


def write(path, lines) -> str:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


# --- the all-capitals rule -----------------------------------------------------------------------

def test_a_list_in_capitals_is_words_not_proper_nouns(cli, tmp_path):
    write(tmp_path / "caps.txt", ["CAT", "CASE", "SEA", "TEA"])
    result = cli("solve", "-l", "en", "-b", SMALL_BOARD, "-d", "caps.txt", "-q")
    assert (result.code, result.err) == (0, "")
    assert sorted(line.split()[0] for line in result.out.splitlines()) == ["CASE", "CAT", "SEA", "TEA"]
    result = cli("compile", "-d", "caps.txt", "-o", "caps.marisa")
    assert (result.code, result.out, result.err) == (0, "4 words written to caps.marisa\n", "")


def test_one_lower_case_entry_makes_capitals_proper_nouns_again_and_the_warning_names_it(cli, tmp_path):
    write(tmp_path / "caps.txt", ["CAT", "CASE", "SEA", "TEA", "sea"])
    result = cli("solve", "-l", "en", "-b", SMALL_BOARD, "-d", "caps.txt", "-q")
    assert result.code == 0 and result.out.split() == ["SEA", "3", "(1,0)", "(1,1)", "(0,1)"]
    assert result.err == (
        "elzzur: warning: caps.txt: 4 of 5 entries dropped: 4 capitalised (proper nouns); a list "
        "in capitals is read as words only if no entry has a lower-case letter, and line 5 "
        "('sea') has one\n")


def test_the_rule_is_decided_on_the_whole_list():
    lines = ["CAT\n", "Dog\n"]
    assert clean_list(lines, EN)[0] == set()  # Dog has lower-case letters: capitals are names
    assert clean_list(["CAT\n", "DOG\n", "123\n", "\n"], EN)[0] == {"CAT", "DOG"}
    # as a line of a mixed list, a capitalised entry is still a proper noun
    assert clean_word("CAT", EN) is None and clean_word("CAT", EN, ignore_case=True) == "CAT"


def test_german_and_turkish_lists_in_capitals():
    de, tr = get_language("de"), get_language("tr")
    # German keeps capitalised nouns but not capitals inside a word, unless the list is all capitals
    assert clean_list(["Haus\n", "HAUS\n", "GmbH\n"], de)[0] == {"HAUS"}
    assert clean_list(["HAUS\n", "STRASSE\n"], de)[0] == {"HAUS", "STRASSE"}
    # Turkish: İ and I are two capitals; a list in capitals reads both as they are
    assert clean_list(["KİTAP\n", "ILIK\n", "İŞ\n"], tr)[0] == {"KİTAP", "ILIK", "İŞ"}
    assert clean_list(["kitap\n", "ılık\n", "iş\n"], tr)[0] == {"KİTAP", "ILIK", "İŞ"}


def builtin_languages() -> list[str]:
    return [code for code in available() if has_builtin_dictionary(get_language(code))]


def test_every_builtin_language_and_its_native_variants_are_round_tripped():
    assert {"en", "de", "de-native", "es-native", "pt-native", "tr"} <= set(builtin_languages())


@pytest.mark.parametrize("code", builtin_languages())
def test_cat_round_trips_through_compile_for_every_builtin_language(cli, tmp_path, code):
    """`cat -l X` → `compile` gives exactly the built-in words. `compile` cleans the list with
    ``read_words``, as `-d` does before it builds the graph (the whole `-d` way, graph and all,
    is below for English: building a graph of Turkish's 1.3 million words takes 20 s)."""
    expected = builtin_dictionary(get_language(code)).trie.keys()
    result = cli("cat", "-l", code, "-o", "words.txt")
    assert (result.code, result.err) == (0, "")
    result = cli("compile", "-l", code, "-d", "words.txt", "-o", "words.marisa")
    assert (result.code, result.err) == (0, "")
    assert result.out == f"{len(expected)} words written to words.marisa\n"
    trie = marisa_trie.Trie()
    trie.mmap(str(tmp_path / "words.marisa"))
    assert sorted(trie.keys()) == sorted(expected)


def test_cat_round_trips_through_d_for_english(cli, tmp_path):
    """The whole way for one language: `cat` → `-d` (a graph built from the list) gives the
    same words, and the same answer on the demo board, as the built-in dictionary."""
    assert cli("cat", "-l", "en", "-o", "en.txt").code == 0
    mine = load_dictionary(tmp_path / "en.txt", EN)
    assert list(mine) == list(builtin_dictionary(EN))
    demo = cli("demo", "-l", "en", "-q")
    assert cli("demo", "-l", "en", "-q", "-d", "en.txt").out == demo.out


# --- the report and the warning ------------------------------------------------------------------

def test_every_reason_in_order_with_thousands_separators(cli, tmp_path):
    lines = ["cat"] * 6 + ["Paris"] * 12_004 + ["it's", "a", "中文", "x" * 65]
    write(tmp_path / "my.txt", lines)
    result = cli("solve", "-l", "en", "-b", SMALL_BOARD, "-d", "my.txt", "-q")
    assert result.code == 0 and result.out.startswith("CAT ")
    assert result.err == (
        "elzzur: warning: my.txt: 12,008 of 12,014 entries dropped: 12,004 capitalised (proper "
        "nouns), 1 not letters (digits, punctuation, spaces), 1 shorter than 2 letters, 1 with "
        "letters outside the English alphabet, 1 longer than 64 letters\n")


def test_the_example_of_the_issue(cli, tmp_path):
    write(tmp_path / "my.txt", ["Xavier"] * 12_004 + ["cat", "case", "sea", "tea", "ace", "aced"])
    result = cli("solve", "-l", "en", "-b", SMALL_BOARD, "-d", "my.txt", "-q")
    assert result.err == ("elzzur: warning: my.txt: 12,004 of 12,010 entries dropped: 12,004 "
                          "capitalised (proper nouns)\n")


@pytest.mark.parametrize("kept, dropped, warned", [
    (9, 1, False),   # exactly 10 %: the ordinary noise of a list
    (8, 1, True),    # 1 of 9: more than 10 %
    (90, 10, False),
    (89, 11, True),
])
def test_the_warning_threshold(cli, tmp_path, kept, dropped, warned):
    assert WARN_SHARE == 0.10
    words = ["cat", "case", "sea", "tea", "ace", "aced", "date", "cased", "seat", "eat"]
    lines = (words * 10)[:kept] + ["it's"] * dropped + ["", "  "]  # blank lines are no entries
    write(tmp_path / "list.txt", lines)
    result = cli("solve", "-l", "en", "-b", SMALL_BOARD, "-d", "list.txt", "-q")
    assert result.code == 0
    expected = (f"elzzur: warning: list.txt: {dropped} of {kept + dropped} entries dropped: "
                f"{dropped} not letters (digits, punctuation, spaces)\n") if warned else ""
    assert result.err == expected


def test_a_list_that_cleans_to_nothing_is_an_error_naming_the_reasons(cli, tmp_path):
    write(tmp_path / "caps.txt", ["Paris", "it's", "Rome"])
    for argv in (["solve", "-b", SMALL_BOARD, "-d", "caps.txt"], ["compile", "-d", "caps.txt", "-o", "x.marisa"],
                 ["cat", "-d", "caps.txt"], ["generate", "--avoid", "caps.txt"]):
        result = cli(*argv)
        assert result.error(1) == NOTHING + "2 capitalised (proper nouns), 1 not letters (digits, punctuation, spaces)"
    assert not (tmp_path / "x.marisa").exists()


def test_an_empty_list_is_an_error(cli, tmp_path):
    (tmp_path / "empty.txt").write_text("\n \n", encoding="utf-8")
    result = cli("solve", "-b", SMALL_BOARD, "-d", "empty.txt")
    assert result.error(1) == "elzzur: error: empty.txt: no words in it (the list is empty)"


CUT = ["cat", "case", "sea", "tea", "Xavier", "Yves", "Zoe"]  # 3 of 7 dropped
CUT_WARNING = "elzzur: warning: cut.txt: 3 of 7 entries dropped: 3 capitalised (proper nouns)\n"


@pytest.mark.parametrize("argv", [
    ["solve", "-b", SMALL_BOARD, "-d", "cut.txt", "-q"],
    ["solve", "-b", SMALL_BOARD, "-b", SMALL_BOARD, "-d", "cut.txt", "-q", "--jobs", "2"],
    ["demo", "-d", "cut.txt", "-q", "--top", "1"],
    ["cat", "-d", "cut.txt"],
    ["compile", "-d", "cut.txt", "-o", "cut.marisa"],
    ["generate", "-d", "cut.txt", "--format", "json", "--seed", "1"],
    ["generate", "--avoid", "cut.txt", "--seed", "1", "--timeout", "30"],
    ["scrabble", "-d", "cut.txt", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 CATS/ 0/0 0"],
])
def test_every_command_that_reads_the_list_warns_once_also_from_the_cache(cli, tmp_path, monkeypatch, argv):
    write(tmp_path / "cut.txt", CUT)
    first = cli(*argv)
    assert first.code == 0 and first.err == CUT_WARNING, first.err
    # the second run takes the graph from the cache: the list is not cleaned again, and the
    # report stored beside the graph still gives the warning
    monkeypatch.setattr(dictionary_module, "read_words", lambda *a: pytest.fail("read again"))
    if argv[0] == "compile":  # compile always reads the list itself: no graph to cache
        return
    again = cli(*argv)
    assert again.code == 0 and again.err == CUT_WARNING and again.out == first.out


def test_the_warning_reaches_a_real_process(run_module, tmp_path):
    write(tmp_path / "cut.txt", CUT)
    for _ in range(2):  # built, then from the cache
        result = run_module("solve", "-b", SMALL_BOARD, "-d", "cut.txt", "-q")
        assert result.returncode == 0 and result.stderr == CUT_WARNING


def test_a_marisa_file_with_keys_outside_the_alphabet_says_so(cli, tmp_path):
    marisa_trie.Trie(["CAT", "cat", "case", "SEA"]).save(str(tmp_path / "odd.marisa"))
    result = cli("solve", "-b", SMALL_BOARD, "-d", "odd.marisa", "-q")
    assert result.code == 0 and [line.split()[0] for line in result.out.splitlines()] == ["CAT", "SEA"]
    assert result.err == ("elzzur: warning: odd.marisa: 2 of 4 entries dropped: 2 with letters "
                          "outside the English alphabet\n")


def test_the_report_is_returned_not_printed(tmp_path, capsys):
    path = write(tmp_path / "cut.txt", CUT)
    dictionary = load_dictionary(path, EN)
    assert capsys.readouterr() == ("", "")
    assert dictionary.report.worth_warning and dictionary.report.words == 4
    assert dictionary.report.message() == path + CUT_WARNING[len("elzzur: warning: cut.txt"):-1]
    assert builtin_dictionary(EN).report is None


def test_a_damaged_report_in_the_cache_is_built_again(tmp_path):
    from elzzur import cache

    path = write(tmp_path / "cut.txt", CUT)
    load_dictionary(path, EN)
    entry = cache.entry(path, dictionary_module.graph_kind(EN))
    data = cache.read(entry)
    cache.write(entry, data[:-9] + b"\x00" + data[-8:])  # a valid checksum over a bad report
    again = load_dictionary(path, EN)
    assert list(again) == ["CASE", "CAT", "SEA", "TEA"] and again.report.worth_warning


def test_the_gui_worker_keeps_the_warning(tmp_path):
    from elzzur.grid.board import parse_board
    from elzzur.views.gui.job import SolveJob

    path = write(tmp_path / "cut.txt", CUT)
    job = SolveJob(parse_board(SMALL_BOARD, EN), EN, "ruzzle", path).start()
    assert job.done.wait(60)
    assert job.error is None and job.warning == path + CUT_WARNING[len("elzzur: warning: cut.txt"):-1]
    assert sorted(row[0] for row in job.rows) == ["CASE", "CAT", "SEA", "TEA"]


def test_report_data_round_trips():
    report = CleanReport("x.txt", 10, 3, [("capitalised (proper nouns)", 7)], "a hint")
    again = CleanReport.from_data(report.to_data())
    assert again.message() == report.message() == \
        "x.txt: 7 of 10 entries dropped: 7 capitalised (proper nouns); a hint"
    with pytest.raises(ValueError):
        CleanReport.from_data(["x", "10", 3, [], ""])


def test_classify_names_the_reason():
    assert classify("  ", EN) == (None, None)
    assert classify("Cat", EN) == (None, "capitalised")
    assert classify("ca-t", EN) == (None, "not letters")
    assert classify("c", EN) == (None, "too short")
    assert classify("cωt", EN) == (None, "alphabet")
    assert classify("c" * 65, EN) == (None, "too long")
    assert classify("café", EN) == ("CAFE", None)


def test_a_missing_list_is_still_a_plain_error(tmp_path):
    with pytest.raises(ElzzurError, match="nope.txt: no such file$"):
        load_dictionary(os.path.join(tmp_path, "nope.txt"), EN)
