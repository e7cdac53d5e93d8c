"""Scrabble positions and racks as text: the board one row a line (``.`` an empty square, the tile
for a tile, its lower-case form for a blank, ``[CH]``/``[ch]`` for a tile of several letters),
CGP (the Crossword Game Position notation engines exchange), and a rack (``?`` a blank).

A board square is ``None`` or ``(tile, is_blank)``."""

from __future__ import annotations

from ..errors import ElzzurError, quoted
from .tiles import BLANK, TileSet

MAX_SIZE = 63  # squares a side: a row's squares are bits of a 64-bit mask in the C core


def check_types(**arguments) -> None:
    """TypeError or ValueError naming an argument of the wrong kind: text must be str, tiles a
    TileSet, a size a whole number from 1 to 63 (a board a word graph's masks can cover)."""
    for name, value in arguments.items():
        if name == "tiles":
            if not isinstance(value, TileSet):
                raise TypeError(f"tiles must be a TileSet (load_tile_set), not {type(value).__name__}")
        elif name == "size":
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"size must be a whole number, not {type(value).__name__}")
            if not 1 <= value <= MAX_SIZE:
                raise ValueError(f"size must be from 1 to {MAX_SIZE}, not {value}")
        elif not isinstance(value, str):
            raise TypeError(f"{name} must be text (str), not {type(value).__name__}")


def check_board(board, tiles: TileSet) -> None:
    """A board as ``parse_position`` makes it: rows (lists) of None or (tile, is_blank)."""
    if not isinstance(board, list) or not all(isinstance(row, list) for row in board):
        raise TypeError(f"board must be a list of rows (parse_position), not {type(board).__name__}")
    for row in board:
        for square in row:
            if square is not None and not (isinstance(square, tuple) and len(square) == 2
                                           and square[0] in tiles.values
                                           and isinstance(square[1], bool)):
                raise ValueError(f"a square is None or (tile, is_blank) with a tile of the "
                                 f"{tiles.name} set, not {square!r:.40}")


def tokens(line: str, where: str) -> list[str]:
    """A line split into squares: one character each, or a bracketed multi-letter tile."""
    if "[" not in line:  # (the usual line: every character a square)
        return list(line)
    out, i = [], 0
    while i < len(line):
        if line[i] == "[":
            end = line.find("]", i)
            if end < 0:
                raise ElzzurError(f"{where}: '[' without ']'")
            out.append(line[i + 1:end])
            i = end + 1
        else:
            out.append(line[i])
            i += 1
    return out

def parse_square(token: str, tiles: TileSet, where: str):
    """``None`` for ``.``, else ``(tile, is_blank)``."""
    if token == ".":
        return None
    if token in tiles.values:
        return (token, False)
    if token in tiles.blank_letters:
        return (tiles.blank_letters[token], True)
    raise ElzzurError(f"{where}: {quoted(token)} is not a tile of the {tiles.name} set "
                      f"(tiles are upper case, blanks lower case, '.' is an empty square)")

def parse_position(text: str, tiles: TileSet, size: int = 15) -> list[list]:
    """A grid of ``size`` lines of ``size`` squares as a board (a list of rows of squares)."""
    check_types(text=text, tiles=tiles, size=size)
    lines = [line.strip() for line in text.strip("\n").splitlines()]
    lines = [line for line in lines if line]
    if len(lines) != size:
        raise ElzzurError(f"board: {len(lines)} rows, expected {size}")
    board = []
    for r, line in enumerate(lines):
        squares = tokens(line, f"board row {r + 1}")
        if len(squares) != size:
            raise ElzzurError(f"board row {r + 1}: {len(squares)} squares, expected {size}")
        board.append([parse_square(t, tiles, f"board row {r + 1}") for t in squares])
    check_tile_counts(board, {}, 0, tiles)
    return board

def parse_cgp(text: str, size: int = 15) -> tuple[str, str | None, dict]:
    """A CGP position (``ROW/ROW/... RACK/OPPONENT SCORES ... op value;``: digits for runs of
    empty squares, upper case tiles, lower case blanks, ``[CH]`` for a tile of several letters)
    as (the grid text ``parse_position`` reads, the rack on turn or None, the ``op value;`` pairs)."""
    check_types(text=text, size=size)
    fields = text.strip().split()
    if not fields:
        raise ElzzurError("cgp: empty position")
    rows = fields[0].split("/")
    if len(rows) != size:
        raise ElzzurError(f"cgp: {len(rows)} rows, expected {size}")
    lines = []
    for r, row in enumerate(rows):
        out, width, i = [], 0, 0
        while i < len(row):
            ch = row[i]
            if "0" <= ch <= "9":  # not str.isdigit: int() refuses "²", which it accepts
                j = i
                while j < len(row) and "0" <= row[j] <= "9":
                    j += 1
                digits = row[i:j].lstrip("0") or "0"
                # a long run is refused before int() (4,300 digits) or "." * run (memory) fails
                run = int(digits) if len(digits) <= len(str(size)) else size + 1
                if run == 0:
                    raise ElzzurError(f"cgp row {r + 1}: a run of 0 empty squares")
                if run > size:
                    raise ElzzurError(f"cgp row {r + 1}: a run of more than {size} empty squares")
                out.append("." * run)
                width += run
                i = j
            elif ch == "[":
                end = row.find("]", i)
                if end < 0:
                    raise ElzzurError(f"cgp row {r + 1}: '[' without ']'")
                out.append(row[i:end + 1])
                width += 1
                i = end + 1
            elif ch.isalpha():
                out.append(ch)
                width += 1
                i += 1
            else:
                raise ElzzurError(f"cgp row {r + 1}: {quoted(ch)} is not a tile, a blank or a "
                                  f"digit")
        if width != size:
            raise ElzzurError(f"cgp row {r + 1}: {width} squares, expected {size}")
        lines.append("".join(out))
    rack = None
    rest = fields[1:]
    if rest and not rest[0].endswith(";"):
        rack = rest[0].split("/")[0] if "/" in rest[0] else rest[0]
        rest = rest[1:]
    while rest and all(ch.isdigit() or ch in "/-" for ch in rest[0]):
        rest = rest[1:]  # the scores and the count of scoreless turns
    options = {}
    for pair in " ".join(rest).split(";"):
        op, _, value = pair.strip().partition(" ")
        if op:
            options[op] = value.strip()
    return "\n".join(lines) + "\n", rack or None, options

def to_cgp(board_text: str, rack: str = "") -> str:
    """A grid position (as ``parse_position`` reads it) and a rack as a CGP string."""
    check_types(board_text=board_text, rack=rack)
    rows = []
    for line in (line.strip() for line in board_text.strip("\n").splitlines()):
        if not line:
            continue
        out, run = [], 0
        for square in tokens(line, "board"):
            if square == ".":
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(square if len(square) == 1 else f"[{square}]")
        if run:
            out.append(str(run))
        rows.append("".join(out))
    return f"{'/'.join(rows)} {rack}/ 0/0 0"

def parse_rack(text: str, tiles: TileSet, board=None) -> tuple[dict, int]:
    """A rack as (count by tile, number of blanks). Lower-case letters are read as their tile;
    ``board`` (``parse_position``'s) counts its tiles against the bag too."""
    check_types(text=text, tiles=tiles)
    if board is not None:
        check_board(board, tiles)
    rack: dict[str, int] = {}
    blanks = 0
    for token in tokens(text.strip(), "rack"):
        if token == BLANK:
            blanks += 1
            continue
        tile = token if token in tiles.values else tiles.blank_letters.get(token)
        if tile is None:
            raise ElzzurError(f"rack: {quoted(token)} is not a tile of the {tiles.name} set")
        rack[tile] = rack.get(tile, 0) + 1
    if sum(rack.values()) + blanks > tiles.rack_size:
        raise ElzzurError(f"rack: {sum(rack.values()) + blanks} tiles, at most {tiles.rack_size}")
    check_tile_counts(board or [], rack, blanks, tiles)
    return rack, blanks

def check_tile_counts(board, rack: dict, blanks: int, tiles: TileSet) -> None:
    """Fail if the board and rack hold more of a tile than the bag has."""
    used = dict(rack)
    used_blanks = blanks
    for row in board:
        for square in row:
            if square is not None:
                if square[1]:
                    used_blanks += 1
                else:
                    used[square[0]] = used.get(square[0], 0) + 1
    for tile, n in used.items():
        if n > tiles.counts[tile]:
            raise ElzzurError(f"{n} {tile} tiles on the board and rack, the {tiles.name} set "
                              f"has {tiles.counts[tile]}")
    if used_blanks > tiles.blanks:
        raise ElzzurError(f"{used_blanks} blanks on the board and rack, the {tiles.name} set "
                          f"has {tiles.blanks}")

def transpose(board):
    return [list(column) for column in zip(*board)]

def is_empty(board) -> bool:
    return all(square is None for row in board for square in row)
