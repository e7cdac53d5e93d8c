"""Time elzzur's solver against the original design, side by side in one run.

    python benchmarks/run.py                    # all languages, 4x4 / 5x5 / 10x10 boards
    python benchmarks/run.py -l en -n 5 -r 3    # a quick run

Boards are drawn by `random_board` (the language's letter frequencies, elzzur's bonus draw) with
fixed seeds, so every run solves the same boards. For each size, both solvers solve every board
``-r`` times; the table shows the median per-board time and the ratio baseline / elzzur. The
answers are compared first: a benchmark of a solver that gives other answers means nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import baseline_solve  # noqa: E402

from elzzur import available_languages, get_language, load_dictionary, random_board, solve  # noqa: E402

SIZES = {"4x4": (4, 4, 1.0), "5x5": (5, 5, 0.6), "10x10": (10, 10, 0.1)}


def per_board(function, boards, repeats: int) -> float:
    """Median over ``repeats`` runs of the mean time per board, in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for board in boards:
            function(board)
        times.append((time.perf_counter() - start) / len(boards) * 1000)
    return statistics.median(times)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-l", "--languages", default=",".join(available_languages()),
                        help="comma-separated language codes (default: all)")
    parser.add_argument("-n", "--boards", type=int, default=20,
                        help="4x4 boards per language (fewer for larger sizes; default: 20)")
    parser.add_argument("-r", "--repeats", type=int, default=5, help="repetitions (default: 5)")
    args = parser.parse_args(argv)
    print(f"{'lang':<5} {'size':<6} {'boards':>6} {'elzzur ms':>10} {'baseline ms':>12} {'ratio':>6}")
    for code in args.languages.split(","):
        language = get_language(code)
        dictionary = load_dictionary(None, language)
        for size, (rows, cols, share) in SIZES.items():
            count = max(1, round(args.boards * share))
            boards = [random_board(language, rows, cols, seed=seed) for seed in range(count)]
            for board in boards:
                ours = {f.word: (f.score, f.path) for f in solve(board, dictionary, language)}
                if ours != baseline_solve(board, dictionary.trie, language):
                    raise SystemExit(f"{code} {size}: the solvers disagree on {board.token_rows()}")
            fast = per_board(lambda b: solve(b, dictionary, language), boards, args.repeats)
            slow = per_board(lambda b: baseline_solve(b, dictionary.trie, language), boards,
                             args.repeats)
            print(f"{code:<5} {size:<6} {count:>6} {fast:>10.2f} {slow:>12.2f} {slow / fast:>6.1f}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
