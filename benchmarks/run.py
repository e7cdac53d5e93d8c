"""Measure elzzur side by side with the original design, in one run (these machines are noisy:
compare the ratios, which are measured together, more than the times).

    python benchmarks/run.py                  # everything (a few minutes)
    python benchmarks/run.py --quick          # a smoke test on tiny inputs (CI runs this)
    python benchmarks/run.py -l en,es -n 50   # some languages, more boards
    python benchmarks/run.py --only oneshot   # the one-shot starts alone (a minute)

1. Per-board solve time on random boards (the language's letter frequencies, elzzur's bonus
   draw, fixed seeds) of 4x4, 5x5 and 10x10: elzzur's C core, elzzur's pure-Python search, and
   the original design (``baseline.py``). All three must give the same words, scores and paths.
   Each is timed ``-r`` times over the whole set; the table shows the median per board.
2. Batch throughput: random English 4x4 boards per second, in-process through the API, and
   through the command line (``elzzur solve -b FILE --format jsonl``) end to end.
3. One-shot latency: the wall time of ``elzzur demo -l L -q`` against the floor
   ``python -c "import marisa_trie; marisa_trie.Trie().load(PATH)"`` on the same dictionary,
   runs interleaved, median of ``--runs``; and the peak memory (max RSS) of the demo.

It uses the elzzur installed for this Python (``pip install .``), and its ``elzzur`` script.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import baseline_solve  # noqa: E402

import elzzur  # noqa: E402
from elzzur import get_language, load_dictionary, random_board  # noqa: E402
from elzzur.grid.solver import backend, find_words  # noqa: E402

SIZES = {"4x4": (4, 4, 1.0), "5x5": (5, 5, 0.6), "10x10": (10, 10, 0.1)}


def median_per_board(function, boards, repeats: int) -> float:
    """Median over ``repeats`` runs of the mean time per board, in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for board in boards:
            function(board)
        times.append((time.perf_counter() - start) / len(boards) * 1000)
    return statistics.median(times)


def solve_table(codes, count: int, repeats: int) -> None:
    print(f"## Per-board solve time (ms, median of {repeats}; ratio = baseline / elzzur)\n")
    print("| lang | size | boards | elzzur C | elzzur Python | baseline | ratio C | ratio Python |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for code in codes:
        language = get_language(code)
        dictionary = load_dictionary(None, language)
        trie = dictionary.trie
        for size, (rows, cols, share) in SIZES.items():
            boards = [random_board(language, rows, cols, seed=seed)
                      for seed in range(max(1, round(count * share)))]
            for board in boards:
                expected = baseline_solve(board, trie, language)
                for use in ("c", "python"):
                    got = {w: (s, tuple(board.position(i) for i in p))
                           for w, s, p in find_words(board, dictionary, language, use=use)}
                    if got != expected:
                        raise SystemExit(f"{code} {size}: {use} disagrees with the baseline on "
                                         f"{board.token_rows()}")
            fast = median_per_board(lambda b: find_words(b, dictionary, language, use="c"),
                                    boards, repeats)
            python = median_per_board(lambda b: find_words(b, dictionary, language, use="python"),
                                      boards, repeats)
            slow = median_per_board(lambda b: baseline_solve(b, trie, language), boards, repeats)
            print(f"| {code} | {size} | {len(boards)} | {fast:.3f} | {python:.2f} | {slow:.2f} "
                  f"| {slow / fast:.0f}x | {slow / python:.1f}x |", flush=True)
    print()


def elzzur_command() -> list[str]:
    script = Path(sys.executable).with_name("elzzur")
    if script.exists():
        return [str(script)]
    found = shutil.which("elzzur")
    return [found] if found else [sys.executable, "-m", "elzzur"]


def batch_table(count: int) -> None:
    language = get_language("en")
    dictionary = load_dictionary(None, language)
    boards = [random_board(language, 4, 4, seed=seed) for seed in range(count)]
    find_words(boards[0], dictionary, language)  # load the core before timing
    start = time.perf_counter()
    words = sum(len(find_words(board, dictionary, language)) for board in boards)
    api = count / (time.perf_counter() - start)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "boards.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n\n".join(str(board) for board in boards) + "\n")
        command = elzzur_command() + ["solve", "-l", "en", "-b", path, "--format", "jsonl",
                                      "-o", os.path.join(folder, "out.jsonl")]
        start = time.perf_counter()
        subprocess.run(command, check=True)
        cli = count / (time.perf_counter() - start)
        start = time.perf_counter()
        subprocess.run(command + ["--jobs", "2"], check=True)
        cli2 = count / (time.perf_counter() - start)
    print(f"## Batch: {count} random English 4x4 boards ({words / count:.0f} words a board)\n")
    print("| how | boards per second |")
    print("|---|---:|")
    print(f"| API, `find_words` one board after another, one core | {api:,.0f} |")
    print(f"| `elzzur solve -b FILE --format jsonl -o OUT`, one process | {cli:,.0f} |")
    print(f"| the same with `--jobs 2` | {cli2:,.0f} |")
    print()


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


def peak_memory_mb(command: list[str]) -> float:
    """Max RSS of ``command``, measured by a fresh wrapper process so nothing else counts."""
    probe = ("import resource, subprocess, sys; "
             "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True,
                         check=True).stdout
    return int(out) / 1024


def oneshot_table(codes, runs: int) -> None:
    command = elzzur_command()
    print(f"## One-shot latency (ms, median of {runs} interleaved runs)\n")
    print(f"`{' '.join(Path(c).name for c in command)} demo -l L -q` against the floor "
          "`python -c \"import marisa_trie; marisa_trie.Trie().load(PATH)\"`.\n")
    print("| lang | dictionary | floor | elzzur demo | ratio | peak memory |")
    print("|---|---:|---:|---:|---:|---:|")
    for code in codes:
        language = get_language(code)
        from elzzur.files import resource

        path = resource("dictionaries", language.dictionary)
        floor_command = [sys.executable, "-c",
                         f"import marisa_trie; marisa_trie.Trie().load({path!r})"]
        demo = command + ["demo", "-l", code, "-q"]
        wall(demo)  # warm the caches (the parsed language file, the page cache)
        floors, demos = [], []
        for _ in range(runs):
            floors.append(wall(floor_command))
            demos.append(wall(demo))
        floor, ours = statistics.median(floors), statistics.median(demos)
        size = os.path.getsize(path) / 1e6
        print(f"| {code} | {size:.2f} MB | {floor:.1f} | {ours:.1f} | {ours / floor:.2f}x "
              f"| {peak_memory_mb(demo):.0f} MB |", flush=True)
    print()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-l", "--languages", default="de,en,es,fr,it,nl,pt",
                        help="comma-separated language codes (default: Ruzzle's seven; "
                             "see 'elzzur languages' for the others)")
    parser.add_argument("-n", "--boards", type=int, default=40,
                        help="4x4 boards per language (fewer for larger sizes; default: 40)")
    parser.add_argument("-r", "--repeats", type=int, default=5, help="repetitions (default: 5)")
    parser.add_argument("--batch", type=int, default=20000, help="boards in the batch test")
    parser.add_argument("--runs", type=int, default=21, help="runs of each one-shot command")
    parser.add_argument("--quick", action="store_true", help="tiny inputs: a smoke test")
    parser.add_argument("--only", choices=("solve", "batch", "oneshot"), action="append",
                        help="run only this part (may be repeated; default: all three)")
    args = parser.parse_args(argv)
    if args.quick:
        args.languages, args.boards, args.repeats, args.batch, args.runs = "en", 3, 1, 50, 3
    if backend() != "c":
        print("note: the C core is not built here; the 'elzzur C' column would fail")
        return 1
    codes = args.languages.split(",")
    print(f"# elzzur {elzzur.__version__} benchmarks\n")
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"{platform.platform()}\n")
    parts = args.only or ("solve", "batch", "oneshot")
    if "solve" in parts:
        solve_table(codes, args.boards, args.repeats)
    if "batch" in parts:
        batch_table(args.batch)
    if "oneshot" in parts:
        oneshot_table(codes, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
