"""Language files from anywhere: ``-l`` with a path, the user's folder of languages, the
``languages`` listing, and errors that name the file and the key at fault."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import elzzur.lexicon.languages
from elzzur.lexicon.dictionary import load_dictionary
from elzzur.errors import ElzzurError, UsageError
from elzzur.lexicon.languages import available, get_language, user_dir

from conftest import SMALL_BOARD, SMALL_WORDS

# A small language of its own: eight letters, one point each but C (4), no length bonus
# before 5 letters. Its words (SMALL_WORDS) sit beside it in xx-words.txt.
XX_TOML = """\
code = "xx"
name = "Testish"

[dictionary]
file = "xx-words.txt"
source = "the test's own words"

[scoring]
min_length = 2
length_bonus = [0, 0, 0, 0, 0, 5]
length_bonus_step = 5

[letters]
A = { value = 1, frequency = 8 }
C = { value = 4, frequency = 2 }
D = { value = 2, frequency = 3 }
E = { value = 1, frequency = 12 }
G = { value = 2, frequency = 2 }
O = { value = 1, frequency = 7 }
S = { value = 1, frequency = 6 }
T = { value = 1, frequency = 9 }
"""

# SMALL_BOARD with these values: CASED = (4+1+1+1+2) x 2 (C on a double word) + 5 = 23.
CASED_LINE = "CASED    23    (0,0) (0,1) (1,0) (1,1) (1,2)"


@pytest.fixture(autouse=True)
def fresh_languages(monkeypatch):
    """Each test reads language files afresh (get_language keeps them for the process)."""
    monkeypatch.setattr(elzzur.lexicon.languages, "_languages", {})


def write_language(folder: Path, text: str = XX_TOML, name: str = "xx.toml",
                   words: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    if words:
        (folder / "xx-words.txt").write_text("".join(w + "\n" for w in SMALL_WORDS), encoding="utf-8")
    return path


@pytest.fixture
def user_languages(tmp_path, monkeypatch) -> Path:
    """An empty user folder of language files, as ``$ELZZUR_LANGUAGES_DIR``."""
    folder = tmp_path / "user-languages"
    folder.mkdir()
    monkeypatch.setenv("ELZZUR_LANGUAGES_DIR", str(folder))
    return folder


# --- a language file given by path ---------------------------------------------------------

def test_a_language_file_by_path_solves_with_its_own_dictionary(cli, tmp_path):
    write_language(tmp_path / "langs")
    result = cli("solve", "-l", "langs/xx.toml", "-b", SMALL_BOARD, "-q")
    assert result.code == 0, result.err
    assert CASED_LINE in result.out.splitlines()


def test_a_language_file_by_path_solves_with_a_word_list_given_by_d(cli, tmp_path):
    """The brief's example: ``elzzur solve -l path/to/xx.toml -b … -d words.txt``."""
    write_language(tmp_path / "path" / "to", XX_TOML.split("[dictionary]")[0]
                   + XX_TOML.split('source = "the test\'s own words"\n')[1], words=False)
    (tmp_path / "words.txt").write_text("cased\ncase\nsea\n", encoding="utf-8")
    result = cli("solve", "-l", "path/to/xx.toml", "-b", SMALL_BOARD, "-d", "words.txt", "-q")
    assert result.code == 0, result.err
    assert [line.split()[0] for line in result.out.splitlines() if line[:1].isalpha()
            and not line.startswith(("Number", "Length", "Maximum"))] == ["CASED", "CASE", "SEA"]


def test_a_path_is_anything_with_a_separator_or_ending_in_toml(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_language(tmp_path)
    by_name = get_language("xx.toml")  # no separator, but .toml: the file in this folder
    assert by_name.where == "file" and by_name.code == "xx"
    assert get_language("./xx.toml") is by_name  # one language per file and process
    assert get_language(tmp_path / "xx.toml") is by_name  # os.PathLike works too
    with pytest.raises(UsageError, match="unknown language 'xx'"):
        get_language("xx")  # a code: not looked up in the working folder


def test_the_dictionary_file_is_relative_to_the_language_file(tmp_path, monkeypatch):
    path = write_language(tmp_path / "langs")
    monkeypatch.chdir(tmp_path / "langs")  # wherever elzzur runs from
    language = get_language(str(path))
    assert language.dictionary == "xx-words.txt"
    assert language.dictionary_path == str(tmp_path / "langs" / "xx-words.txt")
    assert language.demo_board == str(tmp_path / "langs" / "xx.board")


def test_the_builtin_dictionaries_stay_in_res(tmp_path):
    english = get_language("en")
    assert english.where == "built-in"
    assert english.dictionary_path.endswith(os.path.join("res", "dictionaries", "en.marisa"))


def test_get_language_reads_a_file_once_per_process(tmp_path):
    path = write_language(tmp_path)
    first = get_language(str(path))
    path.write_text(XX_TOML.replace("Testish", "Changed"), encoding="utf-8")
    assert get_language(str(path)) is first


@pytest.mark.parametrize("argv", [["demo"], ["generate"], ["cat"]])
def test_every_command_takes_a_language_file(cli, tmp_path, argv):
    write_language(tmp_path / "langs")
    (tmp_path / "langs" / "xx.board").write_text(SMALL_BOARD.replace("/", "\n") + "\n", encoding="utf-8")
    result = cli(*argv, "-l", "langs/xx.toml")
    assert result.code == 0, result.err
    if argv == ["demo"]:
        assert CASED_LINE in result.out
    if argv == ["cat"]:
        assert result.out.split() == sorted(w.upper() for w in SMALL_WORDS)


def test_a_user_language_without_a_demo_board_names_where_it_would_be(cli, tmp_path):
    write_language(tmp_path / "langs")
    cli("demo", "-l", "langs/xx.toml").error(
        1, "the demo board for 'xx' is missing", str(tmp_path / "langs" / "xx.board"))


def test_a_missing_language_file_is_a_usage_error(cli, tmp_path):
    cli("demo", "-l", "nosuch/xx.toml").error(2, "nosuch/xx.toml: no such language file")
    (tmp_path / "dir.toml").mkdir()
    cli("demo", "-l", "dir.toml").error(2, "dir.toml: is a directory, not a language file")


# --- a user language without a dictionary -------------------------------------------------

NO_DICTIONARY = XX_TOML.replace('[dictionary]\nfile = "xx-words.txt"\nsource = "the test\'s own words"\n', "")


def test_a_language_without_a_dictionary_needs_d(cli, tmp_path):
    write_language(tmp_path / "langs", NO_DICTIONARY)
    cli("solve", "-l", "langs/xx.toml", "-b", SMALL_BOARD).error(
        1, "language 'xx' has no dictionary of its own", "langs/xx.toml", "give one with -d DICT")
    result = cli("solve", "-l", "langs/xx.toml", "-b", SMALL_BOARD, "-d", "langs/xx-words.txt", "-q")
    assert result.code == 0 and CASED_LINE in result.out


def test_a_missing_dictionary_file_names_the_key(cli, tmp_path):
    write_language(tmp_path / "langs", words=False)
    cli("solve", "-l", "langs/xx.toml", "-b", SMALL_BOARD).error(
        1, "langs/xx.toml: key 'dictionary.file':", "xx-words.txt: no such file")


# --- the user's folder --------------------------------------------------------------------

def test_a_user_file_is_the_language_of_its_name(cli, user_languages):
    write_language(user_languages)
    language = get_language("xx")
    assert (language.where, language.file) == ("user", str(user_languages / "xx.toml"))
    result = cli("solve", "-l", "xx", "-b", SMALL_BOARD, "-q")
    assert result.code == 0 and CASED_LINE in result.out


def test_codes_are_case_insensitive_for_user_files_too(user_languages):
    write_language(user_languages)
    assert get_language("XX").code == "xx"


def test_the_user_folder_is_xdg_config_home_then_dot_config(monkeypatch, tmp_path):
    monkeypatch.setenv("ELZZUR_LANGUAGES_DIR", str(tmp_path / "explicit"))
    assert user_dir() == str(tmp_path / "explicit")
    monkeypatch.delenv("ELZZUR_LANGUAGES_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert user_dir() == str(tmp_path / "xdg" / "elzzur" / "languages")
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert user_dir() == str(tmp_path / "home" / ".config" / "elzzur" / "languages")


def test_the_user_folder_found_through_xdg_config_home(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ELZZUR_LANGUAGES_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    write_language(tmp_path / "xdg" / "elzzur" / "languages")
    assert get_language("xx").where == "user"


def test_unknown_codes_list_the_user_languages_too(user_languages):
    write_language(user_languages)
    with pytest.raises(UsageError, match=r"choose from de, .*, tr, xx, or give the path"):
        get_language("zz")


def test_a_user_file_with_a_builtin_code_is_an_error_naming_both_files(cli, user_languages):
    """Neither may stand in for the other unnoticed: the user renames the file or gives its path."""
    write_language(user_languages, XX_TOML.replace('"xx"', '"en"'), name="en.toml")
    message = cli("demo", "-l", "en").error(1, "language 'en' is defined twice")
    assert os.path.join("res", "languages", "en.toml") in message
    assert str(user_languages / "en.toml") in message
    # by its path, the user's file is usable all the same
    result = cli("solve", "-l", str(user_languages / "en.toml"), "-b", SMALL_BOARD, "-q")
    assert result.code == 0 and CASED_LINE in result.out


def test_a_user_file_must_say_the_code_of_its_name(cli, user_languages):
    write_language(user_languages, name="yy.toml")
    cli("generate", "-l", "yy").error(
        1, f"{user_languages / 'yy.toml'}: key 'code' is 'xx', but the file name says 'yy'")


# --- elzzur languages -------------------------------------------------------------------------

def listing(cli, where: str | None = None, *options: str) -> dict[str, str]:
    """The rows of ``elzzur languages`` by code: all, or only those showing ``where``."""
    result = cli("languages", *options)
    assert result.code == 0 and result.err == ""
    lines = result.out.splitlines()
    last = "dictionary source" if options else "notes"
    assert lines[0].split() == ["code", "name", "words", "from", *last.split()]
    rows = [line for line in lines[1:] if where is None or where in line]
    codes = [line.split()[0] for line in rows]
    assert len(set(codes)) == len(codes)
    return dict(zip(codes, rows))


def test_languages_lists_builtins_then_user_files_saying_where_each_comes_from(cli, user_languages):
    write_language(user_languages)
    rows = listing(cli)
    assert list(rows) == available() + ["xx"]
    assert all(rows[code].endswith("  built-in") for code in available())
    turkish = len(load_dictionary(None, get_language("tr")))
    assert rows["tr"].split() == ["tr", "Turkish", f"{turkish:,}", "built-in"]
    assert rows["xx"].split()[:4] == ["xx", "Testish", str(len(SMALL_WORDS)), str(user_languages / "xx.toml")]
    assert rows["xx"].endswith(str(user_languages / "xx.toml"))
    assert listing(cli, None, "--long")["xx"].endswith("  the test's own words")


def test_languages_shows_a_broken_user_file_in_its_row_and_lists_the_rest(cli, user_languages):
    write_language(user_languages)
    (user_languages / "bad.toml").write_text("code = \n", encoding="utf-8")
    write_language(user_languages, XX_TOML.replace('code = "xx"', 'code = "nodict"')
                   .replace("xx-words.txt", "missing.txt"), name="nodict.toml", words=False)
    write_language(user_languages, NO_DICTIONARY.replace('code = "xx"', 'code = "free"'), name="free.toml",
                   words=False)
    write_language(user_languages, XX_TOML.replace('"xx"', '"fr"'), name="fr.toml", words=False)
    write_language(user_languages, XX_TOML, name="Bad Name.toml", words=False)
    assert list(listing(cli, "  built-in")) == available()
    rows = listing(cli, f"  {user_languages}{os.sep}")
    assert list(rows) == ["Bad", "bad", "fr", "free", "nodict", "xx"]
    assert rows["bad"].split()[1:4] == ["-", "-", str(user_languages / "bad.toml")]
    assert f"error: {user_languages / 'bad.toml'}: " in rows["bad"] and "line 1" in rows["bad"]
    assert rows["free"].endswith("  no dictionary (give one with -d)")
    assert "error: " in rows["nodict"] and "missing.txt: no such file" in rows["nodict"]
    assert rows["fr"].endswith("the built-in language 'fr' has this code too (rename the file)")
    assert "is not a language code" in rows["Bad"]
    assert rows["xx"].split()[2] == str(len(SMALL_WORDS))
    assert listing(cli, f"  {user_languages}{os.sep}")["fr"].split()[3] == str(user_languages / "fr.toml")


# --- bad language files: the file and the key at fault ---------------------------------------

@pytest.mark.parametrize("change, message", [
    (lambda t: "frobnicate = 1\n" + t, "unknown key 'frobnicate'"),
    (lambda t: t.replace("[scoring]", "[scoring]\nmax_length = 9"), "unknown key 'scoring.max_length'"),
    (lambda t: t.replace("frequency = 8 }", "frequency = 8, points = 3 }"), "unknown key 'letters.A.points'"),
    (lambda t: t + "[normalisation]\nmode = \"native\"\n", "unknown key 'normalisation'"),
    (lambda t: t + "[normalization]\nmode = \"accents\"\n",
     "key 'normalization.mode' must be one of fold, native, case, not 'accents'"),
    (lambda t: t + "[normalization]\nmode = 1\n", "key 'normalization.mode' must be a string"),
    (lambda t: t + "[normalization]\nkeep_capitalised = \"yes\"\n",
     "key 'normalization.keep_capitalised' must be true or false"),
    (lambda t: t + "[normalization]\nupper = [\"i\"]\n", "key 'normalization.upper' must be a table"),
    (lambda t: t + "[normalization.upper]\ni = 1\n", "key 'normalization.upper.i' must be a string"),
    (lambda t: t + "[normalization.upper]\nij = \"IJ\"\n",
     "key 'normalization.upper.ij' must map one character to 1 to 8 characters"),
    (lambda t: t + "[normalization]\nmode = \"case\"\n[normalization.upper]\ni = \"I\"\n",
     "key 'normalization.upper' has no use in mode 'case'"),
    (lambda t: t + "[normalization.map]\n\"Þ\" = \"TH\"\n",
     "key 'normalization.map.Þ' must be 1 to 8 letters of the alphabet, not 'TH'"),
    (lambda t: t + "[normalization.map]\nA = \"E\"\n",
     "key 'normalization.map.A': 'A' is a letter of the alphabet"),
    (lambda t: t.replace("T = {", "\"Ñ\" = { value = 8, frequency = 1 }\nT = {"),
     "letter 'Ñ' has a mark that mode 'fold' folds away (keep it with normalization.mode = \"native\")"),
    (lambda t: t.replace("T = {", "\"N\u0303\" = { value = 8, frequency = 1 }\nT = {"),
     "letter 'N\u0303' must be one upper-case character"),  # decomposed: two characters
    (lambda t: t.replace("[letters]", "[normalization]\nmode = \"native\"\n[letters]")
     .replace("T = {", "\"\u212b\" = { value = 8, frequency = 1 }\nT = {"),
     "letter '\u212b' must be written composed (NFC)"),  # the Ångström sign, not Å
    (lambda t: t.replace("T = {", "t = {"), "letter 't' must be one upper-case character"),
    (lambda t: t.replace("T = {", "\"1\" = {"), "letter '1' must be one upper-case character"),
    (lambda t: t.replace('code = "xx"', 'code = "X X"'), "key 'code' must be 1 to 40 lower-case letters"),
    (lambda t: t.replace('file = "xx-words.txt"', "file = 3"), "key 'dictionary.file' must be a string"),
    (lambda t: t.replace('name = "Testish"', 'name = "Testish"\ndemo_board = 1'),
     "key 'demo_board' must be a string"),
    (lambda t: t.replace("min_length = 2\n", ""), "missing key 'scoring.min_length'"),
    (lambda t: t.replace('name = "Testish"\n', ""), "missing key 'name'"),
])
def test_a_bad_language_file_is_named_with_the_key_at_fault(cli, tmp_path, change, message):
    write_language(tmp_path / "langs", change(XX_TOML))
    cli("generate", "-l", "langs/xx.toml").error(1, f"elzzur: error: langs/xx.toml: {message}")


def test_too_many_letters_for_a_word_graph_are_named(cli, tmp_path):
    letters = "".join(f'"{chr(0x3b1 + i)}" = {{ value = 1, frequency = 1 }}\n' for i in range(25))
    letters += "".join(f'"{chr(0x430 + i)}" = {{ value = 1, frequency = 1 }}\n' for i in range(32))
    write_language(tmp_path / "langs", XX_TOML.replace("[letters]\n", "[normalization]\nmode = \"case\"\n"
                                                       "[letters]\n" + letters))
    cli("generate", "-l", "langs/xx.toml").error(
        1, "langs/xx.toml: key 'letters' lists 65 letters, at most 63 are possible")


def test_a_language_file_that_is_not_toml_names_the_line(cli, tmp_path):
    write_language(tmp_path / "langs", "code = \n")
    cli("generate", "-l", "langs/xx.toml").error(1, "elzzur: error: langs/xx.toml: ", "line 1")


def test_a_language_file_that_is_not_utf8_is_named(cli, tmp_path):
    path = write_language(tmp_path / "langs")
    path.write_bytes(XX_TOML.replace("Testish", "Tëstish").encode("latin-1"))
    cli("generate", "-l", "langs/xx.toml").error(1, "langs/xx.toml: not UTF-8 text")


def test_every_builtin_language_passes_the_checks_of_a_user_file():
    """Built-ins skip the checks that need unicodedata (start-up time): here they get them."""
    from elzzur.datafiles import load_toml
    from elzzur.lexicon.languages import parse_language
    from elzzur.files import resource

    for code in available():
        path = resource("languages", f"{code}.toml")
        language = parse_language(load_toml(path, path), path, path, "user", code)
        assert language.letter_values == get_language(code).letter_values


# A letter's table is read at once where it is plain (``plain_letter``), through the checks
# otherwise: the quick reading must accept only what the checks accept, with the same numbers.
LETTER_NUMBERS = st.one_of(
    st.integers(-3, 3), st.integers(10**6 - 3, 10**6 + 3), st.integers(),
    st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.text(max_size=2),
    st.lists(st.integers(0, 5), max_size=2))


@settings(max_examples=500, deadline=None)
@given(st.one_of(
    st.dictionaries(st.sampled_from(["value", "frequency", "values", "Value"]), LETTER_NUMBERS,
                    max_size=3),
    st.fixed_dictionaries({"value": LETTER_NUMBERS, "frequency": LETTER_NUMBERS}),
    LETTER_NUMBERS))
def test_a_plain_letter_is_exactly_what_the_checks_accept(entry):
    from elzzur.datafiles import Checker
    from elzzur.lexicon.languages import plain_letter

    check = Checker("xx.toml")
    try:
        table = check.need({"A": entry}, "A", dict, "letters.")
        check.known(table, ("value", "frequency"), "letters.A.")
        checked = (check.whole(table, "value", 0, prefix="letters.A."),
                   float(check.number(table, "frequency", 0, prefix="letters.A.")))
    except ElzzurError:
        checked = None
    if plain_letter(entry):
        assert checked == (entry["value"], float(entry["frequency"]))
    elif type(entry) is dict and set(entry) == {"value", "frequency"} \
            and type(entry["value"]) is int and type(entry["frequency"]) in (int, float):
        assert checked is None  # every letter table the checks accept is read the quick way


def test_the_builtin_languages_are_the_same_read_through_the_checks(monkeypatch):
    from elzzur.datafiles import load_toml
    from elzzur.files import resource
    from elzzur.lexicon import languages

    quick = {}
    for code in available():
        path = resource("languages", f"{code}.toml")
        quick[code] = languages.parse_language(load_toml(path, path), path, path, "built-in", code)
    monkeypatch.setattr(languages, "plain_letter", lambda entry: False)
    for code in available():
        path = resource("languages", f"{code}.toml")
        checked = languages.parse_language(load_toml(path, path), path, path, "built-in", code)
        assert checked == quick[code]
