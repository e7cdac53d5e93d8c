"""The original elzzur's design, re-implemented for comparison (not used by elzzur itself).

A queue of paths per start cell; every extension is a new path object that copies its cells;
every path asks the MARISA trie, from the root, whether its letters begin some word; each found
path is scored from scratch. Results are the same as elzzur's solver (best path per word).
"""

from __future__ import annotations

from collections import deque

from elzzur import Board, Language


class Snake:
    """A path on the board: a list of (row, col) cells, copied on every extension."""

    def __init__(self, cells):
        self.cells = list(cells)

    def extended(self, cell):
        return Snake(self.cells + [cell])

    def word(self, board: Board) -> str:
        return "".join(board.cell(r, c).letters for r, c in self.cells)

    def score(self, board: Board, language: Language) -> int:
        letters, factor = 0, 1
        for r, c in self.cells:
            cell = board.cell(r, c)
            letters += sum(language.letter_values[ch] for ch in cell.letters) * cell.letter_multiplier
            factor *= cell.word_multiplier
        return letters * factor + language.bonus(len(self.word(board)))


def baseline_solve(board: Board, trie, language: Language, min_length: int = 2) -> dict:
    """{word: (score, path)} with the best path per word, as the original kept it."""
    best: dict = {}
    for r0 in range(board.rows):
        for c0 in range(board.cols):
            queue = deque([Snake([(r0, c0)])])
            while queue:
                snake = queue.popleft()
                word = snake.word(board)
                if len(word) >= min_length and word in trie:
                    score, path = snake.score(board, language), tuple(snake.cells)
                    held = best.get(word)
                    if held is None or score > held[0] or score == held[0] and path < held[1]:
                        best[word] = (score, path)
                r, c = snake.cells[-1]
                for rr in range(r - 1, r + 2):
                    for cc in range(c - 1, c + 2):
                        if not (0 <= rr < board.rows and 0 <= cc < board.cols):
                            continue
                        if (rr, cc) in snake.cells:
                            continue
                        longer = snake.extended((rr, cc))
                        if next(trie.iterkeys(longer.word(board)), None) is not None:
                            queue.append(longer)
    return best
