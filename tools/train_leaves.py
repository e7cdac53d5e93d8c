"""Learn the leave values of Scrabble editions by self-play, and write them to
``elzzur/res/scrabble/leaves/<edition>.txt`` (the data ``elzzur.scrabble.leaves`` reads).

    python tools/train_leaves.py --only en --games 2500            # one edition
    python tools/train_leaves.py --games 600 --jobs 2               # every edition
    python tools/train_leaves.py --only en --games 50 --out /tmp/x  # a quick look elsewhere
    python tools/train_leaves.py --only tr --transfer-from en       # no self-play (a stop-gap)

The method (docs/scrabble-equity.md says it at more length):

1. Games: two score-greedy players (``elzzur.scrabble.selfplay``) with the edition's built-in
   dictionary, game k seeded with SEED + k, so a rebuild gives the same file. Greedy players
   keep whatever their best-scoring move leaves, so the leaves seen are not picked for their
   value, which is what makes their averages fair.
2. Observations: for each move after which the bag still held a rack's worth of tiles (the game
   is not yet in its end phase), the leave kept and the points the same player scored on their
   next turn (0 for an exchange or a pass).
3. The feature model: a weighted ridge regression of the next turn's points on the leave's
   features (``elzzur.scrabble.leaves.features``), with an intercept that the empty leave takes:
   a leave's value is what it adds to the next turn over drawing a whole new rack.
4. The table: each leave's own average over the intercept, shrunk toward the model by
   n / (n + k), where k is the ratio of the noise in one observation to the spread of true
   leave values around the model (estimated from the data, empirical Bayes). Only leaves seen at
   least MIN_SEEN times whose value differs from the model's by at least half a point are
   written; the model values the rest.

It uses the elzzur of this checkout (run from the repository root).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from elzzur.scrabble.leaves import features, leaves_path, write_leaves  # noqa: E402
from elzzur.scrabble.tiles import available_tile_sets, load_tile_set  # noqa: E402

MIN_SEEN = 30  # a leave seen fewer times is left to the model
MIN_DIFFERENCE = 0.5  # points: a table entry closer to the model than this is left out
RIDGE = 50.0  # the ridge penalty, in observations' weight: keeps rare features' weights small

_STATE: dict = {}


def _setup(code: str) -> None:
    from elzzur.lexicon.dictionary import load_dictionary
    from elzzur.lexicon.languages import get_language
    from elzzur.scrabble.layout import load_layout

    tiles = load_tile_set(code)
    _STATE.update(code=code, tiles=tiles, layout=load_layout(tiles.layout or "standard"),
                  graph=load_dictionary(None, get_language(tiles.language or code)).graph)


def observations(seed: int) -> list[tuple[str, int]]:
    """(leave, the same player's next turn's points) of one greedy self-play game."""
    from elzzur.scrabble.selfplay import play_game

    s = _STATE
    game = play_game(s["graph"], s["tiles"], s["layout"], (None, None), seed)
    rack_size = s["tiles"].rack_size
    out = []
    turns = game.turns
    for i, turn in enumerate(turns):
        if turn.bag < rack_size:
            continue
        following = next((t for t in turns[i + 1:] if t.player == turn.player), None)
        if following is not None:
            out.append((turn.leave, following.score))
    return out


def collect(code: str, games: int, seed: int, jobs: int) -> dict[str, list[float]]:
    """Per leave: [count, sum, sum of squares] of the next turn's points."""
    stats: dict[str, list[float]] = {}
    seeds = range(seed, seed + games)
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs, _setup, (code,)) as pool:
            for done, obs in enumerate(pool.imap(observations, seeds, chunksize=8), 1):
                add(stats, obs)
                progress(code, done, games)
    else:
        _setup(code)
        for done, s in enumerate(seeds, 1):
            add(stats, observations(s))
            progress(code, done, games)
    return stats


def progress(code: str, done: int, games: int) -> None:
    if done % 100 == 0 or done == games:
        print(f"{code}: {done}/{games} games", file=sys.stderr, flush=True)


def add(stats, obs) -> None:
    for leave, y in obs:
        entry = stats.get(leave)
        if entry is None:
            entry = stats[leave] = [0, 0.0, 0.0]
        entry[0] += 1
        entry[1] += y
        entry[2] += y * y


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small: one row a feature)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                row, prow = a[r], a[col]
                for k in range(col, n + 1):
                    row[k] -= f * prow[k]
    return [a[i][n] / a[i][i] if abs(a[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit(stats, tiles) -> tuple[float, dict[str, float]]:
    """The intercept and the feature weights: ridge regression weighted by observations."""
    rows = []
    names: dict[str, int] = {"": 0}  # the intercept
    from elzzur.scrabble.leaves import parse_leave

    for leave, (n, total, _) in stats.items():
        x = features(*parse_leave(leave))
        for name in x:
            names.setdefault(name, len(names))
        rows.append((n, total / n, x))
    size = len(names)
    xtx = [[0.0] * size for _ in range(size)]
    xty = [0.0] * size
    for n, mean, x in rows:
        idx = [(0, 1.0)] + [(names[k], v) for k, v in x.items()]
        for i, vi in idx:
            xty[i] += n * vi * mean
            row = xtx[i]
            for j, vj in idx:
                row[j] += n * vi * vj
    for i in range(1, size):
        xtx[i][i] += RIDGE
    w = solve(xtx, xty)
    return w[0], {name: w[i] for name, i in names.items() if i and abs(w[i]) >= 0.005}


def train(code: str, games: int, seed: int, jobs: int, out_dir: str | None) -> str:
    from elzzur.scrabble.leaves import LeaveValues, parse_leave

    tiles = load_tile_set(code)
    started = time.time()
    stats = collect(code, games, seed, jobs)
    intercept, weights = fit(stats, tiles)
    model = LeaveValues({}, weights)
    observed = sum(e[0] for e in stats.values())
    # empirical Bayes: noise of one observation (pooled within-leave variance) against the
    # spread of leaves' true values around the model (from the well-seen leaves)
    within_num = within_den = 0.0
    spread = []
    for leave, (n, total, squares) in stats.items():
        if n >= 2:
            within_num += squares - total * total / n
            within_den += n - 1
    sigma2 = within_num / within_den if within_den else 100.0
    for leave, (n, total, _) in stats.items():
        if n >= 100 and leave:
            residual = total / n - intercept - model.model(*parse_leave(leave))
            spread.append(residual * residual - sigma2 / n)
    tau2 = max(sum(spread) / len(spread), 0.25) if spread else 1.0
    k = sigma2 / tau2
    table = {}
    for leave, (n, total, _) in stats.items():
        if not leave or n < MIN_SEEN:
            continue
        base = model.model(*parse_leave(leave))
        value = base + n / (n + k) * (total / n - intercept - base)
        if abs(value - base) >= MIN_DIFFERENCE:
            table[leave] = round(value, 1)
    header = (f"Leave values of the {tiles.name} edition ({code}), learned by self-play: "
              f"tools/train_leaves.py --only {code} --games {games} --seed {seed}\n"
              f"{games} greedy games, {observed} observations of {len(stats)} leaves; "
              f"baseline {intercept:.2f} points a turn; noise {sigma2:.0f}, spread {tau2:.2f}, "
              f"shrinkage k = {k:.1f}\n"
              f"{len(table)} leaves seen at least {MIN_SEEN} times and {MIN_DIFFERENCE} points off "
              f"the model; the model (@ lines) values the rest. See docs/scrabble-equity.md.")
    path = os.path.join(out_dir, f"{code}.txt") if out_dir else leaves_path(code)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    write_leaves(path, table, weights, header)
    print(f"{code}: {games} games in {time.time() - started:.0f} s, {observed} observations, "
          f"{len(stats)} leaves, {len(table)} in the table, {len(weights)} weights, "
          f"k = {k:.1f}; {os.path.getsize(path)} bytes -> {path}", flush=True)
    return path


def transfer(code: str, source: str, out_dir: str | None) -> str:
    """An edition's leave file without self-play: the feature model of ``source`` (a trained
    edition), each tile's weights taken from the same tile there, else from the source's tile
    of the nearest value (then the nearest share of the bag). The generic features (size,
    balance, no vowel, Q without U, blanks) carry over as they are. A stop-gap, said so in the
    file's header, for when there was no time to train."""
    from elzzur.scrabble.leaves import read_leaves

    tiles, src_tiles = load_tile_set(code), load_tile_set(source)
    src_path = os.path.join(out_dir or "", f"{source}.txt")
    if not out_dir or not os.path.isfile(src_path):
        src_path = leaves_path(source)  # the shipped one
    src = read_leaves(src_path)
    total = sum(tiles.counts.values())
    src_total = sum(src_tiles.counts.values())
    weights = {k: v for k, v in src.weights.items() if not k.startswith(("has:", "dup:"))
               or k in ("has:?", "dup:?")}
    for tile in tiles.values:
        if tile in src_tiles.values:
            match = tile
        else:
            match = min(src_tiles.values, key=lambda t: (
                abs(src_tiles.values[t] - tiles.values[tile]),
                abs(src_tiles.counts[t] / src_total - tiles.counts[tile] / total), t))
        for kind in ("has:", "dup:"):
            if kind + match in src.weights:
                weights[kind + tile] = src.weights[kind + match]
    header = (f"Leave values of the {tiles.name} edition ({code}): NOT learned by self-play "
              f"for this edition: tools/train_leaves.py --only {code} --transfer-from {source}\n"
              f"the {src_tiles.name} feature model, each tile's weights from the same tile, "
              f"else the {source} tile of the nearest value; train it to replace this.")
    path = os.path.join(out_dir, f"{code}.txt") if out_dir else leaves_path(code)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    write_leaves(path, {}, weights, header)
    print(f"{code}: transferred from {source}; {os.path.getsize(path)} bytes -> {path}")
    return path


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", help="edition codes (default: every edition)")
    parser.add_argument("--games", type=int, default=2500, help="self-play games per edition")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1, help="processes (at most 2 here)")
    parser.add_argument("--out", help="a folder to write to instead of elzzur/res")
    parser.add_argument("--transfer-from", metavar="EDITION",
                        help="no self-play: map this trained edition's model onto the tiles")
    args = parser.parse_args(argv)
    for code in args.only or available_tile_sets():
        if args.transfer_from:
            transfer(code, args.transfer_from, args.out)
        else:
            train(code, args.games, args.seed, args.jobs, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
