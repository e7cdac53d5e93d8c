"""What a solve returns: every word once, with its best path and score, and the totals."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .solver import SORT_ORDERS, sort_key

SORT_KEYS = SORT_ORDERS


@dataclass(frozen=True)
class Found:
    """A word on the board, its best score, the path (row, column) that scores it, and its
    commonness band (``elzzur.lexicon.commonness``: 1 everyday, 2 common, 3 uncommon, 4 rare; None
    if the language's own dictionary lacks the word or the language has no band data)."""

    word: str
    score: int
    path: tuple[tuple[int, int], ...]
    band: int | None = None


@dataclass(frozen=True)
class Solution:
    """All the words of one board, in a chosen order."""

    board: Board
    language: str
    words: tuple[Found, ...]

    def __iter__(self):
        return iter(self.words)

    def __len__(self) -> int:
        return len(self.words)

    def __getitem__(self, word: str) -> Found:
        for found in self.words:
            if found.word == word:
                return found
        raise KeyError(word)

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
