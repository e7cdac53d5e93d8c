"""Measure elzzur's board search against its peers, in one process, on the same boards and the
same word list (issue 16). Machines are noisy: read the ratios, measured side by side.

    python benchmarks/peers.py --hybrid-boggle PATH   # everything (a few minutes)
    python benchmarks/peers.py --quick                # a smoke test (CI): no peers needed

The peers, each built or installed in a throwaway folder under the temporary directory
(nothing of theirs is kept in this repository):

* danvk's hybrid-boggle (C++, pybind11): ``--hybrid-boggle PATH`` names a clone of
  github.com/danvk/hybrid-boggle (a work tree or a bare git directory); its ``cpp/`` is
  compiled with its own flags (``-O3 -march=native``, as its build.sh) against pybind11 from
  PyPI in a throwaway venv. Timed: ``Boggler.find_words`` (every word's first path) and
  ``Boggler.score`` (the board's total score, no paths). Without the option it is skipped.
* pyggle (pure Python, PyPI): ``pip install --target`` into the throwaway folder, timed on
  ``Boggle.solve_trie`` with a trie built once (pyggle builds it per ``Boggle``; that is not
  counted). ``--no-pyggle`` skips it; so does a failed install, with a message.

The word list is hybrid-boggle's default, ``wordlists/enable2k.txt``, cleaned as its
``Trie::IsBoggleWord`` does (three letters or more, a..z only, every q followed by u), or
``--words FILE``. Boards are random (seeded) letters drawn by English letter frequency,
without Q: pyggle cannot read a Qu die (its trie is keyed by single letters), so no board has
one and the three searches see exactly the same letters. elzzur searches with the ``boggle``
rules (words of 3 letters or more, scored by length), which are hybrid-boggle's scores.

Before any timing counts, every tool must find the same words on every board (and
hybrid-boggle's score must equal the sum of elzzur's, and elzzur's own total); a difference
stops the script. Runs are interleaved (each repeat times every tool once over the whole set
of boards, in turn, after an untimed tenth of them, so that no tool pays for the caches the
one before it left cold) and the table shows the median per board.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

import elzzur
from elzzur import get_language, load_dictionary, parse_board
from elzzur.grid.rules import get_rules
from elzzur.grid.solver import backend, find_words, solve, word_writer
from elzzur.views.text import word_template

# English letter frequencies (per mille, Q left out: see the docstring).
FREQUENCIES = {
    "a": 82, "b": 15, "c": 28, "d": 43, "e": 127, "f": 22, "g": 20, "h": 61, "i": 70, "j": 2,
    "k": 8, "l": 40, "m": 24, "n": 67, "o": 75, "p": 19, "r": 60, "s": 63, "t": 91, "u": 28,
    "v": 10, "w": 24, "x": 2, "y": 20, "z": 1,
}
SIZES = {"4x4": (4, 4), "5x5": (5, 5), "10x10": (10, 10)}
HYBRID_SIZES = {"4x4": "Boggler44", "5x5": "Boggler55"}  # the sizes hybrid-boggle has
BUILD_ROOT = Path(tempfile.gettempdir()) / "elzzur-peers"


def note(text: str) -> None:
    print(f"note: {text}", file=sys.stderr, flush=True)


def boggle_words(path: Path) -> list[str]:
    """The words of a list that hybrid-boggle's Trie::IsBoggleWord accepts, lower case."""
    words = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            word = line.strip()
            if len(word) < 3 or not all("a" <= c <= "z" for c in word):
                continue
            if any(c == "q" and word[i + 1:i + 2] != "u" for i, c in enumerate(word)):
                continue
            words.append(word)
    return words


def random_boards(rows: int, cols: int, count: int, seed: int) -> list[str]:
    """``count`` boards as strings of rows * cols lower-case letters."""
    rng = random.Random(seed)
    letters, weights = list(FREQUENCIES), list(FREQUENCIES.values())
    return ["".join(rng.choices(letters, weights, k=rows * cols)) for _ in range(count)]


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)


# --- the peers --------------------------------------------------------------------------------

def build_hybrid_boggle(source: Path):
    """hybrid-boggle's cpp_boggle module, compiled from ``source`` in a throwaway folder (kept
    under the temporary directory by commit, so a second run need not compile again), or None
    with a note saying why not."""
    git = ["git", "--git-dir", str(source)] if (source / "HEAD").is_file() and not \
        (source / ".git").exists() else ["git", "-C", str(source)]
    try:
        commit = run(git + ["rev-parse", "HEAD"]).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as e:
        note(f"hybrid-boggle skipped: {source} is not a git clone ({e})")
        return None, None
    folder = BUILD_ROOT / f"hybrid-boggle-{commit[:12]}"
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    module = folder / "cpp" / f"cpp_boggle{suffix}"
    if not module.exists():
        try:
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            archive = subprocess.run(git + ["archive", commit, "cpp", "wordlists/enable2k.txt"],
                                     check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
            venv = folder / "venv"
            run([sys.executable, "-m", "venv", str(venv)])
            run([str(venv / "bin" / "pip"), "install", "-q", "pybind11"])
            includes = run([str(venv / "bin" / "python"), "-m", "pybind11", "--includes"]).stdout
            flags = [f for f in includes.split() if f.startswith("-I")]
            print(f"building hybrid-boggle {commit[:12]} in {folder} ...", file=sys.stderr,
                  flush=True)
            run(["c++", "-shared", "-std=c++20", "-fPIC", "-march=native", "-O3", "-w",
                 *flags, "cpp_boggle.cc", "trie.cc", "arena.cc", "eval_node.cc", "symmetry.cc",
                 "-o", module.name], cwd=folder / "cpp")
        except (OSError, subprocess.CalledProcessError) as e:
            detail = getattr(e, "stderr", "") or ""
            note(f"hybrid-boggle skipped: building it failed ({e}) {str(detail)[-400:]}")
            return None, None
    sys.path.insert(0, str(module.parent))
    import cpp_boggle  # noqa: E402  (just built)

    return cpp_boggle, folder / "wordlists" / "enable2k.txt"


def install_pyggle():
    """pyggle from PyPI, installed into a throwaway folder, or None with a note."""
    folder = BUILD_ROOT / "pyggle"
    if not (folder / "pyggle").exists():
        try:
            run([sys.executable, "-m", "pip", "install", "-q", "--target", str(folder),
                 "pyggle"])
        except (OSError, subprocess.CalledProcessError) as e:
            note(f"pyggle skipped: pip could not install it ({str(e.stderr or e)[-300:]})")
            return None
    sys.path.insert(0, str(folder))
    import pyggle  # noqa: E402

    return pyggle


class Pyggle:
    """pyggle's search with its trie built once for every board."""

    def __init__(self, pyggle, words: list[str]):
        self.boggle = pyggle.Boggle("ab cd", words=words, official=True)

    def solve(self, board: str, cols: int) -> dict:
        self.boggle.board = [list(board[i:i + cols]) for i in range(0, len(board), cols)]
        return self.boggle.solve_trie()


# --- the comparison ---------------------------------------------------------------------------

def function_time(function, boards) -> float:
    start = time.perf_counter()
    for board in boards:
        function(board)
    return (time.perf_counter() - start) / len(boards) * 1000


def compare(size: str, count: int, repeats: int, dictionary, language, words_path: Path,
            hybrid, pyggle_solver, python_share: float) -> None:
    rows, cols = SIZES[size]
    texts = random_boards(rows, cols, count, seed=rows * 1000 + cols)
    boards = [parse_board("/".join(t[r * cols:(r + 1) * cols].upper() for r in range(rows)),
                          language) for t in texts]
    tools: dict[str, object] = {}
    by_text = dict(zip(texts, boards))

    def elzzur_c(text):
        return find_words(by_text[text], dictionary, language, rules="boggle", use="c")

    def elzzur_solve(text):
        return solve(by_text[text], dictionary, language, rules="boggle", use="c")

    def elzzur_python(text):
        return find_words(by_text[text], dictionary, language, rules="boggle", use="python")

    # The board's total score without a word list, hybrid-boggle's score(): the batch's
    # writer (word_writer, what `solve -b` uses) listing none of the words (top=0), which
    # still finds, scores and sorts every one. It shows what the search costs without the
    # Python objects of a list.
    writer = word_writer(dictionary, language, 3, get_rules("boggle"), False,
                         word_template("csv"), top=0)

    def elzzur_total(text):
        return writer(by_text[text])[3]

    tools["elzzur find_words (C)"] = elzzur_c
    tools["elzzur solve (C)"] = elzzur_solve
    tools["elzzur total score (C, no list)"] = elzzur_total
    boggler = None
    if hybrid is not None and size in HYBRID_SIZES:
        boggler = getattr(hybrid, HYBRID_SIZES[size])(hybrid.trie)
        tools["hybrid-boggle find_words"] = lambda text: boggler.find_words(text, False)
        tools["hybrid-boggle score"] = boggler.score
    # the slow pure-Python searches run on a share of the boards (the same for both)
    few = texts[:max(1, round(count * python_share))]
    slow = {"elzzur find_words (Python)": elzzur_python}
    if pyggle_solver is not None:
        slow["pyggle solve_trie"] = lambda text: pyggle_solver.solve(text, cols)

    # The answers first: the same words everywhere.
    for text in texts:
        ours = elzzur_c(text)
        words = {w.lower() for w, _, _ in ours}
        if text in few and {w.lower() for w, _, _ in elzzur_python(text)} != words:
            raise SystemExit(f"{size} {text}: elzzur's C and Python searches disagree")
        total = sum(s for _, s, _ in ours)
        if elzzur_total(text) != total:
            raise SystemExit(f"{size} {text}: elzzur's total score differs from its words'")
        if boggler is not None:
            theirs = {"".join(text[i] for i in path) for path in boggler.find_words(text, False)}
            if theirs != words:
                raise SystemExit(f"{size} {text}: hybrid-boggle finds {sorted(theirs ^ words)} "
                                 f"differently from elzzur")
            if boggler.score(text) != total:
                raise SystemExit(f"{size} {text}: hybrid-boggle's score differs from elzzur's")
        if pyggle_solver is not None and text in few:
            theirs = set(pyggle_solver.solve(text, cols))
            if theirs != words:
                raise SystemExit(f"{size} {text}: pyggle finds {sorted(theirs ^ words)} "
                                 f"differently from elzzur")
    found = sum(len(elzzur_c(t)) for t in texts) / len(texts)

    times = {name: [] for name in [*tools, *slow]}
    warm = texts[:max(1, count // 10)]
    for _ in range(repeats):  # interleaved: each repeat times every tool in turn
        # each tool timed warm: a tenth of the boards first, untimed, so that none pays for
        # the caches the tool before it (the pure-Python search above all) left cold
        for name, function in tools.items():
            function_time(function, warm)
            times[name].append(function_time(function, texts))
        for name, function in slow.items():
            function_time(function, warm[:len(few)])
            times[name].append(function_time(function, few))
    reference = statistics.median(times["elzzur find_words (C)"])
    print(f"### {size}: {len(texts)} boards ({found:.0f} words a board; the pure-Python "
          f"searches on {len(few)} of them)\n")
    print("| tool | ms per board | time / elzzur find_words (C) |")
    print("|---|---:|---:|")
    for name, values in times.items():
        ms = statistics.median(values)
        print(f"| {name} | {ms:.4f} | {ms / reference:.2f} |", flush=True)
    print()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hybrid-boggle", type=Path, metavar="PATH",
                        help="a git clone of danvk/hybrid-boggle to build and compare with")
    parser.add_argument("--no-pyggle", action="store_true", help="leave pyggle out")
    parser.add_argument("--words", type=Path, metavar="FILE",
                        help="the word list (default: hybrid-boggle's enable2k.txt)")
    parser.add_argument("-n", "--boards", type=int, default=200, help="boards per size (200)")
    parser.add_argument("-r", "--repeats", type=int, default=7, help="interleaved repeats (7)")
    parser.add_argument("--sizes", default="4x4,5x5,10x10", help="comma-separated sizes")
    parser.add_argument("--python-share", type=float, default=0.25,
                        help="share of the boards the pure-Python searches run on (0.25)")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke test: tiny inputs, elzzur's own English list, no peers")
    args = parser.parse_args(argv)
    if backend() != "c":
        note("the C core is not built here: nothing to compare")
        return 1
    if args.quick:
        args.boards, args.repeats, args.sizes, args.python_share = 3, 1, "4x4", 1.0
        args.no_pyggle = True
        if args.hybrid_boggle is None:
            note("hybrid-boggle skipped (--quick without --hybrid-boggle)")
    for size in args.sizes.split(","):
        if size not in SIZES:
            parser.error(f"unknown size {size!r} (choose from {', '.join(SIZES)})")

    hybrid, enable = (build_hybrid_boggle(args.hybrid_boggle) if args.hybrid_boggle
                      else (None, None))
    if args.hybrid_boggle is None and not args.quick:
        note("hybrid-boggle skipped: give --hybrid-boggle PATH (a clone of danvk/hybrid-boggle)")
    words_path = args.words or enable
    language = get_language("en")
    with tempfile.TemporaryDirectory() as folder:
        if words_path is not None:
            words = boggle_words(words_path)
            listed = Path(folder) / "words.txt"
            listed.write_text("\n".join(words) + "\n", encoding="utf-8")
            dictionary = load_dictionary(listed, language, corrections=False)
            described = f"{words_path.name}, {len(words):,} words after Boggle's cleaning"
        else:  # --quick: elzzur's own list; without peers no list need be shared
            dictionary = load_dictionary(None, language, corrections=False)
            words = None
            described = f"elzzur's built-in English list, {len(dictionary.graph):,} words"
        if hybrid is not None:
            trie_path = Path(folder) / "boggle-words.txt"
            trie_path.write_text("\n".join(words or ()) + "\n", encoding="utf-8")
            hybrid.trie = hybrid.Trie.create_from_file(str(trie_path))
        pyggle_solver = None
        if not args.no_pyggle:
            pyggle = install_pyggle()
            if pyggle is not None and words is not None:
                pyggle_solver = Pyggle(pyggle, words)

        print(f"# elzzur {elzzur.__version__} and its peers\n")
        print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} "
              f"cores; word list: {described}; median of {args.repeats} interleaved runs.\n")
        for size in args.sizes.split(","):
            compare(size, args.boards, args.repeats, dictionary, language, words_path, hybrid,
                    pyggle_solver, args.python_share)
    return 0


if __name__ == "__main__":
    sys.exit(main())
