"""Dictionaries: compiled MARISA tries, or plain UTF-8 word lists cleaned on the way in.

A word list and its compiled form give the same words: both pass through ``clean_words``.
"""

from __future__ import annotations

import functools
import importlib.resources
import io
import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

import marisa_trie

from .errors import ElzzurError
from .fileio import read_text_file
from .languages import Language, get_language
from .resources import resource

MARISA_SUFFIX = ".marisa"


@dataclass(frozen=True)
class Dictionary:
    """A set of normalised words with fast prefix queries, and where it came from."""

    trie: marisa_trie.Trie
    source: str

    def __contains__(self, word: str) -> bool:
        return word in self.trie

    def __len__(self) -> int:
        return len(self.trie)

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self.trie.iterkeys()))

    def has_prefix(self, prefix: str) -> bool:
        """True if some word starts with ``prefix`` (the word itself included)."""
        return next(self.trie.iterkeys(prefix), None) is not None


def clean_word(raw: str, language: Language) -> str | None:
    """One line of a word list as a dictionary key, or None if it is not a game word.

    Dropped: empty lines, entries with anything but letters (apostrophes, hyphens, digits,
    spaces), proper nouns, abbreviations and brands (a capital after the first letter, or a
    capital first letter unless the language capitalises its nouns), and words shorter than the
    language's minimum.
    """
    word = unicodedata.normalize("NFC", raw.strip().lstrip("\ufeff"))
    if not word or not word.isalpha():
        return None
    if any(ch.isupper() for ch in word[1:]) or word[0].isupper() and not language.keep_capitalised:
        return None
    key = language.normalize(word)
    if key is None or len(key) < max(2, language.min_length):
        return None
    return key


def clean_words(lines: Iterable[str], language: Language) -> set[str]:
    """The distinct dictionary keys of a word list."""
    words = set()
    for line in lines:
        key = clean_word(line, language)
        if key is not None:
            words.add(key)
    return words


def read_word_list(path: Path, language: Language) -> set[str]:
    """Clean words of a UTF-8 text file (a BOM and CRLF line ends are fine); read whole, so
    bad bytes are reported by line rather than by an offset inside a read buffer.
    """
    return clean_words(io.StringIO(read_text_file(path), newline=None), language)


def load_trie(path: Path) -> marisa_trie.Trie:
    """Memory-map a compiled dictionary, failing clearly on anything that is not one."""
    trie = marisa_trie.Trie()
    try:
        trie.mmap(os.fspath(path))
    except (RuntimeError, MemoryError):  # marisa's C++ errors: bad header, truncated, empty
        raise ElzzurError(f"{path}: not a valid MARISA dictionary") from None
    return trie


def load_dictionary(path: str | os.PathLike | None, language: Language) -> Dictionary:
    """The dictionary at ``path`` (``.marisa`` or a word list), or the language's built-in one."""
    if path is None:
        return builtin_dictionary(language.code)
    path = Path(path)
    check_readable(path)
    if path.suffix == MARISA_SUFFIX:
        return Dictionary(load_trie(path), str(path))
    return Dictionary(marisa_trie.Trie(read_word_list(path, language)), str(path))


def has_builtin_dictionary(language: Language) -> bool:
    """True if the language's dictionary is installed (a checkout may not have built them all)."""
    return resource("dictionaries", language.dictionary).is_file()


@functools.cache
def builtin_dictionary(code: str) -> Dictionary:
    """The dictionary shipped for a built-in language, loaded once per process."""
    language = get_language(code)
    ref = resource("dictionaries", language.dictionary)
    with importlib.resources.as_file(ref) as path:
        if not path.is_file():
            raise ElzzurError(f"the built-in dictionary for {code!r} is missing ({language.dictionary})")
        return Dictionary(load_trie(path), language.dictionary_source)


def check_readable(path: Path) -> None:
    """Fail clearly on a path that is missing, a directory, or unreadable."""
    if not path.exists():
        raise ElzzurError(f"{path}: no such file")
    if path.is_dir():
        raise ElzzurError(f"{path}: is a directory, not a file")
    if not os.access(path, os.R_OK):
        raise ElzzurError(f"{path}: permission denied")


def compile_words(words: Iterable[str]) -> marisa_trie.Trie:
    """A MARISA trie of already-clean keys."""
    return marisa_trie.Trie(words)
