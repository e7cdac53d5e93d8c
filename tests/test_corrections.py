"""Corrections that stick: `elzzur words add/remove/list/reset`, the file they keep in the data
folder, their effect on every command that looks words up, calibration with `words diff`, and
the proof that the overlay (the list's graph, a graph of added words, a set of removed ones)
gives exactly the words of a list rebuilt with the corrections, on both search backends.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings, strategies as st

from elzzur.grid.board import Board, Cell, parse_board
from elzzur.lexicon.corrections import Corrections, corrections_path, read_corrections
from elzzur.lexicon.dictionary import Dictionary, load_dictionary
from elzzur.errors import ElzzurError, quoted
from elzzur.lexicon.languages import get_language
from elzzur.grid.rules import get_rules
from elzzur.scrabble import best_moves
from elzzur.grid.solver import find_words
from elzzur.files import data_dir

from conftest import SMALL_BOARD, SMALL_WORDS

EN = get_language("en")
BACKENDS = pytest.mark.parametrize("use", ["c", "python"])


def words_of(out: str) -> list[str]:
    """The words of `solve -q` output, sorted."""
    return sorted(line.split()[0] for line in out.splitlines())


# --- the data folder -----------------------------------------------------------------------------

def test_the_data_folder_is_found_like_the_other_user_folders(monkeypatch, tmp_path):
    monkeypatch.setenv("ELZZUR_DATA_DIR", str(tmp_path / "explicit"))
    assert data_dir() == str(tmp_path / "explicit")
    monkeypatch.delenv("ELZZUR_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == str(tmp_path / "xdg" / "elzzur")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir() == str(tmp_path / "home" / ".local" / "share" / "elzzur")
    assert corrections_path(EN) == str(tmp_path / "home" / ".local" / "share" / "elzzur" / "words" / "en.txt")


def test_the_tests_never_see_the_users_data_folder():
    import tempfile

    assert os.path.dirname(os.environ["ELZZUR_DATA_DIR"]) == tempfile.gettempdir()


# --- add, remove, list, reset --------------------------------------------------------------------

def test_add_remove_list_and_reset(cli, data_dir):
    result = cli("words", "add", "-l", "en", "ciaone", "CAT", "Zzyzx", "ciaone")
    assert (result.code, result.err) == (0, "")
    assert result.out == ("CIAONE: added\n"
                          "CAT: already in the en dictionary (nothing recorded)\n"
                          "ZZYZX: added\n")
    result = cli("words", "remove", "-l", "en", "zebra", "qwxq", "zzyzx")
    assert result.out == ("ZEBRA: removed\n"
                          "QWXQ: not in the en dictionary (nothing recorded)\n"
                          "ZZYZX: removed (your addition of it is undone)\n")
    path = data_dir / "words" / "en.txt"
    assert path.read_text(encoding="utf-8") == (
        "# elzzur: corrections to the English (en) dictionary, one a line: +WORD adds a word, "
        "-WORD removes one.\n"
        "# Edit by hand, or with 'elzzur words add/remove/reset -l en'.\n"
        "+CIAONE\n"
        "-ZEBRA\n")
    result = cli("words", "list", "-l", "en")
    assert result.out == (f"your corrections to English (en), in {path}: 1 added, 1 removed\n"
                          "+CIAONE\n-ZEBRA\n")
    assert cli("words", "list").out == "en: 1 added, 1 removed\n"
    assert cli("words", "add", "-l", "en", "zebra").out == "ZEBRA: added back (your removal of it is undone)\n"
    assert cli("words", "reset", "-l", "en", "ciaone", "cat").out == \
        "CIAONE: correction undone\nCAT: no correction to undo\n"
    assert not path.exists()  # no correction left: no file
    assert cli("words", "list").out == "no corrections (add some with 'elzzur words add -l LANG WORD')\n"
    assert cli("words", "list", "-l", "it").out == "no corrections to Italian (it)\n"


def test_reset_all(cli, data_dir):
    cli("words", "add", "-l", "it", "ciaone", "ciaotto")
    cli("words", "remove", "-l", "it", "casa")
    assert cli("words", "reset", "-l", "it", "--all").out == "all corrections to it undone (2 added, 1 removed)\n"
    assert cli("words", "reset", "-l", "it", "--all").out == "no corrections to it to undo\n"
    assert cli("words", "reset", "-l", "it").error(2) == \
        "elzzur: error: words reset: give the words whose corrections to undo, or --all"
    assert cli("words", "reset", "-l", "it", "x", "--all").error(2) == \
        "elzzur: error: words reset: give words or --all, not both"


def test_a_no_op_is_said_and_not_recorded(cli, data_dir):
    assert cli("words", "add", "-l", "en", "cat").out == "CAT: already in the en dictionary (nothing recorded)\n"
    assert cli("words", "remove", "-l", "en", "qwxq").out == "QWXQ: not in the en dictionary (nothing recorded)\n"
    assert not (data_dir / "words").exists()


def test_words_are_normalised_the_languages_way(cli, data_dir):
    cli("words", "add", "-l", "tr", "iğneşıkçöl")  # no word: a made-up one, with both i's
    assert cli("words", "add", "-l", "it", "Zzxqué").out == "ZZXQUE: added\n"
    assert read_corrections(get_language("tr")).added == {"İĞNEŞIKÇÖL"}
    assert read_corrections(get_language("it")).added == {"ZZXQUE"}


@pytest.mark.parametrize("word, why", [
    ("it's", "not letters (digits, punctuation, spaces)"),
    ("a", "shorter than 2 letters"),
    ("жук", "with letters outside the English alphabet"),
    ("x" * 65, "longer than 64 letters"),
])
def test_an_impossible_word_is_an_error_naming_why(cli, data_dir, word, why):
    result = cli("words", "add", "-l", "en", "fine", word)
    # (quoted: at most 40 characters of it, and its length)
    assert result.error(1) == f"elzzur: error: {quoted(word)} cannot be a word of English (en): {why}"
    assert not (data_dir / "words").exists()  # nothing recorded, not even the good word


def test_words_may_come_on_either_side_of_an_option(cli, data_dir):
    assert cli("words", "add", "ciaone", "-l", "it", "ciaotto").out == "CIAONE: added\nCIAOTTO: added\n"


def test_the_file_keeps_hand_written_comments(cli, data_dir):
    path = data_dir / "words" / "en.txt"
    path.parent.mkdir(parents=True)
    path.write_text("# my corrections\n+ciaone   # from a game\n\n-zen\n", encoding="utf-8")
    cli("words", "add", "-l", "en", "qwxq")
    cli("words", "reset", "-l", "en", "zen")
    assert path.read_text(encoding="utf-8") == "# my corrections\n+ciaone   # from a game\n\n+QWXQ\n"
    assert sorted(os.listdir(path.parent)) == ["en.txt"]  # written whole: no temporary file left


@pytest.mark.parametrize("text, message", [
    ("+CIAONE\nZEN\n", "line 2: 'ZEN' is not a correction (write +WORD to add a word, -WORD to "
                       "remove one, # before a comment)"),
    ("+CIAONE\n-it's\n", "line 2: \"it's\" cannot be a word of English: not letters (digits, "
                         "punctuation, spaces)"),
    ("# x\n+ciaone\n-CIAONE\n", "line 3: CIAONE is removed here and added on line 2 (keep one of "
                                "the two lines)"),
    ("+\n", "line 1: '+' names no word"),
    (b"+CAT\n+\xff\n", "line 2: not UTF-8 text (byte 0xff)"),
])
def test_a_damaged_file_is_an_error_naming_file_and_line(cli, data_dir, text, message):
    path = data_dir / "words" / "en.txt"
    path.parent.mkdir(parents=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    expected = f"elzzur: error: {path}, {message}"
    for argv in (["words", "list", "-l", "en"], ["solve", "-b", SMALL_BOARD], ["demo"],
                 ["cat"], ["words", "add", "cat"]):
        assert cli(*argv).error(1) == expected
    assert cli("words", "reset", "--all").out == \
        "all corrections to en undone (the damaged file is removed)\n"
    assert not path.exists() and cli("demo", "-q", "--top", "1").code == 0


# --- every command sees the corrections --------------------------------------------------------------

@BACKENDS
def test_solve_demo_cat_and_languages_see_the_corrections(cli, data_dir, words_txt, monkeypatch, use):
    if use == "python":
        monkeypatch.setenv("ELZZUR_PURE_PYTHON", "1")
    plain = cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "-q").out
    # SATED is a word of the built-in list: nothing to record, so not added to this list either
    assert cli("words", "add", "-l", "en", "descat", "tadesc", "sated").out.endswith("(nothing recorded)\n")
    cli("words", "remove", "-l", "en", "cased", "cat")
    corrected = cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "-q").out
    expected = sorted((set(words_of(plain)) - {"CASED", "CAT"}) | {"DESCAT", "TADESC"})
    assert words_of(corrected) == expected
    assert cli("solve", "-b", SMALL_BOARD, "-d", "words.txt", "-q", "--no-corrections").out == plain
    # cat shows the words the solver uses; --no-corrections the list as it is
    listed = {w.upper() for w in SMALL_WORDS}
    assert cli("cat", "-d", "words.txt").out.split() == sorted((listed - {"CASED", "CAT"}) | {"DESCAT", "TADESC"})
    assert cli("cat", "-d", "words.txt", "--no-corrections").out.split() == sorted(listed)
    # the built-in dictionary too: the demo board
    demo = cli("demo", "-q").out
    assert "CHORES" in words_of(demo)
    cli("words", "remove", "-l", "en", "chores")
    assert "CHORES" not in words_of(cli("demo", "-q").out)
    assert "CHORES" in words_of(cli("demo", "-q", "--no-corrections").out)
    row = [line for line in cli("languages").out.splitlines() if line.startswith("en ")][0]
    assert row.endswith("built-in  your corrections: 2 added, 3 removed")
    row = [line for line in cli("languages", "--long").out.splitlines()
           if line.startswith("en ")][0]
    assert row.endswith("; your corrections: 2 added, 3 removed")


def test_compile_writes_the_list_as_it_is(cli, data_dir, words_txt):
    cli("words", "add", "-l", "en", "tadesc")
    assert cli("compile", "-d", "words.txt", "-o", "w.marisa").out == "10 words written to w.marisa\n"
    assert "TADESC" not in cli("cat", "-d", "w.marisa", "--no-corrections").out.split()
    assert "TADESC" in cli("cat", "-d", "w.marisa").out.split()  # applied where it is used


def test_a_batch_in_several_processes_sees_the_corrections(cli, data_dir, words_txt):
    cli("words", "add", "-l", "en", "tadesc")
    result = cli("solve", "-b", SMALL_BOARD, "-b", SMALL_BOARD, "-d", "words.txt", "-q", "--jobs", "2")
    assert result.out.split().count("TADESC") == 2


def test_generate_counts_the_corrected_words_and_avoids_the_plain_list(cli, data_dir, tmp_path):
    (tmp_path / "avoid.txt").write_text("tea\n", encoding="utf-8")
    cli("words", "add", "-l", "en", "qwxq")
    from elzzur.grid.generate import letter_counts

    corrected = load_dictionary(None, EN)
    assert letter_counts(corrected, EN)[0]["Q"] == letter_counts(
        load_dictionary(None, EN, corrections=False), EN)[0]["Q"] + 2
    avoid = load_dictionary(tmp_path / "avoid.txt", EN, corrections=False)
    assert list(avoid) == ["TEA"]  # a list of words to avoid is never given your additions


CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QZXJKVW/ 0/0 0"


def test_scrabble_plays_an_added_word_and_not_a_removed_one(cli, data_dir):
    assert cli("scrabble", "--cgp", CGP, "--rank", "score").out == "no legal move with this rack\n"
    cli("words", "add", "-l", "en", "qzx")
    line = cli("scrabble", "--cgp", CGP, "--top", "1", "--rank", "score").out.split()
    assert line[:3] + line[4:] == ["8F", "QZX", "56", "JKVW"]  # line[3] is its equity
    cgp = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 CATS/ 0/0 0"
    assert "CATS" in cli("scrabble", "--cgp", cgp, "--top", "50").out.split()
    cli("words", "remove", "-l", "en", "cats")
    assert "CATS" not in cli("scrabble", "--cgp", cgp, "--top", "50").out.split()


# --- calibration: words diff -------------------------------------------------------------------

def test_diff_reports_both_ways_and_words_off_the_board(cli, data_dir, words_txt, tmp_path):
    (tmp_path / "game.txt").write_text("Cat\nscat\nsea\ntea\ntead\ncasted\nzebra\n\n", encoding="utf-8")
    diff = ["words", "diff", "-l", "en", "-b", SMALL_BOARD, "--rules", "boggle", "-d", "words.txt", "game.txt"]
    off_board = ("2 words of the game's list cannot be played on this board (a typo, or another "
                 "board?):\n  CASTED\n  ZEBRA\n")
    result = cli(*diff)
    assert (result.code, result.err) == (0, "")
    assert result.out == ("the game accepts 2 words elzzur lacks:\n  SCAT\n  TEAD\n"
                          # Boggle: AT is too short to count, so it is not listed here
                          "elzzur finds 5 words the game did not list:\n  ACE\n  ACED\n  CASE\n"
                          "  CASED\n  DATE\n" + off_board +
                          "(run again with --apply to record these as corrections)\n")
    assert not (data_dir / "words").exists()
    result = cli(*diff, "--apply")
    assert result.out.endswith(off_board + "recorded as corrections to en: 2 added, 5 removed (see "
                               "'elzzur words list -l en')\n")
    corrections = read_corrections(EN)
    assert corrections.added == {"SCAT", "TEAD"}
    assert corrections.removed == {"ACE", "ACED", "CASE", "CASED", "DATE"}
    assert cli(*diff).out == "elzzur and the game agree on this board's 5 words\n" + off_board
    solved = cli("solve", "-b", SMALL_BOARD, "--rules", "boggle", "-d", "words.txt", "-q").out
    assert words_of(solved) == ["CAT", "SCAT", "SEA", "TEA", "TEAD"]


def test_diff_respects_the_rules_shortest_word(cli, data_dir, tmp_path):
    (tmp_path / "game.txt").write_text("at\ncat\n", encoding="utf-8")
    result = cli("words", "diff", "-l", "en", "-b", "C A T", "--rules", "boggle", "game.txt")
    assert result.out == ("elzzur and the game agree on this board's 1 word\n"
                          "1 word of the game's list cannot be played on this board (a typo, or "
                          "another board?):\n  AT\n")
    result = cli("words", "diff", "-l", "en", "-b", "C A T", "game.txt")  # Ruzzle: AT counts
    assert result.out.startswith("elzzur finds 1 word the game did not list:\n  TA\n")


def test_diff_with_apply_undoes_earlier_corrections_rather_than_stack_them(cli, data_dir, tmp_path):
    cli("words", "remove", "-l", "en", "cat")
    cli("words", "add", "-l", "en", "tac")
    (tmp_path / "game.txt").write_text("at\ncat\nta\n", encoding="utf-8")
    result = cli("words", "diff", "-l", "en", "-b", "C A T", "game.txt", "--apply")
    assert result.out == ("the game accepts 1 word elzzur lacks:\n  CAT\n"
                          "elzzur finds 1 word the game did not list:\n  TAC\n"
                          "recorded as corrections to en: 1 added, 1 removed (see 'elzzur words "
                          "list -l en')\n")
    assert not (data_dir / "words" / "en.txt").exists()  # back to the plain list


def test_diff_errors(cli, data_dir, tmp_path):
    (tmp_path / "game.txt").write_text("cat\nc.a.t\n", encoding="utf-8")
    assert cli("words", "diff", "-b", "C A T", "game.txt").error(1) == \
        "elzzur: error: game.txt, line 2: 'c.a.t' is not a word of English: not letters (digits, punctuation, spaces)"
    (tmp_path / "empty.txt").write_text("\n", encoding="utf-8")
    assert cli("words", "diff", "-b", "C A T", "empty.txt").error(1) == "elzzur: error: empty.txt: no words in it"
    assert cli("words", "diff", "game.txt").error(2).startswith(
        "elzzur: error: the following arguments are required: -b/--board")
    (tmp_path / "two.board").write_text("C A\nT S\n\nA B\nC D\n", encoding="utf-8")
    assert cli("words", "diff", "-b", "two.board", "game.txt").error(1) == \
        "elzzur: error: two.board: 2 boards; words diff compares one"


# --- the overlay is the rebuilt list -------------------------------------------------------------

LETTERS = "ACDEST"
word = st.text(LETTERS, min_size=2, max_size=6)


@st.composite
def boards(draw):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(2, 3))
    tokens = [draw(st.sampled_from(LETTERS)) + draw(st.sampled_from(["", "", "dl", "tw"]))
              for _ in range(rows * cols)]
    return parse_board("/".join(" ".join(tokens[r * cols:(r + 1) * cols]) for r in range(rows)), EN)


def rebuilt(base: set[str], added: set[str], removed: set[str]) -> set[str]:
    return (base - removed) | added


@settings(max_examples=150, deadline=None)
@given(base=st.sets(word, min_size=1, max_size=40), added=st.sets(word, max_size=8),
       removed=st.sets(word, max_size=8), extra=st.data(), board=boards(),
       rules=st.sampled_from(["ruzzle", "boggle", "wordhunt"]), revisit=st.booleans())
def test_solving_with_corrections_is_solving_the_rebuilt_list_on_both_backends(
        base, added, removed, extra, board, rules, revisit):
    # corrections name words of the list and words it lacks, on both sides
    added |= set(extra.draw(st.lists(st.sampled_from(sorted(base)), max_size=3)))
    removed |= set(extra.draw(st.lists(st.sampled_from(sorted(base)), max_size=5)))
    removed -= added
    corrections = Corrections(EN, "unused", added=added, removed=removed)
    overlay = Dictionary.from_words(base, EN).corrected(corrections)
    words = rebuilt(base, added, removed)
    plain = Dictionary.from_words(words, EN) if words else None
    game = get_rules(rules)
    for use in ("c", "python"):
        got = find_words(board, overlay, EN, use=use, rules=game, revisit=revisit)
        want = find_words(board, plain, EN, use=use, rules=game, revisit=revisit) if plain else []
        assert got == want
    # every other view of the words agrees too
    assert list(overlay) == sorted(words) and len(overlay) == len(words)
    assert list(overlay.union_graph()) == sorted(words)
    assert overlay.sorted_words() == sorted(words)
    for query in base | added | removed | {w[:k] for w in base | added for k in range(4)}:
        assert (query in overlay) == (query in words)
        assert overlay.has_prefix(query) == any(w.startswith(query) for w in words)


def test_the_overlay_from_files_is_the_rebuilt_list(cli, data_dir, tmp_path):
    base = {"CAT", "CASE", "CASED", "SEA", "TEA", "DATE", "ACE"}
    (tmp_path / "base.txt").write_text("".join(w.lower() + "\n" for w in base), encoding="utf-8")
    cli("words", "add", "-l", "en", "tadesc", "descat", "cat")
    cli("words", "remove", "-l", "en", "case", "date", "zebra")
    words = rebuilt(base, {"TADESC", "DESCAT"}, {"CASE", "DATE"})
    (tmp_path / "rebuilt.txt").write_text("".join(w + "\n" for w in words), encoding="utf-8")
    for use in ("c", "python"):
        board = parse_board(SMALL_BOARD, EN)
        got = find_words(board, load_dictionary(tmp_path / "base.txt", EN), EN, use=use)
        want = find_words(board, load_dictionary(tmp_path / "rebuilt.txt", EN, corrections=False), EN, use=use)
        assert got == want and {row[0] for row in got} >= {"TADESC", "DESCAT", "CAT"}


def test_scrabble_on_the_union_graph_is_scrabble_on_the_rebuilt_list(data_dir):
    base = ["CAT", "CATS", "ACT", "SCAT", "TACS", "EAST", "SEAT", "TEAS", "SATE"]
    corrections = Corrections(EN, "unused", added={"TACE", "CASTE"}, removed={"SEAT", "CATS"})
    overlay = Dictionary.from_words(base, EN).corrected(corrections)
    plain = Dictionary.from_words(rebuilt(set(base), corrections.added, corrections.removed), EN)
    board = "\n".join(["." * 15] * 15)
    for rack in ("CATSE", "EASTC", "TACES"):
        got = [(m.coordinate, m.word, m.score) for m in best_moves(board, rack, "en", overlay.union_graph())]
        want = [(m.coordinate, m.word, m.score) for m in best_moves(board, rack, "en", plain.graph)]
        assert got == want and got


def test_the_union_graph_is_cached_by_content(data_dir, monkeypatch, tmp_path):
    monkeypatch.setenv("ELZZUR_CACHE_DIR", str(tmp_path / "cache"))
    base = Dictionary.from_words(["CAT", "DOG"], EN)
    first = base.corrected(Corrections(EN, "a", added={"EMU"})).union_graph()
    names = os.listdir(tmp_path / "cache")
    assert len(names) == 1 and names[0].startswith("union-") and list(first) == ["CAT", "DOG", "EMU"]
    # the same content, from another object: the cached graph (same bytes), no new entry
    again = Dictionary.from_words(["DOG", "CAT"], EN).corrected(Corrections(EN, "b", added={"EMU"}))
    assert bytes(again.union_graph().buffer) == bytes(first.buffer)
    assert os.listdir(tmp_path / "cache") == names
    # other corrections, or another list: another graph
    other = base.corrected(Corrections(EN, "a", added={"EMU"}, removed={"DOG"})).union_graph()
    assert list(other) == ["CAT", "EMU"]
    assert list(Dictionary.from_words(["CAT", "COW"], EN).corrected(
        Corrections(EN, "a", added={"EMU"})).union_graph()) == ["CAT", "COW", "EMU"]
    assert len(os.listdir(tmp_path / "cache")) == 3
    # a damaged entry is built again
    entry = tmp_path / "cache" / names[0]
    entry.write_bytes(b"junk" + entry.read_bytes()[4:])
    assert list(base.corrected(Corrections(EN, "a", added={"EMU"})).union_graph()) == ["CAT", "DOG", "EMU"]


def test_no_corrections_leave_the_dictionary_itself(data_dir):
    plain = load_dictionary(None, EN, corrections=False)
    assert load_dictionary(None, EN) is plain and plain.union_graph() is plain.graph
    assert plain.corrected(Corrections(EN, "x")) is plain


def test_corrections_that_change_nothing_in_this_list(data_dir):
    base = Dictionary.from_words(["CAT"], EN)
    same = base.corrected(Corrections(EN, "x", added={"CAT"}, removed={"DOG"}))
    assert not same.corrected_words and list(same) == ["CAT"] and same.union_graph() is base.graph


def test_a_removed_word_is_not_found_and_an_added_one_is_found_by_its_best_path():
    board = Board(2, 2, (Cell(("C",), "dw"), Cell(("A",)), Cell(("T",)), Cell(("A",), "tl")))
    corrections = Corrections(EN, "x", added={"CAT", "TAT"}, removed={"AT"})
    overlay = Dictionary.from_words(["AT", "TA"], EN).corrected(corrections)
    for use in ("c", "python"):
        rows = find_words(board, overlay, EN, use=use)
        assert [row[0] for row in rows] == ["CAT", "TA"]
        # CAT's best path takes the triple-letter A; TAT has no path (one T); AT is removed
        assert rows[0] == find_words(board, Dictionary.from_words(["CAT"], EN), EN, use=use)[0]
        assert rows[0][2] == (0, 3, 2)
