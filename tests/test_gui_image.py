"""The window's Load… reads a picture too (issue 19): the board read from a screenshot, the
uncertain tiles named in the status bar. On the X display of tests/test_gui.py's fixtures."""

from __future__ import annotations

import random
import sys

import cv2

from conftest import REPO
from elzzur.grid.board import parse_board
from elzzur.lexicon.languages import get_language
from test_gui import display, gui  # noqa: F401  (the X display and the window: fixtures)

sys.path.insert(0, str(REPO / "benchmarks"))
from image_corpus import screenshot  # noqa: E402


def test_the_window_loads_a_screenshot(gui, tmp_path):  # noqa: F811
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


def test_the_window_names_what_it_could_not_read(gui, tmp_path):  # noqa: F811
    path = str(tmp_path / "blank.png")
    cv2.imwrite(path, 240 + 0 * cv2.imread(str(REPO / "docs" / "screenshots" / "page.png")))
    gui.load_path(path)
    assert gui.status.get() == ("no board found in the picture: no lattice of 3x3 to 6x6 square "
                                "tiles")
