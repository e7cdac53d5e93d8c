"""Hostile input for what the command line reads and runs on (issue 14): option values, data
files of every kind, word lists too large for a graph, a closed or full standard output,
signals and locales. Every case ends with exit 0 and the right answer, or exit 1 or 2 and one
short ``elzzur: error:`` line, without a traceback. Time is bounded by construction (short
timeouts, small limits patched in, processes waited for with a deadline), never asserted."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import REPO, SMALL_BOARD, child_env
from elzzur.cli.commands import COMMANDS
from elzzur.cli.solve import board_hint
from elzzur.lexicon import graph

RES = REPO / "elzzur" / "res"
EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/"  # a CGP: an empty board, a rack
SHORT = 400  # characters: an error line quoting hostile input stays this short


def failed(run, status: int, fragment: str) -> str:
    """``run`` failed with ``status`` and one short line holding ``fragment``."""
    line = run.error(status)
    assert len(line) < SHORT, line
    assert fragment in line, line
    return line


def variant(tmp_path: Path, name: str, source: str, *edits) -> str:
    """A built-in data file (``source``, under elzzur/res) written to ``name`` with each
    ``(pattern, replacement)`` applied once (``(None, text)`` appends); returns its name."""
    text = (RES / source).read_text(encoding="utf-8")
    for pattern, replacement in edits:
        if pattern is None:
            text += replacement
            continue
        text, count = re.subn(pattern, replacement, text, count=1, flags=re.M)
        assert count == 1, pattern
    (tmp_path / name).write_text(text, encoding="utf-8")
    return name


DEEP = "deep = " + "[" * 600 + "]" * 600 + "\n"  # 1.2 KB: tomllib recurses once a level
DEEP_TABLE = "deep = " + "{ a = " * 600 + "1" + " }" * 600 + "\n"

# --- command-line values ------------------------------------------------------------------

HUGE = "9" * 5000  # int() refuses more than 4,300 digits
LONG = "x" * 100_000

OPTION_CASES = [
    # generate --timeout: a number of seconds, finite, more than 0, at most a day
    (["generate", "--timeout", "nan"], 2, "argument --timeout: must be more than 0 and at most"),
    (["generate", "--timeout", "inf"], 2, "not inf"),
    (["generate", "--timeout", "1e999"], 2, "not inf"),
    (["generate", "--timeout", "-1"], 2, "not -1"),
    (["generate", "--timeout", "0"], 2, "not 0"),
    (["generate", "--timeout", "86401"], 2, "at most 86,400 seconds (a day)"),
    (["generate", "--timeout", "soon"], 2, "'soon' is not a number of seconds"),
    (["generate", "--rows", HUGE], 2, "argument --rows: a number of 5,000 digits is too large"),
    (["generate", "--min-words", "-5"], 2, "argument --min-words: must be at least 0, not -5"),
    (["generate", "--seed", HUGE], 2, "a number of 5,000 digits is too large"),
    (["solve", "-b", "A B/C D", "--top", HUGE], 2, "argument --top: a number of 5,000 digits"),
    (["solve", "-b", "A B/C D", "--top", LONG], 2, "(100,000 characters) is not a whole number"),
    # --score: ASCII digits, at most a million
    (["solve", "-b", "A B/C D", "--score", "A=²"], 2, "--score 'A=²': expected LETTER=POINTS"),
    (["solve", "-b", "A B/C D", "--score", "A=٣"], 2, "expected LETTER=POINTS"),
    (["solve", "-b", "A B/C D", "--score", "A=" + HUGE], 2, "at most 1,000,000 points a letter"),
    (["solve", "-b", "A B/C D", "--score", "A=1000001"], 2, "at most 1,000,000 points a letter"),
    (["solve", "-b", "A B/C D", "--score", LONG + "=1"], 2, "(100,002 characters)"),
    # long values are quoted short, wherever argparse or elzzur names them
    (["solve", "-b", "A B/C D", "--sort", LONG], 2, "invalid choice: 'xxxx"),
    ([LONG], 2, "unknown command 'xxxx"),
    (["demo", LONG], 2, "unrecognized arguments: 'xxxx"),
    (["solve", "-l", LONG, "-b", "A B/C D"], 2, "unknown language 'xxxx"),
    (["solve", "--rules", "a/" + LONG, "-b", "A B/C D"], 2, "(100,002 characters): no such rules"),
    (["generate", "--dice", LONG + ".toml"], 2, "no such dice file"),
    (["generate", "--dice", ""], 2, "unknown dice ''"),  # was ignored: random letters instead
    (["words", "add", "-l", "en", LONG], 1, "(100,000 characters) cannot be a word of English"),
]


@pytest.mark.parametrize("argv, status, fragment", OPTION_CASES,
                         ids=[" ".join(a)[:50] for a, _, _ in OPTION_CASES])
def test_a_hostile_option_value_is_one_short_error(cli, argv, status, fragment):
    failed(cli(*argv), status, fragment)


BOMBS = [  # run where a regression cannot take the machine with it: a process of at most 2 GB
    # one bound on cells wherever a board is made (10**10 cells grew until memory ran out)
    (["generate", "--rows", "100000", "--cols", "100000"], 2,
     "a 100,000x100,000 board has more than 250,000 cells"),
    (["generate", "--rows", "99999999999999999999"], 2, "board has more than 250,000 cells"),
    (["generate", "--rows", "1", "--cols", "250001"], 2, "board has more than 250,000 cells"),
    (["generate", "--count", "1000001"], 2, "must be at most 1,000,000"),
]


@pytest.mark.parametrize("argv, status, fragment", BOMBS, ids=[" ".join(a) for a, _, _ in BOMBS])
def test_a_resource_bomb_is_refused_before_it_goes_off(tmp_path, argv, status, fragment):
    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    run = subprocess.run([sys.executable, "-m", "elzzur", *argv], cwd=tmp_path, env=child_env(),
                         capture_output=True, text=True, timeout=120, preexec_fn=limit)
    lines = run.stderr.splitlines()
    assert run.returncode == status and len(lines) == 1 and run.stdout == "", run.stderr[-500:]
    assert fragment in lines[0] and len(lines[0]) < SHORT


def test_a_timeout_without_a_target_is_still_checked(cli):
    """``--timeout nan`` with a target never ended (a deadline of nan is never reached)."""
    failed(cli("generate", "--timeout", "nan"), 2, "--timeout")
    assert cli("generate", "--timeout", "0.5", "--seed", "1").code == 0


# Every value-taking option of every command, with the values that broke such options before:
# the only promise checked is the general one (exit 0, or 1 or 2 with one short line).
SWEEP_BASE = {
    "solve": ["-b", "A B/C D"], "demo": [], "languages": [], "cat": ["-o", "out.txt"],
    "compile": ["-d", "w.txt", "-o", "out.marisa"], "generate": ["--timeout", "0.05"],
    "scrabble": ["--cgp", EMPTY],
}
SWEEP_VALUES = ["", "-1", "nan", HUGE, "\0" + LONG]
SWEEP_OPTIONS = {}  # each option once (solve and demo share theirs), with a command that has it
for command, (_, options, _) in COMMANDS.items():
    for option in options:
        if command in SWEEP_BASE and option.kind is not bool and id(option) not in SWEEP_OPTIONS:
            SWEEP_OPTIONS[id(option)] = (command, option.flags[-1])
SWEEP = [(command, flag, value) for command, flag in SWEEP_OPTIONS.values()
         for value in SWEEP_VALUES]


@pytest.mark.parametrize("command, flag, value", SWEEP,
                         ids=[f"{c} {f} {v[:6]!r}" for c, f, v in SWEEP])
def test_every_option_takes_hostile_values_calmly(cli, tmp_path, command, flag, value):
    (tmp_path / "w.txt").write_text("cab\nbad\n", encoding="utf-8")
    run = cli(command, *SWEEP_BASE[command], flag, value, stdin=b"")
    assert "Traceback" not in run.err
    if run.code != 0:
        failed(run, run.code, "")
        assert run.code in (1, 2)


# --- data files: the one Checker, bounds everywhere ----------------------------------------

LANGUAGE = "languages/en.toml"
RULES = "rules/boggle.toml"
DICE = "dice/classic.toml"
TILES = "scrabble/tiles/en.toml"
LAYOUT = "scrabble/layouts/standard.toml"


def use(kind: str, name: str) -> list[str]:
    """The command line that reads the data file ``name`` as ``kind``."""
    return {
        "language": ["solve", "-l", name, "-b", "A B/C D", "-d", "w.txt"],
        "rules": ["solve", "--rules", name, "-b", "A B/C D"],
        "dice": ["generate", "--dice", name],
        "tiles": ["scrabble", "-l", name, "--cgp", EMPTY],
        "layout": ["scrabble", "--board-layout", name, "--cgp", EMPTY],
    }[kind]


SOURCES = {"language": LANGUAGE, "rules": RULES, "dice": DICE, "tiles": TILES, "layout": LAYOUT}
CODE = [(r'^code = "en"', 'code = "mine"')]  # a language file's code is its file name's

FILE_CASES = [
    # a TOML bomb: 600 levels in 1.2 KB, in every kind of file
    *[(kind, [(None, DEEP)], "arrays or tables nested too deeply") for kind in SOURCES],
    ("language", [(None, DEEP_TABLE)], "arrays or tables nested too deeply"),
    # languages: finite frequencies, bounded values, one-character normalisation keys
    ("language", [(r"frequency = 8\.17", "frequency = inf")],
     "key 'letters.A.frequency' must be a number from 0 to 1,000,000"),
    ("language", [(r"frequency = 8\.17", "frequency = nan")], "'letters.A.frequency' must be"),
    ("language", [(r"frequency = 8\.17", "frequency = -1")], "'letters.A.frequency' must be"),
    ("language", [(r"value = 1, frequency = 8\.17", "value = 9223372036854775807, frequency = 1")],
     "key 'letters.A.value' must be a whole number from 0 to 1,000,000"),
    ("language", [(r"^min_length = 2", "min_length = 100000000000000000000000")],
     "key 'scoring.min_length' must be a whole number from 1 to 64"),
    ("language", [(r"^length_bonus = \[0, ", "length_bonus = [1e400, ")],
     "key 'scoring.length_bonus' must be a list of whole numbers"),
    ("language", [(r"^length_bonus_step = 5", "length_bonus_step = 10000000000")],
     "key 'scoring.length_bonus_step' must be a whole number from -1,000,000 to 1,000,000"),
    ("language", [(r'^"ß" = "SS"', '"SZ" = "S"')],
     "key 'normalization.map.SZ': the map replaces one character, not 2"),
    ("language", [(r'^"ß" = "SS"', '"ß" = "' + "S" * 20 + '"')],
     "must be 1 to 8 letters of the alphabet"),
    ("language", [(r'^name = "English"', 'name = "' + "E" * 5000 + '"')],
     "key 'name' must be a name of 1 to 60 characters on one line"),
    ("language", [(r'^code = "mine"', 'code = "' + "e" * 5000 + '"')],
     "key 'code' must be 1 to 40 lower-case letters"),
    # rules: a board's shape within the cell bound, numbers bounded
    ("rules", [(r"^rows = 4", "rows = 100000"), (r"^cols = 4", "cols = 100000")],
     "keys 'rows' and 'cols': a 100,000x100,000 board has more than 250,000 cells"),
    ("rules", [(r"^rows = 4", "rows = 100000000000000000000000")],
     "key 'rows' must be a whole number from 1 to 250,000"),
    ("rules", [(r"^rows = 4", "rows = inf")], "key 'rows' must be a whole number"),
    ("rules", [(r"^length_bonus = \[0, ", "length_bonus = [100000000000000000000, ")],
     "key 'length_bonus' must be \"language\" or a list of whole numbers"),
    ("rules", [(r'^name = "Boggle"', 'name = ""')], "key 'name' must be a name of 1 to 60"),
    # dice: the shape, and faces that make a board that can be solved
    ("dice", [(r"^rows = 4", "rows = inf")], "key 'rows' must be a whole number from 1 to"),
    ("dice", [(r"^rows = 4", "rows = 0"), (r"^cols = 4", "cols = 0")],
     "key 'rows' must be a whole number from 1 to 250,000"),
    ("dice", [(r"^rows = 4", "rows = -1")], "key 'rows' must be a whole number from 1 to"),
    ("dice", [(r"^rows = 4", "rows = 1000"), (r"^cols = 4", "cols = 1000")],
     "keys 'rows' and 'cols': a 1,000x1,000 board has more than 250,000 cells"),
    ("dice", [(r'"AACIOT"', '"   "')], "key 'dice' must be a list of strings, one a die"),
    ("dice", [(r'"AACIOT"', '"AAC\\tIO"')], "die 1: face '\\t' is not written in English"),
    ("dice", [(r'"AACIOT"', '"ABCDEFGHI A"')],
     "die 1: face 'ABCDEFGHI' has more than 8 letters, more than a tile may have"),
    # Scrabble tile sets
    ("tiles", [(r"^bingo = 50", 'bingo = "x"')], "key 'bingo' must be a whole number from 0"),
    ("tiles", [(r"^bingo = 50", "bingo = 100000000000000000000000")],
     "key 'bingo' must be a whole number from 0 to 1,000,000"),
    ("tiles", [(r"^blanks = 2", "blanks = -1")], "key 'blanks' must be a whole number from 0 to"),
    ("tiles", [(r'^"E" = \{ value = 1,', '"E" = { value = 9223372036854775807,')],
     "key 'tiles.E.value' must be a whole number from 0 to 1,000,000"),
    ("tiles", [(r"^rack_size = 7", "rack_size = 100000")],
     "key 'rack_size' must be a whole number from 1 to 20"),
    ("tiles", [(r'^"E" = \{ value = 1, count = 12 \}', '"E E" = { value = 1, count = 12 }')],
     "tile 'E E' must be 1 to 8 letters"),
    # Scrabble board layouts
    ("layout", [(r"^grid = \[[^]]*\]", "grid = [1, 2]")], "key 'grid' must be a list of 1 to"),
    ("layout", [(r"^bingo = 50", 'bingo = "x"')], "key 'bingo' must be a whole number"),
    ("layout", [(r"^bingo = 50", "bingo = 100000000000000000000000")],
     "key 'bingo' must be a whole number from 0 to 1,000,000"),
    ("layout", [(r"^grid = \[[^]]*\]", "grid = [" + ", ".join(['"' + "." * 64 + '"'] * 64)
                 + "]")], "key 'grid' must be a list of 1 to 63 rows"),
    ("layout", [(r'"t\.\.2\.\.\.t\.\.\.2\.\.t",', '"t..2...t...2..",')],
     "the layout must be a square grid"),
]


@pytest.mark.parametrize("kind, edits, fragment", FILE_CASES,
                         ids=[f"{k}-{i}" for i, (k, _, _) in enumerate(FILE_CASES)])
def test_a_hostile_data_file_is_one_clear_error(cli, tmp_path, kind, edits, fragment):
    (tmp_path / "w.txt").write_text("cab\nbad\n", encoding="utf-8")
    name = variant(tmp_path, "mine.toml", SOURCES[kind], *(CODE if kind == "language" else []),
                   *edits)
    line = failed(cli(*use(kind, name)), 1, fragment)
    assert line.startswith(f"elzzur: error: {name}: ")


@pytest.mark.parametrize("kind", SOURCES)
def test_a_data_file_must_be_a_small_regular_file(cli, tmp_path, kind):
    os.mkfifo(tmp_path / "pipe.toml")  # never opened: it would block until a writer came
    failed(cli(*use(kind, "pipe.toml")), 2, "pipe.toml: is a named pipe, not a")
    (tmp_path / "folder.toml").mkdir()
    failed(cli(*use(kind, "folder.toml")), 2, "folder.toml: is a directory, not a")
    with open(tmp_path / "huge.toml", "wb") as f:
        f.truncate(2**31)  # sparse: nothing is written, and nothing may be read
    failed(cli(*use(kind, "huge.toml")), 1, "huge.toml: more than 1 MiB, too large for a data")


def test_a_toml_bomb_in_the_user_folder_is_one_row_of_the_list(cli, tmp_path, monkeypatch):
    folder = tmp_path / "languages"
    folder.mkdir()
    monkeypatch.setenv("ELZZUR_LANGUAGES_DIR", str(folder))
    (folder / "xx.toml").write_text(DEEP, encoding="utf-8")
    run = cli("languages")
    assert run.code == 0, run.err
    row = next(line for line in run.out.splitlines() if line.startswith("xx "))
    assert "error: " in row and "xx.toml: arrays or tables nested too deeply" in row
    assert any(line.startswith("en ") for line in run.out.splitlines())  # the others listed
    failed(cli("solve", "-l", "xx", "-b", "A B/C D"), 1, "arrays or tables nested too deeply")


def test_a_pipe_in_the_user_folder_does_not_block_the_list(tmp_path):
    """Reading ``x.toml``, a named pipe, waited for a writer for ever (a real process, with a
    deadline: before the fix it never ended)."""
    folder = tmp_path / "languages"
    folder.mkdir()
    os.mkfifo(folder / "x.toml")
    env = dict(child_env(), ELZZUR_LANGUAGES_DIR=str(folder))
    for argv in (["languages"], ["solve", "-l", "x", "-b", "A B/C D"]):
        run = subprocess.run([sys.executable, "-m", "elzzur", *argv], env=env, cwd=tmp_path,
                             capture_output=True, text=True, timeout=120)
        assert "x.toml: is a named pipe, not a file" in run.stdout + run.stderr
        assert run.returncode == (0 if argv == ["languages"] else 1), run.stderr


def test_a_pipe_or_a_folder_as_the_corrections_file_is_an_error(tmp_path, data_dir):
    """The corrections of a language (``words/en.txt`` in the data folder) are read on every
    run: a named pipe there made every ``solve`` wait for ever (a real process, a deadline)."""
    (data_dir / "words").mkdir(parents=True)
    os.mkfifo(data_dir / "words" / "en.txt")
    for argv in (["solve", "-l", "en", "-b", "A B/C D"], ["words", "list", "-l", "en"]):
        run = run_elzzur(*argv, cwd=tmp_path)
        assert run.returncode == 1, run.stderr
        assert run.stderr.decode().splitlines() == [
            f"elzzur: error: {data_dir}/words/en.txt: is a named pipe, not a file of corrections"]
    os.unlink(data_dir / "words" / "en.txt")
    (data_dir / "words" / "en.txt").mkdir()
    run = run_elzzur("solve", "-l", "en", "-b", "A B/C D", cwd=tmp_path)
    assert run.returncode == 1 and run.stderr.decode().endswith(
        "en.txt: is a directory, not a file of corrections\n"), run.stderr


def test_a_generated_board_from_any_accepted_dice_can_be_solved(cli, tmp_path):
    """A face of eight letters (the most a tile may have) makes a board solve reads back."""
    name = variant(tmp_path, "dice.toml", DICE, (r'"AACIOT"', '"ABCDEFGH A"'))
    run = cli("generate", "--dice", name, "--seed", "3", "-o", "b.board")
    assert run.code == 0, run.err
    assert cli("solve", "-b", "b.board", "-q").code == 0


def test_a_language_map_key_is_one_character_and_is_applied(cli, tmp_path):
    """``normalization.map`` keys are single characters, and they are applied: ß → SS."""
    (tmp_path / "w.txt").write_text("œuvre\n", encoding="utf-8")
    name = variant(tmp_path, "mine.toml", LANGUAGE, *CODE)
    run = cli("cat", "-l", name, "-d", "w.txt")
    assert run.code == 0 and run.out == "OEUVRE\n", run.err  # "Œ" = "OE"


# --- word lists: bounded graph builds --------------------------------------------------------

def test_a_list_past_the_word_graph_bounds_is_one_clear_error(cli, tmp_path, monkeypatch):
    (tmp_path / "random.txt").write_text("abcd\nbcda\ncdab\ndabc\n", encoding="utf-8")
    monkeypatch.setattr(graph, "MAX_NODES", 5)  # four words of four letters sharing nothing
    failed(cli("solve", "-b", SMALL_BOARD, "-d", "random.txt"), 1,
           "too large for a word graph: more than 5 nodes")
    monkeypatch.setattr(graph, "MAX_NODES", 10**6)
    monkeypatch.setattr(graph, "MAX_PREFIXES", 10)
    failed(cli("solve", "-b", SMALL_BOARD, "-d", "random.txt"), 1, "more than 10 distinct prefixes")


# --- --jobs: never more processes than boards and CPUs ------------------------------------------

def test_jobs_never_start_more_processes_than_boards_or_cpus(cli, tmp_path, monkeypatch):
    from elzzur.cli import jobs, solve

    cpus = len(os.sched_getaffinity(0))
    assert solve.workers(100_000, 3) == min(3, cpus)
    assert solve.workers(100_000, 10**9) == cpus
    assert solve.workers(1, 10) == 1
    started = []

    class Worker(jobs._Worker):  # records each worker process started
        def __init__(self, number, run, target):
            started.append(number)
            super().__init__(number, run, target)

    monkeypatch.setattr(jobs, "_Worker", Worker)
    (tmp_path / "two.board").write_text("A B/C D\n\nE F/G H\n", encoding="utf-8")
    run = cli("solve", "-b", "two.board", "--jobs", "100000", "-q")
    assert run.code == 0, run.err
    assert run.out.split("\n\n")[0] == cli("solve", "-b", "A B/C D", "-q").out.rstrip("\n")
    assert started == (list(range(min(2, cpus))) if cpus > 1 else [])


# --- standard output closed or full -----------------------------------------------------------

@pytest.mark.parametrize("argv", [["demo", "-l", "en"], ["languages"], ["cat", "-l", "en"],
                                  ["--version"], ["--help"], ["solve", "--help"]])
def test_a_closed_standard_output_is_an_error(cli, monkeypatch, argv):
    monkeypatch.setattr(sys, "stdout", None)
    run = cli(*argv)
    failed(run, 1, "cannot write standard output: standard output is closed")


def test_output_to_a_file_needs_no_standard_output(cli, monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "stdout", None)
    assert cli("demo", "-l", "en", "-o", "out.txt").code == 0
    assert (tmp_path / "out.txt").read_text(encoding="utf-8").startswith("Ttl R")


def run_elzzur(*argv, stdout=subprocess.PIPE, env=None, close: int | None = None, cwd=None):
    """``python -m elzzur`` as a real process (descriptor ``close`` closed), with a deadline."""
    return subprocess.run([sys.executable, "-m", "elzzur", *argv], stdout=stdout,
                          stderr=subprocess.PIPE, env=env or child_env(), cwd=cwd, timeout=120,
                          preexec_fn=(lambda: os.close(close)) if close is not None else None)


@pytest.mark.parametrize("argv", [["demo", "-l", "en"], ["--version"], ["--help"]])
def test_a_full_or_closed_standard_output_fails_in_a_real_process(argv):
    with open("/dev/full", "w") as full:
        run = run_elzzur(*argv, stdout=full)
    lines = run.stderr.decode().splitlines()
    assert run.returncode == 1 and lines == [
        "elzzur: error: cannot write standard output: No space left on device"], run.stderr
    run = run_elzzur(*argv, close=1)
    lines = run.stderr.decode().splitlines()
    assert run.returncode == 1 and lines == [
        "elzzur: error: cannot write standard output: standard output is closed"], run.stderr


def test_a_closed_standard_error_leaves_the_status_to_say_it():
    run = run_elzzur("solve", "-l", "xx", "-b", "A", close=2)
    assert run.returncode == 2 and run.stdout == b""


# --- signals: SIGTERM and SIGHUP end elzzur as Ctrl-C does --------------------------------------

@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_ends_elzzur_cleanly_without_a_partial_file(tmp_path, number):
    """``timeout 3 elzzur generate … -o t.txt`` left ``.t.txt.PID.tmp`` with partial data."""
    process = subprocess.Popen(
        [sys.executable, "-m", "elzzur", "generate", "-l", "en", "--min-words", "100000",
         "--timeout", "600", "-o", "t.txt"], cwd=tmp_path, env=child_env(),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while not any(tmp_path.glob(".t.txt.*")) and time.monotonic() < deadline:
            time.sleep(0.05)  # the output's temporary file exists once the run is under way
        assert any(tmp_path.glob(".t.txt.*")), "the run never started"
        process.send_signal(number)
        out, err = process.communicate(timeout=120)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == 128 + number, err
    assert err == b"" and out == b""
    assert list(tmp_path.iterdir()) == []


# --- locales -------------------------------------------------------------------------------

def c_locale(**extra) -> dict[str, str]:
    env = {k: v for k, v in child_env().items() if not k.startswith(("LC_", "LANG", "PYTHONIO"))}
    return dict(env, LC_ALL="C", PYTHONUTF8="0", **extra)


def test_the_c_locale_reads_arguments_and_writes_answers(tmp_path):
    """Python read ``İ`` in the C locale as two escapes and refused the board as '\\udcc4'."""
    run = run_elzzur("solve", "-l", "tr", "-b", "İ Ş/A K", "-q", "--top", "1", env=c_locale())
    assert run.returncode == 0, run.stderr
    assert run.stdout.decode("utf-8").split()[0] == "ŞAKİ"
    (tmp_path / "ä.board").write_text("A B/C D\n", encoding="utf-8")  # names in UTF-8 too
    run = run_elzzur("solve", "-l", "en", "-b", "ä.board", "-o", "ö.txt", env=c_locale(),
                     cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "\nBAC " in (tmp_path / "ö.txt").read_text(encoding="utf-8")


def test_an_ascii_output_encoding_still_writes_every_letter():
    for env in (c_locale(), dict(child_env(), PYTHONIOENCODING="ascii")):
        # ASCII arguments (Turkish i is İ), answers that are not
        run = run_elzzur("solve", "-l", "tr", "-b", "i k/a s", "-q", "--top", "1", env=env)
        assert run.returncode == 0, run.stderr
        assert run.stdout.decode("utf-8").split()[0] == "AKSİ"  # UTF-8, as elzzur's files are
        run = run_elzzur("solve", "-l", "tr", "-b", "İ Ω1", env=env)
        lines = run.stderr.decode("utf-8").splitlines()
        assert run.returncode == 1 and len(lines) == 1, run.stderr
        assert lines[0].endswith("token 'Ω1': 'Ω' is not a letter of Turkish "
                                 + board_hint("solve"))


def test_bytes_that_are_not_utf8_are_refused_as_they_are():
    run = subprocess.run([sys.executable, "-m", "elzzur", "solve", "-l", "en", "-b", b"A \xff"],
                         env=c_locale(), capture_output=True, timeout=120)
    assert run.returncode == 1 and len(run.stderr.splitlines()) == 1, run.stderr
    assert run.stderr.startswith(b"elzzur: error: inline board, ")
    assert b"'\\udcff' is not a letter of English" in run.stderr


def test_after_a_signal_in_process_ctrl_c_works_again():
    """``main`` answers SIGTERM by ignoring further signals while it cleans up; once it returns,
    the caller's handlers are back, Ctrl-C's included (a test process or a program embedding
    elzzur would otherwise ignore Ctrl-C for ever)."""
    import signal

    from elzzur.__main__ import Terminated, catch_signals

    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    restore = catch_signals()
    try:
        with pytest.raises(Terminated):
            signal.getsignal(signal.SIGTERM)(signal.SIGTERM, None)
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        restore()
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before
