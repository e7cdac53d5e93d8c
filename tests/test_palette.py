"""The one palette and the one tile label (elzzur.views.palette): the SVG, the HTML page and the
notebook draw a tile in the same colours and with the same letters, and the page's CSS takes its
colours from the palette rather than repeating them. (The Tk window's tiles: tests/test_gui.py.)
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
from elzzur.views.palette import BONUS, OTHER_BONUS, PLAIN, tile_label, tile_style

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
    used = set(re.findall(r"var\(--([\w-]+)\)", css))
    assert used - declared.keys() == {"cols"}  # set on #board by the page, per board
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
    notebook = re.findall(r"<td style=\"([^\"]*)\"", board_html(BOARD))
    for cell, tile, td in zip(TILES, tiles, notebook):
        if cell.is_hole:
            assert tile.find(f"{SVG_NS}rect").get("fill") == "none" and "background" not in td
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
    spans = re.findall(r'<span class="letters">([^<]*)</span>', page("en", BOARD, ROWS, "ruzzle"))
    expected = ["A", "B", "C", "D", "Qu", "E", "A/E", "RE-", "-ING"]
    assert letters == spans == expected == [tile_label(c) for c in TILES if not c.is_hole]


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
