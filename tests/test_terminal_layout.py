"""On a terminal, solve and demo print the list first and then the board with the totals beside
it, so the board is in view when the list has scrolled by; files and pipes keep the layout
scripts read (the board first)."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

from elzzur.grid.board import parse_board
from elzzur.views.text import as_text, beside

from elzzur.lexicon.languages import get_language

EN = get_language("en")

BOARD = "C A T/D O G"
ROWS = [("CAT", 3, [0, 1, 2]), ("DOG", 4, [3, 4, 5]), ("COD", 5, [0, 4, 3])]


def test_the_terminal_layout_has_the_same_lines_with_the_board_last():
    board = parse_board(BOARD, EN)
    piped = as_text(board, ROWS).splitlines()
    shown = as_text(board, ROWS, board_last=True, width=80).splitlines()
    assert piped[:2] == ["C A T", "D O G"] and piped[3:6] == shown[:3]
    assert shown[3] == ""
    assert shown[4:] == ["C A T    Number of words:            3",
                         "D O G    Length of the longest word: 3",
                         "         Maximum total score:        12"]


def test_a_narrow_terminal_gets_the_totals_under_the_board():
    board = parse_board(BOARD, EN)
    shown = as_text(board, ROWS, board_last=True, width=30).splitlines()
    assert shown[4:] == ["C A T", "D O G", "", "Number of words:            3",
                         "Length of the longest word: 3", "Maximum total score:        12"]


def test_beside_pads_the_shorter_block():
    assert beside(["ab"], ["x", "y"], 80, gap=1) == ["ab x", "   y"]
    assert beside(["ab", "cd", "ef"], ["x"], 80, gap=1) == ["ab x", "cd", "ef"]


def on_a_terminal(*argv: str) -> str:
    """What ``elzzur ARGV`` prints to a terminal of 100 columns (a pseudo-terminal)."""
    leader, follower = pty.openpty()
    env = dict(os.environ, COLUMNS="100", LINES="30", NO_COLOR="1")
    with subprocess.Popen([sys.executable, "-m", "elzzur", *argv], stdout=follower,
                          stderr=subprocess.PIPE, env=env) as child:
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the child closed its end
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert child.wait(timeout=60) == 0, child.stderr.read()
    os.close(leader)
    return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


def test_solve_on_a_terminal_ends_with_the_board_and_a_pipe_starts_with_it(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("cat\ncod\ndog\ngod\n", encoding="utf-8")
    argv = ("solve", "-b", BOARD, "-d", str(words))
    shown = on_a_terminal(*argv).splitlines()
    piped = subprocess.run([sys.executable, "-m", "elzzur", *argv], capture_output=True,
                           text=True, check=True).stdout.splitlines()
    assert piped[:2] == ["C A T", "D O G"]
    assert shown[-3].startswith("C A T ") and shown[-2].startswith("D O G ")
    assert shown[:-3] == piped[3:-3]  # the same word lines, then the board and the totals
    assert [line.split("    ", 1)[1].strip() for line in shown[-3:]] == piped[-3:]
    quiet = on_a_terminal(*argv, "-q")  # word lines only, as before
    assert quiet.splitlines() == piped[3:-4] and len(piped[3:-4]) == 4
