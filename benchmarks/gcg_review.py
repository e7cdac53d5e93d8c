"""How long ``scrabble --gcg`` takes to review a game whose every rack holds both blanks (issue
37: 0.43 s an event before, when every candidate of the rack was built and ranked).

The games are made here, seeded: each turn the rack is the two blanks and five tiles from the
bag, and the player puts down the highest-scoring move that keeps both blanks (so that the next
rack holds them again), else passes. Each game is written as GCG and reviewed with the built-in
English dictionary; the time of ``review`` alone is reported, per event, for each game.

    python benchmarks/gcg_review.py [--games 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from elzzur.lexicon.dictionary import load_dictionary  # noqa: E402
from elzzur.lexicon.languages import get_language  # noqa: E402
from elzzur.scrabble import load_layout, load_tile_set  # noqa: E402
from elzzur.scrabble.gcg import parse_gcg, review  # noqa: E402
from elzzur.scrabble.leaves import edition_leaves  # noqa: E402
from elzzur.scrabble.movegen import generate_moves  # noqa: E402
from elzzur.scrabble.moves import show_leave  # noqa: E402


def two_blank_game(graph, tiles, layout, seed: int, turns: int = 20) -> str:
    """A GCG record of ``turns`` events, each rack holding both blanks."""
    rng = random.Random(seed)
    bag = sorted(t for t, n in tiles.counts.items() for _ in range(n))
    rng.shuffle(bag)
    size = layout.size
    board = [[None] * size for _ in range(size)]
    lines = ["#player1 p1 One", "#player2 p2 Two"]
    totals = [0, 0]
    hands = [[bag.pop() for _ in range(5)] for _ in range(2)]
    for turn in range(turns):
        p = turn % 2
        rack: dict[str, int] = {}
        for t in hands[p]:
            rack[t] = rack.get(t, 0) + 1
        rack_text = show_leave(rack, 2)
        moves = [m for m in generate_moves(board, rack, 2, graph, tiles, layout, top=200)
                 if not any(blank for *_, blank in m.placed)]
        nick = f"p{p + 1}"
        if moves:
            move = moves[0]
            for r, c, tile, _ in move.placed:
                board[r][c] = (tile, False)
                hands[p].remove(tile)
            while len(hands[p]) < 5 and bag:
                hands[p].append(bag.pop())
            totals[p] += move.score
            lines.append(f">{nick}: {rack_text} {move.coordinate} {move.word} +{move.score} "
                         f"{totals[p]}")
        else:
            lines.append(f">{nick}: {rack_text} - +0 {totals[p]}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tiles, layout = load_tile_set("en"), load_layout("standard")
    graph = load_dictionary(None, get_language("en")).union_graph()
    leaves = edition_leaves(tiles, "en")
    per_event = []
    for k in range(args.games):
        game = parse_gcg(two_blank_game(graph, tiles, layout, args.seed + k))
        start = time.perf_counter()
        review(game, tiles, layout, graph, leaves)
        took = time.perf_counter() - start
        per_event.append(took / len(game.events))
        print(f"game {k + 1}: {len(game.events)} events, {took:.2f} s, "
              f"{1000 * took / len(game.events):.1f} ms an event")
    print(f"median {1000 * statistics.median(per_event):.1f} ms an event")


if __name__ == "__main__":
    main()
