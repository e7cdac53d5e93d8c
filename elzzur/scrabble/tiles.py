"""Scrabble editions: each edition's tiles (letter values and counts), blanks, rack size and bingo
bonus, as data in ``elzzur/res/scrabble/tiles/<edition>.toml``.

Tiles are strings: usually one letter, but Spanish has CH, LL and RR tiles, which the word graph
walks letter by letter (or, where an edition says its digraphs are whole, as one symbol of a
graph of tiles: ``elzzur.scrabble.tilegraph``). A blank is written in the tile's lower-case form
from the edition's explicit ``[blank_letters]`` table (Turkish ``i`` is ``İ``, ``ı`` is ``I``).
"""

from __future__ import annotations

from .. import datafiles
from ..errors import ElzzurError, quoted
from ..record import Record


BLANK = "?"

class TileSet(Record):
    """An edition's tiles: ``values`` and ``counts`` by tile, blanks, rack size, bingo bonus,
    the explicit table of blank (lower-case) forms, and the edition's own board ``layout``
    (a layout name or file, or None for the standard board). ``lower``, ``apart`` and
    ``symbols`` are derived from those."""

    __slots__ = ("values", "counts", "blanks", "rack_size", "bingo", "blank_letters", "name",
                 "language", "digraphs_whole", "layout", "lower", "apart", "symbols")

    @classmethod
    def _defaults(cls) -> dict:
        return {"blanks": 2, "rack_size": 7, "bingo": 50, "blank_letters": None, "name": "tiles",
                "language": None, "digraphs_whole": False, "layout": None,
                "lower": None, "apart": None, "symbols": None}

    def __post_init__(self) -> None:
        values = dict(self.values)
        blank_letters = self.blank_letters
        if blank_letters is None:  # tests' small sets: ASCII letters, lower case is plain
            blank_letters = {tile.lower(): tile for tile in values}
        lower = {tile: low for low, tile in blank_letters.items()}
        missing = [tile for tile in values if tile not in lower]
        if missing:
            raise ElzzurError(f"{self.name}: no blank form for tile(s) {' '.join(missing)}")
        whole = self.digraphs_whole
        derived = {
            "values": values, "counts": dict(self.counts), "blank_letters": dict(blank_letters),
            "lower": lower,
            # With ``digraphs_whole`` (Spanish), a two-letter tile's letters are only ever
            # spelled by that tile: C then H from two tiles is no CH. ``apart`` holds such pairs
            # of tiles, which may not stand side by side in a word.
            "apart": frozenset((t[0], t[1]) for t in values if whole and len(t) == 2
                               and t[0] in values and t[1] in values),
            # ... and such a tile can be one symbol of a graph of tiles (``tile_graph``), where
            # a word is spelt tile by tile and C, H never stand for CH: private-use characters
            "symbols": {t: chr(0xE000 + k) for k, t in enumerate(sorted(
                t for t in values if len(t) > 1))} if whole else {},
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def spelled_apart(self, word_tiles) -> bool:
        """True if two neighbouring tiles spell what must be one tile (``apart``)."""
        apart = self.apart
        return bool(apart) and any(pair in apart for pair in zip(word_tiles, word_tiles[1:]))

    @property
    def tiles(self) -> list[str]:
        return list(self.values)

KEYS = ("name", "language", "blanks", "rack_size", "bingo", "digraphs_whole", "layout", "tiles",
        "blank_letters")
MAX_TILES = 63  # kinds of tile: letters of one word graph (elzzur.lexicon.graph.MAX_LETTERS)
MAX_TILE_LETTERS = 8  # letters of one tile (CH, LL, RR have two), as on a grid game's board
MAX_COUNT = 1000  # tiles of one kind, or blanks, in a bag (an edition has at most a dozen)
MAX_RACK = 20  # tiles on a rack (every edition has 7); move generation grows with each one


def tile_set_path(code: str) -> str:
    return datafiles.builtin("tile set", code)


def available_tile_sets() -> list[str]:
    return datafiles.presets("tile set")


def load_tile_set(spec: str) -> TileSet:
    """A tile set by edition code (``en``, ``tr``, …) or by the path of a tile file."""
    data, check, _ = datafiles.load("tile set", spec)
    check.known(data, KEYS)
    tiles = check.need(data, "tiles", dict)
    if not tiles:
        check.fail("key 'tiles' lists no tiles")
    if len(tiles) > MAX_TILES:  # each is a letter of the word graph's alphabet
        check.fail(f"key 'tiles' lists {len(tiles)} tiles, at most {MAX_TILES}")
    values, counts = {}, {}
    for tile, entry in tiles.items():
        prefix = f"tiles.{tile}."
        if not 0 < len(tile) <= MAX_TILE_LETTERS or not tile.isalpha():
            check.fail(f"tile {quoted(tile)} must be 1 to {MAX_TILE_LETTERS} letters")
        if not isinstance(entry, dict):
            check.fail(f"key {quoted(prefix[:-1])} must be a table")
        check.known(entry, ("value", "count"), prefix)
        values[tile] = check.whole(entry, "value", 0, prefix=prefix)
        counts[tile] = check.whole(entry, "count", 0, MAX_COUNT, prefix)
    blank_letters = check.need(data, "blank_letters", dict)
    for low in blank_letters:
        check.need(blank_letters, low, str, "blank_letters.")
    return TileSet(
        values, counts,
        blanks=check.whole(data, "blanks", 0, MAX_COUNT, default=2),
        rack_size=check.whole(data, "rack_size", 1, MAX_RACK, default=7),
        bingo=check.whole(data, "bingo", 0, default=50),
        blank_letters=blank_letters,
        name=check.name(data, default=spec),
        language=check.need(data, "language", str, default=None),
        digraphs_whole=check.need(data, "digraphs_whole", bool, default=False),
        layout=check.need(data, "layout", str, default=None, what="a layout name"),
    )
