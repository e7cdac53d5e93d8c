"""``-`` for every file option (issue 38): standard input for a file read (boards, word lists,
lists of words, pictures, GCG records), standard output for ``-o``; and never two options
reading standard input at once (a usage error, exit 2), since it can be read only once."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from conftest import REPO, child_env
from elzzur.cli.commands import COMMANDS, FILE_OPTIONS

BOARD = "Ttl R S Ndl/Odw Htw E I/Cdw I N V/Etl A D E"
WORDS = b"cohesive\necho\nhero\n"
LISTED = ("COHESIVE    224    (2,0) (1,0) (1,1) (1,2) (0,2) (1,3) (2,3) (3,3)\n"
          "ECHO        144    (3,0) (2,0) (1,1) (1,0)\n"
          "HERO        42     (1,1) (1,2) (0,1) (1,0)\n")


def elzzur(*argv: str, stdin: bytes = b"", cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "elzzur", *argv], input=stdin,
                          capture_output=True, env=child_env(), cwd=cwd)


def test_every_file_option_is_in_the_table():
    """A file option the table does not name would miss '-' (and its completion)."""
    file_like = {"FILE", "DICT", "WORDS", "OUT.marisa", "BOARD", "POSITION", "IMAGE", "LIST",
                 "GAME"}
    for name, (_, options, _) in COMMANDS.items():
        for option in options:
            if option.metavar in file_like:
                assert option.dest in FILE_OPTIONS, (name, option.flags)


def test_a_word_list_on_standard_input(cli):
    result = cli("solve", "-l", "en", "-b", BOARD, "-d", "-", "-q", stdin=WORDS)
    assert (result.code, result.out, result.err) == (0, LISTED, "")
    result = cli("cat", "-d", "-", stdin=WORDS)
    assert (result.code, result.out) == (0, "COHESIVE\nECHO\nHERO\n")


def test_a_word_list_on_standard_input_is_named_so_in_errors(cli):
    result = cli("solve", "-l", "en", "-b", BOARD, "-d", "-", stdin=b"123\n")
    assert result.code == 1
    assert result.err.startswith("elzzur: error: <stdin>: no game words in the list")


def test_output_dash_is_standard_output_not_a_file(cli, tmp_path):
    result = cli("solve", "-l", "en", "-b", BOARD, "-q", "--top", "1", "-o", "-")
    assert (result.code, result.out) == (0, LISTED.splitlines(True)[0])
    result = cli("generate", "-l", "en", "--seed", "1", "-o", "-")
    assert result.code == 0 and result.out.count("\n") == 4
    assert not (tmp_path / "-").exists()


def test_a_compiled_dictionary_through_a_pipe(tmp_path):
    compiled = elzzur("compile", "-l", "en", "-d", "-", "-o", "-", stdin=WORDS, cwd=tmp_path)
    assert compiled.returncode == 0, compiled.stderr
    assert compiled.stdout.startswith(b"We love Marisa.")
    assert compiled.stderr == b"3 words written to standard output\n"
    solved = elzzur("solve", "-l", "en", "-b", BOARD, "-d", "-", "-q", stdin=compiled.stdout)
    assert (solved.returncode, solved.stdout.decode()) == (0, LISTED)
    assert not (tmp_path / "-").exists()


def test_words_to_avoid_on_standard_input(cli):
    free = cli("generate", "-l", "en", "--seed", "3", "--format", "json")
    avoided = cli("generate", "-l", "en", "--seed", "3", "--format", "json", "--avoid", "-",
                  stdin=b"zzz\n")
    assert avoided.code == 0, avoided.err
    assert avoided.out == free.out  # a list no board can spell changes nothing


@pytest.mark.parametrize("argv", [
    ["solve", "-b", "-", "-d", "-"],
    ["solve", "-b", "-", "-b", "-"],
    ["check", "-b", "-", "-"],
    ["generate", "-d", "-", "--avoid", "-"],
])
def test_two_options_cannot_both_read_standard_input(cli, argv):
    result = cli(*argv, stdin=b"C A T\n")
    assert result.code == 2
    assert result.err.startswith("elzzur: error: standard input can be read once, and ")
    assert result.err.endswith((" each name it: give all but one as a file\n",
                                " 2 times: give all but one as a file\n"))


def test_standard_input_closed(cli, monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    result = cli("solve", "-b", BOARD, "-d", "-")
    assert (result.code, result.err) == (1, "elzzur: error: -d -: standard input is closed\n")


def test_a_picture_on_standard_input(tmp_path):
    if importlib.util.find_spec("cv2") is None:
        pytest.skip("needs the image extra (pip install -e '.[image]')")
    path = tmp_path / "board.png"
    # drawn in a child: importing OpenCV here would change this process's environment
    draw = ("import random, sys, cv2; sys.path.insert(0, sys.argv[1]); "
            "from image_corpus import screenshot; "
            "s = screenshot(random.Random(1), 'ruzzle', 'en', size=4, "
            "font_path='pillow:default', phone=(1080, 1920)); cv2.imwrite(sys.argv[2], s.image)")
    subprocess.run([sys.executable, "-c", draw, str(REPO / "benchmarks"), str(path)],
                   check=True, env=child_env())
    by_name = elzzur("read", str(path))
    piped = elzzur("read", "-", stdin=path.read_bytes())
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout.split(b"\n")[1:] == by_name.stdout.split(b"\n")[1:]
    assert piped.stdout.startswith(b"# read from -: 4x4")


def test_compile_to_a_terminal_is_refused(cli, monkeypatch):
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    result = cli("compile", "-d", "-", "-o", "-", stdin=WORDS)
    assert result.code == 2
    assert "standard output is a terminal" in result.err
