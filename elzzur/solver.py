"""Find every dictionary word on a board, each with its best-scoring path.

The search is breadth-first from every cell, as the original elzzur's: a queue of partial paths,
each extended to the unused neighbours of its last cell, and dropped as soon as its letters are
no prefix of any dictionary word. The letter sum and the word multiplier are carried along the
path, so scoring a word costs nothing; prefix answers are remembered for the whole board.
"""

from __future__ import annotations

from collections import deque

from .board import Board
from .dictionary import Dictionary
from .languages import Language
from .results import Found, Solution


def score_path(board: Board, path: tuple[int, ...], language: Language) -> int:
    """The Ruzzle score of a path of cell indices: (Σ value × letter multiplier) × Π word
    multipliers + length bonus. Used by tests and to explain a score; the search adds up as it goes.
    """
    cells = [board.cells[i] for i in path]
    letters = sum(
        language.letter_values[ch] * cell.letter_multiplier for cell in cells for ch in cell.letters
    )
    factor = 1
    for cell in cells:
        factor *= cell.word_multiplier
    return letters * factor + language.bonus(sum(len(cell.letters) for cell in cells))


def solve(board: Board, dictionary: Dictionary, language: Language,
          min_length: int | None = None) -> Solution:
    """All words of at least ``min_length`` letters (the language's minimum by default), sorted
    by score. Of two paths with the same best score, the one that comes first row by row wins.
    """
    shortest = max(language.min_length if min_length is None else min_length, 1)
    values = language.letter_values
    letters = [cell.letters for cell in board.cells]
    if any(ch not in values for text in letters for ch in text):
        bad = next(ch for text in letters for ch in text if ch not in values)
        raise ValueError(f"letter {bad!r} is not in {language.name}'s alphabet")
    cell_points = [
        sum(values[ch] for ch in cell.letters) * cell.letter_multiplier for cell in board.cells
    ]
    word_factor = [cell.word_multiplier for cell in board.cells]
    neighbours = board.neighbours
    trie = dictionary.trie
    known: dict[str, bool] = {}

    def is_prefix(text: str) -> bool:
        answer = known.get(text)
        if answer is None:
            answer = known[text] = next(trie.iterkeys(text), None) is not None
        return answer

    best: dict[str, tuple[int, tuple[int, ...]]] = {}
    queue: deque[tuple[str, tuple[int, ...], int, int, int]] = deque()
    for i, text in enumerate(letters):
        if is_prefix(text):
            queue.append((text, (i,), 1 << i, cell_points[i], word_factor[i]))
    while queue:
        text, path, used, points, factor = queue.popleft()
        if len(text) >= shortest and text in trie:
            score = points * factor + language.bonus(len(text))
            held = best.get(text)
            if held is None or score > held[0] or score == held[0] and path < held[1]:
                best[text] = (score, path)
        for j in neighbours[path[-1]]:
            if used >> j & 1:
                continue
            longer = text + letters[j]
            if is_prefix(longer):
                queue.append((longer, path + (j,), used | 1 << j, points + cell_points[j],
                              factor * word_factor[j]))
    found = [
        Found(word, score, tuple(board.position(i) for i in path))
        for word, (score, path) in best.items()
    ]
    return Solution(board, language.code, tuple(found)).sorted("score")
