"""How a tile looks, the same in every view: its colours (Ruzzle's bonus tiles), the letters
printed on it and how large, the value in its corner, and where a path's arrows start and end.

The SVG picture, the HTML page (whose CSS variables are made from these values), the notebook
grid and the Tk window all draw tiles; they take their colours, labels and values from here so
that a triple-letter tile is the same blue everywhere and a QU tile reads ``Qu`` everywhere.
Every ink is readable on its fill (a contrast of 4.5:1 or more, WCAG's level for small text,
which the values and badges are: ``tests/test_palette.py`` measures it). Data and small
functions, no imports: every view loads it for nothing.
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
DOUBT = "#e6007e"  # the dashed outline of a tile read from a picture uncertainly: check it

PLAIN = TileStyle("#f6efe0", INK, "")
BONUS = {  # Ruzzle's bonus tiles: green, blue, orange, red; dark letters on the light orange
    "dl": TileStyle("#2e8540", "#ffffff", "DL"),
    "tl": TileStyle("#2f6fd0", "#ffffff", "TL"),
    "dw": TileStyle("#f0a021", INK, "DW"),
    "tw": TileStyle("#d9343b", "#ffffff", "TW"),
}
OTHER_BONUS = TileStyle("#707070", "#ffffff", "")  # a code a rules file adds: grey, code as badge


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


def tile_value(cell, values=None) -> str:
    """The value printed in a tile's corner, as Ruzzle prints it: the value written on the tile
    (``Q=8``), else the sum of its letters' values under the game's ``values`` (a letter to
    points mapping; ``QU`` is Q's plus U's), ``1/2`` for an either/or tile whose choices differ.
    "" for a hole, and where there are no values (None, or a game that scores by length only,
    whose values are empty): a view then prints no number rather than a wrong one."""
    if cell.is_hole:
        return ""
    if cell.value is not None:
        return str(cell.value)
    if not values:
        return ""
    points = []
    for letters in cell.choices:
        text = str(sum(values.get(ch, 0) for ch in letters))
        if text not in points:
            points.append(text)
    return "/".join(points)


def label_scale(label: str) -> float:
    """How large a tile's letters are printed, as a share of a one-letter tile's size: 1 for
    one or two letters (``A``, ``Qu``), smaller as the label grows, so that ``RE-`` and ``-ING``
    fit on their tile in every view."""
    return 1.0 if len(label) <= 2 else max(0.3, 2 / len(label))


def step_corner(index: int, path, cols: int) -> tuple[int, int]:
    """The corner of a tile on ``path`` (cell numbers, row by row, ``cols`` to a row) where its
    step number goes, as signs of x and y: one no arrow of the path goes through diagonally,
    the left ones first (the right ones hold the tile's value and bonus badge): top left,
    bottom left, top right, bottom right."""
    r, c = divmod(index, cols)
    used = set()
    for a, b in zip(path, path[1:]):
        if index in (a, b):
            orow, ocol = divmod(b if a == index else a, cols)
            used.add(((ocol > c) - (ocol < c), (orow > r) - (orow < r)))
    for corner in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
        if corner not in used:
            return corner
    return (-1, -1)


def arrow_ends(start: tuple[float, float], end: tuple[float, float], tile: float
               ) -> tuple[float, float, float, float]:
    """Where the arrow of one step of a path starts and ends (x1, y1, x2, y2), given the two
    tiles' centres and a tile's size: off both centres, so the arrow leaves the letters
    readable and its head points at the next tile's letters rather than covering them."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    length = max((dx * dx + dy * dy) ** 0.5, 1e-9)
    trim = min(tile * 0.3, length / 3)
    ux, uy = dx / length * trim, dy / length * trim
    return (round(x1 + ux, 1), round(y1 + uy, 1), round(x2 - ux, 1), round(y2 - uy, 1))
