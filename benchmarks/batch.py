"""The command line's batch: ``elzzur solve -l en -b FILE --format F -o OUT [--jobs J]`` on
random English 4x4 boards, one process against ``--jobs 2`` (issue 16: at least 10,000 boards
a second of one core's time, and ``--jobs 2`` at least 1.7 times as fast).

    python benchmarks/batch.py                    # 10,000 boards, jsonl/csv/text, 5 runs each
    python benchmarks/batch.py -n 20000 -r 7 -f jsonl
    python benchmarks/batch.py --quick            # a smoke test (CI runs this)
    python benchmarks/batch.py --against /tmp/old/bin/python   # another build, interleaved

Each run is a fresh process of the installed elzzur (``pip install .``; an editable install
spends tens of milliseconds more starting), timed by a small wrapper that runs elzzur's
``main`` and then reads its own processor time (the parent's) and its children's (the
workers'). Runs of one process and of two are interleaved; the table gives medians. The
scaling is the wall time of one process over that of two: it means something only on a
machine with two cores free, so the load average before and after is printed beside it. The
outputs of every run must be the same, byte for byte, or nothing is reported. A third row
per format runs two single processes at once, each on every board: the scaling the machine
itself allows two processes (shared caches, memory bandwidth, clock), which ``--jobs 2``
cannot beat. ``--against PYTHON`` runs another interpreter's elzzur (another build, in its
own venv) in the same loop, run for run, so that before and after share the machine's load.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import tempfile
import time

WRAPPER = r"""
import resource, sys
from elzzur.__main__ import main
code = main(sys.argv[1:])
pool = sys.modules.get("multiprocessing")  # an elzzur whose workers are a process pool's
for child in pool.active_children() if pool else ():  # ended: their times count
    child.join()
me = resource.getrusage(resource.RUSAGE_SELF)
them = resource.getrusage(resource.RUSAGE_CHILDREN)
print(me.ru_utime + me.ru_stime, them.ru_utime + them.ru_stime, file=sys.stderr)
sys.exit(code)
"""


def write_boards(path: str, count: int) -> None:
    from elzzur import get_language, random_board

    language = get_language("en")
    boards = [str(random_board(language, 4, 4, seed=seed)) for seed in range(count)]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n\n".join(boards) + "\n")


def run(folder: str, fmt: str, jobs: int, python: str) -> tuple[float, float, float, str]:
    """(wall s, parent CPU s, workers' CPU s, digest of the output) of one run, the whole
    process from its start to its end (the workers' too)."""
    out = os.path.join(folder, f"out.{fmt}")
    command = [python, "-c", WRAPPER, "solve", "-l", "en", "-b",
               os.path.join(folder, "boards.txt"), "--format", fmt, "-o", out, "--jobs", str(jobs)]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"elzzur failed: {result.stderr}")
    parent, children = map(float, result.stderr.split()[-2:])
    with open(out, "rb") as f:
        digest = hashlib.blake2b(f.read(), digest_size=16).hexdigest()
    os.remove(out)
    return wall, parent, children, digest


def run_pair(folder: str, fmt: str, python: str) -> float:
    """Wall s of two one-process runs started together, each on the whole text: what the
    machine's two cores give two processes that share nothing (their caches, memory bandwidth
    and clock do), the ceiling of ``--jobs 2``'s scaling (2 x one alone / this)."""
    commands = [[python, "-m", "elzzur", "solve", "-l", "en", "-b",
                 os.path.join(folder, "boards.txt"), "--format", fmt, "-o",
                 os.path.join(folder, f"pair{k}.{fmt}")] for k in (1, 2)]
    start = time.perf_counter()
    running = [subprocess.Popen(command, stderr=subprocess.PIPE) for command in commands]
    for process in running:
        if process.wait() != 0:
            raise SystemExit(f"elzzur failed: {process.stderr.read().decode()}")
        process.stderr.close()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--boards", type=int, default=10_000)
    parser.add_argument("-r", "--runs", type=int, default=5)
    parser.add_argument("-f", "--formats", default="jsonl,csv,text")
    parser.add_argument("--quick", action="store_true", help="200 boards, 1 run, jsonl")
    parser.add_argument("--against", action="append", default=[], metavar="PYTHON",
                        help="also run this interpreter's elzzur, interleaved (repeatable)")
    options = parser.parse_args()
    if options.quick:
        options.boards, options.runs, options.formats = 200, 1, "jsonl"
    with tempfile.TemporaryDirectory() as folder:
        write_boards(os.path.join(folder, "boards.txt"), options.boards)
        load = os.getloadavg()[0]
        print(f"## Batch: {options.boards:,} random English 4x4 boards, medians of "
              f"{options.runs} (load average {load:.2f} before)\n")
        pythons = [sys.executable] + options.against
        label = (lambda python: f"{python} | ") if options.against else (lambda python: "")
        print(f"| {'elzzur | ' if options.against else ''}format | jobs | wall s | parent CPU s | "
              "workers' CPU s | boards a second of CPU | boards a second of wall | scaling "
              "(wall 1 / wall 2) |")
        print("|---" * (9 if options.against else 8) + "|")
        for fmt in options.formats.split(","):
            times = {(python, jobs): [] for python in pythons for jobs in (1, 2)}
            pairs: dict[str, list[float]] = {python: [] for python in pythons}
            digests = set()
            for _ in range(options.runs):
                for python in pythons:  # interleaved
                    for jobs in (1, 2):
                        wall, parent, children, digest = run(folder, fmt, jobs, python)
                        times[python, jobs].append((wall, parent, children))
                        digests.add(digest)
                    pairs[python].append(run_pair(folder, fmt, python))
            if len(digests) != 1:
                raise SystemExit(f"--format {fmt}: the outputs differ between runs")
            for python in pythons:
                medians = {jobs: [statistics.median(t[k] for t in times[python, jobs])
                                  for k in range(3)] for jobs in (1, 2)}
                for jobs, (wall, parent, children) in medians.items():
                    cpu = parent + children
                    scaling = f"{medians[1][0] / wall:.2f}x" if jobs == 2 else ""
                    print(f"| {label(python)}{fmt} | {jobs} | {wall:.2f} | {parent:.2f} | "
                          f"{children:.2f} | {options.boards / cpu:,.0f} | "
                          f"{options.boards / wall:,.0f} | {scaling} |", flush=True)
                pair = statistics.median(pairs[python])
                print(f"| {label(python)}{fmt} | two runs of 1 at once | {pair:.2f} | | | | "
                      f"{2 * options.boards / pair:,.0f} | ceiling "
                      f"{2 * medians[1][0] / pair:.2f}x |", flush=True)
        print(f"\n(load average {os.getloadavg()[0]:.2f} after; {os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
