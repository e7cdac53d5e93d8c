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

import os
import sys

from .errors import ElzzurError
from .fileio import decode_text, read_text_file
from .languages import Language
from .record import Record
from .rules import ruzzle


class Cell(Record):
    """One tile: its letter(s) as dictionary keys spell them, and its multiplier code."""

    __slots__ = ("letters", "bonus")

    @classmethod
    def _defaults(cls) -> dict:
        return {"bonus": ""}

    @property
    def letter_multiplier(self) -> int:
        return ruzzle().multipliers[self.bonus].letter if self.bonus else 1

    @property
    def word_multiplier(self) -> int:
        return ruzzle().multipliers[self.bonus].word if self.bonus else 1

    @property
    def token(self) -> str:
        """The cell in board-file syntax, e.g. ``Ttl``."""
        return self.letters.capitalize() + self.bonus


class Board(Record):
    """A rectangular grid of cells, stored row by row."""

    __slots__ = ("rows", "cols", "cells")

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or len(self.cells) != self.rows * self.cols:
            raise ValueError(f"a {self.rows}x{self.cols} board needs {self.rows * self.cols} cells")

    def cell(self, row: int, col: int) -> Cell:
        return self.cells[row * self.cols + col]

    def position(self, index: int) -> tuple[int, int]:
        """(row, column) of the cell at ``index`` in row-major order."""
        return divmod(index, self.cols)

    @property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each cell index, the indices of its (up to eight) neighbours."""
        return grid_neighbours(self.rows, self.cols)

    def token_rows(self) -> list[str]:
        """Rows in board-file syntax, single-spaced: ``["Ttl R S Ndl", …]``."""
        return [
            " ".join(self.cell(r, c).token for c in range(self.cols)) for r in range(self.rows)
        ]

    def __str__(self) -> str:
        """The board aligned in columns, as a board file (and the text output) shows it."""
        width = max(len(cell.token) for cell in self.cells) + 1
        return "\n".join(
            "".join(self.cell(r, c).token.ljust(width) for c in range(self.cols)).rstrip()
            for r in range(self.rows)
        )


_neighbours: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def grid_neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Neighbour lists (in increasing order) of every cell of a rows x cols grid, computed once
    per shape.
    """
    known = _neighbours.get((rows, cols))
    if known is not None:
        return known
    result = []
    for r in range(rows):
        for c in range(cols):
            result.append(tuple(
                rr * cols + cc
                for rr in range(r - 1, r + 2)
                for cc in range(c - 1, c + 2)
                if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols
            ))
    _neighbours[(rows, cols)] = tuple(result)
    return _neighbours[(rows, cols)]


def parse_token(token: str, language: Language) -> Cell:
    """One board token (``Ttl``, ``e``, ``Ndl``) as a Cell, or an error that says what is wrong."""
    codes = ruzzle().multipliers
    if not token.isascii():
        import unicodedata

        token = unicodedata.normalize("NFC", token)
    if token in codes:
        raise ElzzurError(f"token {token!r} is a multiplier without a letter")
    letter, bonus = token, ""
    if len(token) > 2 and token[-2:] in codes:
        letter, bonus = token[:-2], token[-2:]
    if len(letter) != 1:
        if len(token) == 3 and token[1:].lower() in codes:
            hint = token[0] + token[1:].lower()
            raise ElzzurError(f"token {token!r}: multipliers are written in lower case ({hint})")
        raise ElzzurError(
            f"token {token!r}: expected one letter and an optional multiplier ({', '.join(codes)})"
        )
    key = language.normalize(letter) if letter.isalpha() else None
    if key is None:
        raise ElzzurError(f"token {token!r}: {letter!r} is not a letter of {language.name}")
    if len(key) != 1:
        raise ElzzurError(f"token {token!r}: {letter!r} is {key} in {language.name}, not one letter")
    return Cell(key, bonus)


def parse_board(text: str, language: Language, origin: str = "board") -> Board:
    """Exactly one board from board-file text (rows on lines, or inline with ``/``)."""
    boards = parse_boards(text, language, origin)
    if len(boards) != 1:
        raise ElzzurError(f"{origin}: holds {len(boards)} boards separated by blank lines, expected one")
    return boards[0]


def parse_boards(text: str, language: Language, origin: str = "board") -> list[Board]:
    """All the boards in a text; boards are separated by blank lines, rows by newlines or ``/``."""
    boards: list[Board] = []
    block: list[tuple[str, str]] = []  # (where a row is, for messages; its text)
    lines = text.splitlines()
    for number, line in enumerate(lines + [""], start=1):
        stripped = line.strip()
        if stripped.startswith("#"):
            continue
        if stripped:
            parts = stripped.split("/")
            for part in parts:
                where = f"line {number}" if len(parts) == 1 else f"row {len(block) + 1}"
                block.append((where, part))
        elif block:
            boards.append(_parse_rows(block, language, origin))
            block = []
    if not boards:
        raise ElzzurError(f"{origin}: empty board")
    return boards


def _parse_rows(block: list[tuple[str, str]], language: Language, origin: str) -> Board:
    rows: list[list[Cell]] = []
    for where, line in block:
        tokens = line.split()
        if not tokens:
            raise ElzzurError(f"{origin}, {where}: empty row")
        try:
            rows.append([parse_token(token, language) for token in tokens])
        except ElzzurError as e:
            raise ElzzurError(f"{origin}, {where}: {e}") from None
        if len(rows[-1]) != len(rows[0]):
            raise ElzzurError(
                f"{origin}, {where}: row has {len(rows[-1])} cell{'s' * (len(rows[-1]) != 1)}, "
                f"the first row has {len(rows[0])} (boards must be rectangular)"
            )
    return Board(len(rows), len(rows[0]), tuple(cell for row in rows for cell in row))


def read_board_text(source: str | os.PathLike) -> tuple[str, str]:
    """The text of a board argument and a name for messages: ``-`` is standard input, an
    existing file is always read as a file, anything else is an inline board.
    """
    text = os.fspath(source)
    if text == "-":
        if sys.stdin is None:
            raise ElzzurError("-b -: standard input is closed")
        return decode_text(sys.stdin.buffer.read(), "<stdin>"), "<stdin>"
    if text and os.path.exists(text):
        return read_text_file(text), text
    looks_like_path = not any(ch.isspace() for ch in text) and (
        os.path.splitext(text)[1] != "" or text.startswith(("/", ".", "~"))
    )
    if looks_like_path or isinstance(source, os.PathLike):
        raise ElzzurError(f"{text}: no such file")
    return text, "inline board"
