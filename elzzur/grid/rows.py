"""Board text to boards: lines, blank lines and comments; rows of tokens, or rows of letters
written without spaces (``STAR/ELIN/PORG/AMES``, ``[QU]`` one tile) and the rule that decides
between a row of letters and a tile; and the bounds on what one text may hold.

``grid/board.py`` is the public face (``parse_boards`` hands ``Board`` in as the maker of
boards, so this module needs none of it); ``grid/tokens.py`` reads each token.

Reading is linear and lean, since a 64 MiB text is allowed: lines are split a megabyte at a
time, blank lines and comments skipped in C; every token is parsed once per text, so equal
tokens share one Cell; no row holds more tokens than a board may have cells.
"""

from __future__ import annotations

from ..errors import ElzzurError, quoted
from ..lexicon.languages import Language
from .tokens import HOLE, MAX_TILE_LETTERS, Cell, parse_token
from .rules import tile_codes

# The bounds of what a board may be; every place that makes a board (board text, `generate -r
# -c`, a rules or dice file's shape) holds to MAX_CELLS through check_cells. Measured on the
# 2-core test machine (docs/errors.md, Limits): a 500x500 board parses in ~0.1 s and solves in ~2 s
# within ~180 MB (~410 MB for 8-letter either/or tiles); at 1000x1000 the same boards took
# ~8 s and 0.7 GB, and 1.9 GB: over the ~10 s / ~1 GB every input must stay under.
MAX_CELLS = 250_000  # cells of one board: 500x500, 1x250,000
MAX_BOARDS = 1_000_000  # boards in one text: a batch of a million 4x4 boards fits (~64 MiB)
MAX_TILES = 1_000_000  # different tokens in one text: each is a Cell object of its own


def check_cells(rows: int, cols: int, what: str = "a board") -> None:
    """An ElzzurError if a ``rows`` x ``cols`` board would have more than MAX_CELLS cells (or
    fewer than one: a board has at least one row and one column)."""
    if rows < 1 or cols < 1:
        raise ElzzurError(f"{what}: a board has at least one row and one column, not {rows}x{cols}")
    if rows * cols > MAX_CELLS:
        raise ElzzurError(f"{what}: a {rows:,}x{cols:,} board has more than {MAX_CELLS:,} cells, "
                          f"more than elzzur solves")


def read_boards(text: str, language: Language, origin: str, make: type) -> list:
    """The boards of a text, each made by ``make(rows, cols, cells)``, as ``parse_boards``
    documents them."""
    return _read(text, _Reader(language, origin, make), 1, False)[0]


def read_part(text: str, language: Language, origin: str, make: type, first_line: int,
              cells: dict | None = None) -> tuple[list, int]:
    """The boards of one part of a text cut by ``split_parts`` (its first line is line
    ``first_line`` of the text) and how many different tokens it holds: what a worker of
    ``solve --jobs`` reads. A part may hold no board; the limits are the caller's to check
    over the whole text, the part's own errors are those of reading the whole text.
    ``cells``: the cells read before by token, shared with other parts of the same text in
    the same language, so that the boards of every part share their cells as those of one
    text do, and a token is parsed once a worker; then the count is of the tokens this part
    added to them (the sum over the parts is still at least the text's own count, which is
    all the limit on tokens needs)."""
    reader = _Reader(language, origin, make)
    if cells is not None:
        before = len(cells)
        reader.cells = cells
        boards = _read_plain(text, reader, first_line)
        if boards is not None:
            return boards, len(cells) - before
        reader = _Reader(language, origin, make)  # the full reading, afresh: every error
    return _read(text, reader, first_line, True)


def count_part(text: str, language: Language, origin: str, make: type, first_line: int,
               cells: dict) -> tuple[int, int]:
    """What ``read_part(...)`` answers, as the number of boards and of tokens added to
    ``cells``, or its error: the check of a part before ``solve --jobs`` writes any. A plain
    text (see ``_read_plain``) whose every board is rows of as many tokens, each a tile, is
    counted without making its boards (a third of the time of reading it); any other is
    read."""
    if not any(mark in text for mark in _NOT_PLAIN):
        counted = _count_plain(text, language, cells)
        if counted is not None:
            return counted
    boards, tokens = read_part(text, language, origin, make, first_line, cells)
    return len(boards), tokens


def _count_plain(text: str, language: Language, cells: dict) -> tuple[int, int] | None:
    """``count_part`` of a plain text whose boards ``_read_plain`` makes from rows of known
    tokens, with the new tokens parsed into ``cells``; None for any other (a row of one
    token, rows of different lengths, a token that is not a tile, near a limit)."""
    from itertools import groupby

    widths = list(map(len, map(str.split, text.split("\n"))))  # 0: a blank line
    boards = 0
    for filled, group in groupby(widths, bool):
        if filled:
            if not _aligned(list(group)):
                return None
            boards += 1
    new = set(text.split()).difference(cells)
    if boards >= MAX_BOARDS or len(cells) + len(new) > MAX_TILES // 2:
        return None
    read = {}
    for token in new:
        try:
            read[token] = parse_token(token, language)
        except ElzzurError:
            return None  # the reading says where
    cells.update(read)
    return boards, len(read)


def _aligned(widths: list[int]) -> bool:
    """Whether a board's rows, by their numbers of tokens, are of the kind read (and counted)
    the fast way: two rows or more of two tokens or more, as many in every row, no more cells
    than a board may have; any other board (a row alone may be rows written with spaces for
    the slashes) is read by ``_Reader.board``, for its errors."""
    width = widths[0]
    return width > 1 and len(widths) > 1 and widths.count(width) == len(widths) \
        and len(widths) * width <= MAX_CELLS


def _read(text: str, reader: "_Reader", first_line: int, part: bool) -> tuple[list, int]:
    boards = _read_plain(text, reader, first_line)
    if boards is not None:
        return boards, len(reader.cells)
    reader = _Reader(reader.language, reader.origin, reader.make)  # afresh: every error
    origin = reader.origin
    boards: list = []
    block: list[tuple[int, str]] = []  # the board being read: (line number, its text)
    for number, line, after_blank in content_lines(text, first_line):
        if after_blank and block:
            boards.append(reader.board(block))
            block = []
            if len(boards) >= MAX_BOARDS:
                raise ElzzurError(f"{origin}, line {number}: more than {MAX_BOARDS:,} boards "
                                  f"in one text, more than elzzur reads at once")
        block.append((number, line))
        if len(block) > MAX_CELLS:
            raise ElzzurError(f"{origin}, line {number}: {_too_many('rows')}")
    if block:
        boards.append(reader.board(block))
    if not boards and not part:
        raise ElzzurError(f"{origin}: empty board")
    return boards, len(reader.cells)


def split_parts(text: str, size: int) -> list[tuple[int, int, int]]:
    """``text`` cut into parts of about ``size`` characters, each ``(start, end, first line)``,
    for the workers of ``solve --jobs`` to read: a part ends after a blank line (so that no
    board is cut) and holds at least one board (a line that is neither blank nor a comment),
    and its first line's number is counted as ``content_lines`` counts lines. The cutting
    looks at a few lines per part; the lines are counted in C."""
    parts = []
    start, line, total = 0, 1, len(text)
    while start < total:
        end = _cut(text, start + max(1, size), total)
        while end < total and not _has_content(text, start, end):
            end = _cut(text, end + max(1, size), total)
        if parts and not _has_content(text, start, end):  # comments at the end: the last part's
            last_start, _, last_line = parts.pop()
            start, line = last_start, last_line
        parts.append((start, end, line))
        if end < total:
            piece = text[start:end]
            line += piece.count("\n") if not any(mark in piece for mark in _BREAKS) \
                else len(piece.splitlines())
        start = end
    return parts


def _cut(text: str, at: int, total: int) -> int:
    """The end of the first blank line that starts at or after ``at`` (just after its "\n"),
    or the end of the text."""
    i = text.find("\n", max(0, at - 1))
    while i >= 0:
        j = text.find("\n", i + 1)
        if j < 0:
            return total
        if not text[i + 1:j].strip():  # only blank lines between two newlines
            return j + 1
        i = j
    return total


def _has_content(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] holds a line that is neither blank nor a comment."""
    piece = text[start:end]
    if "#" not in piece:
        return not piece.isspace() and bool(piece)
    return any(line and line[0] != "#" for line in map(str.strip, piece.splitlines()))


# Characters that split lines for str.splitlines besides "\n" (or carry comments, or rows on one
# line): a text without any of them is read by _read_plain.
_NOT_PLAIN = ("#", "/", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
_BREAKS = _NOT_PLAIN[2:]  # line breaks other than "\n"


def _read_plain(text: str, reader: "_Reader", first_line: int = 1) -> list | None:
    """The boards of the common text, read faster than ``content_lines`` and ``_Reader.board``
    read it (a batch of 4x4 boards spent as long reading as writing its words): lines split at
    "\n" alone, no comments, no board on one line; a board whose rows are tokens apart, as
    many in every row, each a token already read, is made here from the reader's cells, and
    any other board is read by ``_Reader.board`` from the same lines and numbers, so its
    errors are the same. None where the text is not of that kind, or near a limit: then
    ``read_boards`` reads it all the full way, which gives the same boards (tests/
    test_rows_fast.py checks it on random texts) and the exact error."""
    if any(mark in text for mark in _NOT_PLAIN):
        return None
    from itertools import groupby

    lines = list(map(str.strip, text.split("\n")))
    boards: list = []
    add = boards.append
    make, get, board = reader.make, reader.cells.get, reader.board
    number = first_line  # the line number of the group's first line
    for filled, group in groupby(lines, bool):
        rows = list(group)
        if filled:
            if len(boards) >= MAX_BOARDS or len(reader.cells) > MAX_TILES // 2:
                return None  # the full reading says where the limit is passed
            split = list(map(str.split, rows))
            width = len(split[0])
            cells = None
            if _aligned(list(map(len, split))):
                cells = tuple(map(get, [token for tokens in split for token in tokens]))
                if None in cells:
                    cells = None
            if cells is not None:
                add(make(len(rows), width, cells))
            elif len(rows) > MAX_CELLS:
                return None
            else:
                add(board(list(zip(range(number, number + len(rows)), rows))))
        number += len(rows)
    return boards or None


_CHUNK = 1 << 20  # characters of text split into lines at a time


def content_lines(text: str, first_line: int = 1):
    """``(number, line, after_blank)`` for each line of ``text`` that is neither blank nor a
    comment, stripped, with its line number (lines as ``str.splitlines`` counts them) and
    whether a blank line comes between it and the content line before it.

    The text is split a megabyte at a time, and blank lines and comments are skipped in C
    (``compress``): 64 MiB of newlines or of ``#`` lines takes about two seconds and a few
    megabytes, where a list of every line took half a gigabyte and a Python loop over them
    seven seconds."""
    from itertools import compress, repeat
    from operator import itemgetter, ne

    before = first_line - 1  # lines in the chunks already read
    pending = False  # a blank line since the last content line
    start, size = 0, len(text)
    while start < size:
        end = text.find("\n", start + _CHUNK)  # cut after a newline: CRLF stays whole
        end = size if end < 0 else end + 1
        chunk = text[start:end]
        lines = list(map(str.strip, chunk.splitlines()))
        content = compress(range(len(lines)), lines)
        if "#" in chunk:  # drop comments, still in C: their first character is '#'
            filled = list(content)
            firsts = map(itemgetter(0), map(lines.__getitem__, filled))
            content = compress(filled, map(ne, firsts, repeat("#")))
        previous = -1
        for index in content:
            # lines between two content lines are blank ("") or comments; a blank one ends a board
            yield before + index + 1, lines[index], pending or "" in lines[previous + 1:index]
            pending, previous = False, index
        pending = pending or "" in lines[previous + 1:]
        before += len(lines)
        start = end


class _Reader:
    """Board text to Boards for one text: its language, its name for messages, and the cells
    already read by token, so that the 16 letters of a million 4x4 boards are 16 Cell objects,
    not sixteen million (a board of N cells then costs N pointers).

    Rows are told apart by index; where a row is (``line 7``, ``row 2`` of an inline board) is
    written only for a message."""

    def __init__(self, language: Language, origin: str, make: type) -> None:
        self.language = language
        self.origin = origin
        self.make = make  # Board: rows, columns and cells to a board
        self.cells: dict[str, Cell] = {}
        self.kind, self.numbers = "line", [1]  # the board being read: "line"/"row", numbers
        self.bad: tuple[int, str] = (0, "")  # the first row and character not read as a letter

    def where(self, row: int | None) -> str:
        return "" if row is None else f"{self.kind} {self.numbers[row]}"

    def error(self, row: int | None, message: str) -> ElzzurError:
        where = self.where(row)
        return ElzzurError(f"{self.origin}, {where}: {message}" if where else
                           f"{self.origin}: {message}")

    def too_many(self, row: int | None, what: str = "cells") -> ElzzurError:
        return self.error(row, _too_many(what))

    def cell(self, token: str, row: int) -> Cell:
        """The Cell of one token, parsed once per text."""
        cell = self.cells.get(token)
        if cell is None:
            try:
                cell = parse_token(token, self.language)
            except ElzzurError as e:
                raise self.error(row, str(e)) from None
            self.keep(token, cell, row)
        return cell

    def keep(self, token: str, cell: Cell, row: int) -> None:
        if len(self.cells) >= MAX_TILES:
            raise self.error(row, f"more than {MAX_TILES:,} different tiles in one text, more "
                                  f"than elzzur reads at once")
        self.cells[token] = cell

    def board(self, block: list[tuple[int, str]]) -> object:
        """One board from its lines: rows of tokens, or rows of letters without spaces."""
        number, first = block[0]
        if len(block) == 1 and "/" in first:  # a board on one line: rows split at '/'
            rows = first.split("/", MAX_CELLS)
            self.kind, self.numbers = "line", [number]
            if len(rows) > MAX_CELLS:
                raise self.too_many(0, "rows")
            self.kind, self.numbers = "row", range(1, len(rows) + 1)
        else:
            rows = [line for _, line in block]
            self.kind, self.numbers = "line", [n for n, _ in block]
        lines: list[list[str]] = []
        budget = MAX_CELLS
        spaced = False
        for row, text in enumerate(rows):
            tokens = text.split(None, budget)  # never more tokens than a board may have cells
            if not tokens:
                raise self.error(row, "empty row")
            if len(tokens) > budget:
                raise self.too_many(row)
            budget -= len(tokens)
            spaced = spaced or len(tokens) > 1
            lines.append(tokens)
        if not spaced:
            return self.unspaced([tokens[0] for tokens in lines])
        cells: list[Cell] = []
        width = len(lines[0])
        cell = self.cell
        for row, tokens in enumerate(lines):
            cells += [cell(token, row) for token in tokens]
            if len(tokens) != width:
                raise self.error(row, f"row has {len(tokens)} cell{'s' * (len(tokens) != 1)}, "
                                      f"the first row has {width} (boards must be rectangular)")
        if len(lines) == 1 and _one_row_of_words(lines[0], cells):
            tokens, size = lines[0], len(lines[0][0])
            raise self.error(None, f"{_rows_form(tokens, 4, ' ')} is ambiguous: one row of "
                                   f"{len(tokens)} tiles of {size} letters (write them in "
                                   f"brackets: {_tiles_form(tokens, ' ')}) or {len(tokens)} rows "
                                   f"of {size} letters (rows are separated by '/': "
                                   f"{_rows_form(tokens, 4)})")
        return self.make(len(lines), width, tuple(cells))

    # -- rows written without spaces

    def unspaced(self, words: list[str]) -> object:
        """A board whose every row is one word: ``STAR/ELIN/PORG/AMES`` (rows of letters), or
        ``A/B/[QU]`` (a column of tiles), decided as docs/boards.md says: a reading
        that fails gives way to the other, a square of letters wins, and any other board that
        reads both ways is an error that shows both."""
        n = len(words)
        if all(len(word) == 1 for word in words):  # one character a row: both readings agree
            return self.make(n, 1, tuple(self.cell(word, row) for row, word in enumerate(words)))
        letters = self.letters(words)
        if letters is None:  # a row that is not letters: the rows are tiles
            try:
                return self.make(n, 1, tuple(self.tiles(words)))
            except ElzzurError:
                if all(len(word) <= MAX_TILE_LETTERS for word in words):
                    raise
            row, unit = self.bad  # rows too long for tiles: say which character is no letter
            raise self.error(row, f"{quoted(unit)} is not a letter of {self.language.name}")
        k = len(letters[0])
        if n == 1:  # one line without '/': a square, or one tile
            side = square_side(k)
            if side:
                return self.make(side, side, tuple(letters[0]))
            try:
                return self.make(1, 1, tuple(self.tiles(words)))
            except ElzzurError as e:
                if k <= MAX_TILE_LETTERS:
                    raise
                raise ElzzurError(f"{e}; nor is it a board of letters ({k:,} letters, not a "
                                  f"square of 16, 25, 36, … letters; a smaller board is written "
                                  f"with '/' between its rows)") from None
        ragged = next((row for row, cells in enumerate(letters) if len(cells) != k), None)
        if ragged is None and (k == 1 or k == n):  # a column of bracketed tiles, or a square
            return self.make(n, k, tuple(cell for cells in letters for cell in cells))
        try:
            column = self.tiles(words)
        except ElzzurError:  # not tiles: letters, or rows of unequal lengths
            if ragged is None:
                return self.make(n, k, tuple(cell for cells in letters for cell in cells))
            hint = ""
        else:
            if ragged is not None and all(len(word) == 1 or _tile_only(word) for word in words):
                # Y/T/Tdl/Dtl: one tile a row, some with a bonus: the only reading whose rows
                # are of equal length
                return self.make(n, 1, tuple(column))
            if ragged is None:
                raise self.error(None, f"{_rows_form(words, 4)} is ambiguous: {n} rows of {k} "
                                       f"letters (write them apart: {_letters_form(letters)}) or "
                                       f"a column of {n} tiles (write them in brackets: "
                                       f"{_tiles_form(words)})")
            hint = f"; a column of tiles is written in brackets: {_tiles_form(words)}"
        raise self.error(ragged, f"row has {len(letters[ragged])} letters, the first row has {k} "
                                 f"(a board written without spaces has rows of equal length){hint}")

    def tiles(self, words: list[str]) -> list[Cell]:
        """The column reading: each row one tile."""
        cell = self.cell
        return [cell(word, row) for row, word in enumerate(words)]

    def letters(self, words: list[str]) -> list[list[Cell]] | None:
        """The letters reading: each row a letter a cell, ``.`` a hole, ``[token]`` one tile;
        None if a row holds anything else."""
        result = []
        budget = MAX_CELLS
        for row, word in enumerate(words):
            cells = self.letter_row(word, row, budget)
            if cells is None:
                return None
            budget -= len(cells)
            result.append(cells)
        return result

    def letter_row(self, word: str, row: int, budget: int) -> list[Cell] | None:
        """One row without spaces as cells, None if it holds a character that is neither a
        letter of the language, ``.`` nor a bracket; an error for a bad bracket or a row of
        more than ``budget`` cells."""
        if word.isascii() and word.isalpha():  # the common case: in C but for new letters
            table = self.cells
            for ch in set(word):
                if ch not in table and self.letter(ch, row) is None:
                    self.bad = row, ch
                    return None
            cells = list(map(table.__getitem__, word[:budget + 1]))
        else:
            cells = self.letter_units(word, row, budget)
            if cells is None:
                return None
        if len(cells) > budget:
            raise self.too_many(row)
        return cells

    def letter(self, unit: str, row: int) -> Cell | None:
        """The cell of one letter (with its combining marks), None if it is none of the
        language's letters."""
        cell = self.cells.get(unit)
        if cell is None:
            if not unit[0].isalpha():
                return None
            try:
                cell = parse_token(unit, self.language)
            except ElzzurError:
                return None
            self.keep(unit, cell, row)
        return cell

    def letter_units(self, word: str, row: int, budget: int) -> list[Cell] | None:
        """``letter_row`` beyond plain ASCII letters: holes, brackets, accents, marks."""
        import unicodedata

        word = unicodedata.normalize("NFC", word)
        cells: list[Cell] = []
        i, size = 0, len(word)
        while i < size and len(cells) <= budget:
            ch = word[i]
            if ch == "[":
                close = word.find("]", i + 1)
                if close < 0:
                    raise self.error(row, f"'[' without its ']' in {quoted(word)}")
                cells.append(self.cell(word[i:close + 1], row))
                i = close + 1
                continue
            if ch == "]":
                raise self.error(row, f"']' without its '[' in {quoted(word)}")
            j = i + 1
            while j < size and unicodedata.combining(word[j]):  # a letter and its marks
                j += 1
            cell = self.cell(HOLE, row) if ch == HOLE else self.letter(word[i:j], row)
            if cell is None:
                self.bad = row, word[i:j]
                return None
            cells.append(cell)
            i = j
        return cells


def _tile_only(word: str) -> bool:
    """Whether a row written without spaces is plainly one tile, not a row of letters: a letter
    and a bonus code or a value (``Tdl``, ``Dtl``, ``A=3``), or a capital and one lower-case
    letter (``Qu``, ``Th``): what a row of letters is not written as."""
    if "=" in word:
        return True
    codes = tile_codes()
    if len(word) > 2 and word[0].isupper() and word[1:] in codes:
        return True
    return len(word) == 2 and word[0].isupper() and word[1].islower() and word.isascii()


def _one_row_of_words(tokens: list[str], cells: list[Cell]) -> bool:
    """Whether a one-row board of tokens could as well be rows written with spaces for the
    slashes (``STAR ELIN PORG AMES``): two tokens or more, each a plain tile of as many
    letters, three or more (Wordament's two-letter tiles, Qu, bonus codes are tiles)."""
    if len(tokens) < 2:
        return False
    size = len(tokens[0])
    return size >= 3 and all(
        len(token) == size and token.isalpha() and not cell.bonus and cell.value is None
        and not cell.place and len(cell.choices) == 1 and len(cell.choices[0]) == size
        for token, cell in zip(tokens, cells))


def _too_many(what: str) -> str:
    side = _isqrt(MAX_CELLS)
    limit = f"a board has at most {MAX_CELLS:,} cells ({side}x{side})"
    return f"more than {MAX_CELLS:,} {what}: {limit}" if what != "cells" else limit


def _isqrt(k: int) -> int:
    """The whole square root of ``k`` (math.isqrt without importing math at start-up)."""
    side = int(k ** 0.5)
    while side * side > k:
        side -= 1
    while (side + 1) * (side + 1) <= k:
        side += 1
    return side


def square_side(k: int) -> int:
    """The side of a square board of ``k`` cells written on one line: 1, or 4 and more (a
    word of 4 or 9 letters is more often a tile or a file name than a 2x2 or 3x3 board)."""
    side = _isqrt(k)
    return side if side * side == k and (side == 1 or side >= 4) else 0


def _letters_form(letters: list[list[Cell]]) -> str:
    return _rows_form([" ".join(cell.token for cell in row[:12]) for row in letters], 2)


def _tiles_form(words: list[str], between: str = "/") -> str:
    return _rows_form([f"[{word}]" if len(word) > 1 else word for word in words], 3, between)


def _rows_form(rows: list[str], most: int, between: str = "/") -> str:
    """Rows as a message shows them: the first few joined by '/' (or ``between``), quoted
    and cut."""
    return quoted(between.join(rows[:most]) + (f"{between}…" if len(rows) > most else ""), 60)


