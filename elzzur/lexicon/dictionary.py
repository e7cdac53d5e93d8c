"""Dictionaries: compiled MARISA tries, or plain UTF-8 word lists cleaned on the way in.

A word list and its compiled form give the same words: both pass through ``clean_words``.
The solver walks a dictionary's word graph (``elzzur.lexicon.graph``): the built-in dictionaries ship
theirs beside the ``.marisa`` file; for a user's dictionary it is built on first use and kept in
the per-user cache (``elzzur.cache``), so the next run starts at once, together with the report
of what cleaning the list dropped (``elzzur.lexicon.cleaning``), which the command line shows again on
every run that uses the list.

The user's corrections (``elzzur.lexicon.corrections``) are laid over whatever list is loaded, without
rebuilding its graph: the words they add are a small graph of their own beside the list's, the
words they remove are a set the search filters out (``elzzur.grid.solver`` searches both graphs and
merges). Scrabble's move search needs every word in one graph, for its cross-words: that graph
(``Dictionary.union_graph``) is built once per content of list and corrections, and cached under their digests.
"""

from __future__ import annotations

import os

from ..errors import ElzzurError
from ..files import check_size, corrections_file, decode_text, missing, named
from .graph import TERMINAL, WordGraph, build, graph_path
from .languages import Language, as_language, get_language
from .. import cache

TYPE_CHECKING = False  # (typing's own, whose import costs start-up time)
if TYPE_CHECKING:  # imported where a user's list is read: a built-in dictionary needs none
    from .cleaning import CleanReport

MARISA_SUFFIX = ".marisa"


class Dictionary:
    """A set of normalised words: its word graph for solving, its MARISA trie on demand.

    ``graph`` is the list's own graph; ``added`` (a graph, or None) and ``removed`` (a set) are
    the user's corrections as they change this list: words it lacks, and words of it that no
    longer count. ``report`` says what cleaning a word list dropped (None for other sources).
    Membership, length and iteration all count the corrections.
    """

    __slots__ = ("graph", "source", "_trie", "_trie_path", "report", "added", "removed",
                 "corrections", "_union")

    def __init__(self, graph: WordGraph, source: str, trie=None, trie_path: str | None = None,
                 report: CleanReport | None = None):
        self.graph = graph
        self.source = source
        self._trie = trie
        self._trie_path = trie_path
        self.report = report
        self.added: WordGraph | None = None
        self.removed: frozenset[str] = frozenset()
        self.corrections = None  # the Corrections applied, if any
        self._union: WordGraph | None = None

    @classmethod
    def from_words(cls, words, language: Language, source: str = "words") -> Dictionary:
        """A dictionary of already-clean keys (tests and the Python API)."""
        return cls(WordGraph(build(words, alphabet(as_language(language)))), source)

    def corrected(self, corrections) -> Dictionary:
        """This dictionary with ``corrections`` (``elzzur.lexicon.corrections.Corrections``) laid over
        it: a new object sharing the list's graph. Only what changes this list is kept: added
        words it lacks, removed words it has."""
        if corrections is None or corrections.empty:
            return self
        graph = self.graph
        added = sorted(word for word in corrections.added if word not in graph)
        removed = frozenset(word for word in corrections.removed if word in graph)
        result = Dictionary(graph, self.source, None, self._trie_path, self.report)
        result._trie = self._trie if not added and not removed else None
        result.corrections = corrections
        result.removed = removed
        if added:
            result.added = WordGraph(build(added, graph.alphabet), "your added words")
        return result

    @property
    def corrected_words(self) -> bool:
        """True if the corrections change this list."""
        return self.added is not None or bool(self.removed)

    @property
    def trie(self):
        """The words as a MARISA trie (loaded or built when first asked for)."""
        if self._trie is None:
            import marisa_trie

            if self._trie_path is not None and not self.corrected_words:
                self._trie = load_trie(self._trie_path)
            else:
                self._trie = marisa_trie.Trie(iter(self))
        return self._trie

    def sorted_words(self) -> list[str]:
        """Every word, sorted: the compiled list's keys where there is one (read in C, far
        faster than walking the graph), with the corrections applied."""
        if self._trie_path is None and self._trie is None:
            return list(self)
        base = self._trie if self._trie is not None else load_trie(self._trie_path)
        if len(base) != len(self.graph):  # keys the graph could not spell (another alphabet)
            base = self.graph
        words = list(base.keys()) if base is not self.graph else list(base)
        if self.corrected_words:
            removed = self.removed
            words = [word for word in words if word not in removed]
            if self.added is not None:
                words += list(self.added)
        words.sort()
        return words

    def __contains__(self, word: str) -> bool:
        if word in self.graph:
            return word not in self.removed
        return self.added is not None and word in self.added

    def has_prefix(self, prefix: str) -> bool:
        """True if some word starts with ``prefix`` (the word itself included)."""
        if self.added is not None and self.added.has_prefix(prefix):
            return True
        if not self.graph.has_prefix(prefix):
            return False
        if not any(word.startswith(prefix) for word in self.removed):
            return True
        return any(word not in self.removed for word in words_under(self.graph, prefix))

    def __len__(self) -> int:
        return len(self.graph) - len(self.removed) + (len(self.added) if self.added is not None else 0)

    def __iter__(self):
        """The words in alphabetical order."""
        if not self.corrected_words:
            return iter(self.graph)
        import heapq

        removed = self.removed
        words = (word for word in self.graph if word not in removed)
        return heapq.merge(words, self.added) if self.added is not None else words

    def union_graph(self) -> WordGraph:
        """Every word, corrections included, in one graph: the list's own graph when nothing
        is corrected; otherwise built once and kept in the cache under checksums of the list's
        graph and of the corrections' words (their content, so that any change to either
        makes a new graph, and the same content finds the old one)."""
        if not self.corrected_words:
            return self.graph
        if self._union is None:
            base = cache.digest(self.graph.buffer)
            change = "\n".join(["+" + w for w in (self.added or ())] + ["-" + w for w in sorted(self.removed)])
            corrections = cache.digest(change.encode("utf-8"))
            path = os.path.join(cache.cache_dir(),
                                f"union-{base.hex()[:20]}-{corrections.hex()[:20]}.dawg")
            origin = f"{self.source} with your corrections"
            key = base + corrections  # the entry answers only for exactly these two
            data = cache.read(path, key)
            if data is not None:
                try:
                    self._union = WordGraph(data, origin)
                except ElzzurError:  # damaged: build it again
                    data = None
            if data is None:
                data = build(self.sorted_words(), self.graph.alphabet)
                cache.write(path, data, key)
                self._union = WordGraph(data, origin)
        return self._union


def words_under(graph: WordGraph, prefix: str):
    """The words of ``graph`` that start with ``prefix``, in alphabetical order."""
    node = graph.node_of(prefix)
    if node < 0:
        return
    alphabet, masks, first, targets = graph.alphabet, graph.masks, graph.first, graph.targets
    stack = [(node, prefix)]
    while stack:
        node, word = stack.pop()
        mask = masks[node]
        if mask & TERMINAL:
            yield word
        children = []
        edge = first[node]
        for i in range(len(alphabet)):
            if mask >> i & 1:
                children.append((targets[edge], word + alphabet[i]))
                edge += 1
        stack.extend(reversed(children))


def alphabet(language: Language) -> str:
    """The letters of a language in the order its word graphs number them."""
    return "".join(sorted(language.letter_values))


WORD_LIST_LIMIT = 256 * 2**20  # bytes: more than ten times our largest list (Turkish, 19 MB);
# it stops a mistaken -d /dev/zero or disk image from being read into memory


def hash_ahead(path: str | os.PathLike | None) -> cache.Ahead:
    """Start reading and hashing the word list at ``path`` (None: nothing to do) for
    ``load_list``'s cache lookup in a background thread, as a context to run the command in
    (``cache.Ahead``): a one-shot command's other work hides the 3 ms a 2.7 MB list takes."""
    return cache.Ahead(None if path is None else os.fspath(path), WORD_LIST_LIMIT)


def read_word_list(path: str, language: Language) -> set[str]:
    """Clean words of a UTF-8 text file (a BOM and CRLF line ends are fine)."""
    return read_words(path, language)[0]


def read_words(path: str, language: Language) -> tuple[set[str], CleanReport]:
    """Clean words of a UTF-8 text file and the report of what cleaning dropped. Read whole,
    so bad bytes are reported by line rather than by an offset inside a read buffer, and so
    that the whole list decides whether its capitals mark proper nouns.
    """
    path = os.fspath(path)
    return words_of(read_source(path), path, language)


def read_source(path: str) -> bytes:
    """The bytes of a dictionary file (a list or a ``.marisa`` file), at most
    ``WORD_LIST_LIMIT`` of them, with clear errors."""
    return read_dictionary_file(path)[0]


def read_dictionary_file(path: str) -> tuple[bytes, bool]:
    """``read_source``, and whether the file is a regular one (which may be cached);
    ``-`` is standard input."""
    path = os.fspath(path)
    if path == STANDARD_INPUT:
        import sys

        from ..files import read_limited

        if sys.stdin is None:  # started with standard input closed (<&-)
            raise ElzzurError("-d -: standard input is closed")
        try:
            data = read_limited(sys.stdin.buffer, WORD_LIST_LIMIT)
        except OSError as e:
            raise ElzzurError(f"{STDIN_NAME}: {e.strerror}") from None
        return check_size(data, WORD_LIST_LIMIT, STDIN_NAME, "a word list"), False
    if os.path.isdir(path):
        raise ElzzurError(f"{named(path)}: is a directory, not a file")
    try:
        data, regular = cache.read_source(path, WORD_LIST_LIMIT)
    except OSError as e:
        raise ElzzurError(f"{named(path)}: {e.strerror}") from None
    what = "a dictionary" if path.endswith(MARISA_SUFFIX) else "a word list"
    return check_size(data, WORD_LIST_LIMIT, path, what), regular


def words_of(data: bytes, path: str, language: Language) -> tuple[set[str], CleanReport]:
    """``read_words`` of a list's bytes."""
    from .cleaning import capitals_only, clean_list, split_lines  # (a built-in needs none)

    text = decode_text(data, path)
    lines = split_lines(text, path)  # refused before splitting past cleaning.MAX_ENTRIES
    return clean_list(lines, language, path, capitals_only(text))


def load_trie(path: str):
    """Memory-map a compiled dictionary, failing clearly on anything that is not one."""
    import marisa_trie

    trie = marisa_trie.Trie()
    try:
        trie.mmap(os.fspath(path))
    except (RuntimeError, MemoryError):  # marisa's C++ errors: bad header, truncated, empty
        raise ElzzurError(f"{named(path)}: not a valid MARISA dictionary") from None
    return trie


def load_dictionary(path: str | os.PathLike | None, language: Language,
                    corrections: bool = True) -> Dictionary:
    """The dictionary at ``path`` (``.marisa`` or a word list), or the language's built-in one,
    with the user's corrections of ``language`` laid over it (unless ``corrections`` is False).

    A word list's ``report`` says what cleaning dropped; a list that leaves no word at all is
    an ElzzurError naming the reasons.
    """
    language = as_language(language)
    dictionary = load_list(path, language)
    if dictionary.report is not None and dictionary.report.empty:
        raise ElzzurError(dictionary.report.error())
    if corrections and may_have_corrections(language):
        from .corrections import read_corrections

        dictionary = dictionary.corrected(read_corrections(language))
    return dictionary


def may_have_corrections(language: Language) -> bool:
    """False only where ``language`` surely has no corrections file: the usual case, seen with
    one ``os.stat`` and without importing ``lexicon.corrections``, which reads the file (and
    reports what is wrong with it, whatever else ``os.stat`` meets)."""
    try:
        os.stat(corrections_file(language.code))
    except FileNotFoundError:
        return False
    except (OSError, ValueError):
        pass
    return True


def load_list(path: str | os.PathLike | None, language: Language) -> Dictionary:
    """``load_dictionary`` without the corrections: the list as it is.

    A list's graph is built once and kept in the cache (``elzzur.cache``) with the digest of
    the file's bytes: the file is read and hashed on every run, a megabyte at a time (an 8 MB
    list in about 7 ms, against seconds to build its graph), so the graph answers for exactly
    the words the file now holds, whatever its size and time say; the entry stores the digest
    of the very bytes the graph was built from. A pipe or device (``-d /dev/stdin``) is read
    and built every time, never cached.
    """
    if path is None:
        return builtin_dictionary(language)
    path = os.fspath(path)
    if path == STANDARD_INPUT:  # read once, never cached (as a pipe is)
        source, regular = read_dictionary_file(path)
        path, cached = STDIN_NAME, None
        is_marisa = source.startswith(MARISA_MAGIC)  # no name to end in .marisa: its header
    else:
        check_readable(path)
        is_marisa = path.endswith(MARISA_SUFFIX)
        cached = cache.entry(path, graph_kind(language))  # None for a pipe or a device
        if cached is not None:
            key = cache.file_key(path, WORD_LIST_LIMIT)
            data = cache.read(cached, key) if key is not None else None
            if data is not None:
                try:
                    graph, report = unpack(data, path)
                    return Dictionary(graph, path, trie_path=path if is_marisa else None,
                                      report=report)
                except (ElzzurError, ValueError, EOFError, TypeError):  # a damaged cache entry:
                    pass                                                # build the graph again
        source, regular = read_dictionary_file(path)
    # a compiled file that is not a regular file cannot be mapped again later: use its graph
    trie_path = path if is_marisa and regular else None
    if not regular:
        cached = None
    key = cache.content_key(source) if cached is not None else b""  # of the bytes built from
    if is_marisa:
        from .cleaning import CleanReport, reason_label

        data, keys, dropped = trie_graph(source, path, language)
        graph = WordGraph(data, path)
        report = CleanReport(path, keys, len(graph), [(reason_label(reason, language), count)
                                                      for reason, count in dropped if count])
    else:
        words, report = words_of(source, path, language)
        data = build(words, alphabet(language), origin=path)
        graph = WordGraph(data, path)
    cache.write(cached, pack(data, report), key)
    return Dictionary(graph, path, trie_path=trie_path, report=report)


# ``-d -``: the list (or compiled dictionary, told by its header) on standard input, named so
# in messages as a board read from there is
STANDARD_INPUT = "-"
STDIN_NAME = "<stdin>"
MARISA_MAGIC = b"We love Marisa."  # the first bytes of every MARISA trie

REPORT_MAGIC = b"ELZR"


def pack(graph: bytes, report: CleanReport) -> bytes:
    """A cache entry: the word graph, then the cleaning report that goes with it, so the two
    are always read together (the graph first: its arrays stay aligned for the C core)."""
    import marshal

    data = marshal.dumps(report.to_data())
    return b"".join([graph, data, len(data).to_bytes(4, "little"), REPORT_MAGIC])


def unpack(data: bytes, origin: str) -> tuple[WordGraph, CleanReport]:
    """A cache entry's word graph and report (ValueError or ElzzurError if damaged)."""
    import marshal

    from .cleaning import CleanReport

    if len(data) < 8 or data[-4:] != REPORT_MAGIC:
        raise ValueError("not a packed graph")
    size = int.from_bytes(data[-8:-4], "little")
    end = len(data) - 8 - size
    if end < 0:
        raise ValueError("not a packed graph")
    view = memoryview(data)
    # the path as given this time (the entry is found by its absolute path)
    report = CleanReport.from_data(marshal.loads(view[end:-8])).replace(source=origin)
    return WordGraph(view[:end], origin), report


def game_keys(keys, language: Language) -> tuple[list[str], list[tuple[str, int]]]:
    """The keys of a compiled dictionary that are game words of ``language``, as a word list's
    cleaning would leave them (letters of its alphabet only, ``shortest_word`` to ``MAX_WORD``
    letters), and how many were dropped, by reason: the words ``solve`` can find, and so the
    words ``cat`` prints. A key that is empty, has a NUL, a newline, a lower-case letter or
    any other character outside the alphabet is no word of the language."""
    from .cleaning import ALPHABET, MAX_WORD, TOO_LONG, TOO_SHORT, shortest_word

    letters = set(alphabet(language))
    shortest = shortest_word(language)
    kept = []
    short = long = outside = 0
    for key in keys:
        if not all(ch in letters for ch in key):
            outside += 1
        elif len(key) < shortest:
            short += 1
        elif len(key) > MAX_WORD:
            long += 1
        else:
            kept.append(key)
    return kept, [(TOO_SHORT, short), (ALPHABET, outside), (TOO_LONG, long)]


def trie_graph(data: bytes, path: str, language: Language) -> tuple[bytes, int, list]:
    """The word graph of a compiled dictionary's game keys (``game_keys``), the number of
    keys, and the keys dropped by reason, from the file's bytes ``data``. marisa does not
    check what it loads, and walking the keys of a damaged file can crash the process: where
    processes fork, the walk runs in a child (which has ``data`` too), whose crash is an
    error here.
    """
    import marshal

    def derive() -> bytes:
        trie = trie_from_bytes(data, path)
        keys = trie.keys()
        kept, dropped = game_keys(keys, language)
        return marshal.dumps((len(keys), dropped, build(kept, alphabet(language), origin=path)))

    if not hasattr(os, "fork"):
        result = derive()
    else:
        result = _in_child(derive, path)
    try:
        keys, dropped, graph = marshal.loads(result)
    except (ValueError, EOFError, TypeError):
        raise ElzzurError(f"{named(path)}: not a valid MARISA dictionary (reading it failed: the file is damaged)") from None
    return graph, keys, dropped


def trie_from_bytes(data: bytes, path: str):
    """A MARISA trie of a compiled dictionary's bytes, failing clearly on anything else."""
    import marisa_trie

    trie = marisa_trie.Trie()
    try:
        trie.frombytes(data)
    except (RuntimeError, MemoryError, ValueError):  # marisa's C++ errors: bad header, cut
        raise ElzzurError(f"{named(path)}: not a valid MARISA dictionary") from None
    return trie


def _in_child(derive, path: str) -> bytes:
    """``derive()`` run in a forked child: its bytes, or its ElzzurError raised here; a
    crash of the child is an error naming ``path`` as damaged."""
    import marisa_trie  # noqa: F401 -- imported here, not in the child: a fork copies only
    # the forking thread, and an import lock another thread (the GUI's) held would never free

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: the result, or an ElzzurError's message (status 2)
        status = 0
        try:
            os.close(read_end)
            try:
                out = derive()
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
    if status != 0 or not data:
        raise ElzzurError(f"{named(path)}: not a valid MARISA dictionary (reading it failed: the file is damaged)")
    return data


def graph_kind(language: Language) -> str:
    """The cache name of a user dictionary's graph (and cleaning report: ``pack``) under
    ``language``. A built-in code says it
    all; a user's language file may change, or two files may share a code, so their name also
    has a checksum of everything that decides the keys.
    """
    if language.where == "built-in":
        return f"{language.code}.list.dawg"
    import zlib

    rules = repr((alphabet(language), language.mode, sorted(language.upper_map.items()),
                  sorted(language.fold_map.items()), language.keep_capitalised, language.min_length))
    return f"{language.code}-{zlib.crc32(rules.encode('utf-8')):08x}.list.dawg"


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
                raise ElzzurError(f"{language.file}: key 'dictionary.file': {named(path)}: no such file")
            _builtin[path] = load_list(path, language)
            return _builtin[path]
        graph_file = graph_path(path)
        if not os.path.isfile(path) or not os.path.isfile(graph_file):
            raise ElzzurError(f"the built-in dictionary for {language.code!r} is missing "
                              f"({language.dictionary})")
        _builtin[path] = Dictionary(WordGraph.load(graph_file), language.dictionary_source,
                                    trie_path=path)
    return _builtin[path]


def check_readable(path: str) -> None:
    """Fail clearly on a path that is missing, a directory, or unreadable (``-``, standard
    input, is read when it is used)."""
    if path == STANDARD_INPUT:
        return
    if not os.path.exists(path):
        raise ElzzurError(f"{named(path)}: {missing(path)}")
    if os.path.isdir(path):
        raise ElzzurError(f"{named(path)}: is a directory, not a file")
    if not os.access(path, os.R_OK):
        raise ElzzurError(f"{named(path)}: permission denied")


def compile_words(words):
    """A MARISA trie of already-clean keys."""
    import marisa_trie

    return marisa_trie.Trie(words)


def dictionary_info(language) -> dict | None:
    """What the build wrote about a built-in dictionary, or None (a user's language)."""
    from ..datafiles import load_toml

    if language.where != "built-in" or language.dictionary_path is None:
        return None
    path = os.path.splitext(language.dictionary_path)[0] + ".info.toml"
    if not os.path.isfile(path):
        return None
    return load_toml(path, os.path.basename(path))
