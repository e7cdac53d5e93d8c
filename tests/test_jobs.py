"""``solve --jobs``: the text cut into parts that workers read, solve and write
(``grid.rows.split_parts``, ``cli.jobs``): the same output, byte for byte and in order, and
the same errors, before any output, as one process."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings, strategies as st

from conftest import read_in_parts, read_whole
from elzzur import get_language, random_board
from elzzur.grid import rows

EN = get_language("en")


@pytest.fixture(autouse=True)
def two_cpus(monkeypatch):
    """Two processes even where this machine lets elzzur run on one CPU."""
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)


# --- the parts ------------------------------------------------------------------------------

LINES = ["A B", "C D", "Ttl Qu", "E  F", "", " ", "\t", "# note", "  # note", "A B C", "1 2",
         "QU/A", "STAR"]
ENDS = ["\n", "\r\n", "\r", "\x0b", "\u2028"]


@settings(max_examples=400, deadline=None)
@given(lines=st.lists(st.sampled_from(LINES), min_size=1, max_size=30),
       end=st.sampled_from(ENDS), size=st.integers(1, 40), tail=st.booleans())
def test_the_parts_read_as_the_whole_text_reads(lines, end, size, tail):
    """The parts cover the text, each holds a board, and reading them one by one (line
    numbers counted from each part's first) gives the whole text's boards, or its error."""
    text = end.join(lines) + (end if tail else "")
    parts = rows.split_parts(text, size)
    assert "".join(text[start:stop] for start, stop, _ in parts) == text
    assert [start for start, _, _ in parts[1:]] == [stop for _, stop, _ in parts[:-1]]
    whole = read_whole(text, EN)
    for shared in (None, {}):  # each part's own cells, or one worker's for all its parts
        assert read_in_parts(text, parts, EN, shared) == whole


def test_a_part_ends_after_a_blank_line_and_counts_its_lines():
    text = "A B\nC D\n\nE F\nG H\r\n\r\nI J\nK L\n"
    parts = rows.split_parts(text, 2)
    assert [text[a:b] for a, b, _ in parts] == ["A B\nC D\n\n", "E F\nG H\r\n\r\n", "I J\nK L\n"]
    assert [line for _, _, line in parts] == [1, 4, 7]


# --- the command ----------------------------------------------------------------------------

@pytest.fixture
def many(tmp_path):
    """Sixty random English boards (bonuses, Qu), a comment and odd blank lines."""
    boards = [str(random_board(EN, 4, 4, seed=seed)) for seed in range(60)]
    text = "# sixty boards\n" + "\n\n".join(boards[:30]) + "\n \n\t\n" + "\n\n".join(boards[30:])
    (tmp_path / "many.boards").write_text(text + "\n", encoding="utf-8")
    return "many.boards"


@pytest.mark.parametrize("fmt", ["text", "csv", "json", "jsonl"])
@pytest.mark.parametrize("extra", [(), ("-q",), ("--top", "2", "--rules", "boggle"), ("--sort", "alpha")])
def test_two_processes_write_what_one_writes(cli, many, fmt, extra):
    argv = ("solve", "-l", "en", "-b", many, "-b", "C A T/D O G", "--format", fmt, *extra)
    one = cli(*argv)
    two = cli(*argv, "--jobs", "2")
    assert one.code == two.code == 0, one.err + two.err
    assert two.out == one.out and one.out.count("\n") > 60


def test_the_workers_are_sent_text_and_read_it(cli, many, monkeypatch):
    """The parent reads no board of the text itself (it cuts the text; the workers read it)."""
    read = []
    monkeypatch.setattr(rows, "read_boards", lambda *a: read.append(a) or [])  # workers: read_part
    run = cli("solve", "-l", "en", "-b", many, "--format", "csv", "--jobs", "2")
    assert run.code == 0, run.err
    assert read == []
    assert run.out.count("word,score,path,band") == 60


def test_an_error_in_a_late_part_comes_before_any_output(cli, many, tmp_path):
    path = tmp_path / many
    path.write_text(path.read_text(encoding="utf-8") + "\nA B\nC 1\n", encoding="utf-8")
    lines = len(path.read_text(encoding="utf-8").splitlines())
    for jobs in ("1", "2"):
        run = cli("solve", "-l", "en", "-b", many, "--jobs", jobs)
        assert (run.code, run.out) == (1, "")
        assert run.err == f"elzzur: error: many.boards, line {lines}: token '1': '1' is not a " \
                          f"letter of English\n"


def test_errors_come_in_the_order_of_the_boards(cli, many, tmp_path):
    """A bad inline board (with the board syntax), then a missing file: the first is told."""
    argv = ("solve", "-l", "en", "-b", many, "-b", "A B/C 1", "-b", "missing.boards")
    one, two = cli(*argv), cli(*argv, "--jobs", "2")
    assert (one.code, one.out, one.err) == (two.code, two.out, two.err)
    assert one.code == 1 and "(a board is rows separated by '/'" in one.err
    one, two = cli(*argv[:5], *argv[7:]), cli(*argv[:5], *argv[7:], "--jobs", "2")
    assert (one.code, one.out, one.err) == (two.code, two.out, two.err)
    assert "missing.boards" in one.err


def test_a_text_without_boards_and_the_limits_give_one_processs_errors(cli, many, tmp_path,
                                                                        monkeypatch):
    (tmp_path / "empty.boards").write_text("# nothing\n\n# here\n", encoding="utf-8")
    argv = ("solve", "-l", "en", "-b", many, "-b", "empty.boards")
    one, two = cli(*argv), cli(*argv, "--jobs", "2")
    assert (one.code, one.err) == (two.code, two.err) == (1, "elzzur: error: empty.boards: empty board\n")
    monkeypatch.setattr(rows, "MAX_BOARDS", 25)
    one, two = cli(*argv[:5]), cli(*argv[:5], "--jobs", "2")
    assert one.code == 1 and "more than 25 boards" in one.err
    assert (one.code, one.out, one.err) == (two.code, two.out, two.err)
    monkeypatch.setattr(rows, "MAX_BOARDS", 10**6)
    monkeypatch.setattr(rows, "MAX_TILES", 20)
    one, two = cli(*argv[:5]), cli(*argv[:5], "--jobs", "2")
    assert one.code == 1 and "more than 20 different tiles" in one.err
    assert (one.code, one.out, one.err) == (two.code, two.out, two.err)


@pytest.mark.parametrize("fmt", ["text", "csv", "json", "jsonl"])
def test_real_runs_in_two_processes_write_to_the_output_in_turn(tmp_path, many, fmt):
    """Subprocess runs: the workers are forked processes of the real command, and write to
    the output file (-o) or standard output themselves, each piece in its turn."""
    import subprocess
    import sys

    from conftest import child_env

    big = tmp_path / "big.boards"  # many parts: 600 boards
    big.write_text("\n\n".join(str(random_board(EN, 4, 4, seed=seed)) for seed in range(600)),
                   encoding="utf-8")
    command = [sys.executable, "-m", "elzzur", "solve", "-l", "en", "-b", many, "-b", big.name,
               "--format", fmt]
    run = lambda *extra: subprocess.run(command + list(extra), cwd=tmp_path, env=child_env(),  # noqa: E731
                                        capture_output=True, text=True, check=True)
    one = run()
    two = run("--jobs", "2", "-o", f"out.{fmt}")
    assert two.stdout == two.stderr == ""
    assert (tmp_path / f"out.{fmt}").read_text(encoding="utf-8") == one.stdout
    three = run("--jobs", "2")
    assert three.stdout == one.stdout and three.stderr == ""
    assert len(one.stdout) > 500_000  # 660 boards


def test_a_closed_pipe_stops_the_workers_quietly(tmp_path, many):
    """`| head`: the reader has had enough, which is no error, with one process or two."""
    import subprocess
    import sys

    from conftest import child_env

    big = tmp_path / "big.boards"
    big.write_text("\n\n".join(str(random_board(EN, 4, 4, seed=seed)) for seed in range(400)),
                   encoding="utf-8")
    for jobs in ("1", "2"):
        process = subprocess.Popen([sys.executable, "-m", "elzzur", "solve", "-l", "en", "-b",
                                    big.name, "--format", "jsonl", "--jobs", jobs], cwd=tmp_path,
                                   env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert process.stdout.read(1000).startswith(b'{"language": "en"')
        process.stdout.close()
        assert process.wait(timeout=60) == 0
        assert process.stderr.read() == b""
        process.stderr.close()
