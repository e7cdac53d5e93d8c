"""Measure board generation (issue 5): how long a target takes, how far a search gets.

    python benchmarks/generate.py            # about a minute
    python benchmarks/generate.py --quick    # a smoke test

1. Time to generate a 4x4 English board with at least 200 words (letters by frequency), over
   several seeds: median and worst.
2. The highest Ruzzle score, and the highest Boggle score on the new Boggle dice, that the
   search reaches in ``--seconds`` (default 10), against the board published as the best 4x4
   Boggle board (SERS/PATG/LINE/SERS, from exhaustive searches with other word lists), scored
   here with elzzur's English dictionary.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from elzzur import get_language, load_dictionary, parse_board
from elzzur.grid.generate import Generator, LetterSource, Target, evaluate, get_dice, meet
from elzzur.grid.rules import get_rules

BEST_BOGGLE = "S E R S/P A T G/L I N E/S E R S"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=10, help="seeds for the 200-word target")
    parser.add_argument("--seconds", type=float, default=10.0, help="time for each maximisation")
    parser.add_argument("--quick", action="store_true", help="tiny inputs: a smoke test")
    args = parser.parse_args(argv)
    if args.quick:
        args.seeds, args.seconds = 2, 0.5
    language = get_language("en")
    dictionary = load_dictionary(None, language)
    generator = Generator(language, 4, 4, LetterSource(language), "elzzur")

    times = []
    for seed in range(args.seeds):
        start = time.perf_counter()
        meet(generator, Target(min_words=200), dictionary, random.Random(seed), timeout=600)
        times.append(time.perf_counter() - start)
    print("## Board generation\n")
    print(f"A 4x4 English board with at least 200 words ({args.seeds} seeds): "
          f"median {1000 * statistics.median(times):.1f} ms, worst {1000 * max(times):.1f} ms.\n")

    ruzzle = meet(generator, Target(), dictionary, random.Random(1), timeout=args.seconds,
                  maximize="score")
    boggle_rules = get_rules("boggle")
    dice = Generator(language, 4, 4, LetterSource(language, dice=get_dice("new", language)), "none")
    boggle = meet(dice, Target(), dictionary, random.Random(1), timeout=args.seconds,
                  rules=boggle_rules, maximize="score")
    letters = Generator(language, 4, 4, LetterSource(language), "none")
    free = meet(letters, Target(), dictionary, random.Random(1), timeout=args.seconds,
                rules=boggle_rules, maximize="score")
    published = evaluate(parse_board(BEST_BOGGLE, language), dictionary, language, boggle_rules)
    print(f"| best found in {args.seconds:g} s | score | words | board |")
    print("|---|---:|---:|---|")
    for label, stats in [("Ruzzle (bonus tiles drawn as elzzur did)", ruzzle),
                         ("Boggle on the new dice", boggle),
                         ("Boggle, any letters (by frequency)", free),
                         ("the published best Boggle board", published)]:
        print(f"| {label} | {stats.score} | {stats.words} | {' / '.join(stats.board.token_rows())} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
