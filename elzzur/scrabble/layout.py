"""Scrabble boards: the premium squares of each game (standard, Words With Friends, Kelimelik)
as data in ``elzzur/res/scrabble/layouts/<name>.toml``: ``2``/``3`` double/triple letter,
``d``/``t`` double/triple word, ``*`` the centre, ``.`` a plain square."""

from __future__ import annotations

from .. import datafiles
from ..errors import ElzzurError
from ..record import Record


PREMIUMS = {".": (1, 1), "2": (2, 1), "3": (3, 1), "d": (1, 2), "t": (1, 3), "*": (1, 2)}

class Layout(Record):
    """Premium squares: ``letter[r][c]`` and ``word[r][c]`` multipliers, the centre square, and
    optionally a bingo bonus of the layout's game (it overrides the tile set's). Built from
    ``rows`` of premium characters; ``size``, ``letter``, ``word`` and, unless given, ``centre``
    are derived from them."""

    __slots__ = ("rows", "name", "bingo", "centre", "size", "letter", "word")

    @classmethod
    def _defaults(cls) -> dict:
        return {"name": "layout", "bingo": None, "centre": None, "size": None, "letter": None,
                "word": None}

    def __post_init__(self) -> None:
        if isinstance(self.rows, str) or not all(isinstance(row, str) for row in self.rows):
            raise TypeError(f"{self.name}: a layout's rows must be a list of strings")
        rows = [row.strip() for row in self.rows]
        size = len(rows)
        if size == 0 or any(len(row) != size for row in rows):
            raise ElzzurError(f"{self.name}: the layout must be a square grid")
        bad = {ch for row in rows for ch in row if ch not in PREMIUMS}
        if bad:
            raise ElzzurError(f"{self.name}: unknown premium square(s) {' '.join(sorted(bad))}")
        centre = self.centre
        if centre is None:
            centres = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"]
            centre = centres[0] if centres else (size // 2, size // 2)
        for name, value in (("rows", rows), ("size", size), ("centre", tuple(centre)),
                            ("letter", [[PREMIUMS[ch][0] for ch in row] for row in rows]),
                            ("word", [[PREMIUMS[ch][1] for ch in row] for row in rows])):
            object.__setattr__(self, name, value)

    def transposed(self) -> Layout:
        """The layout mirrored on its diagonal: down moves are found as across moves on it."""
        return Layout(["".join(row[c] for row in self.rows) for c in range(self.size)],
                      self.name, self.bingo, self.centre[::-1])


def load_layout(spec: str = "standard") -> Layout:
    """A board layout by name (``standard``, ``wwf``, ``kelimelik``) or by the path of a file."""
    from .position import MAX_SIZE

    data, check, _ = datafiles.load("board layout", spec)
    check.known(data, ("name", "grid", "bingo"))
    grid = check.need(data, "grid", list, what=f"a list of 1 to {MAX_SIZE} rows (strings)",
                      check=lambda rows: 0 < len(rows) <= MAX_SIZE and all(
                          isinstance(row, str) and len(row.strip()) <= MAX_SIZE for row in rows))
    name = check.name(data, default=spec)
    bingo = check.whole(data, "bingo", 0, default=None)
    try:
        return Layout(grid, name, bingo)
    except ElzzurError as e:  # not square, an unknown square: named by the file
        check.fail(str(e).removeprefix(f"{name}: "))
