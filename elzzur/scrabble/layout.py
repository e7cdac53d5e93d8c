"""Scrabble boards: the premium squares of each game (standard, Words With Friends, Kelimelik)
as data in ``elzzur/res/scrabble/layouts/<name>.toml``: ``2``/``3`` double/triple letter,
``d``/``t`` double/triple word, ``*`` the centre, ``.`` a plain square."""

from __future__ import annotations

import os

from ..cache import load_toml
from ..errors import ElzzurError
from ..files import resource


PREMIUMS = {".": (1, 1), "2": (2, 1), "3": (3, 1), "d": (1, 2), "t": (1, 3), "*": (1, 2)}

class Layout:
    """Premium squares: ``letter[r][c]`` and ``word[r][c]`` multipliers, the centre square, and
    optionally a bingo bonus of the layout's game (it overrides the tile set's)."""

    __slots__ = ("name", "rows", "letter", "word", "centre", "size", "bingo")

    def __init__(self, rows, name: str = "layout", bingo: int | None = None):
        rows = [row.strip() for row in rows]
        size = len(rows)
        if size == 0 or any(len(row) != size for row in rows):
            raise ElzzurError(f"{name}: the layout must be a square grid")
        bad = {ch for row in rows for ch in row if ch not in PREMIUMS}
        if bad:
            raise ElzzurError(f"{name}: unknown premium square(s) {' '.join(sorted(bad))}")
        self.name = name
        self.rows = rows
        self.size = size
        self.letter = [[PREMIUMS[ch][0] for ch in row] for row in rows]
        self.word = [[PREMIUMS[ch][1] for ch in row] for row in rows]
        centres = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"]
        self.centre = centres[0] if centres else (size // 2, size // 2)
        self.bingo = bingo

    def transposed(self) -> Layout:
        layout = Layout(["".join(row[c] for row in self.rows) for c in range(self.size)],
                        self.name, self.bingo)
        layout.centre = self.centre[::-1]
        return layout

def load_layout(spec: str = "standard") -> Layout:
    path = spec if spec.endswith(".toml") else resource("scrabble", "layouts", f"{spec}.toml")
    if not os.path.isfile(path):
        raise ElzzurError(f"no Scrabble board layout {spec!r}")
    data = load_toml(path, path)
    if not isinstance(data.get("grid"), list):
        raise ElzzurError(f"{path}: no 'grid' list of rows")
    return Layout(data["grid"], data.get("name", spec), data.get("bingo"))
