"""A Scrabble move: where it goes, the tiles it places, its word as shown (board tiles in
parentheses, blanks in lower case), its score and the rack left."""

from __future__ import annotations

from .tiles import BLANK, TileSet


ACROSS, DOWN = "across", "down"

COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

class Move:
    """A move: where it starts (0-based ``row``, ``col``), ``direction``, the tiles placed as
    ``(row, col, tile, is_blank)``, the main word's squares as ``(tile, is_blank, is_new)``, its
    ``score`` and the ``leave`` (the rack's tiles left, blanks as ``?``); its ``equity`` (score
    plus the leave's value, ``elzzur.scrabble.equity``) once ranked, else None."""

    __slots__ = ("row", "col", "direction", "placed", "squares", "score", "leave", "_word",
                 "_tiles", "equity")
    kind = "play"  # beside elzzur.scrabble.equity's exchanges and passes

    def __init__(self, row, col, direction, placed, squares, score, leave, tiles: TileSet):
        self.row, self.col, self.direction = row, col, direction
        self.placed, self.squares, self.score, self.leave = placed, squares, score, leave
        self._word = None  # spelled when first asked for: most moves of a long list never are
        self._tiles = tiles
        self.equity = None

    @property
    def coordinate(self) -> str:
        """GCG notation: ``8D`` across (row then column), ``D8`` down."""
        if self.direction == ACROSS:
            return f"{self.row + 1}{COLUMNS[self.col]}"
        return f"{COLUMNS[self.col]}{self.row + 1}"

    @property
    def word(self) -> str:
        """The main word, tiles played through in parentheses, blanks in lower case."""
        if self._word is None:
            self._word = show_word(self.squares, self._tiles)
        return self._word

    def key(self):
        """The deterministic order: score descending, then coordinate, then word."""
        return (-self.score, self.direction != ACROSS, self.row, self.col, self.word)

    def identity(self):
        return (self.direction, frozenset(self.placed), self.score)

    def __repr__(self) -> str:
        return f"Move({self.coordinate} {self.word} {self.score} leave={self.leave!r})"

def show_word(squares, tiles: TileSet) -> str:
    out, inside = [], False
    for tile, blank, new in squares:
        if not new and not inside:
            out.append("(")
            inside = True
        elif new and inside:
            out.append(")")
            inside = False
        text = tiles.lower[tile] if blank else tile
        out.append(text if len(text) == 1 else f"[{text}]")
    if inside:
        out.append(")")
    return "".join(out)

def show_leave(rack: dict, blanks: int) -> str:
    return "".join(t if len(t) == 1 else f"[{t}]" for t in sorted(rack) for _ in range(rack[t])) \
        + BLANK * blanks
