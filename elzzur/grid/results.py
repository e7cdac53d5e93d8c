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
    tuple of ``Found``), in a chosen order: a frozen sequence, indexed by position or by word."""

    __slots__ = ("board", "language", "words")

    def __iter__(self):
        return iter(self.words)

    def __len__(self) -> int:
        return len(self.words)

    def __getitem__(self, key):
        """``solution[0]``, ``solution[:3]`` (a sequence), or ``solution["ECHO"]``."""
        if isinstance(key, str):
            for found in self.words:
                if found.word == key:
                    return found
            raise KeyError(key)
        return self.words[key]

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

    def rows(self) -> list[tuple[str, int, tuple[int, ...]]]:
        """``(word, score, path)`` with paths as cell numbers, for ``elzzur.views.text``."""
        cols = self.board.cols
        return [(f.word, f.score, tuple(r * cols + c for r, c in f.path)) for f in self.words]

    def top(self, n: int) -> Solution:
        """The first ``n`` words in the current order."""
        return Solution(self.board, self.language, self.words[:n])

    def with_min_length(self, n: int) -> Solution:
        """Only the words of at least ``n`` letters."""
        return Solution(self.board, self.language, tuple(f for f in self.words if len(f.word) >= n))
