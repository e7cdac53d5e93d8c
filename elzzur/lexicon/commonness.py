"""Commonness: how well a typical player knows each word of a language's own dictionary.

Game dictionaries hold every word a referee would allow, and players complain as much about
"too many strange words" as about missing ones. So each word of a language's own word list
carries a band, from 1 (everyday) to 4 (rare), derived at build time from word-frequency data
(``tools/build_dictionaries.py``, which documents the thresholds). ``solve --common`` keeps
bands 1 and 2.

A band belongs to a (language, word): a word found with any dictionary (a ``-d`` list, the
user's additions) is looked up in the language's own list; a word that list lacks, or a
language without band data, has band None ("unknown"). The bands are stored beside the
dictionary, ``<stem>.bands`` next to ``<stem>.marisa`` (and its word graph ``<stem>.dawg``),
indexed by the word's rank in the word graph (``WordGraph.rank``, its alphabetical number),
two bits a word, so a lookup is a walk of the graph and one byte read, with no table to load:

    header   16 bytes: magic b"ELZB", then u32 little-endian: version (1), number of words
             (the word graph's count), reserved (0)
    bands    ceil(words / 4) bytes: the word of rank r has its band in byte r >> 2, bits
             2 * (r & 3) and 2 * (r & 3) + 1, stored as band - 1; unused bits are 0

Write one with ``write_bands(path, bands)`` (or ``encode_bands``), the bands in rank order,
that is in the order ``iter(graph)`` gives the words.
"""

from __future__ import annotations

import mmap
import os

from ..errors import ElzzurError

# The bands, in order: band n is named BANDS[n - 1].
BANDS: tuple[str, ...] = ("everyday", "common", "uncommon", "rare")
COMMON = 2  # --common keeps the bands up to this one
UNKNOWN = "unknown"  # the name of band None: a word (or a language) without band data

MAGIC = b"ELZB"
VERSION = 1
HEADER_SIZE = 16
SUFFIX = ".bands"


def band_name(band: int | None) -> str:
    """``everyday``, ``common``, ``uncommon``, ``rare``, or ``unknown`` for None."""
    return UNKNOWN if band is None else BANDS[band - 1]


def is_common(band: int | None) -> bool:
    """True for the bands ``--common`` keeps (an unknown band is not common)."""
    return band is not None and band <= COMMON


# --- the file format --------------------------------------------------------------------------

def encode_bands(bands) -> bytes:
    """The bands file of ``bands``: a sequence of ints (list, tuple, array; not annotated, as
    importing collections.abc costs start-up time), one per word in rank order, the order in
    which ``iter(graph)`` gives the words. Each must be an int from 1 to ``len(BANDS)``;
    anything else is an ElzzurError naming the rank, so a build never writes a file that
    reads back differently.
    """
    top = len(BANDS)
    if len(bands) >= 1 << 32:
        raise ElzzurError(f"{len(bands)} bands: a bands file holds fewer than 2**32")
    out = bytearray(HEADER_SIZE + (len(bands) + 3) // 4)
    out[:HEADER_SIZE] = MAGIC + VERSION.to_bytes(4, "little") + len(bands).to_bytes(4, "little") \
        + bytes(4)
    for rank, band in enumerate(bands):
        if type(band) is not int or not 1 <= band <= top:  # noqa: E721 -- bool is not a band
            raise ElzzurError(f"band of the word of rank {rank} is {band!r}, not a whole number "
                              f"from 1 to {top}")
        out[HEADER_SIZE + (rank >> 2)] |= (band - 1) << ((rank & 3) << 1)
    return bytes(out)


def write_bands(path: str | os.PathLike, bands) -> None:
    """Write ``encode_bands(bands)`` to ``path`` whole or not at all (the build tool's call)."""
    from ..atomic import write_atomic

    write_atomic(path, encode_bands(bands))


def check_bands(data, origin: str, n_words: int | None = None) -> int:
    """Check a bands file's bytes (and, given ``n_words``, that it numbers that many words);
    return its number of words. A file that is short, long, of another kind or version, or
    not for this word graph is an ElzzurError naming ``origin``.
    """
    if len(data) < HEADER_SIZE:
        raise ElzzurError(f"{origin}: not a commonness bands file (too short)")
    if bytes(data[:4]) != MAGIC or int.from_bytes(data[4:8], "little") != VERSION:
        raise ElzzurError(f"{origin}: not a commonness bands file of version {VERSION}")
    count = int.from_bytes(data[8:12], "little")
    if int.from_bytes(data[12:16], "little") != 0:
        raise ElzzurError(f"{origin}: commonness bands file is damaged (its reserved header "
                          f"field is not 0)")
    expected = HEADER_SIZE + (count + 3) // 4
    if len(data) != expected:
        raise ElzzurError(f"{origin}: commonness bands file is {len(data)} bytes, expected "
                          f"{expected} for {count} words")
    if count & 3 and data[expected - 1] >> ((count & 3) << 1):
        raise ElzzurError(f"{origin}: commonness bands file is damaged (bits set past its last "
                          f"word)")
    if n_words is not None and count != n_words:
        raise ElzzurError(f"{origin}: commonness bands for {count} words, but the dictionary "
                          f"has {n_words} (they do not belong together: rebuild the bands)")
    return count


def decode_bands(data, origin: str = "bands") -> list[int]:
    """Every band of a bands file, in rank order (checked as ``check_bands`` does)."""
    count = check_bands(data, origin)
    return [(data[HEADER_SIZE + (rank >> 2)] >> ((rank & 3) << 1) & 3) + 1
            for rank in range(count)]


# --- looking words up -------------------------------------------------------------------------

MEMO_LIMIT = 1 << 16  # words remembered per table: a batch meets the same words again and again


class Bands:
    """A word graph and its bands file: ``band(word)``. Made by ``language_bands``."""

    __slots__ = ("graph", "data", "origin", "_memo", "_mmap")

    def __init__(self, graph, buffer, origin: str = "bands") -> None:
        check_bands(buffer, origin, len(graph))
        self.graph = graph
        self.data = buffer
        self.origin = origin
        self._memo: dict[str, int | None] = {}
        self._mmap = None

    @classmethod
    def load(cls, path: str, graph) -> Bands:
        """Memory-map the bands file at ``path``, checked against ``graph``."""
        try:
            with open(path, "rb") as f:
                mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except ValueError:  # an empty file cannot be mapped
            raise ElzzurError(f"{path}: not a commonness bands file (too short)") from None
        except OSError as e:
            raise ElzzurError(f"{path}: cannot read commonness bands ({e.strerror or e})") from None
        bands = cls(graph, mapped, path)
        bands._mmap = mapped
        return bands

    def band(self, word: str) -> int | None:
        """The word's band (1 everyday … 4 rare), or None if the dictionary lacks the word.
        ``word`` is a dictionary key, as the solver finds it (``elzzur.lexicon.commonness.band``
        normalises any spelling)."""
        memo = self._memo
        if word in memo:
            return memo[word]
        rank = self.graph.rank(word)
        band = None if rank is None else \
            (self.data[HEADER_SIZE + (rank >> 2)] >> ((rank & 3) << 1) & 3) + 1
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[word] = band
        return band

    def __len__(self) -> int:
        return len(self.graph)


def bands_path(language) -> str | None:
    """Where the language's bands would be: ``<stem>.bands`` beside its own dictionary file
    (for a built-in, in ``elzzur/res/dictionaries``), or None for a language without a dictionary."""
    path = language.dictionary_path
    return None if path is None else os.path.splitext(path)[0] + SUFFIX


_loaded: dict[str, Bands] = {}
# language object id -> (the language, its bands): every solve() asks, and finding the path and
# the language's own graph again took two microseconds. The language is held so that its id
# is not reused; only bands found are kept (a file that appears later is still seen), and a
# language's own graph is loaded once per process, so its pairing never goes stale.
_by_language: dict[int, tuple] = {}


def language_bands(language) -> Bands | None:
    """The language's bands, loaded once per process, or None if it has none (no bands file
    beside its dictionary, or no dictionary). A damaged file, or one that does not match the
    dictionary, is an ElzzurError: never a wrong band.
    """
    known = _by_language.get(id(language))
    if known is not None and known[0] is language:
        return known[1]
    bands = _find_bands(language)
    if bands is not None:
        if len(_by_language) >= 64:
            _by_language.clear()
        _by_language[id(language)] = (language, bands)
    return bands


def _find_bands(language) -> Bands | None:
    path = bands_path(language)
    if path is None:
        return None
    bands = _loaded.get(path)
    if bands is None:
        if not os.path.isfile(path):
            return None  # not remembered: a file that appears later (a build) is seen
    elif bands.graph is _own_graph(language):
        return bands
    # paired with the graph the solver uses for this language (two language files may share
    # a dictionary file, each with its own alphabet and so its own graph)
    bands = _loaded[path] = Bands.load(path, _own_graph(language))
    return bands


def _own_graph(language):
    """The word graph of the language's own list, as the list is, without the user's
    corrections (those lay their own graph beside it): the ranks the bands were written for.
    A built-in's is its shipped ``.dawg``; a user language's is made from its dictionary file
    like any ``-d`` file's. Shared with the solver's copy (loaded once per process)."""
    from .dictionary import builtin_dictionary

    return builtin_dictionary(language).graph


def require_bands(language) -> Bands:
    """The language's bands for ``--common``, or an ElzzurError saying why there are none
    (filtering by data that is not there would print an empty list as if it were an answer)."""
    bands = language_bands(language)
    if bands is not None:
        return bands
    if language.dictionary_path is None:
        raise ElzzurError(f"--common: {language.name} ({language.code}) has no dictionary of "
                          "its own, so no commonness bands to choose words by")
    path = bands_path(language)
    where = os.path.basename(path) if language.where == "built-in" else path
    raise ElzzurError(f"--common: {language.name} ({language.code}) has no commonness bands "
                      f"(no {where} beside its dictionary)")


def band(word: str, language) -> int | None:
    """The band of ``word`` (any spelling: it is normalised the language's way) in
    ``language`` (a Language or a code): 1 everyday, 2 common, 3 uncommon, 4 rare, or None if
    the language's own dictionary lacks the word or the language has no band data.
    """
    if isinstance(language, str):
        from .languages import get_language

        language = get_language(language)
    bands = language_bands(language)
    if bands is None:
        return None
    key = language.normalize(word)
    return None if key is None else bands.band(key)


def band_lookup(language, needed: bool = False):
    """``word -> band`` for the words the solver finds under ``language`` (their dictionary
    keys), or None if the language has no band data; with ``needed``, no band data is an
    ElzzurError (``require_bands``)."""
    bands = require_bands(language) if needed else language_bands(language)
    return None if bands is None else bands.band
