"""What the fuzzer (``tools/fuzz.py``) found, each as the minimal input it reported, and a short
run of each of its targets so that the harness keeps working.

The rule the fuzzer checks: bad input ends in ``ElzzurError``, never in another exception, a
hang or a crash.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from conftest import child_env
from elzzur import cache, datafiles
from elzzur.grid.board import read_board_text
from elzzur.lexicon.dictionary import graph_kind, load_dictionary
from elzzur.errors import ElzzurError
from elzzur.lexicon.graph import WordGraph, build
from elzzur.lexicon.languages import FILE, get_language, read_language

REPO = Path(__file__).resolve().parent.parent
EN = get_language("en")


def load_fuzz():
    spec = importlib.util.spec_from_file_location("elzzur_fuzz", REPO / "tools" / "fuzz.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fuzz = load_fuzz()


# --- board ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["0\x00", "\ud800\ud800"])
def test_an_inline_board_no_file_can_be_named_is_no_such_file(text):
    # ValueError (embedded null byte) and UnicodeEncodeError (surrogates) from os.stat
    with pytest.raises(ElzzurError, match="no such file"):
        read_board_text(text)


# --- dictionary ----------------------------------------------------------------------------------

def small_graph() -> bytes:
    return build(["ACT", "CAT", "CATS", "TEA"], "".join(sorted(EN.letter_values)))


def test_a_word_graph_whose_alphabet_is_not_utf8_is_an_error():
    data = bytearray(small_graph())
    data[28] = 0x80  # the first byte of the alphabet: was UnicodeDecodeError
    with pytest.raises(ElzzurError, match="alphabet is not UTF-8"):
        WordGraph(bytes(data))


def test_a_word_graph_of_more_than_63_letters_is_an_error():
    import struct

    alphabet = "".join(chr(0x100 + i) for i in range(64)).encode("utf-8")
    pad = b"\0" * (-len(alphabet) % 8)
    data = struct.pack("<4s6I", b"ELZG", 1, 1, 0, 0, 0, len(alphabet)) + alphabet + pad + bytes(12)
    with pytest.raises(ElzzurError, match="64 letters, at most 63"):
        WordGraph(data)


@pytest.mark.parametrize("edits", [
    (("flip", 168, 0),),             # a mask bit past the alphabet: was IndexError in __iter__
    (("u64", 25, 2**63),),           # the alphabet's bytes: was UnicodeDecodeError
    (("u32", 13, 2**31), ("byte", 32, 101), ("u32", 507, 255)),  # was IndexError in child()
])
def test_a_damaged_cache_entry_of_a_word_list_is_built_again(tmp_path, monkeypatch, edits):
    monkeypatch.setenv("ELZZUR_CACHE_DIR", str(tmp_path / "cache"))
    words = tmp_path / "words.txt"
    words.write_text("cat\ncats\nact\ntea\n", encoding="utf-8")
    load_dictionary(words, EN)
    entry = Path(cache.entry(str(words), graph_kind(EN)))
    entry.write_bytes(fuzz.apply_edits(entry.read_bytes(), edits))
    assert list(load_dictionary(words, EN)) == ["ACT", "CAT", "CATS", "TEA"]


@pytest.mark.parametrize("edits", [
    (("delete", 43, 37), ("flip", 0, 5)),  # was read as a table of None: "in1.toml: None"
    (("flip", 17, 4), ("u32", 17, 2**32 - 1), ("copy", 17, 169), ("flip", 4, 4), ("flip", 4, 4)),
    # was SystemError (bad argument to internal function) from marshal.loads
    (("byte", 146, 7), ("copy", 0, 123), ("u64", 7, 2**63)),  # was TypeError in parse_language
])
def test_a_damaged_cache_entry_of_a_language_file_is_read_again(tmp_path, monkeypatch, edits):
    monkeypatch.setenv("ELZZUR_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "in1.toml"
    path.write_bytes((REPO / "elzzur" / "res" / "languages" / "en.toml").read_bytes())
    read_language(str(path), str(path), FILE)
    entry = Path(cache.entry(str(path), "toml.marshal"))
    entry.write_bytes(fuzz.apply_edits(entry.read_bytes(), edits))
    datafiles._loaded.clear()
    assert read_language(str(path), str(path), FILE).letter_values == EN.letter_values


def test_a_cache_entry_cut_short_is_derived_again(tmp_path, monkeypatch):
    monkeypatch.setenv("ELZZUR_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "xx.toml"
    path.write_bytes((REPO / "elzzur" / "res" / "languages" / "en.toml").read_bytes().replace(
        b'code = "en"', b'code = "xx"'))
    read_language(str(path), str(path), FILE)
    entry = Path(cache.entry(str(path), "toml.marshal"))
    entry.write_bytes(entry.read_bytes()[:-9])
    datafiles._loaded.clear()
    assert read_language(str(path), str(path), FILE).code == "xx"


def test_a_damaged_compiled_dictionary_is_an_error_not_a_crash(tmp_path):
    # marisa maps the file unchecked: walking its keys crashed the process (SIGSEGV). Run in a
    # child process, so that a regression fails this test instead of killing the test run.
    code = f"""
import sys
sys.path.insert(0, {str(REPO / "tools")!r})
import fuzz
from elzzur.lexicon.dictionary import load_dictionary
from elzzur.errors import ElzzurError
from elzzur.lexicon.languages import get_language
marisa, _ = fuzz.DictionaryTarget.fixtures()
path = {str(tmp_path / "bad.marisa")!r}
with open(path, "wb") as f:
    f.write(fuzz.apply_edits(marisa, (("u64", 66, 2**64 - 1),)))
try:
    load_dictionary(path, get_language("en"))
except ElzzurError as e:
    print(e)
"""
    env = child_env()
    env["ELZZUR_CACHE_DIR"] = str(tmp_path / "cache")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "bad.marisa: not a valid MARISA dictionary" in done.stdout


def test_a_damaged_builtin_word_graph(tmp_path):
    """A broken installation: listing or searching the graph is a clear error."""
    path = tmp_path / "en.dawg"
    path.write_bytes(fuzz.apply_edits(small_graph(), (("flip", 80, 0),)))
    with pytest.raises(ElzzurError, match="en.dawg: the word graph is damaged"):
        list(WordGraph.load(str(path)))


def test_a_damaged_word_graph_looked_up_is_an_error():
    """Found by tools/fuzz.py dictionary (seed 14): a flipped byte sent a lookup past the edge
    array (IndexError); looking a word or a prefix up in a damaged graph is a clear error."""
    data = fuzz.apply_edits(fuzz.DictionaryTarget.fixtures()[1], (("flip", 437, 0),))
    graph = WordGraph(data, "bad.dawg")
    with pytest.raises(ElzzurError, match="bad.dawg: the word graph is damaged"):
        "CAT" in graph  # noqa: B015 -- what the fuzzer did first


def test_a_word_graph_claiming_an_enormous_longest_word_is_an_error():
    """Found by the same run: a header saying the longest word has 2**31 letters made the
    search build tables that long (a hang); no graph elzzur builds has words over 64 letters."""
    from elzzur.lexicon.cleaning import MAX_WORD
    from elzzur.lexicon.graph import LONGEST

    assert LONGEST == MAX_WORD
    data = fuzz.apply_edits(fuzz.DictionaryTarget.fixtures()[1], (("u64", 16, 2**63),))
    with pytest.raises(ElzzurError, match="bad.dawg: the word graph is damaged .its longest word "
                                          "would have 2,147,483,648 letters, at most 64"):
        WordGraph(data, "bad.dawg")


# --- position ------------------------------------------------------------------------------------

@pytest.mark.parametrize("cgp, message", [
    ("15/14²////////////15/15 / ", "'²' is not a tile"),  # was ValueError from int('14²')
    ("4144000000/15//15/15///15//////15/15 / ", "a run of more than 15"),  # was MemoryError
    ("9" * 5000 + "/15" * 14, "a run of more than 15"),  # was ValueError (int of 4,300 digits)
])
def test_a_cgp_run_that_is_not_a_small_ascii_number_is_an_error(cgp, message):
    from elzzur.scrabble.position import parse_cgp

    with pytest.raises(ElzzurError, match=message):
        parse_cgp(cgp)


@pytest.mark.parametrize("old, new, message", [
    ('"H" = { value = 4,', '"H" = { value = 1e4004,', "key 'tiles.H.value' must be a whole number from 0 to 1,000,000"),
    ('"H" = { value = 4, count = 2 }', '"H" = [1]', "key 'tiles.H' must be a table")])
def test_a_tile_file_with_an_infinite_value_or_a_list_for_a_tile(tmp_path, old, new, message):
    from elzzur.scrabble.tiles import load_tile_set

    path = tmp_path / "tiles.toml"
    text = (REPO / "elzzur" / "res" / "scrabble" / "tiles" / "en.toml").read_text(encoding="utf-8")
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(ElzzurError, match=f"^{re.escape(str(path))}: {re.escape(message)}$"):
        load_tile_set(str(path))


# --- short runs of each target of the fuzzer -----------------------------------------------------

SMOKE = settings(max_examples=25, deadline=None, database=None,
                 suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def targets(tmp_path_factory):
    made = {}

    def target(name):
        if name not in made:
            made[name] = fuzz.TARGET_CLASSES[name](str(tmp_path_factory.mktemp(name)))
        return made[name]

    return target


def smoke(target, example):
    fuzz.check(target, example)


@SMOKE
@given(example=fuzz.BoardTarget.strategy())
def test_fuzz_board(targets, example):
    smoke(targets("board"), example)


@SMOKE
@given(example=fuzz.LanguageTarget.strategy())
def test_fuzz_language(targets, example):
    smoke(targets("language"), example)


@SMOKE
@given(example=fuzz.DictionaryTarget.strategy())
def test_fuzz_dictionary(targets, example):
    smoke(targets("dictionary"), example)


@SMOKE
@given(example=fuzz.PositionTarget.strategy())
def test_fuzz_position(targets, example):
    smoke(targets("position"), example)
