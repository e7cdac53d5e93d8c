"""Random boards: letters drawn by the language's in-text frequencies, bonuses as elzzur drew them."""

from __future__ import annotations

import random

from .board import Board, Cell
from .languages import Language
from .rules import bonus_weights as drawn_bonuses


def random_board(language: Language, rows: int = 4, cols: int = 4, seed: int | None = None) -> Board:
    """A rows x cols board; the same seed gives the same board on every platform."""
    if rows < 1 or cols < 1:
        raise ValueError("a board needs at least one row and one column")
    rng = random.Random(seed)
    letters = sorted(language.letter_frequencies)
    letter_weights = [language.letter_frequencies[ch] for ch in letters]
    bonus_weights = drawn_bonuses()
    bonuses = sorted(bonus_weights)
    weights = [bonus_weights[b] for b in bonuses]
    n = rows * cols
    drawn = rng.choices(letters, letter_weights, k=n)
    extras = rng.choices(bonuses, weights, k=n)
    cells = tuple(Cell(ch, "" if bonus == "none" else bonus) for ch, bonus in zip(drawn, extras))
    return Board(rows, cols, cells)
