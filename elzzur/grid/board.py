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

from ..errors import ElzzurError
from ..files import check_size, decode_text, missing, read_text_file
from ..lexicon.languages import Language
from ..record import Record
from .rules import tile_codes


class Cell(Record):
    """One tile: the letters it spells (several choices for an either/or tile, none for a hole),
    its bonus code, the value written on it (None: its letters' values), and where in a word
    it may stand: anywhere, only at the start (a prefix tile such as RE-) or only at the end
    (a suffix tile such as -ING).

    ``Cell("A", "dl")`` is an A on a double letter; ``Cell(("A", "E"))`` an A/E tile;
    ``Cell("")`` a hole.
    """

    __slots__ = ("choices", "bonus", "value", "place")

    @classmethod
    def _defaults(cls) -> dict:
        return {"bonus": "", "value": None, "place": ""}

    def __post_init__(self) -> None:
        choices = self.choices
        if isinstance(choices, str):
            choices = (choices,) if choices else ()
        object.__setattr__(self, "choices", tuple(choices))
        if self.place not in ("", "start", "end"):
            raise ValueError(f"place must be '', 'start' or 'end', not {self.place!r}")

    @property
    def letters(self) -> str:
        """The letters of a one-choice tile ("" for a hole, "A/E" for an either/or tile)."""
        return "/".join(self.choices)

    @property
    def is_hole(self) -> bool:
        return not self.choices

    @property
    def letter_multiplier(self) -> int:
        return tile_codes()[self.bonus].letter if self.bonus else 1

    @property
    def word_multiplier(self) -> int:
        return tile_codes()[self.bonus].word if self.bonus else 1

    @property
    def token(self) -> str:
        """The cell in board-file syntax, e.g. ``Ttl``, ``QU``, ``RE-``, ``A|E``, ``Q=8``, ``.``.
        An either/or tile is written with ``|``, which reads the same in a board file and inline
        (where ``/`` separates rows). Letters are written as the tile holds them: a QU tile is
        ``QU``, not ``Qu``, which a case-mode language reads as another tile (the GUI, which
        knows the language, shows ``Qu`` where it reads back)."""
        if not self.choices:
            return HOLE
        text = "|".join(self.choices)
        if self.place == "start":
            text += "-"
        elif self.place == "end":
            text = "-" + text
        text += self.bonus
        if self.value is not None:
            text += f"={self.value}"
        return text


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


HOLE = "."
BOARD_LIMIT = 64 * 2**20  # bytes of board text: a batch of a million 4x4 boards fits
MAX_TILE_LETTERS = 8


def parse_token(token: str, language: Language) -> Cell:
    """One board token as a Cell, or an error that says what is wrong with it.

    Grammar: ``.`` is a hole; otherwise letters (``A``, ``Qu``, ``TH``), or a prefix tile
    (``RE-``), a suffix tile (``-ING``) or an either/or tile (``A/E``, or ``A|E``), then
    optionally a lower-case bonus code (``dl tl dw tw``), then optionally ``=N``, the value
    written on the tile: ``Qtl``, ``Qu=8``, ``-INGdw``, ``A/Edl=3``.
    """
    if token == HOLE:
        return Cell("")
    if not token.isascii():
        import unicodedata

        token = unicodedata.normalize("NFC", token)
    codes = tile_codes()
    expected = (f"token {token!r}: expected letters, then optionally a bonus code "
                f"({', '.join(codes)}) and '=value'")
    text, value = token, None
    if "=" in text:
        text, _, number = text.partition("=")
        if not number.isdigit() or not number.isascii():
            raise ElzzurError(f"token {token!r}: the value after '=' must be a whole number, "
                              f"not {number!r}")
        # int() refuses 4,300 digits and more: a long number is too much whatever its digits
        digits = number.lstrip("0") or "0"
        value = int(digits) if len(digits) <= 7 else 10**7
        if value > 10**6:
            raise ElzzurError(f"token {token!r}: a value of {value} is more than a tile can be worth")
    if text in codes:
        raise ElzzurError(f"token {token!r} is a bonus code without letters")
    bonus = ""
    if len(text) > 2 and text[-2:] in codes:
        text, bonus = text[:-2], text[-2:]
    if not text.strip("-"):
        raise ElzzurError(expected)
    place = ""
    if text.startswith("-") and text.endswith("-"):
        raise ElzzurError(f"token {token!r}: a tile is a prefix (RE-) or a suffix (-ING), not both")
    if text.endswith("-"):
        text, place = text[:-1], "start"
    elif text.startswith("-"):
        text, place = text[1:], "end"
    parts = text.replace("|", "/").split("/")
    if len(parts) > 1 and (place or any("-" in part for part in parts)):
        raise ElzzurError(f"token {token!r}: an either/or tile cannot be a prefix or a suffix")
    choices = []
    for part in parts:
        if not part:
            raise ElzzurError(expected)
        # any case but a trailing bonus code's (Adl/E, aDL, TtL): such a tile could not be
        # written back as a token that reads the same
        if len(part) == 3 and part[1:].lower() in codes and not bonus:
            raise ElzzurError(f"token {token!r} is ambiguous: bonus codes are written in lower "
                              f"case ({part[0]}{part[1:].lower()}); a three-letter tile ending in "
                              f"{part[1:].upper()} is not supported")
        key = language.normalize(part) if part.isalpha() else None
        if key is None:
            bad = next((ch for ch in part if language.normalize(ch) is None or not ch.isalpha()), part)
            raise ElzzurError(f"token {token!r}: {bad!r} is not a letter of {language.name}")
        if len(key) > MAX_TILE_LETTERS:
            raise ElzzurError(f"token {token!r}: a tile has at most {MAX_TILE_LETTERS} letters")
        choices.append(key)
    if len(set(choices)) != len(choices):
        raise ElzzurError(f"token {token!r}: the same letters twice in an either/or tile")
    return Cell(tuple(choices), bonus, value, place)


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
    boards: list[Board] = []
    block: list[tuple[str, str]] = []  # (where a row is, for messages; its text)
    lines = text.splitlines()
    for number, line in enumerate(lines + [""], start=1):
        stripped = line.strip()
        if stripped.startswith("#"):
            continue
        if stripped:
            block.append((f"line {number}", stripped))
        elif block:
            if len(block) == 1 and "/" in block[0][1]:  # a board on one line: rows split at '/'
                block = [(f"row {n}", part) for n, part in enumerate(block[0][1].split("/"), 1)]
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
        data = check_size(sys.stdin.buffer.read(BOARD_LIMIT + 1), BOARD_LIMIT, "<stdin>")
        return decode_text(data, "<stdin>"), "<stdin>"
    if text and os.path.exists(text):
        return read_text_file(text, BOARD_LIMIT), text
    # An inline board has rows ("/"), several cells (spaces) or is one letter: a lone word
    # such as `-b myboard` is a mistyped file name, not a board of one long tile.
    looks_like_path = not any(ch.isspace() for ch in text) and (
        "/" not in text and len(text) > 1 or text.startswith(("/", ".", "~"))
        or os.path.splitext(text)[1] != "")
    if looks_like_path or isinstance(source, os.PathLike):
        raise ElzzurError(f"{text}: {missing(text)}")
    return text, "inline board"
