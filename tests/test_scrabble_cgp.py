"""CGP positions: parsed into the grid the generator reads, a round trip with a grid position,
the CLI's --cgp, and errors for malformed CGP."""

from __future__ import annotations

import json

import pytest

from elzzur.errors import ElzzurError
from elzzur.scrabble.position import parse_cgp, parse_position, to_cgp
from elzzur.scrabble.tiles import load_tile_set



def grid(rows) -> str:
    return "\n".join(rows) + "\n"


def test_empty_board_and_rack():
    text, rack, options = parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/")
    assert text == grid(["." * 15] * 15)
    assert rack == "AEINRST" and options == {}


def test_runs_tiles_blanks_scores_and_options():
    cgp = "15/15/15/15/15/15/15/4CAt8/15/15/15/15/15/15/15 AEI?RST/OPPRACK 120/95 1 lex NWL23; ld english;"
    text, rack, options = parse_cgp(cgp)
    assert text.splitlines()[7] == "....CAt........"
    assert rack == "AEI?RST"
    assert options == {"lex": "NWL23", "ld": "english"}
    board = parse_position(text, load_tile_set("en"))
    assert board[7][4:7] == [("C", False), ("A", False), ("T", True)]


def test_round_trip_with_a_grid_position():
    rows = ["." * 15] * 15
    rows[6] = "....CAT........"
    rows[7] = "..q.O.........."
    rows[8] = "....DOG.......Z"
    rows[14] = "ABCDEFGHIJKLMNO"
    text = grid(rows)
    cgp = to_cgp(text, "QUIZ?ES")
    assert cgp.startswith("15/15/15/15/15/15/4CAT8/2q1O10/4DOG7Z/15/15/15/15/15/ABCDEFGHIJKLMNO ")
    back, rack, _ = parse_cgp(cgp)
    assert back == text and rack == "QUIZ?ES"


def test_round_trip_with_multi_letter_tiles():
    rows = ["." * 15] * 15
    rows[7] = "....[CH]A[ll]O......."
    text = grid(rows)
    cgp = to_cgp(text, "A")
    assert "4[CH]A[ll]O7" in cgp
    back, _, _ = parse_cgp(cgp)
    assert back == text
    board = parse_position(back, load_tile_set("es"))
    assert board[7][4] == ("CH", False) and board[7][6] == ("LL", True)


@pytest.mark.parametrize("cgp, message", [
    ("", "empty position"),
    ("15/15/15 A/", "3 rows, expected 15"),
    ("15/15/15/15/15/15/15/14/15/15/15/15/15/15/15 A/", "row 8: 14 squares"),
    ("15/15/15/15/15/15/15/4CAT9/15/15/15/15/15/15/15 A/", "row 8: 16 squares"),
    ("15/15/15/15/15/15/15/4C.T8/15/15/15/15/15/15/15 A/", "row 8: '.'"),
    ("15/15/15/15/15/15/15/0CAT12/15/15/15/15/15/15/15 A/", "run of 0"),
    ("15/15/15/15/15/15/15/4[CH8/15/15/15/15/15/15/15 A/", "'[' without ']'"),
])
def test_malformed_cgp(cgp, message):
    with pytest.raises(ElzzurError, match=message.replace("[", r"\[").replace(".", r"\.")):
        parse_cgp(cgp)


EMPTY_CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"


def test_cli_cgp_gives_the_same_moves_as_the_grid(cli, tmp_path):
    rows = ["." * 15] * 15
    rows[7] = "....CAT........"
    (tmp_path / "position.txt").write_text(grid(rows), encoding="utf-8")
    by_grid = json.loads(cli("scrabble", "-b", "position.txt", "-r", "S?",
                             "--format", "json").out)
    cgp = to_cgp(grid(rows), "S?")
    by_cgp = json.loads(cli("scrabble", "--cgp", cgp, "--format", "json").out)
    assert by_cgp == by_grid and by_cgp


def test_cli_cgp_rack_from_r_overrides(cli):
    out = cli("scrabble", "--cgp", EMPTY_CGP + " /", "-r", "AEINRST", "--top", "1").out
    assert out.split()[2] == "66"


def test_cli_cgp_errors(cli, tmp_path):
    cli("scrabble", "-r", "A").error(1, "-b POSITION or --cgp")
    cli("scrabble", "--cgp", EMPTY_CGP + " /").error(1, "no rack")
    cli("scrabble", "--cgp", "15/15 A/").error(1, "2 rows")
    (tmp_path / "empty.txt").write_text(grid(["." * 15] * 15), encoding="utf-8")
    cli("scrabble", "-b", "empty.txt").error(1, "-r RACK")
    cli("scrabble", "-b", "empty.txt", "--cgp", EMPTY_CGP + " A/").error(1, "not both")
