"""elzzur: solve Ruzzle-style word boards — every word, its best path and its score.

The Python API is what the command line uses::

    >>> import elzzur
    >>> language = elzzur.get_language("en")
    >>> board = elzzur.load_board("Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E", language)
    >>> solution = elzzur.solve(board, elzzur.load_dictionary(None, language), language)
    >>> solution["COHESIVE"].score
    224
    >>> solution["COHESIVE"].path[:3]
    ((2, 0), (1, 0), (1, 1))
"""

from __future__ import annotations

import os

from .board import Board, Cell, parse_board, parse_boards, read_board_text
from .dictionary import Dictionary, load_dictionary
from .errors import ElzzurError, UsageError
from .generate import random_board
from .languages import Language, available as available_languages, get_language
from .results import Found, Solution
from .solver import score_path, solve

__version__ = "0.1.0"

__all__ = [
    "Board", "Cell", "Dictionary", "ElzzurError", "Found", "Language", "Solution", "UsageError",
    "available_languages", "get_language", "load_board", "load_dictionary", "parse_board",
    "parse_boards", "random_board", "score_path", "solve", "__version__",
]


def load_board(source: str | os.PathLike, language: Language) -> Board:
    """A board from a file path, or from inline text (rows separated by ``/`` or newlines)."""
    text, origin = read_board_text(source)
    return parse_board(text, language, origin)
