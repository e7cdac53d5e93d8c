"""Batches: several boards in one run, in order, in every format, in one or several processes."""

from __future__ import annotations

import json

import pytest

from conftest import SMALL_BOARD

OTHER_BOARD = "T E/A S"


@pytest.fixture
def boards_file(tmp_path):
    path = tmp_path / "two.boards"
    path.write_text(SMALL_BOARD.replace("/", "\n") + "\n\n# the second board\n"
                    + OTHER_BOARD.replace("/", "\n") + "\n", encoding="utf-8")
    return path


def single(cli, board, *options):
    return cli("solve", "-b", board, "-d", "words.txt", *options).out


def test_repeated_b_solves_each_board_in_order(cli, words_txt):
    both = cli("solve", "-b", SMALL_BOARD, "-b", OTHER_BOARD, "-d", "words.txt").out
    assert both == single(cli, SMALL_BOARD) + "\n" + single(cli, OTHER_BOARD)


def test_a_file_of_boards_separated_by_blank_lines(cli, words_txt, boards_file):
    assert cli("solve", "-b", "two.boards", "-d", "words.txt", "-q").out == \
        single(cli, SMALL_BOARD, "-q") + "\n" + single(cli, OTHER_BOARD, "-q")


def test_boards_from_standard_input(cli, words_txt, boards_file):
    result = cli("solve", "-b", "-", "-d", "words.txt", "-q", stdin=boards_file.read_bytes())
    assert result.out == single(cli, SMALL_BOARD, "-q") + "\n" + single(cli, OTHER_BOARD, "-q")


def test_jsonl_is_one_json_object_per_board_per_line(cli, words_txt, boards_file):
    lines = cli("solve", "-b", "two.boards", "-d", "words.txt", "--format", "jsonl").out.splitlines()
    assert len(lines) == 2
    assert [json.loads(line) for line in lines] == [
        json.loads(single(cli, SMALL_BOARD, "--format", "json")),
        json.loads(single(cli, OTHER_BOARD, "--format", "json")),
    ]


def test_json_of_several_boards_is_an_array(cli, words_txt, boards_file):
    data = json.loads(cli("solve", "-b", "two.boards", "-d", "words.txt", "--format", "json").out)
    assert [board["board"] for board in data] == [["Cdw A Ttl", "S E D"], ["T E", "A S"]]


def test_an_error_in_any_board_comes_before_any_output(cli, words_txt, tmp_path):
    (tmp_path / "bad.boards").write_text("A B\nC D\n\nA B\nC 1\n", encoding="utf-8")
    cli("solve", "-b", "bad.boards", "-d", "words.txt").error(1, "bad.boards, line 5: token '1'")


@pytest.mark.parametrize("fmt", ["text", "jsonl", "csv"])
def test_several_processes_give_the_same_output_in_the_same_order(cli, words_txt, tmp_path, fmt):
    boards = [f"{a} {b}/{c} {d}" for a, b, c, d in
              ["CATS", "SEAT", "DATE", "ACED", "TEAS", "CASE", "EATS", "DEAD", "STAT", "ACTS"]]
    (tmp_path / "many.boards").write_text("\n\n".join(b.replace("/", "\n") for b in boards) + "\n",
                                          encoding="utf-8")
    one = cli("solve", "-b", "many.boards", "-d", "words.txt", "--format", fmt).out
    two = cli("solve", "-b", "many.boards", "-d", "words.txt", "--format", fmt, "--jobs", "2").out
    assert one == two and one


def test_csv_of_several_boards_keeps_one_table_per_board(cli, words_txt):
    out = cli("solve", "-b", SMALL_BOARD, "-b", OTHER_BOARD, "-d", "words.txt", "--format", "csv").out
    assert out == single(cli, SMALL_BOARD, "--format", "csv") + "\n" + \
        single(cli, OTHER_BOARD, "--format", "csv")
