"""What a notebook shows (elzzur.views.notebook, ``Board._repr_html_`` / ``_repr_svg_``,
``Solution._repr_html_``) and what a plain prompt prints (``repr``): first the HTML itself, then
a real notebook executed by nbconvert in a Jupyter kernel (the optional extra ``notebook``:
``pip install -e '.[test,notebook]'``), exported with JupyterLab's CSS and looked at in headless
Chromium (tests/browser/check_notebook.mjs), light and dark, with a path clicked; the
screenshots go to the test's own folder (docs/screenshots/notebook.png is copied from there by
hand).
"""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET

import pytest

from conftest import REPO, child_env, needs_system
from elzzur import get_language, get_rules, parse_board, solve
from elzzur.grid.board import Board, Cell
from elzzur.lexicon.dictionary import Dictionary
from elzzur.views.notebook import board_html, solution_html
from elzzur.views.palette import PATH, tile_style

SEED = "Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E"
SVG_NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def english():
    return get_language("en")


@pytest.fixture(scope="module")
def board(english):
    return parse_board(SEED, english)


@pytest.fixture(scope="module")
def small(english, board):
    """The seed board's solution from a dictionary of three words."""
    return solve(board, Dictionary.from_words(["ECHO", "HERO", "COHESIVE"], english), english)


def tiles(html: str) -> list[str]:
    """Each tile's element, up to its closing tag (holes included)."""
    return re.findall(r'<div title="[^"]*\((?:row|hole)[^>]*>.*?</div>|<div title="hole[^>]*></div>',
                      html)


def test_a_board_shows_letters_centred_in_the_palette(board):
    html = board._repr_html_()
    assert html == board_html(board)
    cells = re.findall(r'<div title="([^"]*) \((\d+,\d+)\)" style="([^"]*)">'
                       r'<span style="[^"]*">([^<]*)</span>', html)
    assert [label for *_, label in cells] == list("TRSNOHEICINVEADE")  # letters, not Ttl
    assert [token for token, *_ in cells][:4] == ["Ttl", "R", "S", "Ndl"]  # the token on hover
    for (token, _, style, _), cell in zip(cells, board.cells):
        fill, ink, _ = tile_style(cell.bonus)
        assert f"background:{fill};color:{ink};" in style
        # centred by flex and by an explicit text-align, which Jupyter's CSS cannot override
        assert "justify-content:center" in style and "align-items:center" in style
        assert "text-align:center" in style
    # the bonus badges; no values (a board alone does not know its language)
    assert re.findall(r">(DL|TL|DW|TW)</span>", html) == ["TL", "DL", "DW", "TW", "DW", "TL"]
    # nothing a notebook's other outputs could clash with: no stylesheet, no ids
    assert "<style" not in html and " id=" not in html and "<table" not in html


def test_long_labels_shrink_and_holes_stay_empty(english):
    board = Board(1, 4, (Cell("ING", "tl", 3, "end"), Cell("QU"), Cell(""), Cell("A")))
    html = board_html(board)
    sizes = dict((label, int(size)) for size, label in
                 re.findall(r'<span style="font-size:(\d+)px;white-space:nowrap">([^<]*)</span>', html))
    assert sizes == {"-ING": 14, "Qu": 28, "A": 28}
    assert '<div title="hole, (0,2)"' in html
    assert ">3</span>" in html  # the value written on the tile


def test_a_solution_shows_its_best_path_values_and_words(board, small):
    html = small._repr_html_()
    assert html == solution_html(small)
    # the board with the path of COHESIVE: eight numbered steps, seven arrows
    steps = re.findall(rf'background:(?:{PATH}|#ffffff);color:(?:#ffffff|{PATH});font-size:12px;'
                       r'line-height:16px;text-align:center">([\d,]+)</span>', html)
    assert sorted(map(int, steps)) == list(range(1, 9))
    assert html.count("<polygon") == 7 and html.count("<line") == 7
    # the tiles' values: English letters under Ruzzle's rules (T 1, H 4, C 4, V 4, D 2)
    values = re.findall(r"font-size:11px;font-weight:bold;text-align:right;background:#\w+;top:5px\">"
                        r"(\d+)</span>", html)
    assert values == ["1", "1", "1", "1", "1", "4", "1", "1", "4", "1", "1", "4", "1", "1", "2", "1"]
    assert "<b>3</b> words" in html
    assert 'the path of <b data-shown="">COHESIVE</b> (<span data-points="">224</span> points)' in html
    rows = re.findall(r"<tr[^>]*><td[^>]*>([A-Z]+)</td><td[^>]*>(\d+)</td>", html)
    assert rows == [("COHESIVE", "224"), ("ECHO", "144"), ("HERO", "42")]
    # every cell of the table says where its text goes (JupyterLab right-aligns them)
    assert all("text-align:" in td for td in re.findall(r"<t[dh] [^>]*>", html))


def test_every_word_is_listed_with_its_path_as_a_button(board, english, builtin_en):
    full = solve(board, builtin_en, english)
    html = full._repr_html_()
    buttons = re.findall(r'<button type="button" data-path="([^"]*)" data-word="([A-Z]+)" '
                         r'data-score="(\d+)" onclick="elzzurShowPath\(this\)"[^>]*>([^<]*)</button>',
                         html)
    assert len(buttons) == len(full) > 300 and "more</td>" not in html  # no "… and 359 more"
    data, word, score, shown = buttons[0]
    assert (word, int(score)) == (full.words[0].word, full.words[0].score)
    assert shown == " ".join(f"({r},{c})" for r, c in full.words[0].path)
    cells = [int(step.split(":")[0]) for step in data.split()]
    assert cells == [r * 4 + c for r, c in full.words[0].path]
    assert "overflow-y:auto" in html and "max-height:" in html  # the table scrolls in its box
    # the text outside the tiles takes the notebook's colour (light or dark theme)
    assert 'data-gap="8" style="font-family:' in html and "color:inherit" in html
    assert "color:#2b2b2b;text-align:left" not in html
    assert html.count("<script>") == 1 and " id=" not in html
    assert "… and 2 more" in solution_html(full.top(3), limit=1)  # bounded


def test_a_solution_under_other_rules_shows_no_wrong_values(board, english):
    boggle = solve(board, Dictionary.from_words(["ECHO", "HERO"], english), english,
                   rules=get_rules("boggle"))
    html = boggle._repr_html_()
    assert not re.search(r"top:5px\">\d", html)  # no letter values at all
    assert "<b>2</b> words" in html


def test_the_svg_of_a_board_alone_is_titled_with_its_size(board):
    root = ET.fromstring(board._repr_svg_())
    assert root.find(f"{SVG_NS}title").text == "elzzur: 4×4 board"
    assert "no words" not in board._repr_svg_()
    assert root.find(f".//{SVG_NS}g[@class='path']") is None


def test_plain_reprs_are_short(board, small, english, builtin_en):
    assert repr(board) == f"Board(4x4: {SEED})"
    assert repr(small) == "Solution(3 words, total 410: COHESIVE 224, ECHO 144, HERO 42)"
    full = solve(board, builtin_en, english)
    assert repr(full) == "Solution(404 words, total 14499: COHESIVE 224, ECHOIER 195, TOCHERS 195, …)"
    assert repr(full.top(1)) == "Solution(1 word, total 224: COHESIVE 224)"
    assert repr(full.top(0)) == "Solution(0 words, total 0)"
    big = Board(30, 30, tuple(Cell("A") for _ in range(900)))
    assert len(repr(big)) < 220 and repr(big).endswith("…)")
    # the fields are still there for code that wants them
    assert full.board == board and full.language == "en" and len(full.words) == 404


# --- a real notebook ----------------------------------------------------------------------------

NOTEBOOK = [
    "import elzzur\n"
    "language = elzzur.get_language('en')\n"
    f"board = elzzur.load_board('{SEED}', language)\n"
    "board",
    "solution = elzzur.solve(board, elzzur.load_dictionary(None, language), language)\n"
    "solution",
    "print(repr(solution))\n"
    "print(repr(board))",
    "from IPython.display import SVG\n"
    "SVG(board._repr_svg_())",
]


def elzzur_dictionary(language):
    from elzzur import load_dictionary

    return load_dictionary(None, language)


def test_an_executed_notebook(tmp_path, monkeypatch):
    """The notebook a player would write, run in a kernel and exported to HTML as nbconvert
    does, then looked at in Chromium under JupyterLab's CSS: letters centred on their tiles,
    readable, the path's arrows drawn, the plain reprs short."""
    missing = [name for name in ("nbformat", "nbconvert", "nbclient", "ipykernel")
               if importlib.util.find_spec(name) is None]
    if missing:
        needs_system(f"the notebook test needs {', '.join(missing)}: "
                     "pip install -e '.[test,notebook]'")
    import nbformat
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    from test_html import CHROMIUM, browser_report, browser_tools

    for name, value in child_env().items():  # the kernel imports this elzzur
        monkeypatch.setenv(name, value)
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in NOTEBOOK]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    NotebookClient(notebook, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [cell.outputs for cell in notebook.cells]
    assert all(output.get("output_type") != "error" for cell in outputs for output in cell)
    board_data, solution_data = outputs[0][0]["data"], outputs[1][0]["data"]
    assert "text/html" in board_data and "image/svg+xml" in board_data
    assert board_data["text/plain"] == f"Board(4x4: {SEED})"
    assert solution_data["text/plain"].startswith("Solution(404 words, total 14499: COHESIVE 224")
    assert len(solution_data["text/plain"]) < 100
    assert outputs[2][0]["text"] == (
        "Solution(404 words, total 14499: COHESIVE 224, ECHOIER 195, TOCHERS 195, …)\n"
        f"Board(4x4: {SEED})\n")
    assert "<title>elzzur: 4×4 board</title>" in outputs[3][0]["data"]["image/svg+xml"]

    html, _ = HTMLExporter(template_name="lab").from_notebook_node(notebook)
    assert "jp-RenderedHTMLCommon" in html  # JupyterLab's CSS, which the board must survive
    page = tmp_path / "notebook.html"
    page.write_text(html, encoding="utf-8")
    dark, _ = HTMLExporter(template_name="lab", theme="dark").from_notebook_node(notebook)
    (tmp_path / "dark.html").write_text(dark, encoding="utf-8")

    node = browser_tools()
    config = {"html": str(page), "png": str(tmp_path / "notebook.png"),
              "chromium": str(CHROMIUM), "dark_html": str(tmp_path / "dark.html"),
              "dark_png": str(tmp_path / "notebook-dark.png"), "click": "ECHOIER",
              "click_png": str(tmp_path / "notebook-click.png")}
    report = browser_report(node, "check_notebook.mjs", config, tmp_path)
    tiles = report["tiles"]
    assert len(tiles) == 32  # the board, and the solution's board
    assert [t["label"] for t in tiles[:16]] == list("TRSNOHEICINVEADE")
    for tile in tiles:
        assert abs(tile["dx"]) <= 1.5 and abs(tile["dy"]) <= 3, tile  # in the middle
        assert tile["text_align"] == "center", tile
        assert tile["contrast"] >= 4.5, tile
    assert report["arrows"] == 7  # COHESIVE's steps on the solution's board
    assert "404 words, longest 10, total score 14499" in report["text"]
    # the totals line reads on JupyterLab's light theme and on its dark one (it was dark ink on
    # the dark theme's background before: a contrast near 1)
    assert report["summary_contrast"] >= 4.5 and report["dark"]["summary_contrast"] >= 4.5, report
    # every word in the table, in a box that scrolls; a click on ECHOIER's path draws it
    assert report["table_box"]["overflow"] == "auto"
    assert report["table_box"]["scroll"] > report["table_box"]["height"]
    english = get_language("en")
    full = solve(parse_board(SEED, english), elzzur_dictionary(english), english)
    echoier = next(found for found in full.words if found.word == "ECHOIER")
    cells = [r * 4 + c for r, c in echoier.path]
    assert report["rows"] == len(full)
    clicked = report["clicked"]
    assert sorted(clicked["steps"]) == sorted([cell, str(n)] for n, cell in enumerate(cells, 1))
    assert sorted(clicked["outlined"]) == sorted(cells) and clicked["arrows"] == len(cells) - 1
    assert (clicked["shown"], clicked["points"]) == ("ECHOIER", str(echoier.score))
    assert clicked["chosen_rows"] == ["ECHOIER"]
    assert clicked["corners_over_arrows"]  # the arrows never hide a value, badge or number
    for name in ("notebook.png", "notebook-dark.png", "notebook-click.png"):
        data = (tmp_path / name).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000
