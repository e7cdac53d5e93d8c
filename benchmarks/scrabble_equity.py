"""Does equity play better? The equity player (best move by score plus leave value, exchanges
when they rank best, the end-game rule: ``elzzur.scrabble.equity``) against the score-greedy
player, in whole self-play games with elzzur's own move generator and the edition's built-in
dictionary.

    python benchmarks/scrabble_equity.py -l en --games 2000 --jobs 2
    python benchmarks/scrabble_equity.py -l en fr de --games 2000 --jobs 2
    python benchmarks/scrabble_equity.py --quick          # a smoke test: a few games

Games come in pairs on the same shuffled bag (seed SEED + k for pair k), the equity player
moving first in one and second in the other, so neither the first move nor the luck of the draw
favours one side. Reported per edition: the mean point spread per game (equity player's score
minus the greedy player's) and the win rate (a tie counts half), each with its 95 % confidence
interval (normal approximation; the spread's from the variance of the pairs' mean spreads, the
games of a pair sharing a bag), and the time. Seeded: the same command gives the same numbers.

It uses the elzzur of this checkout (run from the repository root).
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

_STATE: dict = {}


def _setup(code: str) -> None:
    from elzzur.lexicon.dictionary import load_dictionary
    from elzzur.lexicon.languages import get_language
    from elzzur.scrabble.layout import load_layout
    from elzzur.scrabble.leaves import load_leaves
    from elzzur.scrabble.tiles import load_tile_set

    tiles = load_tile_set(code)
    _STATE.update(tiles=tiles, layout=load_layout(tiles.layout or "standard"),
                  graph=load_dictionary(None, get_language(tiles.language or code)).graph,
                  leaves=load_leaves(tiles, code))


def pair(seed: int) -> tuple[int, int]:
    """The equity player's spread in the two games of one bag: first, then second to move."""
    from elzzur.scrabble.selfplay import play_game

    s = _STATE
    one = play_game(s["graph"], s["tiles"], s["layout"], (s["leaves"], None), seed)
    two = play_game(s["graph"], s["tiles"], s["layout"], (None, s["leaves"]), seed)
    return one.scores[0] - one.scores[1], two.scores[1] - two.scores[0]


def progress(code: str, done: int, pairs: int) -> None:
    if done % 50 == 0 or done == pairs:
        print(f"{code}: {2 * done}/{2 * pairs} games", file=sys.stderr, flush=True)


def run(code: str, games: int, seed: int, jobs: int) -> dict:
    pairs = max(1, games // 2)
    seeds = range(seed, seed + pairs)
    started = time.time()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs, _setup, (code,)) as pool:
            results = []
            for result in pool.imap(pair, seeds, chunksize=4):
                results.append(result)
                progress(code, len(results), pairs)
    else:
        _setup(code)
        results = []
        for s in seeds:
            results.append(pair(s))
            progress(code, len(results), pairs)
    spreads = [x for p in results for x in p]
    n = len(spreads)
    mean = sum(spreads) / n
    pair_means = [(a + b) / 2 for a, b in results]
    var_pairs = (sum((m - mean) ** 2 for m in pair_means) / (len(pair_means) - 1)
                 if len(pair_means) > 1 else 0.0)
    half_spread = 1.96 * math.sqrt(var_pairs / len(pair_means))
    wins = sum(1.0 if x > 0 else 0.5 if x == 0 else 0.0 for x in spreads)
    rate = wins / n
    half_rate = 1.96 * math.sqrt(rate * (1 - rate) / n)
    return {"code": code, "games": n, "mean": mean, "ci": half_spread, "rate": rate,
            "rate_ci": half_rate, "seconds": time.time() - started}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-l", "--language", nargs="+", default=["en"], help="edition codes")
    parser.add_argument("--games", type=int, default=2000, help="games per edition (pairs x 2)")
    parser.add_argument("--seed", type=int, default=1_000_000, help="the first pair's seed "
                        "(apart from the training games' seeds, 1 and up)")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 4 games")
    args = parser.parse_args(argv)
    games = 4 if args.quick else args.games
    print(f"Equity player against the score-greedy player; {games} games per edition (pairs "
          f"on one bag, sides swapped), seed {args.seed}; Python {platform.python_version()}\n")
    print("| edition | games | mean spread per game (95 % CI) | equity player wins (95 % CI) "
          "| time |")
    print("|---|---:|---:|---:|---:|")
    for code in args.language:
        r = run(code, games, args.seed, args.jobs)
        print(f"| {code} | {r['games']} | {r['mean']:+.1f} ± {r['ci']:.1f} | "
              f"{100 * r['rate']:.1f} % ± {100 * r['rate_ci']:.1f} | {r['seconds']:.0f} s |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
