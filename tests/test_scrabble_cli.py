"""`elzzur scrabble` on the command line: moves in GCG notation, JSON, the board drawn, errors."""

from __future__ import annotations

import json

EMPTY = ("." * 15 + "\n") * 15


def position(tmp_path, rows: dict[int, str]) -> str:
    lines = ["." * 15] * 15
    for row, text in rows.items():
        lines[row] = text.ljust(15, ".")
    (tmp_path / "position.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return "position.txt"


def test_the_opening_bingo(cli, tmp_path):
    (tmp_path / "empty.txt").write_text(EMPTY, encoding="utf-8")
    out = cli("scrabble", "-b", "empty.txt", "-r", "AEINRST", "--top", "3").out
    # Row 8 of the standard layout is t..2...*...2..t: a seven-letter word at 8B covers B to H,
    # a double letter at D and the centre star (double word) at H. Every tile is worth 1:
    # (7 + 1 for the doubled letter) x 2 = 16, and all seven tiles played: + 50 = 66.
    coordinate, word, score, equity = out.splitlines()[0].split()
    assert (coordinate, score) == ("8B", "66") and sorted(word) == sorted("AEINRST")


def test_json_lists_coordinate_word_score_and_leave(cli, tmp_path):
    name = position(tmp_path, {7: "....CAT"})
    moves = json.loads(cli("scrabble", "-b", name, "-r", "S", "--format", "json").out)
    assert {"coordinate", "word", "score", "equity", "leave", "kind"} == set(moves[0])
    assert any(move["word"] == "(CAT)S" for move in moves)


def test_show_draws_the_move_on_the_board(cli, tmp_path):
    name = position(tmp_path, {7: "....CAT"})
    out = cli("scrabble", "-b", name, "-r", "S", "--top", "1", "--show-top", "1").out
    drawing = out.split("\n\n")[1].splitlines()
    assert drawing[1].split() == list("ABCDEFGHIJKLMNO")
    assert "[S]" in "".join(drawing[2:])


def test_bad_positions_and_racks_are_clear_errors(cli, tmp_path):
    (tmp_path / "short.txt").write_text("." * 15 + "\n", encoding="utf-8")
    assert cli("scrabble", "-b", "short.txt", "-r", "A").code == 1
    (tmp_path / "empty.txt").write_text(EMPTY, encoding="utf-8")
    cli("scrabble", "-b", "empty.txt", "-r", "ABCDEFGH").error(1, "rack: 8 tiles, at most 7")
    cli("scrabble", "-b", "empty.txt", "-r", "QQ").error(1, "Q")
