"""What a solve returns: every word once, with its best path and score, and the totals; and the
orders words are listed in (the command line's rows, ``(word, score, path)``, sort the same way).
"""

from __future__ import annotations

from ..record import Record

SORT_ORDERS = ("score", "length", "start", "end", "alpha")

# How each order ranks a word (word, score, path); paths compare cell by cell, row by row.
_SORT_KEYS = {
    "score": lambda word, score, path: (-score, word),
    "length": lambda word, score, path: (-len(word), -score, word),
    "start": lambda word, score, path: (path[0], -score, word),
    "end": lambda word, score, path: (path[-1], -score, word),
    "alpha": lambda word, score, path: (word,),
}


def sort_key(by: str):
    """The key function of a sort order: ``score`` (highest first), ``length`` (longest first),
    ``start`` or ``end`` cell (row by row), or ``alpha``; ties fall back to score, then word.
    """
    try:
        return _SORT_KEYS[by]
    except KeyError:
        raise ValueError(f"unknown sort order {by!r} (choose from {', '.join(SORT_ORDERS)})") from None


class Found(Record):
    """A word on the board, its best score, the path (row, column) that scores it, and its
    commonness band (``elzzur.lexicon.commonness``: 1 everyday, 2 common, 3 uncommon, 4 rare;
    None if the language's own dictionary lacks the word or the language has no band data).
    ``Found(word, score, path, band=None)``."""

    __slots__ = ("word", "score", "path", "band")

    @classmethod
    def _defaults(cls) -> dict:
        return {"band": None}


class Solution(Record):
    """All the words of one board (``board``, a ``Board``; ``language``, its code; ``words``, a
    tuple of ``Found``), in a chosen order: a frozen sequence (``len``, iteration, ``in``,
    ``index``, ``count``, ``reversed``), indexed by position (``solution[0]``), by slice (a
    ``Solution`` of those words) or by word (``solution["ECHO"]``, also written as the language
    reads it: ``solution["echo"]``; a KeyError if the board has no such word)."""

    __slots__ = ("board", "language", "words")

    def __iter__(self):
        return iter(self.words)

    def __reversed__(self):
        return reversed(self.words)

    def __len__(self) -> int:
        return len(self.words)

    def __getitem__(self, key):
        """``solution[0]``, ``solution[:3]`` (a Solution), or ``solution["ECHO"]``."""
        if isinstance(key, str):
            found = self._find(key)
            if found is None:
                raise KeyError(key)
            return found
        if isinstance(key, slice):
            return Solution(self.board, self.language, self.words[key])
        if isinstance(key, bool) or not hasattr(key, "__index__"):
            raise TypeError(f"a Solution is indexed by position, slice or word, not "
                            f"{type(key).__name__}")
        try:
            return self.words[key]
        except IndexError:
            raise IndexError(f"solution index {key} out of range ({len(self.words)} words)") \
                from None

    def __contains__(self, item) -> bool:
        """``"ECHO" in solution`` (a word), or a ``Found``."""
        if isinstance(item, str):
            return self._find(item) is not None
        return item in self.words

    def index(self, item) -> int:
        """The position of a word (or a ``Found``) in this order; ValueError if absent."""
        found = self._find(item) if isinstance(item, str) else item
        for position, other in enumerate(self.words):
            if other == found:
                return position
        raise ValueError(f"{item!r} is not in the solution")

    def count(self, item) -> int:
        """1 if the word (or ``Found``) is in the solution, else 0: each word is there once."""
        return int(item in self)

    def _find(self, word: str) -> Found | None:
        """The word's Found, looked up as written, else as the language writes it."""
        for found in self.words:
            if found.word == word:
                return found
        spelt = _normalize(self.language, word)
        if spelt and spelt != word:
            for found in self.words:
                if found.word == spelt:
                    return found
        return None

    @property
    def longest(self) -> int:
        """Length, in letters, of the longest word (0 if there is none)."""
        return max((len(found.word) for found in self.words), default=0)

    @property
    def total_score(self) -> int:
        """The sum of every word's best score: what a perfect player scores."""
        return sum(found.score for found in self.words)

    def sorted(self, by: str = "score", reverse: bool = False) -> Solution:
        """The same words ordered by ``score`` (highest first), ``length`` (longest first),
        ``start`` or ``end`` cell (row by row), or ``alpha``; ties fall back to score, then word.
        """
        key = sort_key(by)
        words = sorted(self.words, key=lambda f: key(f.word, f.score, f.path), reverse=reverse)
        return Solution(self.board, self.language, tuple(words))

    def _repr_html_(self) -> str:
        """The board and a word table in a Jupyter notebook."""
        from ..views.notebook import solution_html

        return solution_html(self)

    def __repr__(self) -> str:
        """Short, at a prompt (the fields would print every word and tile):
        ``Solution(404 words, total 14499: COHESIVE 224, ECHOIER 195, TOCHERS 195, …)``."""
        first = ", ".join(f"{f.word} {f.score}" for f in self.words[:3])
        more = ", …" if len(self.words) > 3 else ""
        count = f"{len(self.words)} word{'' if len(self.words) == 1 else 's'}"
        return (f"Solution({count}, total {self.total_score}"
                + (f": {first}{more})" if first else ")"))

    def rows(self) -> list[tuple[str, int, tuple[int, ...]]]:
        """``(word, score, path)`` with paths as cell numbers, for ``elzzur.views.text``."""
        cols = self.board.cols
        return [(f.word, f.score, tuple(r * cols + c for r, c in f.path)) for f in self.words]

    def top(self, n: int) -> Solution:
        """The first ``n`` words in the current order."""
        return Solution(self.board, self.language, self.words[:_count(n, "top")])

    def with_min_length(self, n: int) -> Solution:
        """Only the words of at least ``n`` letters."""
        n = _count(n, "with_min_length")
        return Solution(self.board, self.language, tuple(f for f in self.words if len(f.word) >= n))


def _count(n, name: str) -> int:
    """``n`` as a number of words or letters: a whole number >= 0, else a clear error."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"{name}() takes a whole number, not {type(n).__name__}")
    if n < 0:
        raise ValueError(f"{name}() takes a whole number >= 0, not {n}")
    return n


def _normalize(code, word: str) -> str | None:
    """``word`` as the language of ``code`` writes it (upper case, accents folded), or None."""
    if not isinstance(code, str):
        return None
    from ..errors import ElzzurError
    from ..lexicon.languages import get_language

    try:
        return get_language(code).normalize(word)
    except (ElzzurError, OSError, ValueError):
        return None


# A frozen sequence for isinstance(solution, collections.abc.Sequence); the module behind
# collections.abc, which Python itself loads at start-up (collections.abc would cost an import).
try:
    from _collections_abc import Sequence as _Sequence
except ImportError:  # pragma: no cover - other Pythons
    from collections.abc import Sequence as _Sequence
_Sequence.register(Solution)
