"""Boards: a grid of letter cells, some with bonus multipliers, parsed from board-file syntax.

A board file has one line per row and one token per cell, separated by spaces::

    Ttl R   S   Ndl
    Odw Htw E   I
    Cdw I   N   V
    Etl A   D   E

A token is one letter (any case; accents fold as the language says) optionally followed by a
lower-case multiplier code: ``dl``/``tl`` double/triple the letter, ``dw``/``tw`` the word.
Inline, rows are separated by ``/``: ``"Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E"``.
Blank lines separate boards; lines starting with ``#`` are comments.
"""

from __future__ import annotations

from ..errors import ElzzurError
from ..lexicon.languages import Language
from ..record import Record
from .rows import MAX_BOARDS, MAX_CELLS, MAX_TILES, check_cells, read_boards
from .tokens import HOLE, MAX_TILE_LETTERS, Cell, parse_token

# What other modules take from here: the board, its tokens, and the limits every board made
# anywhere holds to (``check_cells(rows, cols)`` for a shape: `generate -r -c`, rules, dice).
_FROM_SOURCE = ("BOARD_LIMIT", "read_board_text", "shown_name")  # (see __getattr__)
__all__ = ["HOLE", "MAX_BOARDS", "MAX_CELLS", "MAX_TILES", "MAX_TILE_LETTERS", "Board", "Cell",
           "check_cells", "grid_neighbours", "parse_board", "parse_boards", "parse_token",
           *_FROM_SOURCE]


def __getattr__(name: str):
    """``grid.source``'s names, which this module hands on, imported when first asked for:
    a board whose text is already read (the demo's) is made without them."""
    if name in _FROM_SOURCE:
        from . import source

        return getattr(source, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Board(Record):
    """A rectangular grid of cells, stored row by row."""

    __slots__ = ("rows", "cols", "cells")

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or len(self.cells) != self.rows * self.cols:
            raise ValueError(f"a {self.rows}x{self.cols} board needs {self.rows * self.cols} cells")
        if len(self.cells) > MAX_CELLS:
            check_cells(self.rows, self.cols)

    def cell(self, row: int, col: int) -> Cell:
        return self.cells[row * self.cols + col]

    def position(self, index: int) -> tuple[int, int]:
        """(row, column) of the cell at ``index`` in row-major order."""
        return divmod(index, self.cols)

    @property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each cell index, the indices of its (up to eight) neighbours."""
        return grid_neighbours(self.rows, self.cols)

    def tokens(self) -> list[str]:
        """Each cell's token, row by row. On a board of one column and several rows a token of
        several characters stands in brackets (``[QU]``): without spaces, rows of several
        letters read as letters (docs/boards.md), so ``QU/A`` would be a 2x2 board."""
        tokens = [cell.token for cell in self.cells]
        if self.cols == 1 and self.rows > 1:
            tokens = [f"[{token}]" if len(token) > 1 else token for token in tokens]
        return tokens

    def token_rows(self) -> list[str]:
        """Rows in board-file syntax, single-spaced: ``["Ttl R S Ndl", …]``."""
        tokens, cols = self.tokens(), self.cols
        return [" ".join(tokens[start:start + cols]) for start in range(0, len(tokens), cols)]

    def _repr_html_(self) -> str:
        """A styled grid in a Jupyter notebook."""
        from ..views.notebook import board_html

        return board_html(self)

    def _repr_svg_(self) -> str:
        """The board as a picture (notebooks that prefer SVG)."""
        from ..views.notebook import board_svg

        return board_svg(self)

    def __repr__(self) -> str:
        """Short, at a prompt: ``Board(4x4: Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E)``."""
        text = "/".join(self.token_rows())
        return f"Board({self.rows}x{self.cols}: {text if len(text) <= 200 else text[:199] + '…'})"

    def __str__(self) -> str:
        """The board aligned in columns, as a board file (and the text output) shows it."""
        tokens, cols = self.tokens(), self.cols
        width = max(map(len, tokens)) + 1
        return "\n".join(
            "".join(token.ljust(width) for token in tokens[start:start + cols]).rstrip()
            for start in range(0, len(tokens), cols)
        )


_neighbours: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
_CACHED_CELLS = 4096  # shapes up to this many cells keep their lists (a batch of small boards)


def grid_neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Neighbour lists (in increasing order) of every cell of a rows x cols grid, kept for the
    small shapes (a batch of boards), computed again for large ones (each would hold tens of
    megabytes for ever).

    Built a rectangle of cells at a time (corners, edges, the inside), each with the same
    offsets to its neighbours, by ``zip`` over shifted slices of one list of cell numbers: the
    loop in Python runs over the shorter side only, and every tuple shares the same int
    objects, so a 500x500 board's lists take ~0.1 s and ~30 MB instead of ~0.7 s and ~90 MB.
    """
    known = _neighbours.get((rows, cols))
    if known is not None:
        return known
    ids = list(range(rows * cols))  # one int object per cell, shared by every list naming it
    result: list = [()] * (rows * cols)
    for r0, r1, row_steps in _spans(rows):
        for c0, c1, col_steps in _spans(cols):
            offsets = [dr * cols + dc for dr in row_steps for dc in col_steps if dr or dc]
            if not offsets:  # a 1x1 board
                continue
            if c1 - c0 >= r1 - r0:  # row by row, each row's stretch in C
                for r in range(r0, r1):
                    a, b = r * cols + c0, r * cols + c1
                    result[a:b] = zip(*[ids[a + o:b + o] for o in offsets])
            else:  # column by column, each column's stretch (a step of cols) in C
                for c in range(c0, c1):
                    a, b = r0 * cols + c, (r1 - 1) * cols + c + 1
                    result[a:b:cols] = zip(*[ids[a + o:b + o:cols] for o in offsets])
    found = tuple(result)
    if rows * cols <= _CACHED_CELLS:
        if len(_neighbours) >= 256:
            _neighbours.clear()
        _neighbours[(rows, cols)] = found
    return found


def _spans(size: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """The stretches of positions 0..size-1 whose neighbours lie at the same steps: the first,
    the inner ones, the last (one stretch on a side of one)."""
    if size == 1:
        return [(0, 1, (0,))]
    inner = [(1, size - 1, (-1, 0, 1))] if size > 2 else []
    return [(0, 1, (0, 1)), *inner, (size - 1, size, (-1, 0))]


def parse_board(text: str, language: Language, origin: str = "board") -> Board:
    """Exactly one board from board-file text (rows on lines, or inline with ``/``)."""
    boards = parse_boards(text, language, origin)
    if len(boards) != 1:
        raise ElzzurError(f"{origin}: holds {len(boards)} boards separated by blank lines, expected one")
    return boards[0]


def parse_boards(text: str, language: Language, origin: str = "board") -> list[Board]:
    """All the boards in a text; boards are separated by blank lines. A board on several lines
    has one row a line, and ``/`` in a line is an either/or tile's (``A/E``); a board on a
    single line is inline, in a file too: ``/`` separates its rows (an either/or tile is
    ``A|E`` there)."""
    if not isinstance(text, str):  # the API's callers: a clear error, not AttributeError
        raise TypeError(f"board text must be a str, not {type(text).__name__}")
    if not isinstance(language, Language):
        raise TypeError(f"language must be a Language (elzzur.get_language), not "
                        f"{type(language).__name__}")
    return read_boards(text, language, origin, Board)
