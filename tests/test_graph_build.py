"""The word-graph build (``elzzur.lexicon.graph.build``): the streaming minimal-graph build gives,
byte for byte, the graph of the plain algorithm it replaced (kept here as the reference), and a
list too large for any graph is a clear error, not minutes and gigabytes; reading the list for
it (``elzzur.lexicon.cleaning``) is bounded too, and its fast path reads as ``classify`` does."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given, settings, strategies as st

from conftest import SMALL_BOARD

from elzzur.errors import ElzzurError
from elzzur.lexicon import cleaning, graph
from elzzur.lexicon.languages import get_language
from elzzur.lexicon.graph import MAGIC, TERMINAL, VERSION, WordGraph, build


def reference_build(words, alphabet: str, minimize: bool = True) -> bytes:
    """The build as it was before it streamed: every node a dict, kept to the end."""
    index = {letter: i for i, letter in enumerate(alphabet)}
    children: list[dict[int, int]] = [{}]
    terminal = [False]
    register: dict = {}
    path = [0]
    previous: tuple[int, ...] = ()

    def finish(depth: int) -> None:
        while len(path) - 1 > depth:
            node = path.pop()
            if not minimize:
                continue
            parent = path[-1]
            key = (terminal[node], tuple(children[node].items()))
            same = register.get(key)
            if same is None:
                register[key] = node
            else:
                children[parent][max(children[parent])] = same

    longest = 0
    for word in sorted(set(words), key=lambda w: [index.get(ch, -1) for ch in w]):
        if not word or any(ch not in index for ch in word):
            continue
        letters = tuple(index[ch] for ch in word)
        common = 0
        limit = min(len(letters), len(previous))
        while common < limit and letters[common] == previous[common]:
            common += 1
        finish(common)
        node = path[-1]
        for letter in letters[common:]:
            children.append({})
            terminal.append(False)
            children[node][letter] = len(terminal) - 1
            node = len(terminal) - 1
            path.append(node)
        terminal[node] = True
        previous = letters
        longest = max(longest, len(letters))
    finish(0)
    order: dict[int, int] = {}
    sequence = []
    stack = [0]
    while stack:
        node = stack.pop()
        if node in order:
            continue
        order[node] = len(sequence)
        sequence.append(node)
        stack.extend(children[node][k] for k in sorted(children[node], reverse=True))
    count: dict[int, int] = {}

    def words_below(node: int) -> int:
        if node not in count:
            count[node] = terminal[node] + sum(words_below(c) for c in children[node].values())
        return count[node]

    words = words_below(0)
    masks, first, targets, ranks = [], [], [], []
    for node in sequence:
        mask = TERMINAL if terminal[node] else 0
        first.append(len(targets))
        before = int(terminal[node])
        for letter in sorted(children[node]):
            child = children[node][letter]
            mask |= 1 << letter
            targets.append(order[child])
            ranks.append(before)
            before += words_below(child)
        masks.append(mask)
    encoded = alphabet.encode("utf-8")
    header = struct.pack("<4s6I", MAGIC, VERSION, len(sequence), len(targets), words, longest,
                         len(encoded))
    pad = b"\0" * (-len(encoded) % 8)
    return b"".join([header, encoded, pad, struct.pack(f"<{len(masks)}Q", *masks),
                     struct.pack(f"<{len(first)}I", *first),
                     struct.pack(f"<{len(targets)}I", *targets),
                     struct.pack(f"<{len(ranks)}I", *ranks)])


# Small alphabets make shared prefixes and endings (what minimising merges) likely; a letter
# outside the alphabet ("Z") and the empty word must be skipped.
WORDS = st.lists(st.text(alphabet="ABCDZ", max_size=7), max_size=60)


@settings(max_examples=300, deadline=None)
@given(WORDS, st.booleans())
def test_the_build_is_byte_for_byte_the_reference_build(words, minimize):
    assert build(words, "ABCD", minimize) == reference_build(words, "ABCD", minimize)


@settings(max_examples=100, deadline=None)
@given(WORDS, st.permutations("ABCD"), st.booleans())
def test_an_alphabet_out_of_character_order_numbers_letters_as_given(words, order, minimize):
    alphabet = "".join(order)
    data = build(words, alphabet, minimize)
    assert data == reference_build(words, alphabet, minimize)
    spelled = {w for w in words if w and "Z" not in w}
    index = {letter: i for i, letter in enumerate(alphabet)}
    assert list(WordGraph(data)) == sorted(spelled, key=lambda w: [index[ch] for ch in w])


@settings(max_examples=50, deadline=None)
@given(st.lists(st.text(alphabet="ÇİŞAB\u00e9", min_size=1, max_size=6), max_size=40))
def test_letters_beyond_ascii_and_generators_build_the_same(words):
    alphabet = "ABÇİŞ"  # in character order, as every language's alphabet is
    assert build(iter(words), alphabet) == reference_build(words, alphabet)


def test_the_shipped_english_graph_is_rebuilt_byte_for_byte():
    from elzzur.lexicon.dictionary import alphabet, builtin_dictionary
    from elzzur.lexicon.languages import get_language

    english = get_language("en")
    dictionary = builtin_dictionary(english)
    words = list(dictionary.graph)
    assert build(words, alphabet(english)) == bytes(dictionary.graph.buffer)


@pytest.mark.parametrize("limit, words, message", [
    ("MAX_WORDS", ["AB", "BA", "AA", "BB"], "more than 3 words: too many for a word graph"),
    ("MAX_PREFIXES", ["AAAA", "BBBB"],
     "too large for a word graph: its words have more than 7 distinct prefixes"),
    ("MAX_NODES", ["ABAB", "BABA"], "too large for a word graph: more than 3 nodes, its words"),
])
def test_a_list_past_a_bound_is_a_clear_error(monkeypatch, limit, words, message):
    monkeypatch.setattr(graph, limit, {"MAX_WORDS": 3, "MAX_PREFIXES": 7, "MAX_NODES": 3}[limit])
    with pytest.raises(ElzzurError, match=f"^my.txt: {message}"):
        build(words, "AB", origin="my.txt")


def test_the_bounds_stand_well_above_the_largest_shipped_dictionary():
    """Turkish: 1,039,033 words, 2,011,993 prefixes, 246,163 nodes (the messages quote them)."""
    from elzzur.lexicon.languages import get_language

    tr = WordGraph.load(graph.graph_path(get_language("tr").dictionary_path))
    assert len(tr) * 1.9 < graph.MAX_WORDS
    assert len(tr.masks) * 10 < graph.MAX_NODES


# --- reading a list for the build ------------------------------------------------------------

def test_a_list_of_too_many_lines_is_refused_before_it_is_split(cli, tmp_path, monkeypatch):
    (tmp_path / "many.txt").write_text("cab\r\n" * 6 + "\r\r\n", encoding="utf-8")
    monkeypatch.setattr(cleaning, "MAX_ENTRIES", 5)
    cli("solve", "-b", SMALL_BOARD, "-d", "many.txt").error(
        1, "many.txt: more than 5 lines, too many for a word list")
    for text, lines in (("a\n" * 5, 5), ("a\r\n" * 5, 5), ("a\r" * 4 + "b", 5), ("", 0)):
        assert len(cleaning.split_lines(text, "x")) == lines  # a CRLF is one line end
    for text in ("a\n" * 5 + "b", "a\r" * 6, "a\r\n" * 6):
        with pytest.raises(ElzzurError, match="^x: more than 5 lines"):
            cleaning.split_lines(text, "x")


LINES = st.lists(st.one_of(
    st.text(alphabet="abcAB ßéİı\ufeff'-\t", max_size=8),
    st.sampled_from(["cab", "Cab", "CAB", "x" * 70, "straße", "İstanbul", ""])), max_size=30)


@settings(max_examples=200, deadline=None)
@given(LINES, st.sampled_from(["en", "tr", "de-native"]), st.booleans())
def test_the_fast_path_of_cleaning_reads_every_line_as_classify_does(lines, code, capitals):
    """``clean_list`` reads the usual line itself: the same keys and counts as ``classify``."""
    language = get_language(code)
    words, report = cleaning.clean_list([line + "\n" for line in lines], language, "l",
                                        capitals)
    expected, reasons = set(), {}
    for line in lines:
        key, reason = cleaning.classify(line + "\n", language, capitals)
        if key is not None:
            expected.add(key)
        elif reason is not None:
            reasons[reason] = reasons.get(reason, 0) + 1
    assert words == expected
    assert dict(report.dropped) == {cleaning.reason_label(r, language): n
                                    for r, n in reasons.items()}
