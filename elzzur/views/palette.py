"""How a tile looks, the same in every view: its colours (Ruzzle's bonus tiles) and the letters
printed on it.

The SVG picture, the HTML page (whose CSS variables are made from these values), the notebook
grid and the Tk window all draw tiles; they take their colours and labels from here so that a
triple-letter tile is the same blue everywhere and a QU tile reads ``Qu`` everywhere. Data and
two small functions, no imports: every view loads it for nothing.
"""

from __future__ import annotations

from typing import NamedTuple


class TileStyle(NamedTuple):
    """A tile's background, the colour of the text on it, and the bonus code printed in its
    corner ("" on a plain tile)."""

    fill: str
    ink: str
    badge: str


INK = "#2b2b2b"  # text on a plain tile and on the page
PAPER = "#fbf8f1"  # behind the board
EDGE = "#b9ad95"  # a tile's border
HOLE_EDGE = "#c9c1b0"  # the dashed outline of a hole (no tile there)
PATH = "#6a2bb5"  # the word being shown: its tiles' outlines, its arrows, its step numbers
PATH_INK = "#ffffff"  # text on the path colour (and the path colour's text on it)
SELECTED = INK  # the outline of the tile the word list is filtered by

PLAIN = TileStyle("#f6efe0", INK, "")
BONUS = {  # Ruzzle's bonus tiles: green, blue, orange, red, each with white letters
    "dl": TileStyle("#3fa34d", "#ffffff", "DL"),
    "tl": TileStyle("#2f6fd0", "#ffffff", "TL"),
    "dw": TileStyle("#f0a021", "#ffffff", "DW"),
    "tw": TileStyle("#d9343b", "#ffffff", "TW"),
}
OTHER_BONUS = TileStyle("#8a8a8a", "#ffffff", "")  # a code a rules file adds: grey, code as badge


def tile_style(bonus: str) -> TileStyle:
    """The look of a tile with this bonus code ("" for none); a code a rules file defines
    beyond Ruzzle's four is grey with its code in capitals as the badge."""
    if not bonus:
        return PLAIN
    return BONUS.get(bonus) or OTHER_BONUS._replace(badge=bonus.upper())


def tile_label(cell, language=None, value: bool = False) -> str:
    """The letters on a tile: ``A``, ``Qu``, ``RE-``, ``-ING``, ``A/E``; ``.`` for a hole.

    A QU tile reads ``Qu``, as the games print it, unless ``language`` is given and reads
    ``Qu`` as another tile (a case-mode language): a view that is only looked at passes no
    language, the GUI's grid, whose text is parsed back into the board, passes its language.
    ``value`` adds the value written on the tile (``Q=8``), for the GUI's grid, which has no
    other place to show it; the bonus code is never part of the label (the colour shows it).
    """
    if cell.is_hole:
        return cell.token
    qu = language is None or language.normalize("Qu") == "QU"
    text = "/".join("Qu" if qu and letters == "QU" else letters for letters in cell.choices)
    if cell.place == "start":
        text += "-"
    elif cell.place == "end":
        text = "-" + text
    if value and cell.value is not None:
        text += f"={cell.value}"
    return text
