"""How fast ``elzzur hunt`` reaches the published best boards (hybrid-boggle's, with ENABLE2K
and Boggle scoring), over seeds; and how many boards a core scores a second.

    python benchmarks/hunt.py --words enable2k.txt [--seeds 10] [--jobs 2] [--sizes 3x3,3x4,4x4]

ENABLE2K is public domain; hybrid-boggle's repository has it as ``wordlists/enable2k.txt``
(173,528 words; BLAKE2b below). The known bests: 3x3 ``STREAEDLP`` 545, 3x4 ``PERSLATESIND``
1651, 4x4 ``PERSLATGSINETERS`` 3625 (proven optimal by hybrid-boggle's branch and bound). The
seeds are 1..N, not tuned to: each run stops at the best board's score or at its time limit
(the issue's: 20 s, 120 s, 120 s), and the report gives, per size, how many seeds reached it,
the median time (wall and CPU, all processes), and the load of the machine at the start and
end, since a shared machine's wall clock says as much about the others as about this.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from elzzur.grid.board import Board, Cell  # noqa: E402
from elzzur.grid.hunt import hunt  # noqa: E402
from elzzur.grid.rules import get_rules  # noqa: E402
from elzzur.grid.solver import find_words  # noqa: E402
from elzzur.lexicon.dictionary import load_dictionary  # noqa: E402
from elzzur.lexicon.languages import get_language  # noqa: E402

KNOWN = {"3x3": ("STREAEDLP", 545, 20.0), "3x4": ("PERSLATESIND", 1651, 120.0),
         "4x4": ("PERSLATGSINETERS", 3625, 120.0)}


def cpu_seconds() -> float:
    """User + system time of this process and of its children that have ended."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def load() -> str:
    return "load %.1f %.1f %.1f" % os.getloadavg()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", required=True, help="ENABLE2K word list")
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pool", type=int, default=250)
    parser.add_argument("--sizes", default="3x3,3x4,4x4")
    parser.add_argument("--limit-scale", type=float, default=1.0,
                        help="multiply the time limits (a loaded machine)")
    parser.add_argument("--scaling", type=float, metavar="SECONDS",
                        help="instead: boards scored a second (wall and CPU) by 4x4 hunts of "
                             "SECONDS with --jobs 1 to --jobs, no target")
    args = parser.parse_args()
    digest = hashlib.blake2b(Path(args.words).read_bytes(), digest_size=16).hexdigest()
    en = get_language("en")
    dictionary = load_dictionary(args.words, en)
    rules = get_rules("boggle")
    print(f"# {args.words}: blake2b-128 {digest}; {os.cpu_count()} CPUs; {load()}")
    if args.scaling:
        base = None
        for jobs in range(1, args.jobs + 1):
            cpu0, wall0 = cpu_seconds(), time.monotonic()
            found = hunt(dictionary, en, rules, 4, 4, seconds=args.scaling, seed=1, jobs=jobs,
                         pool=args.pool, keep=1)
            wall, cpu = time.monotonic() - wall0, cpu_seconds() - cpu0
            rate = found.scored / wall
            base = base or rate
            print(f"--jobs {jobs}: {found.scored:,} boards in {wall:.1f} s: {rate:,.0f} a second "
                  f"({rate / base:.2f}x), {found.scored / cpu:,.0f} a CPU-second; {load()}",
                  flush=True)
        return
    for size in args.sizes.split(","):
        text, best, limit = KNOWN[size]
        rows, cols = map(int, size.split("x"))
        board = Board(rows, cols, tuple(map(Cell, text)))
        check = sum(r[1] for r in find_words(board, dictionary, en, rules=rules))
        assert check == best, f"{size} {text} scores {check}, not {best}: not ENABLE2K?"
        walls, cpus, rates, reached = [], [], [], 0
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            cpu0, wall0 = cpu_seconds(), time.monotonic()
            found = hunt(dictionary, en, rules, rows, cols, seconds=limit * args.limit_scale,
                         target=best, seed=seed, jobs=args.jobs, pool=args.pool, keep=1)
            wall, cpu = time.monotonic() - wall0, cpu_seconds() - cpu0
            score = found.boards[0][1]
            ok = score >= best
            reached += ok
            walls.append(wall if ok else float("inf"))
            cpus.append(cpu if ok else float("inf"))
            rates.append(found.scored / cpu if cpu else 0)
            print(f"{size} seed {seed}: {'reached' if ok else 'missed '} {score} in {wall:.1f} s "
                  f"wall, {cpu:.1f} s CPU; {found.scored:,} boards, {found.climbs} climbs done; "
                  f"{load()}", flush=True)
        print(f"## {size}: {reached}/{args.seeds} seeds reached {best} within "
              f"{limit * args.limit_scale:g} s (--jobs {args.jobs}); median time {_median(walls)} "
              f"wall, {_median(cpus)} CPU; boards scored a CPU-second: median "
              f"{statistics.median(rates):,.0f}", flush=True)


def _median(values: list[float]) -> str:
    value = statistics.median(values)
    return "over the limit" if value == float("inf") else f"{value:.1f} s"


if __name__ == "__main__":
    main()
