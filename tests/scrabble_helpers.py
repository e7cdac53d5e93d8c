"""Small helpers the Scrabble tests share: positions as text, a word graph of a few words, and
finding one move in a list."""

from __future__ import annotations

from elzzur.lexicon.graph import WordGraph, build
from elzzur.scrabble.tiles import TileSet

EMPTY15 = "\n".join(["." * 15] * 15)


def graph_of(words, tiles: TileSet) -> WordGraph:
    """A word graph of just ``words``, over every letter of the tiles and the words."""
    letters = sorted({ch for tile in tiles.values for ch in tile} | {ch for w in words for ch in w})
    return WordGraph(build(words, "".join(letters)))


def board_with(rows: dict[int, str], size: int = 15) -> str:
    """An empty grid with the given 1-based rows replaced."""
    lines = ["." * size] * size
    for r, text in rows.items():
        lines[r - 1] = text
    return "\n".join(lines)


def find(moves, coordinate, word):
    """The one move at ``coordinate`` spelling ``word``."""
    matches = [m for m in moves if m.coordinate == coordinate and m.word == word]
    assert len(matches) == 1, (coordinate, word, moves[:10])
    return matches[0]
