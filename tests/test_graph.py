"""The word graph: the same words as the MARISA dictionary it is built from, ranks that number
the words in order, and clear errors for files that are not graphs."""

from __future__ import annotations

import os
import re

import marisa_trie
import pytest
from hypothesis import given, settings, strategies as st

from elzzur.lexicon.dictionary import alphabet, has_builtin_dictionary, load_dictionary
from elzzur.errors import ElzzurError
from elzzur.lexicon.graph import WordGraph, build, graph_path
from elzzur.lexicon.languages import available, get_language
from elzzur.files import resource

words_over_abc = st.sets(st.text("ABCD", min_size=1, max_size=7), max_size=60)


@settings(max_examples=200, deadline=None)
@given(words=words_over_abc, minimize=st.booleans())
def test_a_graph_holds_exactly_its_words_in_order(words, minimize):
    graph = WordGraph(build(words, "ABCD", minimize=minimize))
    assert list(graph) == sorted(words)
    assert len(graph) == len(words)
    for word in words:
        assert word in graph
        assert all(graph.has_prefix(word[:k]) for k in range(len(word) + 1))
    assert "E" not in graph and "ABCDABCD" not in graph


@settings(max_examples=100, deadline=None)
@given(words=words_over_abc)
def test_ranks_number_the_words_alphabetically(words):
    graph = WordGraph(build(words, "ABCD"))
    for expected, word in enumerate(sorted(words)):
        node, rank = 0, 0
        for ch in word:
            letter = graph.index[ch]
            mask = graph.masks[node]
            edge = graph.first[node] + (mask & ((1 << letter) - 1)).bit_count()
            rank += graph.ranks[edge]
            node = graph.targets[edge]
        assert rank == expected


def test_minimizing_shares_suffixes():
    words = [p + s for p in ("WALK", "TALK", "BALK") for s in ("", "ED", "ING", "S")]
    letters = "ABDEGIKLNSTW"
    assert len(build(words, letters)) < len(build(words, letters, minimize=False))


def test_words_with_letters_outside_the_alphabet_are_left_out():
    assert list(WordGraph(build(["AB", "AÑO", "BA"], "AB"))) == ["AB", "BA"]


@pytest.mark.parametrize("code", available())
def test_each_shipped_graph_holds_the_words_of_its_marisa_dictionary(code):
    language = get_language(code)
    path = resource("dictionaries", language.dictionary)
    trie = marisa_trie.Trie()
    trie.mmap(path)
    graph = WordGraph.load(graph_path(path))
    assert graph.alphabet == alphabet(language)
    assert len(graph) == len(trie)
    assert list(graph) == sorted(trie.iterkeys())


@pytest.mark.parametrize("content, message", [
    (b"", "cannot read word graph"),
    (b"ELZG", "not a word graph (too short)"),
    (b"MARISA" + bytes(64), "not a word graph of version 1"),
])
def test_a_file_that_is_not_a_graph_is_reported(tmp_path, content, message):
    path = tmp_path / "x.dawg"
    path.write_bytes(content)
    with pytest.raises(ElzzurError, match=re.escape(message)):
        WordGraph.load(str(path))


def test_a_truncated_graph_is_reported(tmp_path):
    data = build(["CAT", "DOG"], "ACDGOT")
    with pytest.raises(ElzzurError, match="expected"):
        WordGraph(data[:-4])


def test_a_user_dictionary_graph_is_cached_and_rebuilt_when_the_file_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("ELZZUR_CACHE_DIR", str(tmp_path / "cache"))
    english = get_language("en")
    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\n", encoding="utf-8")
    assert list(load_dictionary(words, english)) == ["CAT", "DOG"]
    cached = os.listdir(tmp_path / "cache")
    assert len(cached) == 1 and cached[0].endswith(".en.list.dawg")
    assert list(load_dictionary(words, english)) == ["CAT", "DOG"]  # from the cache
    words.write_text("cat\ndog\nemu\n", encoding="utf-8")
    os.utime(words, ns=(1, 1))  # a different modification time, whatever the clock says
    assert list(load_dictionary(words, english)) == ["CAT", "DOG", "EMU"]


def test_a_damaged_cache_entry_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("ELZZUR_CACHE_DIR", str(tmp_path / "cache"))
    english = get_language("en")
    words = tmp_path / "words.txt"
    words.write_text("cat\n", encoding="utf-8")
    load_dictionary(words, english)
    (entry,) = (tmp_path / "cache").iterdir()
    entry.write_bytes(b"garbage")
    assert list(load_dictionary(words, english)) == ["CAT"]


def test_an_unwritable_cache_only_makes_things_slower(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("ELZZUR_CACHE_DIR", str(blocker / "cache"))  # a folder inside a file
    words = tmp_path / "words.txt"
    words.write_text("cat\n", encoding="utf-8")
    assert list(load_dictionary(words, get_language("en"))) == ["CAT"]


def test_the_builtin_dictionaries_are_installed():
    assert all(has_builtin_dictionary(get_language(code)) for code in available())


def test_a_graph_without_nodes_is_reported():
    import struct

    data = struct.pack("<4s6I", b"ELZG", 1, 0, 0, 0, 0, 0)
    with pytest.raises(ElzzurError, match="word graph has no nodes"):
        WordGraph(data)


def test_an_empty_dictionary_is_a_graph_with_only_a_root():
    graph = WordGraph(build([], "AB"))
    assert list(graph) == [] and len(graph) == 0 and "A" not in graph
