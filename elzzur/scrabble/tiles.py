"""Scrabble editions: each edition's tiles (letter values and counts), blanks, rack size and bingo
bonus, as data in ``elzzur/res/scrabble/tiles/<edition>.toml``.

Tiles are strings: usually one letter, but Spanish has CH, LL and RR tiles, which the word graph
walks letter by letter (or, where an edition says its digraphs are whole, as one symbol of a
graph of tiles: ``elzzur.scrabble.tilegraph``). A blank is written in the tile's lower-case form
from the edition's explicit ``[blank_letters]`` table (Turkish ``i`` is ``İ``, ``ı`` is ``I``).
"""

from __future__ import annotations

import os

from ..cache import load_toml
from ..errors import ElzzurError
from ..files import resource


BLANK = "?"

class TileSet:
    """An edition's tiles: ``values`` and ``counts`` by tile, blanks, rack size, bingo bonus,
    the explicit table of blank (lower-case) forms, and the edition's own board ``layout``
    (a layout name or file, or None for the standard board)."""

    __slots__ = ("name", "language", "values", "counts", "blanks", "rack_size", "bingo",
                 "blank_letters", "lower", "apart", "layout", "symbols")

    def __init__(self, values: dict, counts: dict, blanks: int = 2, rack_size: int = 7,
                 bingo: int = 50, blank_letters: dict | None = None, name: str = "tiles",
                 language: str | None = None, digraphs_whole: bool = False,
                 layout: str | None = None):
        self.name = name
        self.layout = layout
        self.language = language
        self.values = dict(values)
        self.counts = dict(counts)
        self.blanks = blanks
        self.rack_size = rack_size
        self.bingo = bingo
        if blank_letters is None:  # tests' small sets: ASCII letters, lower case is plain
            blank_letters = {tile.lower(): tile for tile in values}
        self.blank_letters = dict(blank_letters)
        self.lower = {tile: low for low, tile in self.blank_letters.items()}
        missing = [tile for tile in self.values if tile not in self.lower]
        if missing:
            raise ElzzurError(f"{name}: no blank form for tile(s) {' '.join(missing)}")
        # With ``digraphs_whole`` (Spanish), a two-letter tile's letters are only ever spelled
        # by that tile: C then H from two tiles is no CH. ``apart`` holds such pairs of tiles,
        # which may not stand side by side in a word.
        self.apart = frozenset((t[0], t[1]) for t in self.values if digraphs_whole and
                               len(t) == 2 and t[0] in self.values and t[1] in self.values)
        # ... and such a tile can be one symbol of a graph of tiles (``tile_graph``), where a
        # word is spelt tile by tile and C, H never stand for CH: private-use characters
        self.symbols = {t: chr(0xE000 + k) for k, t in enumerate(sorted(
            t for t in self.values if len(t) > 1))} if digraphs_whole else {}

    def spelled_apart(self, word_tiles) -> bool:
        """True if two neighbouring tiles spell what must be one tile (``apart``)."""
        apart = self.apart
        return bool(apart) and any(pair in apart for pair in zip(word_tiles, word_tiles[1:]))

    @property
    def tiles(self) -> list[str]:
        return list(self.values)

def tile_set_path(code: str) -> str:
    return resource("scrabble", "tiles", f"{code}.toml")

def available_tile_sets() -> list[str]:
    return sorted(name[:-5] for name in os.listdir(resource("scrabble", "tiles"))
                  if name.endswith(".toml"))

def load_tile_set(spec: str) -> TileSet:
    """A tile set by edition code (``en``, ``tr``, …) or by the path of a tile file."""
    path = spec if spec.endswith(".toml") else tile_set_path(spec)
    if not os.path.isfile(path):
        raise ElzzurError(f"no Scrabble tile set {spec!r} (there are: "
                          f"{', '.join(available_tile_sets())})")
    data = load_toml(path, path)
    try:
        tiles = data["tiles"]
        tile_set = TileSet({t: int(v["value"]) for t, v in tiles.items()},
                           {t: int(v["count"]) for t, v in tiles.items()},
                           int(data.get("blanks", 2)), int(data.get("rack_size", 7)),
                           int(data.get("bingo", 50)), data["blank_letters"],
                           data.get("name", spec), data.get("language"),
                           bool(data.get("digraphs_whole", False)), data.get("layout"))
        if tile_set.layout is not None and not isinstance(tile_set.layout, str):
            raise TypeError("'layout' must be a layout name")
    except (KeyError, TypeError, ValueError, OverflowError, AttributeError) as e:
        raise ElzzurError(f"{path}: bad tile set ({e})") from None
    return tile_set
