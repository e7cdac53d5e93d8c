"""Find every dictionary word on a board, each with its best-scoring path.

The board is explored from every cell, one neighbour at a time, beside a walk through the
dictionary's word graph: a path stops as soon as its letters begin no word, a word is scored as
it is reached (letter points and word multiplier are carried along the path), and each word
keeps its best score, ties going to the path that comes first row by row. The walk runs in the
C core (``elzzur._core``) where it was built at install time, else in pure Python
(``elzzur.search``); both give the same answers, which the tests check against a brute-force
reference.
"""

from __future__ import annotations

import os

from .board import Board
from .dictionary import Dictionary
from .languages import Language
from .rules import ruzzle

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


def backend() -> str:
    """``"c"`` if the C core is built and not disabled by ``ELZZUR_PURE_PYTHON=1``, else
    ``"python"``."""
    if os.environ.get("ELZZUR_PURE_PYTHON") == "1":
        return "python"
    try:
        from . import _core  # noqa: F401
    except ImportError:
        return "python"
    return "c"


def find_words(board: Board, dictionary: Dictionary, language: Language,
               min_length: int | None = None, use: str | None = None
               ) -> list[tuple[str, int, tuple[int, ...]]]:
    """Every word of at least ``min_length`` letters (the language's minimum by default) as
    ``(word, score, path)``, the path as cell numbers counted row by row, in alphabetical
    order. ``use`` picks ``"c"`` or ``"python"`` (default: ``backend()``).
    """
    graph = dictionary.graph
    shortest = max(language.min_length if min_length is None else min_length, 1)
    spelling = _spelling(language, graph)
    cells, points, factors = [], [], []
    for cell in board.cells:
        numbers, value = spelling.get(cell.letters) or _spell(cell.letters, language, graph)
        letter_factor, word_factor = _MULTIPLIERS.get(cell.bonus) or _multipliers(cell.bonus)
        cells.append((numbers,))
        points.append((value * letter_factor,))
        factors.append(word_factor)
    args = (tuple(cells), tuple(points), tuple(factors), (0,) * len(cells), board.neighbours,
            bonus_table(language, graph.longest), shortest)
    core = graph.core() if (use or backend()) == "c" else None
    if use == "c" and core is None:
        raise RuntimeError("the C core of elzzur is not built")
    if core is not None:
        return core.search(*args)
    from .search import search

    return search(graph, *args)


# Per (language, graph): a cell's letters as the graph's letter numbers and their value.
_spellings: dict[tuple[str, int], dict[str, tuple[bytes, int]]] = {}
_MULTIPLIERS: dict[str, tuple[int, int]] = {}


def _spelling(language: Language, graph) -> dict[str, tuple[bytes, int]]:
    return _spellings.setdefault((language.code, id(graph)), {})


def _spell(letters: str, language: Language, graph) -> tuple[bytes, int]:
    values = language.letter_values
    bad = [ch for ch in letters if ch not in values]
    if bad:
        raise ValueError(f"letter {bad[0]!r} is not in {language.name}'s alphabet")
    index = graph.index
    # a letter the dictionary's alphabet lacks spells no word: the cell is then never entered
    numbers = bytes(index[ch] for ch in letters) if all(ch in index for ch in letters) else b""
    entry = _spelling(language, graph)[letters] = (numbers, sum(values[ch] for ch in letters))
    return entry


def _multipliers(bonus: str) -> tuple[int, int]:
    if not bonus:
        _MULTIPLIERS[bonus] = (1, 1)
    else:
        multiplier = ruzzle().multipliers[bonus]
        _MULTIPLIERS[bonus] = (multiplier.letter, multiplier.word)
    return _MULTIPLIERS[bonus]


_bonus_tables: dict[tuple[str, int], tuple[int, ...]] = {}


def bonus_table(language: Language, longest: int) -> tuple[int, ...]:
    """The length bonus of every word length up to ``longest``."""
    key = (language.code, longest)
    if key not in _bonus_tables:
        _bonus_tables[key] = tuple(language.bonus(n) for n in range(longest + 1))
    return _bonus_tables[key]


def solve(board: Board, dictionary: Dictionary, language: Language,
          min_length: int | None = None, use: str | None = None):
    """All words of at least ``min_length`` letters as a ``Solution``, sorted by score. Of two
    paths with the same best score, the one that comes first row by row wins.
    """
    from .results import Found, Solution

    words = tuple(
        Found(word, score, tuple(board.position(i) for i in path))
        for word, score, path in find_words(board, dictionary, language, min_length, use)
    )
    return Solution(board, language.code, words).sorted("score")


def score_path(board: Board, path: tuple[int, ...], language: Language) -> int:
    """The Ruzzle score of a path of cell numbers: (Σ value × letter multiplier) × Π word
    multipliers + length bonus. To explain a score; the search adds up as it goes.
    """
    cells = [board.cells[i] for i in path]
    letters = sum(
        language.letter_values[ch] * cell.letter_multiplier for cell in cells for ch in cell.letters
    )
    factor = 1
    for cell in cells:
        factor *= cell.word_multiplier
    return letters * factor + language.bonus(sum(len(cell.letters) for cell in cells))
