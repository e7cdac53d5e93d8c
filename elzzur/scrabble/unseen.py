"""Unseen tiles: from a position and the rack on turn, the tiles not yet seen (in the bag or on
the opponent's rack), and what follows for the game's phase: how many are in the bag (the
opponent holds a full rack while there are enough), whether exchanging is allowed (a full rack's
worth in the bag), and whether the bag is empty (the end game: the opponent's rack is known)."""

from __future__ import annotations

from ..record import Record
from .moves import show_leave
from .tiles import BLANK, TileSet


class Unseen(Record):
    """``counts`` by tile and ``blanks`` not yet seen; ``total`` their number; ``bag`` how many
    of them are in the bag (the rest on the opponent's rack, a full rack while the bag can fill
    it); ``can_exchange`` when the bag holds a rack's worth; ``end_game`` when it is empty."""

    __slots__ = ("counts", "blanks", "total", "bag", "can_exchange", "end_game", "rack_size")

    @classmethod
    def _defaults(cls) -> dict:
        return {}

    @property
    def text(self) -> str:
        """The unseen tiles written like a rack (sorted, blanks last)."""
        return show_leave(self.counts, self.blanks)

    def points(self, tiles: TileSet) -> int:
        return sum(tiles.values[t] * n for t, n in self.counts.items())


def unseen_tiles(board, rack: dict, blanks: int, tiles: TileSet) -> Unseen:
    """The tiles of the edition's bag that are neither on the board nor on the rack. A blank on
    the board is a blank seen, whatever letter it stands for. The board and rack are as
    ``parse_position``/``parse_rack`` make them (which already refuse more tiles than the bag
    has)."""
    counts = dict(tiles.counts)
    left_blanks = tiles.blanks - blanks
    for row in board:
        for square in row:
            if square is not None:
                if square[1]:
                    left_blanks -= 1
                else:
                    counts[square[0]] -= 1
    for tile, n in rack.items():
        counts[tile] -= n
    counts = {t: n for t, n in counts.items() if n > 0}
    total = sum(counts.values()) + left_blanks
    bag = max(0, total - tiles.rack_size)
    return Unseen(counts, left_blanks, total, bag, bag >= tiles.rack_size, bag == 0,
                  tiles.rack_size)


def unseen_list(unseen: Unseen) -> list[str]:
    """The unseen tiles one an item (blanks as ``?``): what a simulated bag is drawn from."""
    return [t for t in sorted(unseen.counts) for _ in range(unseen.counts[t])] + \
        [BLANK] * unseen.blanks
