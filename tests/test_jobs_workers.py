"""``solve --jobs``'s worker processes (``cli.jobs``: forked, talking to the parent through
pipes): random batches give one process's output or first error; a worker that fails or is
killed gives one line and no file; a worker never holds more than two parts."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import read_in_parts, read_whole
from elzzur import get_language, random_board
from elzzur.cli import jobs

EN = get_language("en")
BOARDS = [str(random_board(EN, 4, 4, seed=seed)) for seed in range(12)]


@pytest.fixture(autouse=True)
def two_cpus(monkeypatch):
    """Two processes even where this machine lets elzzur run on one CPU."""
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)


# a board of the text: a good one, or one with a bad token, a ragged row, a comment beside it
PIECES = st.sampled_from(BOARDS + ["A B\nC 1", "A B C\nD E", "# note\nA B\nC D", "Qu E\nT S",
                                   "STAR/ELIN/PORG/AMES", "A B\n\n\nC D"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(st.lists(PIECES, min_size=0, max_size=14), min_size=1, max_size=3),
       fmt=st.sampled_from(["text", "csv", "json", "jsonl"]), inline=st.booleans())
def test_two_processes_answer_random_batches_as_one_does(cli, tmp_path, texts, fmt, inline):
    """The same output, or the same first error and status, for texts of good and bad boards
    (an empty text among them), with an inline board after them or not."""
    argv = ["solve", "-l", "en", "--format", fmt]
    for number, boards in enumerate(texts):
        (tmp_path / f"t{number}.boards").write_text("\n\n".join(boards), encoding="utf-8")
        argv += ["-b", f"t{number}.boards"]
    if inline:
        argv += ["-b", "C A T/D O G"]
    one, two = cli(*argv), cli(*argv, "--jobs", "2")
    assert (two.code, two.out, two.err) == (one.code, one.out, one.err)


def test_an_empty_text_is_an_error_as_with_one_process(cli, tmp_path):
    (tmp_path / "some.boards").write_text("\n\n".join(BOARDS), encoding="utf-8")
    (tmp_path / "empty.boards").write_text("", encoding="utf-8")
    argv = ("solve", "-l", "en", "-b", "some.boards", "-b", "empty.boards")
    one, two = cli(*argv), cli(*argv, "--jobs", "2")
    assert (two.code, two.out, two.err) == (one.code, one.out, one.err)
    assert one.code == 1 and "empty.boards: empty board" in one.err


def test_an_error_while_solving_comes_after_the_boards_before_it(cli, tmp_path):
    """--show WORD on boards that lack it: one process writes the boards before the first
    such board, then the error; so do two."""
    (tmp_path / "many.boards").write_text("\n\n".join(["C A T\nD O G"] * 40 + ["A B\nC D"]
                                                      + ["C A T\nD O G"] * 5), encoding="utf-8")
    argv = ("solve", "-l", "en", "-b", "many.boards", "--show", "cat")
    one, two = cli(*argv), cli(*argv, "--jobs", "2")
    assert one.code == 1 and "not on this board" in one.err and one.out.count("CAT") >= 40
    assert (two.code, two.out, two.err) == (one.code, one.out, one.err)


def test_a_worker_never_holds_more_than_two_parts(cli, tmp_path, monkeypatch):
    """The parent hands a worker a part only as it tells of one solved, and tells it to write
    them in order: however fast the workers are, each holds at most two parts solved and
    has at most two more handed to it."""
    most = []
    answer = jobs._Run.answer

    def counted(run, worker, message):
        answer(run, worker, message)
        held = sum(holder is worker for holder in run.held.values())
        most.append(held)
        assert held <= jobs.HELD

    monkeypatch.setattr(jobs._Run, "answer", counted)
    (tmp_path / "many.boards").write_text("\n\n".join(BOARDS * 20), encoding="utf-8")
    run = cli("solve", "-l", "en", "-b", "many.boards", "--format", "csv", "--jobs", "2")
    assert run.code == 0 and run.out.count("word,score,path") == 240
    assert max(most) >= 1


def test_a_worker_that_is_killed_gives_one_line_and_no_file(cli, tmp_path, monkeypatch):
    solve = jobs._Work.solve

    def killed(work, index):
        if index == 3:
            os.kill(os.getpid(), signal.SIGKILL)
        return solve(work, index)

    monkeypatch.setattr(jobs._Work, "solve", killed)
    (tmp_path / "many.boards").write_text("\n\n".join(BOARDS * 10), encoding="utf-8")
    run = cli("solve", "-l", "en", "-b", "many.boards", "--jobs", "2", "-o", "out.txt")
    assert (run.code, run.out) == (1, "")
    assert run.err == "elzzur: error: a worker process of --jobs ended unexpectedly (killed by " \
                      "SIGKILL)\n"
    assert sorted(os.listdir(tmp_path)) == ["many.boards"]


def test_a_bug_in_a_worker_is_one_line_as_in_one_process(cli, tmp_path, monkeypatch):
    def broken(work, index):
        raise ValueError("a bug")

    monkeypatch.setattr(jobs._Work, "solve", broken)
    (tmp_path / "many.boards").write_text("\n\n".join(BOARDS * 10), encoding="utf-8")
    run = cli("solve", "-l", "en", "-b", "many.boards", "--jobs", "2", "-o", "out.txt")
    assert (run.code, run.out) == (70, "")
    assert run.err.startswith("elzzur: error: internal error (RuntimeError: in a worker process "
                              "of --jobs, ValueError: a bug); please report it")
    assert sorted(os.listdir(tmp_path)) == ["many.boards"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_full_disk_under_standard_output_is_the_same_error(tmp_path):
    """Standard output that cannot be written (the workers write it themselves)."""
    from conftest import child_env

    (tmp_path / "many.boards").write_text("\n\n".join(BOARDS * 50), encoding="utf-8")
    runs = []
    for jobs_ in ("1", "2"):
        with open("/dev/full", "w") as full:
            runs.append(subprocess.run([sys.executable, "-m", "elzzur", "solve", "-l", "en", "-b",
                                        "many.boards", "--format", "jsonl", "--jobs", jobs_],
                                       cwd=tmp_path, env=child_env(), stdout=full,
                                       stderr=subprocess.PIPE, text=True, timeout=120))
    assert [(run.returncode, run.stderr) for run in runs] == \
        [(1, "elzzur: error: cannot write standard output: No space left on device\n")] * 2


def test_the_pieces_of_a_batch_join_to_its_text():
    """``joined_pieces`` (what a worker writes, board by board) and ``joined`` (what one
    process writes) agree."""
    from elzzur.cli.solve import joined, joined_pieces

    texts = ["a\n", "b\nc\n", "d\n"]
    for fmt in ("text", "csv", "json", "jsonl"):
        for first in (False, True):
            for last in (False, True):
                assert "".join(joined_pieces(texts, fmt, first, last)) == \
                    joined(texts, fmt, True, first, last)
                # a batch written board by board, as one process writes it
                assert "".join(joined([text], fmt, True, first and k == 0,
                                      last and k == len(texts) - 1)
                               for k, text in enumerate(texts)) == \
                    joined(texts, fmt, True, first, last)


def test_writing_every_byte_of_many_buffers(tmp_path):
    """More buffers than one os.writev takes, some empty."""
    buffers = [bytes([65 + k % 26]) * (k % 7) for k in range(3 * jobs.IOV + 5)]
    with open(tmp_path / "out", "wb") as f:
        jobs._write_all(f.fileno(), list(buffers))
    assert (tmp_path / "out").read_bytes() == b"".join(buffers)


LINES = ["A B", "C D", "Qu E", "", " ", "# note", "A B C", "1 2", "STAR"]


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.sampled_from(LINES), min_size=1, max_size=40),
       end=st.sampled_from(["\n", "\r\n", "\u2028"]), size=st.integers(1, 40),
       finer=st.integers(0, 6))
def test_the_finer_parts_at_the_end_read_as_the_whole_text_reads(lines, end, size, finer):
    """The batch's last parts cut again: still contiguous, each with a board, and read with
    their line numbers they give the whole text's boards or its error."""
    from elzzur.grid import rows

    text = end.join(lines)
    parts = jobs.text_parts(text, size, finer)
    assert [start for start, _, _ in parts[1:]] == [stop for _, stop, _ in parts[:-1]]
    assert "".join(text[start:stop] for start, stop, _ in parts) == text
    if len(parts) > 1:
        assert len(parts) >= len(rows.split_parts(text, size))
    assert read_in_parts(text, parts, EN, {}) == read_whole(text, EN)


def test_a_held_parts_error_met_while_solving_another_ends_the_worker():
    """A held part's turn can come while its worker solves another part (it looks between
    boards): that part's error, raised as it is written, ends the worker. Taken for the error
    of the part being solved, it was never told to the parent, which then waited for ever
    for the held part (a hang seen once in CI)."""
    from elzzur.errors import ElzzurError

    class Job:
        pieces = [("boards", [object()] * (3 * jobs.STRIDE), None, 0, -1)]
        language = EN
        render = staticmethod(lambda board: "text")

    inbox, outbox = os.pipe()
    try:
        work = jobs._Work(0, Job, None, inbox, outbox)
        work.held = {5: ([], ElzzurError("the held part's error"))}
        work.serve = lambda wait: work.write(5, *work.held.pop(5))
        with pytest.raises(ElzzurError, match="the held part's error"):
            work.solve(0)
    finally:
        os.close(inbox)
        os.close(outbox)
