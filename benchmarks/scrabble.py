"""Time the Scrabble move generator (Appel & Jacobson over the word graph) on mid-game
positions, beside a brute-force generator in the same run.

    python benchmarks/scrabble.py            # 5 positions, 3 racks each of 0, 1 and 2 blanks
    python benchmarks/scrabble.py -l es      # another edition (default: en)
    python benchmarks/scrabble.py --quick    # a smoke test: 2 positions, fewer repetitions

Positions are built deterministically: from an empty board, racks drawn from the edition's bag
with a fixed seed, the best move played each ply (8 to 12 plies). For each position, racks
without blanks, with one and with two blanks (drawn from what is left in the bag) are timed
with ``generate_moves`` (median over repetitions, in-process, the dictionary already loaded),
for every move and for the best ten (what ``elzzur scrabble`` prints), with the search in the
C core (where it is built) and in pure Python, side by side rack by rack.
The brute-force generator (every ordered choice of rack tiles from every square, checked
against a set of words) is timed on a 7x7 sub-board of the first position with a 4-tile rack,
next to the pure-Python Appel & Jacobson on the same input, for the ratio; both must agree.

It uses the elzzur of this checkout (run from the repository root, or with it on PYTHONPATH).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from elzzur.scrabble.layout import Layout, load_layout  # noqa: E402
from elzzur.scrabble.movegen import generate_moves  # noqa: E402
from elzzur.scrabble.reference import brute_force_moves  # noqa: E402
from elzzur.scrabble.tiles import BLANK, load_tile_set  # noqa: E402


def edition_graph(tiles):
    """The edition's built-in dictionary."""
    from elzzur.lexicon.dictionary import load_dictionary
    from elzzur.lexicon.languages import get_language

    return load_dictionary(None, get_language(tiles.language)).graph


def bag_of(tiles) -> list[str]:
    bag = [t for t, n in tiles.counts.items() for _ in range(n)] + [BLANK] * tiles.blanks
    return sorted(bag)


def draw(rng: random.Random, bag: list[str], n: int) -> list[str]:
    out = []
    for _ in range(min(n, len(bag))):
        out.append(bag.pop(rng.randrange(len(bag))))
    return out


def rack_of(tiles_list):
    rack: dict[str, int] = {}
    blanks = 0
    for t in tiles_list:
        if t == BLANK:
            blanks += 1
        else:
            rack[t] = rack.get(t, 0) + 1
    return rack, blanks


def build_position(seed: int, plies: int, graph, tiles, layout):
    """A board after ``plies`` best moves from an empty board, and what is left in the bag."""
    rng = random.Random(seed)
    bag = bag_of(tiles)
    board = [[None] * layout.size for _ in range(layout.size)]
    rack_tiles = draw(rng, bag, tiles.rack_size)
    for _ in range(plies):
        rack, blanks = rack_of(rack_tiles)
        moves = generate_moves(board, rack, blanks, graph, tiles, layout)
        if not moves:  # exchange everything
            bag.extend(rack_tiles)
            bag.sort()
            rack_tiles = draw(rng, bag, tiles.rack_size)
            continue
        move = moves[0]
        for r, c, t, b in move.placed:
            board[r][c] = (t, b)
            rack_tiles.remove(BLANK if b else t)
        rack_tiles += draw(rng, bag, tiles.rack_size - len(rack_tiles))
    # the blanks go back into the bag's pool for the racks we time, the rest of the bag stays
    bag = [t for t in bag if t != BLANK]
    return board, bag


def racks_for(seed: int, bag: list[str], blanks: int, n: int, size: int = 7):
    rng = random.Random(seed * 1000 + blanks)
    out = []
    for _ in range(n):
        pool = list(bag)
        out.append(rack_of(draw(rng, pool, size - blanks) + [BLANK] * blanks))
    return out


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def show_board(board) -> str:
    return "\n".join("".join("." if sq is None else (sq[0].lower() if sq[1] else sq[0])
                             for sq in row) for row in board)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke test on fewer inputs")
    parser.add_argument("-n", "--positions", type=int, default=5)
    parser.add_argument("-k", "--racks", type=int, default=3, help="racks per position and kind")
    parser.add_argument("-r", "--repeat", type=int, default=5)
    parser.add_argument("--print-positions", action="store_true")
    parser.add_argument("-l", "--edition", default="en", help="the tile set (default: en)")
    args = parser.parse_args(argv)
    if args.quick:
        args.positions, args.racks, args.repeat = 2, 1, 1

    tiles = load_tile_set(args.edition)
    layout = load_layout(tiles.layout or "standard")
    graph = edition_graph(tiles)

    positions = []
    for i in range(args.positions):
        seed = 7 + i
        plies = 8 + i % 5  # 8 to 12 plies
        board, bag = build_position(seed, plies, graph, tiles, layout)
        positions.append((seed, plies, board, bag))
        if args.print_positions:
            print(f"seed {seed}, {plies} plies:\n{show_board(board)}\n")

    from elzzur.grid.solver import backend

    # every move (the API's generate_moves), and the ten best (what `elzzur scrabble` prints),
    # with the C core where it is built, and in pure Python
    ways = [("python", None), ("python", 10)]
    if backend() == "c":
        ways = [("c", None), ("c", 10)] + ways
    rows = []
    for blanks in (0, 1, 2):
        times = {way: [] for way in ways}
        counts = []
        for seed, plies, board, bag in positions:
            for rack, nb in racks_for(seed, bag, blanks, args.racks):
                moves = generate_moves(board, rack, nb, graph, tiles, layout, use="python")
                counts.append(len(moves))
                for use, top in ways:  # side by side, rack by rack: the same machine load
                    times[use, top].append(median_time(
                        lambda: generate_moves(board, rack, nb, graph, tiles, layout, top=top,
                                               use=use), args.repeat))
        rows.append((blanks, len(counts), statistics.median(counts),
                     [(statistics.median(times[w]), max(times[w])) for w in ways]))

    # brute force against fast on a 7x7 corner around the first position's centre
    seed, plies, board, bag = positions[0]
    small = [row[4:11] for row in board[4:11]]
    small_layout = Layout([row[4:11] for row in layout.rows[4:11]], "7x7", tiles.bingo)
    words = {w for w in graph if 2 <= len(w) <= 7}
    brute_rack = racks_for(seed, bag, 0, 1, size=4)[0]
    rack, nb = brute_rack
    fast = generate_moves(small, rack, nb, graph, tiles, small_layout, use="python")
    brute = brute_force_moves(small, rack, nb, words, tiles, small_layout)
    agree = sorted({(m.direction, frozenset(m.placed), m.score) for m in fast}, key=repr) == brute
    t_fast = median_time(lambda: generate_moves(small, rack, nb, graph, tiles, small_layout,
                                                use="python"), max(args.repeat, 3))
    t_brute = median_time(lambda: brute_force_moves(small, rack, nb, words, tiles, small_layout),
                          1 if args.quick else 3)

    print(f"Scrabble move generation, {tiles.name}, {layout.name} layout; {len(positions)} positions "
          f"(8-12 best-move plies, seeds 7..{6 + len(positions)}), median of {args.repeat} runs "
          f"per rack; Python {sys.version.split()[0]}\n")
    heads = {("c", None): "C, all moves", ("c", 10): "C, best 10",
             ("python", None): "Python, all moves", ("python", 10): "Python, best 10"}
    print("Median and slowest time per rack:\n")
    print("| rack | racks | median moves | " + " | ".join(heads[w] for w in ways) + " |")
    print("|---|---:|---:|" + "---:|" * len(ways))
    names = {0: "no blank", 1: "one blank", 2: "two blanks"}
    for blanks, n, moves, cells in rows:
        print(f"| {names[blanks]} | {n} | {moves:.0f} | " + " | ".join(
            f"{med * 1000:.1f} / {worst * 1000:.0f} ms" for med, worst in cells) + " |")
    rack_text = "".join(t for t in sorted(rack) for _ in range(rack[t])) + BLANK * nb
    print(f"\n| 7x7 sub-board, rack {rack_text} | time | moves |")
    print("|---|---:|---:|")
    print(f"| Appel & Jacobson, pure Python | {t_fast * 1000:.2f} ms | {len(fast)} |")
    print(f"| brute force | {t_brute * 1000:.0f} ms | {len(brute)} |")
    print(f"| ratio | {t_brute / t_fast:.0f}x | agree: {'yes' if agree else 'NO'} |")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
