"""Paths drawn on the board in the terminal, and what a notebook shows."""

from __future__ import annotations

import re

import pytest

from elzzur.views.text import show_path, use_colour

SEED = "Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E"
COHESIVE = """\
COHESIVE  224
Ttl     R       S(5)    Ndl
Odw(2)  Htw(3)  E(4)    I(6)
Cdw(1)  I       N       V(7)
Etl     A       D       E(8)
"""


@pytest.fixture
def seed_words(tmp_path):
    (tmp_path / "w.txt").write_text("cohesive\necho\nhero\n", encoding="utf-8")


def test_show_draws_the_path_numbered_in_order(cli, seed_words):
    out = cli("solve", "-b", SEED, "-d", "w.txt", "-q", "--show", "cohesive").out
    assert out.endswith("\n" + COHESIVE)


def test_show_top_draws_the_first_words_in_the_chosen_order(cli, seed_words):
    out = cli("solve", "-b", SEED, "-d", "w.txt", "-q", "--show-top", "2", "-s", "alpha").out
    drawn = [line.split()[0] for line in out.split("\n\n")[1:]]
    assert drawn == ["COHESIVE", "ECHO"]


def test_colour_highlights_the_path_and_plain_text_does_not(cli, seed_words):
    plain = cli("solve", "-b", SEED, "-d", "w.txt", "-q", "--show", "echo").out
    coloured = cli("solve", "-b", SEED, "-d", "w.txt", "-q", "--show", "echo",
                   "--color", "always").out
    assert "\033[" not in plain
    assert "\033[1;30;42mEtl(1)\033[0m" in coloured and "\033[1;30;43mCdw(2)\033[0m" in coloured


class Stream:
    def __init__(self, tty: bool) -> None:
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize("choice, tty, no_color, expected", [
    ("auto", True, None, True), ("auto", False, None, False), ("auto", True, "1", False),
    ("always", False, "1", True), ("never", True, None, False), ("auto", True, "", True),
])
def test_colour_choice_honours_no_color(monkeypatch, choice, tty, no_color, expected):
    if no_color is None:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", no_color)
    assert use_colour(choice, Stream(tty)) is expected


def test_a_word_not_on_the_board_is_an_error(cli, seed_words):
    cli("solve", "-b", SEED, "-d", "w.txt", "--show", "zebra").error(
        1, "--show 'zebra': ZEBRA is not on this board")


def test_show_path_of_a_board_with_holes_and_tiles():
    from elzzur import get_language, parse_board

    from elzzur.grid.solver import find_words
    from elzzur.lexicon.dictionary import Dictionary

    english = get_language("en")
    board = parse_board("Qu . T/E S RE-", english)
    (row,) = find_words(board, Dictionary.from_words(["QUEST"], english), english)
    assert row == ("QUEST", 20, (0, 3, 4, 2))  # Q10 U2 E1 S1 T1 = 15, five letters: +5
    assert show_path(board, *row) == "QUEST  20\nQU(1)  .      T(4)\nE(2)   S(3)   RE-\n"


def test_notebooks_show_a_grid_and_a_word_table():
    import elzzur

    language = elzzur.get_language("en")
    board = elzzur.load_board(SEED, language)
    solution = elzzur.solve(board, elzzur.Dictionary.from_words(["ECHO", "HERO"], language),
                            language)
    grid = board._repr_html_()
    # 16 tiles showing their letters (the token only on hover), tw's colour among them
    # (tests/test_notebook.py looks at them closely)
    assert grid.count("<div title=") == 16 and 'nowrap">T</span>' in grid and ">Ttl<" not in grid
    assert 'title="Ttl (0,0)"' in grid and "#d9343b" in grid
    page = solution._repr_html_()
    assert "<b>2</b> words" in page
    assert re.search(r"<td [^>]*>ECHO</td><td [^>]*>144</td>", page)


@pytest.mark.parametrize("fmt", ["svg", "html"])
def test_pictures_and_pages_take_one_board(cli, seed_words, fmt):
    cli("solve", "-b", SEED, "-b", SEED, "-d", "w.txt", "--format", fmt).error(
        2, f"--format {fmt} draws one board, and 2 were given")
    assert cli("solve", "-b", SEED, "-d", "w.txt", "--format", fmt).code == 0
