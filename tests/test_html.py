"""The SVG picture and the HTML page (elzzur.views.html): their text, then the page and the picture
driven in a real headless Chromium (tests/browser/check_page.mjs, playwright-core) at a desktop's
size and a phone's, which also writes the screenshots of README.md and docs/views.md:
docs/screenshots/page.png, page-phone.png and path.png.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import needs_system
from elzzur import get_language, parse_board
from elzzur.errors import ElzzurError
from elzzur.views.html import page, script_json, svg
from elzzur.grid.solver import find_words

from conftest import REPO

DEMO = "Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E"
SVG_NS = "{http://www.w3.org/2000/svg}"
BROWSER_DIR = REPO / "tests" / "browser"
CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = REPO / "docs" / "screenshots"
HOSTILE = '</script><script>alert("x")</script><!--&amp;\u2028'
LONG = "RE-tl -INGdw Qu A|E Sdl/T -ING=3 RE- Ltw E/A B C D E/F G H I J/K L M N O"  # long labels

# Small hand-made rows on the demo board: cell numbers count row by row.
#   T(tl)0 R1  S2  N(dl)3
#   O(dw)4 H(tw)5 E6 I7
#   C(dw)8 I9  N10 V11
#   E(tl)12 A13 D14 E15
ROWS = [("HER", 30, (5, 6, 1)), ("THE", 45, (0, 5, 6)), ("ECHO", 144, (12, 8, 5, 4))]


@pytest.fixture(scope="module")
def english():
    return get_language("en")


@pytest.fixture(scope="module")
def board(english):
    return parse_board(DEMO, english)


def demo_rows(board, dictionary, language):
    """The demo board's words sorted as the page lists them: by score, then alphabetically."""
    return sorted(find_words(board, dictionary, language), key=lambda row: (-row[1], row[0]))


class Attributes(HTMLParser):
    """Every (tag, attribute, value) of an HTML text, and the text of each <script>."""

    def __init__(self, text: str):
        super().__init__()
        self.attributes: list[tuple[str, str, str]] = []
        self.scripts: list[tuple[dict, str]] = []
        self._script: dict | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.attributes += [(tag, name, value or "") for name, value in attrs]
        if tag == "script":
            self._script = dict(attrs)

    def handle_data(self, data):
        if self._script is not None:
            self.scripts.append((self._script, data))
            self._script = None

    def handle_endtag(self, tag):
        if tag == "script" and self._script is not None:
            self.scripts.append((self._script, ""))
            self._script = None


def embedded_data(text: str) -> dict:
    scripts = [body for attrs, body in Attributes(text).scripts
               if attrs.get("type") == "application/json"]
    assert len(scripts) == 1
    return json.loads(scripts[0])


# --- SVG ------------------------------------------------------------------------------------

def test_svg_is_valid_xml_with_the_best_words_path_as_arrows(board):
    text = svg("en", board, ROWS)
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == f"{SVG_NS}svg"
    assert "ECHO" in root.find(f"{SVG_NS}title").text  # the best-scoring row by default
    path = root.find(f".//{SVG_NS}g[@class='path']")
    assert path.get("data-word") == "ECHO"
    lines = path.findall(f"{SVG_NS}line")
    assert len(lines) == 3 and all(line.get("marker-end") == "url(#arrow)" for line in lines)
    assert root.find(f".//{SVG_NS}marker[@id='arrow']") is not None
    steps = {int(g.get("data-cell")): g.get("data-steps") for g in root.iter(f"{SVG_NS}g")
             if g.get("class") == "step"}
    assert steps == {12: "1", 8: "2", 5: "3", 4: "4"}
    # 16 tiles, each with its letters; bonus tiles carry their code
    tiles = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "tile"]
    assert len(tiles) == 16
    texts = ["".join("".join(t.itertext()).split()) for t in tiles]
    assert texts[0] == "TTL" and texts[1] == "R" and texts[5] == "HTW" and texts[3] == "NDL"


def test_svg_bonus_tiles_have_distinct_colours_and_holes_are_empty(english):
    board = parse_board("Adl Btl ./Cdw Dtw E", english)
    root = ET.fromstring(svg("en", board, []))
    tiles = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "tile"]
    fills = [t.find(f"{SVG_NS}rect").get("fill") for t in tiles]
    assert len({fills[0], fills[1], fills[3], fills[4], fills[5]}) == 5
    assert fills[2] == "none" and tiles[2].find(f"{SVG_NS}text") is None
    assert root.find(f".//{SVG_NS}g[@class='path']") is None  # no words, no path


def test_svg_shows_the_word_asked_for(board):
    root = ET.fromstring(svg("en", board, ROWS, word="the"))
    assert root.find(f".//{SVG_NS}g[@class='path']").get("data-word") == "THE"
    with pytest.raises(ElzzurError, match="not among the words"):
        svg("en", board, ROWS, word="ZZZ")


def test_svg_numbers_a_cell_visited_twice_with_both_steps(english):
    board = parse_board("A B", english)
    root = ET.fromstring(svg("en", board, [("ABA", 3, (0, 1, 0))]))
    steps = {g.get("data-cell"): g.get("data-steps") for g in root.iter(f"{SVG_NS}g")
             if g.get("class") == "step"}
    assert steps == {"0": "1 3", "1": "2"}


def test_svg_escapes_hostile_words_and_fetches_nothing(board):
    rows = [(HOSTILE, 99, (0, 1, 2)), ('a"b\'c<d>&e', 1, (3,))]
    text = svg("en&<x>", board, rows)
    root = ET.fromstring(text.encode("utf-8"))  # still well-formed XML
    assert root.find(f".//{SVG_NS}g[@class='path']").get("data-word") == HOSTILE
    assert "<script" not in text and "</script>" not in text
    root = ET.fromstring(svg("en", board, rows, word='a"b\'c<d>&e'))
    assert root.find(f".//{SVG_NS}g[@class='path']").get("data-word") == 'a"b\'c<d>&e'
    for element in root.iter():
        for name, value in element.attrib.items():
            if name.endswith("href") or name == "src":
                assert not value.startswith(("http", "//")), (name, value)
    assert "http" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")


# --- HTML -----------------------------------------------------------------------------------

def test_page_embeds_the_words_sorted_by_score_with_totals(board):
    text = page("en", board, ROWS, "ruzzle")
    assert text.startswith("<!DOCTYPE html>")
    data = embedded_data(text)
    assert data["words"] == [["ECHO", 144, [12, 8, 5, 4]], ["THE", 45, [0, 5, 6]],
                             ["HER", 30, [5, 6, 1]]]
    assert data["rows"] == 4 and data["cols"] == 4 and data["board"] == board.token_rows()
    assert data["language"] == "en" and data["rules"] == "ruzzle"
    assert re.search(r'id="count">3<', text) and re.search(r'id="total">219<', text)
    assert re.search(r'id="longest">4<', text)
    # the word list, in the same order, as buttons that a keyboard reaches
    words = re.findall(r'<button type="button" class="word"[^>]*>([^<]*)</button>', text)
    assert words == ["ECHO", "THE", "HER"]
    # one tile per cell: buttons (holes are not)
    assert len(re.findall(r'class="tile[^"]*" data-cell=', text)) == 16


def test_page_is_self_contained(board):
    text = page("en", board, ROWS, "ruzzle")
    parsed = Attributes(text)
    assert not [a for a in parsed.attributes if a[1] in ("src", "href", "action", "srcset")]
    assert not [tag for tag, _, _ in parsed.attributes if tag in ("link", "img", "iframe")]
    assert "http:" not in text and "https:" not in text and "//cdn" not in text
    # url() only names something in the page itself (the arrows' marker), never a file
    assert "@import" not in text and re.findall(r"url\(([^)]*)\)", text) == ["#page-arrow"]
    assert "default-src 'none'" in text  # and the page's own policy forbids any fetch


def test_page_escapes_hostile_words_and_names(board):
    rows = [(HOSTILE, 50, (0, 1)), ("<b>x</b>", 10, (2,))]
    text = page("<en>", board, rows, '"></p><script>alert(1)</script>')
    # the only script elements are the two of the page; the data survives the round trip
    scripts = Attributes(text).scripts
    assert len(scripts) == 2
    assert text.count("<script") == 2 and text.count("</script>") == 2
    data = embedded_data(text)
    assert data["words"][0][0] == HOSTILE and data["words"][1][0] == "<b>x</b>"
    assert data["language"] == "<en>"
    assert "<b>x</b>" not in text and "&lt;b&gt;x&lt;/b&gt;" in text
    assert "alert(1)</script>" not in text


def test_script_json_cannot_close_its_script_element():
    text = script_json({"a": "</script><!-- & \u2028 \u2029"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert "\u2028" not in text and "\u2029" not in text
    assert json.loads(text) == {"a": "</script><!-- & \u2028 \u2029"}


def test_page_of_a_board_without_words(english):
    board = parse_board("Q .", english)
    text = page("en", board, [], "ruzzle")
    assert embedded_data(text)["words"] == []
    assert 'id="count">0<' in text and 'id="longest">0<' in text
    assert 'class="tile hole"' in text


# --- In Chromium ----------------------------------------------------------------------------

def browser_tools() -> str:
    """The node executable; fails naming what to install when something is missing (skips in a
    core run: ``tools/run-tests --core``)."""
    missing = []
    node = shutil.which("node")
    if node is None:
        missing.append("Node.js (apt-get install -y nodejs npm)")
    if not CHROMIUM.is_file():
        missing.append("Debian's chromium (apt-get install -y chromium)")
    if not (BROWSER_DIR / "node_modules" / "playwright-core" / "package.json").is_file():
        missing.append("playwright-core (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --prefix tests/browser)")
    if missing:
        needs_system("the browser tests need " + "; ".join(missing))
    return node


def browser_report(node: str, script: str, config: dict, tmp_path) -> dict:
    """Run ``tests/browser/SCRIPT`` on ``config``; its report, the JSON of its last line. No
    report, an ``error`` in it, or a failing status fails the test with what the script said."""
    (tmp_path / "config.json").write_text(json.dumps(config), encoding="utf-8")
    done = subprocess.run([node, str(BROWSER_DIR / script), str(tmp_path / "config.json")],
                          cwd=BROWSER_DIR, capture_output=True, text=True, timeout=300)
    try:
        report = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        pytest.fail(f"no report from the browser script (status {done.returncode}):\n"
                    f"{done.stdout}\n{done.stderr}")
    assert "error" not in report, report["error"]
    assert done.returncode == 0, done.stderr
    return report


def test_page_and_svg_in_headless_chromium(tmp_path, board, builtin_en, english):
    node = browser_tools()
    rows = demo_rows(board, builtin_en, english)
    html_file = tmp_path / "page.html"
    svg_file = tmp_path / "path.svg"
    values = english.letter_values
    html_file.write_text(page("en", board, rows, "ruzzle", values=values), encoding="utf-8")
    svg_file.write_text(svg("en", board, rows, values=values), encoding="utf-8")
    long_file = tmp_path / "long.html"
    long_file.write_text(page("en", parse_board(LONG, english), [], "ruzzle", values=values),
                         encoding="utf-8")
    word_index, tile = 0, 5  # the best word (COHESIVE), then the H on the triple word
    phone_word = 40  # a word far below the board on a phone
    config = {
        "page": str(html_file), "svg": str(svg_file), "word": word_index, "tile": tile,
        "phone_word": phone_word, "long_page": str(long_file),
        "page_png": str(SCREENSHOTS / "page.png"), "svg_png": str(SCREENSHOTS / "path.png"),
        "phone_png": str(SCREENSHOTS / "page-phone.png"), "chromium": str(CHROMIUM),
    }
    report = browser_report(node, "check_page.mjs", config, tmp_path)

    # nothing fetched, nothing failed
    assert report["requests"] == [] and report["console_errors"] == [] and report["page_errors"] == []
    # the list: every word, sorted by score, with the totals
    assert report["listed"] == [row[0] for row in rows]
    assert report["totals"] == {"count": len(rows), "total": sum(r[1] for r in rows),
                                "longest": max(len(r[0]) for r in rows)}

    def steps_in_order(lit):
        order = sorted((step, cell) for cell, steps, _ in lit for step in steps)
        return tuple(cell for _, cell in order)

    # clicking a word lights its path's cells, numbered in order
    word, _, path = rows[word_index]
    assert report["clicked_word"] == word == "COHESIVE"
    assert steps_in_order(report["lit"]) == path
    assert all(badge == ",".join(map(str, steps)) for _, steps, badge in report["lit"])
    assert report["first"] == [path[0]] and report["current_row"] == [word]
    # an arrow for each step, and each tile's value in its corner (T=1, H=4, C=4, V=4, D=2)
    assert report["arrows"] == len(path) - 1
    assert report["values"] == [str(values[cell.letters]) for cell in board.cells]
    # clicking a tile keeps the words through it; clicking it again brings all back
    assert report["filtered"] == [w for w, _, p in rows if tile in p]
    assert 0 < len(report["filtered"]) < len(rows)
    assert report["tile_pressed"] == "true"
    assert report["filter_note"].startswith(f"{len(report['filtered'])} of {len(rows)} words use H")
    assert report["unfiltered_count"] == len(rows)
    # the keyboard plays a word too
    assert report["keyboard_word"] == rows[1][0]
    assert steps_in_order(report["keyboard_lit"]) == rows[1][2]
    assert report["focused_is_button"]

    # the SVG renders, with one arrow per step of the best word's path
    picture = report["svg"]
    assert picture["root"] == "svg" and picture["width"] > 300 and picture["height"] > 300
    assert picture["lines"] == picture["markers"] == len(path) - 1
    assert steps_in_order([(c, s, "") for c, s in picture["steps"]]) == path

    # on a phone: one scrolling page (no scroll box inside it); a word tapped far below the
    # board plays its path on the board, which is still in view, arrows and all
    phone = report["phone"]
    assert phone["scroll_boxes"] == [] and phone["page_scrolls"] and not phone["wide"]
    word, _, path = rows[phone_word]
    assert phone["word"] == word and phone["scrolled"] > 800
    assert steps_in_order(phone["lit"]) == path and phone["arrows"] == len(path) - 1
    assert phone["board_in_view"] and phone["word_in_view"]
    # long labels (RE-, -ING, A/E) inside their tiles, clear of the value and the badge
    assert [label for label, _ in phone["long_labels"]][:4] == ["RE-", "-ING", "Qu", "A/E"]
    assert all(fits for _, fits in phone["long_labels"]), phone["long_labels"]
    assert not phone["long_wide"]

    for name in ("page.png", "page-phone.png", "path.png"):
        data = (SCREENSHOTS / name).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000, name
