"""What ranking by equity costs: the ten best moves by score (``generate_moves(top=10)``, what
``elzzur scrabble`` printed before equity) against the ten best by equity and by score through
``elzzur.scrabble.equity.ranked`` (leave values, exchanges; by equity, the move generator ranks
with the rack's leave values and builds only the best), on the positions and racks of
``benchmarks/scrabble.py``; and the command line's one-shot time, ``--rank score`` against the
default.

    python benchmarks/scrabble_rank.py            # 5 positions x 3 racks of 0, 1, 2 blanks
    python benchmarks/scrabble_rank.py --quick    # a smoke test

In-process times are medians of CPU time (``time.process_time``) over repetitions, the three
ways taking turns rack by rack; the command line's are wall-clock medians of interleaved runs. It uses the elzzur of this checkout (run from the repository root).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

from scrabble import build_position, edition_graph, racks_for  # noqa: E402

from elzzur.scrabble.equity import Evaluator, ranked  # noqa: E402
from elzzur.scrabble.layout import load_layout  # noqa: E402
from elzzur.scrabble.leaves import load_leaves  # noqa: E402
from elzzur.scrabble.movegen import generate_moves  # noqa: E402
from elzzur.scrabble.position import to_cgp  # noqa: E402
from elzzur.scrabble.tiles import load_tile_set  # noqa: E402
from elzzur.scrabble.unseen import unseen_tiles  # noqa: E402


def median_times(fns, repeat: int) -> list[float]:
    """The median CPU time (``time.process_time``) of ``repeat`` calls of each of ``fns``, the
    calls taking turns (so that a busy moment of a machine others share falls on all of them
    alike; and time spent waiting for a core is not the code's)."""
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for fn, kept in zip(fns, times):
            t0 = time.process_time()
            fn()
            kept.append(time.process_time() - t0)
    return [statistics.median(kept) for kept in times]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("-n", "--positions", type=int, default=5)
    parser.add_argument("-k", "--racks", type=int, default=3)
    parser.add_argument("-r", "--repeat", type=int, default=5)
    parser.add_argument("--cli-runs", type=int, default=15)
    parser.add_argument("-l", "--edition", default="en")
    args = parser.parse_args(argv)
    if args.quick:
        args.positions, args.racks, args.repeat, args.cli_runs = 2, 1, 1, 2
    tiles = load_tile_set(args.edition)
    layout = load_layout(tiles.layout or "standard")
    graph = edition_graph(tiles)
    leaves = load_leaves(tiles, args.edition)
    ways = ("score top 10 (before)", "ranked by score", "ranked by equity")
    times = {w: [] for w in ways}
    jobs = 0
    for i in range(args.positions):
        board, bag = build_position(7 + i, 8 + i % 5, graph, tiles, layout)
        for blanks in (0, 1, 2):
            for rack, nb in racks_for(7 + i, bag, blanks, args.racks):
                unseen = unseen_tiles(board, rack, nb, tiles)

                def generate(n, values=None):
                    return generate_moves(board, rack, nb, graph, tiles, layout, top=n,
                                          leaves=values)

                def by(rank):
                    return ranked(generate, rack, nb, Evaluator(leaves, unseen, tiles), 10, rank)

                jobs += 1
                fns = (lambda: generate(10), lambda: by("score"), lambda: by("equity"))
                for way, median in zip(ways, median_times(fns, args.repeat)):
                    times[way].append(median)
    print(f"Ranking the ten best Scrabble moves, {tiles.name}: {jobs} position x rack jobs "
          f"(benchmarks/scrabble.py's), median of {args.repeat} runs each; Python "
          f"{sys.version.split()[0]}\n")
    # vs before: the medians' ratio, and the median of each job's own ratio (a job's ways ran
    # taking turns, so its ratio is the least disturbed by a busy machine)
    print("| way | median per job | total | vs before | vs before, job by job (median) |")
    print("|---|---:|---:|---:|---:|")
    base = statistics.median(times[ways[0]])
    for way in ways:
        med = statistics.median(times[way])
        ratio = statistics.median(t / b for t, b in zip(times[way], times[ways[0]]))
        print(f"| {way} | {med * 1000:.2f} ms | {sum(times[way]):.2f} s | {med / base:.2f}x "
              f"| {ratio:.2f}x |")
    print()
    # the command line, one shot: a mid-game position from the first job
    board, _ = build_position(7, 8, graph, tiles, layout)
    text = "\n".join("".join("." if sq is None else (tiles.lower[sq[0]] if sq[1] else sq[0])
                             for sq in row) for row in board)
    cgp = to_cgp(text, "AEINST?")
    exe = [sys.executable, "-m", "elzzur", "scrabble", "-l", args.edition, "--cgp", cgp]
    one = {}
    for name, extra in (("--rank score", ["--rank", "score"]), ("default (equity)", [])):
        one[name] = []
    for _ in range(args.cli_runs):
        for name, extra in (("--rank score", ["--rank", "score"]), ("default (equity)", [])):
            t0 = time.perf_counter()
            subprocess.run(exe + extra, check=True, capture_output=True,
                           cwd=os.path.join(HERE, ".."))
            one[name].append(time.perf_counter() - t0)
    print("| elzzur scrabble --cgp … (rack AEINST?) | median one-shot |")
    print("|---|---:|")
    for name, ts in one.items():
        print(f"| {name} | {statistics.median(ts) * 1000:.0f} ms |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
