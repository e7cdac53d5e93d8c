"""Does look-ahead play better? The simulating player (``elzzur.scrabble.simulate``: the top
candidates by equity played two plies ahead on random draws, for S seconds a move; with the bag
empty, the end-game solver for S seconds) against the static player (the best move by equity),
in whole self-play games with elzzur's own move generator, the built-in dictionary and leaves.

    python benchmarks/scrabble_sim.py --seconds 1 --pairs 40 --jobs 2
    python benchmarks/scrabble_sim.py --iterations 40 --pairs 40      # reproducible
    python benchmarks/scrabble_sim.py --quick                         # a smoke test

Games come in pairs on the same shuffled bag (seed SEED + k for pair k), the simulating player
moving first in one and second in the other. Reported: the mean spread per game (simulating
minus static) with its 95 % interval over the pairs (each pair's mean spread is one sample, the
two games sharing a bag), the win rate, the moves simulated and solved, and the time. With
``--iterations`` (a fixed number of iterations a move instead of a time) the same command gives
the same numbers; with ``--seconds`` how far each simulation gets depends on the machine and its
load. Each game runs in one process (the simulation itself in one: ``--jobs`` spreads pairs).

It uses the elzzur of this checkout (run from the repository root).
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

_STATE: dict = {}
SCORELESS_LIMIT = 6
TURN_LIMIT = 200


def _setup(code: str, seconds, iterations, top, plies, endgame, endgame_seconds,
           endgame_only=False) -> None:
    from elzzur.lexicon.dictionary import load_dictionary
    from elzzur.lexicon.languages import get_language
    from elzzur.scrabble.layout import load_layout
    from elzzur.scrabble.leaves import load_leaves
    from elzzur.scrabble.tiles import load_tile_set

    tiles = load_tile_set(code)
    _STATE.update(tiles=tiles, layout=load_layout(tiles.layout or "standard"),
                  graph=load_dictionary(None, get_language(tiles.language or code)).graph,
                  leaves=load_leaves(tiles, code), seconds=seconds, iterations=iterations,
                  top=top, plies=plies, endgame=endgame, endgame_seconds=endgame_seconds,
                  endgame_only=endgame_only)


def look_ahead(board, rack_tiles, seed: int, counts: dict):
    """The simulating player's move (the end game solved when the bag is empty)."""
    from elzzur.scrabble.endgame import rack_tuple, solve, unseen_rack
    from elzzur.scrabble.equity import Exchange
    from elzzur.scrabble.selfplay import rack_of
    from elzzur.scrabble.simulate import simulate
    from elzzur.scrabble.unseen import unseen_tiles

    s = _STATE
    rack, blanks = rack_of(rack_tiles)
    unseen = unseen_tiles(board, rack, blanks, s["tiles"])
    if unseen.end_game and unseen.total and s["endgame"]:
        result = solve(board, rack_tuple(rack, blanks), unseen_rack(unseen), s["graph"],
                       s["tiles"], s["layout"], s["endgame_seconds"])
        counts["solved"] += 1
        counts["exact"] += result.exact
        if result.line:
            move = result.line[0]
            return move if move.kind == "play" else Exchange("pass", "", "", 0.0)
    if s["endgame_only"]:  # the static player until the bag is empty
        from elzzur.scrabble.selfplay import choose

        return choose(s["leaves"], board, rack_tiles, s["graph"], s["tiles"], s["layout"])
    sim = simulate(board, rack, blanks, s["graph"], s["tiles"], s["layout"], s["leaves"],
                   top=s["top"], plies=s["plies"], seconds=s["seconds"],
                   iterations=s["iterations"], seed=seed)
    counts["simulated"] += 1
    counts["iterations"] += sim.iterations
    return sim.best or Exchange("pass", "", "", 0.0)


def play(seed: int, sim_side: int, counts: dict) -> int:
    """One game; the simulating player's spread."""
    from elzzur.scrabble.leaves import parse_leave
    from elzzur.scrabble.selfplay import choose, new_bag
    from elzzur.scrabble.tiles import BLANK

    s = _STATE
    tiles = s["tiles"]
    rng = random.Random(seed)
    bag = new_bag(tiles)
    rng.shuffle(bag)
    size = s["layout"].size
    board = [[None] * size for _ in range(size)]
    racks = [[bag.pop() for _ in range(tiles.rack_size)] for _ in range(2)]
    scores = [0, 0]
    scoreless = 0
    p = 0
    for turn in range(TURN_LIMIT):
        rack_tiles = racks[p]
        if p == sim_side:
            move = look_ahead(board, rack_tiles, seed * 1000 + turn, counts)
        else:
            move = choose(s["leaves"], board, rack_tiles, s["graph"], tiles, s["layout"])
        if move.kind == "play":
            for r, c, tile, blank in move.placed:
                board[r][c] = (tile, blank)
                rack_tiles.remove(BLANK if blank else tile)
            while len(rack_tiles) < tiles.rack_size and bag:
                rack_tiles.append(bag.pop())
            scores[p] += move.score
            scoreless = 0
            if not rack_tiles:
                left = sum(tiles.values.get(t, 0) for t in racks[1 - p])
                scores[p] += left
                scores[1 - p] -= left
                break
        else:
            if move.kind == "exchange":
                given, given_blanks = parse_leave(move.tiles)
                out = [t for t, n in given.items() for _ in range(n)] + [BLANK] * given_blanks
                for t in out:
                    rack_tiles.remove(t)
                for _ in out:
                    rack_tiles.append(bag.pop())
                bag.extend(out)
                rng.shuffle(bag)
            scoreless += 1
            if scoreless >= SCORELESS_LIMIT:
                for q in (0, 1):
                    scores[q] -= sum(tiles.values.get(t, 0) for t in racks[q])
                break
        p = 1 - p
    return scores[sim_side] - scores[1 - sim_side]


def pair(seed: int) -> tuple[int, int, dict]:
    counts = {"simulated": 0, "iterations": 0, "solved": 0, "exact": 0}
    return play(seed, 0, counts), play(seed, 1, counts), counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-l", "--language", default="en", help="edition code")
    parser.add_argument("--pairs", type=int, default=40, help="pairs of games")
    parser.add_argument("--seconds", type=float, default=None, help="seconds a move")
    parser.add_argument("--iterations", type=int, default=None,
                        help="iterations a move (reproducible; with --seconds: the first limit)")
    parser.add_argument("--top", type=int, default=10, help="candidates simulated")
    parser.add_argument("--plies", type=int, default=2, help="turns after each candidate")
    parser.add_argument("--no-endgame", action="store_true", help="simulate the end game too")
    parser.add_argument("--endgame-seconds", type=float, default=None,
                        help="the end-game solver's time a move (default: --seconds, else 1)")
    parser.add_argument("--endgame-only", action="store_true",
                        help="look ahead only once the bag is empty (the end-game solver's own "
                             "gain: the games are the same until then, so the pairs differ "
                             "only by it)")
    parser.add_argument("--seed", type=int, default=2_000_000, help="the first pair's seed")
    parser.add_argument("--jobs", type=int, default=1, help="processes (pairs in parallel)")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 1 pair, 8 iterations")
    args = parser.parse_args(argv)
    if args.quick:
        args.pairs, args.iterations, args.seconds = 1, 8, None
    if args.seconds is None and args.iterations is None:
        args.seconds = 1.0
    if args.endgame_seconds is None:
        args.endgame_seconds = args.seconds or 1.0
    budget = " and ".join(x for x in (
        f"{args.seconds:g} s" if args.seconds else "",
        f"{args.iterations} iterations" if args.iterations else "") if x)
    if args.endgame_only:
        budget = "no simulation: the static player until the bag is empty"
    ending = "simulated" if args.no_endgame else f"solved, {args.endgame_seconds:g} s"
    print(f"Simulating player ({budget} a move, top {args.top}, {args.plies} plies; end game "
          f"{ending}) against the static equity player; "
          f"{args.pairs} pairs (one bag a pair, sides swapped), seed {args.seed}, "
          f"{args.jobs} process(es); Python {platform.python_version()}\n")
    init = (args.language, args.seconds, args.iterations, args.top, args.plies,
            not args.no_endgame, args.endgame_seconds, args.endgame_only)
    seeds = range(args.seed, args.seed + args.pairs)
    started = time.time()
    results = []
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(args.jobs, _setup, init) as pool:
            for result in pool.imap(pair, seeds):
                results.append(result)
                print(f"pair {len(results)}: {result[0]:+d} {result[1]:+d}", file=sys.stderr,
                      flush=True)
    else:
        _setup(*init)
        for s in seeds:
            results.append(pair(s))
            print(f"pair {len(results)}: {results[-1][0]:+d} {results[-1][1]:+d}",
                  file=sys.stderr, flush=True)
    spreads = [x for a, b, _ in results for x in (a, b)]
    n = len(spreads)
    mean = sum(spreads) / n
    pair_means = [(a + b) / 2 for a, b, _ in results]
    var = (sum((m - mean) ** 2 for m in pair_means) / (len(pair_means) - 1)
           if len(pair_means) > 1 else float("nan"))
    half = 1.96 * math.sqrt(var / len(pair_means))
    wins = sum(1.0 if x > 0 else 0.5 if x == 0 else 0.0 for x in spreads)
    rate = wins / n
    rate_half = 1.96 * math.sqrt(rate * (1 - rate) / n)
    totals = {k: sum(c[k] for _, _, c in results) for k in results[0][2]}
    per_move = totals["iterations"] / max(1, totals["simulated"])
    print("| games | mean spread per game (95 % CI over pairs) | simulating player wins | "
          "moves simulated (iterations a move) | end games solved (exact) | time |")
    print("|---:|---:|---:|---:|---:|---:|")
    print(f"| {n} | {mean:+.1f} ± {half:.1f} | {100 * rate:.1f} % ± {100 * rate_half:.1f} | "
          f"{totals['simulated']} ({per_move:.0f}) | {totals['solved']} ({totals['exact']}) | "
          f"{time.time() - started:.0f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
