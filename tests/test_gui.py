"""The Tk window, driven for real on an X display: a private Xvfb when DISPLAY is unset.

Keys go through Tk's own event queue (``event_generate``) and, once, through the X server
(``xdotool type``); the solve runs in its worker thread while the tests pump the event loop.
The screenshot docs/gui.md shows is taken here, into the test's own folder (copied by hand to
``docs/screenshots/gui.png``).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from conftest import needs_system
from elzzur.grid.board import parse_board
from elzzur.lexicon.dictionary import load_dictionary
from elzzur.lexicon.languages import get_language
from elzzur.grid.solver import solve


REPO = Path(__file__).resolve().parent.parent
SEED = "Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E"
INSTALL = "apt-get install -y xvfb xdotool imagemagick"
WAIT = 60.0  # seconds before a wait gives up (a failure, not a timing check)


@pytest.fixture(scope="module", autouse=True)
def display(x_display):
    """The X display of the test process (conftest.x_display)."""
    return x_display


@pytest.fixture
def gui():
    from elzzur.views.gui import create_app

    root, app = create_app("en")
    root.geometry("+0+0")
    root.update()
    root.focus_force()  # no window manager under Xvfb gives the window the focus
    app.focus_cell(0)
    root.update()
    yield app
    root.destroy()


def pump(app, until, what: str) -> None:
    """Run the event loop until ``until()`` holds (the solve, the animation…)."""
    deadline = time.monotonic() + WAIT
    while not until():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what}")
        app.root.update()
        time.sleep(0.01)
    app.root.update()


def press(app, *keys: str) -> None:
    """Keys as Tk key symbols, each sent to whichever widget has the focus now."""
    for key in keys:
        widget = app.root.focus_get() or app.root
        widget.event_generate("<KeyPress>", keysym=key)
        app.root.update()


def solved(app) -> None:
    pump(app, lambda: not app.busy, "the solve")


def seed_board(app) -> None:
    app.load_board(parse_board(SEED, get_language("en")))


# --- the model, without clicking --------------------------------------------------------------

def test_model_functions():
    from elzzur.views.gui.editing import (board_entries, build_board, neighbour_cell,
                                          normalize_letter, split_token)
    from elzzur.views.gui.wordlist import animation_steps, clipboard_text, summary, words_using

    en, es = get_language("en"), get_language("es-native")
    assert normalize_letter("é", en) == "E"
    assert normalize_letter("ñ", es) == "Ñ"
    assert normalize_letter("ñ", en) == "N"
    assert normalize_letter("7", en) is None
    assert split_token("Ttl", en) == ("T", "tl")
    assert split_token("qudw", en) == ("Qu", "dw")
    assert split_token("RE-", en) == ("RE-", "")
    board = parse_board(SEED, en)
    texts, bonuses = board_entries(board)
    assert texts[:4] == ["T", "R", "S", "N"] and bonuses[:4] == ["tl", "", "", "dl"]
    assert build_board(texts, bonuses, 4, 4, en) == board
    texts[5] = ""
    with pytest.raises(Exception, match=r"cell \(1,1\) is empty"):
        build_board(texts, bonuses, 4, 4, en)
    rows = [("AB", 5, (0, 1)), ("BC", 3, (1, 2))]
    assert words_using(rows, 2) == [("BC", 3, (1, 2))]
    assert words_using(rows, None) == rows
    assert animation_steps((4, 0, 1)) == [(4, 1), (0, 2), (1, 3)]
    assert summary(rows, rows) == "2 words, total 8"
    assert clipboard_text(rows) == "AB\t5\nBC\t3\n"
    assert neighbour_cell(3, "Right", 4, 4) == 4 and neighbour_cell(1, "Up", 4, 4) == 1
    assert neighbour_cell(1, "Down", 4, 4) == 5


@settings(max_examples=300, deadline=None)
@given(st.integers(60, 3000), st.integers(60, 3000), st.integers(1, 12), st.integers(1, 12))
def test_the_fitted_tiles_are_the_largest_that_fit(width, height, rows, cols):
    """``fit``: the board fits the canvas (unless even the smallest tiles do not), one pixel
    more a tile would not (unless at the largest), and every tile's centre is found again."""
    from elzzur.views.gui.tile import GAP, MAX_TILE, MIN_TILE, PAD, board_size, fit

    layout = fit(width, height, rows, cols)
    assert MIN_TILE <= layout.tile <= MAX_TILE
    need_w, need_h = board_size(rows, cols, layout.tile)
    if layout.tile > MIN_TILE:
        assert need_w <= width and need_h <= height
        assert layout.left + need_w - PAD <= width
    if layout.tile < MAX_TILE:
        more_w, more_h = board_size(rows, cols, layout.tile + 1)
        assert more_w > width or more_h > height
    for index in range(rows * cols):
        x, y = layout.centre(index, cols)
        assert layout.cell_at(x, y, rows, cols) == index
        assert layout.cell_at(x + layout.tile / 2 + GAP / 2, y, rows, cols) is None


# --- the window -------------------------------------------------------------------------------

def test_window_title_and_controls(gui):
    from elzzur.lexicon.languages import available
    from elzzur.grid.rules import presets
    from elzzur.views.gui.editing import language_code

    assert gui.root.title() == "elzzur"
    # languages by code and name; the code alone is still taken
    values = list(gui.language_box["values"])
    assert [language_code(v) for v in values] == available()
    assert "en — English" in values and "es-native — Spanish (with Ñ)" in values
    assert gui.language.get() == "en — English" and gui.get_language().code == "en"
    gui.language.set("es")
    assert gui.get_language().code == "es"
    assert list(gui.rules_box["values"]) == presets()
    assert len(gui.cells) == 16


def test_type_the_seed_board_and_solve(gui):
    gui.focus_cell(0)
    # per cell: the bonus key first (0-4), then the letter, which moves the focus on
    press(gui, "2", "t", "r", "s", "1", "n",
          "3", "o", "4", "h", "e", "i",
          "3", "c", "i", "n", "v",
          "2", "e", "a", "d", "e")
    assert [c.text for c in gui.cells] == list("TRSNOHEICINVEADE")
    assert [c.bonus.get() for c in gui.cells][:5] == ["tl", "", "", "dl", "dw"]
    assert gui.board() == parse_board(SEED, get_language("en"))
    press(gui, "Return")  # Enter solves
    solved(gui)
    words = gui.words()
    solution = solve(parse_board(SEED, get_language("en")),
                     load_dictionary(None, get_language("en")), get_language("en"))
    assert words[0] == ("COHESIVE", "224", "8")
    assert [w[0] for w in words] == [f.word for f in solution]  # the solver's order
    assert len(words) == len(solution)
    assert gui.summary.get() == f"{len(solution)} words, total {solution.total_score}"
    scores = [int(w[1]) for w in words]
    assert scores == sorted(scores, reverse=True)


def test_arrows_backspace_hole_and_accents(gui):
    gui.focus_cell(0)
    # keys the X keymap lacks go through the handler the key calls
    gui.type_letter(gui.cells[0], "é")  # é → E in English
    assert gui.cells[0].text == "E"
    assert gui.root.focus_get() is gui.cells[1].entry
    press(gui, "q", "u")  # Q then U: one Qu tile
    assert gui.cells[1].text == "Qu" and gui.root.focus_get() is gui.cells[2].entry
    press(gui, "period")  # a hole
    assert gui.cells[2].text == "."
    press(gui, "Down")
    assert gui.root.focus_get() is gui.cells[7].entry
    press(gui, "Left", "Left", "BackSpace")
    assert gui.root.focus_get() is gui.cells[4].entry
    press(gui, "BackSpace")  # an empty cell: back to the previous one, cleared
    assert gui.root.focus_get() is gui.cells[3].entry
    press(gui, "F2", "T", "H", "Return")  # free edit: a two-letter tile
    assert gui.cells[3].text == "TH"
    gui.language.set("es-native")
    gui.focus_cell(5)
    gui.type_letter(gui.cells[5], "ñ")
    assert gui.cells[5].text == "Ñ"


def test_real_typing_through_the_x_server(gui):
    if shutil.which("xdotool") is None:
        needs_system(f"the GUI tests need xdotool: {INSTALL}")
    entry = gui.cells[0].entry
    x = entry.winfo_rootx() + entry.winfo_width() // 2
    y = entry.winfo_rooty() + entry.winfo_height() // 2
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)
    pump(gui, lambda: gui.root.focus_get() is entry, "the click to focus the first cell")
    subprocess.run(["xdotool", "type", "--delay", "20", "catsdog"], check=True)
    pump(gui, lambda: gui.cells[6].text == "G", "the typed letters")
    assert [c.text for c in gui.cells[:7]] == list("CATSDOG")


def test_double_click_animates_the_path(gui):
    seed_board(gui)
    gui.solve()
    solved(gui)
    tree = gui.tree
    first = tree.get_children()[0]
    bbox = tree.bbox(first)
    x, y = tree.winfo_rootx() + bbox[0] + 20, tree.winfo_rooty() + bbox[1] + bbox[3] // 2
    if shutil.which("xdotool") is None:
        needs_system(f"the GUI tests need xdotool: {INSTALL}")
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "--repeat", "2",
                    "--delay", "50", "1"], check=True)
    path = gui.shown[0][2]
    assert gui.shown[0][0] == "COHESIVE"
    pump(gui, lambda: len(gui.highlighted) == len(path), "the animation")
    assert gui.highlighted == list(path)
    canvas = gui.board_canvas
    for number, cell in enumerate(path, start=1):
        assert gui.cells[cell].number == str(number)
        assert canvas.itemcget(gui.cells[cell].step_text, "text") == str(number)
        assert canvas.itemcget(gui.cells[cell].step_text, "state") == "normal"
        assert gui.cells[cell].mark == "path"
    assert all(c.mark == "" for c in gui.cells if c.index not in path)
    # an arrow for each step, from one tile towards the next
    arrows = canvas.find_withtag("arrow")
    assert len(arrows) == len(path) - 1 and all(canvas.itemcget(a, "arrow") == "last" for a in arrows)
    for arrow, (a, b) in zip(arrows, zip(path, path[1:])):
        x1, y1, x2, y2 = canvas.coords(arrow)
        assert gui.layout.cell_at(x1, y1, 4, 4) == a and gui.layout.cell_at(x2, y2, 4, 4) == b
    # keyboard: Ctrl+L goes to the list, Down picks the second word, Enter draws it
    press(gui, "Escape")
    assert gui.highlighted == []
    gui.focus_cell(0)
    gui.root.focus_get().event_generate("<Control-l>")
    press(gui, "Down", "Return")
    path = gui.shown[1][2]
    pump(gui, lambda: len(gui.highlighted) == len(path), "the second animation")
    assert gui.highlighted == list(path)


def test_click_a_tile_filters_the_words(gui):
    seed_board(gui)
    gui.solve()
    solved(gui)
    everything = gui.words()
    corner = gui.cells[15]  # the E at the bottom right: a click on its border, beside the letters
    x, y = gui.layout.origin(15, 4)
    gui.board_canvas.event_generate("<Button-1>", x=x + 3, y=y + 3)
    gui.root.update()
    kept = gui.words()
    assert 0 < len(kept) < len(everything)
    assert all(15 in path for _, _, path in gui.shown)
    expected = [(w, str(s), str(len(p))) for w, s, p in gui.rows_data if 15 in p]
    assert kept == expected
    assert corner.mark == "filter"
    assert "shown" in gui.summary.get()
    gui.board_canvas.event_generate("<Button-1>", x=x + 3, y=y + 3)  # again: all words
    gui.root.update()
    assert gui.words() == everything


def test_tiles_wear_the_palette(gui):
    """The window's tiles are the page's: each bonus's fill with its ink (the letters, the
    cursor, the value and the badge; no badge on a plain tile), the letters' value in the
    corner, the path outlined in the path colour with its number in a disc, the filtered tile
    outlined (dashed) in the selection colour."""
    from elzzur.views.palette import EDGE, PATH, PATH_INK, SELECTED, tile_style

    seed_board(gui)
    canvas = gui.board_canvas
    item = canvas.itemcget
    for cell in gui.cells:
        style = tile_style(cell.bonus.get())
        assert (cell.entry["bg"], cell.entry["fg"], cell.entry["insertbackground"]) == \
            (style.fill, style.ink, style.fill)
        assert item(cell.shape, "fill") == style.fill
        assert item(cell.badge_item, "text") == style.badge  # "" on a plain tile, never "none"
        assert item(cell.badge_item, "fill") == item(cell.value_item, "fill") == style.ink
    assert {item(c.shape, "fill") for c in gui.cells} == {tile_style(code).fill
                                                          for code in ("", "dl", "tl", "dw", "tw")}
    # English letter values under Ruzzle's rules: T 1, H 4, C 4, V 4, D 2
    assert [item(c.value_item, "text") for c in gui.cells] == \
        ["1", "1", "1", "1", "1", "4", "1", "1", "4", "1", "1", "4", "1", "1", "2", "1"]
    gui.rules.set("boggle")  # scored by length: no values on the tiles
    assert {item(c.value_item, "text") for c in gui.cells} == {""}
    gui.rules.set("ruzzle")
    gui.cells[0].set("Q=8")  # a value written on the tile
    assert item(gui.cells[0].value_item, "text") == "8"
    plain = gui.cells[1]
    assert (item(plain.shape, "outline"), float(item(plain.shape, "width"))) == (EDGE, 1.5)
    gui.light(5, 3)
    gui.toggle_filter(6)  # clears the path, marks the filter
    r, c = divmod(6, gui.shape[1])  # the status names the cell as (row,column) from 0
    assert gui.status.get().startswith(f"words through cell ({r},{c}): ")
    assert item(gui.cells[6].shape, "outline") == SELECTED and item(gui.cells[6].shape, "dash")
    assert item(gui.cells[5].shape, "outline") == EDGE
    gui.light(5, 3)
    lit = gui.cells[5]
    assert item(lit.shape, "outline") == PATH
    assert (item(lit.step_disc, "fill"), item(lit.step_text, "fill"), item(lit.step_text, "text")) \
        == (PATH_INK, PATH, "3")
    assert item(lit.shape, "fill") == tile_style("tw").fill  # the tile keeps its own colour
    gui.light(6, 4)
    assert len(canvas.find_withtag("arrow")) == 1  # from the step before
    gui.cells[2].set_bonus("dw")
    assert gui.cells[2].entry["bg"] == item(gui.cells[2].shape, "fill") == tile_style("dw").fill
    # long labels are printed smaller, to fit the tile
    gui.cells[3].set("-ING")
    assert abs(tkfont(gui.cells[3].entry)) < abs(tkfont(gui.cells[1].entry))


def tkfont(entry) -> int:
    """The size of an entry's font."""
    return int(entry.tk.call("font", "actual", entry["font"], "-size"))


def test_the_window_keeps_its_size(gui):
    """Help, a long error, a solve and a filter change the texts, never the window's size."""
    root = gui.root
    root.update()
    size = (root.winfo_width(), root.winfo_height())
    press(gui, "F1")
    assert "F2 free edit" in gui.status.get()
    root.update()
    assert (root.winfo_width(), root.winfo_height()) == size
    gui.error("x" * 400)
    root.update()
    assert (root.winfo_width(), root.winfo_height()) == size
    seed_board(gui)
    gui.solve()
    solved(gui)
    gui.toggle_filter(5)
    root.update()
    assert "shown" in gui.summary.get()
    assert (root.winfo_width(), root.winfo_height()) == size


def test_copy_the_word_list(gui):
    seed_board(gui)
    gui.solve()
    solved(gui)
    gui.tree.focus_set()
    gui.root.update()
    gui.tree.event_generate("<Control-c>")
    gui.root.update()
    text = gui.root.clipboard_get()
    solution = solve(parse_board(SEED, get_language("en")),
                     load_dictionary(None, get_language("en")), get_language("en"))
    assert text == "".join(f"{f.word}\t{f.score}\n" for f in solution)


def test_errors_are_shown_not_raised(gui):
    gui.focus_cell(0)
    press(gui, "F2", "T", "exclam", "Return")  # 'T!': not a tile
    for cell in gui.cells[1:]:
        cell.set("A")
    press(gui, "Return")
    assert "cell (0,0)" in gui.status.get()
    assert gui.status_bar["fg"] == "#b00020"
    assert not gui.busy and gui.words() == []
    gui.cells[0].set("")
    gui.solve()
    assert "cell (0,0) is empty" in gui.status.get()
    gui.cells[0].set("A")
    gui.rules.set("no-such-rules")
    gui.solve()
    assert "unknown rules" in gui.status.get()
    gui.rules.set("ruzzle")
    gui.language.set("xx")
    gui.solve()
    assert "unknown language" in gui.status.get()
    gui.language.set("en")
    gui.focus_cell(1)
    press(gui, "exclam")
    assert "not a letter" in gui.status.get()
    # an error escaping any callback lands in the status bar, not in a traceback
    gui.root.after(0, lambda: 1 / 0)
    gui.root.update()
    assert "ZeroDivisionError" in gui.status.get()


def test_save_and_load_round_trip(gui, tmp_path):
    seed_board(gui)
    path = tmp_path / "seed.board"
    gui.save_path(str(path))
    board = parse_board(SEED, get_language("en"))
    assert path.read_text(encoding="utf-8") == str(board) + "\n"
    gui.clear_board()
    assert gui.cells[0].text == ""
    gui.load_path(str(path))
    assert gui.board() == board
    gui.load_path(str(tmp_path / "missing.board"))
    assert "no such file" in gui.status.get()
    gui.cells[3].set("")
    gui.save_path(str(tmp_path / "bad.board"))
    assert "empty" in gui.status.get() and not (tmp_path / "bad.board").exists()


def test_load_and_save_through_the_desktops_file_chooser(gui, tmp_path, monkeypatch):
    """Where zenity is installed, Load… and Save… ask through it (the desktop's chooser, not
    Tk's own): a stand-in zenity on PATH answers with a file and records how it was called;
    the window keeps running its loop while the chooser is open; a cancel changes nothing."""
    from elzzur.views.gui.dialogs import chooser, command

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    answer, calls = tmp_path / "answer", tmp_path / "calls"
    fake = bin_dir / "zenity"
    fake.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" >> {calls}\necho ---- >> {calls}\n'
                    f'sleep 0.3\nif [ -s {answer} ]; then cat {answer}; else exit 1; fi\n')
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.delenv("ELZZUR_FILE_DIALOG", raising=False)
    assert chooser() == "zenity"
    board = tmp_path / "seed.board"
    board.write_text(SEED + "\n", encoding="utf-8")
    answer.write_text(f"{board}\n")
    gui.load_dialog()
    assert gui.files.busy  # the chooser is open; the window's loop goes on
    pump(gui, lambda: not gui.files.busy, "the chooser")
    assert gui.board() == parse_board(SEED, get_language("en"))
    assert gui.status.get() == f"loaded {board}"
    said = calls.read_text().split("----\n")[0].splitlines()
    assert said[:2] == ["--file-selection", "--title=Load a board"]
    assert "--file-filter=Boards | *.board *.txt" in said and "--save" not in said
    answer.write_text(f"{tmp_path / 'copy'}\n")  # saved with the board files' extension
    gui.save_dialog()
    pump(gui, lambda: not gui.files.busy, "the chooser")
    saved = (tmp_path / "copy.board").read_text(encoding="utf-8")
    assert parse_board(saved, get_language("en")) == parse_board(SEED, get_language("en"))
    assert "--save" in calls.read_text().split("----\n")[1].splitlines()
    answer.write_text("")  # cancelled: nothing happens
    gui.info("unchanged")
    gui.load_dialog()
    pump(gui, lambda: not gui.files.busy, "the chooser")
    assert gui.status.get() == "unchanged"
    monkeypatch.setenv("ELZZUR_FILE_DIALOG", "tk")
    assert chooser() == "tk"
    assert command("kdialog", True, "Save", [("Boards", "*.board")], "/x") == [
        "kdialog", "--title", "Save", "--getsavefilename", "/x", "*.board|Boards"]


def test_resize_random_and_other_rules(gui):
    seed_board(gui)
    gui.nrows.set(5)
    gui.ncols.set(3)
    gui.resize_from_controls()
    assert gui.shape == (5, 3) and len(gui.cells) == 15
    assert [c.text for c in gui.cells[:3]] == ["T", "R", "S"]  # what still fits is kept
    assert gui.cells[3].text == "O"
    gui.random_board(seed=7)
    board = gui.board()
    assert (board.rows, board.cols) == (5, 3)
    gui.rules.set("boggle")
    gui.solve()
    solved(gui)
    assert gui.status_bar["fg"] != "#b00020", gui.status.get()
    assert all(len(w[0]) >= 3 for w in gui.words())  # Boggle's shortest word


def test_screenshot(gui, tmp_path):
    if shutil.which("import") is None:
        needs_system(f"the screenshot needs ImageMagick's import: {INSTALL}")
    seed_board(gui)
    gui.solve()
    solved(gui)
    gui.tree.selection_set(gui.tree.get_children()[0])
    gui.animate_selected()
    pump(gui, lambda: len(gui.highlighted) == 8, "the animation")
    root = gui.root
    root.update()
    out = tmp_path / "gui.png"
    crop = f"{root.winfo_width()}x{root.winfo_height()}+{root.winfo_rootx()}+{root.winfo_rooty()}"
    subprocess.run(["import", "-window", "root", "-crop", crop, "+repage", str(out)], check=True)
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (root.winfo_width(), root.winfo_height())


def grab(root, out) -> None:
    """A screenshot of the window, as the X server shows it."""
    root.update()
    crop = f"{root.winfo_width()}x{root.winfo_height()}+{root.winfo_rootx()}+{root.winfo_rooty()}"
    subprocess.run(["import", "-window", "root", "-crop", crop, "+repage", str(out)], check=True)


def test_the_board_grows_with_the_window(gui, tmp_path):
    """Resized as a person would (xdotool on the X window), the tiles grow to fill the room and
    shrink back; a path drawn stays on its tiles; the letters' font grows with them."""
    if shutil.which("xdotool") is None:
        needs_system(f"the GUI tests need xdotool: {INSTALL}")
    seed_board(gui)
    gui.animate((8, 4, 5))
    pump(gui, lambda: len(gui.highlighted) == 3, "the animation")
    root = gui.root
    root.update()
    small = gui.layout.tile
    small_font = tkfont(gui.cells[0].entry)
    windows = subprocess.run(["xdotool", "search", "--name", "^elzzur$"], capture_output=True,
                             text=True, check=True).stdout.split()
    for window in windows:
        subprocess.run(["xdotool", "windowsize", window, "1260", "900"], check=True)
    pump(gui, lambda: gui.layout.tile > small, "the tiles to grow")
    big = gui.layout.tile
    canvas = gui.board_canvas
    assert big >= 1.5 * small, (small, big)
    # the whole board in the canvas, the tiles where a click finds them
    x, y = gui.layout.origin(15, 4)
    assert x + big <= canvas.winfo_width() and y + big <= canvas.winfo_height()
    assert gui.layout.cell_at(x + big / 2, y + big / 2, 4, 4) == 15
    bbox = canvas.bbox(gui.cells[15].shape)
    assert abs((bbox[2] - bbox[0]) - big) <= 4
    assert tkfont(gui.cells[0].entry) > small_font
    arrows = canvas.find_withtag("arrow")
    assert len(arrows) == 2
    x1, y1, x2, y2 = canvas.coords(arrows[0])
    assert gui.layout.cell_at(x1, y1, 4, 4) == 8 and gui.layout.cell_at(x2, y2, 4, 4) == 4
    if shutil.which("import") is not None:
        grab(root, tmp_path / "gui-large.png")
    for window in windows:
        subprocess.run(["xdotool", "windowsize", window, "900", "560"], check=True)
    pump(gui, lambda: gui.layout.tile < big, "the tiles to shrink")


def test_no_caret_in_the_tiles_but_while_typing_freely(gui):
    """The focused tile shows by its dark outline, not by a blinking text caret; F2's free
    typing shows the caret (the text is edited there), Enter hides it again."""
    from elzzur.views.palette import INK

    gui.focus_cell(2)
    gui.root.update()
    cell = gui.cells[2]
    assert all(c.entry["insertbackground"] == c.entry["bg"] for c in gui.cells)  # unseen
    # nor the selection (the tile's letters are selected, so typing replaces them)
    cell.set("A")
    gui.focus_cell(2)
    assert cell.entry.selection_present() and cell.entry["selectbackground"] == cell.entry["bg"]
    cell.set("")
    assert gui.board_canvas.itemcget(cell.shape, "outline") == INK
    assert gui.board_canvas.itemcget(gui.cells[1].shape, "outline") != INK
    press(gui, "F2")
    assert cell.entry["insertbackground"] == cell.entry["fg"] != cell.entry["bg"]
    press(gui, "T", "H", "Return")
    assert cell.entry["insertbackground"] == cell.entry["bg"] and cell.text == "TH"


def test_the_arrows_go_under_the_values_and_badges(gui):
    """A path's arrows are drawn under every tile's value and bonus badge (each on a chip of
    its tile's colour), so an arrow across a corner never hides them."""
    seed_board(gui)
    gui.animate((0, 5, 10, 15, 14, 9, 4))  # diagonals through the corners of TL, TW, DW tiles
    pump(gui, lambda: len(gui.highlighted) == 7, "the animation")
    canvas = gui.board_canvas
    order = {item: n for n, item in enumerate(canvas.find_all())}
    top_arrow = max(order[a] for a in canvas.find_withtag("arrow"))
    for cell in gui.cells:
        for item in (cell.value_item, cell.badge_item):
            if canvas.itemcget(item, "text"):
                assert order[item] > top_arrow
        if canvas.itemcget(cell.badge_item, "text"):
            chip = canvas.coords(cell.badge_chip)
            box = canvas.bbox(cell.badge_item)
            assert chip[0] <= box[0] and chip[2] >= box[2] and order[cell.badge_chip] > top_arrow
            assert canvas.itemcget(cell.badge_chip, "fill") == canvas.itemcget(cell.shape, "fill")


def test_the_command_opens_a_window(tmp_path):
    if shutil.which("xdotool") is None:
        needs_system(f"the GUI tests need xdotool: {INSTALL}")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    child = subprocess.Popen([sys.executable, "-m", "elzzur", "gui", "-l", "en", "-b", SEED],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + WAIT
        while True:
            found = subprocess.run(["xdotool", "search", "--name", "^elzzur$"],
                                   capture_output=True, text=True)
            if found.stdout.strip():
                break
            if child.poll() is not None:
                pytest.fail(f"elzzur gui exited: {child.stderr.read()}")
            if time.monotonic() > deadline:
                pytest.fail("the elzzur window did not appear")
            time.sleep(0.1)
    finally:
        child.kill()
        child.communicate()
    bad = subprocess.run([sys.executable, "-m", "elzzur", "gui", "-l", "xx"], env=env,
                         capture_output=True, text=True, timeout=WAIT)
    assert bad.returncode == 2 and "unknown language" in bad.stderr


try:  # imported with the module: importing cv2 sets LD_LIBRARY_PATH, and a test must leave
    import cv2  # the environment as it found it (conftest)
except ImportError:  # no image extra: the two tests below are skipped, saying why
    cv2 = None


# --- Load… reads a picture too (issue 19): here, on this module's display, not in a module of
# their own: a second module's Tk in a test process that already had one on a display now gone
# ends the process (an Xlib error), which took the test worker with it.

def image_corpus():
    """benchmarks/image_corpus.py, which draws the screenshots."""
    import importlib

    if str(REPO / "benchmarks") not in sys.path:
        sys.path.insert(0, str(REPO / "benchmarks"))
    return importlib.import_module("image_corpus")


def test_the_window_loads_a_screenshot(gui, tmp_path):
    if cv2 is None:
        pytest.skip("reading a picture needs the image extra: pip install '.[image]'")
    screenshot = image_corpus().screenshot
    sample = screenshot(random.Random(4), "wordhunt", "en", size=4, font_path="pillow:default",
                        phone=(1080, 1920))
    path = str(tmp_path / "shot.png")
    cv2.imwrite(path, sample.image)
    gui.rules.set("wordhunt")
    gui.load_path(path)
    truth = parse_board("\n".join(" ".join(row) for row in sample.truth), get_language("en"))
    assert gui.board() == truth
    status = gui.status.get()
    assert status == f"loaded {path}" or status.startswith(f"read {path}; check ")


def test_the_window_names_what_it_could_not_read(gui, tmp_path):
    if cv2 is None:
        pytest.skip("reading a picture needs the image extra: pip install '.[image]'")
    path = str(tmp_path / "blank.png")
    cv2.imwrite(path, 240 + 0 * cv2.imread(str(REPO / "docs" / "screenshots" / "page.png")))
    gui.load_path(path)
    assert gui.status.get() == ("no board found in the picture: no lattice of 3x3 to 6x6 square "
                                "tiles")


def test_the_window_marks_the_tiles_to_check(gui, tmp_path, monkeypatch):
    """Tiles read uncertainly are outlined in the doubt colour, the first one has the focus and
    the status bar says what to check in it; typing the tile clears its mark. The picture has
    one tile with no letter (so it is flagged whatever the classifier); the window's screenshot
    is docs/screenshots/gui-read.png (docs/image.md)."""
    if cv2 is None:
        pytest.skip("reading a picture needs the image extra: pip install '.[image]'")
    from elzzur.views.palette import DOUBT, EDGE

    board = [["C", "A", "T"], ["D", "O", ""], ["S", "U", "N"]]
    sample = image_corpus().screenshot(random.Random(3), "ruzzle", "en", size=3,
                                       font_path="pillow:default", phone=(1080, 1920),
                                       board=board)
    monkeypatch.chdir(tmp_path)
    path = "shot.png"
    cv2.imwrite(path, sample.image)
    gui.rules.set("boggle")  # letters only: the one doubt is the empty tile
    gui.load_path(path)
    gui.root.update()
    outlines = [gui.board_canvas.itemcget(cell.shape, "outline") for cell in gui.cells]
    assert outlines[5] == DOUBT
    assert [i for i, colour in enumerate(outlines) if colour == DOUBT] == [
        cell.index for cell in gui.cells if cell.doubt]
    assert gui.cells[5].doubt == "(1,2) .: no letter found"
    assert gui.root.focus_get() is gui.cells[5].entry
    assert gui.status.get().startswith(f"read {path}; check ")
    if shutil.which("import") is not None:
        root = gui.root
        root.update()
        out = tmp_path / "gui-read.png"
        crop = (f"{root.winfo_width()}x{root.winfo_height()}+{root.winfo_rootx()}"
                f"+{root.winfo_rooty()}")
        subprocess.run(["import", "-window", "root", "-crop", crop, "+repage", str(out)],
                       check=True)
    gui.cells[0].entry.focus_set()
    gui.info("something else")
    gui.root.update()
    gui.cells[5].entry.focus_set()  # coming back to it names it again
    gui.root.update()
    assert gui.status.get() == "check (1,2) .: no letter found"
    press(gui, "E")
    assert gui.cells[5].text == "E" and not gui.cells[5].doubt
    assert gui.board_canvas.itemcget(gui.cells[5].shape, "outline") == EDGE
    assert gui.board() == parse_board("C A T\nD O E\nS U N", get_language("en"))
