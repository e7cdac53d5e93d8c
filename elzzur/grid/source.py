"""A board argument (``-b``) to its text: standard input, a file, or a board written inline.
Apart from ``board.py`` and what it imports (rows, tokens, rules), so that a command that
only reads a board's text, ``elzzur scrabble``, loads none of the grid game to do it: a
millisecond of its start; what the grid game reads is parsed by ``board.py``."""

from __future__ import annotations

import os
import sys

from ..errors import ElzzurError, quoted
from ..files import BOARD_LIMIT, check_size, decode_text, missing, read_text_file


def read_board_text(source: str | os.PathLike) -> tuple[str, str]:
    """The text of a board argument and a name for messages: ``-`` is standard input, an
    existing file is always read as a file, anything else is an inline board. A lone word is
    a file name, unless it is a square board of letters without spaces (``STARELINPORGAMES``:
    16, 25, 36, … letters, ``[QU]`` one tile); a missing file of a name made of letters says
    it is neither.
    """
    text = os.fspath(source)
    if not isinstance(text, str):  # a bytes path, or bytes of board text: decode first
        raise TypeError(f"a board is a file path or board text (str), not {type(text).__name__}")
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
    if isinstance(source, os.PathLike):
        raise ElzzurError(f"{shown_name(text)}: {missing(text)}")
    if looks_like_path:
        if "/" in text:  # ABCD/EFGH/IJKL/MN.P, .ORE/…: rows of equal length are a board
            if _board_shaped(text):
                return text, "inline board"
            raise ElzzurError(f"{shown_name(text)}: {missing(text)}{_uneven(text)}")
        count = _letter_count(text) if "." not in text else None  # my.board is a file name
        if count is not None and _square(count):
            return text, "inline board"
        if count is None or count < 2:
            raise ElzzurError(f"{shown_name(text)}: {missing(text)}")
        raise ElzzurError(f"{shown_name(text)}: {missing(text)}, nor a board of letters ({count:,} "
                          f"letters; a board written as one word is a square of 16, 25, 36, … "
                          f"letters)")
    return text, "inline board"


def shown_name(text: str) -> str:
    """A file name as a message shows it: as it is, or quoted and cut if it is long or holds
    characters that are not printable (a newline would split the one-line message)."""
    return text if len(text) <= 100 and text.isprintable() else quoted(text, 60)


def _uneven(text: str) -> str:
    """``, nor a board (…)`` where ``text``, not a file, is rows of letters of different
    lengths (``ABCD/EFG``): the other reading, and why it fails; else ''."""
    rows = text.split("/")
    counts = [_letter_count(row, holes=True) for row in rows]
    if rows[0] in ("", ".", "..") or None in counts or len(rows) > 1000 \
            or os.path.splitext(text)[1]:  # dir/my.board: a file's name
        return ""
    first, other = counts[0], next(c for c in counts if c != counts[0])
    return (f", nor a board (its rows are of different lengths: {first} and {other} "
            f"squares)")


def _board_shaped(text: str) -> bool:
    """Whether text with '/' that looks like a path (an extension, a leading dot) is rows of
    letters of one length, two or more (``ABCD/EFGH/IJKL/MN.P``), not ``dir/file.board``,
    ``./x`` or ``../x``."""
    rows = text.split("/")
    if rows[0] in ("", ".", "..") or text.startswith("~"):
        return False
    counts = {_letter_count(row, holes=True) for row in rows}
    return len(counts) == 1 and None not in counts and counts.pop() >= 2


def _letter_count(word: str, holes: bool = False) -> int | None:
    """The cells of a word of letters written without spaces (a letter with its combining
    marks, ``[token]``, and if ``holes`` a ``.``), whatever the language; None if it holds
    anything else."""
    import unicodedata

    from .tokens import HOLE

    count, depth = 0, 0
    for ch in unicodedata.normalize("NFC", word) if not word.isascii() else word:
        if ch == "[":
            if depth:
                return None
            depth, count = 1, count + 1
        elif ch == "]":
            if not depth:
                return None
            depth = 0
        elif not depth:
            if ch.isalpha() or (holes and ch == HOLE):
                count += 1
            elif not unicodedata.combining(ch) or not count:
                return None
    return None if depth else count


def _square(count: int) -> bool:
    """Whether ``count`` letters on one line are a square board (``rows.square_side``)."""
    from .rows import square_side

    return square_side(count) > 1
