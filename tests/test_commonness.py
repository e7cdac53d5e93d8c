"""Commonness bands: the file format (written by the build tool through ``encode_bands``), word
ranks in the word graph, lookups through a language's own dictionary whichever dictionary found
the word, ``--common`` on both search backends, the JSON and CSV fields, and clear errors for
damaged files and for languages without band data. Dictionaries and band files are made in
tmp_path: the built-in ones are being rebuilt and ship no bands yet.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import elzzur
import elzzur.lexicon.languages
from elzzur.lexicon import commonness
from elzzur.lexicon.commonness import (BANDS, HEADER_SIZE, Bands, band_name, decode_bands, encode_bands,
                               write_bands)
from elzzur.lexicon.dictionary import load_dictionary
from elzzur.errors import ElzzurError
from elzzur.lexicon.graph import WordGraph, build
from elzzur.lexicon.languages import available, get_language
from elzzur.grid.results import Found
from elzzur.lexicon.graph import refresh_backend

from conftest import SMALL_BOARD, child_env

# --- the file format ------------------------------------------------------------------------

band_lists = st.lists(st.integers(1, 4), max_size=300)


def test_the_bands_are_named_in_one_table():
    assert BANDS == ("everyday", "common", "uncommon", "rare")
    assert [band_name(b) for b in (1, 2, 3, 4, None)] == [*BANDS, "unknown"]
    assert commonness.COMMON == 2 and BANDS[commonness.COMMON - 1] == "common"


def test_the_layout_is_the_documented_one_byte_for_byte():
    # ranks 0..4 with bands 1, 2, 3, 4, 4: stored as 0, 1, 2, 3 in byte 0 (two bits each,
    # rank 0 lowest), then 3 in the low bits of byte 1
    data = encode_bands([1, 2, 3, 4, 4])
    assert data == (b"ELZB" + (1).to_bytes(4, "little") + (5).to_bytes(4, "little") + bytes(4)
                    + bytes([0b11_10_01_00, 0b11]))
    assert encode_bands([]) == b"ELZB" + (1).to_bytes(4, "little") + bytes(8)


@settings(max_examples=300, deadline=None)
@given(bands=band_lists)
def test_encode_then_decode_gives_the_bands_back(bands):
    data = encode_bands(bands)
    assert len(data) == HEADER_SIZE + (len(bands) + 3) // 4
    assert decode_bands(data) == bands
    for rank, band in enumerate(bands):  # the documented bit arithmetic, independently
        assert (data[HEADER_SIZE + rank // 4] >> (2 * (rank % 4)) & 3) + 1 == band


@pytest.mark.parametrize("bad", [0, 5, -1, True, 1.0, "1", None])
def test_the_encoder_refuses_what_is_not_a_band(bad):
    with pytest.raises(ElzzurError, match=rf"^band of the word of rank 2 is {bad!r}, not a whole "
                                          r"number from 1 to 4$".replace("(", r"\(")):
        encode_bands([1, 4, bad, 2])


def test_write_bands_writes_the_encoding_atomically(tmp_path):
    write_bands(tmp_path / "x.bands", [2, 3, 1])
    assert (tmp_path / "x.bands").read_bytes() == encode_bands([2, 3, 1])
    with pytest.raises(ElzzurError):
        write_bands(tmp_path / "y.bands", [2, 9])
    assert not (tmp_path / "y.bands").exists()


def header(count: int, magic: bytes = b"ELZB", version: int = 1, reserved: int = 0) -> bytes:
    return magic + version.to_bytes(4, "little") + count.to_bytes(4, "little") \
        + reserved.to_bytes(4, "little")


GOOD = encode_bands([1, 2, 3, 4, 1, 2])  # 6 words: 2 bytes of bands


@pytest.mark.parametrize("data, message", [
    (b"", "not a commonness bands file (too short)"),
    (GOOD[:15], "not a commonness bands file (too short)"),
    (b"ELZG" + GOOD[4:], "not a commonness bands file of version 1"),
    (header(6, version=2) + GOOD[16:], "not a commonness bands file of version 1"),
    (header(6, reserved=7) + GOOD[16:], "commonness bands file is damaged (its reserved header field is not 0)"),
    (GOOD[:-1], "commonness bands file is 17 bytes, expected 18 for 6 words"),
    (GOOD + b"\0", "commonness bands file is 19 bytes, expected 18 for 6 words"),
    (header(2**32 - 1) + GOOD[16:], "commonness bands file is 18 bytes, expected 1073741840 for 4294967295 words"),
    (GOOD[:-1] + bytes([GOOD[-1] | 0b0100_0000]), "commonness bands file is damaged (bits set past its last word)"),
])
def test_damaged_files_are_clear_errors(tmp_path, data, message):
    with pytest.raises(ElzzurError) as caught:
        decode_bands(data, "x.bands")
    assert str(caught.value) == f"x.bands: {message}"
    path = tmp_path / "x.bands"
    path.write_bytes(data)
    graph = WordGraph(build(["AB", "AC", "B", "BA", "CA", "CAB"], "ABC"))
    with pytest.raises(ElzzurError) as caught:
        Bands.load(str(path), graph)
    assert str(caught.value) == f"{path}: {message}"


@settings(max_examples=500, deadline=None)
@given(bands=band_lists, edits=st.lists(st.tuples(st.integers(0, 400), st.integers(0, 255)),
                                        max_size=4),
       cut=st.integers(0, 400), junk=st.binary(max_size=40))
def test_any_bytes_give_bands_or_an_error(bands, edits, cut, junk):
    """Mutated files (bytes changed, cut short, junk added): every band read is one of the four,
    or the file is refused with an ElzzurError; nothing else escapes."""
    data = bytearray(encode_bands(bands))
    for at, value in edits:
        if at < len(data):
            data[at] = value
    for candidate in (bytes(data), bytes(data[:cut]) + junk, junk):
        try:
            decoded = decode_bands(candidate)
        except ElzzurError:
            continue
        assert len(candidate) == HEADER_SIZE + (len(decoded) + 3) // 4
        assert set(decoded) <= {1, 2, 3, 4}


def test_a_file_for_another_word_list_is_refused(tmp_path):
    path = tmp_path / "x.bands"
    path.write_bytes(GOOD)
    graph = WordGraph(build(["AB", "AC", "B", "BA", "CA"], "ABC"))
    with pytest.raises(ElzzurError, match=r"x\.bands: commonness bands for 6 words, but the "
                                          r"dictionary has 5 \(they do not belong together: "
                                          r"rebuild the bands\)$"):
        Bands.load(str(path), graph)


def test_an_unreadable_file_is_a_clear_error(tmp_path):
    graph = WordGraph(build(["AB"], "AB"))
    with pytest.raises(ElzzurError, match="cannot read commonness bands"):
        Bands.load(str(tmp_path), graph)  # a directory


# --- ranks ------------------------------------------------------------------------------------

@st.composite
def alphabets_and_words(draw):
    """A shuffled alphabet of ASCII and non-ASCII letters (the graph numbers letters in the
    order given) and a set of words over it."""
    pool = "ABCDEÇĞİŞÑÄÖÜßĈŜabcåøωж"
    letters = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=8, unique=True))
    words = draw(st.sets(st.text("".join(letters), min_size=1, max_size=7), max_size=80))
    return "".join(letters), words


@settings(max_examples=300, deadline=None)
@given(case=alphabets_and_words(), minimize=st.booleans(), probes=st.lists(st.text("ABÇŞωxZ", max_size=5)))
def test_a_words_rank_is_its_place_in_the_graphs_order(case, minimize, probes):
    alphabet, words = case
    graph = WordGraph(build(words, alphabet, minimize=minimize))
    listed = list(graph)
    for index, word in enumerate(listed):
        assert graph.rank(word) == index
    for probe in probes + ["", alphabet * 3] + [w[:-1] for w in words]:
        assert graph.rank(probe) == (listed.index(probe) if probe in words else None)


def test_ranks_of_a_real_dictionary_are_its_order(words_txt):
    graph = load_dictionary(words_txt, get_language("en")).graph
    assert [graph.rank(word) for word in graph] == list(range(len(graph)))
    assert graph.rank("DO") is None and graph.rank("DOGS") is None and graph.rank("dog") is None


def test_ranks_of_the_shipped_english_graph_are_its_order(builtin_en):
    graph = builtin_en.graph
    assert all(graph.rank(word) == index for index, word in enumerate(graph))


@pytest.mark.parametrize("array", ["ranks", "targets"])
def test_a_damaged_graph_gives_an_error_not_a_rank(array):
    """Ranks past the last word, or edges to nodes that are not there (the arrays end the file:
    targets, then ranks, 4 bytes per edge)."""
    good = build(["AB", "B"], "AB", minimize=False)
    edges = len(WordGraph(good).targets)
    data = bytearray(good)
    start = len(data) - 4 * edges * (1 if array == "ranks" else 2)
    data[start:start + 4 * edges] = (2**31).to_bytes(4, "little") * edges
    graph = WordGraph(bytes(data), "bad.dawg")
    for word in ("AB", "B"):
        with pytest.raises(ElzzurError, match=r"^bad\.dawg: the word graph is damaged$"):
            graph.rank(word)


# --- a language with bands beside its dictionary ------------------------------------------------

TOML = """\
code = "{code}"
name = "Testish"

[dictionary]
file = "{code}-words.txt"

[scoring]
min_length = 2
length_bonus = [0, 0, 0, 0, 0, 5]
length_bonus_step = 5

[normalization]
mode = "native"

[letters]
A = {{ value = 1, frequency = 8 }}
C = {{ value = 4, frequency = 2 }}
D = {{ value = 2, frequency = 3 }}
E = {{ value = 1, frequency = 12 }}
G = {{ value = 2, frequency = 2 }}
O = {{ value = 1, frequency = 7 }}
S = {{ value = 1, frequency = 6 }}
T = {{ value = 1, frequency = 9 }}
"Ñ" = {{ value = 8, frequency = 1 }}
"Ş" = {{ value = 8, frequency = 1 }}
"""

# The language's own words (SMALL_WORDS and two with native letters) and their bands.
OWN_BANDS = {"ACE": 1, "ACED": 3, "AT": 1, "CASE": 2, "CASED": 4, "CAT": 1, "DATE": 2, "SEA": 2,
             "TEA": 1, "DOG": 1, "AÑO": 2, "ŞAT": 3}
COMMON_ON_BOARD = ["CAT", "CASE", "ACE", "DATE", "TEA", "AT", "SEA"]  # by score, as listed
# Its letter values: C 4 (on a double word), A 1, T 1 (on a triple letter), S 1, E 1, D 2.
COMMON_LINES = """\
CAT     16    (0,0) (0,1) (0,2)
CASE    14    (0,0) (0,1) (1,0) (1,1)
ACE     12    (0,1) (0,0) (1,1)
DATE    7     (1,2) (0,1) (0,2) (1,1)
TEA     5     (0,2) (1,1) (0,1)
AT      4     (0,1) (0,2)
SEA     3     (1,0) (1,1) (0,1)
"""


@pytest.fixture(autouse=True)
def fresh_languages(monkeypatch):
    """Each test reads its language files afresh."""
    monkeypatch.setattr(elzzur.lexicon.languages, "_languages", {})


def make_language(folder: Path, code: str = "tx", bands: dict | None = OWN_BANDS) -> Path:
    """``folder/CODE.toml`` with its word list and, unless ``bands`` is None, its bands file
    written in the order of the list's word graph."""
    folder.mkdir(parents=True, exist_ok=True)
    toml = folder / f"{code}.toml"
    toml.write_text(TOML.format(code=code), encoding="utf-8")
    words = folder / f"{code}-words.txt"
    words.write_text("".join(w.lower() + "\n" for w in OWN_BANDS), encoding="utf-8")
    if bands is not None:
        language = elzzur.lexicon.languages.read_language(str(toml), str(toml), elzzur.lexicon.languages.FILE)
        graph = load_dictionary(words, language).graph
        write_bands(folder / f"{code}-words.bands", [bands[word] for word in graph])
    return toml


def test_a_band_is_looked_up_by_any_spelling(tmp_path):
    language = get_language(make_language(tmp_path / "langs"))
    for word, expected in OWN_BANDS.items():
        assert commonness.band(word, language) == expected
        assert commonness.band(word.lower(), language) == expected
    assert commonness.band("año", language) == 2 and commonness.band("şat", language) == 3
    assert commonness.band("GOD", language) is None  # not in its list
    assert commonness.band("Ω", language) is None  # not even spellable


def test_without_a_bands_file_every_band_is_unknown(tmp_path):
    language = get_language(make_language(tmp_path / "langs", bands=None))
    assert commonness.language_bands(language) is None
    assert commonness.band("CAT", language) is None


def test_a_bands_file_that_appears_later_is_seen(tmp_path):
    toml = make_language(tmp_path / "langs", bands=None)
    language = get_language(toml)
    assert commonness.band("CAT", language) is None
    make_language(tmp_path / "langs")  # the same files, now with bands
    assert commonness.band("CAT", language) == 1


def test_band_takes_a_language_code(tmp_path, monkeypatch):
    monkeypatch.setenv("ELZZUR_LANGUAGES_DIR", str(tmp_path / "langs"))
    make_language(tmp_path / "langs")
    assert commonness.band("aced", "tx") == 3


def test_the_built_in_word_graph_numbers_the_bands_of_a_built_in_language(tmp_path, monkeypatch):
    """A built-in language's bands are indexed by its shipped .dawg (here a stand-in in
    tmp_path: the real ones are being rebuilt)."""
    graph_bytes = build(OWN_BANDS, "".join(sorted("ACDEGOSTÑŞ")))
    (tmp_path / "bi.dawg").write_bytes(graph_bytes)
    (tmp_path / "bi.marisa").write_bytes(b"")  # never opened: the graph is enough
    write_bands(tmp_path / "bi.bands", [OWN_BANDS[w] for w in WordGraph(graph_bytes)])
    en = get_language("en")
    monkeypatch.setitem(elzzur.lexicon.languages._languages, "en",
                        en.replace(dictionary_path=str(tmp_path / "bi.marisa")))
    assert commonness.band("cased", "en") == 4 and commonness.band("cats", "en") is None


@pytest.mark.parametrize("code", available())
def test_each_shipped_bands_file_belongs_to_its_word_graph(code):
    """The bands the build writes beside a built-in dictionary load against its shipped graph
    (same count, a band from 1 to 4 for every word)."""
    language = get_language(code)
    path = commonness.bands_path(language)
    if not os.path.isfile(path):
        pytest.skip(f"no {os.path.basename(path)} (the dictionaries are being rebuilt)")
    bands = commonness.language_bands(language)
    assert len(bands) == len(bands.graph) > 0
    assert set(decode_bands(bands.data, path)) <= {1, 2, 3, 4}


# --- the command line ---------------------------------------------------------------------------

@pytest.fixture(params=["c", "python"])
def search_backend(request, monkeypatch):
    """Run the test with the C core, then with the pure-Python search."""
    if request.param == "python":
        monkeypatch.setenv("ELZZUR_PURE_PYTHON", "1")
    else:
        monkeypatch.delenv("ELZZUR_PURE_PYTHON", raising=False)
    assert refresh_backend() == request.param
    return request.param


def test_common_keeps_bands_1_and_2_and_the_totals_count_only_them(cli, tmp_path, search_backend):
    make_language(tmp_path / "langs")
    result = cli("solve", "-l", "langs/tx.toml", "-b", SMALL_BOARD, "--common")
    assert result.code == 0 and result.err == ""
    assert result.out == ("Cdw A   Ttl\nS   E   D\n\n" + COMMON_LINES + "\n"
                          "Number of words:            7\n"
                          "Length of the longest word: 4\n"
                          "Maximum total score:        61\n")
    everything = cli("solve", "-l", "langs/tx.toml", "-b", SMALL_BOARD, "-q").out
    assert "CASED" in everything and "ACED" in everything  # bands 4 and 3: left out above


def test_common_works_with_every_order_top_and_quiet(cli, tmp_path, search_backend):
    make_language(tmp_path / "langs")
    out = cli("solve", "-l", "langs/tx.toml", "-b", SMALL_BOARD, "--common", "-s", "alpha",
              "-q").out
    assert [line.split()[0] for line in out.splitlines()] == sorted(COMMON_ON_BOARD)
    out = cli("solve", "-l", "langs/tx.toml", "-b", SMALL_BOARD, "--common", "--top", "2",
              "--format", "json").out
    data = json.loads(out)
    assert [w["word"] for w in data["words"]] == ["CAT", "CASE"]
    assert data["stats"] == {"words": 7, "longest": 4, "total_score": 61}


def test_json_and_jsonl_give_each_word_its_band(cli, tmp_path, search_backend):
    make_language(tmp_path / "langs")
    for fmt in ("json", "jsonl"):
        data = json.loads(cli("solve", "-l", "langs/tx.toml", "-b", SMALL_BOARD, "--format",
                              fmt).out)
        assert {w["word"]: w["band"] for w in data["words"]} == \
            {w: OWN_BANDS[w] for w in ["CASED", "ACED", *COMMON_ON_BOARD]}
        assert list(data["words"][0]) == ["word", "score", "path", "band"]


def test_csv_has_a_band_column_at_the_end(cli, tmp_path):
    make_language(tmp_path / "langs")
    out = cli("solve", "-l", "langs/tx.toml", "-b", SMALL_BOARD, "--format", "csv").out
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["word", "score", "path", "band"]
    assert rows[1] == ["CASED", "23", "(0,0) (0,1) (1,0) (1,1) (1,2)", "4"]
    assert {row[0]: int(row[3]) for row in rows[1:]} == \
        {w: OWN_BANDS[w] for w in ["CASED", "ACED", *COMMON_ON_BOARD]}


def test_words_of_another_dictionary_are_banded_by_the_languages_own(cli, tmp_path, search_backend):
    """-d finds EAT and SAC, which the language's own list lacks: unknown, so not common."""
    make_language(tmp_path / "langs")
    (tmp_path / "mine.txt").write_text("cat\neat\nsac\naced\n", encoding="utf-8")
    argv = ["solve", "-l", "langs/tx.toml", "-b", SMALL_BOARD, "-d", "mine.txt"]
    data = json.loads(cli(*argv, "--format", "json").out)
    assert {w["word"]: w["band"] for w in data["words"]} == {"ACED": 3, "CAT": 1, "EAT": None,
                                                             "SAC": None}
    out = cli(*argv, "--format", "csv").out
    assert out.splitlines()[1:] == ['ACED,16,"(0,1) (0,0) (1,1) (1,2)",3',
                                    'CAT,16,"(0,0) (0,1) (0,2)",1',
                                    'SAC,12,"(1,0) (0,1) (0,0)",', 'EAT,5,"(1,1) (0,1) (0,2)",']
    assert cli(*argv, "--common", "-q").out == "CAT    16    (0,0) (0,1) (0,2)\n"


def test_text_output_is_unchanged_by_bands(cli, tmp_path):
    make_language(tmp_path / "with", code="tx")
    make_language(tmp_path / "without", code="tx", bands=None)
    assert cli("solve", "-l", "with/tx.toml", "-b", SMALL_BOARD).out == \
        cli("solve", "-l", "without/tx.toml", "-b", SMALL_BOARD).out


def test_without_band_data_json_says_null_and_common_is_an_error(cli, tmp_path):
    make_language(tmp_path / "langs", bands=None)
    data = json.loads(cli("solve", "-l", "langs/tx.toml", "-b", SMALL_BOARD, "--format",
                          "json").out)
    assert {w["band"] for w in data["words"]} == {None}
    cli("solve", "-l", "langs/tx.toml", "-b", SMALL_BOARD, "--common").error(
        1, f"elzzur: error: --common: Testish (tx) has no commonness bands (no "
           f"{tmp_path / 'langs' / 'tx-words.bands'} beside its dictionary)")


def test_common_needs_a_language_with_a_dictionary_of_its_own(cli, tmp_path, words_txt):
    toml = make_language(tmp_path / "langs")
    toml.write_text(toml.read_text(encoding="utf-8").replace('[dictionary]\nfile = "tx-words.txt"\n',
                                                             ""), encoding="utf-8")
    cli("solve", "-l", "langs/tx.toml", "-b", SMALL_BOARD, "-d", "words.txt", "--common").error(
        1, "elzzur: error: --common: Testish (tx) has no dictionary of its own, so no "
           "commonness bands to choose words by")


def test_a_built_in_language_without_its_bands_file_says_which_file(cli, tmp_path, monkeypatch,
                                                                   words_txt):
    (tmp_path / "bi.dawg").write_bytes(build(OWN_BANDS, "ACDEGOST"))
    (tmp_path / "bi.marisa").write_bytes(b"")  # never opened: the graph is enough
    en = get_language("en")
    monkeypatch.setitem(elzzur.lexicon.languages._languages, "en",
                        en.replace(dictionary_path=str(tmp_path / "bi.marisa")))
    cli("solve", "-l", "en", "-b", SMALL_BOARD, "-d", "words.txt", "--common").error(
        1, "elzzur: error: --common: English (en) has no commonness bands (no bi.bands beside "
           "its dictionary)")
    write_bands(tmp_path / "bi.bands", [OWN_BANDS[w] for w in WordGraph(build(OWN_BANDS, "ACDEGOST"))])
    result = cli("solve", "-l", "en", "-b", SMALL_BOARD, "-d", "words.txt", "--common", "-q")
    assert result.code == 0 and result.err == ""
    out = result.out
    assert sorted(line.split()[0] for line in out.splitlines()) == sorted(COMMON_ON_BOARD)


@pytest.mark.parametrize("damage", ["truncated", "other list", "not bands"])
@pytest.mark.parametrize("options", [["--common"], ["--format", "json"], ["--format", "csv"]])
def test_a_damaged_bands_file_is_an_error_not_a_wrong_answer(cli, tmp_path, damage, options):
    make_language(tmp_path / "langs")
    path = tmp_path / "langs" / "tx-words.bands"
    data = path.read_bytes()
    path.write_bytes({"truncated": data[:-1], "other list": encode_bands([1] * 11),
                      "not bands": b"\0" * len(data)}[damage])
    message = cli("solve", "-l", "langs/tx.toml", "-b", SMALL_BOARD, *options).error(1)
    assert message.startswith(f"elzzur: error: {path}: ")


def test_common_in_a_batch_over_several_processes(cli, tmp_path):
    make_language(tmp_path / "langs")
    (tmp_path / "two.boards").write_text(SMALL_BOARD.replace("/", "\n") + "\n\nA T\nE S\n",
                                         encoding="utf-8")
    argv = ["solve", "-l", "langs/tx.toml", "-b", "two.boards", "--common", "--format", "jsonl"]
    one, two = cli(*argv), cli(*argv, "--jobs", "2")
    assert one.code == two.code == 0 and one.out == two.out
    first, second = (json.loads(line) for line in one.out.splitlines())
    assert [w["word"] for w in first["words"]] == COMMON_ON_BOARD
    assert {w["word"] for w in second["words"]} == {"AT", "SEA", "TEA"}  # not EAST, SAT: not listed


def test_show_names_common_when_it_left_the_word_out(cli, tmp_path):
    make_language(tmp_path / "langs")
    argv = ["solve", "-l", "langs/tx.toml", "-b", SMALL_BOARD, "--show", "cased"]
    assert cli(*argv).code == 0
    cli(*argv, "--common").error(
        1, "elzzur: error: --show 'cased': CASED is not on this board among the common words "
           "(--common)")


def test_demo_takes_common(cli, tmp_path):
    make_language(tmp_path / "langs")
    (tmp_path / "langs" / "tx.board").write_text(SMALL_BOARD.replace("/", "\n") + "\n",
                                                 encoding="utf-8")
    assert cli("demo", "-l", "langs/tx.toml", "--common", "-q").out == COMMON_LINES


@pytest.mark.parametrize("pure_python", ["0", "1"])
def test_common_in_a_real_process(tmp_path, pure_python):
    make_language(tmp_path / "langs")
    env = dict(child_env(), ELZZUR_PURE_PYTHON=pure_python)
    done = subprocess.run([sys.executable, "-m", "elzzur", "solve", "-l", "langs/tx.toml", "-b",
                           SMALL_BOARD, "--common", "-q"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    assert (done.returncode, done.stdout, done.stderr) == (0, COMMON_LINES, "")


# --- the Python API -------------------------------------------------------------------------------

def test_found_still_takes_three_fields():
    found = Found("CAT", 10, ((0, 0), (0, 1), (0, 2)))
    assert found.band is None


@pytest.mark.parametrize("use", ["c", "python"])
def test_solve_gives_every_word_its_band_and_common_keeps_bands_1_and_2(tmp_path, use):
    language = get_language(make_language(tmp_path / "langs"))
    board = elzzur.load_board(SMALL_BOARD, language)
    dictionary = elzzur.load_dictionary(None, language)
    solution = elzzur.solve(board, dictionary, language, use=use)
    assert {f.word: f.band for f in solution} == \
        {w: OWN_BANDS[w] for w in ["CASED", "ACED", *COMMON_ON_BOARD]}
    common = elzzur.solve(board, dictionary, language, use=use, common=True)
    assert [f.word for f in common] == COMMON_ON_BOARD
    assert common["CAT"] == Found("CAT", 16, ((0, 0), (0, 1), (0, 2)), 1)
    assert [f.word for f in common.top(2)] == ["CAT", "CASE"]


@pytest.mark.parametrize("use", ["c", "python"])
def test_solve_with_common_and_no_band_data_is_an_error(tmp_path, use):
    language = get_language(make_language(tmp_path / "langs", bands=None))
    board = elzzur.load_board(SMALL_BOARD, language)
    dictionary = elzzur.load_dictionary(None, language)
    assert {f.band for f in elzzur.solve(board, dictionary, language, use=use)} == {None}
    with pytest.raises(ElzzurError, match="has no commonness bands"):
        elzzur.solve(board, dictionary, language, use=use, common=True)
