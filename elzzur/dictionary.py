"""Dictionaries: compiled MARISA tries, or plain UTF-8 word lists cleaned on the way in.

A word list and its compiled form give the same words: both pass through ``clean_words``.
The solver walks a dictionary's word graph (``elzzur.graph``): the built-in dictionaries ship
theirs beside the ``.marisa`` file; for a user's dictionary it is built on first use and kept in
the per-user cache (``elzzur.cache``), so the next run starts at once.
"""

from __future__ import annotations

import io
import os

from .errors import ElzzurError
from .fileio import missing, read_text_file
from .graph import WordGraph, build, graph_path
from .languages import Language, get_language
from . import cache

MARISA_SUFFIX = ".marisa"
MAX_WORD = 64  # letters: the longest German compounds in the word lists have about 40


class Dictionary:
    """A set of normalised words: its word graph for solving, its MARISA trie on demand."""

    __slots__ = ("graph", "source", "_trie", "_trie_path")

    def __init__(self, graph: WordGraph, source: str, trie=None, trie_path: str | None = None):
        self.graph = graph
        self.source = source
        self._trie = trie
        self._trie_path = trie_path

    @classmethod
    def from_words(cls, words, language: Language, source: str = "words") -> Dictionary:
        """A dictionary of already-clean keys (tests and the Python API)."""
        return cls(WordGraph(build(words, alphabet(language))), source)

    @property
    def trie(self):
        """The words as a MARISA trie (loaded or built when first asked for)."""
        if self._trie is None:
            import marisa_trie

            if self._trie_path is not None:
                self._trie = load_trie(self._trie_path)
            else:
                self._trie = marisa_trie.Trie(iter(self.graph))
        return self._trie

    def __contains__(self, word: str) -> bool:
        return word in self.graph

    def has_prefix(self, prefix: str) -> bool:
        """True if some word starts with ``prefix`` (the word itself included)."""
        return self.graph.has_prefix(prefix)

    def __len__(self) -> int:
        return len(self.graph)

    def __iter__(self):
        """The words in alphabetical order."""
        return iter(self.graph)


def alphabet(language: Language) -> str:
    """The letters of a language in the order its word graphs number them."""
    return "".join(sorted(language.letter_values))


def clean_word(raw: str, language: Language) -> str | None:
    """One line of a word list as a dictionary key, or None if it is not a game word.

    Dropped: empty lines, entries with anything but letters (apostrophes, hyphens, digits,
    spaces), proper nouns, abbreviations and brands (a capital after the first letter, or a
    capital first letter unless the language capitalises its nouns), and words shorter than the
    language's minimum, and lines longer than ``MAX_WORD`` letters (no language's word is,
    and such a line would only slow every search down). In case mode capitals are part of the
    word, so no entry is dropped for them: a word list for such a language says itself which
    words count.
    """
    word = raw.strip().lstrip("\ufeff").lstrip()  # a BOM, then spaces
    if len(word) > MAX_WORD:
        return None
    if not word.isascii():
        import unicodedata

        word = unicodedata.normalize("NFC", word)
    if not word or not word.isalpha():
        return None
    if language.mode != "case" and (
            any(ch.isupper() for ch in word[1:]) or word[0].isupper() and not language.keep_capitalised):
        return None
    key = language.normalize(word)
    if key is None or len(key) < max(2, language.min_length):
        return None
    return key


def clean_words(lines, language: Language) -> set[str]:
    """The distinct dictionary keys of a word list."""
    words = set()
    for line in lines:
        key = clean_word(line, language)
        if key is not None:
            words.add(key)
    return words


WORD_LIST_LIMIT = 256 * 2**20  # bytes: more than ten times our largest list (Turkish, 19 MB);
# it stops a mistaken -d /dev/zero or disk image from being read into memory


def read_word_list(path: str, language: Language) -> set[str]:
    """Clean words of a UTF-8 text file (a BOM and CRLF line ends are fine); read whole, so
    bad bytes are reported by line rather than by an offset inside a read buffer.
    """
    text = read_text_file(path, WORD_LIST_LIMIT, "a word list")
    return clean_words(io.StringIO(text, newline=None), language)


def load_trie(path: str):
    """Memory-map a compiled dictionary, failing clearly on anything that is not one."""
    import marisa_trie

    trie = marisa_trie.Trie()
    try:
        trie.mmap(os.fspath(path))
    except (RuntimeError, MemoryError):  # marisa's C++ errors: bad header, truncated, empty
        raise ElzzurError(f"{path}: not a valid MARISA dictionary") from None
    return trie


def load_dictionary(path: str | os.PathLike | None, language: Language) -> Dictionary:
    """The dictionary at ``path`` (``.marisa`` or a word list), or the language's built-in one."""
    if path is None:
        return builtin_dictionary(language)
    path = os.fspath(path)
    check_readable(path)
    is_marisa = path.endswith(MARISA_SUFFIX)
    cached = cache.entry(path, graph_kind(language))
    data = cache.read(cached)
    if data is not None:
        try:
            return Dictionary(WordGraph(data, path), path, trie_path=path if is_marisa else None)
        except ElzzurError:  # a damaged cache entry: build the graph again below
            pass
    if is_marisa:
        data = trie_graph(path, language)
    else:
        data = build(read_word_list(path, language), alphabet(language))
    cache.write(cached, data)
    return Dictionary(WordGraph(data, path), path, trie_path=path if is_marisa else None)


def trie_graph(path: str, language: Language) -> bytes:
    """The word graph of a compiled dictionary's keys. marisa does not check the file it maps,
    and walking the keys of a damaged one can crash the process: where processes fork, the walk
    runs in a child, whose crash is an error here (a file it read whole is safe to walk after).
    """
    if not hasattr(os, "fork"):
        return build(load_trie(path).iterkeys(), alphabet(language))
    import marisa_trie  # noqa: F401 -- imported here, not in the child: a fork copies only
    # the forking thread, and an import lock another thread (the GUI's) held would never free

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: the graph, or the message of an ElzzurError with status 2
        status = 0
        try:
            os.close(read_end)
            try:
                out = build(load_trie(path).iterkeys(), alphabet(language))
            except ElzzurError as e:
                out, status = str(e).encode("utf-8", "surrogateescape"), 2
            with os.fdopen(write_end, "wb") as f:
                f.write(out)
        except BaseException:  # noqa: B036 — nothing may escape a forked child
            status = 1
        os._exit(status)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as f:
        data = f.read()
    status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    if status == 2:
        raise ElzzurError(data.decode("utf-8", "surrogateescape"))
    if status != 0:
        raise ElzzurError(f"{path}: not a valid MARISA dictionary (reading it failed: the file is damaged)")
    return data


def graph_kind(language: Language) -> str:
    """The cache name of a user dictionary's graph under ``language``. A built-in code says it
    all; a user's language file may change, or two files may share a code, so their name also
    has a checksum of everything that decides the keys.
    """
    if language.where == "built-in":
        return f"{language.code}.dawg"
    import zlib

    rules = repr((alphabet(language), language.mode, sorted(language.upper_map.items()),
                  sorted(language.fold_map.items()), language.keep_capitalised, language.min_length))
    return f"{language.code}-{zlib.crc32(rules.encode('utf-8')):08x}.dawg"


def has_builtin_dictionary(language: Language) -> bool:
    """True if the language's own dictionary is there (a checkout may not have built them all;
    a user's language may have none).
    """
    return language.dictionary_path is not None and os.path.isfile(language.dictionary_path)


_builtin: dict[str, Dictionary] = {}


def builtin_dictionary(language: Language | str) -> Dictionary:
    """The language's own dictionary (``dictionary.file`` of its language file), loaded once
    per process: a built-in one with its shipped word graph, a user's one like any ``-d`` file.
    """
    if isinstance(language, str):
        language = get_language(language)
    path = language.dictionary_path
    if path is None:
        raise ElzzurError(f"language {language.code!r} has no dictionary of its own (no "
                          f"'dictionary.file' in {language.file}): give one with -d DICT")
    if path not in _builtin:
        if language.where != "built-in":
            if not os.path.exists(path):
                raise ElzzurError(f"{language.file}: key 'dictionary.file': {path}: no such file")
            _builtin[path] = load_dictionary(path, language)
            return _builtin[path]
        graph_file = graph_path(path)
        if not os.path.isfile(path) or not os.path.isfile(graph_file):
            raise ElzzurError(f"the built-in dictionary for {language.code!r} is missing "
                              f"({language.dictionary})")
        _builtin[path] = Dictionary(WordGraph.load(graph_file), language.dictionary_source,
                                    trie_path=path)
    return _builtin[path]


def check_readable(path: str) -> None:
    """Fail clearly on a path that is missing, a directory, or unreadable."""
    if not os.path.exists(path):
        raise ElzzurError(f"{path}: {missing(path)}")
    if os.path.isdir(path):
        raise ElzzurError(f"{path}: is a directory, not a file")
    if not os.access(path, os.R_OK):
        raise ElzzurError(f"{path}: permission denied")


def compile_words(words):
    """A MARISA trie of already-clean keys."""
    import marisa_trie

    return marisa_trie.Trie(words)
