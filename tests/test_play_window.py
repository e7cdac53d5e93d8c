"""elzzur play --window: the round in a Tk window, driven with real pointer drags and typing
through the X server (xdotool) on a private Xvfb, with a clock the test sets."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time

import pytest

from elzzur import Dictionary, get_language, parse_board
from elzzur.grid.referee import Referee
from elzzur.grid.review import review
from elzzur.grid.round import Round

from conftest import child_env, needs_system
from elzzur.views.palette import PATH, PATH_INK, tile_style

INSTALL = "apt-get install -y xvfb xdotool imagemagick"
WAIT = 60.0
EN = get_language("en")
BOARD = "Cdw A Ttl/D O G/S U N"
WORDS = ["CAT", "DOG", "GODS", "SUN", "COD", "CODS", "DOC", "TOG", "GOD", "SNUG", "TOGS"]


@pytest.fixture(scope="module", autouse=True)
def display(x_display):
    """The X display of the test process (conftest.x_display), as tests/test_gui.py's."""
    return x_display


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def window():
    import tkinter

    from elzzur.views.gui.play import PlayWindow

    board = parse_board(BOARD, EN)
    clock = Clock()
    game = Round(Referee(board, Dictionary.from_words(WORDS, EN), EN, "ruzzle"), 120, clock)
    root = tkinter.Tk(className="elzzur")
    root.geometry("+0+0")
    win = PlayWindow(root, [game], ["elzzur play: Ruzzle, English"],
                     lambda g: review(g.referee.board, g.referee.rows, g.found))
    win.clock_source = clock
    root.update()
    yield win
    try:
        root.destroy()
    except tkinter.TclError:
        pass


def pump(win, until=lambda: True, what: str = "the window") -> None:
    deadline = time.monotonic() + WAIT
    win.root.update()
    while not until():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what}")
        win.root.update()
        time.sleep(0.01)
    win.root.update()


def xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True)


def tile_point(win, cell: int) -> tuple[int, int]:
    """Where a board's cell is on the screen (the board as it is drawn, turned or not)."""
    board = win.game.referee.board
    x, y = win.layout.centre(win.view_cell(cell), max(board.rows, board.cols))
    return win.canvas.winfo_rootx() + int(x), win.canvas.winfo_rooty() + int(y)


def drag(win, cells) -> None:
    """A real drag: press on the first tile, move through the others, release."""
    x, y = tile_point(win, cells[0])
    xdotool("mousemove", str(x), str(y))
    pump(win)
    xdotool("mousedown", "1")
    pump(win)
    for cell in cells[1:]:
        tx, ty = tile_point(win, cell)
        for k in (1, 2, 3):  # in steps, as a hand moves
            xdotool("mousemove", str(x + (tx - x) * k // 3), str(y + (ty - y) * k // 3))
            pump(win)
        x, y = tx, ty
    xdotool("mouseup", "1")
    pump(win)


def test_a_drag_across_the_tiles_enters_the_word(window):
    drag(window, [0, 1, 2])  # C A T
    pump(window, lambda: "CAT" in window.game.found, "CAT to be found")
    assert window.message["text"].startswith("CAT  +")
    assert window.found.get(0).startswith("CAT")
    drag(window, [2, 4, 1])  # T O A: a path, not a word
    pump(window, lambda: len(window.game.attempts) == 2, "the second word")
    assert window.message["text"] == "TOA: not a word"


def test_dragging_back_undoes_a_tile_and_a_diagonal_takes_no_corner(window):
    drag(window, [3, 4, 5, 4, 0])  # D O G, back to O, then C: D O C (diagonal O -> C)
    pump(window, lambda: window.game.attempts, "a word")
    assert window.game.attempts[0].verdict.word == "DOC"
    assert window.game.attempts[0].verdict.verdict == "valid"


def test_typing_a_word(window):
    window.entry.focus_force()
    pump(window)
    x, y = window.entry.winfo_rootx() + 5, window.entry.winfo_rooty() + 5
    xdotool("mousemove", str(x), str(y), "click", "1")
    pump(window)
    xdotool("type", "--delay", "20", "gods")
    xdotool("key", "Return")
    pump(window, lambda: "GODS" in window.game.found, "GODS typed")


def test_pause_hides_the_board_and_the_round_ends_with_its_review(window):
    window.toggle_pause()
    pump(window)
    texts = [window.canvas.itemcget(i, "text") for i in window.canvas.find_all()
             if window.canvas.type(i) == "text"]
    assert texts == ["Paused"]
    window.toggle_pause()
    drag(window, [8, 7, 6])  # N U S: not a word; then the time runs out
    window.clock_source.now = 121
    pump(window, lambda: window.game.over and window.review.winfo_ismapped(), "the review")
    total = sum(row[1] for row in window.game.referee.rows)
    # the review drawn as lines (not a terminal's text pasted in a box)
    assert window.review_lines[0] == (f"Score: 0 of the board's {total:,} points (0.0 %); "
                                      f"0 of {len(window.game.referee.rows)} words found.")
    assert window.review_lines[1].startswith("Longest word: ")
    labels = [w["text"] for w in window.review.winfo_children()]
    assert labels == window.review_lines
    best = min(window.game.referee.rows, key=lambda row: (-row[1], row[0]))
    assert window.found.get(0).split()[0] == best[0]  # the best missed word first
    window.found.selection_set(0)
    window.found.event_generate("<<ListboxSelect>>")
    pump(window)
    canvas = window.canvas
    arrows = canvas.find_withtag("arrow")
    assert len(arrows) == len(best[2]) - 1 and window.message["text"].startswith(best[0])
    # the missed word's path numbered from its start (a filled disc), each tile once
    steps = [canvas.itemcget(i, "text") for i in canvas.find_withtag("step")
             if canvas.type(i) == "text"]
    assert sorted(steps, key=int) == [str(n) for n in range(1, len(best[2]) + 1)]
    discs = {canvas.itemcget(i, "fill") for i in canvas.find_withtag("step")
             if canvas.type(i) == "oval"}
    assert discs == {PATH, PATH_INK}
    top_arrow = max(canvas.find_all().index(a) for a in arrows)
    assert all(canvas.find_all().index(i) > top_arrow for i in canvas.find_withtag("step"))
    drag(window, [0, 1, 2])  # the round is over: a drag enters nothing
    assert "CAT" not in window.game.found


def test_the_board_grows_with_the_window_and_drags_still_find_the_tiles(window):
    """Resized as a person would (xdotool), the play window's tiles grow; a drag on the larger
    tiles enters its word."""
    if shutil.which("xdotool") is None:
        needs_system(f"the window tests need xdotool: {INSTALL}")
    pump(window)
    small = window.layout.tile
    windows = subprocess.run(["xdotool", "search", "--name", "^elzzur play$"],
                             capture_output=True, text=True, check=True).stdout.split()
    for wid in windows:
        xdotool("windowsize", wid, "1100", "860")
    pump(window, lambda: window.layout.tile > small, "the tiles to grow")
    assert window.layout.tile >= 1.4 * small
    canvas = window.canvas
    tile = canvas.find_withtag("tile8")[0]
    x1, y1, x2, y2 = canvas.bbox(tile)
    assert x2 <= canvas.winfo_width() and y2 <= canvas.winfo_height()  # the board in view
    assert abs((x2 - x1) - window.layout.tile) <= 6
    drag(window, [3, 4, 5])  # D O G
    pump(window, lambda: "DOG" in window.game.found, "DOG on the larger tiles")


def test_turning_the_board_keeps_the_drag_on_the_letters(window):
    window.rotate()
    pump(window)
    assert window.view_cell(0) == 2  # the top left tile is now at the top right
    drag(window, [0, 1, 2])
    pump(window, lambda: "CAT" in window.game.found, "CAT on the turned board")


def test_the_tiles_wear_the_palette_and_their_values(window):
    """The play window's tiles are the other views': the palette's fills, the letters' values
    in the corners (C 4, A 1, T 1, G 3 … under Ruzzle's English values), the bonus badges; the
    window around them on the palette's paper, not Tk's grey."""
    from elzzur.views.palette import PAPER

    canvas = window.canvas
    board = window.game.referee.board
    fills = [canvas.itemcget(canvas.find_withtag(f"tile{n}")[0], "fill")
             for n in range(len(board.cells))]
    assert fills == [tile_style(cell.bonus).fill for cell in board.cells]
    values = [canvas.itemcget(i, "text") for i in canvas.find_withtag("value")]
    assert values == ["4", "1", "1", "2", "1", "3", "1", "2", "1"]  # C A T D O G S U N
    assert [canvas.itemcget(i, "text") for i in canvas.find_withtag("badge")] == ["DW", "TL"]
    assert str(window.root["background"]) == PAPER and str(canvas["background"]) == PAPER
    assert str(window.found["background"]) == "#ffffff"
    from tkinter import ttk

    assert ttk.Style(window.root).lookup("TFrame", "background") == PAPER


def test_a_word_flashes_on_its_tiles(window):
    """A word answered flashes on its tiles, green when found, red when refused, and a found
    word's points rise from the board; the flash then ends."""
    from elzzur.views.gui.play import FOUND_FLASH as OK_INK, WRONG_FLASH as ERROR_INK

    canvas = window.canvas

    def fills(cells):
        return [canvas.itemcget(canvas.find_withtag(f"tile{n}")[0], "fill") for n in cells]

    window.answer("CAT", [0, 1, 2])
    window.root.update()
    assert fills([0, 1, 2]) == [OK_INK] * 3 and fills([3]) == [tile_style("").fill]
    rising = canvas.find_withtag("rise-text")
    assert [canvas.itemcget(i, "text") for i in rising] == ["+" + str(window.game.score)]
    # the flash is no bonus tile's colour
    assert OK_INK not in {tile_style(code).fill for code in ("", "dl", "tl", "dw", "tw")}
    y0 = canvas.coords(rising[0])[1]
    pump(window, lambda: not canvas.find_withtag("rise-text") or canvas.coords(
        canvas.find_withtag("rise-text")[0])[1] < y0 - 10, "the points to rise")
    pump(window, lambda: window.flash_id is None, "the flash to end")
    assert fills([0]) == [tile_style("dw").fill]
    window.entry.insert(0, "tog")  # typed: the flash follows the word's path on the board
    window.submit_typed()
    window.root.update()
    assert sorted(n for n in range(9) if fills([n]) == [OK_INK]) == [2, 4, 5]
    window.answer("TOA", [2, 4, 1])
    window.root.update()
    assert fills([2, 4, 1]) == [ERROR_INK] * 3


def test_screenshot(window, tmp_path):
    if shutil.which("import") is None:
        needs_system(f"the screenshot needs ImageMagick's import: {INSTALL}")
    drag(window, [0, 1, 2])
    drag(window, [3, 4, 5])
    x, y = tile_point(window, 5)
    xdotool("mousemove", str(x), str(y), "mousedown", "1")
    pump(window)
    for cell in (4, 0):  # G O C, held: the path under way is drawn
        tx, ty = tile_point(window, cell)
        xdotool("mousemove", str(tx), str(ty))
        pump(window)
    window.clock_source.now = 47
    pump(window, lambda: window.clock["text"] == "1:13", "the clock")
    root = window.root
    out = tmp_path / "play.png"
    crop = f"{root.winfo_width()}x{root.winfo_height()}+{root.winfo_rootx()}+{root.winfo_rooty()}"
    subprocess.run(["import", "-window", "root", "-crop", crop, "+repage", str(out)], check=True)
    xdotool("mouseup", "1")
    pump(window)
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    window.answer("GODS")  # typed: its tiles flash
    window.root.update()
    subprocess.run(["import", "-window", "root", "-crop", crop, "+repage",
                    str(tmp_path / "play-flash.png")], check=True)
    window.clock_source.now = 200
    pump(window, lambda: window.game.over and window.review.winfo_ismapped(), "the review")
    window.found.selection_set(0)
    window.found.event_generate("<<ListboxSelect>>")
    pump(window)
    crop = f"{root.winfo_width()}x{root.winfo_height()}+{root.winfo_rootx()}+{root.winfo_rooty()}"
    subprocess.run(["import", "-window", "root", "-crop", crop, "+repage",
                    str(tmp_path / "play-review.png")], check=True)


def test_the_command_opens_a_window_and_prints_the_review(tmp_path):
    (tmp_path / "words.txt").write_text("".join(w + "\n" for w in WORDS))
    clock = tmp_path / "clock"
    clock.write_text("0")
    env = child_env() | {"ELZZUR_FAKE_CLOCK": str(clock), "ELZZUR_DATA_DIR": str(tmp_path / "d")}
    child = subprocess.Popen([sys.executable, "-m", "elzzur", "play", "--window", "-b", BOARD,
                              "-d", "words.txt"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    try:
        deadline = time.monotonic() + WAIT
        while True:
            found = subprocess.run(["xdotool", "search", "--name", "^elzzur play$"],
                                   capture_output=True, text=True)
            if found.stdout.strip():
                break
            if child.poll() is not None:
                pytest.fail(f"elzzur play --window exited: {child.stderr.read()}")
            if time.monotonic() > deadline:
                pytest.fail("no window")
            time.sleep(0.1)
        clock.write_text("121")  # the time is up: the review is in the window
        time.sleep(0.5)
        wid = found.stdout.split()[0]
        xdotool("windowfocus", "--sync", wid)
        xdotool("key", "ctrl+q")  # (to the focused window, through XTEST)
        out, err = child.communicate(timeout=WAIT)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, err
    assert out.startswith("Score: 0 of the board's")
    assert (tmp_path / "d" / "history.jsonl").exists()


def test_the_next_round_starts_on_its_own_board():
    import tkinter

    from elzzur.views.gui.play import PlayWindow

    clock = Clock()
    words = Dictionary.from_words(WORDS, EN)
    games = [Round(Referee(parse_board(text, EN), words, EN, "ruzzle"), 60, clock, number)
             for number, text in enumerate((BOARD, "S U N/D O G/C A T"), 1)]
    root = tkinter.Tk(className="elzzur")
    try:
        win = PlayWindow(root, games, ["round 1 of 2", "round 2 of 2"])
        pump(win)
        assert not win.next_button.winfo_ismapped()
        win.give_up()
        pump(win, lambda: win.next_button.winfo_ismapped(), "the next round's button")
        assert win.played == [games[0]] and games[1].started is None
        win.next_button.invoke()
        pump(win)
        assert win.index == 1 and games[1].started is not None
        assert win.title["text"] == "round 2 of 2" and win.found.size() == 0
        assert not win.next_button.winfo_ismapped()
        clock.now = 61
        pump(win, lambda: win.played == games, "the last round to end")
        assert not win.next_button.winfo_ismapped()
    finally:
        root.destroy()
