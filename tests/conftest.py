"""Shared helpers: run the command line in-process or as a real process, small boards and
dictionaries made in tmp_path, and the one fixture that needs a built-in dictionary.
"""

from __future__ import annotations

import io
import os
import site
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import marisa_trie
import pytest

from elzzur.__main__ import main
from elzzur.lexicon.dictionary import Dictionary, has_builtin_dictionary, load_dictionary
from elzzur.lexicon.languages import get_language

REPO = Path(__file__).resolve().parent.parent

# Tests never touch the user's cache (parsed language files, graphs of user dictionaries).
os.environ.setdefault("ELZZUR_CACHE_DIR", str(Path(__import__("tempfile").mkdtemp(prefix="elzzur-cache-"))))
# ... nor see the user's own language files: an empty user folder unless a test makes one.
os.environ["ELZZUR_LANGUAGES_DIR"] = str(Path(__import__("tempfile").mkdtemp(prefix="elzzur-languages-")))
# ... nor the user's data (corrections to the dictionaries): an empty data folder, which a test
# that writes corrections replaces with its own (the ``data_dir`` fixture).
os.environ["ELZZUR_DATA_DIR"] = str(Path(__import__("tempfile").mkdtemp(prefix="elzzur-data-")))
# ... nor the user's defaults (elzzur config): a config file that does not exist, no variables.
os.environ["ELZZUR_CONFIG"] = str(Path(os.environ["ELZZUR_DATA_DIR"]) / "no-config.toml")
for _variable in ("ELZZUR_LANGUAGE", "ELZZUR_RULES", "ELZZUR_COLOR", "XDG_CONFIG_HOME"):
    os.environ.pop(_variable, None)

# A 2x3 board whose letters are all different, so every word has exactly one path:
#   Cdw A   Ttl        C=4 (word x2), A=1, T=1 (letter x3)
#   S   E   D          S=1, E=1, D=2
SMALL_BOARD = "Cdw A Ttl/S E D"
SMALL_WORDS = ["ace", "aced", "at", "case", "cased", "cat", "date", "sea", "tea", "dog"]


@dataclass
class Run:
    """What one command printed and returned."""

    code: int
    out: str
    err: str

    def error(self, status: int, *fragments: str) -> str:
        """Check this run failed the elzzur way (one ``elzzur: error:`` line, no traceback,
        nothing on stdout) and return the message.
        """
        assert "Traceback" not in self.err
        assert self.code == status, (self.code, self.err)
        assert self.out == ""
        lines = self.err.splitlines()
        assert len(lines) == 1, self.err
        assert lines[0].startswith("elzzur: error: "), lines[0]
        for fragment in fragments:
            assert fragment in lines[0]
        return lines[0]


@pytest.fixture
def cli(capsys, monkeypatch, tmp_path):
    """``cli("solve", "-b", …)`` runs ``main`` in tmp_path; ``stdin=b"…"`` feeds standard input."""
    monkeypatch.chdir(tmp_path)

    def run(*argv: str, stdin: bytes | None = None) -> Run:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
        code = main(list(argv))
        out, err = capsys.readouterr()
        return Run(code, out, err)

    return run


@pytest.fixture
def data_dir(tmp_path, monkeypatch) -> Path:
    """A data folder of this test's own (corrections written here are gone after it)."""
    folder = tmp_path / "elzzur-data"
    monkeypatch.setenv("ELZZUR_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def words_txt(tmp_path) -> Path:
    """SMALL_WORDS as a plain word list."""
    path = tmp_path / "words.txt"
    path.write_text("".join(w + "\n" for w in SMALL_WORDS), encoding="utf-8")
    return path


@pytest.fixture
def words_marisa(tmp_path) -> Path:
    """SMALL_WORDS compiled (keys upper case, as ``elzzur compile`` writes them)."""
    path = tmp_path / "words.marisa"
    marisa_trie.Trie(w.upper() for w in SMALL_WORDS).save(os.fspath(path))
    return path


@pytest.fixture
def builtin_en() -> Dictionary:
    """The shipped English dictionary. It is built by tools/build_dictionaries.py; without it
    the tests that use it fail (not skip), so a release can never ship without it.
    """
    english = get_language("en")
    if not has_builtin_dictionary(english):
        pytest.fail("elzzur/res/dictionaries/en.marisa is missing: run tools/build_dictionaries.py")
    return load_dictionary(None, english)


def needs_system(message: str):
    """A test that needs a program of the system (Xvfb, xdotool, ImageMagick, Chromium, Node.js)
    fails when it is missing, so that CI can never pass without it. ``tools/run-tests --core``
    (``ELZZUR_TESTS=core``) runs everything else without root or Debian packages: there such a
    test is skipped, and its reason shown in the summary (pytest -rs), never silently."""
    if os.environ.get("ELZZUR_TESTS") == "core":
        pytest.skip(f"core run: {message}")
    pytest.fail(message)


def package_is_installed() -> bool:
    """True if ``elzzur`` is installed (not editable) in this interpreter's site-packages."""
    return any((Path(p) / "elzzur" / "__init__.py").is_file() for p in site.getsitepackages())


def child_env() -> dict[str, str]:
    """Environment for a child process that imports the elzzur under test from any folder."""
    env = dict(os.environ)
    if not package_is_installed():
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return env


@pytest.fixture
def run_module(tmp_path):
    """``run_module("demo", "-l", "en", python_flags=["-W", "…"])``: ``python -m elzzur`` in tmp_path."""

    def run(*argv: str, python_flags: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, *python_flags, "-m", "elzzur", *argv],
            cwd=tmp_path, env=child_env(), capture_output=True, text=True, timeout=600,
        )

    return run


@pytest.fixture(autouse=True)
def environment_left_as_found():
    """A test that changes os.environ (say ELZZUR_PURE_PYTHON) would change every later test
    and the README examples' child processes: use monkeypatch, which puts it back."""
    before = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
    yield
    from elzzur.lexicon.graph import refresh_backend

    refresh_backend()  # backend() remembers its choice: decide again with the environment back
    after = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
    assert after == before, {k: (before.get(k), after.get(k)) for k in set(before) | set(after)
                             if before.get(k) != after.get(k)}


@pytest.fixture(scope="session")
def x_display():
    """One X display for every window test of this test process: the session's own DISPLAY,
    or a private Xvfb that lives until the process's tests end. One, not one per module: Tk
    keeps its connection to a display after its windows are gone, and when a module's own
    Xvfb was stopped, the next Tk window ended the whole process (Xlib's fatal error), which
    took the xdist worker, and the run, with it."""
    import shutil
    import time

    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    if shutil.which("Xvfb") is None or shutil.which("xdotool") is None:
        needs_system("the window tests need Xvfb and xdotool: apt-get install -y xvfb xdotool "
                     "imagemagick")
    # -displayfd: Xvfb takes the first free display number itself and writes it once it is
    # ready; no guessing from /tmp/.X*-lock files, which crashed runs leave behind
    import select

    ready, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0",
                               "1280x1024x24", "-nolisten", "tcp"], pass_fds=(write_end,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    answer, deadline = b"", time.monotonic() + 60
    while not answer.endswith(b"\n") and time.monotonic() < deadline:
        if select.select([ready], [], [], 0.5)[0]:
            piece = os.read(ready, 16)
            if not piece:  # the server ended before it said
                break
            answer += piece
    os.close(ready)
    if not answer.strip().isdigit():
        server.kill()
        pytest.fail(f"Xvfb did not start (it said {answer!r})")
    number = int(answer)
    os.environ["DISPLAY"] = f":{number}"
    try:
        yield f":{number}"
    finally:
        del os.environ["DISPLAY"]
        server.terminate()
        server.wait(10)


def read_in_parts(text: str, parts: list, language, shared: dict | None = None):
    """The boards of ``text`` read part by part as ``solve --jobs`` reads them (each part's
    lines numbered from its first, ``shared``: one worker's cells for all its parts), or the
    first error's message: what the whole text's reading (``read_whole``) must equal."""
    from elzzur.errors import ElzzurError
    from elzzur.grid import rows
    from elzzur.grid.board import Board

    read = []
    try:
        for start, stop, line in parts:
            boards, _ = rows.read_part(text[start:stop], language, "f", Board, line, shared)
            assert boards or len(parts) == 1  # a part holds at least one board
            read += boards
        if not read:
            raise ElzzurError("f: empty board")
    except ElzzurError as e:
        return str(e)
    return read


def read_whole(text: str, language):
    """The boards of ``text`` read at once, or the error's message."""
    from elzzur.errors import ElzzurError
    from elzzur.grid.board import parse_boards

    try:
        return parse_boards(text, language, "f")
    except ElzzurError as e:
        return str(e)
