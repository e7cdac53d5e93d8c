"""The one palette and the one tile style (elzzur.views.palette): the SVG, the HTML page and the
notebook draw a tile in the same colours, with the same letters at the same relative size and
the same value, and the page's CSS takes its colours from the palette rather than repeating
them; every ink is readable on its fill. (The Tk window's tiles: tests/test_gui.py.)
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from elzzur import get_language
from elzzur.grid.board import Board, Cell
from elzzur.views import palette
from elzzur.views.html import page, svg
from elzzur.views.notebook import board_html
from elzzur.views.palette import (BONUS, INK, OTHER_BONUS, PAPER, PATH, PATH_INK, PLAIN,
                                  arrow_ends, label_scale, step_corner, tile_label, tile_style,
                                  tile_value)

from test_properties import case_language

SVG_NS = "{http://www.w3.org/2000/svg}"
# every kind of tile: each bonus, none, a code a rules file might add, Qu, A/E, RE-, -ING=3, a hole
TILES = (Cell("A", "dl"), Cell("B", "tl"), Cell("C", "dw"), Cell("D", "tw"), Cell("QU"),
         Cell("E", "qq"), Cell(("A", "E")), Cell("RE", place="start"),
         Cell("ING", "tl", 3, "end"), Cell(""))
BOARD = Board(2, 5, TILES)
ROWS = [("ABC", 9, (0, 1, 2))]


@pytest.fixture(scope="module")
def english():
    return get_language("en")


def palette_colours() -> set[str]:
    """Every colour the palette holds."""
    values = {v for k, v in vars(palette).items() if k.isupper() and isinstance(v, str)}
    for style in (PLAIN, OTHER_BONUS, *BONUS.values()):
        values |= {style.fill, style.ink}
    return {v for v in values if v.startswith("#")}


def page_css(text: str) -> str:
    return re.search(r"<style>(.*?)</style>", text, re.S).group(1)


def test_the_page_css_takes_its_colours_from_the_palette():
    css = page_css(page("en", BOARD, ROWS, "ruzzle"))
    root = re.search(r":root \{(.*?)\}", css, re.S).group(1)
    declared = dict(re.findall(r"--([\w-]+):\s*([^;]+);", root))
    used = set(re.findall(r"var\(--([\w-]+)[,)]", css))  # with or without a fallback
    # sizes, not colours: the board's shape (set on #board, per board), a tile's side, and
    # where the list's header sticks (set by the page's script)
    assert used - declared.keys() == {"cols", "rows", "size", "stick"}
    for code, style in BONUS.items():
        assert (declared[code], declared[f"{code}-ink"]) == (style.fill, style.ink)
        assert f".tile.{code} {{ background: var(--{code}); color: var(--{code}-ink); }}" in css
    assert (declared["tile"], declared["tile-ink"], declared["path"]) == \
        (PLAIN.fill, PLAIN.ink, palette.PATH)
    assert declared["path-glow"] == "rgba(106, 43, 181, 0.45)"  # PATH, #6a2bb5, see-through
    # no palette colour is written by hand in the rest of the stylesheet
    rest = css.replace(root, "")
    assert not {c for c in palette_colours() if c.lower() in rest.lower()}


def test_every_view_colours_a_tile_from_the_palette():
    root = ET.fromstring(svg("en", BOARD, ROWS))
    tiles = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "tile"]
    notebook = re.findall(r"<div title=\"[^\"]*\" style=\"([^\"]*)\"", board_html(BOARD))
    assert len(notebook) == len(TILES)
    for cell, tile, td in zip(TILES, tiles, notebook):
        if cell.is_hole:
            assert tile.find(f"{SVG_NS}rect").get("fill") == "none" and "background:none" in td
            continue
        style = tile_style(cell.bonus)
        texts = tile.findall(f"{SVG_NS}text")
        assert tile.find(f"{SVG_NS}rect").get("fill") == style.fill
        assert {t.get("fill") for t in texts} == {style.ink}
        assert f"background:{style.fill};color:{style.ink};" in td
    assert tile_style("qq") == OTHER_BONUS._replace(badge="QQ")  # grey, its code as badge
    assert [tile_style(code).badge for code in ("", "dl", "tw")] == ["", "DL", "TW"]


def test_the_picture_and_the_page_print_the_tile_label(english):
    root = ET.fromstring(svg("en", BOARD, ROWS))
    tiles = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "tile"]
    letters = [t.find(f"{SVG_NS}text").text for t in tiles if t.find(f"{SVG_NS}text") is not None]
    spans = re.findall(r'<span class="letters"[^>]*>([^<]*)</span>', page("en", BOARD, ROWS, "ruzzle"))
    expected = ["A", "B", "C", "D", "Qu", "E", "A/E", "RE-", "-ING"]
    assert letters == spans == expected == [tile_label(c) for c in TILES if not c.is_hole]


def test_every_view_sizes_the_letters_and_prints_the_values_alike(english):
    """A long label is shrunk by the same share everywhere, and a tile's value is the same
    number in the picture, the page and the notebook."""
    from elzzur.views import html, notebook

    values = english.letter_values
    root = ET.fromstring(svg("en", BOARD, ROWS, values=values))
    tiles = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "tile" and len(g) > 1]
    svg_sizes = [float(t.find(f"{SVG_NS}text[@class='letters']").get("font-size")) / html.LETTERS
                 for t in tiles]
    svg_values = [getattr(t.find(f"{SVG_NS}text[@class='value']"), "text", "") for t in tiles]
    text = page("en", BOARD, ROWS, "ruzzle", values=values)
    page_sizes = [float(em or 1) for em in
                  re.findall(r'<span class="letters"(?: style="font-size: ([\d.]+)em")?>', text)]
    page_values = [re.search(r'<span class="value">([^<]*)</span>', b).group(1)
                   if 'class="value"' in b else ""
                   for b in re.findall(r"<button [^>]*class=\"tile.*?</button>", text)]
    nb = board_html(BOARD, values=values)
    nb_sizes = [int(px) / notebook.LETTERS for px in re.findall(r"font-size:(\d+)px;white-space", nb)]
    nb_values = [re.search(r"top:5px\">([^<]*)</span>", t).group(1) if "top:5px" in t else ""
                 for t in re.split(r"<div title=", nb)[1:] if "hole" not in t[:6]]
    cells = [c for c in TILES if not c.is_hole]
    expected = [label_scale(tile_label(c)) for c in cells]
    for sizes in (svg_sizes, page_sizes, nb_sizes):
        assert [round(x, 1) for x in sizes] == [round(x, 1) for x in expected]
    assert svg_values == page_values == nb_values == [tile_value(c, values) for c in cells]
    assert svg_values[4] == "12" and svg_values[8] == "3"  # Qu: Q 10 + U 2; -ING=3 written


@pytest.mark.parametrize("cell, label, with_value", [
    (Cell("T", "tl"), "T", "T"),  # the bonus is the tile's colour, never its label
    (Cell("QU", "dw", 8), "Qu", "Qu=8"),
    (Cell(("A", "QU")), "A/Qu", "A/Qu"),
    (Cell("QU", place="start"), "Qu-", "Qu-"),
    (Cell("ING", "tl", 0, "end"), "-ING", "-ING=0"),
    (Cell(""), ".", "."),
])
def test_tile_label(cell, label, with_value, english):
    assert tile_label(cell) == tile_label(cell, english) == label
    assert tile_label(cell, english, value=True) == with_value


def test_a_case_mode_language_keeps_qu_apart_from_QU(english):
    """Where Qu is a tile of its own, a QU tile is labelled QU for the GUI's grid, whose text
    is read back; a view that only shows it labels it Qu, as the games print it."""
    language = case_language()
    assert tile_label(Cell("QU"), language) == "QU"
    assert tile_label(Cell("Qu"), language) == "Qu"
    assert tile_label(Cell(("QU", "a")), language, value=True) == "QU/a"
    assert tile_label(Cell("QU")) == "Qu"


def test_the_palette_needs_no_other_module():
    """Every view imports it, the notebook's repr too: it must stay data and small functions."""
    source = palette.__loader__.get_source(palette.__name__)
    imports = re.findall(r"^(?:from|import) (\S+)", source, re.M)
    assert imports == ["__future__", "typing"]


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_ink_is_readable_on_its_fill():
    """4.5:1, WCAG's level for small text: the values and badges in a tile's corner are small.
    (The double word's orange with white letters was 2.15:1; its letters are dark now.)"""
    assert round(contrast("#f0a021", "#ffffff"), 2) == 2.15  # the formula, on the old pair
    for style in (PLAIN, OTHER_BONUS, *BONUS.values()):
        assert contrast(style.fill, style.ink) >= 4.5, style
    assert contrast(PATH, PATH_INK) >= 4.5  # a step number on the path colour, and the reverse
    assert contrast(INK, PAPER) >= 4.5 and contrast(PATH, PAPER) >= 4.5  # the page, an arrow
    assert BONUS["dw"].ink == INK


@pytest.mark.parametrize("cell, values, shown", [
    (Cell("T", "tl"), {"T": 1}, "1"),  # the letter's value, not multiplied: the badge says TL
    (Cell("QU"), {"Q": 10, "U": 1}, "11"),  # a QU tile is worth both letters
    (Cell("QU", value=8), {"Q": 10, "U": 1}, "8"),  # the value written on the tile wins
    (Cell(("A", "Z")), {"A": 1, "Z": 10}, "1/10"),  # either/or with different values
    (Cell(("A", "E")), {"A": 1, "E": 1}, "1"),
    (Cell("ING", place="end"), {"I": 1, "N": 1, "G": 2}, "4"),
    (Cell("A"), {}, ""),  # a game scored by length: no values, no number
    (Cell("A"), None, ""),  # values unknown: no number rather than a wrong one
    (Cell("A", value=0), None, "0"),
    (Cell(""), {"A": 1}, ""),  # a hole
])
def test_tile_value(cell, values, shown):
    assert tile_value(cell, values) == shown


def test_labels_shrink_to_fit_and_steps_and_arrows_keep_clear():
    assert [label_scale(t) for t in ("A", "Qu", "RE-", "-ING")] == [1, 1, 2 / 3, 0.5]
    assert label_scale("ABCDEFGHIJ") == 0.3  # never smaller
    # a 3x3 board: cells 0 1 2 / 3 4 5 / 6 7 8
    assert step_corner(4, (4, 5), 3) == (-1, -1)  # a step right: the top left corner is free
    assert step_corner(4, (0, 4), 3) == (-1, 1)  # from the top left: the bottom left
    assert step_corner(4, (0, 4, 6), 3) == (1, -1)  # both left corners used: top right
    assert step_corner(4, (0, 4, 6, 2, 4, 8), 3) == (-1, -1)  # all four used: top left
    assert step_corner(0, (0, 4), 3) == (-1, -1)
    # an arrow starts and ends 30% of a tile off the centres (a third of the way when closer)
    assert arrow_ends((0, 0), (100, 0), 80) == (24.0, 0.0, 76.0, 0.0)
    assert arrow_ends((0, 0), (30, 0), 80) == (10.0, 0.0, 20.0, 0.0)
