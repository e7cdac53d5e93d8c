"""Dictionaries: cleaning word lists, compiled tries, bad files, and the shipped English list."""

from __future__ import annotations

import os
import random
import string

import pytest

from elzzur.lexicon.cleaning import clean_word, clean_words
from elzzur.lexicon.dictionary import (
    builtin_dictionary, has_builtin_dictionary, load_dictionary, read_word_list,
)
from elzzur.errors import ElzzurError
from elzzur.lexicon.languages import get_language

EN = get_language("en")
DE = get_language("de")

# One junk entry per line: a BOM, CRLF line ends, names, apostrophes, digits, empty lines,
# accents, letters without a decomposition, duplicates, spaces and hyphens.
JUNK_LINES = [
    "\ufeffcafé", "Café", "", "cœur", "don't", "o'clock", "abc1", "3d", "Straße", "straße",
    "Alice", "NASA", "cat", "cat", "CAT", "well-known", "ice cream", "a", "ox", "  dog  ",
    "naïve", "cafe", "   ",
]
JUNK = "\r\n".join(JUNK_LINES) + "\r\n"
JUNK_CLEAN_EN = {"CAFE", "COEUR", "STRASSE", "CAT", "OX", "DOG", "NAIVE"}
# German keeps words with a capital first letter (its nouns), still not all-capital ones.
JUNK_CLEAN_DE = JUNK_CLEAN_EN | {"ALICE"}


@pytest.fixture
def junk_txt(tmp_path):
    path = tmp_path / "junk.txt"
    path.write_bytes(JUNK.encode("utf-8"))
    return path


@pytest.mark.parametrize("raw, key", [
    ("cat", "CAT"), ("cat\r\n", "CAT"), ("\ufeffcat", "CAT"), ("café", "CAFE"),
    ("Cat", None), ("CAT", None), ("don't", None), ("x2", None), ("", None), ("a", None),
    ("co-op", None), ("中文", None),
])
def test_clean_word_in_english(raw, key):
    assert clean_word(raw, EN) == key


@pytest.mark.parametrize("raw, key", [
    ("Straße", "STRASSE"), ("Ärger", "ARGER"), ("haus", "HAUS"), ("USA", None), ("GmbH", None),
])
def test_clean_word_in_german_keeps_capitalised_nouns(raw, key):
    assert clean_word(raw, DE) == key


def test_a_junk_word_list_gives_the_clean_words(junk_txt):
    assert read_word_list(junk_txt, EN) == JUNK_CLEAN_EN
    assert read_word_list(junk_txt, DE) == JUNK_CLEAN_DE
    assert clean_words(JUNK_LINES, EN) == JUNK_CLEAN_EN


def test_a_junk_word_list_and_its_compiled_form_hold_the_same_words(cli, junk_txt):
    assert cli("compile", "-d", str(junk_txt), "-o", "junk.marisa").code == 0
    as_text = load_dictionary(junk_txt, EN)
    compiled = load_dictionary("junk.marisa", EN)
    assert set(as_text) == set(compiled) == JUNK_CLEAN_EN
    assert len(as_text) == len(compiled) == len(JUNK_CLEAN_EN)


def test_dictionary_answers_membership_prefixes_and_lists_words_sorted(words_txt):
    dictionary = load_dictionary(words_txt, EN)
    assert "CASED" in dictionary and "CAS" not in dictionary and "cased" not in dictionary
    assert dictionary.has_prefix("CAS") and dictionary.has_prefix("CASED")
    assert not dictionary.has_prefix("CASEDX") and not dictionary.has_prefix("Z")
    assert list(dictionary) == ["ACE", "ACED", "AT", "CASE", "CASED", "CAT", "DATE", "DOG", "SEA", "TEA"]
    assert len(dictionary) == 10
    assert dictionary.source == str(words_txt)


def test_a_marisa_file_and_its_word_list_load_alike(words_txt, words_marisa):
    assert list(load_dictionary(words_txt, EN)) == list(load_dictionary(words_marisa, EN))


def test_an_empty_word_list_is_an_error(tmp_path):
    """An empty list (blank lines only) leaves no word to play: an error, not a silent empty
    answer on every board."""
    path = tmp_path / "empty.txt"
    path.write_text("\n\n", encoding="utf-8")
    with pytest.raises(ElzzurError, match=r"empty.txt: no words in it \(the list is empty\)$"):
        load_dictionary(path, EN)


def test_a_missing_dictionary_says_no_such_file(tmp_path):
    with pytest.raises(ElzzurError, match="nosuch.marisa: no such file$"):
        load_dictionary(tmp_path / "nosuch.marisa", EN)


def test_a_directory_is_not_a_dictionary(tmp_path):
    (tmp_path / "d.marisa").mkdir()
    with pytest.raises(ElzzurError, match="d.marisa: is a directory, not a file$"):
        load_dictionary(tmp_path / "d.marisa", EN)


def corrupt_bytes(name: str, good: bytes) -> bytes:
    return {
        "random.marisa": random.Random(0).randbytes(4096),
        "empty.marisa": b"",
        "truncated.marisa": good[: len(good) // 2],
        "text.marisa": b"cat\ndog\n",
    }[name]


@pytest.mark.parametrize("name", ["random.marisa", "empty.marisa", "truncated.marisa", "text.marisa"])
def test_a_file_that_is_no_marisa_trie_is_refused(tmp_path, words_marisa, name):
    path = tmp_path / name
    path.write_bytes(corrupt_bytes(name, words_marisa.read_bytes()))
    with pytest.raises(ElzzurError, match=f"{name}: not a valid MARISA dictionary$"):
        load_dictionary(path, EN)


def test_non_utf8_bytes_in_a_word_list_name_the_line(tmp_path):
    # far past the first read buffer, so an offset inside a buffer would be wrong
    lines = [f"word{letter}{other}" for letter in string.ascii_lowercase for other in string.ascii_lowercase]
    data = ("\n".join(lines * 10) + "\n").encode() + "café\n".encode("latin-1")
    path = tmp_path / "latin1.txt"
    path.write_bytes(data)
    expected_line = len(lines) * 10 + 1
    message = f"latin1.txt, line {expected_line}: not UTF-8 text \\(byte 0xe9\\)$"
    with pytest.raises(ElzzurError, match=message):
        load_dictionary(path, EN)


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read any file")
def test_an_unreadable_dictionary_is_refused(tmp_path, words_txt):
    words_txt.chmod(0)
    with pytest.raises(ElzzurError, match="permission denied"):
        load_dictionary(words_txt, EN)


def test_a_missing_builtin_dictionary_is_reported(monkeypatch, tmp_path):
    english = EN.replace(dictionary_path=str(tmp_path / "en.marisa"))  # as if not built
    monkeypatch.setattr("elzzur.lexicon.dictionary._builtin", {})  # nothing loaded yet in this test
    assert not has_builtin_dictionary(english)
    with pytest.raises(ElzzurError, match=r"the built-in dictionary for 'en' is missing \(en.marisa\)"):
        load_dictionary(None, english)


# --- the shipped English dictionary --------------------------------------------------------

def test_builtin_english_has_only_game_words(builtin_en):
    assert len(builtin_en) > 50_000
    for word in ["COHESIVE", "HEROIC", "CHORES", "ECHO", "CATS", "RAN"]:
        assert word in builtin_en
    # proper nouns and abbreviations a player would be told off for (issue 2)
    # (not COHEN: a tournament word, a priest)
    for word in ["ROCHE", "THC", "DENVER", "VENICE", "CHEN"]:
        assert word not in builtin_en
    allowed = set(string.ascii_uppercase)
    bad = [w for w in builtin_en.trie.iterkeys() if len(w) < 2 or not set(w) <= allowed]
    assert bad == []


def test_builtin_dictionary_is_loaded_once(builtin_en):
    assert load_dictionary(None, EN) is builtin_en
    assert builtin_en.source == EN.dictionary_source



def test_a_line_longer_than_any_word_is_dropped(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("cat\n" + "a" * 1_000_000 + "\n" + "b" * 64 + "\n", encoding="utf-8")
    assert list(load_dictionary(path, EN)) == ["B" * 64, "CAT"]
